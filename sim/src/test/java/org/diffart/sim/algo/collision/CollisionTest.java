package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;
import org.junit.jupiter.api.Test;

/**
 * Narrow-phase contacts against hand-computed distances, points and normals (tolerance {@link
 * #TOL}, m), for every supported pair in touching (no contact), penetrating and separated poses;
 * the frame, slot and allocation contracts. Every scene is built from free-joint bodies whose poses
 * are set through {@code qpos}.
 */
class CollisionTest {
  /** Tolerance on positions, distances and normal components. */
  private static final double TOL = 1e-12;

  private static final double[] IDENTITY = {1, 0, 0, 0};

  // ---- scene helpers ----

  /** A free body with one geom; returns the geom's spec for sizes. */
  private static org.diffart.sim.compiler.GeomSpec freeGeom(
      ModelBuilder b, String name, GeomType type) {
    int body = b.addBody(0, name).id();
    b.addJoint(body, JointType.FREE, name);
    return b.addGeom(body, type, name);
  }

  /**
   * Sets the free joint of body {@code name}: position (m) and orientation quaternion (w, x, y, z).
   */
  private static void place(
      Model m, Data d, String name, double x, double y, double z, double[] q) {
    int a = m.jntQposAdr(m.jointId(name));
    d.qpos[a] = x;
    d.qpos[a + 1] = y;
    d.qpos[a + 2] = z;
    System.arraycopy(q, 0, d.qpos, a + 3, 4);
  }

  private static void detect(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    Collision.detect(m, d);
    for (int c = 0; c < d.ncon; c++) {
      assertFrame(d.conFrame, 9 * c);
    }
  }

  private static double[] rot(double ax, double ay, double az, double angle) {
    double n = Math.sqrt(ax * ax + ay * ay + az * az);
    double[] q = new double[4];
    Quat.fromAxisAngle(q, 0, ax / n, ay / n, az / n, angle);
    return q;
  }

  private static int geomId(Model m, String name) {
    for (int g = 0; g < m.ngeom(); g++) {
      if (m.geomName(g).equals(name)) {
        return g;
      }
    }
    throw new IllegalArgumentException(name);
  }

  /** Contact c has signed distance dist, point p and normal n. */
  private static void assertContact(
      Data d,
      int c,
      double dist,
      double px,
      double py,
      double pz,
      double nx,
      double ny,
      double nz) {
    String at = "contact " + c;
    assertEquals(dist, d.conDist[c], TOL, at + " distance");
    assertEquals(px, d.conPos[3 * c], TOL, at + " x");
    assertEquals(py, d.conPos[3 * c + 1], TOL, at + " y");
    assertEquals(pz, d.conPos[3 * c + 2], TOL, at + " z");
    assertEquals(nx, d.conFrame[9 * c], TOL, at + " normal x");
    assertEquals(ny, d.conFrame[9 * c + 1], TOL, at + " normal y");
    assertEquals(nz, d.conFrame[9 * c + 2], TOL, at + " normal z");
  }

