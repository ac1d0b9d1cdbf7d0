package org.diffart.sim.algo.collision;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Narrow-phase collision detection: the penetrating contacts of the model's candidate geom pairs at
 * the geom poses {@code geomXpos, geomXmat} written by {@link Kinematics#geoms}.
 *
 * <p>Conventions of every contact (MuJoCo's): the normal points from geom 1 to geom 2 of the pair
 * (for plane–X it is the plane's normal, its local +z), the signed distance is negative in
 * penetration, the point lies midway between the two surfaces; a contact is detected while the
 * distance is below the pair's margin ({@link Model#pairMargin}) and acts while it is below {@code
 * margin − gap} ({@code Data.conIncludeMargin}); friction and restitution are the higher-priority
 * geom's per-world values ({@code Data.geomFriction, geomRestitution}) and condim its condim, or,
 * for equal priorities, the larger of each; an explicit pair ({@code Model.pairCondim(p) >= 0}) has
 * its own friction and condim. The two tangents are a smooth function of the normal except on one
 * cone, see {@link #tangents}. Pairs whose bounding spheres are apart are skipped before their
 * function runs, as MuJoCo does.
 *
 * <p>Contact slots: pair p owns slots {@code [pairConAdr(p), pairConAdr(p+1))} and its k-th feature
 * always writes slot {@code pairConAdr(p) + k}, so that a warm start finds the same feature in the
 * same slot at the next step.
 *
 * <table>
 *   <caption>Supported pairs (geom 1 – geom 2) and their features k</caption>
 *   <tr><td>plane–sphere</td><td>1</td><td>k 0: the sphere</td></tr>
 *   <tr><td>plane–capsule</td><td>2</td><td>k 0: end cap at local +z, k 1: end cap at local −z</td></tr>
 *   <tr><td>plane–ellipsoid</td><td>1</td><td>k 0: the lowest point</td></tr>
 *   <tr><td>plane–cylinder</td><td>4</td><td>k 0: the lowest rim point, k 1: the point above it on the other rim,
 *   k 2, 3: the lower rim's points at ±120° from k 0 (MuJoCo's four)</td></tr>
 *   <tr><td>plane–SDF</td><td>3</td><td>as plane–mesh on the SDF's mesh (an SDF sphere: as a sphere); with
 *   {@code Options.sdfSurface} k: the least point of φ on the plane reached from vertex start k ({@link
 *   SdfSurface})</td></tr>
 *   <tr><td>SDF against SDF, sphere, capsule, ellipsoid or box</td><td>1 (4, box 8)</td><td>k 0: MPR's contact on
 *   the hulls; with {@code Options.sdfSurface} ({@code ContactCapacity.SDF_SURFACE} slots) k: the least of the SDF's
 *   φ₂ on geom 1's surface (a box's φ on the SDF's surface) reached from start k (0: MPR's point, 1–3: mesh vertices
 *   near the other geom), k 4–7: a box's corners inside the SDF, the deepest first, {@link SdfSurface#pair}</td></tr>
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
 * <p>Planes with a positive size (bounded in MJCF) are treated as infinite, as MuJoCo does for
 * collisions with spheres, capsules, ellipsoids, cylinders and boxes.
 */
public final class Collision {
  private Collision() {}

  /**
   * Detects the contacts of all candidate pairs, in pair order, and writes the compact contact list
   * {@code ncon, conPos, conFrame, conDist, conFriction, conCondim, conGeom, conSlot} of {@code d}.
   * Allocates nothing.
   *
   * @param m the model, whose pair table ({@code pairGeom1, pairGeom2, pairConAdr}) lists the
   *     candidate pairs with the lower geom type first
   * @param d data holding the geom poses of {@link Kinematics#geoms}
   */
  public static void detect(Model m, Data d) {
    d.ncon = 0;
    double[] pos = d.geomXpos;
    for (int p = 0; p < m.npair(); p++) {
      int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
      // MuJoCo's bounding-sphere filter: geoms whose bounding spheres are farther apart than the
      // margin cannot touch
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
            case SDF -> {
              if (m.opt().sdfSurface()) {
                SdfSurface.plane(m, d, p, g1, g2);
              } else if (m.geomSdfSphere(g2)) {
                CollisionPrimitives.planeSphere(m, d, p, g1, g2);
              } else {
                ConvexCollision.planeMesh(m, d, p, g1, g2);
              }
            }
            default -> throw unsupported(m, g1, g2);
          }
        }
        case SPHERE -> {
          switch (m.geomType(g2)) {
            case SPHERE -> CollisionPrimitives.sphereSphere(m, d, p, g1, g2);
            case CAPSULE -> CollisionPrimitives.sphereCapsule(m, d, p, g1, g2);
            case ELLIPSOID, CYLINDER, MESH -> ConvexCollision.contact(m, d, p, g1, g2);
            case SDF -> sdfPair(m, d, p, g1, g2);
            case BOX -> CollisionPrimitives.sphereBox(m, d, p, g1, g2);
            default -> throw unsupported(m, g1, g2);
          }
        }
        case CAPSULE -> {
          switch (m.geomType(g2)) {
            case CAPSULE -> CollisionPrimitives.capsuleCapsule(m, d, p, g1, g2);
            case ELLIPSOID, CYLINDER, MESH -> ConvexCollision.contact(m, d, p, g1, g2);
            case SDF -> sdfPair(m, d, p, g1, g2);
            case BOX -> CapsuleBox.contact(m, d, p, g1, g2);
            default -> throw unsupported(m, g1, g2);
          }
        }
        case BOX -> {
          if (m.geomType(g2) == GeomType.BOX) {
            BoxBox.contact(m, d, p, g1, g2);
          } else if (m.geomType(g2) == GeomType.SDF) {
            sdfPair(m, d, p, g1, g2);
          } else {
            ConvexCollision.contact(m, d, p, g1, g2);
          }
        }
        case ELLIPSOID -> {
          if (m.geomType(g2) == GeomType.SDF) {
            sdfPair(m, d, p, g1, g2);
          } else {
            ConvexCollision.contact(m, d, p, g1, g2);
          }
        }
        case CYLINDER, MESH -> ConvexCollision.contact(m, d, p, g1, g2);
        case SDF -> sdfPair(m, d, p, g1, g2);
        default -> throw unsupported(m, g1, g2);
      }
    }
  }

  /**
   * An SDF geom g2 against an SDF geom, a sphere, a capsule, an ellipsoid or a box g1: by signed
   * distance with {@code Options.sdfSurface} ({@link SdfSurface#pair}), else MPR on the hulls.
   */
  private static void sdfPair(Model m, Data d, int p, int g1, int g2) {
    if (m.opt().sdfSurface()) {
      SdfSurface.pair(m, d, p, g1, g2);
    } else {
      ConvexCollision.contact(m, d, p, g1, g2);
    }
  }

  private static IllegalStateException unsupported(Model m, int g1, int g2) {
    return new IllegalStateException(
        "no collision function for "
            + m.geomType(g1).mjcfName()
            + "-"
            + m.geomType(g2).mjcfName()
            + " (geoms "
            + g1
            + ", "
            + g2
            + "): ContactCapacity and Collision disagree");
  }
}
