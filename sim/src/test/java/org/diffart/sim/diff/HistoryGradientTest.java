package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rollout gradients through history buffers: the delayed arm of the MuJoCo 3.14 references (motors
 * delayed by zoh, linear and cubic reads; sensors delayed, sub-sampled and interpolated), with a
 * cost on its sensors beside the final configuration. The adjoint against the tape and central
 * differences, and the gradient of each control landing on the steps where it acts.
 */
class HistoryGradientTest {
  private static final String DIR = "datasets/reference/history314/";

  private static Model arm(String name) {
    return ModelLoader.load(ReferenceFiles.repoRoot().resolve(DIR + name + ".xml").toString());
  }

  /**
   * A cost on every sensor value each step reports, beside the final configuration's, weighted by
   * its index so that a gradient landing on the wrong sensor value would show (a uniform sum of
   * squares, {@link Loss#finalConfigurationAndSensors}, cannot tell them apart).
   */
  static Loss sensorCost() {
    return Loss.finalConfigurationAndSensors(
        k -> 1e-2 * (k + 1), "1e-2*(k+1)*sensordata_t[k]^2 per step");
  }

  private static RolloutProblem problem(Model m, int steps, Loss loss, HistoryInit init) {
    Data d = new Data(m);
    d.qpos[0] = 0.3;
    d.qpos[1] = -0.2;
    d.qpos[2] = 0.1;
    Random rnd = new Random(3);
    double[] u = new double[steps * m.nu()];
    for (int i = 0; i < u.length; i++) {
      u[i] = 3 * rnd.nextDouble() - 1.5;
    }
    System.arraycopy(u, 0, d.ctrl, 0, m.nu());
    Step.initHistory(m, d, init);
    return new RolloutProblem(m, d, u, steps, loss);
  }

  @ParameterizedTest
  @ValueSource(strings = {"zero", "filled"})
  void adjointThroughDelayedControlsAndSensorsEqualsTheTapeAndCentralDifferences(String init) {
    RolloutProblem p = problem(arm("delayed_arm"), 80, sensorCost(), HistoryInit.parse(init));
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(7));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * tape.loss());
    TapeCheck.assertAgrees(
        init, adjoint, tape, 1e-10, Wrt.CTRL, Wrt.QPOS0, Wrt.QVEL0, Wrt.MASS, Wrt.DAMPING);
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.CTRL, Wrt.QPOS0), new FiniteDifferenceGradient.Settings(1e-6, true));
    TapeCheck.assertAgrees(init, adjoint, fd, 1e-6, Wrt.CTRL, Wrt.QPOS0);
  }

  @Test
  void delayedControlsUnderRk4FollowTheirReadsAtTheStageTimes() throws java.io.IOException {
    // the RK4 arm's sensors have buffers, which RK4's adjoint does not follow: refused by name
    Model rk4 = arm("delayed_arm_rk4");
    UnsupportedOperationException e =
        assertThrows(
            UnsupportedOperationException.class,
            () -> problem(rk4, 10, Loss.finalConfiguration(), HistoryInit.ZERO));
    assertTrue(e.getMessage().contains("sensors with history buffers under RK4"), e.getMessage());
    // without sensors its delayed motors are followed
    String xml =
        java.nio.file.Files.readString(
            ReferenceFiles.repoRoot().resolve(DIR + "delayed_arm_rk4.xml"));
    Model motors =
        ModelLoader.loadMjcfString(
            xml.replaceAll("(?s)<sensor>.*</sensor>", ""), "delayed_arm_rk4 without sensors");
    RolloutProblem p = problem(motors, 60, Loss.finalConfiguration(), HistoryInit.FILLED);
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(5));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    TapeCheck.assertAgrees("RK4 motors", adjoint, tape, 1e-10, Wrt.CTRL);
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.CTRL), new FiniteDifferenceGradient.Settings(1e-6, true));
    TapeCheck.assertAgrees("RK4 motors", adjoint, fd, 1e-6, Wrt.CTRL);
  }

  /**
   * With a cost on the final state alone, a control acts only once its delay has passed: motor 1
   * (zoh, 2 steps) first in the step two after it is given, motor 2 (linear, 1.5 steps) in the next
   * one with half its weight, and motor 3 (cubic, 3.5 steps) already two steps after, before its
   * delay has passed: the Hermite slope at the sample 3 steps back is the secant to the one 2 steps
   * back. The last controls before that have exactly zero gradient, the first that act do not.
   */
  @Test
  void aControlsGradientLandsOnTheStepsWhereItActs() {
    Model m = arm("delayed_arm");
    int steps = 30, nu = m.nu();
    GradientResult g =
        AdjointGradient.compute(
            problem(m, steps, Loss.finalConfiguration(), HistoryInit.ZERO),
            new Checkpointing.Every(1));
    int[] silent = {2, 1, 2}; // the last steps whose controls never act
    for (int a = 0; a < nu; a++) {
      for (int t = steps - silent[a]; t < steps; t++) {
        assertEquals(0.0, g.ctrl()[t * nu + a], "motor " + a + ", control of step " + t);
      }
      int first = steps - silent[a] - 1;
      assertNotEquals(0.0, g.ctrl()[first * nu + a], "motor " + a + ", control of step " + first);
    }
  }

  @Test
  void transitionsRefuseHistoryAsMujocoDoesUnlessAsked() {
    Model m = arm("delayed_arm");
    Data d = problem(m, 1, Loss.finalConfiguration(), HistoryInit.FILLED).newData();
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> Transition.exact(m, d));
    assertTrue(e.getMessage().contains("delays are not supported"), e.getMessage());
    assertThrows(
        UnsupportedOperationException.class, () -> Transition.finiteDifferences(m, d, true, 1e-6));
  }

  /**
   * With the buffers in the state, nx = 2 nv + na + their sample values, and the exact transition
   * equals central differences, C and D (delayed and sampled sensors) included.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 7})
  void transitionsWithTheBuffersInTheStateEqualCentralDifferences(int after) {
    Model m = arm("delayed_arm");
    Data d = problem(m, 1, Loss.finalConfiguration(), HistoryInit.FILLED).newData();
    for (int t = 0; t < after; t++) {
      d.ctrl[t % m.nu()] = 0.3 * t - 1;
      Step.step(m, d);
    }
    Transition exact = Transition.exact(m, d, true);
    Transition fd = Transition.finiteDifferences(m, d, true, 1e-6, true);
    int nh = org.diffart.sim.algo.history.History.sampleValues(m).length;
    assertEquals(4 + 5 + 8 + 3 * 1 + 3 * 1 + 4 * 1 + 2 * 3 + 3 * 1, nh, "the arm's sample values");
    assertEquals(2 * m.nv() + m.na() + nh, exact.A().length);
    assertEquals(exact.A().length, exact.A()[0].length);
    double[][][] x = {exact.A(), exact.B(), exact.C(), exact.D()};
    double[][][] y = {fd.A(), fd.B(), fd.C(), fd.D()};
    String[] names = {"A", "B", "C", "D"};
    for (int k = 0; k < 4; k++) {
      for (int i = 0; i < x[k].length; i++) {
        for (int j = 0; j < x[k][i].length; j++) {
          assertEquals(
              y[k][i][j],
              x[k][i][j],
              1e-6 * (1 + Math.abs(y[k][i][j])),
              names[k] + "[" + i + "][" + j + "] after " + after + " steps");
        }
      }
    }
  }
}
