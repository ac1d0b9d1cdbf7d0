package org.diffart.sim.model;

/**
 * The MJCF element an actuator came from. Every type compiles to MuJoCo's general form: {@code
 * force = gain·input + bias0 + bias1·length + bias2·velocity}, {@code gain = gain0 + gain1·length +
 * gain2·velocity}, where the input is the (clamped) control, or the actuator's activation when it
 * has {@link DynType dynamics}; its transmission is a joint ({@code length = gear·q}, {@code qfrc
 * += gear·force}), a tendon, a slider-crank or a body's contacts (adhesion). A muscle's gain and
 * bias are MuJoCo's muscle curves instead ({@code org.diffart.sim.algo.forces.Muscle}).
 */
public enum ActuatorType {
  /** {@code force = ctrl}: gain 1, no bias. */
  MOTOR,
  /** {@code force = kp·(ctrl - length)}: gain kp, bias {@code (0, -kp, 0)}. */
  POSITION,
  /** {@code force = kv·(ctrl - velocity)}: gain kv, bias {@code (0, 0, -kv)}. */
  VELOCITY,
  /**
   * An integrated velocity servo: {@code act' = ctrl}, {@code force = kp·(act - length)},
   * activation limited.
   */
  INTVELOCITY,
  /**
   * {@code force = -kv·ctrl·velocity}: affine gain {@code (0, 0, -kv)}, control in a nonnegative
   * range.
   */
  DAMPER,
  /**
   * A pneumatic cylinder: {@code act' = (ctrl - act)/timeconst}, {@code force = area·act + bias}.
   */
  CYLINDER,
  /** MuJoCo's {@code general}: gain, bias and dynamics set explicitly. */
  GENERAL,
  /**
   * MuJoCo's {@code muscle}: muscle gain (active force-length-velocity curves), muscle bias
   * (passive force) and muscle activation dynamics, all with the parameters {@code (range0, range1,
   * force, scale, lmin, lmax, vmax, fpmax, fvmax)}.
   */
  MUSCLE,
  /**
   * MuJoCo's {@code adhesion}: {@code force = gain·ctrl} (control in a nonnegative range) pulling a
   * body onto what it touches, along the mean of the normal Jacobians of its contacts, those in
   * their gap included (MuJoCo 2.2.2's body transmission).
   */
  ADHESION
}
