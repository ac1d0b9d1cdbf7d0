package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Spatial tendons, as MuJoCo 2.2.2's {@code mj_tendon}: the path through the tendon's sites,
 * straight between consecutive sites and around a sphere or cylinder placed between two sites
 * ({@link Wrapping}); after a pulley each branch counts divided by the pulley's divisor. The length
 * is {@code L = Σ |p_{k+1} − p_k| / div} over the straight pieces plus the lengths on the geoms;
 * the Jacobian {@code ∂L/∂q = Σ u_kᵀ (J_p(p_{k+1}) − J_p(p_k)) / div} over the straight pieces
 * whose ends lie on different bodies, the tangent points fixed to the geom's body (moving them
 * along the geom changes the length only to second order). Fixed tendons ({@code Σ coef q}) need
 * neither and are handled where their coefficients are used.
 */
public final class Tendons {
  private Tendons() {}

  /**
   * Writes every spatial tendon's length, Jacobian and velocity. Requires {@link
   * Kinematics#forward}.
   */
  public static void spatialLengths(Model m, Data d) {
    for (int t = 0; t < m.ntendon(); t++) {
      if (m.tendonSpatial(t)) {
        spatial(m, d, t);
      }
    }
  }

  /**
   * Writes spatial tendon t's site positions ({@code wrapXpos}), tangent points ({@code
   * wrapTangent, wrapLength}), length, Jacobian row ({@code tendonJ}) and velocity. Requires {@link
   * Kinematics#forward}.
   */
  static void spatial(Model m, Data d, int t) {
    int nv = m.nv(), o = nv * t, w0 = m.tendonAdr(t), w1 = w0 + m.tendonNum(t);
    java.util.Arrays.fill(d.tendonJ, o, o + nv, 0);
    for (int w = w0; w < w1; w++) {
      if (m.wrapSite(w) >= 0) {
        sitePosition(m, d, w);
      }
    }
    double length = 0, divisor = 1;
    int w = w0;
    while (w + 1 < w1) {
      if (isPulley(m, w) || isPulley(m, w + 1)) {
        divisor = isPulley(m, w) ? m.wrapCoef(w) : divisor;
        w++;
        continue;
      }
      int g = m.wrapGeom(w + 1), next = g >= 0 ? w + 2 : w + 1;
      int b0 = m.siteBody(m.wrapSite(w)), b1 = m.siteBody(m.wrapSite(next));
      double scale = 1 / divisor, wlen = g >= 0 ? wrap(m, d, w + 1) : -1;
      if (wlen < 0) {
        length +=
            segment(m, d, o, b0, d.wrapXpos, 3 * w, b1, d.wrapXpos, 3 * next, scale) / divisor;
      } else {
        int gb = m.geomBody(g);
        double l0 = segment(m, d, o, b0, d.wrapXpos, 3 * w, gb, d.wrapTangent, 6 * (w + 1), scale);
        double l1 =
            segment(m, d, o, gb, d.wrapTangent, 6 * (w + 1) + 3, b1, d.wrapXpos, 3 * next, scale);
        length += (l0 + wlen + l1) / divisor;
      }
      w = next;
    }
    double vel = 0;
    for (int k = 0; k < nv; k++) {
      vel += d.tendonJ[o + k] * d.qvel[k];
    }
    d.tendonLength[t] = length;
    d.tendonVelocity[t] = vel;
  }

  /**
   * The body whose motion moves wrap w of a spatial tendon: its site's, its geom's (the tangent
   * points ride on it), or the world for a pulley.
   */
  public static int wrapBody(Model m, int w) {
    return m.wrapSite(w) >= 0
        ? m.siteBody(m.wrapSite(w))
        : m.wrapGeom(w) >= 0 ? m.geomBody(m.wrapGeom(w)) : 0;
  }

  /** Whether wrap w of a spatial tendon is a pulley (neither a site nor a geom). */
  static boolean isPulley(Model m, int w) {
    return m.wrapSite(w) < 0 && m.wrapGeom(w) < 0;
  }

