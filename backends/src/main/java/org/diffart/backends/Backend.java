package org.diffart.backends;

import java.util.Set;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.model.Model;

/**
 * Runs W worlds of one model. State and controls move in and out as flat batch arrays with a
 * leading world index ({@code qpos[w*nq + i]}, {@code qvel[w*nv + i]}, {@code ctrl[w*nu + i]},
 * {@code act[w*na + i]}), the layout every backend shares. Controls are held constant while
 * stepping.
 */
public interface Backend extends AutoCloseable {
  /** Short name used on the command line and in magics, e.g. {@code cpu}. */
  String name();

  /**
   * What this backend claims to do; it refuses every other {@link Capability}. The capability
   * probes ({@code org.diffart.backends.capability}) verify both, and the capability matrix shows
   * their verdicts.
   */
  Set<Capability> capabilities();

  /** The model every world runs. */
  Model model();

  /** Number of worlds W. */
  int worlds();

  /** Sets the positions of all worlds (W×nq). */
  void setQpos(double[] qpos);

  /** Sets the velocities of all worlds (W×nv). */
  void setQvel(double[] qvel);

  /** Sets the controls of all worlds (W×nu). */
  void setCtrl(double[] ctrl);

  /** Sets the actuator activations of all worlds (W×na). */
  void setAct(double[] act);

  /**
   * Sets the history buffers of all worlds (W×nhistory, each world's as {@code Data.history}): how
   * a rollout starts them ({@code Step.initHistory}).
   */
  void setHistory(double[] history);

  /** Reads the positions of all worlds into {@code out} (W×nq). */
  void getQpos(double[] out);

  /** Reads the velocities of all worlds into {@code out} (W×nv). */
  void getQvel(double[] out);

  /** Reads the actuator activations of all worlds into {@code out} (W×na). */
  void getAct(double[] out);

  /**
   * Reads the sensors of all worlds into {@code out} (W×nsensordata) as the last step computed
   * them: those of the state that step started from, as after MuJoCo's {@code mj_step}.
   */
  void getSensordata(double[] out);

  /**
   * Reads the history buffers of all worlds into {@code out} (W×nhistory): per delayed control or
   * buffered sensor a time header, the index of the newest sample, the sample times and values, as
   * MuJoCo 3.14's {@code mjData.history} ({@code Data.history}).
   */
  void getHistory(double[] out);

  /** Simulation time of world w, s. */
  double time(int w);

  /** Sets the simulation time of every world, s. */
  void setTime(double time);

  /**
   * Advances every world by {@code steps} time steps.
   *
   * @throws org.diffart.sim.data.SimulationException naming the world, step, joint and body when a
   *     state becomes non-finite; the worlds keep the state of their last good step
   */
  void step(int steps);

  /**
   * Evaluates every world at its current state without advancing it, as MuJoCo's {@code
   * mj_forward}: the sensors ({@link #getSensordata} then gives those of the current state) and the
   * accelerations; the state, the time and the history buffers are left as they are.
   *
   * @throws org.diffart.sim.data.SimulationException as {@link #step} when the state is non-finite
   */
  void forward();

  /**
   * The gradient of a rollout by this backend, with {@code method} one of {@code adjoint}, {@code
   * tape}, {@code fd} ({@code schedule}: the adjoint's checkpointing).
   *
   * @throws UnsupportedOperationException naming the backend and the method, where the backend does
   *     not differentiate (see its capabilities)
   */
  default GradientResult gradient(RolloutProblem p, String method, Checkpointing schedule) {
    throw new UnsupportedOperationException(
        "the "
            + name()
            + " backend has no derivatives (method "
            + method
            + "): it steps but does not differentiate yet; use the cpu backend");
  }

  /**
   * The gradients of a batch of rollouts of this backend's model, one per problem, in order: by
   * default one {@link #gradient} after the other; a backend may run them side by side.
   *
   * @throws UnsupportedOperationException where the backend does not differentiate by {@code
   *     method}
   */
  default java.util.List<GradientResult> gradients(
      java.util.List<RolloutProblem> problems, String method, Checkpointing schedule) {
    return problems.stream().map(p -> gradient(p, method, schedule)).toList();
  }

  /**
   * The kinematic Jacobian of the world point {@code point} moving with {@code body} at world w's
   * configuration ({@link org.diffart.sim.diff.Derivatives#pointJacobian}, MuJoCo's {@code
   * mj_jac}).
   *
   * @throws UnsupportedOperationException naming the backend where it computes none (see its
   *     capabilities: {@link Capability#DERIVATIVE_JACOBIAN})
   */
  default KinematicJacobian pointJacobian(int world, int body, double[] point) {
    throw new UnsupportedOperationException(
        "the "
            + name()
            + " backend computes no kinematic Jacobians: read the state back (getQpos) and use"
            + " org.diffart.sim.diff.Derivatives, or the cpu backend");
  }

  /**
   * The internal derivatives of the smooth dynamics at world w's state ({@link
   * org.diffart.sim.diff.Derivatives#smooth}: exact, by reverse sweeps).
   *
   * @throws UnsupportedOperationException naming the backend where it computes none (see its
   *     capabilities: {@link Capability#DERIVATIVE_SMOOTH})
   */
  default SmoothDerivatives smoothDerivatives(int world) {
    throw new UnsupportedOperationException(
        "the "
            + name()
            + " backend computes no internal derivatives of the smooth dynamics: read the state back"
            + " and use org.diffart.sim.diff.Derivatives, or the cpu backend");
  }

  /**
   * The exact transition A, B, C, D of one step from world w's state ({@link
   * org.diffart.sim.diff.Transition#exact}), with the history buffers' sample values in the state
   * when {@code history}.
   *
   * @throws UnsupportedOperationException naming the backend where it computes none (see its
   *     capabilities: {@link Capability#DERIVATIVE_TRANSITION})
   */
  default org.diffart.sim.diff.Transition transition(int world, boolean history) {
    throw new UnsupportedOperationException(
        "the "
            + name()
            + " backend computes no transitions: read the state back and use"
            + " org.diffart.sim.diff.Transition, or the cpu backend");
  }

  /** Releases native resources; the CPU backend has none. */
  @Override
  default void close() {}
}
