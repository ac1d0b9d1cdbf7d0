package org.diffart.sim.diff;

import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.ByteSize;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.tape.TapeBudgetExceededException;
import org.diffart.sim.tape.TapeOps;
import org.diffart.sim.tape.Taped;

/**
 * The tape baseline over a whole rollout: every scalar operation of every step recorded on one
 * {@link Tape} (the simulator's own bytecode, {@link Taped}), the loss gradients seeded on the
 * recorded states, one reverse sweep. It holds every intermediate of the rollout at once, as an
 * autodiff tool does, so its memory grows with T; past its budget it fails cleanly with the step it
 * reached.
 *
 * <p>A closed-loop problem ({@link RolloutProblem#law}) is followed when its law is a record the
 * tape can rewrite ({@link Taped#twin}): the law's own bytecode, loaded again and rewritten,
 * records {@code π(t, x_t; θ)} on the tape from the recorded state and θ's variables, and the
 * control applied is the open-loop variable plus that output. Any other law is refused by name.
 */
public final class TapeGradient {
  private TapeGradient() {}

  /** Half the JVM's maximum heap: the default budget. */
  public static long defaultBudget() {
    return Runtime.getRuntime().maxMemory() / 2;
  }

  /**
   * The gradient of the rollout with respect to every input.
   *
   * @param budgetBytes the most bytes the tape (and the recorded states it seeds) may hold
   * @throws TapeBudgetExceededException "tape exceeded 64.0 MiB at step t of T" when the recording
   *     outgrows the budget
   */
  public static GradientResult compute(RolloutProblem p, long budgetBytes) {
    Model m = p.model();
    if (m.opt().timeOfContact()) {
      throw new IllegalArgumentException(
          "the tape differentiates the fixed-step program as it ran; time-of-contact gradients"
              + " (diffart:timeofcontact) are the adjoint's: turn the option off to compare with"
              + " the tape");
    }
    if (m.opt().impactBisections() > 0) {
      throw new IllegalArgumentException(
          "the tape cannot follow steps taken in pieces whose lengths the step decides"
              + " (diffart:impactbisections); the adjoint reverses them");
    }
    if (m.opt().sdfSurface()) {
      throw new IllegalArgumentException(
          "the tape records the engine's arrays, not the SDF functions that contacts by signed"
              + " distance (diffart:sdfsurface) evaluate; the adjoint differentiates them");
    }
    int steps = p.steps(), nq = m.nq(), nv = m.nv(), nu = m.nu();
    ControlLaw law = taped(p);
    long stateBytes =
        8L * (steps + 1) * (nq + nv) + 8L * steps * nu + 8L * m.na() + 8L * p.theta().length;
    if (stateBytes >= budgetBytes) {
      throw new TapeBudgetExceededException(
          budgetBytes,
          0,
          "the recorded states of " + steps + " steps alone need " + ByteSize.of(stateBytes));
    }
    Data d = p.newData();
    double[] qposVars, qvelVars;
    double[][] frame = new double[steps + 1][];
    double[] ctrlVars = new double[steps * nu];
    Loss.Gradient lg = Loss.Gradient.of(m);
    long t0 = System.nanoTime();
    int t = 0;
    try (Tape tape = Tape.begin(budgetBytes - stateBytes)) {
      qposVars = variables(tape, d.qpos);
      qvelVars = variables(tape, d.qvel);
      double[] actVars = variables(tape, d.act);
      double[] friction = variables(tape, d.geomFriction),
          restitution = variables(tape, d.geomRestitution);
      double[] inert = variables(tape, d.bodyInert), damping = variables(tape, d.dofDamping);
      double[] theta = variables(tape, p.theta().clone()), out = new double[nu];
      double loss = 0;
      try {
        for (t = 0; t < steps; t++) {
          frame[t] = snapshot(d);
          for (int k = 0; k < nu; k++) {
            d.ctrl[k] = tape.variable(p.controls()[t * nu + k]);
            ctrlVars[t * nu + k] = d.ctrl[k];
          }
          if (law != null) {
            if (t % law.interval() == 0) {
              java.util.Arrays.fill(out, 0);
              law.control(m, t, d, theta, out);
            }
            for (int k = 0; k < nu; k++) {
              d.ctrl[k] = TapeOps.dadd(d.ctrl[k], out[k]);
            }
          }
          if (p.loss().hasRunningCost()) {
            loss += seedRunning(p, tape, d, t, frame[t], lg);
          }
          Taped.step(m, d);
          if (p.loss().hasSensorCost()) {
            loss += seedSensors(p, tape, d, t, lg);
          }
        }
      } catch (TapeBudgetExceededException e) {
        throw new TapeBudgetExceededException(
            budgetBytes, e.nodes(), "at step " + t + " of " + steps);
      }
      frame[steps] = snapshot(d);
      long t1 = System.nanoTime();
      // terminal cost on the final values
      double[] q = new double[nq], v = new double[nv];
      for (int k = 0; k < nq; k++) {
        q[k] = tape.value(frame[steps][k]);
      }
      for (int k = 0; k < nv; k++) {
        v[k] = tape.value(frame[steps][nq + k]);
      }
      lg.clear();
      loss += p.loss().terminal(m, q, v, lg);
      seed(tape, frame[steps], lg.qpos(), lg.qvel(), nq, nv);
      tape.reverse();
      double[] qposBar = adjoints(tape, qposVars), qvelBar = adjoints(tape, qvelVars);
      double[] qpos0 = new double[nv];
      Configuration.tangentGradient(m, p.start().qpos, qposBar, qpos0);
      double[] inertBar = adjoints(tape, inert);
      long t2 = System.nanoTime();
      long peak = tape.peakBytes() + stateBytes;
      return new GradientResult(
          "tape",
          loss,
          qpos0,
          qvelBar,
          adjoints(tape, ctrlVars),
          adjoints(tape, friction),
          Parameters.massGradient(m, p.start(), inertBar),
          adjoints(tape, damping),
          adjoints(tape, restitution),
          adjoints(tape, actVars),
          adjoints(tape, theta),
          // θ of the SDF geoms is compiled into their meshes, not a per-world input the tape sees
          new double[0],
          (t1 - t0) / 1e6,
          (t2 - t1) / 1e6,
          peak,
          new double[0],
          0,
          tape.size() + " nodes, budget " + ByteSize.of(budgetBytes));
    }
  }

