package org.diffart.sim.model;

/**
 * An actuator being built (MJCF {@code motor} or {@code position}) on a hinge or slide joint or on a fixed tendon.
 */
public final class ActuatorSpec {
  final ActuatorType type;
  final String name;
  final int joint;
  final int tendon;
  double gear = 1;
  boolean ctrlLimited;
  final double[] ctrlRange = new double[2];
  boolean forceLimited;
  final double[] forceRange = new double[2];
  double kp = 1;

  ActuatorSpec(ActuatorType type, String name, int joint, int tendon) {
    this.type = type;
    this.name = name;
    this.joint = joint;
    this.tendon = tendon;
  }

  /** The actuator's type. */
  public ActuatorType type() {
    return type;
  }

  /** The actuator's name. */
  public String name() {
    return name;
  }

  /**
   * Transmission gear: {@code length = gear*q}, {@code qfrc = gear*force} (on a tendon: {@code length = gear*L},
   * {@code qfrc = gear*force*∂L/∂q}).
   */
  public ActuatorSpec gear(double v) {
    gear = v;
    return this;
  }

  /** Clamps ctrl to {@code [lo, hi]} before computing the force. */
  public ActuatorSpec ctrlRange(double lo, double hi) {
    ctrlLimited = true;
    ctrlRange[0] = lo;
    ctrlRange[1] = hi;
    return this;
  }

  /** Clamps the actuator force to {@code [lo, hi]}. */
  public ActuatorSpec forceRange(double lo, double hi) {
    forceLimited = true;
    forceRange[0] = lo;
    forceRange[1] = hi;
    return this;
  }

  /** Position gain of a {@code position} actuator. */
  public ActuatorSpec kp(double v) {
    kp = v;
    return this;
  }
}