  /** Rows of frame f are unit, mutually orthogonal and right-handed: {@code n × t1 = t2}. */
  private static void assertFrame(double[] f, int o) {
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        double dot =
            f[o + 3 * i] * f[o + 3 * j]
                + f[o + 3 * i + 1] * f[o + 3 * j + 1]
                + f[o + 3 * i + 2] * f[o + 3 * j + 2];
        assertEquals(i == j ? 1 : 0, dot, 1e-14, "frame rows " + i + ", " + j);
      }
    }
    assertEquals(f[o + 6], f[o + 1] * f[o + 5] - f[o + 2] * f[o + 4], 1e-14, "n x t1 = t2 (x)");
    assertEquals(f[o + 7], f[o + 2] * f[o + 3] - f[o] * f[o + 5], 1e-14, "n x t1 = t2 (y)");
    assertEquals(f[o + 8], f[o] * f[o + 4] - f[o + 1] * f[o + 3], 1e-14, "n x t1 = t2 (z)");
  }

  /** Floor plane (through the origin unless moved) plus free bodies added by the caller. */
  private static ModelBuilder withFloor() {
    ModelBuilder b = new ModelBuilder("collision");
    b.addGeom(0, GeomType.PLANE, "floor").friction(0.5, 0.005, 0.0001).condim(1);
    return b;
  }

  // ---- plane-sphere ----

  @Test
  void planeSphereDistancePointNormalAndPairProperties() {
    ModelBuilder b = withFloor();
    freeGeom(b, "ball", GeomType.SPHERE).size(0.5).friction(0.8, 0.005, 0.0001);
    Model m = b.build();
    Data d = new Data(m);
    place(m, d, "ball", 0.3, -0.2, 0.4, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.1, 0.3, -0.2, -0.05, 0, 0, 1);
    // ground-plane frame: tangents are the world x and y axes
    assertEquals(1, d.conFrame[3], TOL);
    assertEquals(1, d.conFrame[7], TOL);
    assertEquals(geomId(m, "floor"), d.conGeom[0]);
    assertEquals(geomId(m, "ball"), d.conGeom[1]);
    assertEquals(0.8, d.conFriction[0]);
    assertEquals(3, d.conCondim[0]);
    assertEquals(m.pairConAdr(0), d.conSlot[0]);
    // touching, then separated
    place(m, d, "ball", 0.3, -0.2, 0.5, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
    place(m, d, "ball", 0.3, -0.2, 0.7, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  @Test
  void inclinedPlaneUsesItsNormalAndPutsTangentOneAlongTheSlope() {
    double th = 0.3, s = Math.sin(th), co = Math.cos(th);
    ModelBuilder b = new ModelBuilder("incline");
    b.addGeom(0, GeomType.PLANE, "floor")
        .pos(0, 0, 0.1)
        .quat(Math.cos(th / 2), 0, Math.sin(th / 2), 0);
    freeGeom(b, "ball", GeomType.SPHERE).size(0.5);
    Model m = b.build();
    Data d = new Data(m);
    place(m, d, "ball", 1, 2, 0.2, IDENTITY);
    detect(m, d);
    // n = (sin th, 0, cos th); dist = n.(c - (0, 0, 0.1)) - r
    double dist = s * 1 + co * 0.1 - 0.5;
    double off = 0.5 + dist / 2;
    assertEquals(1, d.ncon);
    assertContact(d, 0, dist, 1 - s * off, 2, 0.2 - co * off, s, 0, co);
    assertEquals(co, d.conFrame[3], TOL, "t1 x");
    assertEquals(-s, d.conFrame[5], TOL, "t1 z");
    assertEquals(1, d.conFrame[7], TOL, "t2 = y");
  }

  // ---- plane-capsule ----

  @Test
  void planeCapsuleLyingFlatTouchesWithBothEndCaps() {
    ModelBuilder b = withFloor();
    freeGeom(b, "rod", GeomType.CAPSULE).size(0.1, 0.4);
    Model m = b.build();
    Data d = new Data(m);
    // local z along world +x
    place(m, d, "rod", 0, 0.5, 0.08, rot(0, 1, 0, Math.PI / 2));
    detect(m, d);
    assertEquals(2, d.ncon);
    assertContact(d, 0, -0.02, 0.4, 0.5, -0.01, 0, 0, 1);
    assertContact(d, 1, -0.02, -0.4, 0.5, -0.01, 0, 0, 1);
    assertEquals(m.pairConAdr(0), d.conSlot[0], "+z cap in slot 0");
    assertEquals(m.pairConAdr(0) + 1, d.conSlot[1], "-z cap in slot 1");
    place(m, d, "rod", 0, 0.5, 0.2, rot(0, 1, 0, Math.PI / 2));
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  @Test
  void planeCapsuleTiltedTouchesWithItsLowerCapInThatCapsSlot() {
    double r = 0.1, h = 0.4, tilt = 0.1;
    ModelBuilder b = withFloor();
    freeGeom(b, "rod", GeomType.CAPSULE).size(r, h);
    Model m = b.build();
    Data d = new Data(m);
    // +z cap lower: axis (cos tilt, 0, -sin tilt)
    double z = r - 0.02 + h * Math.sin(tilt);
    place(m, d, "rod", 0, 0, z, rot(0, 1, 0, Math.PI / 2 + tilt));
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.02, h * Math.cos(tilt), 0, -0.01, 0, 0, 1);
    assertEquals(m.pairConAdr(0), d.conSlot[0]);
    // -z cap lower
    place(m, d, "rod", 0, 0, z, rot(0, 1, 0, Math.PI / 2 - tilt));
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.02, -h * Math.cos(tilt), 0, -0.01, 0, 0, 1);
    assertEquals(m.pairConAdr(0) + 1, d.conSlot[0]);
    // standing exactly on its -z cap: touching (dyadic sizes keep it exact)
    b = withFloor();
    freeGeom(b, "rod", GeomType.CAPSULE).size(0.125, 0.5);
    m = b.build();
    d = new Data(m);
    place(m, d, "rod", 0, 0, 0.625, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  // ---- plane-box ----

  private static Model floorAndBox(double hx, double hy, double hz) {
    ModelBuilder b = withFloor();
    freeGeom(b, "box", GeomType.BOX).size(hx, hy, hz);
    return b.build();
  }

  @Test
  void planeBoxRestingFlatGivesFourEqualCornersInCornerSlots() {
    Model m = floorAndBox(0.2, 0.1, 0.05);
    Data d = new Data(m);
    place(m, d, "box", 0.5, -0.3, 0.04, IDENTITY);
    detect(m, d);
    assertEquals(4, d.ncon);
    for (int k = 0; k < 4; k++) {
      // slot k = corner k: bit 0 the sign of x, bit 1 the sign of y, z = -hz
      double sx = (k & 1) != 0 ? 1 : -1, sy = (k & 2) != 0 ? 1 : -1;
      assertContact(d, k, -0.01, 0.5 + 0.2 * sx, -0.3 + 0.1 * sy, -0.005, 0, 0, 1);
      assertEquals(m.pairConAdr(0) + k, d.conSlot[k]);
    }
    // touching, separated
    m = floorAndBox(0.5, 0.25, 0.25);
    d = new Data(m);
    place(m, d, "box", 0.5, -0.3, 0.25, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
    place(m, d, "box", 0.5, -0.3, 0.3, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  @Test
  void planeBoxUpsideDownUsesOppositeCornersInTheSameSlots() {
    Model m = floorAndBox(0.2, 0.1, 0.05);
    Data d = new Data(m);
    // rotated by pi about x: (x, y, z) -> (x, -y, -z); slot k holds corner 7 - k = (-sx, -sy, +1)
    place(m, d, "box", 0.5, -0.3, 0.04, rot(1, 0, 0, Math.PI));
    detect(m, d);
    assertEquals(4, d.ncon);
    for (int k = 0; k < 4; k++) {
      double sx = (k & 1) != 0 ? 1 : -1, sy = (k & 2) != 0 ? 1 : -1;
      assertContact(d, k, -0.01, 0.5 - 0.2 * sx, -0.3 + 0.1 * sy, -0.005, 0, 0, 1);
      assertEquals(m.pairConAdr(0) + k, d.conSlot[k]);
    }
  }

  @Test
  void planeBoxOnASideFaceFillsAllFourSlots() {
    Model m = floorAndBox(0.2, 0.1, 0.05);
    Data d = new Data(m);
    // rotated by pi/2 about x: local y -> world z, so the face y = -hy rests on the floor (corners
    // 0, 1, 4, 5)
    double[] q = rot(1, 0, 0, Math.PI / 2);
    place(m, d, "box", 0, 0, 0.09, q);
    detect(m, d);
    assertEquals(4, d.ncon);
    int[] corner = {0, 1, 5, 4};
    double[] local = new double[3];
    double[] world = new double[3];
    for (int k = 0; k < 4; k++) {
      int i = corner[k];
      local[0] = (i & 1) != 0 ? 0.2 : -0.2;
      local[1] = (i & 2) != 0 ? 0.1 : -0.1;
      local[2] = (i & 4) != 0 ? 0.05 : -0.05;
      Quat.rotate(world, 0, q, 0, local, 0);
      assertContact(d, k, -0.01, world[0], world[1], 0.09 + world[2] + 0.005, 0, 0, 1);
      assertEquals(m.pairConAdr(0) + k, d.conSlot[k]);
    }
  }

  @Test
  void planeBoxTiltedAboutYTouchesWithTheLowEdgeCorners() {
    double hx = 0.2, hy = 0.1, hz = 0.05, th = 0.3;
    Model m = floorAndBox(hx, hy, hz);
    Data d = new Data(m);
    // R_y(th): corner (sx hx, sy hy, sz hz) has height z - sx hx sin th + sz hz cos th; lowest: sx
    // = +1, sz = -1
    double z = hx * Math.sin(th) + hz * Math.cos(th) - 0.01;
    place(m, d, "box", 0, 0, z, rot(0, 1, 0, th));
    detect(m, d);
    assertEquals(2, d.ncon, "corners 1 and 3 only");
    double x = hx * Math.cos(th) - hz * Math.sin(th);
    assertContact(d, 0, -0.01, x, -hy, -0.005, 0, 0, 1);
    assertContact(d, 1, -0.01, x, hy, -0.005, 0, 0, 1);
    assertEquals(m.pairConAdr(0) + 1, d.conSlot[0]);
    assertEquals(m.pairConAdr(0) + 3, d.conSlot[1]);
  }

  @Test
  void planeBoxSlotsKeepTheirCornersUnderSmallMotion() {
    Model m = floorAndBox(0.2, 0.1, 0.05);
    Data d = new Data(m);
    place(m, d, "box", 0, 0, 0.04, IDENTITY);
    detect(m, d);
    double[] ref = java.util.Arrays.copyOf(d.conPos, 12);
    Random rnd = new Random(7);
    for (int trial = 0; trial < 50; trial++) {
      double[] q =
          rot(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), 2e-3 * rnd.nextDouble());
      place(
          m,
          d,
          "box",
          1e-4 * rnd.nextGaussian(),
          1e-4 * rnd.nextGaussian(),
          0.04 + 1e-4 * rnd.nextGaussian(),
          q);
      detect(m, d);
      assertEquals(4, d.ncon, "trial " + trial);
      for (int k = 0; k < 4; k++) {
        assertEquals(m.pairConAdr(0) + k, d.conSlot[k], "trial " + trial);
        double moved =
            Math.abs(d.conPos[3 * k] - ref[3 * k]) + Math.abs(d.conPos[3 * k + 1] - ref[3 * k + 1]);
        assertTrue(
            moved < 2e-3,
            "trial " + trial + ": slot " + k + " moved " + moved + " m: another corner");
      }
    }
  }

  // ---- sphere-sphere ----

  private static Model twoBodies(GeomType t1, double[] size1, GeomType t2, double[] size2) {
    ModelBuilder b = new ModelBuilder("pair");
    freeGeom(b, "a", t1).size(size1);
    freeGeom(b, "b", t2).size(size2);
    return b.build();
  }

  @Test
  void theHigherPriorityGeomsFrictionRestitutionAndCondimApply() {
    ModelBuilder b = new ModelBuilder("priority");
    freeGeom(b, "a", GeomType.SPHERE).size(0.3).friction(0.2, 0, 0).condim(3).priority(1);
    freeGeom(b, "b", GeomType.SPHERE).size(0.3).friction(0.9, 0, 0).condim(1);
    Model m = b.build();
    Data d = new Data(m);
    d.geomRestitution[0] = 0.1;
    d.geomRestitution[1] = 0.7;
    place(m, d, "a", 0, 0, 1, IDENTITY);
    place(m, d, "b", 0.5, 0, 1, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertEquals(0.2, d.conFriction[0]);
    assertEquals(0.1, d.conRestitution[0]);
    assertEquals(3, d.conCondim[0]);
    // equal priorities: the larger of each
    Model same =
        twoBodies(GeomType.SPHERE, new double[] {0.3}, GeomType.SPHERE, new double[] {0.3});
    Data e = new Data(same);
    e.geomFriction[0] = 0.2;
    e.geomFriction[1] = 0.9;
    place(same, e, "a", 0, 0, 1, IDENTITY);
    place(same, e, "b", 0.5, 0, 1, IDENTITY);
    detect(same, e);
    assertEquals(0.9, e.conFriction[0]);
  }

  @Test
  void sphereSphereNormalPointsFromGeomOneToGeomTwo() {
    Model m = twoBodies(GeomType.SPHERE, new double[] {0.3}, GeomType.SPHERE, new double[] {0.25});
    Data d = new Data(m);
    place(m, d, "a", 0, 0, 1, IDENTITY);
    place(m, d, "b", 0.3, 0.4, 1, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertEquals(geomId(m, "a"), d.conGeom[0]);
    // |c2 - c1| = 0.5, dist = 0.5 - 0.55; point c1 + n (r1 + dist/2)
    assertContact(d, 0, -0.05, 0.6 * 0.275, 0.8 * 0.275, 1, 0.6, 0.8, 0);
    // swapped centres: the normal turns with them
    place(m, d, "a", 0.3, 0.4, 1, IDENTITY);
    place(m, d, "b", 0, 0, 1, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.05, 0.3 - 0.6 * 0.275, 0.4 - 0.8 * 0.275, 1, -0.6, -0.8, 0);
    // concentric: normal +z by convention
    place(m, d, "b", 0.3, 0.4, 1, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.55, 0.3, 0.4, 1.025, 0, 0, 1);
  }

  @Test
  void sphereSphereTouchingAndSeparatedHaveNoContact() {
    Model m = twoBodies(GeomType.SPHERE, new double[] {0.25}, GeomType.SPHERE, new double[] {0.25});
    Data d = new Data(m);
    place(m, d, "a", 0, 0, 1, IDENTITY);
    place(m, d, "b", 0.5, 0, 1, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
    place(m, d, "b", 0.6, 0, 1, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  // ---- sphere-capsule ----

  @Test
  void sphereCapsuleAgainstSideAndEndCapWithSphereAsGeomOne() {
    // capsule added first: the sphere is still geom 1 (lower type)
    Model m =
        twoBodies(GeomType.CAPSULE, new double[] {0.1, 0.5}, GeomType.SPHERE, new double[] {0.2});
    Data d = new Data(m);
    place(m, d, "a", 0, 0, 1, IDENTITY);
    // side: closest axis point (0, 0, 1.2) at 0.25
    place(m, d, "b", 0.25, 0, 1.2, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertEquals(geomId(m, "b"), d.conGeom[0]);
    assertEquals(geomId(m, "a"), d.conGeom[1]);
    assertContact(d, 0, -0.05, 0.075, 0, 1.2, -1, 0, 0);
    // end cap: closest axis point is the end (0, 0, 1.5), offset (0.12, 0, 0.16) of length 0.2
    place(m, d, "b", 0.12, 0, 1.66, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.1, 0.12 - 0.6 * 0.15, 0, 1.66 - 0.8 * 0.15, -0.6, 0, -0.8);
    // centre on the axis: normal perpendicular to the axis (z), here t1 of the +z frame = x
    place(m, d, "b", 0, 0, 1.2, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.3, 0.05, 0, 1.2, 1, 0, 0);
    // rotated capsule (axis along world x)
    place(m, d, "a", 0, 0, 1, rot(0, 1, 0, Math.PI / 2));
    place(m, d, "b", 0.3, 0, 1.25, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.05, 0.3, 0, 1.075, 0, 0, -1);
    // separated
    place(m, d, "b", 0.3, 0, 1.35, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  @Test
  void sphereCapsuleTouchingHasNoContact() {
    Model m =
        twoBodies(
            GeomType.SPHERE, new double[] {0.25}, GeomType.CAPSULE, new double[] {0.125, 0.5});
    Data d = new Data(m);
    place(m, d, "a", 0.375, 0, 1.25, IDENTITY);
    place(m, d, "b", 0, 0, 1, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  // ---- capsule-capsule ----

  @Test
  void capsuleCapsuleCrossingClampedAndSkew() {
    Model m =
        twoBodies(
            GeomType.CAPSULE, new double[] {0.1, 0.5}, GeomType.CAPSULE, new double[] {0.1, 0.5});
    Data d = new Data(m);
    double[] alongX = rot(0, 1, 0, Math.PI / 2);
    double[] alongY = rot(1, 0, 0, -Math.PI / 2);
    place(m, d, "a", 0, 0, 1, alongX);
    // crossing at right angles, 0.15 apart
    place(m, d, "b", 0.2, 0, 1.15, alongY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertEquals(geomId(m, "a"), d.conGeom[0]);
    assertContact(d, 0, -0.05, 0.2, 0, 1.075, 0, 0, 1);
    // beyond the end of a: its end (0.5, 0, 1) against (0.55, 0, 1.15)
    place(m, d, "b", 0.55, 0, 1.15, alongY);
    detect(m, d);
    double len = Math.sqrt(0.05 * 0.05 + 0.15 * 0.15), dist = len - 0.2, off = 0.1 + dist / 2;
    assertContact(
        d, 0, dist, 0.5 + 0.05 / len * off, 0, 1 + 0.15 / len * off, 0.05 / len, 0, 0.15 / len);
    // skew at 45 degrees through (0.1, 0.05, 1.15): the lines pass closest at x = 0.05
    double[] diagonal = new double[4];
    Quat.mul(diagonal, 0, rot(0, 0, 1, Math.PI / 4), 0, alongX, 0);
    place(m, d, "b", 0.1, 0.05, 1.15, diagonal);
    detect(m, d);
    assertContact(d, 0, -0.05, 0.05, 0, 1.075, 0, 0, 1);
    // separated
    place(m, d, "b", 0.2, 0, 1.25, alongY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  @Test
  void capsuleCapsuleParallelTakesTheMiddleOfTheOverlap() {
    Model m =
        twoBodies(
            GeomType.CAPSULE, new double[] {0.1, 0.5}, GeomType.CAPSULE, new double[] {0.1, 0.5});
    Data d = new Data(m);
    double[] alongX = rot(0, 1, 0, Math.PI / 2);
    place(m, d, "a", 0, 0, 1, alongX);
    // overlap of x in [-0.5, 0.5] and [-0.2, 0.8]: middle 0.15
    place(m, d, "b", 0.3, 0, 1.15, alongX);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.05, 0.15, 0, 1.075, 0, 0, 1);
    // touching side by side (vertical, dyadic sizes: exact)
    m =
        twoBodies(
            GeomType.CAPSULE,
            new double[] {0.125, 0.5},
            GeomType.CAPSULE,
            new double[] {0.125, 0.5});
    d = new Data(m);
    place(m, d, "a", 0, 0, 1, IDENTITY);
    place(m, d, "b", 0.25, 0, 1.5, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
    // coaxial end to end: caps at 1.5 and 1.7 overlap by 0.05 along the axis
    place(m, d, "b", 0, 0, 2.2, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.05, 0, 0, 1.6, 0, 0, 1);
    // coaxial and overlapping: segments [0.5, 1.5] and [0.7, 1.7] meet at the middle of their
    // overlap, 1.1; the
    // normal is perpendicular to the axis (t1 of the +z frame = x)
    place(m, d, "b", 0, 0, 1.2, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertContact(d, 0, -0.25, 0, 0, 1.1, 1, 0, 0);
  }

  // ---- sphere-box ----

  @Test
  void sphereBoxFaceEdgeInsideAndRotated() {
    Model m =
        twoBodies(GeomType.SPHERE, new double[] {0.1}, GeomType.BOX, new double[] {0.2, 0.1, 0.05});
    Data d = new Data(m);
    place(m, d, "b", 0, 0, 1, IDENTITY);
    // above the top face, 0.08 from it
    place(m, d, "a", 0, 0, 1.13, IDENTITY);
    detect(m, d);
    assertEquals(1, d.ncon);
    assertEquals(geomId(m, "a"), d.conGeom[0]);
    assertContact(d, 0, -0.02, 0, 0, 1.04, 0, 0, -1);
    // beside the edge (0.2, y, 1.05): offset (-0.03, 0, -0.04) of length 0.05
    place(m, d, "a", 0.23, 0, 1.09, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.05, 0.23 - 0.6 * 0.075, 0, 1.09 - 0.8 * 0.075, -0.6, 0, -0.8);
    // centre inside, nearest face +x at 0.03: pushed out through it, at MuJoCo's depth r
    place(m, d, "a", 0.17, 0, 1.01, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.1, 0.135, 0, 1.01, -1, 0, 0);
    // box turned by pi/2 about z: its x face now faces world +y
    place(m, d, "b", 0, 0, 1, rot(0, 0, 1, Math.PI / 2));
    place(m, d, "a", 0, 0.25, 1, IDENTITY);
    detect(m, d);
    assertContact(d, 0, -0.05, 0, 0.175, 1, 0, -1, 0);
    // separated
    place(m, d, "a", 0, 0.35, 1, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  @Test
  void sphereBoxTouchingHasNoContact() {
    Model m =
        twoBodies(
            GeomType.SPHERE, new double[] {0.25}, GeomType.BOX, new double[] {0.25, 0.125, 0.5});
    Data d = new Data(m);
    place(m, d, "a", 0.5, 0, 1, IDENTITY);
    place(m, d, "b", 0, 0, 1, IDENTITY);
    detect(m, d);
    assertEquals(0, d.ncon);
  }

  // ---- frames ----

  @Test
  void tangentFrameIsOrthonormalRightHandedAndSmoothAwayFromItsSeam() {
    Random rnd = new Random(3);
    double[] f = new double[9];
    double[] g = new double[9];
    for (int i = 0; i < 2000; i++) {
      double x = rnd.nextGaussian(),
          y = rnd.nextGaussian(),
          z = i < 4 ? (i < 2 ? 1 : -1) : rnd.nextGaussian();
      if (i < 4) {
        x = 0;
        y = 0;
      }
      double n = Math.sqrt(x * x + y * y + z * z);
      f[0] = x / n;
      f[1] = y / n;
      f[2] = z / n;
      Contacts.tangents(f, 0);
      assertFrame(f, 0);
      // a normal turned by 1e-7 rad gets tangents turned by about as much, except across the seam
      // n_z = -1/2
      double e = 1e-7;
      g[0] = f[0] + e * f[3];
      g[1] = f[1] + e * f[4];
      g[2] = f[2] + e * f[5];
      double gn = Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]);
      g[0] /= gn;
      g[1] /= gn;
      g[2] /= gn;
      if ((f[2] + 0.5) * (g[2] + 0.5) > 0) {
        Contacts.tangents(g, 0);
        double change = 0;
        for (int k = 3; k < 9; k++) {
          change = Math.max(change, Math.abs(g[k] - f[k]));
        }
        assertTrue(
            change < 10 * e,
            "normal " + f[0] + ", " + f[1] + ", " + f[2] + ": tangents jumped " + change);
      }
    }
  }

  // ---- the contact list and allocation ----

  /** One geom of every supported pair type, all penetrating their partner. */
  private static Model everyPair() {
    ModelBuilder b = withFloor();
    freeGeom(b, "ball", GeomType.SPHERE).size(0.1);
    freeGeom(b, "rod", GeomType.CAPSULE).size(0.05, 0.2);
    freeGeom(b, "box", GeomType.BOX).size(0.1, 0.1, 0.1);
    freeGeom(b, "ball2", GeomType.SPHERE).size(0.1);
    freeGeom(b, "rod2", GeomType.CAPSULE).size(0.05, 0.2);
    return b.build();
  }

  private static Data everyPairPosed(Model m) {
    Data d = new Data(m);
    place(m, d, "ball", 0, 0, 0.09, IDENTITY);
    place(m, d, "rod", 0.1, 0, 0.04, rot(0, 1, 0, Math.PI / 2));
    place(m, d, "box", -0.1, 0.15, 0.09, IDENTITY);
    place(m, d, "ball2", 0, 0.12, 0.15, IDENTITY);
    place(m, d, "rod2", 0.1, 0.05, 0.12, rot(1, 0, 0, Math.PI / 2));
    return d;
  }

  @Test
  void contactsFollowPairOrderInTheirPairsSlots() {
    Model m = everyPair();
    Data d = everyPairPosed(m);
    detect(m, d);
    assertTrue(d.ncon >= 10, "ncon " + d.ncon);
    int lastSlot = -1;
    for (int c = 0; c < d.ncon; c++) {
      assertTrue(d.conSlot[c] > lastSlot, "slots increase with the pair order");
      lastSlot = d.conSlot[c];
      assertTrue(d.conDist[c] < 0);
      int p = 0;
      while (m.pairConAdr(p + 1) <= d.conSlot[c]) {
        p++;
      }
      assertEquals(m.pairGeom1(p), d.conGeom[2 * c], "contact " + c);
      assertEquals(m.pairGeom2(p), d.conGeom[2 * c + 1], "contact " + c);
    }
  }

  @Test
  void detectAllocatesNothing() {
    Model m = everyPair();
    Data d = everyPairPosed(m);
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    for (int i = 0; i < 20_000; i++) {
      Collision.detect(m, d);
    }
    bean.getThreadAllocatedBytes(tid);
    long before = bean.getThreadAllocatedBytes(tid);
    for (int i = 0; i < 10_000; i++) {
      Collision.detect(m, d);
    }
    long bytes = bean.getThreadAllocatedBytes(tid) - before;
    assertTrue(d.ncon >= 10);
    assertEquals(0, bytes, "bytes allocated by 10 000 calls of detect");
  }
}
