package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Random;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.TapeBudgetExceededException;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AdjointGradientTest {

  /**
   * A problem of T steps from keyframe key (or qpos0) with seeded controls inside the control
   * ranges.
   */
  static RolloutProblem problem(String spec, String key, int steps, long seed) {
    Model m = ModelLoader.load(spec);
    Data d = new Data(m);
    if (!key.isEmpty()) {
      d.resetToKey(m.keyLookup(key));
    }
    Random rnd = new Random(seed);
    double[] u = new double[steps * m.nu()];
    for (int i = 0; i < u.length; i++) {
      int a = i % Math.max(1, m.nu());
      double lo = m.actCtrlLimited(a) ? m.actCtrlRange(a, 0) : -1,
          hi = m.actCtrlLimited(a) ? m.actCtrlRange(a, 1) : 1;
      u[i] = lo + (hi - lo) * (0.1 + 0.8 * rnd.nextDouble());
    }
    return new RolloutProblem(m, d, u, steps, Loss.finalConfiguration());
  }

  /** A running cost on velocities and controls beside the default terminal one. */
  static Loss withRunningCost() {
    Loss base = Loss.finalConfiguration();
    return new Loss() {
      @Override
      public double running(
          Model m, int t, double[] qpos, double[] qvel, double[] ctrl, Gradient g) {
        double l = 0;
        for (int k = 0; k < qvel.length; k++) {
          l += 1e-3 * qvel[k] * qvel[k];
          g.qvel()[k] = 2e-3 * qvel[k];
        }
        for (int k = 0; k < ctrl.length; k++) {
          l += 1e-2 * ctrl[k] * ctrl[k];
          g.ctrl()[k] = 2e-2 * ctrl[k];
        }
        return l;
      }

      @Override
      public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
        return base.terminal(m, qpos, qvel, g);
      }
    };
  }

  private static void agree(GradientResult a, GradientResult b, double tol) {
    assertEquals(a.loss(), b.loss(), 1e-12 * Math.abs(b.loss()), "losses are of the same rollout");
    for (Wrt w : Wrt.values()) {
      double[] x = a.grad(w), y = b.grad(w);
      if (y.length == 0) {
        continue;
      }
      double err = TapeCheck.relativeError(x, y), diff = 0;
      for (int i = 0; i < x.length; i++) {
        diff = Math.max(diff, Math.abs(x[i] - y[i]));
      }
      // a gradient that cancels to almost nothing (a mass whose weight the contacts carry: 1e-7 in
      // pairs.xml) is
      // judged by its absolute difference against the loss's scale: rounding of the terms that
      // cancel
      assertTrue(
          err <= tol || diff <= 1e-14 * Math.max(1, Math.abs(b.loss())),
          w
              + ": "
              + a.method()
              + " vs "
              + b.method()
              + " "
              + err
              + " (largest difference "
              + diff
              + ")");
    }
  }

  @ParameterizedTest
  @CsvSource({
    "builtin:laikago, stand, 300",
    "builtin:golf, '', 120",
    "builtin:ant, init, 150",
    "builtin:humanoid, '', 120",
    "builtin:pendulum:4, hang, 200",
    // MPR's convex pairs, plane-cylinder, capsule-box; explicit pairs (their friction is a model
    // constant)
    "../datasets/reference/models/convex.xml, '', 80",
    "../datasets/reference/collisions/pairs.xml, '', 60",
    // torsional and rolling friction rows (condim 4 and 6)
    "../datasets/reference/models/spin_roll.xml, go, 80",
    // contact margins and gaps (rows at the margin less the gap, MPR on inflated supports)
    "../datasets/reference/models/margins.xml, go, 100",
    // adhesion actuators (moment arms from the contacts, those in their gap included)
    "../datasets/reference/models/adhesion.xml, go, 100",
    // height field contacts (MPR against prisms in the height field's frame)
    "../datasets/reference/models/terrain.xml, '', 120",
    // meshes on a plane, a box, a mesh and a height field
    "../datasets/reference/models/meshes.xml, '', 120",
    // box-box faces and edges (tangent mode through mjc_BoxBox's clipping)
    "../datasets/reference/models/box_stack.xml, '', 120",
    // slider-crank transmissions
    "../datasets/models/mujoco_samples/slider_crank.xml, '', 200"
  })
  void adjointEqualsTapeWithContacts(String spec, String key, int steps) {
    RolloutProblem p = problem(spec, key, steps, 3).withLoss(withRunningCost());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(10));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertTrue(adjoint.norm() > 1e-3, "non-trivial gradient");
    agree(adjoint, tape, 1e-9);
  }

  @ParameterizedTest
  @CsvSource({
    "builtin:pendulum:2, hang, 500",
    "builtin:pendulum:7, hang, 500",
    "builtin:chain50, hang, 500",
    // slider-crank transmissions (moment arms from the sites' Jacobians), one of them past its
    // reach; near the
    // reach a moment arm grows as 1/√det and central differences lose accuracy (at 150 steps 1e-6
    // relative, the
    // differences converging to the adjoint as the step shrinks), so a shorter rollout
    "../datasets/models/mujoco_samples/slider_crank.xml, '', 80"
  })
  void adjointMatchesCentralDifferencesOnContactFreeRollouts(String spec, String key, int steps) {
    RolloutProblem p = problem(spec, key, steps, 5).withLoss(withRunningCost());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(1));
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p,
            EnumSet.of(Wrt.QPOS0, Wrt.QVEL0, Wrt.MASS),
            new FiniteDifferenceGradient.Settings(1e-6, true));
    for (Wrt w : new Wrt[] {Wrt.QPOS0, Wrt.QVEL0, Wrt.MASS}) {
      double err = TapeCheck.relativeError(adjoint.grad(w), fd.grad(w));
      assertTrue(err < 1e-6, spec + " " + w + ": adjoint vs central differences " + err);
    }
    controlsMatchAlongADirection(p, adjoint.ctrl(), 11, 1e-6, spec);
  }

  /**
   * Every control at once along a seeded random direction v: {@code <ctrlGrad, v>} against {@code
   * (L(u + εv) - L(u - εv)) / 2ε}, to {@code tol} relative.
   */
  static void controlsMatchAlongADirection(
      RolloutProblem p, double[] ctrlGrad, long seed, double tol, String what) {
    double[] v = TapeCheck.random(new Random(seed), p.controls().length, 1);
    double eps = 1e-6, dir = 0;
    double[] plus = p.controls().clone(), minus = p.controls().clone();
    for (int i = 0; i < v.length; i++) {
      plus[i] += eps * v[i];
      minus[i] -= eps * v[i];
      dir += ctrlGrad[i] * v[i];
    }
    double fdDir =
        (FiniteDifferenceGradient.loss(p, p.start(), plus)
                - FiniteDifferenceGradient.loss(p, p.start(), minus))
            / (2 * eps);
    assertTrue(
        Math.abs(fdDir - dir) < tol * Math.abs(dir), what + " ctrl: " + dir + " vs " + fdDir);
  }

  @Test
  void checkpointSchedulesGiveBitwiseEqualGradients() {
    RolloutProblem p = problem("builtin:laikago", "stand", 250, 9).withLoss(withRunningCost());
    GradientResult ref = AdjointGradient.compute(p, new Checkpointing.Every(1));
    for (Checkpointing c :
        new Checkpointing[] {
          new Checkpointing.Every(7),
          new Checkpointing.Every(250),
          new Checkpointing.Every(1000),
          new Checkpointing.Revolve(1),
          new Checkpointing.Revolve(3),
          new Checkpointing.Revolve(12),
          new Checkpointing.Replay(1),
          new Checkpointing.Replay(7),
          new Checkpointing.Replay(250)
        }) {
      GradientResult g = AdjointGradient.compute(p, c);
      for (Wrt w : Wrt.values()) {
        assertArrayEquals(ref.grad(w), g.grad(w), 0, c + " " + w);
      }
      assertEquals(ref.loss(), g.loss(), 0);
    }
  }

  @Test
  void revolveHoldsItsSlotsAndRecomputesLittle() {
    RolloutProblem p = problem("builtin:pendulum:3", "hang", 1000, 1);
    GradientResult every = AdjointGradient.compute(p, new Checkpointing.Every(1));
    GradientResult revolve = AdjointGradient.compute(p, new Checkpointing.Revolve(10));
    long state = 8L * StateStore.stateWidth(p.model());
    assertTrue(
        every.peakBytes() - revolve.peakBytes() >= (1000 + 1 - 10) * state,
        "revolve holds 10 states where interval 1 holds 1001");
    // binomial bound: with 10 slots, r = 3 repetitions cover C(12, 3) = 220 < 1000 <= C(13, 4)...
    // so r = 4
    assertTrue(revolve.recomputedSteps() <= 4 * 1000, "recomputed " + revolve.recomputedSteps());
    assertTrue(every.recomputedSteps() == 0);
  }

  @Test
  void replayHoldsOnlyItsCheckpointsAndRecomputesAsThePaperModels() {
    RolloutProblem p = problem("builtin:pendulum:3", "hang", 100, 1);
    long state = 8L * StateStore.stateWidth(p.model());
    GradientResult every = AdjointGradient.compute(p, new Checkpointing.Every(10));
    GradientResult replay = AdjointGradient.compute(p, new Checkpointing.Replay(10));
    assertEquals(
        9 * state,
        every.peakBytes() - replay.peakBytes(),
        "replay holds 11 states, interval 10 holds 20");
    // step t of a segment starting at a replays t - a steps: 10 segments of 0 + 1 + ... + 9 = 45
    assertEquals(450, replay.recomputedSteps());
    assertEquals(90, every.recomputedSteps());
  }

  @Test
  void tapeFailsCleanlyPastItsBudget() {
    RolloutProblem p = problem("builtin:laikago", "stand", 2000, 1);
    TapeBudgetExceededException e =
        assertThrows(TapeBudgetExceededException.class, () -> TapeGradient.compute(p, 64L << 20));
    assertTrue(
        e.getMessage().matches("tape exceeded 64.0 MiB at step \\d+ of 2000"), e.getMessage());
  }

  @Test
  void peakBytesAccountForWhatTheGradientAllocates() {
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    for (Checkpointing c :
        new Checkpointing[] {
          new Checkpointing.Every(1), new Checkpointing.Every(20), new Checkpointing.Revolve(6)
        }) {
      RolloutProblem p = problem("builtin:laikago", "stand", 2000, 2);
      AdjointGradient.compute(p, c);
      long before = mx.getCurrentThreadAllocatedBytes();
      GradientResult g = AdjointGradient.compute(p, c);
      long allocated = mx.getCurrentThreadAllocatedBytes() - before;
      assertTrue(
          allocated >= g.peakBytes(), c + ": allocated " + allocated + " < peak " + g.peakBytes());
      assertTrue(
          allocated < 1.25 * g.peakBytes() + (256 << 10),
          c + ": allocated " + allocated + " for peak " + g.peakBytes());
    }
  }

  @Test
  void truncatedGradientKeepsOnlyTheLastSteps() {
    RolloutProblem p = problem("builtin:pendulum:3", "hang", 200, 4).withLoss(withRunningCost());
    GradientResult full = AdjointGradient.compute(p, new Checkpointing.Every(5));
    GradientResult last = AdjointGradient.compute(p, new Checkpointing.Every(5), 30);
    int nu = p.model().nu();
    for (int i = 0; i < 200 * nu; i++) {
      assertEquals(i < 170 * nu ? 0 : full.ctrl()[i], last.ctrl()[i], 0, "ctrl " + i);
    }
    assertEquals(0, TapeCheck.maxAbs(last.qpos0()), 0, "the initial state is not reached");
    assertEquals(full.loss(), last.loss(), 0);
    GradientResult revolve = AdjointGradient.compute(p, new Checkpointing.Revolve(4), 30);
    assertArrayEquals(last.ctrl(), revolve.ctrl(), 0);
  }

  @Test
  void nonFiniteBackwardPassIsLocated() {
    RolloutProblem p =
        problem("builtin:pendulum:3", "hang", 20, 4)
            .withLoss(
                new Loss() {
                  @Override
                  public double running(
                      Model m, int t, double[] qpos, double[] qvel, double[] ctrl, Gradient g) {
                    if (t == 12) {
                      g.qvel()[1] = Double.NaN;
                    }
                    return 0;
                  }

                  @Override
                  public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
                    g.qpos()[0] = 1;
                    return qpos[0];
                  }
                });
    NonFiniteAdjointException e =
        assertThrows(
            NonFiniteAdjointException.class,
            () -> AdjointGradient.compute(p, new Checkpointing.Every(3)));
    assertEquals(12, e.step());
    assertEquals("running loss", e.stage());
    // the next step back receives it and names the stage and dof it first spreads through
    NonFiniteAdjointException later =
        assertThrows(
            NonFiniteAdjointException.class,
            () ->
                AdjointGradient.compute(
                    p.withLoss(
                        new Loss() {
                          @Override
                          public double terminal(
                              Model m, double[] qpos, double[] qvel, Gradient g) {
                            g.qvel()[2] = Double.POSITIVE_INFINITY;
                            return 0;
                          }
                        }),
                    new Checkpointing.Every(3)));
    assertEquals(19, later.step());
    assertTrue(
        later.where().contains("qvelBar[2]") && later.where().contains("joint2"),
        later.getMessage());
  }

  @Test
  void tangentGradientOfTheInitialConfigurationOnAFreeBody() {
    RolloutProblem p = problem("builtin:humanoid", "", 30, 8);
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(4));
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.QPOS0), FiniteDifferenceGradient.Settings.defaults());
    double err = TapeCheck.relativeError(adjoint.qpos0(), fd.qpos0());
    assertTrue(err < 1e-6, "qpos0 (free joint quaternion included): " + err);
    double[] tangent = new double[p.model().nv()];
    Configuration.tangentGradient(p.model(), p.start().qpos, new double[p.model().nq()], tangent);
    assertEquals(0, TapeCheck.maxAbs(tangent), 0);
  }

  @Test
  void slidingDirectionFrictionExplodesTheAdjointWhereTheBoxConeDoesNot() {
    // the paper's single friction direction v_t/|v_t| has a derivative ~1/|v_t| near sticking
    Model base = ModelLoader.load("builtin:laikago");
    Data start = new Data(base);
    start.resetToKey(base.keyLookup("stand"));
    RolloutProblem paper = RolloutProblem.of(base, start, 1000, Loss.finalConfiguration());
    double[] n1 = AdjointGradient.compute(paper, new Checkpointing.Every(1)).adjointNorms();
    Model m =
        paper.model().withOptions(paper.model().opt().toBuilder().frictionDirections(2).build());
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    double[] n2 =
        AdjointGradient.compute(
                new RolloutProblem(m, d, paper.controls(), 1000, Loss.finalConfiguration()),
                new Checkpointing.Every(1))
            .adjointNorms();
    assertTrue(
        n1[0] > 1e100 * n1[1000],
        "one sliding direction: |adjoint| grows from " + n1[1000] + " to " + n1[0]);
    assertTrue(
        n2[0] < 10 * n2[1000], "box cone: |adjoint| stays near " + n2[1000] + ", got " + n2[0]);
    // over 5000 steps the norms grow past 1e150 and stay representable: the norm is scaled, not
    // squared
    double[] n5 =
        AdjointGradient.compute(
                RolloutProblem.of(base, start, 5000, Loss.finalConfiguration()),
                new Checkpointing.Every(10))
            .adjointNorms();
    double most = 0;
    for (double x : n5) {
      assertTrue(Double.isFinite(x));
      most = Math.max(most, x);
    }
    assertTrue(most > 1e150, "largest |adjoint| " + most);
  }
}
