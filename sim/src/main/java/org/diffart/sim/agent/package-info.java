/**
 * Reinforcement-learning agents on a {@link org.diffart.sim.rl.VectorEnv}: SAC, MBPO, the paper's
 * policy and sample enhancement, and the analytic policy gradient through the adjoint.
 */
package org.diffart.sim.agent;
