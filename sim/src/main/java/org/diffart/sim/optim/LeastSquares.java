package org.diffart.sim.optim;

import java.util.ArrayList;
import java.util.List;
import org.hipparchus.exception.LocalizedCoreFormats;
import org.hipparchus.exception.MathIllegalStateException;
import org.hipparchus.exception.MathRuntimeException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.optim.ConvergenceChecker;
import org.hipparchus.optim.nonlinear.vector.leastsquares.GaussNewtonOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresBuilder;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresOptimizer;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LeastSquaresProblem;
import org.hipparchus.optim.nonlinear.vector.leastsquares.LevenbergMarquardtOptimizer;
import org.hipparchus.util.Pair;

/**
 * Gauss–Newton and Levenberg–Marquardt from Hipparchus ({@link GaussNewtonOptimizer}, {@link
 * LevenbergMarquardtOptimizer}) on residuals that come with their exact Jacobian: minimise {@code
 * L(x) = |r(x)|²}. Each evaluation of the residuals is one evaluation with a gradient in the {@link
 * Trace} (it brings its Jacobian); each iteration the optimiser accepts is one {@link
 * Trace.Iterate}, recorded by the convergence checker Hipparchus calls once per iteration.
 *
 * <p>Both stop when the loss falls to {@link Settings#absoluteLoss}, or when an iteration changes
 * it by at most {@link Settings#relativeLoss} of itself; Levenberg–Marquardt also by its own
 * tolerances on the step (Hipparchus' defaults, 1e-10). Running out of iterations ends the run with
 * status {@code budget} and the best point seen.
 */
public final class LeastSquares {
  private LeastSquares() {}

  /** Residuals r(x) (m numbers) and their Jacobian {@code ∂r_i/∂x_j} (m×n). */
  public interface Residuals {
    /** m, the number of residuals. */
    int size();

    /** Writes r(x) into {@code r} (m) and ∂r/∂x into {@code jacobian} (m rows of n). */
    void evaluate(double[] x, double[] r, double[][] jacobian);
  }

  /**
   * When to stop.
   *
   * @param maxIterations the most iterations (each one Jacobian evaluation, more for a rejected
   *     Levenberg–Marquardt step)
   * @param absoluteLoss stop when |r|² is at most this
   * @param relativeLoss stop when an iteration changes |r|² by at most this fraction of it
   * @param lower a lower bound per parameter a step is clamped to (null: none), e.g. a positive
   *     mass
   */
  public record Settings(
      int maxIterations, double absoluteLoss, double relativeLoss, double[] lower) {
    /** Validates and copies. */
    public Settings {
      if (maxIterations < 1) {
        throw new IllegalArgumentException("maxIterations must be >= 1, got " + maxIterations);
      }
      if (!(absoluteLoss >= 0) || !(relativeLoss >= 0)) {
        throw new IllegalArgumentException(
            "absoluteLoss and relativeLoss must be >= 0, got "
                + absoluteLoss
                + ", "
                + relativeLoss);
      }
      lower = lower == null ? null : lower.clone();
    }

    /** 50 iterations, relative change 1e-12, no absolute target, no bounds. */
    public static Settings defaults() {
      return new Settings(50, 0, 1e-12, null);
    }

    /** The same with a lower bound per parameter. */
    public Settings withLower(double... bounds) {
      return new Settings(maxIterations, absoluteLoss, relativeLoss, bounds);
    }

    /** The same with another iteration budget. */
    public Settings withMaxIterations(int n) {
      return new Settings(n, absoluteLoss, relativeLoss, lower);
    }
  }

  /** Levenberg–Marquardt (Hipparchus' defaults: initial step bound 100, tolerances 1e-10). */
  public static Trace levenbergMarquardt(Residuals f, double[] x0, Settings s) {
    return run("lm", new LevenbergMarquardtOptimizer(), f, x0, s);
  }

  /** Gauss–Newton (Hipparchus' QR decomposition of J, no normal equations). */
  public static Trace gaussNewton(Residuals f, double[] x0, Settings s) {
    return run(
        "gn",
        new GaussNewtonOptimizer(new org.hipparchus.linear.QRDecomposer(1e-14), false),
        f,
        x0,
        s);
  }

  private static Trace run(
      String method, LeastSquaresOptimizer opt, Residuals f, double[] x0, Settings s) {
    int n = x0.length, m = f.size();
    long t0 = System.nanoTime();
    long[] evaluations = {0};
    List<Trace.Iterate> its = new ArrayList<>();
    double[] best = x0.clone();
    double[] bestLoss = {Double.POSITIVE_INFINITY};
    double[] r = new double[m];
    double[][] jac = new double[m][n];
    ConvergenceChecker<LeastSquaresProblem.Evaluation> checker =
        (iteration, previous, current) -> {
          double loss = current.getChiSquare();
          its.add(
              new Trace.Iterate(
                  its.size(), loss, 0, evaluations[0], (System.nanoTime() - t0) / 1e6));
          double before = previous.getChiSquare();
          return loss <= s.absoluteLoss()
              || Math.abs(before - loss) <= s.relativeLoss() * Math.max(before, loss);
        };
    LeastSquaresProblem problem =
        new LeastSquaresBuilder()
            .start(x0)
            .target(new double[m])
            .model(
                point -> {
                  evaluations[0]++;
                  double[] x = point.toArray();
                  f.evaluate(x, r, jac);
                  double loss = 0;
                  for (int i = 0; i < m; i++) {
                    if (!Double.isFinite(r[i])) {
                      throw new IllegalStateException(
                          "residual " + i + " is not finite at " + point);
                    }
                    loss += r[i] * r[i];
                  }
                  if (its.isEmpty()) {
                    its.add(new Trace.Iterate(0, loss, 0, 1, (System.nanoTime() - t0) / 1e6));
                  }
                  if (loss < bestLoss[0]) {
                    bestLoss[0] = loss;
                    System.arraycopy(x, 0, best, 0, n);
                  }
                  return new Pair<>(
                      new ArrayRealVector(r, true), new Array2DRowRealMatrix(jac, true));
                })
            .lazyEvaluation(false)
            .maxIterations(s.maxIterations())
            .maxEvaluations(Math.max(1000, 10 * s.maxIterations()))
            .checker(checker)
            .parameterValidator(s.lower() == null ? null : p -> clamp(p, s.lower()))
            .build();
    String status = "ok";
    try {
      opt.optimize(problem);
    } catch (MathIllegalStateException e) {
      status =
          e.getSpecifier() == LocalizedCoreFormats.MAX_COUNT_EXCEEDED ? "budget" : e.getMessage();
    } catch (MathRuntimeException | IllegalStateException e) {
      status = e.getMessage();
    }
    if (its.isEmpty()) {
      its.add(new Trace.Iterate(0, Double.NaN, 0, evaluations[0], (System.nanoTime() - t0) / 1e6));
    }
    return new Trace(method, its, best, bestLoss[0], status);
  }

  private static org.hipparchus.linear.RealVector clamp(
      org.hipparchus.linear.RealVector p, double[] lower) {
    org.hipparchus.linear.RealVector q = p.copy();
    for (int i = 0; i < lower.length; i++) {
      q.setEntry(i, Math.max(q.getEntry(i), lower[i]));
    }
    return q;
  }
}
