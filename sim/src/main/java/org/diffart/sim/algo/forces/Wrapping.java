package org.diffart.sim.algo.forces;

import org.diffart.sim.spatial.Trig;

/**
 * A tendon segment wrapped around a sphere or a cylinder, as MuJoCo 2.2.2's {@code mju_wrap}, in
 * the geom's frame: from the two sites' positions {@code p0, p1} (and an optional side site s), the
 * two tangent points where the straight segments from the sites touch the geom and the length of
 * the path on the geom between them, or no wrap (-1) where the straight segment misses the geom (or
 * passes it on the side site's side).
 *
 * <p>The wrap happens in a plane: for a sphere the plane through its centre and both sites, for a
 * cylinder the plane across its axis (the path then climbs the axis as a helix, in proportion to
 * the lengths). In that plane the tangent points are those of the circle's two tangents through
 * each site, the pair chosen by the side site (nearer to it) or else by the shorter chord, never
 * one whose segments cross. A side site inside the circle asks for MuJoCo's "inside" wrap: the path
 * touches the circle at one point, found by Newton's method on the angle equation {@code asin(A z)
 * + asin(B z) − 2 asin z + G = 0}, and its length on the geom is zero.
 *
 * <p>Every call computes the result and, in tangent mode, its derivative along one of the nine
 * inputs (the seed: 0..2 p0's coordinates, 3..5 p1's, 6..8 the side site's), through the same
 * branches and the same Newton iterations; the adjoint ({@code TendonsAdjoint}) calls it once per
 * seed. No allocation: everything lives in the work array {@code q} at the offsets below, each
 * value's tangent at {@code T} past it.
 */
final class Wrapping {
  /** MuJoCo's {@code mjMINVAL}. */
  static final double MINVAL = 1e-15;

  /** Inputs: the sites {@code p0, p1} and the side site {@code s}, in the geom's frame. */
  static final int P0 = 0, P1 = 3, S = 6;

  /**
   * Outputs: the tangent points {@code [RES..RES+3)} and {@code [RES+3..RES+6)} in the geom's
   * frame, and the length.
   */
  static final int RES = 9, LEN = 15;

  /**
   * The plane's axes and normal; its 2-D coordinates of the sites, the side point and the solution.
   */
  private static final int A0 = 16, A1 = 19, N = 22, D = 25, SD = 29, PNT = 31, TMP = 35;

  /** Offset of a value's tangent. */
  static final int T = 40;

  /** Size of the work array. */
  static final int SIZE = 80;

  private static final double PI = 3.141592653589793;

  /** MuJoCo's wrap_inside: at most 20 Newton steps from {@code 1 − 1e-7} to |f| ≤ 1e-6. */
  private static final int MAX_ITER = 20;

  private static final double Z_INIT = 1 - 1e-7, TOLERANCE = 1e-6;

  private Wrapping() {}

