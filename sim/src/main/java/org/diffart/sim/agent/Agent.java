package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.diffart.sim.rl.VectorEnv;

/**
 * A reinforcement-learning agent training on its own {@link VectorEnv}, advanced in chunks so that
 * a run can be evaluated, shown and checkpointed between them. A run is fixed completely by its
 * settings and seed: the same calls give the same numbers, bit for bit, and {@link #save} followed
 * by {@link #restore} on a freshly built agent of the same settings continues exactly as the
 * original would have.
 */
public interface Agent {
  /**
   * The method's short name, e.g. {@code sac}, {@code mbpo}, {@code pe}, {@code se}, {@code shac}.
   */
  String method();

  /** The environment steps taken so far, summed over worlds. */
  long envSteps();

  /**
   * Trains until at least {@code envSteps} environment steps have been taken in all (W worlds step
   * together, so it may overshoot by up to W − 1).
   */
  void trainUntil(long envSteps);

  /**
   * The mean undiscounted return of {@code episodes} episodes of the current policy acting
   * deterministically (its mean action) on {@code env}, episode k started from {@code seed + k}.
   * Changes nothing of the agent's training state, its random streams included; {@code env} must
   * therefore be an environment of its own, not the one the agent trains on.
   */
  double evaluate(VectorEnv env, int episodes, long seed);

  /**
   * Writes everything training depends on: networks, optimiser moments, buffers, random streams,
   * the environment's {@link VectorEnv#saveState}.
   */
  void save(DataOutput out) throws IOException;

  /** Reads what {@link #save} wrote into this agent, built with the same settings. */
  void restore(DataInput in) throws IOException;
}
