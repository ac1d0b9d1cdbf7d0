package org.diffart.sim.agent;

import org.diffart.sim.nn.Rng;

/**
 * The paper's sample enhancement ({@code simple_sampler.py} with the ant env's mode 2): each real
 * transition {@code (s, a, r, s')} yields synthetic ones {@code (s, a + δ, r + (∂r/∂a)·δ, s'')},
 * {@code δ ~ U(−maxDelta, maxDelta)} per action coordinate, where {@code s''} is {@code s'} with
 * one observation coordinate i, drawn once per real transition, moved by {@code ĵ·δ}. The row
 * {@code ĵ} is {@code ∂s'_i/∂a} scaled by the observation length (mode 2), NaN entries set to zero
 * and clipped to {@code ±clip}; {@code ∂r/∂a} is likewise cleaned and clipped (unscaled).
 */
public final class SampleEnhancement {
  private SampleEnhancement() {}

  /**
   * The linearisation a real transition's synthetic samples share.
   *
   * @param index the observation coordinate the samples move
   * @param row the scaled, clipped {@code ∂s'_index/∂a}
   * @param reward the clipped {@code ∂r/∂a}
   */
  public record Linearisation(int index, double[] row, double[] reward) {}

  /**
   * Draws the coordinate and prepares the rows from one transition's Jacobians: {@code jac} at
   * {@code jo} (obs×act, row-major) and {@code jacR} at {@code ro} (act).
   */
  public static Linearisation linearise(
      double[] jac, int jo, double[] jacR, int ro, int obs, int act, double clip, Rng rng) {
    int index = rng.nextInt(obs);
    double[] row = new double[act];
    double[] reward = new double[act];
    for (int j = 0; j < act; j++) {
      row[j] = cleanClip(jac[jo + index * act + j] * obs, clip);
      reward[j] = cleanClip(jacR[ro + j], clip);
    }
    return new Linearisation(index, row, reward);
  }

  /**
   * One synthetic transition: writes {@code a + δ} into {@code actionOut} and {@code s'} with its
   * coordinate moved into {@code nextOut} (both from offset 0), returns its reward.
   */
  public static double synthesize(
      Linearisation lin,
      double[] action,
      int ao,
      double reward,
      double[] next,
      int no,
      double maxDelta,
      Rng rng,
      double[] actionOut,
      double[] nextOut) {
    int act = lin.row().length;
    System.arraycopy(next, no, nextOut, 0, nextOut.length);
    double dObs = 0;
    double dReward = 0;
    for (int j = 0; j < act; j++) {
      double delta = rng.uniform(-maxDelta, maxDelta);
      actionOut[j] = action[ao + j] + delta;
      dObs += lin.row()[j] * delta;
      dReward += lin.reward()[j] * delta;
    }
    nextOut[lin.index()] += dObs;
    return reward + dReward;
  }

  private static double cleanClip(double v, double clip) {
    if (Double.isNaN(v)) {
      return 0;
    }
    return Math.max(-clip, Math.min(clip, v));
  }
}
