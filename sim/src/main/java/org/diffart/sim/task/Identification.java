package org.diffart.sim.task;

import java.util.function.Consumer;
import org.diffart.sim.diff.TrajectoryResiduals;
import org.diffart.sim.optim.GradientDescent;
import org.diffart.sim.optim.Lbfgs;
import org.diffart.sim.optim.LeastSquares;
import org.diffart.sim.optim.Objective;
import org.diffart.sim.optim.Stop;
import org.diffart.sim.optim.Trace;

/**
 * A parameter-estimation problem, {@code min_θ |r(θ)|²} over the residuals of a simulated
 * trajectory against measurements ({@link TrajectoryResiduals}), with the methods that fit it:
 * Gauss–Newton and Levenberg–Marquardt on the exact residual Jacobian (forward sensitivities), and
 * first-order methods on the adjoint gradient of {@code |r|²} (one forward and one backward sweep
 * per evaluation).
 *
 * @param residuals the residuals r(θ)
 * @param lower a lower bound per parameter (a mass above 0, a friction or damping at least 0),
 *     which the least-squares and gradient-descent steps are clamped to
 * @param probe called with every θ an optimiser evaluates (to follow the estimate iteration by
 *     iteration), or null
 * @param byRows take the Jacobian by one reverse sweep per residual ({@link
 *     TrajectoryResiduals#evaluateByRows}) rather than by forward sensitivities: cheaper for fewer
 *     residuals than the state has dimensions
 */
