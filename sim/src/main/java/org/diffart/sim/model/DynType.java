package org.diffart.sim.model;

/**
 * Activation dynamics of an actuator, MuJoCo's {@code dyntype}: an actuator with dynamics owns one
 * activation state {@code act} (part of the state, integrated by the step) and its force reads
 * {@code act} in place of the control.
 */
public enum DynType {
  /** No activation: the force reads the control directly. */
  NONE,
  /** {@code act' = ctrl}. */
  INTEGRATOR,
  /** {@code act' = (ctrl - act)/τ}, τ = dynprm[0] (at least 1e-15, as MuJoCo's mjMINVAL). */
  FILTER,
  /**
   * MuJoCo's muscle activation ({@code mju_muscleDynamics}): {@code act' = (c − act)/τ} with c the
   * control clamped to [0, 1] and τ = {@code dynprm[0]·(0.5 + 1.5 a)} while activating ({@code c >
   * act}), {@code dynprm[1]/(0.5 + 1.5 a)} while deactivating, a the activation clamped to [0, 1].
   */
  MUSCLE
}
