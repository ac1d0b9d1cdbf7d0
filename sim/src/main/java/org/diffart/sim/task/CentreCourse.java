package org.diffart.sim.task;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.model.Model;

/**
 * A free body's course: its centre's positions after each step, and DiffSDFSim's trajectory loss
 * against a target course (the squared distances of the time-matched centres, over the number of
 * steps), shared by the seed-001 fits.
 */
final class CentreCourse {
  private CentreCourse() {}

  /** The centre (the first three qpos) after each of {@code steps} steps from d [3×steps]. */
  static double[] of(Model m, Data d, int steps) {
    double[] p = new double[3 * steps];
    for (int t = 0; t < steps; t++) {
      Step.step(m, d);
      System.arraycopy(d.qpos, 0, p, 3 * t, 3);
    }
    return p;
  }

  /**
   * {@code Σ_t |p_t − target_t|² / (steps·unit²)} over the states after steps 1 … steps, with its
   * gradient in the positions; unit the length the positions are counted in.
   */
  static Loss against(double[] target, int steps, double unit) {
    double n = steps * unit * unit;
    return new Loss() {
      @Override
      public double running(
          Model m, int t, double[] qpos, double[] qvel, double[] ctrl, Gradient g) {
        return t == 0 ? 0 : term(t - 1, qpos, g);
      }

      @Override
      public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
        return term(steps - 1, qpos, g);
      }

      private double term(int t, double[] qpos, Gradient g) {
        double l = 0;
        for (int k = 0; k < 3; k++) {
          double e = qpos[k] - target[3 * t + k];
          l += e * e / n;
          g.qpos()[k] = 2 * e / n;
        }
        return l;
      }
    };
  }
}
