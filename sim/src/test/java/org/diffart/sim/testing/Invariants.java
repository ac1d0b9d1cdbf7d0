package org.diffart.sim.testing;

import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Inertia;

/** Physical invariants computed independently of the dynamics algorithms: energy and momentum. */
public final class Invariants {
  private Invariants() {}

  /**
   * Kinetic energy {@code ½ q̇ᵀ M q̇} plus gravitational potential {@code -Σ m g·c} at the current
   * state.
   */
  public static double energy(Model m, Data d) {
    Kinematics.forward(m, d);
    Crba.massMatrix(m, d);
    int nv = m.nv();
    double ke = 0;
    for (int r = 0; r < nv; r++) {
      for (int c = 0; c < nv; c++) {
        ke += 0.5 * d.qvel[r] * d.qM[nv * r + c] * d.qvel[c];
      }
    }
    double pe = 0;
    for (int i = 1; i < m.nbody(); i++) {
      double[] com = comWorld(m, d, i);
      for (int k = 0; k < 3; k++) {
        pe -= m.bodyMass(i) * m.opt().gravity(k) * com[k];
      }
    }
    return ke + pe;
  }

  /** World position of body i's centre of mass. */
  public static double[] comWorld(Model m, Data d, int i) {
    double[] c = new double[3];
    for (int r = 0; r < 3; r++) {
      c[r] = d.xpos[3 * i + r];
      for (int k = 0; k < 3; k++) {
        c[r] += d.xmat[9 * i + 3 * r + k] * m.bodyIpos(i, k);
      }
    }
    return c;
  }

  /** Total spatial momentum about the world origin in world coordinates: (angular; linear). */
  public static double[] momentum(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.velocity(m, d);
    double[] total = new double[6];
    double[] h = new double[6];
    for (int i = 1; i < m.nbody(); i++) {
      Inertia.mulInertVec(h, 0, d.bodyInert, 10 * i, d.bodyVel, 6 * i);
      double[] n = new double[3];
      double[] f = new double[3];
      for (int r = 0; r < 3; r++) {
        for (int k = 0; k < 3; k++) {
          n[r] += d.xmat[9 * i + 3 * r + k] * h[k];
          f[r] += d.xmat[9 * i + 3 * r + k] * h[3 + k];
        }
      }
      double[] x = {d.xpos[3 * i], d.xpos[3 * i + 1], d.xpos[3 * i + 2]};
      total[0] += n[0] + x[1] * f[2] - x[2] * f[1];
      total[1] += n[1] + x[2] * f[0] - x[0] * f[2];
      total[2] += n[2] + x[0] * f[1] - x[1] * f[0];
      total[3] += f[0];
      total[4] += f[1];
      total[5] += f[2];
    }
    return total;
  }
}