  /**
   * Wraps {@code q[P0..]}→{@code q[P1..]} around a circle of radius r (a cylinder along z if {@code
   * cylinder}, else a sphere), with the side site {@code q[S..]} if {@code side}; writes the
   * tangent points to {@code q[RES..]} and returns the length on the geom (also {@code q[LEN]}), or
   * -1 for no wrap. With {@code seed} in 0..8 the tangents {@code q[T + ...]} are the derivatives
   * along that input; with -1 they are zero.
   */
  static double wrap(double[] q, double r, boolean cylinder, boolean side, int seed) {
    for (int k = 0; k < 9; k++) {
      q[T + k] = k == seed ? 1 : 0;
    }
    q[LEN] = -1;
    q[T + LEN] = 0;
    if (norm3(q, P0) < MINVAL || norm3(q, P1) < MINVAL) {
      return -1;
    }
    plane(q, cylinder);
    // the sites (and the side point) in the plane's coordinates
    q[D] = dot3(q, P0, A0);
    q[D + 1] = dot3(q, P0, A1);
    q[D + 2] = dot3(q, P1, A0);
    q[D + 3] = dot3(q, P1, A1);
    q[T + D] = dot3(q, T + P0, A0) + dot3(q, P0, T + A0);
    q[T + D + 1] = dot3(q, T + P0, A1) + dot3(q, P0, T + A1);
    q[T + D + 2] = dot3(q, T + P1, A0) + dot3(q, P1, T + A0);
    q[T + D + 3] = dot3(q, T + P1, A1) + dot3(q, P1, T + A1);
    boolean inside = false;
    if (side) {
      q[SD] = dot3(q, S, A0);
      q[SD + 1] = dot3(q, S, A1);
      q[T + SD] = dot3(q, T + S, A0) + dot3(q, S, T + A0);
      q[T + SD + 1] = dot3(q, T + S, A1) + dot3(q, S, T + A1);
      // onto the circle if outside it; inside: MuJoCo's inside wrap
      if (Math.sqrt(q[SD] * q[SD] + q[SD + 1] * q[SD + 1]) >= r) {
        normalize(q, SD, 2);
        for (int k = 0; k < 2; k++) {
          q[SD + k] *= r;
          q[T + SD + k] *= r;
        }
      } else {
        inside = true;
      }
    }
    double len = inside ? inside(q, r) : circle(q, r, side);
    if (len < 0) {
      return -1;
    }
    double dlen = q[T + LEN];
    // back to 3-D: res_i = a0 pnt_i0 + a1 pnt_i1
    for (int i = 0; i < 2; i++) {
      for (int k = 0; k < 3; k++) {
        q[RES + 3 * i + k] = q[A0 + k] * q[PNT + 2 * i] + q[A1 + k] * q[PNT + 2 * i + 1];
        q[T + RES + 3 * i + k] =
            q[T + A0 + k] * q[PNT + 2 * i]
                + q[A0 + k] * q[T + PNT + 2 * i]
                + q[T + A1 + k] * q[PNT + 2 * i + 1]
                + q[A1 + k] * q[T + PNT + 2 * i + 1];
      }
    }
    if (cylinder) {
      // the helix: the tangent points' heights in proportion to the path's length, then its slanted
      // length
      double l0x = q[P0] - q[RES], l0y = q[P0 + 1] - q[RES + 1];
      double l1x = q[P1] - q[RES + 3], l1y = q[P1 + 1] - q[RES + 4];
      double l0 = Math.sqrt(l0x * l0x + l0y * l0y), l1 = Math.sqrt(l1x * l1x + l1y * l1y);
      double dl0 =
          l0 > 0
              ? (l0x * (q[T + P0] - q[T + RES]) + l0y * (q[T + P0 + 1] - q[T + RES + 1])) / l0
              : 0;
      double dl1 =
          l1 > 0
              ? (l1x * (q[T + P1] - q[T + RES + 3]) + l1y * (q[T + P1 + 1] - q[T + RES + 4])) / l1
              : 0;
      double total = l0 + len + l1, dtotal = dl0 + dlen + dl1;
      double z0 = q[P0 + 2], dz = q[P1 + 2] - z0, dz0 = q[T + P0 + 2], ddz = q[T + P1 + 2] - dz0;
      double f0 = l0 / total, f1 = (l0 + len) / total;
      double df0 = (dl0 - f0 * dtotal) / total, df1 = (dl0 + dlen - f1 * dtotal) / total;
      q[RES + 2] = z0 + dz * l0 / total;
      q[RES + 5] = z0 + dz * (l0 + len) / total;
      q[T + RES + 2] = dz0 + ddz * f0 + dz * df0;
      q[T + RES + 5] = dz0 + ddz * f1 + dz * df1;
      double h = Math.abs(q[RES + 5] - q[RES + 2]);
      double dh =
          q[RES + 5] - q[RES + 2] >= 0
              ? q[T + RES + 5] - q[T + RES + 2]
              : q[T + RES + 2] - q[T + RES + 5];
      double slant = Math.sqrt(len * len + h * h);
      dlen = slant > 0 ? (len * dlen + h * dh) / slant : 0;
      len = slant;
    }
    q[LEN] = len;
    q[T + LEN] = dlen;
    return len;
  }

