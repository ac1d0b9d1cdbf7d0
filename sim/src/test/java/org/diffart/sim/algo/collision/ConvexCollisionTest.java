package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.sensor.Energy;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.testing.RandomModels;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * MPR's contact ({@link ConvexCollision}) against closed forms where one exists: a round ellipsoid
 * is a sphere, a sphere on a cylinder's cap or wall; its work space; a drop of every convex pair
 * (the scene of {@code convex.xml}) judged by physics; and no allocation. MuJoCo's own contacts on
 * random poses are {@code CollisionReferenceTest}'s.
 */
class ConvexCollisionTest {
  /** Two free bodies with one geom each. */
  private static Model pair(GeomType a, double[] sa, GeomType b, double[] sb) {
    ModelBuilder mb = new ModelBuilder(a + "-" + b);
    mb.options(Options.builder().gravity(0, 0, 0).build());
    BodySpec x = mb.addBody(0, "A");
    mb.addJoint(x.id(), JointType.FREE, "fa");
    mb.addGeom(x.id(), a, "ga").size(sa).mass(1);
    BodySpec y = mb.addBody(0, "B");
    mb.addJoint(y.id(), JointType.FREE, "fb");
    mb.addGeom(y.id(), b, "gb").size(sb).mass(1);
    return mb.build();
  }

  private static void pose(Data d, double[] p1, double[] q1, double[] p2, double[] q2) {
    System.arraycopy(p1, 0, d.qpos, 0, 3);
    System.arraycopy(q1, 0, d.qpos, 3, 4);
    System.arraycopy(p2, 0, d.qpos, 7, 3);
    System.arraycopy(q2, 0, d.qpos, 10, 4);
  }

  private static void detect(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    Collision.detect(m, d);
  }

  @Test
  void theWorkSpacesHaveTheLayoutsLength() {
    Model m =
        pair(GeomType.SPHERE, new double[] {0.1}, GeomType.ELLIPSOID, new double[] {0.1, 0.2, 0.3});
    Data d = new Data(m);
    DataBar b = new DataBar(m);
    assertEquals(ConvexCollision.SCRATCH, d.convexScratch.length);
    assertEquals(ConvexCollision.LOG_LENGTH, d.convexLog.length);
    assertEquals(6 * ConvexCollision.MAX_SUPPORTS, b.convexLogBar.length);
    assertEquals(ConvexCollisionAdjoint.BAR_LENGTH, b.convexBar.length);
    // the loops' bounds keep a pair's support evaluations within the log
    assertTrue(
        2 + 2 * ConvexCollision.MAX_LOOPS + ConvexCollision.ITERATIONS + 2
            <= ConvexCollision.MAX_SUPPORTS);
  }

  @Test
  void aRoundEllipsoidTouchesASphereAsTwoSpheresDo() {
    Model m =
        pair(GeomType.SPHERE, new double[] {0.1}, GeomType.ELLIPSOID, new double[] {0.2, 0.2, 0.2});
    Random rnd = new Random(3);
    for (int i = 0; i < 50; i++) {
      Data d = new Data(m);
      double[] dir = RandomModels.randomUnit(rnd), c2 = new double[3];
      double gap = 0.3 - 0.05 * rnd.nextDouble() - 0.001;
      for (int k = 0; k < 3; k++) {
        c2[k] = gap * dir[k];
      }
      pose(d, new double[3], RandomModels.randomQuat(rnd), c2, RandomModels.randomQuat(rnd));
      detect(m, d);
      assertEquals(1, d.ncon, "case " + i);
      // MPR stops when the support gains less than 1e-6: the depth is that close to the closed form
      assertEquals(gap - 0.3, d.conDist[0], 2e-6, "case " + i + ": distance");
      for (int k = 0; k < 3; k++) {
        assertEquals(dir[k], d.conFrame[k], 1e-6, "case " + i + ": normal along the centres");
        assertEquals(
            dir[k] * (0.1 + 0.5 * (gap - 0.3)), d.conPos[k], 1e-5, "case " + i + ": point between");
      }
    }
  }

