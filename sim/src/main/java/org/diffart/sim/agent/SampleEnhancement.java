package org.diffart.sim.agent;

import java.util.Arrays;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.VectorEnv;

/**
 * The paper's sample enhancement ({@code simple_sampler.py} with the ant env's mode 2): each real
 * transition {@code (s, a, r, s')} yields synthetic ones {@code (s, a + δ, r + (∂r/∂a)·δ, s'')},
 * {@code δ ~ U(−maxDelta, maxDelta)} per action coordinate, where {@code s''} is {@code s'} with
 * one observation coordinate i, drawn once per real transition, moved by {@code ĵ·δ}. The row
 * {@code ĵ} is {@code ∂s'_i/∂a} scaled by the observation length (mode 2), NaN entries set to zero
 * and clipped to {@code ±clip}; {@code ∂r/∂a} is likewise cleaned and clipped (unscaled).
 *
 * <p>Only those two rows of the step's Jacobians are used, so {@link Worlds} draws the coordinate
 * first and gets the rows by two {@link VectorEnv#actionVjp}s rather than the whole {@code ∂s'/∂a}.
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
   * Prepares the rows of a transition whose samples move coordinate {@code index} of an observation
   * of length {@code obs}: {@code ∂s'_index/∂a} at {@code obsRow[oo…oo+act)} and {@code ∂r/∂a} at
   * {@code rewardRow[ro…ro+act)}.
   */
  public static Linearisation linearise(
      int index,
      double[] obsRow,
      int oo,
      double[] rewardRow,
      int ro,
      int obs,
      int act,
      double clip) {
    double[] row = new double[act];
    double[] reward = new double[act];
    for (int j = 0; j < act; j++) {
      row[j] = cleanClip(obsRow[oo + j] * obs, clip);
      reward[j] = cleanClip(rewardRow[ro + j], clip);
    }
    return new Linearisation(index, row, reward);
  }

  /**
   * One synthetic transition with the perturbation {@code deltas[d…d+act)}: writes {@code a + δ}
   * into {@code actionOut} and {@code s'} with its coordinate moved into {@code nextOut} (both from
   * offset 0), returns its reward.
   */
  public static double synthesize(
      Linearisation lin,
      double[] deltas,
      int d,
      double[] action,
      int ao,
      double reward,
      double[] next,
      int no,
      double[] actionOut,
      double[] nextOut) {
    int act = lin.row().length;
    System.arraycopy(next, no, nextOut, 0, nextOut.length);
    double dObs = 0;
    double dReward = 0;
    for (int j = 0; j < act; j++) {
      double delta = deltas[d + j];
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

  /**
   * Sample enhancement of one environment step of W worlds: {@link #prepare} after the step, then
   * {@link #synthesize} each world's samples. Holds the step's draws and rows.
   */
  public static final class Worlds {
    private final int worlds;
    private final int obs;
    private final int act;
    private final int samples;
    private final double clip;
    private final double maxDelta;
    private final int[] index;
    private final double[] deltas;
    private final double[] obsBar;
    private final double[] rewardBar;
    private final double[] obsRows;
    private final double[] rewardRows;
    private final Linearisation[] lins;

    /**
     * For env's worlds, {@code samples} synthetic transitions per real one, δ within {@code
     * ±maxDelta}, rows clipped to {@code ±clip}.
     */
    public Worlds(VectorEnv env, int samples, double maxDelta, double clip) {
      worlds = env.worlds();
      obs = env.observationSize();
      act = env.actionSize();
      this.samples = samples;
      this.maxDelta = maxDelta;
      this.clip = clip;
      index = new int[worlds];
      deltas = new double[worlds * samples * act];
      obsBar = new double[worlds * obs];
      rewardBar = new double[worlds];
      obsRows = new double[worlds * act];
      rewardRows = new double[worlds * act];
      lins = new Linearisation[worlds];
    }

    /**
     * After a step of env: draws from {@code rng}, world by world, the coordinate and then every
     * sample's δ (the order the paper's sampler draws them in), and linearises every world from two
     * VJPs of the step: {@code obsBar = e_index} for {@code ∂s'_index/∂a}, then {@code rewardBar =
     * 1} for {@code ∂r/∂a}.
     */
    public void prepare(VectorEnv env, Rng rng) {
      for (int w = 0; w < worlds; w++) {
        index[w] = rng.nextInt(obs);
        for (int k = w * samples * act; k < (w + 1) * samples * act; k++) {
          deltas[k] = rng.uniform(-maxDelta, maxDelta);
        }
      }
      Arrays.fill(obsBar, 0);
      Arrays.fill(rewardBar, 0);
      for (int w = 0; w < worlds; w++) {
        obsBar[w * obs + index[w]] = 1;
      }
      env.actionVjp(obsBar, rewardBar, obsRows);
      Arrays.fill(obsBar, 0);
      Arrays.fill(rewardBar, 1);
      env.actionVjp(obsBar, rewardBar, rewardRows);
      for (int w = 0; w < worlds; w++) {
        lins[w] = linearise(index[w], obsRows, w * act, rewardRows, w * act, obs, act, clip);
      }
    }

    /** World w's linearisation from the last {@link #prepare}. */
    public Linearisation linearisation(int w) {
      return lins[w];
    }

    /**
     * World w's k-th synthetic transition from its real one in the step's world-major arrays
     * ({@code actions}, {@code reward}, {@code observations} after the step), as {@link
     * SampleEnhancement#synthesize}.
     */
    public double synthesize(
        int w,
        int k,
        double[] actions,
        double reward,
        double[] observations,
        double[] actionOut,
        double[] nextOut) {
      int d = (w * samples + k) * act;
      return SampleEnhancement.synthesize(
          lins[w], deltas, d, actions, w * act, reward, observations, w * obs, actionOut, nextOut);
    }
  }
}
