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
 * @param steps T
 * @param loss the loss
 */
public record RolloutProblem(Model model, Data start, double[] controls, int steps, Loss loss) {
  /** Validates the sizes and copies the start and controls. */
  public RolloutProblem {
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

  /** The same problem with other controls (T×nu). */
  public RolloutProblem withControls(double[] u) {
    return new RolloutProblem(model, start, u, steps, loss);
  }

  /** The same problem with another loss. */
  public RolloutProblem withLoss(Loss l) {
    return new RolloutProblem(model, start, controls, steps, l);
  }

  /** A fresh Data at the start state and parameters. */
  public Data newData() {
    Data d = new Data(model);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    return d;
  }

  /** Sets d's controls to those of step t. */
  void controlsAt(int t, Data d) {
    System.arraycopy(controls, t * model.nu(), d.ctrl, 0, model.nu());
  }
}