  @Test
  void aSphereOnACylindersCapAndAgainstItsWall() {
    Model m =
        pair(GeomType.SPHERE, new double[] {0.05}, GeomType.CYLINDER, new double[] {0.1, 0.2});
    Random rnd = new Random(4);
    for (int i = 0; i < 40; i++) {
      Data d = new Data(m);
      double[] q = RandomModels.randomQuat(rnd), r = new double[9];
      org.diffart.sim.spatial.Quat.toMat(r, 0, q, 0);
      boolean cap = i % 2 == 0;
      double depth = 0.001 + 0.02 * rnd.nextDouble();
      // the sphere on the cylinder's axis above its cap, or beside its wall at mid height
      double[] along = cap ? new double[] {r[2], r[5], r[8]} : new double[] {r[0], r[3], r[6]};
      double reach = (cap ? 0.2 : 0.1) + 0.05 - depth;
      pose(
          d,
          new double[] {reach * along[0], reach * along[1], reach * along[2]},
          RandomModels.randomQuat(rnd),
          new double[3],
          q);
      detect(m, d);
      assertEquals(1, d.ncon, "case " + i);
      assertEquals(-depth, d.conDist[0], cap ? 1e-12 : 2e-6, "case " + i + ": distance");
      for (int k = 0; k < 3; k++) {
        // from the sphere (geom 1) into the cylinder
        // (beside the wall, MuJoCo's fix takes the radial direction of MPR's point, accurate to its
        // tolerance)
        assertEquals(-along[k], d.conFrame[k], cap ? 1e-9 : 1e-4, "case " + i + ": normal");
      }
    }
  }

  @Test
  void droppedConvexShapesComeToRestAboveTheFloorLosingEnergy() {
    Model m =
        ModelLoader.load(ReferenceFiles.repoRoot().resolve("datasets/reference/models/convex.xml"));
    Data d = new Data(m);
    Step.step(m, d);
    double start = total(m, d), deepest = 0;
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
      for (int c = 0; c < d.ncon; c++) {
        deepest = Math.min(deepest, d.conDist[c]);
      }
    }
    Kinematics.forward(m, d);
    Kinematics.velocity(m, d);
    Energy.compute(m, d);
    double end = d.energy[0] + d.energy[1];
    assertTrue(end < start, "energy " + start + " -> " + end);
    // every body on the floor or a support, none sunk into the floor (the ball may roll on and the
    // ellipsoids rock,
    // as they do in MuJoCo 2.2.2: nothing damps rolling)
    for (int b = 1; b < m.nbody(); b++) {
      assertTrue(d.xpos[3 * b + 2] > 0.035, m.bodyName(b) + " at z " + d.xpos[3 * b + 2]);
    }
    // the deepest contact of the whole drop (MPR's single contact lets a box's face sink into a
    // cylinder's round
    // wall by about a centimetre before it slides off, as in MuJoCo 2.2.2)
    assertTrue(deepest > -0.02, "deepest contact " + deepest);
  }

  private static double total(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.velocity(m, d);
    Energy.compute(m, d);
    return d.energy[0] + d.energy[1];
  }

  @Test
  void detectAndItsAdjointAllocateNothing() {
    Model m =
        ModelLoader.load(ReferenceFiles.repoRoot().resolve("datasets/reference/models/convex.xml"));
    Data d = new Data(m);
    // until the drop has brought most pairs into contact
    for (int s = 0; s < 200 && d.ncon < 6; s++) {
      Step.step(m, d);
    }
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    Collision.detect(m, d);
    assertTrue(d.ncon >= 6, "ncon " + d.ncon);
    DataBar b = new DataBar(m);
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId(), before = 0;
    for (int i = 0; i < 25_000; i++) {
      if (i == 20_000) {
        before = bean.getThreadAllocatedBytes(tid);
      }
      Collision.detect(m, d);
      for (int c = 0; c < d.ncon; c++) {
        b.conDistBar[c] = 1;
      }
      CollisionAdjoint.detect(m, d, b);
    }
    long bytes = bean.getThreadAllocatedBytes(tid) - before;
    assertEquals(0, bytes, "bytes allocated by 5000 calls of detect and its adjoint");
  }
}
