package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Random;
import java.util.stream.Stream;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The adjoint of the integrators implicit in velocity ({@code ImplicitAdjoint}) equals the tape and
 * central differences, with respect to the controls, the start state, the joint damping (which
 * enters {@code M - dt D}) and the body masses (M and, under implicit and implicitfast's free
 * blocks, the bias derivative): on the MuJoCo 3.14 reference models (servos with kv, a
 * velocity-dependent gain on a control and on an activation, a damped spatial tendon, a ball joint;
 * a fast-spinning standalone free body and a floating tree).
 */
class ImplicitGradientTest {
  static Stream<Arguments> cases() {
    return Stream.of("implicit_arm", "implicit_free")
        .flatMap(
            n ->
                Stream.of(
                    Arguments.of(n, Integrator.IMPLICIT),
                    Arguments.of(n, Integrator.IMPLICITFAST)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void adjointEqualsTheTapeAndCentralDifferences(String name, Integrator integrator) {
    Model m = model(name, integrator);
    int steps = 40;
    Data d = new Data(m);
    d.resetToKey(0);
    double[] u = TapeCheck.controlsInRange(m, steps, new Random(7));
    System.arraycopy(u, 0, d.ctrl, 0, m.nu());
    RolloutProblem p = new RolloutProblem(m, d, u, steps, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(8));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * tape.loss());
    Wrt[] all = {Wrt.CTRL, Wrt.QPOS0, Wrt.QVEL0, Wrt.DAMPING, Wrt.MASS};
    TapeCheck.assertAgrees(name + " " + integrator, adjoint, tape, 1e-9, all);
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p,
            EnumSet.of(Wrt.CTRL, Wrt.QVEL0, Wrt.DAMPING),
            new FiniteDifferenceGradient.Settings(1e-6, true));
    TapeCheck.assertAgrees(
        name + " " + integrator, adjoint, fd, 1e-6, Wrt.CTRL, Wrt.QVEL0, Wrt.DAMPING);
    assertTrue(TapeCheck.maxAbs(adjoint.damping()) > 1e-8, "no damping gradient");
  }

  /**
   * The exact transition (A, B: one adjoint sweep per row, repeated on one forward) equals central
   * differences of the step, and the implicit step's A differs from Euler's explicit-damping one.
   */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void exactTransitionEqualsCentralDifferences(String name, Integrator integrator) {
    Model m = model(name, integrator);
    Data d = new Data(m);
    d.resetToKey(0);
    Transition exact = Transition.exact(m, d), fd = Transition.finiteDifferences(m, d, true, 1e-6);
    assertClose(exact.A(), fd.A(), name + " " + integrator + " A");
    assertClose(exact.B(), fd.B(), name + " " + integrator + " B");
  }

  /**
   * A cost on the sensors the implicit steps report (an accelerometer among them, which reads the
   * forward's acceleration, not the solve's): the adjoint, whose sensor bars go back before the
   * solve's adjoint, equals the tape. Euler with joint damping refuses such a cost (its sensors
   * have an evaluation of their own); the implicit integrators need none.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(
      value = Integrator.class,
      names = {"IMPLICIT", "IMPLICITFAST"})
  void sensorCostGradientEqualsTheTape(Integrator integrator) {
    Model m = model("implicit_arm", integrator);
    int steps = 30;
    Data d = new Data(m);
    d.resetToKey(0);
    double[] u = TapeCheck.controlsInRange(m, steps, new Random(11));
    RolloutProblem p = new RolloutProblem(m, d, u, steps, Loss.finalConfigurationAndSensors(1.0));
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(5));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * tape.loss());
    TapeCheck.assertAgrees(
        "implicit_arm " + integrator,
        adjoint,
        tape,
        1e-9,
        Wrt.CTRL,
        Wrt.QPOS0,
        Wrt.QVEL0,
        Wrt.DAMPING);
  }

  private static Model model(String name, Integrator integrator) {
    return ReferenceFiles.load(
        ReferenceFiles.repoRoot().resolve("datasets/reference/implicit314/" + name + ".xml"),
        integrator);
  }

  /** Equal to 1e-6 of the matrix's largest entry (central differences' error on small entries). */
  private static void assertClose(double[][] exact, double[][] fd, String what) {
    double scale = 0, err = 0;
    for (int i = 0; i < fd.length; i++) {
      scale = Math.max(scale, TapeCheck.maxAbs(fd[i]));
      for (int j = 0; j < fd[i].length; j++) {
        err = Math.max(err, Math.abs(exact[i][j] - fd[i][j]));
      }
    }
    assertTrue(scale > 1e-3 && err < 1e-6 * scale, what + ": " + err + " of " + scale);
  }
}
