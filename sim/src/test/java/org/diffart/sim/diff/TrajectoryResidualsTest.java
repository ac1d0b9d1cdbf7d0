package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class TrajectoryResidualsTest {

  /**
   * A free box thrown sideways along a floor without friction of its own, so that the box geom's
   * coefficient is the contact's.
   */
  static final String BOX =
      """
      <mujoco model="box">
        <option timestep="0.01" gravity="0 0 -9.81"/>
        <worldbody>
          <geom name="floor" type="plane" size="5 5 0.1" friction="0 0 0"/>
          <body name="box" pos="0 0 0.05">
            <freejoint/>
            <geom name="box" type="box" size="0.15 0.1 0.05" mass="2" friction="0.1 0 0"/>
          </body>
        </worldbody>
      </mujoco>
      """;

  /**
   * J against central differences of the residuals, entry by entry (a wrong sign or a swapped
   * column fails).
   */
  private static void assertJacobianMatchesCentralDifferences(
      TrajectoryResiduals f, double[] theta, double tol) {
    int n = f.size(), p = f.parameters();
    double[] r = new double[n];
    double[][] jac = new double[n][p];
    f.evaluate(theta, r, jac);
    double[] plus = new double[n], minus = new double[n];
    double scale = 0;
    for (int k = 0; k < p; k++) {
      double h = 1e-6 * Math.max(1, Math.abs(theta[k]));
      double[] tp = theta.clone(), tm = theta.clone();
      tp[k] += h;
      tm[k] -= h;
      f.residuals(tp, plus);
      f.residuals(tm, minus);
      double col = 0;
      for (int i = 0; i < n; i++) {
        double fd = (plus[i] - minus[i]) / (2 * h);
        col = Math.max(col, Math.abs(fd));
        scale = Math.max(scale, Math.abs(fd));
        assertEquals(fd, jac[i][k], tol * Math.max(1, Math.abs(fd)), "J[" + i + "][" + k + "]");
      }
      assertTrue(col > 1e-6, "column " + k + " is not trivial");
    }
    // the residuals themselves are those of the plain rollout
    double[] again = new double[n];
    assertEquals(f.residuals(theta, again), dot(r, r), 1e-12 * Math.max(1, dot(r, r)));
  }

  /** The scalar route: the adjoint gradient of |r|² equals 2 Jᵀr. */
  private static void assertGradientIsTwiceJacobianTransposeResiduals(
      TrajectoryResiduals f, double[] theta) {
    int n = f.size(), p = f.parameters();
    double[] r = new double[n], g = new double[p];
    double[][] jac = new double[n][p];
    double l = f.evaluate(theta, r, jac);
    assertEquals(l, f.gradient(theta, g), 1e-10 * Math.max(1, l));
    for (int k = 0; k < p; k++) {
      double jtr = 0;
      for (int i = 0; i < n; i++) {
        jtr += 2 * jac[i][k] * r[i];
      }
      assertEquals(jtr, g[k], 1e-8 * Math.max(1, Math.abs(jtr)), "gradient entry " + k);
    }
  }

  /** The other exact route, a reverse sweep per residual, gives the same Jacobian. */
  private static void assertRowsEqualSensitivities(TrajectoryResiduals f, double[] theta) {
    int n = f.size(), p = f.parameters();
    double[] r = new double[n], rr = new double[n];
    double[][] jac = new double[n][p], byRows = new double[n][p];
    f.evaluate(theta, r, jac);
    assertEquals(f.evaluateByRows(theta, rr, byRows), dot(r, r), 1e-12 * Math.max(1, dot(r, r)));
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < p; k++) {
        assertEquals(
            jac[i][k],
            byRows[i][k],
            1e-9 * Math.max(1, Math.abs(jac[i][k])),
            "J[" + i + "][" + k + "]");
      }
    }
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static TrajectoryResiduals pendulum() {
    Model m = ModelLoader.load("builtin:pendulum:2");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("hang"));
    int steps = 120;
    double[] u = new double[steps * m.nu()];
    for (int t = 0; t < steps; t++) {
      u[t * m.nu()] = 0.5 * Math.sin(0.05 * t);
      u[t * m.nu() + 1] = 0.3 * Math.cos(0.07 * t);
    }
    int[] states = TrajectoryResiduals.every(0, 10, steps);
    double[] y = new double[states.length * 2];
    for (int i = 0; i < y.length; i++) {
      y[i] = 0.01 * i;
    }
    return new TrajectoryResiduals(
        m,
        d,
        u,
        states,
        new int[] {0, 1},
        new double[] {0.5, 2},
        y,
        List.of(
            new TrajectoryResiduals.Parameter(Wrt.MASS, 1),
            new TrajectoryResiduals.Parameter(Wrt.MASS, 2),
            new TrajectoryResiduals.Parameter(Wrt.DAMPING, 0),
            new TrajectoryResiduals.Parameter(Wrt.DAMPING, 1),
            new TrajectoryResiduals.Parameter(Wrt.QVEL0, 1)));
  }

  @Test
  void pendulumJacobianMatchesCentralDifferences() {
    TrajectoryResiduals f = pendulum();
    double[] theta = {1.1, 2.0, 0.3, 0.2, 0.4};
    assertJacobianMatchesCentralDifferences(f, theta, 1e-6);
    assertGradientIsTwiceJacobianTransposeResiduals(f, theta);
    assertRowsEqualSensitivities(f, theta);
  }

  private static TrajectoryResiduals box() {
    Model m = ModelLoader.loadMjcfString(BOX, "box");
    Data d = new Data(m);
    d.qvel[0] = 1.5;
    int steps = 40;
    double[] y = new double[steps * 3];
    return new TrajectoryResiduals(
        m,
        d,
        new double[0],
        TrajectoryResiduals.every(1, 1, steps),
        new int[] {0, 1, 2},
        null,
        y,
        List.of(
            new TrajectoryResiduals.Parameter(Wrt.QVEL0, 0),
            new TrajectoryResiduals.Parameter(Wrt.QVEL0, 1),
            new TrajectoryResiduals.Parameter(Wrt.QVEL0, 5),
            new TrajectoryResiduals.Parameter(Wrt.FRICTION, 1)));
  }

  /**
   * Through sliding contact, on a free joint's position: the initial velocity (the spin about z
   * included) and the box's friction.
   */
  @Test
  void slidingBoxJacobianMatchesCentralDifferences() {
    TrajectoryResiduals f = box();
    double[] theta = {1.5, 0.4, 3.0, 0.12};
    assertJacobianMatchesCentralDifferences(f, theta, 1e-5);
    assertGradientIsTwiceJacobianTransposeResiduals(f, theta);
    assertRowsEqualSensitivities(f, theta);
  }

  @Test
  void refusesWhatItCannotObserveOrSet() {
    Model m = ModelLoader.loadMjcfString(BOX, "box");
    Data d = new Data(m);
    List<TrajectoryResiduals.Parameter> ps =
        List.of(new TrajectoryResiduals.Parameter(Wrt.MASS, 7));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new TrajectoryResiduals(
                m, d, new double[0], new int[] {5, 10}, new int[] {0}, null, new double[2], ps));
    List<TrajectoryResiduals.Parameter> ok =
        List.of(new TrajectoryResiduals.Parameter(Wrt.MASS, 1));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new TrajectoryResiduals(
                m, d, new double[0], new int[] {5, 10}, new int[] {0}, null, new double[3], ok));
    // qpos[3] does not exist, and a decreasing list of states is no trajectory
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new TrajectoryResiduals(
                m, d, new double[0], new int[] {5, 10}, new int[] {3}, null, new double[2], ok));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new TrajectoryResiduals(
                m, d, new double[0], new int[] {10, 5}, new int[] {0}, null, new double[2], ok));
  }
}