  /**
   * The plane's axes {@code a0, a1} and normal with their tangents: for a sphere {@code a0 =
   * p0/|p0|}, the normal along {@code p0 × p1} (MuJoCo's substitute where they are parallel),
   * {@code a1 = n × a0} normalised; for a cylinder the frame's x and y.
   */
  private static void plane(double[] q, boolean cylinder) {
    for (int k = 0; k < 3; k++) {
      q[A0 + k] = k == 0 ? 1 : 0;
      q[A1 + k] = k == 1 ? 1 : 0;
      q[N + k] = k == 2 ? 1 : 0;
      q[T + A0 + k] = 0;
      q[T + A1 + k] = 0;
      q[T + N + k] = 0;
    }
    if (cylinder) {
      return;
    }
    for (int k = 0; k < 3; k++) {
      q[A0 + k] = q[P0 + k];
      q[T + A0 + k] = q[T + P0 + k];
    }
    normalize(q, A0, 3);
    cross(q, N, P0, P1);
    double nrm = Math.sqrt(dot3(q, N, N));
    if (nrm < MINVAL) {
      // p0 ∥ p1: the second axis 1 but 0 at a0's largest component; the normal a0 × that (constant
      // tangent)
      double ax = Math.abs(q[A0]), ay = Math.abs(q[A0 + 1]), az = Math.abs(q[A0 + 2]);
      int i = ay > ax && ay > az ? 1 : az > ax && az > ay ? 2 : 0;
      for (int k = 0; k < 3; k++) {
        q[A1 + k] = k == i ? 0 : 1;
        q[T + A1 + k] = 0;
      }
      cross(q, N, A0, A1);
    }
    normalize(q, N, 3);
    cross(q, A1, N, A0);
    normalize(q, A1, 3);
  }

  /**
   * MuJoCo's wrap_circle: the pair of tangent points {@code q[PNT..PNT+4)} from the sites {@code
   * q[D..D+4)} to the circle of radius r, and the arc's length; -1 if a site is inside the circle,
   * the sites coincide, or the segment between them passes outside the circle (or on the side
   * point's side).
   */
  private static double circle(double[] q, double r, boolean side) {
    double d0 = q[D], d1 = q[D + 1], d2 = q[D + 2], d3 = q[D + 3];
    double sqlen0 = d0 * d0 + d1 * d1, sqlen1 = d2 * d2 + d3 * d3, sqrad = r * r;
    if (sqlen0 < sqrad || sqlen1 < sqrad || r < MINVAL) {
      return -1;
    }
    double difx = d2 - d0, dify = d3 - d1, dd = difx * difx + dify * dify;
    if (dd < MINVAL) {
      return -1;
    }
    double a = Math.min(Math.max(-(difx * d0 + dify * d1) / dd, 0), 1);
    double tx = a * difx + d0, ty = a * dify + d1;
    if (tx * tx + ty * ty > sqrad && (!side || q[SD] * tx + q[SD + 1] * ty >= 0)) {
      return -1;
    }
    double good0 = goodness(q, r, side, 1), good1 = goodness(q, r, side, -1);
    int sgn = good0 > good1 ? 1 : -1;
    solution(q, r, sgn);
    if (intersects(d0, d1, q[PNT], q[PNT + 1], d2, d3, q[PNT + 2], q[PNT + 3])) {
      return -1;
    }
    return arc(q, r, sgn < 0);
  }

  /**
   * How good MuJoCo finds the solution of sign sgn: near the side point, or a short chord; -10000
   * if crossing.
   */
  private static double goodness(double[] q, double r, boolean side, int sgn) {
    solution(q, r, sgn);
    double good;
    if (side) {
      double sx = q[PNT] + q[PNT + 2],
          sy = q[PNT + 1] + q[PNT + 3],
          n = Math.sqrt(sx * sx + sy * sy);
      if (n < MINVAL) {
        sx = 1;
        sy = 0;
      } else {
        sx /= n;
        sy /= n;
      }
      good = sx * q[SD] + sy * q[SD + 1];
    } else {
      double cx = q[PNT] - q[PNT + 2], cy = q[PNT + 1] - q[PNT + 3];
      good = -(cx * cx + cy * cy);
    }
    if (intersects(
        q[D], q[D + 1], q[PNT], q[PNT + 1], q[D + 2], q[D + 3], q[PNT + 2], q[PNT + 3])) {
      good = -10000;
    }
    return good;
  }

