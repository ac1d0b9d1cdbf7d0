package org.diffart.sim.optim;

import java.util.List;

/**
 * What one optimiser run did, iteration by iteration, in the units every method shares: evaluations
 * of the objective with and without its gradient, and wall time. What an evaluation costs in
 * simulated steps is the caller's to say (a value is one rollout, a gradient a rollout and its
 * backward sweep).
 *
 * @param method the optimiser, e.g. {@code adam}, {@code lbfgs}, {@code cmaes}, {@code lm}
 * @param iterations the start (iteration 0) and then one entry per iteration
 * @param best the best point evaluated
 * @param bestLoss its value
 * @param status why it stopped: {@code ok} (converged or reached its target), {@code budget} (ran
 *     out of iterations or evaluations), or the failure's message
 */
public record Trace(
    String method, List<Iterate> iterations, double[] best, double bestLoss, String status)
    implements java.io.Serializable {

  /** Copies the list and the point. */
  public Trace {
    iterations = List.copyOf(iterations);
    best = best.clone();
  }

  /**
   * One iteration.
   *
   * @param iteration 0 for the start
   * @param loss the objective at the iteration's point (for a population method, its best member)
   * @param values evaluations without gradient so far
   * @param gradients evaluations with gradient so far
   * @param wallMs wall time since the run started, ms
   */
  public record Iterate(int iteration, double loss, long values, long gradients, double wallMs)
      implements java.io.Serializable {}

  /** The last iteration. */
  public Iterate last() {
    return iterations.get(iterations.size() - 1);
  }

  /** The first iteration whose loss is at most {@code target}, or null when none reached it. */
  public Iterate firstReaching(double target) {
    for (Iterate i : iterations) {
      if (i.loss() <= target) {
        return i;
      }
    }
    return null;
  }
}