  /**
   * The straight piece from point a (on body ba) to point b (on body bb): returns its length and,
   * where the bodies differ, adds {@code scale · uᵀ (J_p(b) − J_p(a))} to tendon row o ({@code u}
   * its unit direction, in {@code scratch6}).
   */
  static double segment(
      Model m,
      Data d,
      int o,
      int ba,
      double[] pa,
      int ao,
      int bb,
      double[] pb,
      int bo,
      double scale) {
    double[] u = d.scratch6;
    double len = direction(pa, ao, pb, bo, u);
    if (ba != bb && len > 1e-15) {
      Jacobians.addPointJacobian(m, d, d.tendonJ, o, bb, pb, bo, u, 0, scale);
      Jacobians.addPointJacobian(m, d, d.tendonJ, o, ba, pa, ao, u, 0, -scale);
    }
    return len;
  }

  /**
   * Wraps the path around geom wrap w's sphere or cylinder between the sites at wraps w−1 and w+1:
   * writes the tangent points' world positions to {@code wrapTangent[6w..6w+6)} and returns the
   * length on the geom ({@code wrapLength[w]}), or -1 where the path passes the geom by. Leaves the
   * geom-frame result in {@code wrapScratch}.
   */
  static double wrap(Model m, Data d, int w) {
    double wlen = wrapLocal(m, d, w);
    d.wrapLength[w] = wlen;
    if (wlen >= 0) {
      double[] q = d.wrapScratch, x = d.geomXpos, r = d.geomXmat;
      int g = m.wrapGeom(w);
      for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 3; k++) {
          int ro = 9 * g + 3 * k, p = Wrapping.RES + 3 * i;
          d.wrapTangent[6 * w + 3 * i + k] =
              r[ro] * q[p] + r[ro + 1] * q[p + 1] + r[ro + 2] * q[p + 2] + x[3 * g + k];
        }
      }
    }
    return wlen;
  }

  /**
   * Geom wrap w in the geom's frame ({@link Wrapping#wrap}): places the sites before and after it,
   * and the side site, in the geom's frame ({@code p = Rᵀ (x − c)}, into {@code wrapScratch}),
   * after computing the geom's pose and the side site's position ({@code siteXpos}).
   */
  static double wrapLocal(Model m, Data d, int w) {
    int g = m.wrapGeom(w), side = m.wrapSide(w);
    Kinematics.geom(m, d, g);
    double[] q = d.wrapScratch;
    toGeomFrame(d, g, d.wrapXpos, 3 * (w - 1), q, Wrapping.P0);
    toGeomFrame(d, g, d.wrapXpos, 3 * (w + 1), q, Wrapping.P1);
    if (side >= 0) {
      Kinematics.site(m, d, side);
      toGeomFrame(d, g, d.siteXpos, 3 * side, q, Wrapping.S);
    }
    return Wrapping.wrap(q, m.geomSize(g, 0), m.geomType(g) == GeomType.CYLINDER, side >= 0, -1);
  }

  /** {@code q[qo..qo+3) = R_gᵀ (x[xo..] − c_g)}. */
  private static void toGeomFrame(Data d, int g, double[] x, int xo, double[] q, int qo) {
    double[] c = d.geomXpos, r = d.geomXmat;
    double ex = x[xo] - c[3 * g], ey = x[xo + 1] - c[3 * g + 1], ez = x[xo + 2] - c[3 * g + 2];
    for (int i = 0; i < 3; i++) {
      q[qo + i] = r[9 * g + i] * ex + r[9 * g + 3 + i] * ey + r[9 * g + 6 + i] * ez;
    }
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

  /**
   * The distance from point a to point b, the unit direction into {@code u[0..3)} (zero for
   * coincident points).
   */
  static double direction(double[] pa, int ao, double[] pb, int bo, double[] u) {
    double dx = pb[bo] - pa[ao], dy = pb[bo + 1] - pa[ao + 1], dz = pb[bo + 2] - pa[ao + 2];
    double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    double inv = len > 1e-15 ? 1 / len : 0;
    u[0] = dx * inv;
    u[1] = dy * inv;
    u[2] = dz * inv;
    return len;
  }
}
