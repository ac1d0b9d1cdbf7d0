package org.diffart.sim.optim;

/**
 * A function to minimise, with its gradient on request: what the optimisers of this package call. A
 * rollout loss is one (its gradient by {@code AdjointGradient}), but nothing here knows about
 * simulation.
 */
@FunctionalInterface
public interface Objective {
  /**
   * The value at x; when {@code grad} is not null, also writes ∇f(x) into it (x.length numbers).
   * Derivative-free optimisers pass null.
   */
  double evaluate(double[] x, double[] grad);
}
