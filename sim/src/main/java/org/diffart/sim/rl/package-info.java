/**
 * Environments with Gymnasium's conventions ({@link org.diffart.sim.rl.VectorEnv}) and the exact
 * derivatives of each step with respect to the action.
 */
package org.diffart.sim.rl;