  /**
   * The tangent points of sign sgn, with tangents: {@code (d sqrad ± r d⊥ √(|d|² − r²))/|d|²} for
   * each site, the second site's with the opposite turn.
   */
  private static void solution(double[] q, double r, int sgn) {
    double sqrad = r * r;
    for (int i = 0; i < 2; i++) {
      double x = q[D + 2 * i],
          y = q[D + 2 * i + 1],
          dx = q[T + D + 2 * i],
          dy = q[T + D + 2 * i + 1];
      double sq = x * x + y * y, dsq = 2 * (x * dx + y * dy);
      double root = Math.sqrt(sq - sqrad), droot = dsq / (2 * root);
      double s = i == 0 ? sgn * r : -sgn * r;
      double nx = x * sqrad + s * y * root, ny = y * sqrad - s * x * root;
      double dnx = dx * sqrad + s * (dy * root + y * droot),
          dny = dy * sqrad - s * (dx * root + x * droot);
      q[PNT + 2 * i] = nx / sq;
      q[PNT + 2 * i + 1] = ny / sq;
      q[T + PNT + 2 * i] = (dnx - q[PNT + 2 * i] * dsq) / sq;
      q[T + PNT + 2 * i + 1] = (dny - q[PNT + 2 * i + 1] * dsq) / sq;
    }
  }

  /**
   * MuJoCo's length_circle: r times the angle between the tangent points, the long way round (2π −
   * angle) when the turn from the first to the second disagrees with the solution's sign ({@code
   * second}: the solution of sign −1).
   */
  private static double arc(double[] q, double r, boolean second) {
    double x0 = q[PNT], y0 = q[PNT + 1], x1 = q[PNT + 2], y1 = q[PNT + 3];
    double n0 = Math.sqrt(x0 * x0 + y0 * y0), n1 = Math.sqrt(x1 * x1 + y1 * y1);
    double i0 = 1 / n0, i1 = 1 / n1, u0x = x0 * i0, u0y = y0 * i0, u1x = x1 * i1, u1y = y1 * i1;
    double c = u0x * u1x + u0y * u1y;
    // d(u0·u1) with du = (dp − u (u·dp))/|p|
    double dp0x = q[T + PNT], dp0y = q[T + PNT + 1], dp1x = q[T + PNT + 2], dp1y = q[T + PNT + 3];
    double e0 = u0x * dp0x + u0y * dp0y, e1 = u1x * dp1x + u1y * dp1y;
    double dc =
        ((dp0x - u0x * e0) * u1x + (dp0y - u0y * e0) * u1y) / n0
            + ((dp1x - u1x * e1) * u0x + (dp1y - u1y * e1) * u0y) / n1;
    double angle = Trig.acos(c), sine = Math.sqrt((1 - c) * (1 + c));
    double dangle = Math.abs(c) < 1 && sine > 0 ? -dc / sine : 0;
    double turn = y0 * x1 - x0 * y1;
    if ((turn > 0 && second) || (turn < 0 && !second)) {
      angle = 2 * PI - angle;
      dangle = -dangle;
    }
    q[LEN] = r * angle;
    q[T + LEN] = r * dangle;
    return r * angle;
  }

