package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * Control laws with a decision interval (a zero-order hold, {@link ControlLaw#interval}): the law
 * evaluated every k steps and its output held, followed by the adjoint (every checkpointing
 * schedule), central differences and the tape.
 */
class HeldControlGradientTest {

  /**
   * {@code π = scale·tanh(K x + b)} over the raw state x = (qpos, qvel), evaluated every {@code
   * every} steps; θ = (K row-major nu×(nq+nv), b).
   */
  record HeldTanh(int nq, int nv, int nu, int every, double scale) implements ControlLaw {
    HeldTanh(Model m, int every, double scale) {
      this(m.nq(), m.nv(), m.nu(), every, scale);
    }

    @Override
    public int parameters() {
      return nu * (nq + nv) + nu;
    }

    @Override
    public int interval() {
      return every;
    }

    private double input(Data d, int k) {
      return k < nq ? d.qpos[k] : d.qvel[k - nq];
    }

    /** tanh from exp (the tape has exp's derivative). */
    private double squashed(Data d, double[] theta, int a) {
      int n = nq + nv;
      double z = theta[nu * n + a];
      for (int k = 0; k < n; k++) {
        z += theta[a * n + k] * input(d, k);
      }
      return 1 - 2 / (Math.exp(2 * z) + 1);
    }

    @Override
    public void control(Model m, int t, Data d, double[] theta, double[] u) {
      for (int a = 0; a < nu; a++) {
        u[a] = scale * squashed(d, theta, a);
      }
    }

    @Override
    public void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out) {
      int n = nq + nv;
      for (int a = 0; a < nu; a++) {
        double y = squashed(d, theta, a);
        double z = scale * uBar[a] * (1 - y * y);
        out.theta()[nu * n + a] += z;
        for (int k = 0; k < n; k++) {
          out.theta()[a * n + k] += z * input(d, k);
          if (k < nq) {
            out.qpos()[k] += z * theta[a * n + k];
          } else {
            out.qvel()[k - nq] += z * theta[a * n + k];
          }
        }
      }
    }
  }

  private static RolloutProblem held(String spec, String key, int steps, int every) {
    RolloutProblem p =
        AdjointGradientTest.problem(spec, key, steps, 31)
            .withLoss(AdjointGradientTest.withRunningCost());
    HeldTanh law = new HeldTanh(p.model(), every, 0.5);
    return p.withLaw(law, TapeCheck.random(new Random(7), law.parameters(), 0.3));
  }

  @Test
  void theLawIsEvaluatedAtDecisionStepsAndHeld() {
    RolloutProblem p = held("builtin:pendulum:2", "hang", 23, 5);
    Model m = p.model();
    Data d = p.newData();
    double[] out = new double[m.nu()];
    double loss = 0;
    Loss.Gradient g = Loss.Gradient.of(m);
    for (int t = 0; t < p.steps(); t++) {
      if (t % 5 == 0) {
        p.law().control(m, t, d, p.theta(), out);
      }
      for (int k = 0; k < m.nu(); k++) {
        d.ctrl[k] = p.controls()[t * m.nu() + k] + out[k];
      }
      g.clear();
      loss += p.loss().running(m, t, d.qpos, d.qvel, d.ctrl, g);
      Step.step(m, d);
    }
    g.clear();
    loss += p.loss().terminal(m, d.qpos, d.qvel, g);
    assertEquals(loss, AdjointGradient.compute(p, new Checkpointing.Every(4)).loss(), 0);
    assertEquals(loss, FiniteDifferenceGradient.loss(p, p.start(), p.controls()), 0);
  }

  @Test
  void heldLawOnAPendulumMatchesCentralDifferences() {
    ClosedLoopGradientTest.matchesCentralDifferences(
        held("builtin:pendulum:2", "hang", 60, 5), 1e-6);
  }

  @Test
  void heldLawOnTheAntMatchesTheTape() {
    ClosedLoopGradientTest.matchesTape(held("builtin:ant", "init", 42, 5), 1e-9);
  }

  @Test
  void everyCheckpointingScheduleGivesTheSameHeldGradient() {
    // 43 steps: the last hold is cut short; checkpoints fall inside holds
    ClosedLoopGradientTest.sameUnderEverySchedule(held("builtin:ant", "init", 43, 5));
  }

  @Test
  void anIntervalOfOneIsTheLawAtEveryStep() {
    RolloutProblem one = held("builtin:pendulum:2", "hang", 30, 1);
    GradientResult a = AdjointGradient.compute(one, new Checkpointing.Every(3));
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            one, EnumSet.noneOf(Wrt.class), new FiniteDifferenceGradient.Settings(1e-6, true));
    assertTrue(TapeCheck.relativeError(a.theta(), fd.theta()) < 1e-6, "interval 1 theta");
    // a hold of 5 is a different problem: its gradient differs
    RolloutProblem five = held("builtin:pendulum:2", "hang", 30, 5);
    GradientResult b = AdjointGradient.compute(five, new Checkpointing.Every(3));
    assertTrue(TapeCheck.relativeError(a.theta(), b.theta()) > 1e-3);
  }
}
