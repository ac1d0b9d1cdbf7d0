package org.diffart.sim.diff;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * The per-world parameters a rollout gradient reports, and how body masses map onto the inertias.
 */
final class Parameters {
  private Parameters() {}

  /**
   * Gradient with respect to each body's mass when its whole spatial inertia scales with it ({@code
   * I(m) = I·m/m₀}, so {@code ∂L/∂m = Σ_k Ī_k I_k / m}); for a body without mass, the bar of the
   * mass entry alone (a point mass at its origin). Body 0, the world, gets 0.
   */
  static double[] massGradient(Model m, Data d, double[] inertBar) {
    double[] g = new double[m.nbody()];
    for (int i = 1; i < m.nbody(); i++) {
      g[i] = massBar(d, inertBar, i);
    }
    return g;
  }

  /** Body i's entry of {@link #massGradient} (i ≥ 1). */
  static double massBar(Data d, double[] inertBar, int i) {
    double mass = d.bodyInert[10 * i];
    if (!(mass > 0)) {
      return inertBar[10 * i];
    }
    double s = 0;
    for (int k = 0; k < 10; k++) {
      s += inertBar[10 * i + k] * d.bodyInert[10 * i + k];
    }
    return s / mass;
  }

  /**
   * Sets body i's mass in d to {@code mass}, scaling its inertia along (see {@link #massGradient}).
   */
  static void setMass(Data d, int i, double mass) {
    double old = d.bodyInert[10 * i];
    if (old > 0) {
      double s = mass / old;
      for (int k = 0; k < 10; k++) {
        d.bodyInert[10 * i + k] *= s;
      }
    } else {
      d.bodyInert[10 * i] = mass;
    }
  }

  /**
   * Gradient with respect to the SDF geoms' shape parameters ({@link Wrt#SHAPE}): what the contacts
   * of their meshes' vertices gave ({@code shapeBar}), and their bodies' inertia's share {@code Σ_q
   * Ī_q ∂I_q/∂θ} ({@code Model.shapeBodyInert}, at the model's own inertia).
   */
  static double[] shapeGradient(Model m, Data d, DataBar b) {
    double[] g = b.shapeBar.clone();
    for (int geom = 0; geom < m.ngeom(); geom++) {
      int adr = m.geomShapeAdr(geom), body = m.geomBody(geom);
      for (int k = 0; adr >= 0 && k < m.geomShapeNum(geom); k++) {
        for (int q = 0; q < 10; q++) {
          g[adr + k] += b.bodyInertBar[10 * body + q] * m.shapeBodyInert(adr + k, q);
        }
      }
    }
    return g;
  }
}
