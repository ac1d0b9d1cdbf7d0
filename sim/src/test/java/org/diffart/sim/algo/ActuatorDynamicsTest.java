package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.DynType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Actuators with activation dynamics (MuJoCo's {@code act}, {@code na > 0}): the filter's exact
 * discrete response, trajectories against MuJoCo 2.2.2's mj_step with Euler and RK4 (activations
 * clamped to actrange), and the adjoint of the activation through its dynamics, its clamp and the
 * integration against finite differences and the tape, with the transition's {@code nx = 2nv + na}.
 */
class ActuatorDynamicsTest {
  private static final Path TRAJECTORIES =
      ReferenceFiles.repoRoot().resolve("datasets/reference/trajectories");

  /** A slider of mass 1 driven by one actuator of the given dynamics (gain 2, no bias). */
  private static Model slider(DynType dyn, double tau, boolean limited) {
    ModelBuilder b = new ModelBuilder("slider");
    b.options(b.options().toBuilder().gravity(0, 0, 0).timestep(0.01).build());
    int body =
        b.addBody(0, "block")
            .inertial(1, new double[3], new double[] {1, 0, 0, 0}, new double[] {0.1, 0.1, 0.1})
            .id();
    int j = b.addJoint(body, JointType.SLIDE, "x").axis(1, 0, 0).id();
    var s = b.addActuator(ActuatorType.GENERAL, j, "a").gain(2, 0, 0).dynamics(dyn, tau);
    if (limited) {
      s.activationRange(-0.25, 0.5);
    }
    return b.build();
  }

  @Test
  void filterFollowsItsExactDiscreteResponse() {
    Model m = slider(DynType.FILTER, 0.05, false);
    assertEquals(1, m.na());
    Data d = new Data(m);
    d.ctrl[0] = 0.8;
    double dt = m.opt().timestep(), act = 0, v = 0;
    for (int n = 1; n <= 50; n++) {
      // the force reads the activation at the start of the step; Euler then advances act by dt·(u -
      // act)/τ
      v += dt * 2 * act;
      act += dt * (0.8 - act) / 0.05;
      Step.step(m, d);
      assertEquals(
          0.8 + (0 - 0.8) * Math.pow(1 - dt / 0.05, n), d.act[0], 1e-14, "act after step " + n);
      assertEquals(v, d.qvel[0], 1e-13, "velocity after step " + n);
    }
  }

  @Test
  void integratorStopsAtItsActivationRange() {
    Model m = slider(DynType.INTEGRATOR, 1, true);
    Data d = new Data(m);
    d.ctrl[0] = 7;
    for (int n = 1; n <= 10; n++) {
      Step.step(m, d);
      assertEquals(Math.min(0.07 * n, 0.5), d.act[0], 1e-15);
    }
    d.ctrl[0] = -100;
    Step.step(m, d);
    assertEquals(-0.25, d.act[0]);
  }

  @ParameterizedTest
  @CsvSource({"activation_euler, 1e-12", "activation_rk4, 1e-12"})
  void trajectoryMatchesMujoco(String name, double tol) throws IOException {
    Model m = ModelLoader.load(TRAJECTORIES.resolve(name + ".xml"));
    JsonObject ref =
        JsonParser.parseString(Files.readString(TRAJECTORIES.resolve(name + ".json")))
            .getAsJsonObject();
    Data d = new Data(m);
    d.resetToKey(m.keyLookup(ref.get("key").getAsString()));
    int step = 0;
    boolean clamped = false;
    for (JsonElement e : ref.getAsJsonArray("frames")) {
      JsonObject f = e.getAsJsonObject();
      for (int target = f.get("step").getAsInt(); step < target; step++) {
        Step.step(m, d);
      }
      String at = name + " step " + step;
      assertClose(ReferenceFiles.doubles(f.get("qpos")), d.qpos, tol, at + " qpos");
      assertClose(ReferenceFiles.doubles(f.get("qvel")), d.qvel, tol, at + " qvel");
      assertClose(ReferenceFiles.doubles(f.get("act")), d.act, tol, at + " act");
      clamped |= d.act[0] == m.actActRange(0, 1);
    }
    assertTrue(clamped, "the fast filter reaches its activation bound");
  }

  private static void assertClose(double[] expected, double[] actual, double tol, String what) {
    for (int k = 0; k < expected.length; k++) {
      assertEquals(expected[k], actual[k], tol * (1 + Math.abs(expected[k])), what + "[" + k + "]");
    }
  }

