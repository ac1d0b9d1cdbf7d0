package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The kinematic Jacobians against central differences of site positions and orientations, and the
 * internal derivatives' adjoint against central differences, on models beyond the MuJoCo
 * reference's (DerivativesReferenceTest): humanoids (a free joint and many hinges), the ant, the
 * Control Suite's quadruped (sites on every leg) and the activation states of actuators.xml.
 */
class DerivativesTest {
  private static final double EPS = 1e-6;

  private static Model load(String name) {
    return ModelLoader.load(
        name.startsWith("builtin:") ? name : ReferenceFiles.model(name).toString());
  }

  /** A random state: q ⊕ a random tangent, random velocities, controls and activations. */
  private static Data random(Model m, long seed) {
    Random r = new Random(seed);
    Data d = new Data(m);
    double[] dq = new double[m.nv()];
    for (int k = 0; k < m.nv(); k++) {
      dq[k] = 0.6 * r.nextGaussian();
      d.qvel[k] = r.nextGaussian();
    }
    Configuration.integratePos(m, d.qpos, dq, 1);
    for (int k = 0; k < m.nu(); k++) {
      d.ctrl[k] = r.nextDouble() * 2 - 1;
    }
    for (int k = 0; k < m.na(); k++) {
      d.act[k] = r.nextDouble();
    }
    return d;
  }

