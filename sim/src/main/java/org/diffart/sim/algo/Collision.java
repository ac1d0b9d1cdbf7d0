package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Narrow-phase collision detection: the penetrating contacts of the model's candidate geom pairs at the geom poses
 * {@code geomXpos, geomXmat} written by {@link Kinematics#geoms}.
 *
 * <p>Conventions of every contact (MuJoCo's): the normal points from geom 1 to geom 2 of the pair (for plane–X it is
 * the plane's normal, its local +z), the signed distance is negative in penetration, the point lies midway between
 * the two surfaces; a contact is detected while the distance is below the pair's margin ({@link Model#pairMargin}) and
 * acts while it is below {@code margin − gap} ({@code Data.conIncludeMargin}); friction and restitution are the higher-priority geom's per-world values
 * ({@code Data.geomFriction, geomRestitution}) and condim its condim, or, for equal priorities, the larger of each; an
 * explicit pair ({@code Model.pairCondim(p) >= 0}) has its own friction and condim. The two tangents are a smooth
 * function of the normal except on one cone, see {@link #tangents}. Pairs whose bounding spheres are apart are
 * skipped before their function runs, as MuJoCo does.
 *
 * <p>Contact slots: pair p owns slots {@code [pairConAdr(p), pairConAdr(p+1))} and its k-th feature always writes
 * slot {@code pairConAdr(p) + k}, so that a warm start finds the same feature in the same slot at the next step.
 *
 * <table>
 *   <caption>Supported pairs (geom 1 – geom 2) and their features k</caption>
 *   <tr><td>plane–sphere</td><td>1</td><td>k 0: the sphere</td></tr>
 *   <tr><td>plane–capsule</td><td>2</td><td>k 0: end cap at local +z, k 1: end cap at local −z</td></tr>
 *   <tr><td>plane–ellipsoid</td><td>1</td><td>k 0: the lowest point</td></tr>
 *   <tr><td>plane–cylinder</td><td>4</td><td>k 0: the lowest rim point, k 1: the point above it on the other rim,
 *   k 2, 3: the lower rim's points at ±120° from k 0 (MuJoCo's four)</td></tr>
 *   <tr><td>plane–box</td><td>4</td><td>k: corner k or its opposite corner 7−k, whichever lies deeper (k when
 *   level); corner i has the local coordinates {@code (±hx, ±hy, ±hz)} with bit 0, 1, 2 of i set for the + sign of
 *   x, y, z</td></tr>
 *   <tr><td>sphere–sphere, sphere–capsule, sphere–box, capsule–capsule</td><td>1</td><td>k 0</td></tr>
 *   <tr><td>capsule–box</td><td>2</td><td>k 0: the segment's point nearest the box, k 1: a second point when the
 *   capsule lies along the box ({@link CapsuleBox}, MuJoCo's {@code mjc_CapsuleBox})</td></tr>
 *   <tr><td>ellipsoid or cylinder against sphere, capsule, ellipsoid, cylinder or box</td><td>1</td><td>k 0: MPR's
 *   contact, {@link ConvexCollision} (MuJoCo 2.2.2's {@code mjc_Convex})</td></tr>
 *   <tr><td>box–box</td><td>24</td><td>k: candidate k of {@link BoxBox} (MuJoCo's {@code mjc_BoxBox}): 0–15 edge
 *   crossings, 16–19 corners of the reference face, 20–23 vertices of the incident face</td></tr>
 * </table>
 *
 * <p>Planes with a positive size (bounded in MJCF) are treated as infinite, as MuJoCo does for collisions with
 * spheres, capsules, ellipsoids, cylinders and boxes.
 */
public final class Collision {
  private Collision() {}

  /**
   * Centres closer than this, m, count as coincident: their normal is not defined by the centres and a documented
   * fallback direction is used instead.
   */
  static final double MIN_DISTANCE = 1e-12;

  /**
   * Detects the contacts of all candidate pairs, in pair order, and writes the compact contact list
   * {@code ncon, conPos, conFrame, conDist, conFriction, conCondim, conGeom, conSlot} of {@code d}. Allocates nothing.
   *
   * @param m the model, whose pair table ({@code pairGeom1, pairGeom2, pairConAdr}) lists the candidate pairs with the
   *     lower geom type first
   * @param d data holding the geom poses of {@link Kinematics#geoms}
   */
  public static void detect(Model m, Data d) {
    d.ncon = 0;
    double[] pos = d.geomXpos;
    for (int p = 0; p < m.npair(); p++) {
      int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
      // MuJoCo's bounding-sphere filter: geoms whose bounding spheres are farther apart than the margin cannot touch
      double r1 = m.geomRbound(g1), r2 = m.geomRbound(g2), reach = r1 + r2 + m.pairMargin(p);
      if (r1 > 0 && r2 > 0) {
        double dx = pos[3 * g1] - pos[3 * g2], dy = pos[3 * g1 + 1] - pos[3 * g2 + 1];
        double dz = pos[3 * g1 + 2] - pos[3 * g2 + 2];
        if (dx * dx + dy * dy + dz * dz > reach * reach) {
          continue;
        }
      }
      switch (m.geomType(g1)) {
        case HFIELD -> ConvexCollision.hfield(m, d, p, g1, g2);
        case PLANE -> {
          switch (m.geomType(g2)) {
            case SPHERE -> CollisionPrimitives.planeSphere(m, d, p, g1, g2);
            case CAPSULE -> CollisionPrimitives.planeCapsule(m, d, p, g1, g2);
            case ELLIPSOID -> CollisionPrimitives.planeEllipsoid(m, d, p, g1, g2);
            case CYLINDER -> CollisionPrimitives.planeCylinder(m, d, p, g1, g2);
            case BOX -> CollisionPrimitives.planeBox(m, d, p, g1, g2);
            case MESH -> ConvexCollision.planeMesh(m, d, p, g1, g2);
            default -> throw unsupported(m, g1, g2);
          }
        }
        case SPHERE -> {
          switch (m.geomType(g2)) {
            case SPHERE -> CollisionPrimitives.sphereSphere(m, d, p, g1, g2);
            case CAPSULE -> CollisionPrimitives.sphereCapsule(m, d, p, g1, g2);
            case ELLIPSOID, CYLINDER, MESH -> ConvexCollision.convex(m, d, p, g1, g2);
            case BOX -> CollisionPrimitives.sphereBox(m, d, p, g1, g2);
            default -> throw unsupported(m, g1, g2);
          }
        }
        case CAPSULE -> {
          switch (m.geomType(g2)) {
            case CAPSULE -> CollisionPrimitives.capsuleCapsule(m, d, p, g1, g2);
            case ELLIPSOID, CYLINDER, MESH -> ConvexCollision.convex(m, d, p, g1, g2);
            case BOX -> CapsuleBox.capsuleBox(m, d, p, g1, g2);
            default -> throw unsupported(m, g1, g2);
          }
        }
        case BOX -> {
          if (m.geomType(g2) == GeomType.BOX) {
            BoxBox.boxBox(m, d, p, g1, g2);
          } else {
            ConvexCollision.convex(m, d, p, g1, g2);
          }
        }
        case ELLIPSOID, CYLINDER, MESH -> ConvexCollision.convex(m, d, p, g1, g2);
        default -> throw unsupported(m, g1, g2);
      }
    }
  }

  /**
   * Commits the candidate contact at index {@code d.ncon} as feature k of pair p: its normal (row 0 of
   * {@code conFrame}) and point ({@code conPos}) are already written there; this adds the tangents and the pair's
   * bookkeeping and increments {@code ncon}.
   *
   * @param dist signed distance between the surfaces, m, below the pair's margin
   */
  static void emit(Model m, Data d, int p, int k, double dist) {
    int c = d.ncon, g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
    if (c >= m.nconMax()) {
      throw new SimulationException("step " + d.nstep + " (t=" + d.time + "): more than " + m.nconMax()
          + " contacts, the model's contact capacity (MJCF <size nconmax>, ModelBuilder.contactCapacity)", d.nstep, -1);
    }
    tangents(d.conFrame, 9 * c);
    d.conDist[c] = dist;
    d.conIncludeMargin[c] = m.pairMargin(p) - m.pairGap(p);
    // the higher-priority geom's, else the larger of the two geoms' (the first on a tie): the choice CollisionAdjoint
    // routes the gradient through
    int gp = priorityGeom(m, g1, g2);
    double f1 = d.geomFriction[g1], f2 = d.geomFriction[g2], e1 = d.geomRestitution[g1], e2 = d.geomRestitution[g2];
    d.conFriction[c] = gp >= 0 ? d.geomFriction[gp] : f1 >= f2 ? f1 : f2;
    d.conRestitution[c] = gp >= 0 ? d.geomRestitution[gp] : e1 >= e2 ? e1 : e2;
    d.conCondim[c] = gp >= 0 ? m.geomCondim(gp) : Math.max(m.geomCondim(g1), m.geomCondim(g2));
    for (int i = 1; i < 3; i++) {
      double s1 = m.geomFriction(g1, i), s2 = m.geomFriction(g2, i);
      d.conFrictionSpinRoll[2 * c + i - 1] = gp >= 0 ? m.geomFriction(gp, i) : s1 >= s2 ? s1 : s2;
    }
    if (m.pairCondim(p) >= 0) {
      // an explicit pair: its own friction and condim
      d.conFriction[c] = m.pairFriction(p, 0);
      d.conFrictionSpinRoll[2 * c] = m.pairFriction(p, 1);
      d.conFrictionSpinRoll[2 * c + 1] = m.pairFriction(p, 2);
      d.conCondim[c] = m.pairCondim(p);
    }
    d.conGeom[2 * c] = g1;
    d.conGeom[2 * c + 1] = g2;
    d.conSlot[c] = m.pairConAdr(p) + k;
    d.ncon = c + 1;
  }

  /** The geom of higher priority of the two, or −1 when their priorities are equal (MuJoCo's rule). */
  static int priorityGeom(Model m, int g1, int g2) {
    int p1 = m.geomPriority(g1), p2 = m.geomPriority(g2);
    return p1 == p2 ? -1 : p1 > p2 ? g1 : g2;
  }

  /**
   * Completes a contact frame from its unit normal {@code n} (row 0 of the row-major 3x3 {@code f} at offset o) with
   * tangent rows 1 and 2 such that {@code (n, t1, t2)} is a right-handed orthonormal basis ({@code n × t1 = t2}).
   *
   * <p>Choice: {@code t1, t2} are the world x and y axes carried by the shortest rotation that takes +z onto n
   * (Frisvad's construction), so a horizontal ground plane gets {@code t1 = x, t2 = y} and an incline tilted about y
   * gets {@code t1} along its slope. That map is smooth in n but singular at n = −z, so for {@code n_z < −1/2} the
   * frame is built from −z instead: the axes x and −y carried by the shortest rotation that takes −z onto n. The cone
   * {@code n_z = −1/2} is the only place where the tangents jump (by a rotation about n); it lies away from the common
   * normals ±z and horizontal.
   */
  static void tangents(double[] f, int o) {
    double nx = f[o], ny = f[o + 1], nz = f[o + 2];
    if (nz >= -0.5) {
      // chart around +z
      double a = 1 / (1 + nz), b = -nx * ny * a;
      f[o + 3] = 1 - nx * nx * a;
      f[o + 4] = b;
      f[o + 5] = -nx;
      f[o + 6] = b;
      f[o + 7] = 1 - ny * ny * a;
      f[o + 8] = -ny;
    } else {
      // chart around -z: the +z chart of n rotated by pi about x, rotated back
      double a = 1 / (1 - nz), b = nx * ny * a;
      f[o + 3] = 1 - nx * nx * a;
      f[o + 4] = -b;
      f[o + 5] = nx;
      f[o + 6] = b;
      f[o + 7] = ny * ny * a - 1;
      f[o + 8] = -ny;
    }
  }

  /**
   * Adjoint of {@link #tangents}: {@code nBar[no..no+2] +=} the bar of the normal (row 0 of {@code f} at o) from the
   * bars of the tangent rows, {@code t1Bar[to..]} and {@code t2Bar[to + 3 ..]}.
   */
  static void tangentsAdjoint(double[] f, int o, double[] tBar, int to, double[] nBar, int no) {
    double nx = f[o], ny = f[o + 1], nz = f[o + 2];
    double p0 = tBar[to], p1 = tBar[to + 1], p2 = tBar[to + 2];
    double q0 = tBar[to + 3], q1 = tBar[to + 4], q2 = tBar[to + 5];
    if (nz >= -0.5) {
      // t1 = (1 - nx² a, b, -nx), t2 = (b, 1 - ny² a, -ny), a = 1/(1+nz), b = -nx ny a
      double a = 1 / (1 + nz), bb = p1 + q0;
      double aBar = -nx * nx * p0 - ny * ny * q1 - nx * ny * bb;
      nBar[no] += -ny * a * bb - 2 * nx * a * p0 - p2;
      nBar[no + 1] += -nx * a * bb - 2 * ny * a * q1 - q2;
      nBar[no + 2] += -a * a * aBar;
    } else {
      // t1 = (1 - nx² a, -b, nx), t2 = (b, ny² a - 1, -ny), a = 1/(1-nz), b = nx ny a
      double a = 1 / (1 - nz), bb = q0 - p1;
      double aBar = -nx * nx * p0 + ny * ny * q1 + nx * ny * bb;
      nBar[no] += ny * a * bb - 2 * nx * a * p0 + p2;
      nBar[no + 1] += nx * a * bb + 2 * ny * a * q1 - q2;
      nBar[no + 2] += a * a * aBar;
    }
  }

  private static IllegalStateException unsupported(Model m, int g1, int g2) {
    return new IllegalStateException("no collision function for " + m.geomType(g1).mjcfName() + "-"
        + m.geomType(g2).mjcfName() + " (geoms " + g1 + ", " + g2 + "): ContactCapacity and Collision disagree");
  }
}
