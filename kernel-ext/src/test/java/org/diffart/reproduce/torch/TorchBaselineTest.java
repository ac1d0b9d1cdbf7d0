package org.diffart.reproduce.torch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TorchBaselineTest {
  /**
   * PyTorch's gradients against the adjoint's, relative to the adjoint's norm. Measured over 60
   * steps: 1e-15 on the contact-free chains; on the Laikago's foot contacts 5e-12 for the standing
   * world and 2.1e-9 for the pushed one, whose gradient is 5e3 and amplifies rounding accordingly;
   * 8e-12 for the box and capsule (30 steps). 1e-6 tells a port of the same physics from one that
   * merely resembles it.
   */
  private static final double GRADIENT_TOLERANCE = 1e-6;

  /**
   * A contact-free chain with what the reference models lack: slide joints, a body with two joints
   * (a hinge off its origin, then a slide), stiffness, armature, ctrlrange and forcerange clamps,
   * and joint limits that the motion reaches (rows of the PGS without contacts).
   */
  private static final String CHAIN =
      """
      <mujoco model="chain">
        <compiler angle="radian"/>
        <option timestep="0.002" gravity="0 0 -9.81" integrator="Euler"/>
        <default><geom contype="0" conaffinity="0"/></default>
        <worldbody>
          <body name="cart" pos="0 0 1">
            <joint name="rail" type="slide" axis="1 0 0" damping="0.5" limited="true" range="-0.05 0.05"/>
            <geom type="box" size="0.1 0.05 0.05" mass="1"/>
            <body name="arm" pos="0 0 -0.1" euler="0 0.3 0">
              <joint name="shoulder" type="hinge" axis="0 1 0" stiffness="3" springref="0.2" damping="0.1"
                  armature="0.01"/>
              <geom type="capsule" fromto="0 0 0 0.3 0 0.1" size="0.03" mass="0.5"/>
              <body name="forearm" pos="0.3 0 0.1">
                <joint name="twist" type="hinge" axis="1 0 0" pos="0 0 0.05" limited="true" range="-0.2 0.2"/>
                <joint name="extend" type="slide" axis="1 0 0" stiffness="20"/>
                <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.3"/>
              </body>
            </body>
          </body>
        </worldbody>
        <actuator>
          <motor joint="rail" gear="2" ctrlrange="-1 1" ctrllimited="true"/>
          <position joint="shoulder" kp="5" forcerange="-0.5 0.5" forcelimited="true"/>
          <motor joint="twist" gear="0.5"/>
        </actuator>
      </mujoco>
      """;

  /**
   * A tilted box and a tilted capsule, free, each resting on the floor on one corner or end cap
   * (plane–box with the deeper of two opposite corners, plane–capsule), without actuators.
   */
  private static final String BLOCKS =
      """
      <mujoco model="blocks">
        <compiler angle="radian"/>
        <option timestep="0.001" integrator="Euler"/>
        <worldbody>
          <geom name="floor" type="plane" size="5 5 0.1" friction="0.7"/>
          <body name="box" pos="0 0 0.125" euler="0.4 0.3 0">
            <freejoint name="box"/>
            <geom name="box" type="box" size="0.1 0.15 0.05" mass="2" friction="0.5" contype="1" conaffinity="0"/>
          </body>
          <body name="rod" pos="1 0 0.168" euler="0 0.5 0">
            <freejoint name="rod"/>
            <geom name="rod" type="capsule" size="0.04 0.15" mass="1" contype="1" conaffinity="0"/>
          </body>
        </worldbody>
      </mujoco>
      """;

  @BeforeAll
  static void torchIsInstalled() {
    TorchBaseline.missing().ifPresent(message -> fail(message));
  }

  @Test
  void laikagoOnFourFootContactsMovesAndDifferentiatesAsDiffart() {
    Model m = ModelLoader.load("builtin:laikago");
    Data standing = standing(m);
    Data pushed = copy(m, standing);
    Random rnd = new Random(2021);
    for (int k = 0; k < m.nv(); k++) {
      pushed.qvel[k] += 0.05 * rnd.nextGaussian();
    }
    List<Data> starts = List.of(standing, pushed);
    for (Data d : starts) {
      Data probe = copy(m, d);
      Step.dynamics(m, probe);
      assertEquals(4, probe.ncon, "the feet, and only they, touch the floor at the start");
    }
    int steps = 60;
    double[] u = controls(m, starts, steps, 0.1);
    TorchBaseline.Result r =
        TorchBaseline.run(m, starts, u, steps, steps, Duration.ofSeconds(120), 0);
    assertTrue(r.ok(), r.status());
    assertEquals(steps, r.stepsReached());
    assertTrue(
        r.trajectoryMaxDiff() <= TorchBaseline.TRAJECTORY_TOLERANCE,
        "max diff " + r.trajectoryMaxDiff());
    assertGradientsEqualTheAdjoint(m, starts, u, steps, r);
  }

  @Test
  void contactFreeChainsMoveAndDifferentiateAsDiffart() {
    Model pendulum = ModelLoader.load("builtin:pendulum:7");
    Data hang = new Data(pendulum);
    hang.resetToKey(pendulum.keyLookup("hang"));
    Data swung = copy(pendulum, hang);
    swung.qvel[3] = 1.5;
    checkChain(pendulum, List.of(hang, swung), 0.5);

    Model chain = ModelLoader.loadMjcfString(CHAIN, "chain");
    Data a = new Data(chain);
    double[] q = {0.04, 0.3, 0.15, 0.02}, v = {0.5, -1, 2, 0.3};
    System.arraycopy(q, 0, a.qpos, 0, q.length);
    System.arraycopy(v, 0, a.qvel, 0, v.length);
    Data b = copy(chain, a);
    b.qvel[1] = 1;
    b.dofDamping[3] = 0.4;
    // amplitude 1.5 drives the rail's control past its range [-1, 1] part of the time
    checkChain(chain, List.of(a, b), 1.5);
  }

  @Test
  void boxAndCapsuleOnAPlaneMoveAndDifferentiateAsDiffart() {
    Model blocks = ModelLoader.loadMjcfString(BLOCKS, "blocks");
    // the other settings: two friction directions, restitution, explicit damping
    Model other =
        blocks.withOptions(
            blocks.opt().toBuilder()
                .frictionDirections(2)
                .restitution(0.3)
                .integrator(Integrator.EULER_EXPLICIT_DAMPING)
                .build());
    for (Model m : List.of(blocks, other)) {
      Data resting = new Data(m);
      Data sliding = copy(m, resting);
      double[] v = {0.5, 0, 0, 0, 0, 2, 0, -0.4, 0, 3, 0, 0};
      System.arraycopy(v, 0, sliding.qvel, 0, v.length);
      // damping of the free joints, a per-world parameter: implicit with Euler, explicit in the
      // other options
      Arrays.fill(sliding.dofDamping, 0.05);
      List<Data> starts = List.of(resting, sliding);
      Data probe = copy(m, resting);
      Step.dynamics(m, probe);
      assertEquals(2, probe.ncon, "a corner of the box and an end of the capsule touch the floor");
      int steps = 30;
      TorchBaseline.Result r =
          TorchBaseline.run(m, starts, new double[0], steps, steps, Duration.ofSeconds(120), 0);
      assertTrue(r.ok(), r.status());
      assertTrue(
          r.trajectoryMaxDiff() <= TorchBaseline.TRAJECTORY_TOLERANCE,
          "max diff " + r.trajectoryMaxDiff());
      assertGradientsEqualTheAdjoint(m, starts, new double[0], steps, r);
    }
  }

  private static void checkChain(Model m, List<Data> starts, double amplitude) {
    int steps = 60;
    double[] u = controls(m, starts, steps, amplitude);
    TorchBaseline.Result r =
        TorchBaseline.run(m, starts, u, steps, steps, Duration.ofSeconds(120), 0);
    assertTrue(r.ok(), m.name() + ": " + r.status());
    // without contacts nothing amplifies rounding: measured 1e-16
    assertTrue(r.trajectoryMaxDiff() <= 1e-12, "max diff " + r.trajectoryMaxDiff());
    assertGradientsEqualTheAdjoint(m, starts, u, steps, r);
  }

  @Test
  void memoryCapEndsTheRolloutWithOutOfMemoryAndTheJvmCarriesOn() {
    Model m = ModelLoader.load("builtin:laikago");
    Data standing = standing(m);
    List<Data> starts = List.of(standing, copy(m, standing));
    int steps = 5000;
    long cap = 300L << 20;
    TorchBaseline.Result r =
        TorchBaseline.run(
            m, starts, controls(m, starts, steps, 0.1), steps, 10, Duration.ofSeconds(120), cap);
    assertTrue(r.status().matches("out of memory at step \\d+ of 5000: .+"), r.status());
    assertFalse(r.ok());
    assertTrue(
        r.stepsReached() > 10 && r.stepsReached() < steps, "steps reached " + r.stepsReached());
    assertTrue(
        r.trajectoryMaxDiff() <= TorchBaseline.TRAJECTORY_TOLERANCE,
        "the steps it took were diffart's");
    assertTrue(r.peakRssBytes() > r.baselineRssBytes() && r.baselineRssBytes() > 0);
    Data d = copy(m, standing);
    Step.step(m, d);
    assertEquals(1, d.nstep, "the JVM still steps");
  }

  @Test
  void timeBudgetStopsTheForwardAndSaysWhere() {
    Model m = ModelLoader.load("builtin:laikago");
    List<Data> starts = List.of(standing(m));
    int steps = 5000;
    TorchBaseline.Result r =
        TorchBaseline.run(
            m, starts, controls(m, starts, steps, 0.1), steps, 5, Duration.ofSeconds(1), 0);
    assertTrue(r.status().matches("over the time budget of 1 s at step \\d+ of 5000"), r.status());
    assertTrue(
        r.stepsReached() >= 5 && r.stepsReached() < steps, "steps reached " + r.stepsReached());
    assertTrue(
        Double.isNaN(r.backwardMs()) && r.gradCtrl().length == 0,
        "no backward after the budget ran out");
  }

  @Test
  void ballJointIsRefusedByName() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco model="ball">
          <worldbody>
            <body name="bob" pos="0 0 1">
              <joint name="swing" type="ball"/>
              <geom type="sphere" size="0.1" mass="1"/>
            </body>
          </worldbody>
        </mujoco>
        """,
            "ball");
    String expected =
        "PyTorch baseline: joint 'swing' of type BALL is not supported (FREE, HINGE, SLIDE)";
    TorchBaseline.Result r =
        TorchBaseline.run(
            m, List.of(new Data(m)), new double[0], 10, 10, Duration.ofSeconds(10), 0);
    assertEquals(expected, r.status());
    assertFalse(r.ok());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TorchProblem.json(m, List.of(new Data(m)), new double[0], 10, 10, 10, 0));
    assertEquals(expected, e.getMessage());
  }

  @Test
  void missingTorchIsReportedWithItsInstallCommand() {
    String noPython = TorchBaseline.probe(Path.of("/nonexistent/python3"), "torch").orElseThrow();
    assertTrue(noPython.contains("apt-get install python3-torch"), noPython);
    String noModule =
        TorchBaseline.probe(TorchBaseline.PYTHON, "diffart_no_such_module").orElseThrow();
    assertTrue(
        noModule.contains("cannot import diffart_no_such_module (ModuleNotFoundError"), noModule);
    assertTrue(noModule.contains("apt-get install python3-torch"), noModule);
  }

  @Test
  void trajectoryBeyondTheToleranceFailsTheRunAndSaysWhere() {
    double[][][] reference = {{{0.1, 0.2}, {0.3, 0.4}, {0.5, 0.6}}};
    String result =
        """
        {"status": "ok", "steps_reached": 3, "forward_ms": 1.5, "backward_ms": 2.5, "loss": 0.3,
         "trajectory": [[[0.1, 0.2]], [[0.3, 0.400001]], [[0.5, 0.6]]], "grad_ctrl": [], "grad_qvel0": [1, 2],
         "peak_rss_bytes": 2000, "baseline_rss_bytes": 1000, "torch_version": "1.13"}
        """;
    TorchBaseline.Result r = TorchBaseline.parse(result, 3, 1, reference);
    assertEquals(
        "trajectory differs from diffart's by 1.00e-06 at step 1 (tolerance 1e-08)", r.status());
    assertFalse(r.ok());
    assertEquals(1e-6, r.trajectoryMaxDiff(), 1e-12);
    assertEquals(2.5, r.backwardMs(), "the times are kept, but not as an ok run's");
    TorchBaseline.Result same =
        TorchBaseline.parse(result.replace("0.400001", "0.4"), 3, 1, reference);
    assertTrue(same.ok(), same.status());
  }

  @Test
  void progressLinesTellWhereAKilledRunWas(@TempDir Path dir) throws IOException {
    Path log = dir.resolve("stderr.txt");
    assertEquals("before the first step", TorchBaseline.whereItWas(log, 500));
    Files.writeString(log, "step 0\nstep 100\nstep 200\n");
    assertEquals("at step 200 of 500", TorchBaseline.whereItWas(log, 500));
    Files.writeString(log, "step 0\nstep 400\nbackward\n");
    assertEquals("in the backward pass after 500 steps", TorchBaseline.whereItWas(log, 500));
  }

  // ---- fixtures ----

  /**
   * The Laikago settled for 300 steps from key "stand" with its key controls: standing on its four
   * feet.
   */
  private static Data standing(Model m) {
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    for (int t = 0; t < 300; t++) {
      Step.step(m, d);
    }
    d.time = 0;
    d.nstep = 0;
    return d;
  }

  private static Data copy(Model m, Data d) {
    Data c = new Data(m);
    c.copyStateFrom(d);
    c.copyParametersFrom(d);
    return c;
  }

  /** Each world's own controls plus {@code amplitude·sin(0.05 t + a + w)}, step-major T×W×nu. */
  private static double[] controls(Model m, List<Data> starts, int steps, double amplitude) {
    int w = starts.size(), nu = m.nu();
    double[] u = new double[steps * w * nu];
    for (int t = 0; t < steps; t++) {
      for (int k = 0; k < w; k++) {
        for (int a = 0; a < nu; a++) {
          u[(t * w + k) * nu + a] = starts.get(k).ctrl[a] + amplitude * Math.sin(0.05 * t + a + k);
        }
      }
    }
    return u;
  }

  /**
   * Each world's PyTorch gradients (controls, initial velocity) and loss against diffart's adjoint
   * of that world.
   */
  private static void assertGradientsEqualTheAdjoint(
      Model m, List<Data> starts, double[] u, int steps, TorchBaseline.Result r) {
    int w = starts.size(), nu = m.nu(), nv = m.nv();
    assertEquals(steps * w * nu, r.gradCtrl().length);
    assertEquals(w * nv, r.gradQvel0().length);
    double loss = 0;
    for (int k = 0; k < w; k++) {
      double[] mine = new double[steps * nu];
      double[] torchCtrl = new double[steps * nu];
      for (int t = 0; t < steps; t++) {
        System.arraycopy(u, (t * w + k) * nu, mine, t * nu, nu);
        System.arraycopy(r.gradCtrl(), (t * w + k) * nu, torchCtrl, t * nu, nu);
      }
      GradientResult g =
          AdjointGradient.compute(
              RolloutProblem.of(m, starts.get(k), steps, Loss.finalConfiguration())
                  .withControls(mine),
              new Checkpointing.Every(1));
      double[] torchQvel = new double[nv];
      System.arraycopy(r.gradQvel0(), k * nv, torchQvel, 0, nv);
      if (nu > 0) {
        assertClose(g.grad(Wrt.CTRL), torchCtrl, m.name() + " world " + k + " controls");
      }
      assertClose(g.grad(Wrt.QVEL0), torchQvel, m.name() + " world " + k + " initial velocity");
      loss += g.loss();
    }
    assertEquals(loss, r.loss(), 1e-9 * Math.abs(loss), "loss");
  }

  private static void assertClose(double[] adjoint, double[] torch, String what) {
    double norm = 0, diff = 0;
    for (int i = 0; i < adjoint.length; i++) {
      norm += adjoint[i] * adjoint[i];
      diff += (adjoint[i] - torch[i]) * (adjoint[i] - torch[i]);
    }
    norm = Math.sqrt(norm);
    diff = Math.sqrt(diff);
    assertTrue(norm > 0, what + ": the gradient is not trivially zero");
    assertTrue(
        diff <= GRADIENT_TOLERANCE * norm,
        what + ": |torch - adjoint| = " + diff + " of |adjoint| = " + norm);
  }
}
