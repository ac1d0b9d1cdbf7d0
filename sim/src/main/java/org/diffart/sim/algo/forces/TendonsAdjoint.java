package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.kinematics.JacobiansAdjoint;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Tendons#spatial}: consumes a spatial tendon's {@code tendonLengthBar} and
 * {@code tendonJBar} into the bars of its sites' bodies ({@code xposBar, xmatBar}), its wrapping
 * geoms' and side sites' poses (consumed in turn into their bodies') and the motion subspaces
 * ({@code dofSBar}). A wrap's tangent points and length depend on the two sites and the side site
 * in the geom's frame; their derivatives along those nine coordinates come from {@link Wrapping} in
 * tangent mode, one coordinate at a time.
 */
public final class TendonsAdjoint {
  private TendonsAdjoint() {}

  static void spatial(Model m, Data d, DataBar b, int t) {
    int nv = m.nv(), o = nv * t, w0 = m.tendonAdr(t), w1 = w0 + m.tendonNum(t);
    double lengthBar = b.tendonLengthBar[t], divisor = 1;
    for (int w = w0; w < w1; w++) {
      if (m.wrapSite(w) >= 0) {
        Tendons.sitePosition(m, d, w);
      }
    }
    int w = w0;
    while (w + 1 < w1) {
      if (Tendons.isPulley(m, w) || Tendons.isPulley(m, w + 1)) {
        divisor = Tendons.isPulley(m, w) ? m.wrapCoef(w) : divisor;
        w++;
        continue;
      }
      int g = m.wrapGeom(w + 1), next = g >= 0 ? w + 2 : w + 1;
      int b0 = m.siteBody(m.wrapSite(w)), b1 = m.siteBody(m.wrapSite(next));
      double scale = 1 / divisor, lb = lengthBar / divisor;
      if (g < 0 || Tendons.wrap(m, d, w + 1) < 0) {
        segment(
            m,
            d,
            b,
            o,
            b0,
            d.wrapXpos,
            b.wrapXposBar,
            3 * w,
            b1,
            d.wrapXpos,
            b.wrapXposBar,
            3 * next,
            scale,
            lb);
      } else {
        int gb = m.geomBody(g), tw = 6 * (w + 1);
        segment(
            m,
            d,
            b,
            o,
            b0,
            d.wrapXpos,
            b.wrapXposBar,
            3 * w,
            gb,
            d.wrapTangent,
            b.wrapTangentBar,
            tw,
            scale,
            lb);
        segment(
            m,
            d,
            b,
            o,
            gb,
            d.wrapTangent,
            b.wrapTangentBar,
            tw + 3,
            b1,
            d.wrapXpos,
            b.wrapXposBar,
            3 * next,
            scale,
            lb);
        wrap(m, d, b, w + 1, lb);
      }
      w = next;
    }
    // p = x_b + R_b s
    for (w = w0; w < w1; w++) {
      int s = m.wrapSite(w);
      if (s < 0) {
        continue;
      }
      int body = m.siteBody(s);
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

  /**
   * Adjoint of {@link Tendons#segment} with the bar {@code lenBar} of its length: {@code Δ̄ = L̄ u
   * + (ū − (u·ū) u)/|Δ|} with ū from the Jacobian's bar.
   */
  private static void segment(
      Model m,
      Data d,
      DataBar b,
      int o,
      int ba,
      double[] pa,
      double[] paBar,
      int ao,
      int bb,
      double[] pb,
      double[] pbBar,
      int bo,
      double scale,
      double lenBar) {
    double[] u = d.scratch6, ub = b.scratch6;
    double len = Tendons.direction(pa, ao, pb, bo, u);
    if (len <= 1e-15) {
      return;
    }
    ub[0] = 0;
    ub[1] = 0;
    ub[2] = 0;
    if (ba != bb) {
      JacobiansAdjoint.addPointJacobian(
          m, d, b, b.tendonJBar, o, bb, pb, bo, pbBar, bo, u, 0, ub, 0, scale);
      JacobiansAdjoint.addPointJacobian(
          m, d, b, b.tendonJBar, o, ba, pa, ao, paBar, ao, u, 0, ub, 0, -scale);
    }
    double dot = u[0] * ub[0] + u[1] * ub[1] + u[2] * ub[2];
    for (int i = 0; i < 3; i++) {
      double g = lenBar * u[i] + (ub[i] - dot * u[i]) / len;
      pbBar[bo + i] += g;
      paBar[ao + i] -= g;
    }
  }

  /**
   * Adjoint of {@link Tendons#wrap} at geom wrap w (its forward just recomputed), with {@code
   * lenBar} the bar of its length on the geom: consumes {@code wrapTangentBar} into the bars of the
   * sites before and after it ({@code wrapXposBar}), of the side site and of the geom (both
   * consumed into their bodies'). Uses {@code DataBar.scratch36[0..15)}.
   */
  private static void wrap(Model m, Data d, DataBar b, int w, double lenBar) {
    int g = m.wrapGeom(w), side = m.wrapSide(w), tw = 6 * w;
    double[] q = d.wrapScratch, bar = b.scratch36, c = d.geomXpos, r = d.geomXmat;
    double[] cb = b.geomXposBar, rb = b.geomXmatBar;
    // tangent point i = R res_i + c
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k < 3; k++) {
        double tb = b.wrapTangentBar[tw + 3 * i + k];
        cb[3 * g + k] += tb;
        for (int j = 0; j < 3; j++) {
          rb[9 * g + 3 * k + j] += tb * q[Wrapping.RES + 3 * i + j];
        }
      }
      for (int j = 0; j < 3; j++) {
        bar[3 * i + j] =
            r[9 * g + j] * b.wrapTangentBar[tw + 3 * i]
                + r[9 * g + 3 + j] * b.wrapTangentBar[tw + 3 * i + 1]
                + r[9 * g + 6 + j] * b.wrapTangentBar[tw + 3 * i + 2];
      }
    }
    // the bars of the geom-frame inputs, one tangent-mode pass per coordinate (the inputs in q stay
    // as placed)
    int seeds = side >= 0 ? 9 : 6;
    double radius = m.geomSize(g, 0);
    boolean cylinder = m.geomType(g) == GeomType.CYLINDER;
    for (int s = 0; s < seeds; s++) {
      Wrapping.wrap(q, radius, cylinder, side >= 0, s);
      double v = q[Wrapping.T + Wrapping.LEN] * lenBar;
      for (int i = 0; i < 6; i++) {
        v += q[Wrapping.T + Wrapping.RES + i] * bar[i];
      }
      bar[6 + s] = v;
    }
    // p = Rᵀ (x − c) for each input
    for (int s = 0; s < seeds / 3; s++) {
      double[] x = s < 2 ? d.wrapXpos : d.siteXpos, xb = s < 2 ? b.wrapXposBar : b.siteXposBar;
      int xo = s == 0 ? 3 * (w - 1) : s == 1 ? 3 * (w + 1) : 3 * side;
      for (int k = 0; k < 3; k++) {
        double e = x[xo + k] - c[3 * g + k];
        double v =
            r[9 * g + 3 * k] * bar[6 + 3 * s]
                + r[9 * g + 3 * k + 1] * bar[7 + 3 * s]
                + r[9 * g + 3 * k + 2] * bar[8 + 3 * s];
        xb[xo + k] += v;
        cb[3 * g + k] -= v;
        for (int i = 0; i < 3; i++) {
          rb[9 * g + 3 * k + i] += e * bar[6 + 3 * s + i];
        }
      }
    }
    java.util.Arrays.fill(b.wrapTangentBar, tw, tw + 6, 0);
    if (side >= 0) {
      KinematicsAdjoint.site(m, d, b, side);
    }
    KinematicsAdjoint.geom(m, d, b, g);
  }
}
