package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Random;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * Closed-loop rollout gradients: a control law {@code u_t = c_t + π(t, x_t; θ)} followed by the
 * adjoint (every checkpointing schedule), central differences and the tape, for θ, the initial
 * state and the open-loop offsets.
 */
class ClosedLoopGradientTest {

  /**
   * A tanh MLP over the raw state (qpos, quaternions included, then qvel): {@code π = scale·(W2
   * tanh(W1 x + b1) + b2)}, θ = (W1 row-major hidden×n, b1, W2 row-major nu×hidden, b2).
   */
  record TanhMlp(int nq, int nv, int nu, int hidden, double scale) implements ControlLaw {
    TanhMlp(Model m, int hidden, double scale) {
      this(m.nq(), m.nv(), m.nu(), hidden, scale);
    }

    @Override
    public int parameters() {
      int n = nq + nv;
      return hidden * n + hidden + nu * hidden + nu;
    }

    private double input(Data d, int k) {
      return k < nq ? d.qpos[k] : d.qvel[k - nq];
    }

    /** tanh from exp (the tape has exp's derivative). */
    private static double tanh(double z) {
      return 1 - 2 / (Math.exp(2 * z) + 1);
    }

    private double[] hidden(Data d, double[] theta) {
      int n = nq + nv;
      double[] h = new double[hidden];
      for (int j = 0; j < hidden; j++) {
        double z = theta[hidden * n + j];
        for (int k = 0; k < n; k++) {
          z += theta[j * n + k] * input(d, k);
        }
        h[j] = tanh(z);
      }
      return h;
    }

    @Override
    public void control(Model m, int t, Data d, double[] theta, double[] u) {
      int w2 = hidden * (nq + nv) + hidden, b2 = w2 + nu * hidden;
      double[] h = hidden(d, theta);
      for (int a = 0; a < nu; a++) {
        double s = theta[b2 + a];
        for (int j = 0; j < hidden; j++) {
          s += theta[w2 + a * hidden + j] * h[j];
        }
        u[a] = scale * s;
      }
    }

