package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Tendons#spatial}: consumes a spatial tendon's {@code tendonLengthBar} and {@code tendonJBar}
 * into the bars of its sites' bodies ({@code xposBar, xmatBar}) and the motion subspaces ({@code dofSBar}).
 */
public final class TendonsAdjoint {
  private TendonsAdjoint() {}

  static void spatial(Model m, Data d, DataBar b, int t) {
    int nv = m.nv(), o = nv * t, w0 = m.tendonAdr(t), w1 = w0 + m.tendonNum(t);
    double[] u = d.scratch6, ub = b.scratch6;
    double lengthBar = b.tendonLengthBar[t];
    for (int w = w0; w < w1; w++) {
      Tendons.sitePosition(m, d, w);
    }
    for (int w = w0; w + 1 < w1; w++) {
      double len = Tendons.segment(d, w, u);
      if (len <= 1e-15) {
        continue;
      }
      ub[0] = 0;
      ub[1] = 0;
      ub[2] = 0;
      ConstraintsAdjoint.pointJacobian(m, d, b, b.tendonJBar, o, m.siteBody(m.wrapSite(w + 1)), d.wrapXpos,
          3 * (w + 1), b.wrapXposBar, 3 * (w + 1), u, 0, ub, 0, 1);
      ConstraintsAdjoint.pointJacobian(m, d, b, b.tendonJBar, o, m.siteBody(m.wrapSite(w)), d.wrapXpos, 3 * w,
          b.wrapXposBar, 3 * w, u, 0, ub, 0, -1);
      // L += |Δ|, u = Δ/|Δ|: Δ̄ = L̄ u + (ū − (u·ū) u)/|Δ|
      double dot = u[0] * ub[0] + u[1] * ub[1] + u[2] * ub[2];
      for (int i = 0; i < 3; i++) {
        double g = lengthBar * u[i] + (ub[i] - dot * u[i]) / len;
        b.wrapXposBar[3 * (w + 1) + i] += g;
        b.wrapXposBar[3 * w + i] -= g;
      }
    }
    // p = x_b + R_b s
    for (int w = w0; w < w1; w++) {
      int s = m.wrapSite(w), body = m.siteBody(s);
      for (int i = 0; i < 3; i++) {
        double g = b.wrapXposBar[3 * w + i];
        b.xposBar[3 * body + i] += g;
        for (int k = 0; k < 3; k++) {
          b.xmatBar[9 * body + 3 * i + k] += g * m.sitePos(s, k);
        }
        b.wrapXposBar[3 * w + i] = 0;
      }
    }
    b.tendonLengthBar[t] = 0;
    java.util.Arrays.fill(b.tendonJBar, o, o + nv, 0);
  }
}
