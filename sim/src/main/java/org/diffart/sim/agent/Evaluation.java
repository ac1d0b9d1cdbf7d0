package org.diffart.sim.agent;

import org.diffart.sim.nn.SquashedGaussianPolicy;
import org.diffart.sim.rl.VectorEnv;

/** Deterministic evaluation of a policy, shared by the agents. */
public final class Evaluation {
  private Evaluation() {}

  /**
   * The mean undiscounted return of {@code count} episodes of {@code policy}'s mean action on
   * {@code env}, episode k started from seed {@code seed + k}; episodes run W at a time, one per
   * world, and a world whose episode has ended is reset (to its seed again) and its further rewards
   * ignored until the round ends.
   */
  public static double meanReturn(
      VectorEnv env, SquashedGaussianPolicy policy, int count, long seed) {
    return meanReturn(env, policy::mean, count, seed);
  }

  /** A deterministic policy on batches: the actions of {@code rows} observations. */
  public interface MeanPolicy {
    /** Writes the actions of {@code rows} observations (row-major) into {@code actions}. */
    void mean(double[] observations, int rows, double[] actions);
  }

  /** As {@link #meanReturn(VectorEnv, SquashedGaussianPolicy, int, long)} for any mean policy. */
  public static double meanReturn(VectorEnv env, MeanPolicy policy, int count, long seed) {
    if (count <= 0) {
      throw new IllegalArgumentException("count must be positive, got " + count);
    }
    int worlds = env.worlds();
    int obs = env.observationSize();
    double[] observation = new double[worlds * obs];
    double[] actions = new double[worlds * env.actionSize()];
    VectorEnv.StepResult result = VectorEnv.StepResult.of(env);
    boolean[] active = new boolean[worlds];
    double total = 0;
    for (int first = 0; first < count; first += worlds) {
      int live = 0;
      for (int w = 0; w < worlds; w++) {
        env.reset(w, seed + first + Math.min(w, count - first - 1), observation);
        active[w] = first + w < count;
        live += active[w] ? 1 : 0;
      }
      while (live > 0) {
        policy.mean(observation, worlds, actions);
        env.step(actions, result);
        for (int w = 0; w < worlds; w++) {
          if (active[w]) {
            total += result.reward()[w];
          }
          if (result.done(w)) {
            if (active[w]) {
              active[w] = false;
              live--;
            }
            env.reset(w, seed + first + Math.min(w, count - first - 1), observation);
          } else {
            System.arraycopy(result.observation(), w * obs, observation, w * obs, obs);
          }
        }
      }
    }
    return total / count;
  }
}
