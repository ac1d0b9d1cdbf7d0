package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.testing.Incline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Contact physics of the step (collision, constraint assembly, PGS, impulses) against analytic
 * solutions: a box at rest on a plane, and a block on an incline that sticks below {@code tan θ =
 * μ} and slides with {@code a = g (sin θ - μ cos θ)} above.
 */
class ContactDynamicsTest {

  @Test
  void boxRestingOnPlaneStaysAtRest() {
    Model m = Incline.blockOnIncline(0, 0.8, Options.builder().timestep(1e-3).build());
    Data d = new Data(m);
    Incline.restOnIncline(m, d, 0, 1e-4);
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
    }
    assertEquals(4, d.ncon, "a box lying flat touches at its four bottom corners");
    assertEquals(0, d.qpos[0], 1e-6, "no horizontal drift (x)");
    assertEquals(0, d.qpos[1], 1e-6, "no horizontal drift (y)");
    assertEquals(
        Incline.HALF,
        d.qpos[2],
        2e-3,
        "height stays at the half size up to the Baumgarte penetration");
    for (int k = 0; k < 6; k++) {
      assertEquals(0, d.qvel[k], 1e-3, "velocity component " + k + " stays at zero");
    }
    assertEquals(1, d.qpos[3], 1e-8, "no rotation");
  }

  /**
   * MuJoCo's margin and gap: a ball dropped on a plane comes to rest with its surface {@code margin
   * − gap} above the plane (the contact acts from there); with the gap equal to the margin it lands
   * on the plane itself, its contact detected all the way down from the margin but without rows
   * until it touches.
   */
  @ParameterizedTest
  @CsvSource({"0.02, 0", "0.02, 0.005", "0.02, 0.02", "0, 0"})
  void aBallRestsAtItsMarginLessItsGap(double margin, double gap) {
    ModelBuilder b = new ModelBuilder("margin");
    b.options(Options.builder().timestep(1e-3).build());
    b.addGeom(0, GeomType.PLANE, "ground").size(0, 0, 1);
    BodySpec ball = b.addBody(0, "ball");
    b.addJoint(ball.id(), JointType.FREE, "free");
    b.addGeom(ball.id(), GeomType.SPHERE, "ball").size(0.1).mass(1).margin(margin, gap);
    Model m = b.build();
    Data d = new Data(m);
    d.qpos[2] = 0.3;
    d.qpos[3] = 1;
    boolean detectedWithoutRows = false;
    for (int s = 0; s < 1500; s++) {
      Step.step(m, d);
      detectedWithoutRows |= d.ncon == 1 && d.nefc == 0;
    }
    assertEquals(0.1 + margin - gap, d.qpos[2], 1e-3, "rests at its margin less its gap");
    assertEquals(0, d.qvel[2], 1e-3, "at rest");
    assertEquals(1, d.ncon, "one contact");
    assertEquals(gap > 0, detectedWithoutRows, "a contact in the gap is detected without rows");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void blockSticksBelowTheFrictionAngle(int frictionDirections) {
    double mu = 0.5, theta = Math.atan(mu) * 0.8;
    Model m =
        Incline.blockOnIncline(
            theta,
            mu,
            Options.builder().timestep(1e-3).frictionDirections(frictionDirections).build());
    Data d = new Data(m);
    Incline.restOnIncline(m, d, theta, 1e-4);
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
    Model m = Incline.blockOnIncline(theta, mu, Options.builder().timestep(1e-3).build());
    Data d = new Data(m);
    Incline.restOnIncline(m, d, theta, 1e-4);
    double time = 0.5;
    for (int s = 0; s < Math.round(time / 1e-3); s++) {
      Step.step(m, d);
    }
    // the plane normal is (sin θ, 0, cos θ), so downhill is (cos θ, 0, -sin θ)
    double downhill = d.qvel[0] * Math.cos(theta) - d.qvel[2] * Math.sin(theta);
    double expected = 9.81 * (Math.sin(theta) - mu * Math.cos(theta)) * time;
    assertTrue(expected > 0.1, "the test must produce real sliding");
    assertEquals(
        expected, downhill, 0.01 * expected, "sliding speed after " + time + " s (mu " + mu + ")");
    assertEquals(0, d.qvel[1], 1e-9, "no sideways motion");
  }

  @Test
  void contactSteppingAllocatesNothing() {
    Model m =
        Incline.blockOnIncline(0.1, 0.8, Options.builder().timestep(1e-3).warmStart(true).build());
    Data d = new Data(m);
    Incline.restOnIncline(m, d, 0.1, 1e-4);
    for (int s = 0; s < 20_000; s++) {
      Step.step(m, d);
    }
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(tid);
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    assertEquals(4, d.ncon);
    assertEquals(
        0, bean.getThreadAllocatedBytes(tid) - before, "bytes allocated by 1000 contact steps");
  }

  private static final double R = 0.1;

  /**
   * A 1 kg ball of radius R resting on a level plane, its contact of the given condim and
   * coefficients.
   */
  static Model ballOnPlane(int condim, double spin, double roll, int frictionDirections) {
    ModelBuilder b = new ModelBuilder("ball");
    b.options(
        Options.builder()
            .timestep(1e-3)
            .iterations(100)
            .frictionDirections(frictionDirections)
            .build());
    b.addGeom(0, GeomType.PLANE, "ground").size(0, 0, 1).friction(1, 0, 0).condim(1);
    BodySpec ball = b.addBody(0, "ball");
    b.addJoint(ball.id(), JointType.FREE, "free");
    b.addGeom(ball.id(), GeomType.SPHERE, "ball")
        .size(R)
        .mass(1)
        .friction(1, spin, roll)
        .condim(condim);
    return b.build();
  }

  /**
   * Torsional friction (condim 4 and 6): a ball spinning on its contact point decelerates by the
   * torque {@code μ_spin f_n}, {@code ω̇ = -μ_spin g / (2/5 R²)}, and stays stopped; without it
   * (condim 3) nothing resists the spin.
   */
  @ParameterizedTest
  @CsvSource({"4, 1", "4, 2", "6, 1", "6, 2", "3, 2"})
  void torsionalFrictionStopsASpinningBall(int condim, int frictionDirections) {
    double spin = 0.02, w0 = 5, alpha = spin * 9.81 / (0.4 * R * R);
    Model m = ballOnPlane(condim, spin, 0, frictionDirections);
    Data d = new Data(m);
    d.qpos[2] = R - 1e-4;
    d.qvel[5] = w0;
    for (int s = 0; s < 50; s++) {
      Step.step(m, d);
    }
    if (condim == 3) {
      assertEquals(w0, d.qvel[5], 1e-9, "no torsional row: the spin is free");
      return;
    }
    assertEquals(
        w0 - alpha * 0.05, d.qvel[5], 0.02 * alpha * 0.05, "linear spin-down by mu_spin f_n");
    for (int s = 0; s < 150; s++) {
      Step.step(m, d);
    }
    assertEquals(0, d.qvel[5], 1e-9, "stopped, and stays stopped");
    assertEquals(0, d.qpos[0], 1e-9, "the spin does not move the ball");
  }

  /**
   * Rolling friction (condim 6): a ball rolling without slipping decelerates by the torque {@code
   * μ_roll f_n}: {@code I ω̇ = -F R - μ_roll m g} and {@code m v̇ = F} with {@code v = ω R} give
   * {@code v̇ = -μ_roll g / (7/5 R)}; below condim 6 it rolls on.
   */
  @ParameterizedTest
  @CsvSource({"6, 1", "6, 2", "4, 2"})
  void rollingFrictionSlowsARollingBall(int condim, int frictionDirections) {
    double roll = 0.01, v0 = 1, a = roll * 9.81 / (1.4 * R);
    Model m = ballOnPlane(condim, 0, roll, frictionDirections);
    Data d = new Data(m);
    d.qpos[2] = R - 1e-4;
    d.qvel[0] = v0;
    d.qvel[4] = v0 / R;
    for (int s = 0; s < 500; s++) {
      Step.step(m, d);
    }
    if (condim < 6) {
      assertEquals(v0, d.qvel[0], 1e-6, "no rolling row: it rolls on");
      return;
    }
    assertEquals(v0 - a * 0.5, d.qvel[0], 0.02 * a * 0.5, "v decreases by mu_roll g / (7/5 R)");
    assertEquals(d.qvel[0] / R, d.qvel[4], 1e-3 / R, "still rolling without slipping");
  }

  /**
   * A height field shaped as a ramp (elevation linear in x, slope 0.2) carries a ball as an incline
   * does: it rolls down without slipping at {@code a = 5/7 g sin θ}, touching the prisms' tops.
   */
  @Test
  void aBallRollsDownAHeightFieldRampAsDownAnIncline() {
    double sx = 1, elev = 0.4, tan = elev / (2 * sx), sin = tan / Math.sqrt(1 + tan * tan);
    int ncol = 11, nrow = 3;
    float[] data = new float[nrow * ncol];
    for (int i = 0; i < data.length; i++) {
      data[i] = i % ncol;
    }
    ModelBuilder b = new ModelBuilder("ramp");
    b.options(Options.builder().timestep(1e-3).iterations(100).build());
    b.addGeom(0, GeomType.HFIELD, "ramp")
        .hfield(b.addHfield("ramp", nrow, ncol, new double[] {sx, 1, elev, 0.1}, data));
    BodySpec ball = b.addBody(0, "ball");
    b.addJoint(ball.id(), JointType.FREE, "free");
    b.addGeom(ball.id(), GeomType.SPHERE, "ball").size(R).mass(1);
    Model m = b.build();
    Data d = new Data(m);
    // resting on the ramp at x = 0.3: its centre R above the surface along the normal
    double cos = 1 / Math.sqrt(1 + tan * tan), x0 = 0.3;
    d.qpos[0] = x0 - R * sin;
    d.qpos[2] = elev * (x0 + sx) / (2 * sx) + R * cos - 1e-4;
    double v0 = 0;
    for (int s = 0; s < 300; s++) {
      Step.step(m, d);
      if (s == 99) {
        v0 = d.qvel[0];
      }
    }
    // along the slope, downhill is -x: a_x = -5/7 g sin θ cos θ
    double a = (d.qvel[0] - v0) / 0.2, expected = -5.0 / 7 * 9.81 * sin * cos;
    assertEquals(expected, a, 0.02 * Math.abs(expected), "rolling acceleration down the ramp");
    // MPR stops within its tolerance (1e-6 m) of the surface, which tilts the contact a little: 0.1
    // mm over 6 cm
    assertEquals(0, d.qpos[1], 2e-4, "no sideways drift");
  }
}
