package org.diffart.sim.optim;

/**
 * When an optimiser run ends: asked after every iteration with the iteration just recorded (its
 * loss and the evaluations so far); it returns the run's status ({@code ok} for a target reached,
 * {@code budget} for a budget spent) to stop, or null to go on. A budget in simulated steps is one
 * such rule: the caller knows what a value and a gradient evaluation cost.
 */
@FunctionalInterface
public interface Stop {
  /** The status to stop with, or null to go on. */
  String check(Trace.Iterate last);

  /** Stops with {@code ok} at the first iteration whose loss is at most {@code target}. */
  static Stop atLoss(double target) {
    return it -> it.loss() <= target ? "ok" : null;
  }

  /** Stops with {@code budget} after {@code n} iterations (n ≥ 1). */
  static Stop afterIterations(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("iterations must be >= 1, got " + n);
    }
    return it -> it.iteration() >= n ? "budget" : null;
  }

  /** This rule, then {@code other} when this one goes on. */
  default Stop or(Stop other) {
    return it -> {
      String s = check(it);
      return s != null ? s : other.check(it);
    };
  }
}
