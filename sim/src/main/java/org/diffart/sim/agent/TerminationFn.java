package org.diffart.sim.agent;

/**
 * Whether a predicted transition ends its episode, for model rollouts that have no environment to
 * ask: MBPO's per-environment {@code termination_fn}. Every predicted observation with a non-finite
 * coordinate ends the episode whatever the function says ({@link #ends}).
 */
@FunctionalInterface
public interface TerminationFn {
  /**
   * Whether the predicted observation {@code nextObs[off .. off+size)} ends the episode by the
   * task's own condition.
   */
  boolean terminated(double[] nextObs, int off, int size);

  /** This function's verdict, or true when a coordinate is not finite. */
  default boolean ends(double[] nextObs, int off, int size) {
    for (int i = off; i < off + size; i++) {
      if (!Double.isFinite(nextObs[i])) {
        return true;
      }
    }
    return terminated(nextObs, off, size);
  }

  /** A task that never terminates (the paper's pendulum, whose time limit truncates it). */
  static TerminationFn never() {
    return (obs, off, size) -> false;
  }

  /**
   * Termination when observation coordinate {@code index} leaves {@code [lo, hi]}: the paper's ant,
   * done when the torso height (its observation's coordinate 4) is below 0.2 or above 1.0.
   *
   * @throws IllegalArgumentException when index is negative or lo > hi
   */
  static TerminationFn outside(int index, double lo, double hi) {
    if (index < 0 || !(lo <= hi)) {
      throw new IllegalArgumentException(
          "need index ≥ 0 and lo ≤ hi, got index=" + index + ", lo=" + lo + ", hi=" + hi);
    }
    return (obs, off, size) -> {
      if (index >= size) {
        throw new IllegalArgumentException(
            "termination index " + index + " outside an observation of size " + size);
      }
      double x = obs[off + index];
      return x < lo || x > hi;
    };
  }
}