  /**
   * MuJoCo's wrap_inside: the single point where the path from the sites touches the circle from
   * inside the angle they make at its centre; length 0, or -1 when a site is inside the circle or
   * the straight segment crosses it. Where Newton's method cannot start or does not converge the
   * point is the one along the sites' mean direction.
   */
  private static double inside(double[] q, double r) {
    double d0 = q[D], d1 = q[D + 1], d2 = q[D + 2], d3 = q[D + 3];
    double len0 = Math.sqrt(d0 * d0 + d1 * d1), len1 = Math.sqrt(d2 * d2 + d3 * d3);
    double difx = d2 - d0, dify = d3 - d1, dd = difx * difx + dify * dify;
    if (len0 <= r || len1 <= r || r < MINVAL || len0 < MINVAL || len1 < MINVAL) {
      return -1;
    }
    if (dd > MINVAL) {
      double a = -(difx * d0 + dify * d1) / dd;
      if (a > 0 && a < 1) {
        double tx = d0 + a * difx, ty = d1 + a * dify;
        if (Math.sqrt(tx * tx + ty * ty) <= r) {
          return -1;
        }
      }
    }
    // the fallback: r times the sites' mean direction
    for (int k = 0; k < 2; k++) {
      q[TMP + k] = 0.5 * (q[D + k] + q[D + 2 + k]);
      q[T + TMP + k] = 0.5 * (q[T + D + k] + q[T + D + 2 + k]);
    }
    normalize(q, TMP, 2);
    setPoint(q, r * q[TMP], r * q[TMP + 1], r * q[T + TMP], r * q[T + TMP + 1]);
    q[LEN] = 0;
    q[T + LEN] = 0;
    double dd0 = q[T + D], dd1 = q[T + D + 1], dd2 = q[T + D + 2], dd3 = q[T + D + 3];
    double dlen0 = (d0 * dd0 + d1 * dd1) / len0, dlen1 = (d2 * dd2 + d3 * dd3) / len1;
    double ddd = 2 * (difx * (dd2 - dd0) + dify * (dd3 - dd1));
    double ca = r / len0, cb = r / len1, dca = -ca * dlen0 / len0, dcb = -cb * dlen1 / len1;
    double cosG = (len0 * len0 + len1 * len1 - dd) / (2 * len0 * len1);
    if (cosG < -1 + MINVAL) {
      return -1;
    } else if (cosG > 1 - MINVAL) {
      return 0;
    }
    double dcosG =
        (len0 * dlen0 + len1 * dlen1 - 0.5 * ddd) / (len0 * len1)
            - cosG * (dlen0 / len0 + dlen1 / len1);
    double g = Trig.acos(cosG), dg = -dcosG / Math.sqrt((1 - cosG) * (1 + cosG));
    double z = Z_INIT, dz = 0;
    double f = Trig.asin(ca * z) + Trig.asin(cb * z) - 2 * Trig.asin(z) + g;
    if (f > 0) {
      return 0;
    }
    int iter = 0;
    for (; iter < MAX_ITER && Math.abs(f) > TOLERANCE; iter++) {
      double sa = Math.sqrt(1 - z * z * ca * ca),
          sb = Math.sqrt(1 - z * z * cb * cb),
          sz = Math.sqrt(1 - z * z);
      double df = ca / Math.max(MINVAL, sa) + cb / Math.max(MINVAL, sb) - 2 / Math.max(MINVAL, sz);
      if (df > -MINVAL) {
        return 0;
      }
      // tangents of f and of its derivative df at (z, A, B, G)
      double tf = (ca * dz + z * dca) / sa + (cb * dz + z * dcb) / sb - 2 * dz / sz + dg;
      double tdf =
          (sa > MINVAL ? dca / sa + ca * ca * z * (z * dca + ca * dz) / (sa * sa * sa) : 0)
              + (sb > MINVAL ? dcb / sb + cb * cb * z * (z * dcb + cb * dz) / (sb * sb * sb) : 0)
              - (sz > MINVAL ? 2 * z * dz / (sz * sz * sz) : 0);
      double z1 = z - f / df;
      if (z1 > z) {
        return 0;
      }
      dz = dz - (tf * df - f * tdf) / (df * df);
      z = z1;
      f = Trig.asin(ca * z) + Trig.asin(cb * z) - 2 * Trig.asin(z) + g;
      if (f > TOLERANCE) {
        return 0;
      }
    }
    if (iter >= MAX_ITER) {
      return 0;
    }
    // rotate the first site's direction (or the second's) by the angle z gives
    boolean first = d0 * d3 - d1 * d2 > 0;
    double c = first ? ca : cb, dc = first ? dca : dcb;
    int v = first ? D : D + 2;
    q[TMP] = q[v];
    q[TMP + 1] = q[v + 1];
    q[T + TMP] = q[T + v];
    q[T + TMP + 1] = q[T + v + 1];
    normalize(q, TMP, 2);
    double ang = Trig.asin(z) - Trig.asin(c * z);
    double dang = dz / Math.sqrt(1 - z * z) - (c * dz + z * dc) / Math.sqrt(1 - c * c * z * z);
    double cs = Trig.cos(ang), sn = Trig.sin(ang), vx = q[TMP], vy = q[TMP + 1];
    double dvx = q[T + TMP], dvy = q[T + TMP + 1];
    setPoint(
        q,
        r * (cs * vx - sn * vy),
        r * (sn * vx + cs * vy),
        r * (cs * dvx - sn * dvy - dang * (sn * vx + cs * vy)),
        r * (sn * dvx + cs * dvy + dang * (cs * vx - sn * vy)));
    return 0;
  }

