package org.diffart.sim.optim;

import java.util.ArrayList;
import java.util.List;

/**
 * The bookkeeping every optimiser of this package shares: it evaluates the objective (counting
 * values and gradients), keeps the best point, records iterations and asks the {@link Stop}.
 */
final class Run {
  /** Thrown through a library's loop when the stop rule ends the run between two iterations. */
  static final class Stopped extends RuntimeException {
    Stopped() {
      super(null, null, false, false);
    }
  }

  private final String method;
  private final Objective f;
  private final Stop stop;
  private final long t0 = System.nanoTime();
  private final List<Trace.Iterate> iterations = new ArrayList<>();
  private long values, gradients;
  private double[] best;
  private double bestLoss = Double.POSITIVE_INFINITY;
  private String status;

  Run(String method, Objective f, double[] x0, Stop stop) {
    if (x0.length == 0) {
      throw new IllegalArgumentException(method + ": the start point has no variables");
    }
    this.method = method;
    this.f = f;
    this.stop = stop;
    best = x0.clone();
  }

  /** f(x) without its gradient. */
  double value(double[] x) {
    values++;
    return offer(x, f.evaluate(x, null));
  }

  /** f(x), writing ∇f(x) into g. */
  double gradient(double[] x, double[] g) {
    gradients++;
    return offer(x, f.evaluate(x, g));
  }

  private double offer(double[] x, double v) {
    if (v < bestLoss) {
      bestLoss = v;
      best = x.clone();
    }
    return v;
  }

  /**
   * Records iteration i at loss; returns true when the run must end (the stop rule said so, or the
   * loss is not finite), its status then set.
   */
  boolean record(int i, double loss) {
    Trace.Iterate it =
        new Trace.Iterate(i, loss, values, gradients, (System.nanoTime() - t0) / 1e6);
    iterations.add(it);
    if (!Double.isFinite(loss)) {
      status = "the loss is not finite at iteration " + i;
    } else {
      status = stop.check(it);
    }
    return status != null;
  }

  /**
   * Between iterations (inside a line search, within a generation): whether the stop rule, asked
   * with the evaluations so far at the last recorded iteration and an infinite loss, ends the run
   * now (a budget spent); its status is then set.
   */
  boolean spent() {
    if (status == null && !iterations.isEmpty()) {
      Trace.Iterate last = iterations.get(iterations.size() - 1);
      status =
          stop.check(
              new Trace.Iterate(
                  last.iteration(),
                  Double.POSITIVE_INFINITY,
                  values,
                  gradients,
                  (System.nanoTime() - t0) / 1e6));
    }
    return status != null;
  }

  /** Ends the run with a status unless it has one already. */
  void end(String why) {
    if (status == null) {
      status = why;
    }
  }

  /** How many iterations were recorded, the start included. */
  int recorded() {
    return iterations.size();
  }

  /** The loss of the last recorded iteration. */
  double lastLoss() {
    return iterations.get(iterations.size() - 1).loss();
  }

  /** The best point evaluated so far (a copy). */
  double[] best() {
    return best.clone();
  }

  Trace trace() {
    return new Trace(method, iterations, best, bestLoss, status == null ? "ok" : status);
  }
}
