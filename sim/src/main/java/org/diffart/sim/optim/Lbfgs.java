package org.diffart.sim.optim;

import com.github.lbfgs4j.liblbfgs.LbfgsConstant.LBFGS_Param;
import com.github.lbfgs4j.liblbfgs.LbfgsConstant.LineSearch;
import com.github.lbfgs4j.liblbfgs.LbfgsConstant.ReturnValue;
import com.github.lbfgs4j.liblbfgs.MutableDouble;

/**
 * L-BFGS from lbfgs4j (an MIT Java port of Okazaki's liblbfgs: Nocedal's two-loop recursion with
 * the Moré–Thuente line search). The library's progress callback records one iteration per accepted
 * step; every evaluation of the line search is counted as a gradient evaluation, and the stop rule
 * is also asked before each one, so that a budget is not overrun inside a search.
 *
 * <p>A line search that fails (liblbfgs returns a negative code: {@code LBFGSERR_ROUNDING_ERROR},
 * {@code LBFGSERR_MAXIMUMLINESEARCH}, {@code LBFGSERR_MINIMUMSTEP}, …, typical where a contact
 * makes the loss non-smooth) is recorded as an iteration that stayed where it was (its evaluations
 * counted there); the method then restarts from the best point evaluated with an empty memory, as
 * many times as the settings allow (each restart evaluates that point's gradient again, counted),
 * and after that the run ends with the status {@code line search failed: CODE} (with {@code after N
 * restarts}). The trace's best point is the best point evaluated, the failed searches' included.
 * Restarts end only at the stop rule or a success: give a budget when they are many.
 */
public final class Lbfgs {
  private Lbfgs() {}

  /**
   * The library's settings used here.
   *
   * @param memory m, the pairs (s, y) kept
   * @param epsilon converged when {@code |g| ≤ ε max(1, |x|)}
   * @param maxLineSearch evaluations allowed in one line search
   * @param backtracking the backtracking line search with Armijo's condition instead of
   *     Moré–Thuente's (fewer evaluations, no curvature condition)
   * @param restarts how many times a failed line search restarts the method from the best point
   *     with an empty memory before the run ends
   */
  public record Settings(
      int memory, double epsilon, int maxLineSearch, boolean backtracking, int restarts) {
    /** Validates m ≥ 1, ε ≥ 0, maxLineSearch ≥ 1, restarts ≥ 0. */
    public Settings {
      if (memory < 1 || !(epsilon >= 0) || maxLineSearch < 1 || restarts < 0) {
        throw new IllegalArgumentException(
            "L-BFGS: memory and maxLineSearch must be >= 1, epsilon and restarts >= 0, got "
                + memory
                + ", "
                + maxLineSearch
                + ", "
                + epsilon
                + ", "
                + restarts);
      }
    }

    /**
     * liblbfgs's defaults: m = 6, ε = 1e-5, Moré–Thuente with 40 evaluations per line search; no
     * restart.
     */
    public static Settings defaults() {
      return new Settings(6, 1e-5, 40, false, 0);
    }
  }

  /**
   * Minimises f from x0 until {@code stop} ends the run, the library converges, or a line search
   * fails once more than the settings' restarts allow.
   */
  public static Trace minimize(Objective f, double[] x0, Settings s, Stop stop) {
    Run run = new Run("lbfgs", f, x0, stop);
    LBFGS_Param p = com.github.lbfgs4j.liblbfgs.Lbfgs.defaultParams();
    p.m = s.memory();
    p.epsilon = s.epsilon();
    p.max_linesearch = s.maxLineSearch();
    p.max_iterations = 0;
    if (s.backtracking()) {
      p.lineSearch = LineSearch.LBFGS_LINESEARCH_BACKTRACKING_ARMIJO;
    }
    for (int attempt = 0; ; attempt++) {
      double[] x = attempt == 0 ? x0.clone() : run.best();
      ReturnValue r;
      try {
        r =
            com.github.lbfgs4j.liblbfgs.Lbfgs.lbfgs(
                x.length,
                x,
                new MutableDouble(),
                (instance, xk, g, n, step) -> {
                  if (run.spent()) {
                    throw new Run.Stopped();
                  }
                  double v = run.gradient(xk, g);
                  // the start is iteration 0; a run that ends there stops before the first search
                  if (run.recorded() == 0 && run.record(0, v)) {
                    throw new Run.Stopped();
                  }
                  return v;
                },
                // iterations go on counting across restarts
                (instance, xk, g, fx, xnorm, gnorm, step, n, k, ls) ->
                    run.record(run.recorded(), fx)
                        ? ReturnValue.LBFGS_STOP
                        : ReturnValue.LBFGS_SUCCESS,
                null,
                p);
      } catch (Run.Stopped e) {
        return run.trace();
      }
      String status = status(r);
      // a failed search is an iteration that stayed where it was: its evaluations are counted there
      if (status.startsWith("line search failed") && run.record(run.recorded(), run.lastLoss())) {
        return run.trace();
      }
      if (!status.startsWith("line search failed") || attempt >= s.restarts()) {
        run.end(attempt == 0 ? status : status + " after " + attempt + " restarts");
        return run.trace();
      }
    }
  }

  private static String status(ReturnValue r) {
    return switch (r) {
      case LBFGS_SUCCESS, LBFGS_CONVERGENCE, LBFGS_ALREADY_MINIMIZED, LBFGS_STOP -> "ok";
      case LBFGSERR_MAXIMUMITERATION -> "budget";
      case LBFGSERR_ROUNDING_ERROR,
          LBFGSERR_MAXIMUMLINESEARCH,
          LBFGSERR_MINIMUMSTEP,
          LBFGSERR_MAXIMUMSTEP,
          LBFGSERR_WIDTHTOOSMALL,
          LBFGSERR_INCREASEGRADIENT,
          LBFGSERR_INVALIDPARAMETERS ->
          "line search failed: " + r.name();
      default -> "L-BFGS failed: " + r.name();
    };
  }
}