    @Override
    public void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out) {
      int n = nq + nv, w2 = hidden * n + hidden, b2 = w2 + nu * hidden;
      double[] h = hidden(d, theta), zBar = new double[hidden], g = out.theta();
      for (int a = 0; a < nu; a++) {
        double s = scale * uBar[a];
        g[b2 + a] += s;
        for (int j = 0; j < hidden; j++) {
          g[w2 + a * hidden + j] += s * h[j];
          zBar[j] += s * theta[w2 + a * hidden + j];
        }
      }
      for (int j = 0; j < hidden; j++) {
        double z = zBar[j] * (1 - h[j] * h[j]);
        g[hidden * n + j] += z;
        for (int k = 0; k < n; k++) {
          g[j * n + k] += z * input(d, k);
          if (k < nq) {
            out.qpos()[k] += z * theta[j * n + k];
          } else {
            out.qvel()[k - nq] += z * theta[j * n + k];
          }
        }
      }
    }
  }

  /** A law the tape cannot rewrite: it calls Math.tanh, whose derivative the tape does not have. */
  record LibraryTanh() implements ControlLaw {
    @Override
    public int parameters() {
      return 1;
    }

    @Override
    public void control(Model m, int t, Data d, double[] theta, double[] u) {
      u[0] = Math.tanh(theta[0] * d.qpos[0]);
    }

    @Override
    public void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out) {
      throw new UnsupportedOperationException("not reached: the tape refuses the law first");
    }
  }

  /** A law whose product turns the velocity's bar to NaN at step 7. */
  record NonFiniteAtSeven() implements ControlLaw {
    @Override
    public int parameters() {
      return 0;
    }

    @Override
    public void control(Model m, int t, Data d, double[] theta, double[] u) {}

    @Override
    public void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out) {
      if (t == 7) {
        out.qvel()[0] = Double.NaN;
      }
    }
  }

  /** T steps of spec from key with seeded open-loop offsets and a running cost. */
  private static RolloutProblem problem(String spec, String key, int steps, long seed) {
    return AdjointGradientTest.problem(spec, key, steps, seed)
        .withLoss(AdjointGradientTest.withRunningCost());
  }

  private static RolloutProblem linear(int steps) {
    RolloutProblem p = problem("builtin:pendulum:2", "hang", steps, 21);
    LinearFeedback law = new LinearFeedback(p.model());
    return p.withLaw(law, TapeCheck.random(new Random(5), law.parameters(), 0.3));
  }

  private static RolloutProblem mlp(String spec, String key, int steps, int hidden, double scale) {
    RolloutProblem p = problem(spec, key, steps, 22);
    TanhMlp law = new TanhMlp(p.model(), hidden, scale);
    return p.withLaw(law, TapeCheck.random(new Random(6), law.parameters(), 0.3));
  }

  private static void close(double[] a, double[] b, double tol, String what) {
    assertEquals(b.length, a.length, what + " length");
    double err = TapeCheck.relativeError(a, b);
    assertTrue(err < tol, what + ": relative error " + err);
  }

  /** Adjoint against central differences for θ, qpos0, qvel0 and the offsets along a direction. */
  static void matchesCentralDifferences(RolloutProblem p, double tol) {
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(1));
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.QPOS0, Wrt.QVEL0), new FiniteDifferenceGradient.Settings(1e-6, true));
    assertTrue(TapeCheck.maxAbs(adjoint.theta()) > 1e-3, "non-trivial θ gradient");
    close(adjoint.theta(), fd.theta(), tol, "theta");
    close(adjoint.qpos0(), fd.qpos0(), tol, "qpos0");
    close(adjoint.qvel0(), fd.qvel0(), tol, "qvel0");
    AdjointGradientTest.controlsMatchAlongADirection(p, adjoint.ctrl(), 12, tol, "offsets");
  }

  static void matchesTape(RolloutProblem p, double tol) {
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(10));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * Math.abs(tape.loss()));
    assertTrue(TapeCheck.maxAbs(adjoint.theta()) > 1e-3, "non-trivial θ gradient");
    close(adjoint.theta(), tape.theta(), tol, "theta");
    close(adjoint.qpos0(), tape.qpos0(), tol, "qpos0");
    close(adjoint.qvel0(), tape.qvel0(), tol, "qvel0");
    close(adjoint.ctrl(), tape.ctrl(), tol, "ctrl");
  }

  @Test
  void linearFeedbackOnAPendulumMatchesCentralDifferencesAndTheTape() {
    RolloutProblem p = linear(150);
    matchesCentralDifferences(p, 1e-6);
    matchesTape(p, 1e-9);
  }

  @Test
  void mlpOnAFreeBodyMatchesCentralDifferences() {
    // the humanoid's root is a free joint: the law reads its quaternion, whose bar is in qpos's
    // own coordinates
    matchesCentralDifferences(mlp("builtin:humanoid", "", 25, 3, 0.2), 1e-6);
  }

  @Test
  void mlpOnTheAntWithContactsMatchesTheTape() {
    RolloutProblem p = mlp("builtin:ant", "init", 60, 6, 0.5);
    matchesTape(p, 1e-9);
  }

  @Test
  void everyCheckpointingScheduleGivesTheSameClosedLoopGradient() {
    sameUnderEverySchedule(mlp("builtin:ant", "init", 50, 4, 0.5));
  }

  /** Every schedule gives p's gradients and loss bit for bit as interval 1 does. */
  static void sameUnderEverySchedule(RolloutProblem p) {
    GradientResult ref = AdjointGradient.compute(p, new Checkpointing.Every(1));
    for (Checkpointing c :
        new Checkpointing[] {
          new Checkpointing.Every(7),
          new Checkpointing.Every(p.steps()),
          new Checkpointing.Revolve(1),
          new Checkpointing.Revolve(4),
          new Checkpointing.Replay(1),
          new Checkpointing.Replay(6)
        }) {
      GradientResult g = AdjointGradient.compute(p, c);
      for (Wrt w : Wrt.values()) {
        assertArrayEquals(ref.grad(w), g.grad(w), 0, c + " " + w);
      }
      assertArrayEquals(ref.theta(), g.theta(), 0, c + " theta");
      assertEquals(ref.loss(), g.loss(), 0);
    }
  }

  @Test
  void truncationKeepsTheLawsLastStepsOnly() {
    RolloutProblem p = linear(60);
    GradientResult last = AdjointGradient.compute(p, new Checkpointing.Every(5), 20);
    GradientResult revolve = AdjointGradient.compute(p, new Checkpointing.Revolve(3), 20);
    assertArrayEquals(last.theta(), revolve.theta(), 0);
    assertArrayEquals(last.ctrl(), revolve.ctrl(), 0);
    assertEquals(0, TapeCheck.maxAbs(last.qpos0()), 0, "the initial state is not reached");
    // θ's bar of the last 20 steps alone: the full gradient less the earlier steps' share differs
    GradientResult full = AdjointGradient.compute(p, new Checkpointing.Every(5));
    assertTrue(TapeCheck.maxAbs(last.theta()) > 0);
    assertTrue(TapeCheck.relativeError(last.theta(), full.theta()) > 1e-6);
  }

  @Test
  void aLawOfZerosIsTheOpenLoopProblem() {
    RolloutProblem open = problem("builtin:ant", "init", 30, 23);
    TanhMlp law = new TanhMlp(open.model(), 4, 1);
    RolloutProblem closed = open.withLaw(law, new double[law.parameters()]);
    GradientResult a = AdjointGradient.compute(open, new Checkpointing.Every(3));
    GradientResult b = AdjointGradient.compute(closed, new Checkpointing.Every(3));
    for (Wrt w : Wrt.values()) {
      assertArrayEquals(a.grad(w), b.grad(w), 0, w.toString());
    }
    assertEquals(0, a.theta().length);
    // with W2 = 0 the law's output bias b2 carries the offsets' bars: θ̄(b2) = Σ_t ū_t
    int nu = open.model().nu(), b2 = law.parameters() - nu;
    for (int k = 0; k < nu; k++) {
      double sum = 0;
      for (int t = 0; t < 30; t++) {
        sum += a.ctrl()[t * nu + k];
      }
      assertEquals(sum, b.theta()[b2 + k], 1e-12 * Math.max(1, Math.abs(sum)), "b2 " + k);
    }
  }

  @Test
  void problemsValidateTheirParameters() {
    RolloutProblem p = problem("builtin:pendulum:2", "hang", 5, 1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> p.withLaw(new LinearFeedback(p.model()), new double[3]));
    assertTrue(e.getMessage().contains("10 parameters"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> p.withLaw(null, new double[1]));
    assertTrue(linear(3).withControls(new double[6]).closedLoop(), "withControls keeps the law");
  }

  @Test
  void theTapeRefusesLawsItCannotRewriteByName() {
    RolloutProblem p = problem("builtin:pendulum:2", "hang", 5, 1);
    // a law that is not a record: a proxy answering parameters() with 0 and doing nothing else
    ControlLaw anonymous =
        (ControlLaw)
            java.lang.reflect.Proxy.newProxyInstance(
                ControlLaw.class.getClassLoader(),
                new Class<?>[] {ControlLaw.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "parameters" -> 0;
                      case "toString" -> "an anonymous law";
                      default -> null;
                    });
    UnsupportedOperationException notRecord =
        assertThrows(
            UnsupportedOperationException.class,
            () -> TapeGradient.compute(p.withLaw(anonymous, new double[0]), 1L << 24));
    assertTrue(notRecord.getMessage().contains("an anonymous law"), notRecord.getMessage());
    assertTrue(notRecord.getMessage().contains("not a record"), notRecord.getMessage());
    UnsupportedOperationException library =
        assertThrows(
            UnsupportedOperationException.class,
            () -> TapeGradient.compute(p.withLaw(new LibraryTanh(), new double[] {1}), 1L << 24));
    assertTrue(library.getMessage().contains("Math.tanh"), library.getMessage());
  }

  @Test
  void aNonFiniteProductOfTheLawIsLocatedToItsStep() {
    RolloutProblem p =
        problem("builtin:pendulum:2", "hang", 12, 1).withLaw(new NonFiniteAtSeven(), new double[0]);
    NonFiniteAdjointException e =
        assertThrows(
            NonFiniteAdjointException.class,
            () -> AdjointGradient.compute(p, new Checkpointing.Revolve(3)));
    assertEquals(7, e.step());
    assertEquals("running loss or control law", e.stage());
  }
}
