package org.diffart.sim.model;

/**
 * Actuator shortcuts of MJCF, compiled to MuJoCo's general form {@code force = gain*ctrl + bias0 + bias1*length +
 * bias2*velocity} on a joint transmission ({@code length = gear*q}, {@code qfrc += gear*force}).
 */
public enum ActuatorType {
  /** {@code force = ctrl}: gain 1, no bias. */
  MOTOR,
  /** {@code force = kp*(ctrl - length)}: gain kp, bias {@code (0, -kp, 0)}. */
  POSITION
}