  /**
   * The reference actuator model from its keyframe, with random controls inside and outside their
   * ranges.
   */
  private static RolloutProblem problem(int steps) {
    Model m = ModelLoader.load(ReferenceFiles.model("actuators.xml"));
    Data start = new Data(m);
    start.resetToKey(0);
    double[] u = new double[steps * m.nu()];
    java.util.Random rnd = new java.util.Random(5);
    for (int i = 0; i < u.length; i++) {
      u[i] = 1.6 * rnd.nextDouble() - 0.8;
    }
    return new RolloutProblem(m, start, u, steps, Loss.finalConfiguration());
  }

  @Test
  void adjointOfActivationsMatchesTapeAndCentralDifferences() {
    RolloutProblem p = problem(60);
    assertEquals(4, p.model().na());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(7));
    GradientResult tape = TapeGradient.compute(p, 1L << 30);
    for (Wrt w : Wrt.values()) {
      double err = TapeCheck.relativeError(adjoint.grad(w), tape.grad(w));
      assertTrue(
          err < 1e-10 || TapeCheck.maxAbs(tape.grad(w)) < 1e-12, w + ": adjoint vs tape " + err);
    }
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p,
            EnumSet.of(Wrt.ACT0, Wrt.QPOS0, Wrt.QVEL0, Wrt.CTRL),
            new FiniteDifferenceGradient.Settings(1e-6, true));
    for (Wrt w : new Wrt[] {Wrt.ACT0, Wrt.QPOS0, Wrt.QVEL0, Wrt.CTRL}) {
      double err = TapeCheck.relativeError(adjoint.grad(w), fd.grad(w));
      assertTrue(err < 1e-6, w + ": adjoint vs central differences " + err);
    }
    assertTrue(TapeCheck.maxAbs(adjoint.grad(Wrt.ACT0)) > 1e-3, "the initial activations matter");
  }

  @Test
  void transitionHasTheActivationRows() {
    Model m = ModelLoader.load(ReferenceFiles.model("actuators.xml"));
    Data d = new Data(m);
    d.resetToKey(0);
    Transition fd = Transition.finiteDifferences(m, d, true, 1e-6);
    Transition exact = Transition.exact(m, d);
    int nx = 2 * m.nv() + m.na();
    assertEquals(nx, fd.A().length);
    assertEquals(nx, exact.A()[0].length);
    for (int i = 0; i < nx; i++) {
      assertTrue(TapeCheck.relativeError(exact.A()[i], fd.A()[i]) < 1e-6, "row " + i + " of A");
      assertTrue(
          TapeCheck.relativeError(exact.B()[i], fd.B()[i]) < 1e-6
              || TapeCheck.maxAbs(fd.B()[i]) < 1e-9,
          "row " + i + " of B");
    }
    // the filter (act 0, τ = 0.3): ∂act'/∂act = 1 - dt/τ, ∂act'/∂ctrl = dt/τ
    int row = 2 * m.nv();
    double dt = m.opt().timestep();
    assertEquals(1 - dt / 0.3, exact.A()[row][row], 1e-14);
    assertEquals(dt / 0.3, exact.B()[row][6], 1e-14);
  }

  @Test
  void loaderRefusesWhatMujocoRefuses() {
    String head =
        "<mujoco><worldbody><body><joint name='j' type='hinge'/><geom size='.1'/></body></worldbody>"
            + "<actuator>";
    assertThrows(
        ModelFormatException.class,
        () ->
            load(
                head
                    + "<general joint='j' dyntype='filter'/>"
                    + "<motor joint='j'/></actuator></mujoco>"),
        "stateless after stateful");
    assertThrows(
        ModelFormatException.class,
        () -> load(head + "<intvelocity joint='j'/></actuator></mujoco>"),
        "intvelocity without actrange");
    assertThrows(
        ModelFormatException.class,
        () -> load(head + "<damper joint='j' kv='1'/></actuator></mujoco>"),
        "damper without ctrlrange");
    assertThrows(
        ModelFormatException.class,
        () -> load(head + "<general joint='j' gaintype='muscle'/>" + "</actuator></mujoco>"),
        "muscle gain");
  }

  private static Model load(String xml) throws IOException {
    Path f = Files.createTempFile("actuators", ".xml");
    try {
      Files.writeString(f, xml);
      return ModelLoader.load(f);
    } finally {
      Files.delete(f);
    }
  }
}
