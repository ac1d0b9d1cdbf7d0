package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Capsule–box contacts as MuJoCo 2.2.2's {@code mjc_CapsuleBox} makes them: one or two points on
 * the capsule's segment, each then a sphere of the capsule's radius against the box ({@link
 * CollisionPrimitives#sphereBoxAt}).
 *
 * <p>The first point is the segment's point nearest the box: an end whose nearest box point lies on
 * a face (at most one coordinate clamped), or the nearest point between the segment and one of the
 * box's twelve edges, whichever is nearer. The second, when the capsule lies along the box rather
 * than pointing at it, is the farthest point along the segment that still lies over the box: along
 * the edge or face the first point found, clipped where the segment leaves the box's extent. Both
 * are parameters {@code t ∈ [−1, 1]} of the segment {@code c + t h a} (h the half length, a the
 * axis).
 *
 * <p>Features: k 0 the first point, k 1 the second. The parameters are piecewise smooth functions
 * of the capsule's pose in the box's frame; {@link #segment} also gives their derivative along one
 * of its six coordinates (tangent mode), which the adjoint uses.
 */
final class CapsuleBox {
  private CapsuleBox() {}

  /**
   * Offsets of {@link #segment}'s outputs: the parameters, whether there is a second point, their
   * tangents.
   */
  static final int T1 = 0, T2 = 1, HAS_SECOND = 2, DT1 = 3, DT2 = 4;

  /** MuJoCo's {@code mjMINVAL}. */
  private static final double MIN_VALUE = 1e-15;

  /** The contacts of capsule gc (geom 1 of pair p) and box gb. */
  static void contact(Model m, Data d, int p, int gc, int gb) {
    double[] w = d.scratch6;
    segment(m, d, gc, gb, m.pairMargin(p), -1, w);
    double t1 = w[T1], t2 = w[T2];
    boolean second = w[HAS_SECOND] > 0;
    double r = m.geomSize(gc, 0);
    point(m, d, p, 0, gc, gb, t1, r);
    if (second) {
      point(m, d, p, 1, gc, gb, t2, r);
    }
  }

  /** Feature k: the sphere at parameter t of the segment against the box. */
  private static void point(Model m, Data d, int p, int k, int gc, int gb, double t, double r) {
    double[] w = d.scratch6;
    centre(m, d, gc, gb, t, w);
    CollisionPrimitives.sphereBoxAt(m, d, p, k, w[0], w[1], w[2], r, gb);
  }

  /**
   * The point at parameter t of capsule gc's segment into {@code w[0..3)}, formed as MuJoCo forms
   * it: in the box's frame (the capsule's centre and half axis there), then back to the world.
   */
  static void centre(Model m, Data d, int gc, int gb, double t, double[] w) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int c = 3 * gc, b = 3 * gb, oc = 9 * gc, ob = 9 * gb;
    double h = m.geomSize(gc, 1);
    double wx = pos[c] - pos[b], wy = pos[c + 1] - pos[b + 1], wz = pos[c + 2] - pos[b + 2];
    double ax = mat[oc + 2], ay = mat[oc + 5], az = mat[oc + 8];
    double lx = mat[ob] * wx + mat[ob + 3] * wy + mat[ob + 6] * wz;
    double ly = mat[ob + 1] * wx + mat[ob + 4] * wy + mat[ob + 7] * wz;
    double lz = mat[ob + 2] * wx + mat[ob + 5] * wy + mat[ob + 8] * wz;
    double hx = (mat[ob] * ax + mat[ob + 3] * ay + mat[ob + 6] * az) * h;
    double hy = (mat[ob + 1] * ax + mat[ob + 4] * ay + mat[ob + 7] * az) * h;
    double hz = (mat[ob + 2] * ax + mat[ob + 5] * ay + mat[ob + 8] * az) * h;
    double qx = lx + hx * t, qy = ly + hy * t, qz = lz + hz * t;
    w[0] = mat[ob] * qx + mat[ob + 1] * qy + mat[ob + 2] * qz + pos[b];
    w[1] = mat[ob + 3] * qx + mat[ob + 4] * qy + mat[ob + 5] * qz + pos[b + 1];
    w[2] = mat[ob + 6] * qx + mat[ob + 7] * qy + mat[ob + 8] * qz + pos[b + 2];
  }

  /**
   * The segment parameters of capsule gc against box gb, with the pair's margin, into {@code w}
   * ({@link #T1}, {@link #T2}, {@link #HAS_SECOND} 1 or 0), and, for {@code seed} in 0..5, their
   * derivatives ({@link #DT1}, {@link #DT2}) along the capsule centre's box-frame coordinate {@code
   * seed} (0..2) or the box-frame half axis' coordinate {@code seed − 3} (3..5); zero for {@code
   * seed < 0}.
   */
  static void segment(Model m, Data d, int gc, int gb, double margin, int seed, double[] w) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int c = 3 * gc, b = 3 * gb, oc = 9 * gc, ob = 9 * gb;
    double hl = m.geomSize(gc, 1), r = m.geomSize(gc, 0);
    double s0 = m.geomSize(gb, 0), s1 = m.geomSize(gb, 1), s2 = m.geomSize(gb, 2);
    double wx = pos[c] - pos[b], wy = pos[c + 1] - pos[b + 1], wz = pos[c + 2] - pos[b + 2];
    // the capsule's centre p and axis in the box's frame, the half axis h = hl · axis; tangents dp,
    // dh
    double p0 = mat[ob] * wx + mat[ob + 3] * wy + mat[ob + 6] * wz;
    double p1 = mat[ob + 1] * wx + mat[ob + 4] * wy + mat[ob + 7] * wz;
    double p2 = mat[ob + 2] * wx + mat[ob + 5] * wy + mat[ob + 8] * wz;
    double ax = mat[oc + 2], ay = mat[oc + 5], az = mat[oc + 8];
    double x0 = mat[ob] * ax + mat[ob + 3] * ay + mat[ob + 6] * az;
    double x1 = mat[ob + 1] * ax + mat[ob + 4] * ay + mat[ob + 7] * az;
    double x2 = mat[ob + 2] * ax + mat[ob + 5] * ay + mat[ob + 8] * az;
    double h0 = x0 * hl, h1 = x1 * hl, h2 = x2 * hl;
    double dp0 = seed == 0 ? 1 : 0, dp1 = seed == 1 ? 1 : 0, dp2 = seed == 2 ? 1 : 0;
    double dh0 = seed == 3 ? 1 : 0, dh1 = seed == 4 ? 1 : 0, dh2 = seed == 5 ? 1 : 0;
    int axisdir = (h0 > 0 ? 1 : 0) + (h1 > 0 ? 2 : 0) + (h2 > 0 ? 4 : 0);
    // MuJoCo's bound on the candidates' squared distances (a length, as 2.2.2 has it): a pair the
    // margin lets through
    // the bounding-sphere filter may lie beyond 2 (r + hl + Σ s) apart squared
    double bestdistmax = margin + 2 * (r + hl + s0 + s1 + s2), bestdist = bestdistmax;
    double best = 0, dbest = 0, boxpos = 0, dboxpos = 0;
    int cltype = -4, clface = -1, clcorner = 0, cledge = 0;
    // an end of the segment over a face of the box (at most one coordinate outside)
    for (int i = -1; i <= 1; i += 2) {
      double e0 = p0 + h0 * i, e1 = p1 + h1 * i, e2 = p2 + h2 * i;
      int outside = 0, face = -1;
      double c0 = e0, c1 = e1, c2 = e2;
      if (e0 < -s0 || e0 > s0) {
        outside++;
        face = 0;
        c0 = e0 < -s0 ? -s0 : s0;
      }
      if (e1 < -s1 || e1 > s1) {
        outside++;
        face = 1;
        c1 = e1 < -s1 ? -s1 : s1;
      }
      if (e2 < -s2 || e2 > s2) {
        outside++;
        face = 2;
        c2 = e2 < -s2 ? -s2 : s2;
      }
      if (outside > 1) {
        continue;
      }
      double dist = (c0 - e0) * (c0 - e0) + (c1 - e1) * (c1 - e1) + (c2 - e2) * (c2 - e2);
      if (dist < bestdist) {
        bestdist = dist;
        best = i;
        dbest = 0;
        cltype = -2 + i;
        clface = face;
      }
    }
    // the segment against each of the box's twelve edges (along axis j, from corner i)
    for (int j = 0; j < 3; j++) {
      double sj = j == 0 ? s0 : j == 1 ? s1 : s2, hj = j == 0 ? h0 : j == 1 ? h1 : h2;
      double dhj = j == 0 ? dh0 : j == 1 ? dh1 : dh2, dpj = j == 0 ? dp0 : j == 1 ? dp1 : dp2;
      for (int i = 0; i < 8; i++) {
        if ((i & (1 << j)) != 0) {
          continue;
        }
        double k0 = j == 0 ? 0 : ((i & 1) != 0 ? 1 : -1) * s0,
            k1 = j == 1 ? 0 : ((i & 2) != 0 ? 1 : -1) * s1;
        double k2 = j == 2 ? 0 : ((i & 4) != 0 ? 1 : -1) * s2;
        double f0 = k0 - p0, f1 = k1 - p1, f2 = k2 - p2, fj = j == 0 ? f0 : j == 1 ? f1 : f2;
        double ma = sj * sj, mb = -sj * hj, mc = hl * hl;
        double u = -sj * fj, v = h0 * f0 + h1 * f1 + h2 * f2;
        double det = ma * mc - mb * mb;
        if (Math.abs(det) < MIN_VALUE) {
          continue;
        }
        double idet = 1 / det;
        double dmb = -sj * dhj,
            du = sj * dpj,
            dv = dh0 * f0 + dh1 * f1 + dh2 * f2 - h0 * dp0 - h1 * dp1 - h2 * dp2;
        double ddet = -2 * mb * dmb;
        double y1 = (mc * u - mb * v) * idet, y2 = (ma * v - mb * u) * idet;
        double dy1 = (mc * du - dmb * v - mb * dv) * idet - y1 * ddet * idet;
        double dy2 = (ma * dv - dmb * u - mb * du) * idet - y2 * ddet * idet;
        int c1 = 1, c2 = 1;
        if (y1 > 1) {
          y1 = 1;
          dy1 = 0;
          c1 = 2;
          y2 = (v - mb) * (1 / mc);
          dy2 = (dv - dmb) * (1 / mc);
        } else if (y1 < -1) {
          y1 = -1;
          dy1 = 0;
          c1 = 0;
          y2 = (v + mb) * (1 / mc);
          dy2 = (dv + dmb) * (1 / mc);
        }
        if (y2 > 1 || y2 < -1) {
          double sgn = y2 > 1 ? 1 : -1;
          y2 = sgn;
          dy2 = 0;
          c2 = y2 > 0 ? 2 : 0;
          y1 = (u - sgn * mb) * (1 / ma);
          dy1 = (du - sgn * dmb) * (1 / ma);
          if (y1 > 1 || y1 < -1) {
            y1 = y1 > 1 ? 1 : -1;
            dy1 = 0;
            c1 = y1 > 0 ? 2 : 0;
          }
        }
        double g0 = f0 - h0 * y2 + (j == 0 ? sj * y1 : 0),
            g1 = f1 - h1 * y2 + (j == 1 ? sj * y1 : 0);
        double g2 = f2 - h2 * y2 + (j == 2 ? sj * y1 : 0);
        double dist = g0 * g0 + g1 * g1 + g2 * g2;
        if (dist < bestdist - MIN_VALUE) {
          bestdist = dist;
          best = y2;
          dbest = dy2;
          boxpos = y1;
          dboxpos = dy1;
          int type = c1 * 3 + c2;
          clcorner = i + (1 << j) * (type / 6);
          cledge = j;
          cltype = type;
        }
      }
    }
    w[T1] = best;
    w[DT1] = dbest;
    w[HAS_SECOND] = 0;
    w[T2] = 0;
    w[DT2] = 0;
    if (cltype == -4) {
      return;
    }
    // the second point: sp its offset along the segment from the first, dsp its tangent
    double sp = -4, dsp = 0;
    if (cltype >= 0 && cltype / 3 != 1) {
      // the box's nearest feature is a corner
      int c1 = axisdir ^ clcorner;
      if (c1 != 0 && c1 != 7) {
        double mul = 1, de = 1 - best, dde = -dbest, dpp = 1 + best, ddpp = dbest;
        if (c1 == 3 || c1 == 5 || c1 == 6) {
          mul = -1;
          c1 = 7 - c1;
          dpp = 1 - best;
          ddpp = -dbest;
          de = 1 + best;
          dde = dbest;
        }
        int ax0 = c1 == 1 ? 0 : c1 == 2 ? 1 : 2, ax1 = (ax0 + 1) % 3, ax2 = (ax0 + 2) % 3;
        double along = ax0 == 0 ? x0 : ax0 == 1 ? x1 : x2;
        if (along * along > 0.5) {
          // along the box's edge
          sp = de;
          dsp = dde;
          double e = reach(ax0, s0, s1, s2, h0, h1, h2),
              de1 = reachTangent(ax0, s0, s1, s2, h0, h1, h2, dh0, dh1, dh2);
          if (e < sp) {
            sp = e;
            dsp = de1;
          }
          sp *= mul;
          dsp *= mul;
        } else {
          // across a face of the box
          sp = dpp;
          dsp = ddpp;
          double e = reach(ax1, s0, s1, s2, h0, h1, h2);
          if (e < sp) {
            sp = e;
            dsp = reachTangent(ax1, s0, s1, s2, h0, h1, h2, dh0, dh1, dh2);
          }
          e = reach(ax2, s0, s1, s2, h0, h1, h2);
          if (e < sp) {
            sp = e;
            dsp = reachTangent(ax2, s0, s1, s2, h0, h1, h2, dh0, dh1, dh2);
          }
          sp *= -mul;
          dsp *= -mul;
        }
      }
    } else if (cltype >= 0) {
      // the middle of an edge: a second point when the segment crosses the edge (not a T)
      int c1 = (axisdir ^ clcorner) & (7 - (1 << cledge));
      if (c1 == 1 || c1 == 2 || c1 == 4) {
        int ax0 = cledge, ax1 = (cledge + 1) % 3, ax2 = (cledge + 2) % 3;
        double a1 = ax1 == 0 ? x0 : ax1 == 1 ? x1 : x2, a2 = ax2 == 0 ? x0 : ax2 == 1 ? x1 : x2;
        if (Math.abs(a1) > Math.abs(a2)) {
          ax1 = ax2;
        }
        ax2 = 3 - ax0 - ax1;
        double mul;
        if ((c1 & (1 << ax2)) != 0) {
          mul = 1;
          sp = 1 - best;
          dsp = -dbest;
        } else {
          mul = -1;
          sp = 1 + best;
          dsp = dbest;
        }
        double e = reach(ax2, s0, s1, s2, h0, h1, h2);
        if (e < sp) {
          sp = e;
          dsp = reachTangent(ax2, s0, s1, s2, h0, h1, h2, dh0, dh1, dh2);
        }
        double e2, de2;
        if (((axisdir & (1 << ax0)) != 0) == ((c1 & (1 << ax2)) != 0)) {
          e2 = 1 - boxpos;
          de2 = -dboxpos;
        } else {
          e2 = 1 + boxpos;
          de2 = dboxpos;
        }
        double sa = ax0 == 0 ? s0 : ax0 == 1 ? s1 : s2, ha = ax0 == 0 ? h0 : ax0 == 1 ? h1 : h2;
        double dha = ax0 == 0 ? dh0 : ax0 == 1 ? dh1 : dh2, abs = Math.abs(ha);
        e = sa * e2 / abs;
        if (e < sp) {
          sp = e;
          dsp = sa * de2 / abs - sa * e2 * (ha < 0 ? -1 : 1) * dha / (abs * abs);
        }
        sp *= mul;
        dsp *= mul;
      }
    } else if (clface != -1) {
      // an end over a face: the other end's direction, clipped where the segment leaves the box's
      // extent
      double mul = cltype == -3 ? 1 : -1;
      sp = 2;
      dsp = 0;
      double q0 = p0 - h0 * mul, q1 = p1 - h1 * mul, q2 = p2 - h2 * mul;
      double dq0 = dp0 - dh0 * mul, dq1 = dp1 - dh1 * mul, dq2 = dp2 - dh2 * mul;
      for (int i = 0; i < 3; i++) {
        if (i == clface) {
          continue;
        }
        double si = i == 0 ? s0 : i == 1 ? s1 : s2, hi = i == 0 ? h0 : i == 1 ? h1 : h2;
        double qi = i == 0 ? q0 : i == 1 ? q1 : q2, dqi = i == 0 ? dq0 : i == 1 ? dq1 : dq2;
        double dhi = i == 0 ? dh0 : i == 1 ? dh1 : dh2;
        for (int side = 1; side >= -1; side -= 2) {
          double e = (side * si - qi) / hi * mul;
          if (e > 0 && e < sp) {
            sp = e;
            dsp = (-dqi / hi - (side * si - qi) * dhi / (hi * hi)) * mul;
          }
        }
      }
      sp *= mul;
      dsp *= mul;
    }
    if (sp > -3) {
      w[HAS_SECOND] = 1;
      w[T2] = sp + best;
      w[DT2] = dsp + dbest;
    }
  }

  /** {@code 2 s_ax / |h_ax|}: the segment parameter span over the box's extent along axis ax. */
  private static double reach(
      int ax, double s0, double s1, double s2, double h0, double h1, double h2) {
    double s = ax == 0 ? s0 : ax == 1 ? s1 : s2, h = ax == 0 ? h0 : ax == 1 ? h1 : h2;
    return 2 * s / Math.abs(h);
  }

  /** The tangent of {@link #reach} along dh. */
  private static double reachTangent(
      int ax,
      double s0,
      double s1,
      double s2,
      double h0,
      double h1,
      double h2,
      double dh0,
      double dh1,
      double dh2) {
    double s = ax == 0 ? s0 : ax == 1 ? s1 : s2, h = ax == 0 ? h0 : ax == 1 ? h1 : h2;
    double dh = ax == 0 ? dh0 : ax == 1 ? dh1 : dh2;
    return -2 * s * (h < 0 ? -1 : 1) * dh / (h * h);
  }
}