  @ParameterizedTest
  @ValueSource(strings = {"builtin:humanoid", "builtin:ant", "actuators.xml", "delayed_motors.xml"})
  void adjointEqualsCentralDifferencesAndIsNotThem(String name) {
    Model m = load(name);
    Data d = random(m, 7);
    SmoothDerivatives exact = Derivatives.smooth(m, d),
        fd = Derivatives.smoothFiniteDifferences(m, d, EPS);
    assertEquals("adjoint", exact.method());
    assertEquals("fd", fd.method());
    double[][] a = DerivativesReferenceTest.joined(m, exact),
        f = DerivativesReferenceTest.joined(m, fd);
    double err = DerivativesReferenceTest.relative(f, a, name);
    assertTrue(err < 1e-6, name + ": |adjoint - fd| relative " + err);
    assertTrue(
        DerivativesReferenceTest.relative(fd.qfrcSmoothDqvel(), exact.qfrcSmoothDqvel(), "qDeriv")
            < 1e-6);
    boolean nonZero = false, identical = true;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        nonZero |= Math.abs(a[i][j]) > 1e-3;
        identical &= a[i][j] == f[i][j];
      }
    }
    assertTrue(nonZero && !identical, name + ": a real, independent derivative");
    assertEquals(m.na(), exact.qaccDact()[0].length);
    assertEquals(m.nu(), exact.qaccDctrl()[0].length);
    for (int u = 0; u < m.nu(); u++) {
      // a delayed motor reads its buffer at this instant, not ctrl
      for (int i = 0; m.actHistoryNum(u) > 0 && i < m.nv(); i++) {
        assertEquals(0.0, exact.qaccDctrl()[i][u], name + ": delayed actuator " + u);
        assertEquals(0.0, fd.qaccDctrl()[i][u], name + ": delayed actuator " + u);
      }
    }
  }

  @Test
  void theGivenDataIsLeftAsItWas() {
    Model m = load("dm_control/humanoid.xml");
    Data d = random(m, 3);
    double[] qpos = d.qpos.clone(), qvel = d.qvel.clone(), xpos = d.xpos.clone();
    Derivatives.smooth(m, d);
    Derivatives.siteJacobian(m, d, 0);
    assertArrayEquals(qpos, d.qpos);
    assertArrayEquals(qvel, d.qvel);
    assertArrayEquals(xpos, d.xpos, "not even its intermediates");
  }

  /**
   * Column j of a site's Jacobian is the site's velocity and its frame's angular velocity when q
   * moves along tangent direction j: central differences of siteXpos and of siteXmat ({@code [ω]× =
   * Ṙ Rᵀ}).
   */
  @ParameterizedTest
  @ValueSource(strings = {"dm_control/humanoid.xml", "dm_control/quadruped.xml"})
  void siteJacobiansAreDerivativesOfSitePoses(String name) {
    Model m = load(name);
    Data d = random(m, 11);
    Data k = new Data(m), p = new Data(m), n = new Data(m);
    double[] unit = new double[m.nv()];
    double err = 0;
    for (int s = 0; s < m.nsite(); s++) {
      KinematicJacobian jac = Derivatives.siteJacobian(m, d, s);
      for (int j = 0; j < m.nv(); j++) {
        Arrays.fill(unit, 0);
        unit[j] = 1;
        moved(m, d, p, unit, EPS);
        moved(m, d, n, unit, -EPS);
        k.copyStateFrom(d);
        Kinematics.forward(m, k);
        Kinematics.sites(m, k);
        double[] w = new double[3];
        double[] rDot = new double[9];
        for (int e = 0; e < 9; e++) {
          rDot[e] = (p.siteXmat[9 * s + e] - n.siteXmat[9 * s + e]) / (2 * EPS);
        }
        // [ω]× = Ṙ Rᵀ: ω_x = (Ṙ Rᵀ)[2][1], ω_y = [0][2], ω_z = [1][0]
        int[][] at = {{2, 1}, {0, 2}, {1, 0}};
        for (int r = 0; r < 3; r++) {
          for (int c = 0; c < 3; c++) {
            w[r] += rDot[3 * at[r][0] + c] * k.siteXmat[9 * s + 3 * at[r][1] + c];
          }
        }
        for (int r = 0; r < 3; r++) {
          double v = (p.siteXpos[3 * s + r] - n.siteXpos[3 * s + r]) / (2 * EPS);
          err = Math.max(err, Math.abs(v - jac.translation()[r][j]));
          err = Math.max(err, Math.abs(w[r] - jac.rotation()[r][j]));
        }
      }
    }
    assertTrue(m.nsite() > 0);
    assertTrue(err < 1e-7, name + ": |J - fd| = " + err);
  }

  private static void moved(Model m, Data d, Data out, double[] unit, double h) {
    out.copyStateFrom(d);
    Configuration.integratePos(m, out.qpos, unit, h);
    Kinematics.forward(m, out);
    Kinematics.sites(m, out);
  }

  @Test
  void aBodysOriginIsAPointOfIt() {
    Model m = load("dm_control/humanoid.xml");
    Data d = random(m, 5);
    int b = m.nbody() - 1;
    while (m.bodyIpos(b, 0) == 0 && m.bodyIpos(b, 1) == 0 && m.bodyIpos(b, 2) == 0) {
      b--;
    }
    KinematicJacobian body = Derivatives.bodyJacobian(m, d, b);
    KinematicJacobian point = Derivatives.pointJacobian(m, d, b, body.point());
    assertEquals("body", body.frame());
    assertEquals(m.bodyName(b), body.name());
    assertTrue(Arrays.deepEquals(body.translation(), point.translation()));
    assertTrue(Arrays.deepEquals(body.rotation(), point.rotation()));
    assertFalse(
        Arrays.deepEquals(body.translation(), Derivatives.bodyComJacobian(m, d, b).translation()));
  }

  @Test
  void badNamesAndPointsAreNamedErrors() {
    Model m = load("builtin:humanoid");
    Data d = new Data(m);
    IllegalArgumentException body =
        assertThrows(IllegalArgumentException.class, () -> Derivatives.bodyId(m, "tail"));
    assertTrue(body.getMessage().startsWith("unknown body 'tail' of model"), body.getMessage());
    assertTrue(body.getMessage().contains(m.bodyName(1)), body.getMessage());
    IllegalArgumentException site =
        assertThrows(IllegalArgumentException.class, () -> Derivatives.siteId(m, "nose"));
    assertTrue(site.getMessage().startsWith("unknown site 'nose'"), site.getMessage());
    IllegalArgumentException point =
        assertThrows(
            IllegalArgumentException.class,
            () -> Derivatives.pointJacobian(m, d, 1, new double[] {1, 2}));
    assertEquals(
        "point needs exactly 3 coordinates (x, y, z in the world frame), got 2",
        point.getMessage());
  }
}
