package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Collision#detect}: for each detected contact, the bars of its point, frame (the
 * tangents are functions of the normal, {@link Contacts#tangents}), distance, friction and
 * restitution become bars of the geom poses ({@code geomXposBar, geomXmatBar}) and of the per-world
 * geom parameters. The contact set itself is the forward's: a pair that did not touch passes
 * nothing, as in any program-order differentiation.
 */
public final class CollisionAdjoint {
  private CollisionAdjoint() {}

  /**
   * Consumes {@code conPosBar, conFrameBar, conDistBar, conFrictionBar, conRestitutionBar} of the
   * contacts; accumulates into {@code geomXposBar, geomXmatBar, geomFrictionBar,
   * geomRestitutionBar}.
   */
  public static void detect(Model m, Data d, DataBar b) {
    double[] nb = b.scratch6;
    for (int c = 0; c < d.ncon; c++) {
      if (noBars(b, c)) {
        // e.g. a contact in the gap, without rows: nothing to carry back
        continue;
      }
      int slot = d.conSlot[c], p = pairOf(m, slot), k = slot - m.pairConAdr(p);
      int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
      // the higher-priority geom's friction and restitution, else the larger of the two (the first
      // on a tie)
      int gp = Contacts.priorityGeom(m, g1, g2);
      // an explicit pair's friction is a model constant
      if (m.pairCondim(p) < 0) {
        b.geomFrictionBar[gp >= 0 ? gp : d.geomFriction[g1] >= d.geomFriction[g2] ? g1 : g2] +=
            b.conFrictionBar[c];
      }
      b.geomRestitutionBar[
              gp >= 0 ? gp : d.geomRestitution[g1] >= d.geomRestitution[g2] ? g1 : g2] +=
          b.conRestitutionBar[c];
      nb[0] = b.conFrameBar[9 * c];
      nb[1] = b.conFrameBar[9 * c + 1];
      nb[2] = b.conFrameBar[9 * c + 2];
      ContactsAdjoint.tangents(d.conFrame, 9 * c, b.conFrameBar, 9 * c + 3, nb, 0);
      GeomType t1 = m.geomType(g1), t2 = m.geomType(g2);
      switch (t1) {
        case HFIELD -> ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, m.pairMargin(p), nb);
        case PLANE -> {
          switch (t2) {
            case SPHERE -> CollisionPrimitivesAdjoint.planeSphere(m, d, b, c, g1, g2, nb);
            case CAPSULE -> CollisionPrimitivesAdjoint.planeCapsule(m, d, b, c, g1, g2, k, nb);
            case ELLIPSOID -> CollisionPrimitivesAdjoint.planeEllipsoid(m, d, b, c, g1, g2, nb);
            case CYLINDER -> CollisionPrimitivesAdjoint.planeCylinder(m, d, b, c, g1, g2, k, nb);
            case BOX -> CollisionPrimitivesAdjoint.planeBox(m, d, b, c, g1, g2, k, nb);
            case MESH -> ConvexCollisionAdjoint.planeMesh(m, d, b, c, g1, g2, nb);
            case SDF -> {
              if (m.opt().sdfSurface()) {
                SdfSurfaceAdjoint.plane(m, d, b, c, g1, g2, nb);
              } else if (m.geomSdfSphere(g2)) {
                CollisionPrimitivesAdjoint.planeSphere(m, d, b, c, g1, g2, nb);
              } else {
                ConvexCollisionAdjoint.planeMesh(m, d, b, c, g1, g2, nb);
              }
            }
            default -> throw unsupported(t1, t2);
          }
        }
        case SPHERE -> {
          switch (t2) {
            case SPHERE -> CollisionPrimitivesAdjoint.sphereSphere(m, d, b, c, g1, g2, nb);
            case CAPSULE -> CollisionPrimitivesAdjoint.sphereCapsule(m, d, b, c, g1, g2, nb);
            case ELLIPSOID, CYLINDER, MESH ->
                ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, m.pairMargin(p), nb);
            case SDF -> sdfPair(m, d, b, c, g1, g2, m.pairMargin(p), nb);
            case BOX -> CollisionPrimitivesAdjoint.sphereBox(m, d, b, c, g1, g2, nb);
            default -> throw unsupported(t1, t2);
          }
        }
        case CAPSULE -> {
          switch (t2) {
            case CAPSULE -> CollisionPrimitivesAdjoint.capsuleCapsule(m, d, b, c, g1, g2, nb);
            case ELLIPSOID, CYLINDER, MESH ->
                ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, m.pairMargin(p), nb);
            case SDF -> sdfPair(m, d, b, c, g1, g2, m.pairMargin(p), nb);
            case BOX -> CapsuleBoxAdjoint.contact(m, d, b, c, g1, g2, k, m.pairMargin(p), nb);
            default -> throw unsupported(t1, t2);
          }
        }
        case BOX -> {
          if (t2 == GeomType.BOX) {
            BoxBoxAdjoint.contact(m, d, b, c, p, nb);
          } else if (t2 == GeomType.SDF) {
            sdfPair(m, d, b, c, g1, g2, m.pairMargin(p), nb);
          } else {
            ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, m.pairMargin(p), nb);
          }
        }
        case ELLIPSOID -> {
          if (t2 == GeomType.SDF) {
            sdfPair(m, d, b, c, g1, g2, m.pairMargin(p), nb);
          } else {
            ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, m.pairMargin(p), nb);
          }
        }
        case CYLINDER, MESH ->
            ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, m.pairMargin(p), nb);
        case SDF -> sdfPair(m, d, b, c, g1, g2, m.pairMargin(p), nb);
        default -> throw unsupported(t1, t2);
      }
      java.util.Arrays.fill(b.conPosBar, 3 * c, 3 * c + 3, 0);
      java.util.Arrays.fill(b.conFrameBar, 9 * c, 9 * c + 9, 0);
      b.conDistBar[c] = 0;
      b.conFrictionBar[c] = 0;
      b.conRestitutionBar[c] = 0;
    }
  }

  /** Adjoint of {@code Collision.sdfPair}. */
  private static void sdfPair(
      Model m, Data d, DataBar b, int c, int g1, int g2, double margin, double[] nb) {
    if (m.opt().sdfSurface()) {
      SdfSurfaceAdjoint.pair(m, d, b, c, g1, g2, margin, nb);
    } else {
      ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, margin, nb);
    }
  }

  /** The pair owning contact slot s: {@code pairConAdr(p) <= s < pairConAdr(p+1)}. */
  private static int pairOf(Model m, int s) {
    int lo = 0, hi = m.npair() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (m.pairConAdr(mid) <= s) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Whether every bar of contact c is zero. */
  private static boolean noBars(DataBar b, int c) {
    double sum =
        Math.abs(b.conDistBar[c])
            + Math.abs(b.conFrictionBar[c])
            + Math.abs(b.conRestitutionBar[c]);
    for (int k = 0; k < 3; k++) {
      sum += Math.abs(b.conPosBar[3 * c + k]);
    }
    for (int k = 0; k < 9; k++) {
      sum += Math.abs(b.conFrameBar[9 * c + k]);
    }
    return sum == 0;
  }

  private static IllegalStateException unsupported(GeomType a, GeomType b) {
    return new IllegalStateException(
        "no collision adjoint for " + a.mjcfName() + "-" + b.mjcfName());
  }
}