  /** Both tangent points at the one point (x, y), with tangent (dx, dy). */
  private static void setPoint(double[] q, double x, double y, double dx, double dy) {
    q[PNT] = x;
    q[PNT + 1] = y;
    q[PNT + 2] = x;
    q[PNT + 3] = y;
    q[T + PNT] = dx;
    q[T + PNT + 1] = dy;
    q[T + PNT + 2] = dx;
    q[T + PNT + 3] = dy;
  }

  /** Whether the 2-D segments p1–p2 and p3–p4 intersect (MuJoCo's is_intersect). */
  private static boolean intersects(
      double p1x,
      double p1y,
      double p2x,
      double p2y,
      double p3x,
      double p3y,
      double p4x,
      double p4y) {
    double det = (p4y - p3y) * (p2x - p1x) - (p4x - p3x) * (p2y - p1y);
    if (Math.abs(det) < MINVAL) {
      return false;
    }
    double a = ((p4x - p3x) * (p1y - p3y) - (p4y - p3y) * (p1x - p3x)) / det;
    double b = ((p2x - p1x) * (p1y - p3y) - (p2y - p1y) * (p1x - p3x)) / det;
    return a >= 0 && a <= 1 && b >= 0 && b <= 1;
  }

  /**
   * Normalises {@code q[o..o+n)} in place with its tangent ({@code dv = (dv − v (v·dv))/|v|} after
   * scaling); MuJoCo's rule below {@code MINVAL}: the first axis, tangent zero. Returns the norm.
   */
  private static double normalize(double[] q, int o, int n) {
    double s = 0;
    for (int k = 0; k < n; k++) {
      s += q[o + k] * q[o + k];
    }
    double norm = Math.sqrt(s);
    if (norm < MINVAL) {
      for (int k = 0; k < n; k++) {
        q[o + k] = k == 0 ? 1 : 0;
        q[T + o + k] = 0;
      }
      return norm;
    }
    double inv = 1 / norm, e = 0;
    for (int k = 0; k < n; k++) {
      q[o + k] *= inv;
      e += q[o + k] * q[T + o + k];
    }
    for (int k = 0; k < n; k++) {
      q[T + o + k] = (q[T + o + k] - q[o + k] * e) * inv;
    }
    return norm;
  }

  /** {@code q[o..] = q[a..] × q[b..]}, with its tangent. */
  private static void cross(double[] q, int o, int a, int b) {
    for (int k = 0; k < 3; k++) {
      int i = (k + 1) % 3, j = (k + 2) % 3;
      q[o + k] = q[a + i] * q[b + j] - q[a + j] * q[b + i];
      q[T + o + k] =
          q[T + a + i] * q[b + j]
              + q[a + i] * q[T + b + j]
              - q[T + a + j] * q[b + i]
              - q[a + j] * q[T + b + i];
    }
  }

  private static double dot3(double[] q, int a, int b) {
    return q[a] * q[b] + q[a + 1] * q[b + 1] + q[a + 2] * q[b + 2];
  }

  private static double norm3(double[] q, int a) {
    return Math.sqrt(dot3(q, a, a));
  }
}
