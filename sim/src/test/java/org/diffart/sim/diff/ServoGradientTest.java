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
import org.junit.jupiter.api.Test;

/**
 * MuJoCo 3's servo attributes compile to the gains, biases and ranges the step already has, so its
 * adjoint carries over: on the servo arm of the MuJoCo 3.14 references (position servos with kv,
 * dampratio and inheritrange, a velocity servo, intvelocity servos with an activation) the adjoint
 * equals the tape and central differences.
 */
class ServoGradientTest {
  @Test
  void adjointThroughKvDampratioAndInheritrangeServosEqualsTheTapeAndCentralDifferences() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot()
                .resolve("datasets/reference/servo314/servo_arm.xml")
                .toString());
    int steps = 60, nu = m.nu();
    Data d = new Data(m);
    d.qpos[0] = 0.2;
    d.qpos[1] = -0.3;
    d.qpos[2] = 0.1;
    // controls inside the ranges (limited ones: some inherited from the joints), so no clamp acts
    double[] u = TapeCheck.controlsInRange(m, steps, new Random(5));
    System.arraycopy(u, 0, d.ctrl, 0, nu);
    RolloutProblem p = new RolloutProblem(m, d, u, steps, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(8));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * tape.loss());
    TapeCheck.assertAgrees(m.name(), adjoint, tape, 1e-10, Wrt.CTRL, Wrt.QPOS0, Wrt.QVEL0);
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.CTRL, Wrt.QPOS0), new FiniteDifferenceGradient.Settings(1e-6, true));
    TapeCheck.assertAgrees(m.name(), adjoint, fd, 1e-6, Wrt.CTRL, Wrt.QPOS0);
    // every servo's controls matter (the dampratio servos' included), and the adjoint is not FD
    for (int a = 0; a < nu; a++) {
      double s = 0;
      for (int t = 0; t < steps - 1; t++) {
        s += Math.abs(adjoint.ctrl()[t * nu + a]);
      }
      assertTrue(s > 1e-8, "actuator " + m.actName(a) + " has no gradient");
    }
    assertNotEquals(fd.ctrl()[0], adjoint.ctrl()[0]);
  }
}
