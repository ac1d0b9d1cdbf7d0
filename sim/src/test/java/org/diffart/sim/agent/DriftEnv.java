package org.diffart.sim.agent;

import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.VectorEnv;

/**
 * A one-dimensional test task for MBPO: a point that the action moves, {@code x' = x + 0.2a}, its
 * reward {@code −|x'|} (stay near the origin), terminated when {@code |x'| > 2} and truncated after
 * {@code steps}; observation {@code (x, t/steps)}; episodes start at {@code x ~ U(−1, 1)}. Its
 * exact action Jacobians are {@code ∂x'/∂a = 0.2}, {@code ∂r/∂a = −0.2·sign(x')}.
 */
final class DriftEnv implements VectorEnv {
  static final double GAIN = 0.2;
  static final double LIMIT = 2.0;

  private final int worlds;
  private final int steps;
  private final double[] x;
  private final int[] count;
  private boolean stepped;

  DriftEnv(int worlds, int steps) {
    this.worlds = worlds;
    this.steps = steps;
    x = new double[worlds];
    count = new int[worlds];
  }

  /** Termination on a predicted observation: the position's bound. */
  static TerminationFn termination() {
    return TerminationFn.outside(0, -LIMIT, LIMIT);
  }

  @Override
  public String name() {
    return "drift";
  }

  @Override
  public int worlds() {
    return worlds;
  }

  @Override
  public int observationSize() {
    return 2;
  }

  @Override
  public int actionSize() {
    return 1;
  }

  @Override
  public int maxEpisodeSteps() {
    return steps;
  }

  @Override
  public void reset(int world, long seed, double[] obs) {
    x[world] = new Rng(seed).uniform(-1, 1);
    count[world] = 0;
    obs[2 * world] = x[world];
    obs[2 * world + 1] = 0;
  }

  @Override
  public void step(double[] actions, StepResult out) {
    for (int w = 0; w < worlds; w++) {
      double a = Math.max(-1, Math.min(1, actions[w]));
      x[w] += GAIN * a;
      count[w]++;
      out.observation()[2 * w] = x[w];
      out.observation()[2 * w + 1] = (double) count[w] / steps;
      out.reward()[w] = -Math.abs(x[w]);
      out.terminated()[w] = Math.abs(x[w]) > LIMIT;
      out.truncated()[w] = !out.terminated()[w] && count[w] >= steps;
    }
    stepped = true;
  }

  @Override
  public void actionJacobians(double[] dObsDa, double[] dRewardDa) {
    if (!stepped) {
      throw new IllegalStateException("actionJacobians before the first step");
    }
    for (int w = 0; w < worlds; w++) {
      dObsDa[2 * w] = GAIN;
      dObsDa[2 * w + 1] = 0;
      dRewardDa[w] = -GAIN * Math.signum(x[w]);
    }
  }

  @Override
  public double[] saveState() {
    double[] s = new double[2 * worlds];
    for (int w = 0; w < worlds; w++) {
      s[2 * w] = x[w];
      s[2 * w + 1] = count[w];
    }
    return s;
  }

  @Override
  public void restoreState(double[] state) {
    if (state.length != 2 * worlds) {
      throw new IllegalArgumentException(
          "state length " + state.length + " for " + worlds + " worlds needs " + 2 * worlds);
    }
    for (int w = 0; w < worlds; w++) {
      x[w] = state[2 * w];
      count[w] = (int) state[2 * w + 1];
    }
    stepped = true;
  }
}
