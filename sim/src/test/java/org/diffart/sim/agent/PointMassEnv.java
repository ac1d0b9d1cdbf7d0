package org.diffart.sim.agent;

import java.util.Arrays;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.VectorEnv;

/**
 * A test task with analytic dynamics and exact Jacobians: W point masses in d dimensions, pushed by
 * a force {@code a ∈ [−1, 1]^d}, semi-implicit Euler {@code v' = v + dt·a}, {@code x' = x + dt·v'};
 * observation {@code (x, v)}; reward the decrease of the squared distance to the origin {@code |x|²
 * − |x'|²}; episodes start at rest, {@code x ~ U(−1, 1)^d}, and are truncated after {@code steps}.
 */
final class PointMassEnv implements VectorEnv {
  static final double DT = 0.1;

  private final int worlds;
  private final int dims;
  private final int steps;
  private final double[] x;
  private final double[] v;
  private final int[] count;
  private boolean stepped;

  PointMassEnv(int worlds, int dims, int steps) {
    this.worlds = worlds;
    this.dims = dims;
    this.steps = steps;
    x = new double[worlds * dims];
    v = new double[worlds * dims];
    count = new int[worlds];
  }

  @Override
  public String name() {
    return "point-mass-" + dims;
  }

  @Override
  public int worlds() {
    return worlds;
  }

  @Override
  public int observationSize() {
    return 2 * dims;
  }

  @Override
  public int actionSize() {
    return dims;
  }

  @Override
  public int maxEpisodeSteps() {
    return steps;
  }

  @Override
  public void reset(int world, long seed, double[] obs) {
    Rng rng = new Rng(seed);
    for (int i = 0; i < dims; i++) {
      x[world * dims + i] = rng.uniform(-1, 1);
      v[world * dims + i] = 0;
    }
    count[world] = 0;
    observe(world, obs);
  }

  @Override
  public void step(double[] actions, StepResult out) {
    for (int w = 0; w < worlds; w++) {
      double before = 0;
      double after = 0;
      for (int i = 0; i < dims; i++) {
        int k = w * dims + i;
        double a = Math.max(-1, Math.min(1, actions[k]));
        before += x[k] * x[k];
        v[k] += DT * a;
        x[k] += DT * v[k];
        after += x[k] * x[k];
      }
      count[w]++;
      out.reward()[w] = before - after;
      out.terminated()[w] = false;
      out.truncated()[w] = count[w] >= steps;
      observe(w, out.observation());
    }
    stepped = true;
  }

  @Override
  public void actionJacobians(double[] dObsDa, double[] dRewardDa) {
    if (!stepped) {
      throw new IllegalStateException("no step yet");
    }
    int obs = 2 * dims;
    Arrays.fill(dObsDa, 0, worlds * obs * dims, 0.0);
    for (int w = 0; w < worlds; w++) {
      for (int i = 0; i < dims; i++) {
        dObsDa[w * obs * dims + i * dims + i] = DT * DT;
        dObsDa[w * obs * dims + (dims + i) * dims + i] = DT;
        dRewardDa[w * dims + i] = -2 * x[w * dims + i] * DT * DT;
      }
    }
  }

  @Override
  public double[] saveState() {
    double[] s = new double[2 * worlds * dims + worlds + 1];
    System.arraycopy(x, 0, s, 0, x.length);
    System.arraycopy(v, 0, s, x.length, v.length);
    for (int w = 0; w < worlds; w++) {
      s[2 * x.length + w] = count[w];
    }
    s[s.length - 1] = stepped ? 1 : 0;
    return s;
  }

  @Override
  public void restoreState(double[] s) {
    if (s.length != 2 * worlds * dims + worlds + 1) {
      throw new IllegalArgumentException("state length " + s.length);
    }
    System.arraycopy(s, 0, x, 0, x.length);
    System.arraycopy(s, x.length, v, 0, v.length);
    for (int w = 0; w < worlds; w++) {
      count[w] = (int) s[2 * x.length + w];
    }
    stepped = s[s.length - 1] != 0;
  }

  private void observe(int w, double[] obs) {
    System.arraycopy(x, w * dims, obs, w * 2 * dims, dims);
    System.arraycopy(v, w * dims, obs, w * 2 * dims + dims, dims);
  }
}
