package org.diffart.sim.model;

/**
 * An actuator being built on a hinge or slide joint or on a fixed tendon, in MuJoCo's general form ({@link
 * ActuatorType}): its type sets the defaults of gain, bias and dynamics, which the setters override.
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
  final double[] gain = {1, 0, 0};
  final double[] bias = new double[3];
  DynType dynType = DynType.NONE;
  double dynPrm = 1;
  boolean actLimited;
  final double[] actRange = new double[2];

  /** A slider-crank transmission's crank and slider sites and its rod's length; null for the others. */
  SiteSpec crank, slider;
  double crankLength;

  ActuatorSpec(ActuatorType type, String name, int joint, int tendon) {
    this.type = type;
    this.name = name;
    this.joint = joint;
    this.tendon = tendon;
    switch (type) {
      case POSITION -> kp(1);
      case VELOCITY, DAMPER -> kv(1);
      case INTVELOCITY -> {
        kp(1);
        dynamics(DynType.INTEGRATOR, 1);
      }
      case CYLINDER -> {
        bias(0, 0, 0);
        dynamics(DynType.FILTER, 1);
      }
      case MOTOR, GENERAL -> { }
    }
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

  /** Position gain: gain kp and bias {@code (0, -kp, 0)} ({@code position}, {@code intvelocity}). */
  public ActuatorSpec kp(double v) {
    return gain(v, 0, 0).bias(0, -v, 0);
  }

  /**
   * Velocity gain: gain kv and bias {@code (0, 0, -kv)} for {@code velocity}; the affine gain {@code (0, 0, -kv)}
   * without bias for {@code damper}.
   */
  public ActuatorSpec kv(double v) {
    return type == ActuatorType.DAMPER ? gain(0, 0, -v).bias(0, 0, 0) : gain(v, 0, 0).bias(0, 0, -v);
  }

  /** The gain {@code g0 + g1·length + g2·velocity} (MuJoCo's fixed gain: g1 = g2 = 0). */
  public ActuatorSpec gain(double g0, double g1, double g2) {
    gain[0] = g0;
    gain[1] = g1;
    gain[2] = g2;
    return this;
  }

  /** The bias {@code b0 + b1·length + b2·velocity} (MuJoCo's bias none: all zero). */
  public ActuatorSpec bias(double b0, double b1, double b2) {
    bias[0] = b0;
    bias[1] = b1;
    bias[2] = b2;
    return this;
  }

  /** Activation dynamics; {@code tau} is the filter's time constant (ignored otherwise). */
  public ActuatorSpec dynamics(DynType t, double tau) {
    dynType = t;
    dynPrm = tau;
    return this;
  }

  /** Clamps the activation to {@code [lo, hi]} after each integration step (an actuator with dynamics only). */
  public ActuatorSpec activationRange(double lo, double hi) {
    actLimited = true;
    actRange[0] = lo;
    actRange[1] = hi;
    return this;
  }
}