public record Identification(
    TrajectoryResiduals residuals, double[] lower, Consumer<double[]> probe, boolean byRows) {
  /** Without a probe, the Jacobian by forward sensitivities. */
  public Identification(TrajectoryResiduals residuals, double[] lower) {
    this(residuals, lower, null, false);
  }

  /** The same problem, {@code probe} called with every θ evaluated. */
  public Identification withProbe(Consumer<double[]> probe) {
    return new Identification(residuals, lower, probe, byRows);
  }

  /** The same problem with the Jacobian by reverse sweeps per residual ({@code true}) or not. */
  public Identification withJacobianByRows(boolean rows) {
    return new Identification(residuals, lower, probe, rows);
  }

  private void probe(double[] x) {
    if (probe != null) {
      probe.accept(x.clone());
    }
  }

  /** Validates and copies the bounds. */
  public Identification {
    if (lower.length != residuals.parameters()) {
      throw new IllegalArgumentException(
          "lower must hold one bound per parameter ("
              + residuals.parameters()
              + "), got "
              + lower.length);
    }
    lower = lower.clone();
  }

  /** |r(θ)|² by one rollout. */
  public double loss(double[] theta) {
    return residuals.residuals(theta, new double[residuals.size()]);
  }

  /** The residuals with their exact Jacobian, as the least-squares solvers take them. */
  public LeastSquares.Residuals leastSquares() {
    return new LeastSquares.Residuals() {
      @Override
      public int size() {
        return residuals.size();
      }

      @Override
      public void evaluate(double[] x, double[] r, double[][] jacobian) {
        probe(x);
        if (byRows) {
          residuals.evaluateByRows(x, r, jacobian);
        } else {
          residuals.evaluate(x, r, jacobian);
        }
      }
    };
  }

  /** |r|² with its gradient by the adjoint (null gradient: one rollout only). */
  public Objective objective() {
    return (x, grad) -> {
      probe(x);
      return grad == null ? loss(x) : residuals.gradient(x, grad);
    };
  }

  /** Levenberg–Marquardt on the exact Jacobian, within the bounds. */
  public Trace levenbergMarquardt(double[] x0, LeastSquares.Settings s) {
    return LeastSquares.levenbergMarquardt(leastSquares(), x0, s.withLower(lower));
  }

  /** Gauss–Newton on the exact Jacobian, within the bounds. */
  public Trace gaussNewton(double[] x0, LeastSquares.Settings s) {
    return LeastSquares.gaussNewton(leastSquares(), x0, s.withLower(lower));
  }

  /** Plain gradient descent on the adjoint gradient with a fixed rate per parameter. */
  public Trace gradientDescent(double[] x0, double[] rate, Stop stop) {
    return GradientDescent.minimize(objective(), x0, rate, lower, stop);
  }

  /**
   * L-BFGS (lbfgs4j) on the adjoint gradient, over {@code z = log θ} (every parameter positive: a
   * mass, a damping, a friction coefficient): its line search then never tries a negative mass, and
   * parameters of different sizes share one scale. The trace's best point is θ.
   *
   * @throws IllegalArgumentException when a start value is not positive
   */
  public Trace lbfgs(double[] x0, Lbfgs.Settings s, Stop stop) {
    double[] z0 = new double[x0.length];
    for (int i = 0; i < z0.length; i++) {
      if (!(x0[i] > 0)) {
        throw new IllegalArgumentException(
            "L-BFGS runs over log θ: start value " + i + " must be > 0, got " + x0[i]);
      }
      z0[i] = Math.log(x0[i]);
    }
    Objective f = objective();
    Trace t =
        Lbfgs.minimize(
            (z, grad) -> {
              double[] theta = exp(z);
              double v = f.evaluate(theta, grad);
              if (grad != null) {
                for (int i = 0; i < grad.length; i++) {
                  grad[i] *= theta[i];
                }
              }
              return v;
            },
            z0,
            s,
            stop);
    return new Trace(t.method(), t.iterations(), exp(t.best()), t.bestLoss(), t.status());
  }

  private static double[] exp(double[] z) {
    double[] x = new double[z.length];
    for (int i = 0; i < z.length; i++) {
      x[i] = Math.exp(z[i]);
    }
    return x;
  }

  /**
   * What one evaluation costs, measured at θ: the median wall time of a rollout (timed in batches
   * about as long as one Jacobian), of the residuals with their Jacobian, and of the adjoint
   * gradient, over {@code reps} runs after two of warm-up.
   *
   * @param rolloutMs one rollout (the residuals alone)
   * @param jacobianMs the residuals with their exact Jacobian by forward sensitivities, or NaN when
   *     not measured
   * @param gradientMs |r|² with its adjoint gradient
   * @param rowsMs the residuals with their Jacobian by a reverse sweep per residual, or NaN when
   *     not measured
   */
  public record Cost(double rolloutMs, double jacobianMs, double gradientMs, double rowsMs)
      implements java.io.Serializable {
    /** A Jacobian evaluation in rollouts: its time over a rollout's. */
    public double jacobianRollouts() {
      return jacobianMs / rolloutMs;
    }

    /** A Jacobian evaluation by reverse sweeps per residual in rollouts (NaN: not measured). */
    public double rowsRollouts() {
      return rowsMs / rolloutMs;
    }

    /** The Jacobian this problem uses, in rollouts. */
    public double jacobianRollouts(boolean byRows) {
      return byRows ? rowsRollouts() : jacobianRollouts();
    }

    /** A gradient evaluation in rollouts: its time over a rollout's. */
    public double gradientRollouts() {
      return gradientMs / rolloutMs;
    }
  }

  /**
   * Measures {@link Cost} at θ, {@code reps} runs of each (interleaved) after two of warm-up: the
   * rollout and the adjoint gradient always, the Jacobian by forward sensitivities with {@code
   * sensitivities} and by reverse sweeps per residual with {@code rows} (about {@code size()}
   * adjoint sweeps: only for few residuals); what is not measured is NaN.
   */
  public Cost cost(double[] theta, int reps, boolean sensitivities, boolean rows) {
    int n = residuals.size(), p = residuals.parameters();
    double[] r = new double[n], g = new double[p];
    double[][] jac = new double[n][p];
    double[][] ms = new double[4][reps];
    int batch = 1;
    for (int k = -2; k < reps; k++) {
      long t0 = System.nanoTime();
      for (int b = 0; b < batch; b++) {
        residuals.residuals(theta, r);
      }
      long t1 = System.nanoTime();
      if (sensitivities) {
        residuals.evaluate(theta, r, jac);
      }
      long t2 = System.nanoTime();
      residuals.gradient(theta, g);
      long t3 = System.nanoTime();
      if (rows) {
        residuals.evaluateByRows(theta, r, jac);
      }
      long t4 = System.nanoTime();
      double[] t = {(t1 - t0) / 1e6 / batch, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6};
      if (k >= 0) {
        ms[0][k] = t[0];
        ms[1][k] = sensitivities ? t[1] : Double.NaN;
        ms[2][k] = t[2];
        ms[3][k] = rows ? t[3] : Double.NaN;
      } else {
        // time as many rollouts together as last about as long as the other evaluations: on a
        // loaded machine a short interval and a long one are interrupted differently
        double other = Math.max(t[2], sensitivities ? t[1] : 0);
        batch = (int) Math.max(1, Math.min(20, Math.round(other / t[0])));
      }
    }
    return new Cost(median(ms[0]), median(ms[1]), median(ms[2]), median(ms[3]));
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    java.util.Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  }
}
