package org.diffart.sim.algo.constraint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.testing.Incline;
import org.junit.jupiter.api.Test;

/**
 * Restitution, joint limits, warm starts and the early-stopping tolerance of the constraint solve.
 */
class ConstraintsTest {

  /** A sphere of radius 0.1 with a free joint above a ground plane. */
  static Model ballAboveGround(Options o) {
    ModelBuilder b = new ModelBuilder("ball");
    b.options(o);
    b.addGeom(0, GeomType.PLANE, "ground").size(0, 0, 1);
    BodySpec ball = b.addBody(0, "ball").pos(0, 0, 1);
    b.addJoint(ball.id(), JointType.FREE, "free");
    b.addGeom(ball.id(), GeomType.SPHERE, "sphere").size(0.1).mass(1);
    return b.build();
  }

  @Test
  void restitutionReversesTheNormalVelocity() {
    for (double e : new double[] {0, 0.5, 1}) {
      Model m = ballAboveGround(Options.builder().timestep(1e-4).restitution(e).erp(0).build());
      Data d = new Data(m);
      d.qpos[2] = 0.1 + 1e-9;
      d.qvel[2] = -2;
      // step until the contact has acted once
      double before = d.qvel[2];
      Step.step(m, d);
      Step.step(m, d);
      assertEquals(-e * before, d.qvel[2], 0.01 + 2e-3, "rebound speed with e = " + e);
    }
  }

  @Test
  void hingeStopsAtItsLimit() {
    ModelBuilder b = new ModelBuilder("limited");
    b.options(Options.builder().timestep(1e-3).build());
    BodySpec link = b.addBody(0, "link");
    b.addJoint(link.id(), JointType.HINGE, "hinge").axis(0, 1, 0).range(-0.5, 0.5);
    b.addGeom(link.id(), GeomType.CAPSULE, "rod")
        .size(0.02)
        .fromto(0, 0, 0, 0.5, 0, 0)
        .mass(1)
        .contype(0)
        .conaffinity(0);
    Model m = b.build();
    Data d = new Data(m);
    double maxAngle = 0;
    for (int s = 0; s < 3000; s++) {
      Step.step(m, d);
      maxAngle = Math.max(maxAngle, d.qpos[0]);
    }
    // gravity swings the horizontal rod down (+angle about y); the limit holds it near 0.5
    assertTrue(maxAngle < 0.5 + 0.02, "overshoot past the limit: " + maxAngle);
    assertEquals(0.5, d.qpos[0], 0.02, "rests at the limit");
    assertEquals(0, d.qvel[0], 1e-2, "at rest");
    assertEquals(1, d.nefc, "one limit row");
  }

  @Test
  void warmStartAndToleranceReduceIterations() {
    Options cold = Options.builder().timestep(1e-3).tolerance(1e-10).iterations(500).build();
    Options warm = cold.toBuilder().warmStart(true).build();
    int[] iterations = new int[2];
    double[] height = new double[2];
    Options[] both = {cold, warm};
    for (int c = 0; c < 2; c++) {
      Model m = Incline.blockOnIncline(0, 0.8, both[c]);
      Data d = new Data(m);
      Incline.restOnIncline(m, d, 0, 1e-4);
      int total = 0;
      for (int s = 0; s < 500; s++) {
        Step.step(m, d);
        total += d.solverIterations;
      }
      iterations[c] = total;
      height[c] = d.qpos[2];
    }
    assertTrue(
        iterations[1] < iterations[0] / 2,
        "warm start: " + iterations[1] + " vs cold " + iterations[0]);
    assertEquals(height[0], height[1], 1e-6, "both converge to the same rest state");
  }
}
