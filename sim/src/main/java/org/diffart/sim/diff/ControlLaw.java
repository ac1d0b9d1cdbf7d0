package org.diffart.sim.diff;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * A differentiable control law inside a rollout, {@code π(t, x_t; θ)}: the control of step t as a
 * function of the state {@code x_t} before the step and of a flat parameter vector θ. In a {@link
 * RolloutProblem} with a law the control applied at step t is {@code u_t = c_t + π(t, x_t; θ)}, the
 * problem's open-loop control {@code c_t} plus the law's output, so the open-loop gradient ({@code
 * ∂L/∂c_t = ∂L/∂u_t}) keeps its meaning and a law of zeros is the open-loop problem.
 *
 * <p>What the law may read: the model, {@code t}, θ and {@code d.time}, {@code d.qpos}, {@code
 * d.qvel} and {@code d.act} (the state before step t). Everything else in {@code d} is unspecified
 * when it is called; a law that needs kinematics (body positions for an observation) computes them
 * itself, for instance by running the simulator's kinematics on {@code d}: it may overwrite {@code
 * d}'s intermediates (the step recomputes them from the state), never its state, controls or
 * parameters. It must be a pure function of what it reads (no state of its own between calls), so
 * the adjoint's recomputations give the same controls bit for bit.
 *
 * <p>{@link TapeGradient} follows a law that is a {@code record} whose code the tape can rewrite
 * (plain Java arithmetic and {@link Math} over doubles and arrays, calls into the simulator's
 * algorithms, see {@link org.diffart.sim.tape.Taped#twin}); it refuses any other law by name.
 */
public interface ControlLaw {
  /** The number of parameters θ. */
  int parameters();

  /**
   * The decision interval k ≥ 1 (a zero-order hold): the law is evaluated at the steps t with
   * {@code t % k == 0} from the state x_t there, and its output is held for the k steps from t, as
   * an environment step of k model substeps holds its action. {@link #adjoint} is then called at
   * those decision steps only, with ū summed over the steps the output was held. The default, 1,
   * evaluates the law at every step.
   */
  default int interval() {
    return 1;
  }

  /**
   * Writes {@code π(t, x_t; θ)} (nu numbers) into {@code u}.
   *
   * @param d holds the state x_t (time, qpos, qvel, act) before step t
   */
  void control(Model m, int t, Data d, double[] theta, double[] u);

  /**
   * The vector–Jacobian product: given {@code uBar = ∂L/∂u_t} (nu), adds {@code uBarᵀ ∂π/∂x_t} into
   * the state bars and {@code uBarᵀ ∂π/∂θ} into {@code out.theta()}. The configuration's bar is in
   * qpos's own coordinates (nq numbers, as {@link Loss.Gradient#qpos} and {@code DataBar.qposBar}:
   * for a quaternion the part along q itself is dropped later, since the simulator normalises).
   *
   * @param d holds the state x_t as for {@link #control} (its other fields unspecified)
   */
  void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out);

  /**
   * Where {@link #adjoint} adds its products: the bars of qpos (nq, qpos's own coordinates), qvel
   * (nv), act (na) and θ.
   */
  record Bars(double[] qpos, double[] qvel, double[] act, double[] theta) {}
}
