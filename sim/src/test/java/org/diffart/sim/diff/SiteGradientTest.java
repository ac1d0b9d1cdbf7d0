package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Random;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The adjoint through site transmissions ({@code SiteTransmissionAdjoint}) on the MuJoCo 3.14
 * reference models: a free body's four thrusters (one with a filter) and an arm's site actuators
 * with and without reference sites (position servos with kv, a filtered general, a velocity servo
 * on a rotation-only gear). The adjoint equals the tape and central differences over a rollout, and
 * every actuator's controls carry gradient.
 */
class SiteGradientTest {
  @ParameterizedTest
  @ValueSource(strings = {"thrusters", "site_arm"})
  void adjointThroughSiteTransmissionsEqualsTheTapeAndCentralDifferences(String name) {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot()
                .resolve("datasets/reference/sites314/" + name + ".xml")
                .toString());
    int steps = 40, nu = m.nu();
    Data d = new Data(m);
    Random rnd = new Random(11);
    double[] dq = TapeCheck.random(rnd, m.nv(), 0.4);
    org.diffart.sim.algo.kinematics.Configuration.integratePos(m, d.qpos, dq, 1);
    // controls inside the ranges, so no clamp acts
    double[] u = TapeCheck.controlsInRange(m, steps, rnd);
    System.arraycopy(u, 0, d.ctrl, 0, nu);
    RolloutProblem p = new RolloutProblem(m, d, u, steps, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(8));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * tape.loss());
    TapeCheck.assertAgrees(name, adjoint, tape, 1e-10, Wrt.CTRL, Wrt.QPOS0, Wrt.QVEL0);
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.CTRL, Wrt.QPOS0), new FiniteDifferenceGradient.Settings(1e-6, true));
    TapeCheck.assertAgrees(name, adjoint, fd, 1e-6, Wrt.CTRL, Wrt.QPOS0);
    for (int a = 0; a < nu; a++) {
      double s = 0;
      for (int t = 0; t < steps - 1; t++) {
        s += Math.abs(adjoint.ctrl()[t * nu + a]);
      }
      assertTrue(s > 1e-8, name + ": actuator " + a + " has no gradient");
    }
    assertNotEquals(fd.ctrl()[0], adjoint.ctrl()[0]);
  }
}
