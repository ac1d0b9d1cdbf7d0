package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * The contact of two convex primitives without an analytic collision function, as MuJoCo 2.2.2's
 * {@code mjc_Convex} computes it: Minkowski Portal Refinement (MPR, Snethen's XenoCollide) on the
 * Minkowski difference {@code A − B} of the two geoms' support functions, with libccd 2.1's steps
 * and tolerances, then MuJoCo's {@code mjc_fixNormal} (the normal re-derived from the surface of
 * each round geom at the contact point). One contact per pair, feature 0.
 *
 * <p>MPR in brief: {@code v0 = c1 − c2} (the centres' difference) lies inside {@code A − B}; the
 * geoms overlap when the ray from v0 through the origin leaves {@code A − B} beyond the origin. A
 * triangle (portal) of three support points the ray passes through is found (discovery), moved
 * outwards until it contains the origin on its inner side (refinement), then pushed out to the
 * surface until the support in its normal direction gains less than {@link #TOLERANCE}
 * (penetration). The depth is the distance from the origin to that triangle, the normal the
 * direction to its nearest point, the contact point the mean of the two geoms' points with the
 * origin's barycentric coordinates in the tetrahedron {@code (v0, v1, v2, v3)}.
 *
 * <p>Work space: {@code Data.convexScratch}: five support records (portal points 0..3 and the
 * candidate 4) of {@link #RECORD} numbers each (the point of {@code A − B}, geom 1's and geom 2's
 * support points, the index of the support evaluation in the log), then work vectors at {@link
 * #DIR}, {@link #VA}, {@link #VB}, {@link #WIT}, {@link #WIT2} and {@link #TMP}, the outcome at
 * {@link #RES} and the log's length at {@link #COUNT}.
 *
 * <p>Log: {@code Data.convexLog} keeps, for every support evaluation k in order, how its direction
 * was made and from which earlier evaluations ({@link #LOG} numbers: rule, three evaluation indices
 * with −1 for v0, the unit direction, geom 1's and geom 2's support points), and, at {@link
 * #ELLIPSOID_LOG}, the iterates of the ellipsoid normal solves of {@link #fixNormal}. {@link
 * ConvexCollisionAdjoint} replays it backwards: every direction is a normalised vector of one of
 * three {@code RULE_*} forms in earlier points, so the whole computation is a short straight-line
 * program once the branches are fixed.
 */
final class ConvexCollision {
  private ConvexCollision() {}

  /** libccd's {@code CCD_EPS} in double precision, {@code DBL_EPSILON}: its test for zero. */
  static final double EPS = 2.220446049250313e-16;

  /**
   * MuJoCo 2.2.2's default {@code mpr_tolerance}: the support gain at which the portal counts as on
   * the surface, m.
   */
  static final double TOLERANCE = 1e-6;

  /**
   * MuJoCo 2.2.2's default {@code mpr_iterations}: the most portal expansions of the penetration
   * phase.
   */
  static final int ITERATIONS = 50;

  /**
   * Bound on the discovery and refinement loops, which libccd leaves unbounded; past it, no
   * contact. They take a few steps on the shapes here; the bound keeps a pair's support evaluations
   * within {@link #MAX_SUPPORTS}.
   */
  static final int MAX_LOOPS = 36;

  /**
   * Width of a support record: the point of {@code A − B} at +0, geom 1's point at +3, geom 2's
   * point at +6, the log index of its support evaluation at +9 (−1 for v0, the centres).
   */
  static final int RECORD = 10;

  /** Offsets of the work vectors, the outcome of {@link #mpr} and the log length in the scratch. */
  static final int DIR = 50, VA = 53, VB = 56, WIT = 59, WIT2 = 62, TMP = 65, RES = 68, COUNT = 69;

  /**
   * Non-zero while MPR runs in a height field's frame ({@link #hfield}): the prism is geom 1, and
   * geom 2's pose is {@code Data.hfieldLocal}.
   */
  static final int FRAME = 70;

  /**
   * The pair's margin while MPR runs: every support point moves out by half of it along its
   * direction, so that MPR sees both geoms inflated by half the margin (MuJoCo's {@code
   * mjccd_support}).
   */
  static final int MARGIN = 71;

  /** Length of {@code Data.convexScratch}. */
  static final int SCRATCH = 72;

  /**
   * Most support evaluations of one pair: discovery, refinement and penetration loops are bounded
   * to fit.
   */
  static final int MAX_SUPPORTS = 128;

  /**
   * Width of a log entry: the rule at +0, the evaluations it reads at +1..+3, the unit direction at
   * +4, geom 1's support point at +7, geom 2's at +10.
   */
  static final int LOG = 13;

  /**
   * How a support direction is made from the points {@code v_a, v_b, v_c} of earlier evaluations
   * (v0 the centres' difference), before normalising: {@code −v_a}, {@code v_a × v_b}, or {@code
   * (v_b − v_a) × (v_c − v_a)}.
   */
  static final int RULE_AWAY = 0, RULE_NORMAL = 1, RULE_TRIANGLE = 2;

  /**
   * Start of the ellipsoid normal iterates in the log: per geom of the pair ({@link
   * #ELLIPSOID_WIDTH} each) the number of iterates at +0, then the iterates (3 each: the inside
   * solve's normals, or the outside solve's λ in the first).
   */
  static final int ELLIPSOID_LOG = MAX_SUPPORTS * LOG;

  /** Room for one geom's ellipsoid iterates: a count and 31 of them. */
  static final int ELLIPSOID_WIDTH = 1 + 31 * 3;

  /** Length of {@code Data.convexLog}. */
  static final int LOG_LENGTH = ELLIPSOID_LOG + 2 * ELLIPSOID_WIDTH;

  /**
   * Contact 0 of pair p between convex geoms g1 and g2 (not planes): MPR's depth and point for the
   * geoms inflated by half the pair's margin each, at distance {@code margin − depth}; the normal
   * from geom 1 to geom 2 fixed by {@link #fixNormal}; nothing when MPR finds no overlap or a zero
   * depth.
   */
  static void contact(Model m, Data d, int p, int g1, int g2) {
    double margin = m.pairMargin(p), depth = mpr(m, d, g1, g2, margin);
    if (depth <= 0) {
      return;
    }
    double[] s = d.convexScratch;
    int c = d.ncon;
    for (int k = 0; k < 3; k++) {
      d.conFrame[9 * c + k] = s[WIT + k];
      d.conPos[3 * c + k] = s[TMP + k];
    }
    fixNormal(m, d, c, g1, g2);
    Contacts.emit(m, d, p, 0, margin - depth);
  }

  /**
   * libccd's {@code ccdMPRPenetration} on geoms g1 and g2, each inflated by {@code margin / 2}
   * ({@link #MARGIN}): returns the depth, positive when they overlap, with the unit direction in
   * {@code WIT} and the contact point in {@code TMP}; 0 when they are apart, touch at a point or
   * the depth is zero. Leaves the outcome in {@code RES} (−1 none, 2 the origin on the segment
   * v0–v1, 0 refined) and the log.
   */
  static double mpr(Model m, Data d, int g1, int g2, double margin) {
    double[] s = d.convexScratch;
    s[COUNT] = 0;
    s[MARGIN] = margin;
    int res = discoverPortal(m, d, g1, g2, s);
    s[RES] = -1;
    if (res < 0 || res == 1) {
      // apart, or touching at a single point (no normal: MuJoCo drops it)
      return 0;
    }
    double depth;
    if (res == 2) {
      // the origin lies on the segment v0-v1: depth and direction are those of v1
      depth = Math.sqrt(dot(s, RECORD, RECORD));
      for (int k = 0; k < 3; k++) {
        s[WIT + k] = s[RECORD + k];
        s[TMP + k] = (s[RECORD + 3 + k] + s[RECORD + 6 + k]) * 0.5;
      }
      normalize(s, WIT);
    } else {
      if (refinePortal(m, d, g1, g2, s) < 0) {
        return 0;
      }
      depth = penetration(m, d, g1, g2, s);
      if (isZero(depth)) {
        return 0;
      }
    }
    s[RES] = res;
    return depth;
  }

  /**
   * The centre MPR starts from for geom g into {@code s[out..out+3)}: its position, or for a height
   * field the mean of the six vertices of the prism in {@code Data.hfieldPrism} (MuJoCo's {@code
   * prism_center}); in the height field's frame while {@link #FRAME} is set.
   */
  static void center(Model m, Data d, int g, double[] s, int out) {
    if (m.geomType(g) == GeomType.HFIELD) {
      double[] v = d.hfieldPrism;
      double cx = 0, cy = 0, cz = 0;
      for (int i = 0; i < 6; i++) {
        cx += v[3 * i];
        cy += v[3 * i + 1];
        cz += v[3 * i + 2];
      }
      s[out] = cx * (1.0 / 6);
      s[out + 1] = cy * (1.0 / 6);
      s[out + 2] = cz * (1.0 / 6);
    } else if (s[FRAME] != 0) {
      s[out] = d.hfieldLocal[9];
      s[out + 1] = d.hfieldLocal[10];
      s[out + 2] = d.hfieldLocal[11];
    } else {
      s[out] = d.geomXpos[3 * g];
      s[out + 1] = d.geomXpos[3 * g + 1];
      s[out + 2] = d.geomXpos[3 * g + 2];
    }
  }

  // ---- MuJoCo's mjc_ConvexHField ----

  /**
   * The contacts of pair p between height field g1 and convex geom g2 (MuJoCo 2.2.2's {@code
   * mjc_ConvexHField}), computed as MuJoCo does in the height field's frame: g2's bounding box
   * there selects the cells below it; each cell is two triangles, each the top of a prism down to
   * the base, and MPR collides g2 with every prism whose top is not wholly below g2's lowest point,
   * in MuJoCo's order (rows, then columns, then the cell's two triangles), one contact per prism,
   * until the pair's slots are full (at most MuJoCo's 50); each contact is carried back to the
   * world, then its normal fixed ({@link #fixNormal}).
   */
  static void hfield(Model m, Data d, int p, int g1, int g2) {
    double[] s = d.convexScratch;
    int h = m.geomHfield(g1);
    double sx = m.hfieldSize(h, 0),
        sy = m.hfieldSize(h, 1),
        top = m.hfieldSize(h, 2),
        base = m.hfieldSize(h, 3);
    localPose(d, g1, g2);
    double[] q = d.hfieldLocal;
    double r2 = m.geomRbound(g2);
    if (sx < q[9] - r2
        || -sx > q[9] + r2
        || sy < q[10] - r2
        || -sy > q[10] + r2
        || top < q[11] - r2
        || -base > q[11] + r2) {
      return;
    }
    // g2's bounding box in the height field's frame, from its support along the frame's axes
    s[FRAME] = 1;
    s[MARGIN] = 0;
    double xmin = extent(m, d, g2, 0, -1), xmax = extent(m, d, g2, 0, 1);
    double ymin = extent(m, d, g2, 1, -1), ymax = extent(m, d, g2, 1, 1);
    double zmin = extent(m, d, g2, 2, -1), zmax = extent(m, d, g2, 2, 1);
    s[FRAME] = 0;
    if (xmin > sx || xmax < -sx || ymin > sy || ymax < -sy || zmin > top || zmax < -base) {
      return;
    }
    int nrow = m.hfieldNrow(h), ncol = m.hfieldNcol(h);
    int cmin = Math.max(0, (int) Math.floor((xmin + sx) / (2 * sx) * (ncol - 1)));
    int cmax = Math.min(ncol - 1, (int) Math.ceil((xmax + sx) / (2 * sx) * (ncol - 1)));
    int rmin = Math.max(0, (int) Math.floor((ymin + sy) / (2 * sy) * (nrow - 1)));
    int rmax = Math.min(nrow - 1, (int) Math.ceil((ymax + sy) / (2 * sy) * (nrow - 1)));
    int slots = m.pairConAdr(p + 1) - m.pairConAdr(p), count = 0;
    for (int r = rmin; r < rmax; r++) {
      for (int c = cmin + 1; c <= cmax; c++) {
        for (int i = 0; i < 2; i++) {
          int cell = 2 * (r * ncol + c) + i;
          prism(m, d, g1, cell);
          double[] v = d.hfieldPrism;
          if (v[11] < zmin && v[14] < zmin && v[17] < zmin) {
            continue;
          }
          s[FRAME] = 1;
          double depth = mpr(m, d, g1, g2, 0);
          s[FRAME] = 0;
          if (depth <= 0) {
            continue;
          }
          int k = d.ncon;
          toWorld(d, g1, s, WIT, d.conFrame, 9 * k, false);
          toWorld(d, g1, s, TMP, d.conPos, 3 * k, true);
          fixNormal(m, d, k, g1, g2);
          d.conFeature[k] = cell;
          Contacts.emit(m, d, p, count, -depth);
          count++;
          if (count >= slots) {
            return;
          }
        }
      }
    }
  }

  /**
   * Geom g2's pose in height field g1's frame into {@code Data.hfieldLocal} (rotation row-major,
   * then position), as MuJoCo computes it: {@code R₁ᵀ R₂} and {@code R₁ᵀ (p₂ − p₁)}.
   */
  static void localPose(Data d, int g1, int g2) {
    double[] mat = d.geomXmat, pos = d.geomXpos, q = d.hfieldLocal;
    int o1 = 9 * g1, o2 = 9 * g2;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        q[3 * i + j] =
            mat[o1 + i] * mat[o2 + j]
                + mat[o1 + 3 + i] * mat[o2 + 3 + j]
                + mat[o1 + 6 + i] * mat[o2 + 6 + j];
      }
    }
    double wx = pos[3 * g2] - pos[3 * g1], wy = pos[3 * g2 + 1] - pos[3 * g1 + 1];
    double wz = pos[3 * g2 + 2] - pos[3 * g1 + 2];
    for (int i = 0; i < 3; i++) {
      q[9 + i] = mat[o1 + i] * wx + mat[o1 + 3 + i] * wy + mat[o1 + 6 + i] * wz;
    }
  }

  /**
   * {@code out[o..o+3) = R₁ s[x..x+3)} (+ p₁ for a point): a vector of height field g1's frame in
   * the world.
   */
  static void toWorld(Data d, int g1, double[] s, int x, double[] out, int o, boolean point) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int r = 9 * g1;
    for (int i = 0; i < 3; i++) {
      out[o + i] =
          mat[r + 3 * i] * s[x]
              + mat[r + 3 * i + 1] * s[x + 1]
              + mat[r + 3 * i + 2] * s[x + 2]
              + (point ? pos[3 * g1 + i] : 0);
    }
  }

  /**
   * Coordinate {@code axis} of g2's support point along {@code sign ·} that axis of the height
   * field's frame (MPR's frame, {@link #FRAME} set): one side of g2's bounding box there.
   */
  private static double extent(Model m, Data d, int g2, int axis, double sign) {
    double[] s = d.convexScratch;
    s[DIR] = axis == 0 ? sign : 0;
    s[DIR + 1] = axis == 1 ? sign : 0;
    s[DIR + 2] = axis == 2 ? sign : 0;
    supportPoint(m, d, g2, 1, s, TMP);
    return s[TMP + axis];
  }

  /**
   * Writes the prism of height field geom g into {@code Data.hfieldPrism}: {@code cell = 2 (r ncol
   * + c) + i} is the triangle MuJoCo completes with grid point (c, r + 1) (i = 0: with (c − 1, r +
   * 1), (c − 1, r)) or (c, r) (i = 1: with (c − 1, r), (c, r + 1)), oldest vertex first; grid point
   * (c, r) lies at {@code (2 sx c / (ncol − 1) − sx, 2 sy r / (nrow − 1) − sy)}, its top at the
   * elevation, its base at {@code −base}.
   */
  static void prism(Model m, Data d, int g, int cell) {
    int h = m.geomHfield(g), ncol = m.hfieldNcol(h), nrow = m.hfieldNrow(h);
    int i = cell % 2, c = (cell / 2) % ncol, r = cell / 2 / ncol;
    double sx = m.hfieldSize(h, 0), sy = m.hfieldSize(h, 1), top = m.hfieldSize(h, 2);
    double dx = 2 * sx / (ncol - 1), dy = 2 * sy / (nrow - 1);
    for (int j = 0; j < 3; j++) {
      // the j-th vertex of the triangle: grid column and row
      int vc = i == 0 ? (j < 2 ? c - 1 : c) : (j == 0 ? c - 1 : c);
      int vr = i == 0 ? (j == 1 ? r : r + 1) : (j == 1 ? r + 1 : r);
      double[] v = d.hfieldPrism;
      v[3 * j] = dx * vc - sx;
      v[3 * j + 1] = dy * vr - sy;
      v[3 * j + 2] = -m.hfieldSize(h, 3);
      v[9 + 3 * j] = v[3 * j];
      v[9 + 3 * j + 1] = v[3 * j + 1];
      v[9 + 3 * j + 2] = m.hfieldData(h, vr, vc) * top;
    }
  }

  // ---- MPR, libccd 2.1's ccdMPRPenetration ----

  /**
   * Phase 1: a portal (v1, v2, v3) that the ray from v0 through the origin passes through. Returns
   * −1 when the geoms are apart, 1 when the origin is v1 (touching), 2 when it lies on the segment
   * v0–v1, 0 with records 0..3 set.
   */
  static int discoverPortal(Model m, Data d, int g1, int g2, double[] s) {
    center(m, d, g1, s, 3);
    center(m, d, g2, s, 6);
    for (int k = 0; k < 3; k++) {
      s[k] = s[3 + k] - s[6 + k];
    }
    s[9] = -1;
    if (isZero(s[0]) && isZero(s[1]) && isZero(s[2])) {
      // coincident centres: move v0 a little so that the ray is defined
      s[0] += EPS * 10;
    }
    // v1: support towards the origin
    for (int k = 0; k < 3; k++) {
      s[DIR + k] = -s[k];
    }
    normalize(s, DIR);
    support(m, d, g1, g2, s, 1, RULE_AWAY, 0, 0, 0);
    double dot = dot(s, RECORD, DIR);
    if (isZero(dot) || dot < 0) {
      return -1;
    }
    // v2: support normal to v0 and v1
    cross(s, DIR, 0, RECORD);
    if (isZero(dot(s, DIR, DIR))) {
      return isZero(s[RECORD]) && isZero(s[RECORD + 1]) && isZero(s[RECORD + 2]) ? 1 : 2;
    }
    normalize(s, DIR);
    support(m, d, g1, g2, s, 2, RULE_NORMAL, 0, 1, 0);
    dot = dot(s, 2 * RECORD, DIR);
    if (isZero(dot) || dot < 0) {
      return -1;
    }
    // v3: support normal to the triangle (v0, v1, v2), on the side away from the origin
    sub(s, VA, RECORD, 0);
    sub(s, VB, 2 * RECORD, 0);
    cross(s, DIR, VA, VB);
    normalize(s, DIR);
    if (dot(s, DIR, 0) > 0) {
      copyRecord(s, 4, 1);
      copyRecord(s, 1, 2);
      copyRecord(s, 2, 4);
      for (int k = 0; k < 3; k++) {
        s[DIR + k] = -s[DIR + k];
      }
    }
    for (int loop = 0; loop < MAX_LOOPS; loop++) {
      // the direction is the normal of (v0, v1, v2) in the present slots (negating it above swapped
      // v1 and v2)
      support(m, d, g1, g2, s, 3, RULE_TRIANGLE, 0, 1, 2);
      dot = dot(s, 3 * RECORD, DIR);
      if (isZero(dot) || dot < 0) {
        return -1;
      }
      // the origin outside (v1, v0, v3): v3 replaces v2; outside (v3, v0, v2): v3 replaces v1
      boolean moved = false;
      cross(s, VA, RECORD, 3 * RECORD);
      dot = dot(s, VA, 0);
      if (dot < 0 && !isZero(dot)) {
        copyRecord(s, 2, 3);
        moved = true;
      }
      if (!moved) {
        cross(s, VA, 3 * RECORD, 2 * RECORD);
        dot = dot(s, VA, 0);
        if (dot < 0 && !isZero(dot)) {
          copyRecord(s, 1, 3);
          moved = true;
        }
      }
      if (!moved) {
        return 0;
      }
      sub(s, VA, RECORD, 0);
      sub(s, VB, 2 * RECORD, 0);
      cross(s, DIR, VA, VB);
      normalize(s, DIR);
    }
    return -1;
  }

  /**
   * Phase 2: expands the portal until the origin lies on its inner side; −1 when the geoms are
   * apart.
   */
  static int refinePortal(Model m, Data d, int g1, int g2, double[] s) {
    for (int loop = 0; loop < MAX_LOOPS; loop++) {
      portalDir(s);
      double dot = dot(s, DIR, RECORD);
      if (isZero(dot) || dot > 0) {
        return 0;
      }
      support(m, d, g1, g2, s, 4, RULE_TRIANGLE, 1, 2, 3);
      double dot4 = dot(s, 4 * RECORD, DIR);
      if (!(isZero(dot4) || dot4 > 0) || reachedTolerance(s)) {
        return -1;
      }
      expandPortal(s);
    }
    return -1;
  }

  /**
   * Phase 3: pushes the portal out to the surface; returns the depth, with the unit direction from
   * the origin to the portal's nearest point in {@code WIT} and the contact point in {@code TMP}.
   * Returns 0 (leaving them unset) for a zero depth.
   */
  static double penetration(Model m, Data d, int g1, int g2, double[] s) {
    for (int iter = 0; ; iter++) {
      portalDir(s);
      support(m, d, g1, g2, s, 4, RULE_TRIANGLE, 1, 2, 3);
      if (reachedTolerance(s) || iter > ITERATIONS) {
        double depth = Math.sqrt(originTriangleDistance2(s));
        if (isZero(depth)) {
          return 0;
        }
        normalize(s, WIT);
        contactPoint(s);
        return depth;
      }
      expandPortal(s);
    }
  }

  /** The unit normal of the portal triangle (v1, v2, v3) into {@code DIR}. */
  static void portalDir(double[] s) {
    sub(s, VA, 2 * RECORD, RECORD);
    sub(s, VB, 3 * RECORD, RECORD);
    cross(s, DIR, VA, VB);
    normalize(s, DIR);
  }

  /** Whether the candidate v4 gains less than the tolerance over the portal along {@code DIR}. */
  private static boolean reachedTolerance(double[] s) {
    double dv1 = dot(s, RECORD, DIR), dv2 = dot(s, 2 * RECORD, DIR), dv3 = dot(s, 3 * RECORD, DIR);
    double dv4 = dot(s, 4 * RECORD, DIR);
    double gain = Math.min(Math.min(dv4 - dv1, dv4 - dv2), dv4 - dv3);
    return eq(gain, TOLERANCE) || gain < TOLERANCE;
  }

  /**
   * Replaces the portal point whose triangle with v4 keeps the ray inside: v4 × v0 decides which.
   */
  private static void expandPortal(double[] s) {
    cross(s, VA, 4 * RECORD, 0);
    if (dot(s, RECORD, VA) > 0) {
      copyRecord(s, dot(s, 2 * RECORD, VA) > 0 ? 1 : 3, 4);
    } else {
      copyRecord(s, dot(s, 3 * RECORD, VA) > 0 ? 2 : 1, 4);
    }
  }

  /**
   * Squared distance from the origin to the triangle (v1, v2, v3) (libccd's {@code
   * ccdVec3PointTriDist2}), its nearest point into {@code WIT}.
   */
  static double originTriangleDistance2(double[] s) {
    int x0 = RECORD;
    sub(s, VA, 2 * RECORD, x0);
    sub(s, VB, 3 * RECORD, x0);
    double u = dot(s, x0, x0), v = dot(s, VA, VA), w = dot(s, VB, VB);
    double p = dot(s, x0, VA), q = dot(s, x0, VB), r = dot(s, VA, VB);
    double det = w * v - r * r, a, b;
    if (isZero(det)) {
      a = -1;
      b = -1;
    } else {
      a = (q * r - w * p) / det;
      b = (-a * r - q) / w;
    }
    if ((isZero(a) || a > 0)
        && (eq(a, 1) || a < 1)
        && (isZero(b) || b > 0)
        && (eq(b, 1) || b < 1)
        && (eq(b + a, 1) || b + a < 1)) {
      for (int k = 0; k < 3; k++) {
        s[WIT + k] = s[x0 + k] + s[VA + k] * a + s[VB + k] * b;
      }
      return dot(s, WIT, WIT);
    }
    double dist = originSegmentDistance2(s, x0, 2 * RECORD, WIT);
    double dist2 = originSegmentDistance2(s, x0, 3 * RECORD, WIT2);
    if (dist2 < dist) {
      dist = dist2;
      copy3(s, WIT, WIT2);
    }
    dist2 = originSegmentDistance2(s, 2 * RECORD, 3 * RECORD, WIT2);
    if (dist2 < dist) {
      dist = dist2;
      copy3(s, WIT, WIT2);
    }
    return dist;
  }

  /**
   * Squared distance from the origin to the segment (x0, x1), its nearest point into {@code wit}.
   */
  static double originSegmentDistance2(double[] s, int x0, int x1, int wit) {
    double dx = s[x1] - s[x0], dy = s[x1 + 1] - s[x0 + 1], dz = s[x1 + 2] - s[x0 + 2];
    double t = -(s[x0] * dx + s[x0 + 1] * dy + s[x0 + 2] * dz);
    t /= dx * dx + dy * dy + dz * dz;
    if (t < 0 || isZero(t)) {
      copy3(s, wit, x0);
    } else if (t > 1 || eq(t, 1)) {
      copy3(s, wit, x1);
    } else {
      s[wit] = dx * t + s[x0];
      s[wit + 1] = dy * t + s[x0 + 1];
      s[wit + 2] = dz * t + s[x0 + 2];
    }
    return dot(s, wit, wit);
  }

  /**
   * The contact point into {@code TMP}: the origin's barycentric coordinates in the tetrahedron
   * (v0, v1, v2, v3), or in the portal triangle when the tetrahedron is flat, applied to geom 1's
   * and geom 2's points, averaged.
   */
  private static void contactPoint(double[] s) {
    portalDir(s);
    cross(s, VA, RECORD, 2 * RECORD);
    double b0 = dot(s, VA, 3 * RECORD);
    cross(s, VA, 3 * RECORD, 2 * RECORD);
    double b1 = dot(s, VA, 0);
    cross(s, VA, 0, RECORD);
    double b2 = dot(s, VA, 3 * RECORD);
    cross(s, VA, 2 * RECORD, RECORD);
    double b3 = dot(s, VA, 0);
    double sum = b0 + b1 + b2 + b3;
    if (isZero(sum) || sum < 0) {
      b0 = 0;
      cross(s, VA, 2 * RECORD, 3 * RECORD);
      b1 = dot(s, VA, DIR);
      cross(s, VA, 3 * RECORD, RECORD);
      b2 = dot(s, VA, DIR);
      cross(s, VA, RECORD, 2 * RECORD);
      b3 = dot(s, VA, DIR);
      sum = b1 + b2 + b3;
    }
    double inv = 1 / sum;
    for (int k = 0; k < 3; k++) {
      double p1 =
          s[3 + k] * b0
              + s[RECORD + 3 + k] * b1
              + s[2 * RECORD + 3 + k] * b2
              + s[3 * RECORD + 3 + k] * b3;
      double p2 =
          s[6 + k] * b0
              + s[RECORD + 6 + k] * b1
              + s[2 * RECORD + 6 + k] * b2
              + s[3 * RECORD + 6 + k] * b3;
      s[TMP + k] = (p1 * inv + p2 * inv) * 0.5;
    }
  }

  // ---- support functions (MuJoCo's mjccd_support) ----

  /**
   * Support record r along {@code DIR}: geom 1's support point along it, geom 2's against it, their
   * difference; logged with its direction, made by {@code rule} from the points in records a, b and
   * c.
   */
  static void support(
      Model m, Data d, int g1, int g2, double[] s, int r, int rule, int a, int b, int c) {
    int o = RECORD * r, k = (int) s[COUNT], e = LOG * k;
    supportPoint(m, d, g1, 1, s, o + 3);
    supportPoint(m, d, g2, -1, s, o + 6);
    for (int i = 0; i < 3; i++) {
      s[o + i] = s[o + 3 + i] - s[o + 6 + i];
    }
    double[] log = d.convexLog;
    log[e] = rule;
    log[e + 1] = s[RECORD * a + 9];
    log[e + 2] = s[RECORD * b + 9];
    log[e + 3] = s[RECORD * c + 9];
    for (int i = 0; i < 3; i++) {
      log[e + 4 + i] = s[DIR + i];
      log[e + 7 + i] = s[o + 3 + i];
      log[e + 10 + i] = s[o + 6 + i];
    }
    s[o + 9] = k;
    s[COUNT] = k + 1;
  }

  /**
   * The point of geom g farthest along {@code sign · DIR}, into {@code s[out..out+3)}: the
   * direction taken into the geom's frame, the primitive's support there, taken back to the world.
   */
  static void supportPoint(Model m, Data d, int g, double sign, double[] s, int out) {
    if (m.geomType(g) == GeomType.HFIELD) {
      prismSupport(d, sign, s, out);
    } else if (s[FRAME] != 0) {
      supportPoint(m, d, g, sign, s, out, d.hfieldLocal, 0, d.hfieldLocal, 9);
    } else {
      supportPoint(m, d, g, sign, s, out, d.geomXmat, 9 * g, d.geomXpos, 3 * g);
    }
  }

  /**
   * The vertex of the prism in {@code Data.hfieldPrism} farthest along {@code sign · DIR} (both in
   * the height field's frame) into {@code s[out..out+3)}: among the base vertices when the
   * direction points down, else among the tops; the first of equals wins (MuJoCo's {@code
   * prism_support}).
   */
  static void prismSupport(Data d, double sign, double[] s, int out) {
    double[] v = d.hfieldPrism;
    double ux = sign * s[DIR], uy = sign * s[DIR + 1], uz = sign * s[DIR + 2];
    int first = uz < 0 ? 0 : 3, best = first;
    double most = v[3 * first] * ux + v[3 * first + 1] * uy + v[3 * first + 2] * uz;
    for (int i = first + 1; i < first + 3; i++) {
      double dot = v[3 * i] * ux + v[3 * i + 1] * uy + v[3 * i + 2] * uz;
      if (dot > most) {
        most = dot;
        best = i;
      }
    }
    s[out] = v[3 * best];
    s[out + 1] = v[3 * best + 1];
    s[out + 2] = v[3 * best + 2];
  }

  /**
   * As above for geom g with the pose {@code mat[o..o+9)} (row-major) and {@code pos[po..po+3)}.
   */
  private static void supportPoint(
      Model m,
      Data d,
      int g,
      double sign,
      double[] s,
      int out,
      double[] mat,
      int o,
      double[] pos,
      int po) {
    double ex = sign * s[DIR], ey = sign * s[DIR + 1], ez = sign * s[DIR + 2];
    double ux = mat[o] * ex + mat[o + 3] * ey + mat[o + 6] * ez;
    double uy = mat[o + 1] * ex + mat[o + 4] * ey + mat[o + 7] * ez;
    double uz = mat[o + 2] * ex + mat[o + 5] * ey + mat[o + 8] * ez;
    double s0 = m.geomSize(g, 0), s1 = m.geomSize(g, 1), s2 = m.geomSize(g, 2);
    double rx = 0, ry = 0, rz = 0;
    switch (m.geomType(g)) {
      case SPHERE -> {
        rx = ux * s0;
        ry = uy * s0;
        rz = uz * s0;
      }
      case CAPSULE -> {
        rx = ux * s0;
        ry = uy * s0;
        rz = uz * s0 + sign(uz) * s1;
      }
      case ELLIPSOID -> {
        rx = ux * s0;
        ry = uy * s1;
        rz = uz * s2;
        double norm = Math.sqrt(rx * rx + ry * ry + rz * rz);
        if (norm < Contacts.MIN_VALUE) {
          rx = 1;
          ry = 0;
          rz = 0;
        } else {
          double inv = 1 / norm;
          rx *= inv;
          ry *= inv;
          rz *= inv;
        }
        rx *= s0;
        ry *= s1;
        rz *= s2;
      }
      case CYLINDER -> {
        double t = Math.sqrt(ux * ux + uy * uy);
        if (t > Contacts.MIN_VALUE) {
          rx = ux / t * s0;
          ry = uy / t * s0;
        }
        rz = sign(uz) * s1;
      }
      case BOX -> {
        rx = sign(ux) * s0;
        ry = sign(uy) * s1;
        rz = sign(uz) * s2;
      }
      case MESH, SDF -> {
        int mesh = m.geomMesh(g), v = meshSupport(m, mesh, ux, uy, uz);
        rx = m.meshVert(mesh, v, 0);
        ry = m.meshVert(mesh, v, 1);
        rz = m.meshVert(mesh, v, 2);
      }
      default -> throw new IllegalStateException("no support function for geom " + g);
    }
    // moved out along the direction by half the margin
    double half = 0.5 * s[MARGIN];
    s[out] = mat[o] * rx + mat[o + 1] * ry + mat[o + 2] * rz + pos[po] + half * ex;
    s[out + 1] = mat[o + 3] * rx + mat[o + 4] * ry + mat[o + 5] * rz + pos[po + 1] + half * ey;
    s[out + 2] = mat[o + 6] * rx + mat[o + 7] * ry + mat[o + 8] * rz + pos[po + 2] + half * ez;
  }

  /**
   * The vertex of mesh {@code mesh} farthest along the direction u (its geoms' frame): MuJoCo's
   * search over all the vertices, the first of equals winning (its path without the convex hull's
   * graph, which finds the same farthest distance; on ties the graph's climb may stop at another
   * vertex of it).
   */
  static int meshSupport(Model m, int mesh, double ux, double uy, double uz) {
    int best = 0;
    double most = -1e10;
    for (int i = 0; i < m.meshVertNum(mesh); i++) {
      double dot =
          ux * m.meshVert(mesh, i, 0) + uy * m.meshVert(mesh, i, 1) + uz * m.meshVert(mesh, i, 2);
      if (dot > most) {
        most = dot;
        best = i;
      }
    }
    return best;
  }

  /**
   * Plane–mesh (MuJoCo 2.2.2's {@code mjc_PlaneConvex} without the convex hull's graph): the mesh's
   * vertex deepest below the plane, feature 0, then in vertex order up to two more within the
   * pair's margin of it that lie at least 0.3 bounding radii from the first contact; each contact
   * the vertex moved halfway to the plane, with the plane's normal. {@code Data.conFeature} keeps
   * each contact's vertex.
   */
  static void planeMesh(Model m, Data d, int p, int gp, int gm) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, om = 9 * gm, mesh = m.geomMesh(gm);
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    // −n in the mesh's frame
    double lx = -(mat[om] * nx + mat[om + 3] * ny + mat[om + 6] * nz);
    double ly = -(mat[om + 1] * nx + mat[om + 4] * ny + mat[om + 7] * nz);
    double lz = -(mat[om + 2] * nx + mat[om + 5] * ny + mat[om + 8] * nz);
    int deepest = meshSupport(m, mesh, lx, ly, lz);
    int first = d.ncon;
    CollisionPrimitives.planePoint(
        m,
        d,
        p,
        0,
        gp,
        meshPoint(m, d, gm, deepest, 0),
        meshPoint(m, d, gm, deepest, 1),
        meshPoint(m, d, gm, deepest, 2));
    if (d.ncon == first) {
      return;
    }
    d.conFeature[first] = deepest;
    // a vertex lies below the margin when its height along −n exceeds the centre's height above the
    // plane less it
    double threshold =
        nx * (pos[3 * gm] - pos[3 * gp])
            + ny * (pos[3 * gm + 1] - pos[3 * gp + 1])
            + nz * (pos[3 * gm + 2] - pos[3 * gp + 2])
            - m.pairMargin(p);
    double tol = 0.3 * m.geomRbound(gm);
    int count = 1;
    for (int i = 0; i < m.meshVertNum(mesh) && count < 3; i++) {
      double h =
          lx * m.meshVert(mesh, i, 0) + ly * m.meshVert(mesh, i, 1) + lz * m.meshVert(mesh, i, 2);
      if (i == deepest || !(h > threshold)) {
        continue;
      }
      double x = meshPoint(m, d, gm, i, 0),
          y = meshPoint(m, d, gm, i, 1),
          z = meshPoint(m, d, gm, i, 2);
      double ex = x - d.conPos[3 * first],
          ey = y - d.conPos[3 * first + 1],
          ez = z - d.conPos[3 * first + 2];
      if (Math.sqrt(ex * ex + ey * ey + ez * ez) < tol) {
        continue;
      }
      int c = d.ncon;
      CollisionPrimitives.planePoint(m, d, p, count, gp, x, y, z);
      if (d.ncon > c) {
        d.conFeature[c] = i;
        count++;
      }
    }
  }

  /** Coordinate k of vertex v of mesh geom g in the world: {@code x + R v}. */
  static double meshPoint(Model m, Data d, int g, int v, int k) {
    int mesh = m.geomMesh(g), o = 9 * g + 3 * k;
    return d.geomXmat[o] * m.meshVert(mesh, v, 0)
        + d.geomXmat[o + 1] * m.meshVert(mesh, v, 1)
        + d.geomXmat[o + 2] * m.meshVert(mesh, v, 2)
        + d.geomXpos[3 * g + k];
  }

  // ---- MuJoCo's mjc_fixNormal ----

  /**
   * Replaces contact c's normal by the surface normals of its round geoms at the contact point
   * (MuJoCo's {@code mjc_fixNormal}): a sphere's radial direction, a capsule's direction from its
   * segment, an ellipsoid's normal at the nearest surface point, a cylinder's radial direction when
   * the point is clearly nearer its round wall than its caps. Both geoms fixed: the normalised
   * difference of geom 1's outward normal and geom 2's; one: its normal (negated for geom 2); boxes
   * keep MPR's.
   */
  static void fixNormal(Model m, Data d, int c, int g1, int g2) {
    double[] s = d.convexScratch;
    for (int k = 0; k < 3; k++) {
      s[WIT + k] = d.conFrame[9 * c + k];
      s[WIT2 + k] = -d.conFrame[9 * c + k];
    }
    boolean fixed1 = surfaceNormal(m, d, c, g1, s, WIT, 0);
    boolean fixed2 = surfaceNormal(m, d, c, g2, s, WIT2, 1);
    if (fixed1 && fixed2) {
      for (int k = 0; k < 3; k++) {
        s[TMP + k] = s[WIT + k] - s[WIT2 + k];
      }
      normalize3(s, TMP);
      copyFrame(d, c, s, TMP, 1);
    } else if (fixed1) {
      copyFrame(d, c, s, WIT, 1);
    } else if (fixed2) {
      copyFrame(d, c, s, WIT2, -1);
    }
  }

  /**
   * The outward normal of round geom g at contact c's point into {@code s[n..n+3)}, which holds the
   * present estimate (pointing out of g); returns false, leaving it, for a box, an ellipsoid solve
   * that fails, or a cylinder point near a cap. {@code side} (0 for geom 1, 1 for geom 2) chooses
   * where the ellipsoid iterates are logged.
   */
  static boolean surfaceNormal(Model m, Data d, int c, int g, double[] s, int n, int side) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * g;
    double s0 = m.geomSize(g, 0), s1 = m.geomSize(g, 1), s2 = m.geomSize(g, 2);
    double wx = d.conPos[3 * c] - pos[3 * g], wy = d.conPos[3 * c + 1] - pos[3 * g + 1];
    double wz = d.conPos[3 * c + 2] - pos[3 * g + 2];
    // point and normal in the geom's frame
    double px = mat[o] * wx + mat[o + 3] * wy + mat[o + 6] * wz;
    double py = mat[o + 1] * wx + mat[o + 4] * wy + mat[o + 7] * wz;
    double pz = mat[o + 2] * wx + mat[o + 5] * wy + mat[o + 8] * wz;
    s[TMP] = mat[o] * s[n] + mat[o + 3] * s[n + 1] + mat[o + 6] * s[n + 2];
    s[TMP + 1] = mat[o + 1] * s[n] + mat[o + 4] * s[n + 1] + mat[o + 7] * s[n + 2];
    s[TMP + 2] = mat[o + 2] * s[n] + mat[o + 5] * s[n + 1] + mat[o + 8] * s[n + 2];
    boolean fixed = false;
    switch (m.geomType(g)) {
      case SPHERE -> {
        s[TMP] = px;
        s[TMP + 1] = py;
        s[TMP + 2] = pz;
        fixed = true;
      }
      case CAPSULE -> {
        s[TMP] = px;
        s[TMP + 1] = py;
        s[TMP + 2] = pz < -s1 ? pz + s1 : pz > s1 ? pz - s1 : 0;
        fixed = true;
      }
      case ELLIPSOID -> {
        if (s0 >= Contacts.MIN_VALUE && s1 >= Contacts.MIN_VALUE && s2 >= Contacts.MIN_VALUE) {
          s[VA] = px;
          s[VA + 1] = py;
          s[VA + 2] = pz;
          double e = px * px / (s0 * s0) + py * py / (s1 * s1) + pz * pz / (s2 * s2);
          int log = ELLIPSOID_LOG + side * ELLIPSOID_WIDTH;
          fixed =
              e <= 1
                  ? ellipsoidInside(s, s0, s1, s2, d.convexLog, log)
                  : ellipsoidOutside(s, s0, s1, s2, d.convexLog, log);
        }
      }
      case CYLINDER -> {
        if (Math.abs(pz) <= 0.95 * s1) {
          double toCap = Math.abs(s1 - Math.abs(pz)),
              toWall = Math.abs(s0 - Math.sqrt(px * px + py * py));
          if (toCap >= 0.25 * toWall) {
            s[TMP] = px;
            s[TMP + 1] = py;
            s[TMP + 2] = 0;
            fixed = true;
          }
        }
      }
      default -> {
        // boxes keep MPR's normal
      }
    }
    if (fixed) {
      normalize3(s, TMP);
      double lx = s[TMP], ly = s[TMP + 1], lz = s[TMP + 2];
      s[n] = mat[o] * lx + mat[o + 1] * ly + mat[o + 2] * lz;
      s[n + 1] = mat[o + 3] * lx + mat[o + 4] * ly + mat[o + 5] * lz;
      s[n + 2] = mat[o + 6] * lx + mat[o + 7] * ly + mat[o + 8] * lz;
    }
    return fixed;
  }

  /**
   * Ellipsoid normal for a point inside or on it (MuJoCo's {@code mjc_ellipsoidInside}): from the
   * point {@code VA} along the estimate {@code TMP}, the ray's exit point's normal, repeated until
   * it changes by less than 1e-6 (at most 30 times); the normal into {@code TMP}. False when the
   * first ray fails. The normals, from the normalised estimate on, go to {@code log[o + 1 ..]},
   * their number to {@code log[o]}.
   */
  static boolean ellipsoidInside(double[] s, double s0, double s1, double s2, double[] log, int o) {
    double i0 = 1 / (s0 * s0), i1 = 1 / (s1 * s1), i2 = 1 / (s2 * s2);
    double px = s[VA], py = s[VA + 1], pz = s[VA + 2];
    double cc = px * px * i0 + py * py * i1 + pz * pz * i2 - 1;
    log[o] = 0;
    if (cc > 0) {
      return false;
    }
    normalize3(s, TMP);
    logIterate(log, o, s[TMP], s[TMP + 1], s[TMP + 2]);
    for (int iter = 0; iter < 30; iter++) {
      double nx = s[TMP], ny = s[TMP + 1], nz = s[TMP + 2];
      double a = nx * nx * i0 + ny * ny * i1 + nz * nz * i2;
      double b = px * nx * i0 + py * ny * i1 + pz * nz * i2;
      double det = b * b - a * cc;
      if (det < Contacts.MIN_VALUE || a < Contacts.MIN_VALUE) {
        return iter > 0;
      }
      double x = (-b + Math.sqrt(det)) / a;
      if (x < 0) {
        return iter > 0;
      }
      double qx = px + x * nx, qy = py + x * ny, qz = pz + x * nz;
      s[TMP] = qx * i0;
      s[TMP + 1] = qy * i1;
      s[TMP + 2] = qz * i2;
      normalize3(s, TMP);
      logIterate(log, o, s[TMP], s[TMP + 1], s[TMP + 2]);
      double ex = nx - s[TMP], ey = ny - s[TMP + 1], ez = nz - s[TMP + 2];
      if (Math.sqrt(ex * ex + ey * ey + ez * ez) < 1e-6) {
        break;
      }
    }
    return true;
  }

  /**
   * Ellipsoid normal for a point outside it (MuJoCo's {@code mjc_ellipsoidOutside}): the
   * nearest-point condition {@code n ∝ p/(s² + λ)} solved for λ by Newton's method from 0 (at most
   * 30 steps, tolerance 1e-6); into {@code TMP}. The iterates λ go to {@code log[o + 1 + 3 i]},
   * their number to {@code log[o]}.
   */
  static boolean ellipsoidOutside(
      double[] s, double s0, double s1, double s2, double[] log, int o) {
    double q0 = s0 * s0, q1 = s1 * s1, q2 = s2 * s2;
    double px = s[VA], py = s[VA + 1], pz = s[VA + 2];
    double w0 = px * px * q0, w1 = py * py * q1, w2 = pz * pz * q2;
    double la = 0;
    log[o] = 0;
    logIterate(log, o, la, 0, 0);
    for (int iter = 0; iter < 30; iter++) {
      double r0 = 1 / (q0 + la), r1 = 1 / (q1 + la), r2 = 1 / (q2 + la);
      double val = w0 * r0 * r0 + w1 * r1 * r1 + w2 * r2 * r2 - 1;
      if (val < 1e-6) {
        break;
      }
      double deriv = -2 * (w0 * r0 * r0 * r0 + w1 * r1 * r1 * r1 + w2 * r2 * r2 * r2);
      if (deriv > -Contacts.MIN_VALUE) {
        break;
      }
      double delta = -val / deriv;
      if (delta < 1e-6) {
        break;
      }
      la += delta;
      logIterate(log, o, la, 0, 0);
    }
    s[TMP] = px / (q0 + la);
    s[TMP + 1] = py / (q1 + la);
    s[TMP + 2] = pz / (q2 + la);
    normalize3(s, TMP);
    return true;
  }

  /** Appends an iterate (three numbers) to the ellipsoid log at o. */
  private static void logIterate(double[] log, int o, double x, double y, double z) {
    int i = o + 1 + 3 * (int) log[o];
    log[i] = x;
    log[i + 1] = y;
    log[i + 2] = z;
    log[o] += 1;
  }

  // ---- vector helpers on the scratch ----

  static boolean isZero(double x) {
    return Math.abs(x) < EPS;
  }

  /**
   * libccd's {@code ccdEq}: equal to within EPS, absolutely or relative to the larger magnitude.
   */
  static boolean eq(double a, double b) {
    double ab = Math.abs(a - b);
    if (ab < EPS) {
      return true;
    }
    return ab < EPS * Math.max(Math.abs(a), Math.abs(b));
  }

  static double sign(double x) {
    return x < 0 ? -1 : x > 0 ? 1 : 0;
  }

  static double dot(double[] s, int a, int b) {
    return s[a] * s[b] + s[a + 1] * s[b + 1] + s[a + 2] * s[b + 2];
  }

  /** {@code s[o] = s[a] × s[b]} (o distinct from a and b). */
  static void cross(double[] s, int o, int a, int b) {
    s[o] = s[a + 1] * s[b + 2] - s[a + 2] * s[b + 1];
    s[o + 1] = s[a + 2] * s[b] - s[a] * s[b + 2];
    s[o + 2] = s[a] * s[b + 1] - s[a + 1] * s[b];
  }

  static void sub(double[] s, int o, int a, int b) {
    s[o] = s[a] - s[b];
    s[o + 1] = s[a + 1] - s[b + 1];
    s[o + 2] = s[a + 2] - s[b + 2];
  }

  private static void copy3(double[] s, int to, int from) {
    s[to] = s[from];
    s[to + 1] = s[from + 1];
    s[to + 2] = s[from + 2];
  }

  private static void copyRecord(double[] s, int to, int from) {
    for (int k = 0; k < RECORD; k++) {
      s[RECORD * to + k] = s[RECORD * from + k];
    }
  }

  /** libccd's normalisation: scaled by the reciprocal of its length. */
  static void normalize(double[] s, int a) {
    double k = 1 / Math.sqrt(dot(s, a, a));
    s[a] *= k;
    s[a + 1] *= k;
    s[a + 2] *= k;
  }

  /**
   * MuJoCo's {@code mju_normalize3}: a vector shorter than {@link #Contacts.MIN_VALUE} becomes (1,
   * 0, 0).
   */
  static void normalize3(double[] s, int a) {
    double norm = Math.sqrt(dot(s, a, a));
    if (norm < Contacts.MIN_VALUE) {
      s[a] = 1;
      s[a + 1] = 0;
      s[a + 2] = 0;
    } else {
      double inv = 1 / norm;
      s[a] *= inv;
      s[a + 1] *= inv;
      s[a + 2] *= inv;
    }
  }

  private static void copyFrame(Data d, int c, double[] s, int n, double sign) {
    for (int k = 0; k < 3; k++) {
      d.conFrame[9 * c + k] = sign * s[n + k];
    }
  }
}
