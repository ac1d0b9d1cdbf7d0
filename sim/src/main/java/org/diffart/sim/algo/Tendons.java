package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Spatial tendons: the straight path through the tendon's sites, its length {@code L = Σ |p_{k+1} − p_k|} and its
 * Jacobian {@code ∂L/∂q = Σ u_kᵀ (J_p(p_{k+1}) − J_p(p_k))} with {@code u_k} the unit direction of segment k. Fixed
 * tendons ({@code Σ coef q}) need neither and are handled where their coefficients are used.
 */
public final class Tendons {
  private Tendons() {}

  /**
   * Writes spatial tendon t's site positions ({@code wrapXpos}), length, Jacobian row ({@code tendonJ}) and velocity.
   * Requires {@link Kinematics#forward}.
   */
  static void spatial(Model m, Data d, int t) {
    int nv = m.nv(), o = nv * t, w0 = m.tendonAdr(t), w1 = w0 + m.tendonNum(t);
    java.util.Arrays.fill(d.tendonJ, o, o + nv, 0);
    for (int w = w0; w < w1; w++) {
      sitePosition(m, d, w);
    }
    double[] u = d.scratch6;
    double length = 0;
    for (int w = w0; w + 1 < w1; w++) {
      double len = segment(d, w, u);
      length += len;
      if (len > 1e-15) {
        Constraints.addPointJacobian(m, d, d.tendonJ, o, m.siteBody(m.wrapSite(w + 1)), d.wrapXpos, 3 * (w + 1), u, 0,
            1);
        Constraints.addPointJacobian(m, d, d.tendonJ, o, m.siteBody(m.wrapSite(w)), d.wrapXpos, 3 * w, u, 0, -1);
      }
    }
    double vel = 0;
    for (int k = 0; k < nv; k++) {
      vel += d.tendonJ[o + k] * d.qvel[k];
    }
    d.tendonLength[t] = length;
    d.tendonVelocity[t] = vel;
  }

  /** {@code wrapXpos[w] = x_b + R_b s}: the world position of wrap w's site s on body b. */
  static void sitePosition(Model m, Data d, int w) {
    int s = m.wrapSite(w), b = m.siteBody(s);
    for (int i = 0; i < 3; i++) {
      double v = d.xpos[3 * b + i];
      for (int k = 0; k < 3; k++) {
        v += d.xmat[9 * b + 3 * i + k] * m.sitePos(s, k);
      }
      d.wrapXpos[3 * w + i] = v;
    }
  }

  /** The length of the segment from wrap w's site to wrap w+1's, its unit direction into {@code u[0..3)}. */
  static double segment(Data d, int w, double[] u) {
    double dx = d.wrapXpos[3 * w + 3] - d.wrapXpos[3 * w], dy = d.wrapXpos[3 * w + 4] - d.wrapXpos[3 * w + 1];
    double dz = d.wrapXpos[3 * w + 5] - d.wrapXpos[3 * w + 2];
    double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    double inv = len > 1e-15 ? 1 / len : 0;
    u[0] = dx * inv;
    u[1] = dy * inv;
    u[2] = dz * inv;
    return len;
  }
}