  /**
   * Seeds the running cost's gradient at step t on the recorded state and the controls applied (the
   * open-loop variables, or their sums with the law's output); returns its value.
   */
  private static double seedRunning(
      RolloutProblem p, Tape tape, Data d, int t, double[] frame, Loss.Gradient lg) {
    Model m = p.model();
    int nq = m.nq(), nv = m.nv(), nu = m.nu();
    double[] q = new double[nq], v = new double[nv], u = new double[nu];
    for (int k = 0; k < nq; k++) {
      q[k] = tape.value(frame[k]);
    }
    for (int k = 0; k < nv; k++) {
      v[k] = tape.value(frame[nq + k]);
    }
    for (int k = 0; k < nu; k++) {
      u[k] = tape.value(d.ctrl[k]);
    }
    lg.clear();
    double l = p.loss().running(m, t, q, v, u, lg);
    seed(tape, frame, lg.qpos(), lg.qvel(), nq, nv);
    for (int k = 0; k < nu; k++) {
      tape.seed(d.ctrl[k], lg.ctrl()[k]);
    }
    return l;
  }

  /**
   * The taped twin of the problem's control law, or null for an open-loop problem.
   *
   * @throws UnsupportedOperationException naming the law where it is not a record
   */
  private static ControlLaw taped(RolloutProblem p) {
    if (!p.closedLoop()) {
      return null;
    }
    if (!(p.law() instanceof Record r)) {
      throw new UnsupportedOperationException(
          "the tape follows control laws that are records whose bytecode it can rewrite; the law "
              + p.law()
              + " ("
              + p.law().getClass().getName()
              + ") is not a record: use the adjoint or finite differences");
    }
    return (ControlLaw) Taped.twin(r);
  }

  /** Seeds the sensor cost's gradient at step t on the recorded sensors; returns its value. */
  private static double seedSensors(RolloutProblem p, Tape tape, Data d, int t, Loss.Gradient lg) {
    Model m = p.model();
    double[] s = new double[m.nsensordata()];
    for (int k = 0; k < s.length; k++) {
      s[k] = tape.value(d.sensordata[k]);
    }
    lg.clear();
    double l = p.loss().sensors(m, t, s, lg);
    for (int k = 0; k < s.length; k++) {
      tape.seed(d.sensordata[k], lg.sensordata()[k]);
    }
    return l;
  }

  private static void seed(
      Tape tape, double[] frame, double[] qposBar, double[] qvelBar, int nq, int nv) {
    for (int k = 0; k < nq; k++) {
      tape.seed(frame[k], qposBar[k]);
    }
    for (int k = 0; k < nv; k++) {
      tape.seed(frame[nq + k], qvelBar[k]);
    }
  }

  private static double[] snapshot(Data d) {
    double[] s = new double[d.qpos.length + d.qvel.length];
    System.arraycopy(d.qpos, 0, s, 0, d.qpos.length);
    System.arraycopy(d.qvel, 0, s, d.qpos.length, d.qvel.length);
    return s;
  }

  /** Replaces every entry of a by a new variable; returns the variables. */
  private static double[] variables(Tape tape, double[] a) {
    for (int k = 0; k < a.length; k++) {
      a[k] = tape.variable(a[k]);
    }
    return a.clone();
  }

  private static double[] adjoints(Tape tape, double[] vars) {
    double[] g = new double[vars.length];
    for (int k = 0; k < g.length; k++) {
      g[k] = tape.adjoint(vars[k]);
    }
    return g;
  }
}
