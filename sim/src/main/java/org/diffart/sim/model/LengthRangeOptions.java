package org.diffart.sim.model;

/**
 * How the compiler finds actuator length ranges, MuJoCo 2.2.2's {@code mjLROpt} (MJCF {@code
 * <compiler><lengthrange>}; {@code org.diffart.sim.algo.ModelConstants#lengthRange} runs the
 * simulation).
 *
 * @param mode which actuators get a range: {@code NONE}, {@code MUSCLE} (the default; {@code
 *     MUSCLEUSER} means the same here, diffart having no user types) or {@code ALL}
 * @param useExisting keep a range given with lo &lt; hi
 * @param useLimit take a limited joint's or tendon's range as the actuator's (unscaled by the gear,
 *     as MuJoCo) instead of simulating
 * @param accel the acceleration the simulated push aims at
 * @param maxForce the largest push force (0: unbounded)
 * @param timeConst the time constant of the velocity's decay, s
 * @param timeStep the simulation's time step, s (0: the model's)
 * @param total the simulated time, s
 * @param evaluation the last stretch of it whose extreme lengths count, s
 * @param tolerance how far the extreme lengths of that stretch may spread, relative to the range
 */
public record LengthRangeOptions(
    Mode mode,
    boolean useExisting,
    boolean useLimit,
    double accel,
    double maxForce,
    double timeConst,
    double timeStep,
    double total,
    double evaluation,
    double tolerance) {
  /** Which actuators get a computed length range. */
  public enum Mode {
    NONE,
    MUSCLE,
    MUSCLEUSER,
    ALL
  }

  /** MuJoCo 2.2.2's {@code mj_defaultLROpt}. */
  public static final LengthRangeOptions DEFAULTS =
      new LengthRangeOptions(Mode.MUSCLE, true, false, 20, 0, 1, 0.01, 10, 2, 0.05);

  /** Validates the numbers. */
  public LengthRangeOptions {
    if (!(accel > 0)
        || !(maxForce >= 0)
        || !(timeStep >= 0)
        || !(total > 0)
        || !(evaluation > 0)
        || !(tolerance > 0)
        || !(timeConst >= 0)) {
      throw new IllegalArgumentException(
          "lengthrange: accel, inttotal, inteval and tolrange must be positive,"
              + " maxforce, timeconst and timestep nonnegative");
    }
  }
}
