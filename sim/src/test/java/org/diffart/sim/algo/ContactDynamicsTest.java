package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.BodySpec;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.ModelBuilder;
import org.diffart.sim.model.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contact physics of the step (collision, constraint assembly, PGS, impulses) against analytic solutions: a box at
 * rest on a plane, and a block on an incline that sticks below {@code tan θ = μ} and slides with {@code a = g (sin θ -
 * μ cos θ)} above.
 */
class ContactDynamicsTest {
  private static final double HALF = 0.1;

  /** A 1 kg cube of half-size 0.1 with a free joint on a plane tilted by theta about y. */
  static Model blockOnIncline(double theta, double mu, Options o) {
    ModelBuilder b = new ModelBuilder("incline");
    b.options(o);
    b.addGeom(0, GeomType.PLANE, "ground").size(0, 0, 1).quat(Math.cos(theta / 2), 0, Math.sin(theta / 2), 0)
        .friction(mu, 0, 0);
    BodySpec box = b.addBody(0, "block");
    b.addJoint(box.id(), JointType.FREE, "free");
    b.addGeom(box.id(), GeomType.BOX, "cube").size(HALF, HALF, HALF).mass(1).friction(mu, 0, 0);
    return b.build();
  }

  /** Places the block resting on the incline (penetrating by {@code depth}), at rest. */
  static void restOnIncline(Model m, Data d, double theta, double depth) {
    double h = HALF - depth;
    // plane normal n = (sin θ, 0, cos θ); block centre at h·n, block rotated like the plane
    d.qpos[0] = h * Math.sin(theta);
    d.qpos[1] = 0;
    d.qpos[2] = h * Math.cos(theta);
    d.qpos[3] = Math.cos(theta / 2);
    d.qpos[4] = 0;
    d.qpos[5] = Math.sin(theta / 2);
    d.qpos[6] = 0;
  }

  @Test
  void boxRestingOnPlaneStaysAtRest() {
    Model m = blockOnIncline(0, 0.8, Options.builder().timestep(1e-3).build());
    Data d = new Data(m);
    restOnIncline(m, d, 0, 1e-4);
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
    }
    assertEquals(4, d.ncon, "a box lying flat touches at its four bottom corners");
    assertEquals(0, d.qpos[0], 1e-6, "no horizontal drift (x)");
    assertEquals(0, d.qpos[1], 1e-6, "no horizontal drift (y)");
    assertEquals(HALF, d.qpos[2], 2e-3, "height stays at the half size up to the Baumgarte penetration");
    for (int k = 0; k < 6; k++) {
      assertEquals(0, d.qvel[k], 1e-3, "velocity component " + k + " stays at zero");
    }
    assertEquals(1, d.qpos[3], 1e-8, "no rotation");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void blockSticksBelowTheFrictionAngle(int frictionDirections) {
    double mu = 0.5, theta = Math.atan(mu) * 0.8;
    Model m = blockOnIncline(theta, mu, Options.builder().timestep(1e-3).frictionDirections(frictionDirections)
        .build());
    Data d = new Data(m);
    restOnIncline(m, d, theta, 1e-4);
    double x0 = d.qpos[0], z0 = d.qpos[2];
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    double along = (d.qpos[0] - x0) * Math.cos(theta) - (d.qpos[2] - z0) * Math.sin(theta);
    assertEquals(0, along, 1e-4, "the block must not slide below the friction angle");
    double v = d.qvel[0] * Math.cos(theta) - d.qvel[2] * Math.sin(theta);
    assertEquals(0, v, 1e-4, "no sliding velocity");
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.0, 0.3, 0.5})
  void blockSlidesWithTheAnalyticAccelerationAboveTheFrictionAngle(double mu) {
    double theta = Math.atan(mu) + 0.2;
    Model m = blockOnIncline(theta, mu, Options.builder().timestep(1e-3).build());
    Data d = new Data(m);
    restOnIncline(m, d, theta, 1e-4);
    double time = 0.5;
    for (int s = 0; s < Math.round(time / 1e-3); s++) {
      Step.step(m, d);
    }
    // the plane normal is (sin θ, 0, cos θ), so downhill is (cos θ, 0, -sin θ)
    double downhill = d.qvel[0] * Math.cos(theta) - d.qvel[2] * Math.sin(theta);
    double expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta)) * time;
    assertTrue(expected > 0.1, "the test must produce real sliding");
    assertEquals(expected, downhill, 0.01 * expected, "sliding speed after " + time + " s (mu " + mu + ")");
    assertEquals(0, d.qvel[1], 1e-9, "no sideways motion");
  }

  @Test
  void contactSteppingAllocatesNothing() {
    Model m = blockOnIncline(0.1, 0.8, Options.builder().timestep(1e-3).warmStart(true).build());
    Data d = new Data(m);
    restOnIncline(m, d, 0.1, 1e-4);
    for (int s = 0; s < 20_000; s++) {
      Step.step(m, d);
    }
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(tid);
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    assertEquals(4, d.ncon);
    assertEquals(0, bean.getThreadAllocatedBytes(tid) - before, "bytes allocated by 1000 contact steps");
  }
}
