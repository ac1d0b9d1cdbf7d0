package org.diffart.sim.diff;

import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * What a rollout gradient differentiates: T steps of a model from a starting state and per-world
 * parameters, with one control vector per step, and a loss. The start is copied, so later changes
 * to the caller's {@code Data} do not affect the problem.
 *
 * @param model the model
 * @param start the starting state (time, qpos, qvel, warm start) and parameters (inertias, damping,
 *     friction, restitution)
 * @param controls the control applied at each step, step-major (T×nu)
 *     <p>Closed loop: with a {@link ControlLaw} π and its parameters θ the control applied at step
 *     t is {@code u_t = controls_t + π(t, x_t; θ)} (x_t the state before step t), the open-loop
 *     controls acting as offsets; the gradients then include θ's ({@link GradientResult#theta}) and
 *     the initial state's includes the paths through π. {@link AdjointGradient} (every {@link
 *     Checkpointing} schedule, truncation too), {@link FiniteDifferenceGradient} and {@link
 *     TapeGradient} (for laws it can rewrite) follow it; {@link TrajectoryResiduals} builds
 *     open-loop problems of its own.
 * @param steps T
 * @param loss the loss
 * @param law the control law, or null for an open-loop problem
 * @param theta the law's parameters (copied; empty without a law)
 */
public record RolloutProblem(
    Model model,
    Data start,
    double[] controls,
    int steps,
    Loss loss,
    ControlLaw law,
    double[] theta) {
  /** Validates the sizes and copies the start, the controls and θ. */
  public RolloutProblem {
    if (law == null && theta.length != 0) {
      throw new IllegalArgumentException(
          "theta must be empty without a control law, got " + theta.length + " numbers");
    }
    if (law != null && theta.length != law.parameters()) {
      throw new IllegalArgumentException(
          "theta must hold the control law's "
              + law.parameters()
              + " parameters, got "
              + theta.length
              + " numbers");
    }
    theta = theta.clone();
    if (steps < 0) {
      throw new IllegalArgumentException("steps must be >= 0, got " + steps);
    }
    refuseUnfollowedSensors(model, start, loss.hasSensorCost(), "rollout gradients");
    if (controls.length != steps * model.nu()) {
      throw new IllegalArgumentException(
          "controls must hold steps*nu = "
              + steps * model.nu()
              + " numbers, got "
              + controls.length);
    }
    Data copy = new Data(model);
    copy.copyStateFrom(start);
    copy.copyParametersFrom(start);
    start = copy;
    controls = controls.clone();
  }

  /** An open-loop problem: the controls are applied as given. */
  public RolloutProblem(Model model, Data start, double[] controls, int steps, Loss loss) {
    this(model, start, controls, steps, loss, null, new double[0]);
  }

  /**
   * Refuses what the adjoint does not follow, by name: a sensor cost or buffered (delayed or
   * sampled) sensors under RK4 (its step reports the first stage's sensors and samples them at the
   * start state with the last stage's intermediates; neither has an adjoint yet), and the same with
   * the Euler step's implicit damping when the sensors read accelerations from an evaluation of
   * their own ({@link Step#separateOutputs}). Delayed actuators are followed with every integrator.
   *
   * @throws UnsupportedOperationException naming the model and what was asked
   */
  public static void refuseUnfollowedSensors(Model m, Data start, boolean sensorCost, String what) {
    boolean buffers = History.sensorBuffers(m);
    if (!sensorCost && !buffers) {
      return;
    }
    String asked =
        "model '"
            + m.name()
            + "': "
            + what
            + " with "
            + (sensorCost ? "a cost on the sensors" : "sensors with history buffers");
    if (m.opt().integrator() == Integrator.RK4) {
      throw new UnsupportedOperationException(
          asked
              + " under RK4 are not supported (an RK4 step reports its first stage's sensors and"
              + " samples them with its last stage's intermediates; their adjoint is not written):"
              + " use the Euler integrator");
    }
    if (Step.separateOutputs(m, start)) {
      throw new UnsupportedOperationException(
          asked
              + " are not supported when the Euler step's implicit damping gives its acceleration"
              + " sensors an evaluation of their own: use integrator EULER_EXPLICIT_DAMPING or no"
              + " joint damping");
    }
  }

  /** T steps from {@code start} with its controls held at every step. */
  public static RolloutProblem of(Model m, Data start, int steps, Loss loss) {
    double[] u = new double[steps * m.nu()];
    for (int t = 0; t < steps; t++) {
      System.arraycopy(start.ctrl, 0, u, t * m.nu(), m.nu());
    }
    return new RolloutProblem(m, start, u, steps, loss);
  }

  /** The same problem with other controls (T×nu; the offsets of a law's output when closed). */
  public RolloutProblem withControls(double[] u) {
    return new RolloutProblem(model, start, u, steps, loss, law, theta);
  }

  /** The same problem with another loss. */
  public RolloutProblem withLoss(Loss l) {
    return new RolloutProblem(model, start, controls, steps, l, law, theta);
  }

  /**
   * The same problem closed by a control law with parameters θ ({@code u_t = controls_t + π(t, x_t;
   * θ)}), or opened again with a null law and an empty θ.
   */
  public RolloutProblem withLaw(ControlLaw l, double[] parameters) {
    return new RolloutProblem(model, start, controls, steps, loss, l, parameters);
  }

  /** Whether the controls are closed by a {@link ControlLaw}. */
  public boolean closedLoop() {
    return law != null;
  }

  /** A fresh Data at the start state and parameters. */
  public Data newData() {
    Data d = new Data(model);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    return d;
  }

  /**
   * Sets d's controls to those applied at step t from the state in d: the open-loop controls plus,
   * with a law, its output ({@code scratch}: nu numbers, holding the output between decision steps
   * of a law with an interval).
   */
  void controlsAt(int t, Data d, double[] scratch) {
    controlsAt(t, d, controls, theta, scratch);
  }

  /**
   * As {@link #controlsAt(int, Data, double[])} with other open-loop controls {@code u} (T×nu) and
   * law parameters {@code th}. With a decision interval k > 1 ({@link ControlLaw#interval}) the law
   * is evaluated into {@code scratch} at the decision steps only and {@code scratch} holds its
   * output in between, so the steps must be taken in order from a decision step.
   */
  void controlsAt(int t, Data d, double[] u, double[] th, double[] scratch) {
    int nu = model.nu();
    if (law == null) {
      System.arraycopy(u, t * nu, d.ctrl, 0, nu);
      return;
    }
    if (t % law.interval() == 0) {
      java.util.Arrays.fill(scratch, 0);
      law.control(model, t, d, th, scratch);
    }
    for (int k = 0; k < nu; k++) {
      d.ctrl[k] = u[t * nu + k] + scratch[k];
    }
  }
}
