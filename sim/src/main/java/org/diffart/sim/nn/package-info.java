/**
 * Small dense networks written for speed at reinforcement-learning sizes: multilayer perceptrons
 * with their backward pass, Adam over flat parameter arrays, the squashed Gaussian policy and a
 * probabilistic ensemble. Knows nothing of simulation.
 */
package org.diffart.sim.nn;
