package org.diffart.sim.optim;

import java.util.Arrays;
import org.hipparchus.optim.InitialGuess;
import org.hipparchus.optim.MaxEval;
import org.hipparchus.optim.SimpleBounds;
import org.hipparchus.optim.nonlinear.scalar.GoalType;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunction;
import org.hipparchus.optim.nonlinear.scalar.noderiv.CMAESOptimizer;
import org.hipparchus.random.Well19937c;

/**
 * CMA-ES (Hansen), Hipparchus's {@link CMAESOptimizer}: active covariance update, no bounds. The
 * start is evaluated once (iteration 0); then each generation evaluates λ points and is recorded as
 * one iteration whose loss is its best member's, counting λ value evaluations. The stop rule is
 * also asked before each evaluation, so that a budget is not overrun inside a generation.
 *
 * <p>Hipparchus's full covariance holds n×n matrices and decomposes them (O(n³)); {@code
 * diagonalOnly} (sep-CMA-ES, Ros and Hansen 2008) keeps the diagonal only, O(n) per sample, what
 * thousands of variables need.
 */
public final class CmaEs {
  private CmaEs() {}

  /**
   * CMA-ES's settings.
   *
   * @param sigma the initial step size σ, in every coordinate
   * @param population λ, points per generation
   * @param diagonalOnly 0 for the full covariance; k > 0 for the diagonal only during the first k
   *     generations (Hipparchus's option; {@link Integer#MAX_VALUE} for always)
   * @param seed the seed of the samples (Well19937c)
   */
  public record Settings(double sigma, int population, int diagonalOnly, long seed) {
    /** Validates σ > 0, λ ≥ 2, diagonalOnly ≥ 0. */
    public Settings {
      if (!(sigma > 0) || population < 2 || diagonalOnly < 0) {
        throw new IllegalArgumentException(
            "CMA-ES: sigma must be > 0, population >= 2 and diagonalOnly >= 0, got "
                + sigma
                + ", "
                + population
                + ", "
                + diagonalOnly);
      }
    }

    /**
     * The standard population λ = 4 + ⌊3 ln n⌋ (Hansen's default) for n variables, with σ, the
     * diagonal only when n exceeds {@code fullUpTo}, and the seed.
     */
    public static Settings standard(int n, double sigma, int fullUpTo, long seed) {
      return new Settings(sigma, population(n), n > fullUpTo ? Integer.MAX_VALUE : 0, seed);
    }

    /** Hansen's default population 4 + ⌊3 ln n⌋. */
    public static int population(int n) {
      return 4 + (int) Math.floor(3 * Math.log(n));
    }
  }

  /** Minimises f from x0 until {@code stop} ends the run or CMA-ES's own criteria stop it. */
  public static Trace minimize(Objective f, double[] x0, Settings s, Stop stop) {
    Run run = new Run("cmaes", f, x0, stop);
    int[] inGeneration = {0};
    int[] generation = {0};
    double[] genBest = {Double.POSITIVE_INFINITY};
    CMAESOptimizer cma =
        new CMAESOptimizer(
            Integer.MAX_VALUE, 0, true, s.diagonalOnly(), 0, new Well19937c(s.seed()), false, null);
    double[] sigma = new double[x0.length];
    Arrays.fill(sigma, s.sigma());
    try {
      cma.optimize(
          new MaxEval(Integer.MAX_VALUE),
          new ObjectiveFunction(
              x -> {
                if (run.spent()) {
                  throw new Run.Stopped();
                }
                // a rollout that diverged ranks last instead of poisoning the sort
                double v = run.value(x);
                v = Double.isFinite(v) ? v : Double.MAX_VALUE;
                if (run.recorded() == 0) {
                  // the start
                  if (run.record(0, v)) {
                    throw new Run.Stopped();
                  }
                  return v;
                }
                genBest[0] = Math.min(genBest[0], v);
                if (++inGeneration[0] == s.population()) {
                  inGeneration[0] = 0;
                  double best = genBest[0];
                  genBest[0] = Double.POSITIVE_INFINITY;
                  if (run.record(++generation[0], best)) {
                    throw new Run.Stopped();
                  }
                }
                return v;
              }),
          GoalType.MINIMIZE,
          new InitialGuess(x0),
          SimpleBounds.unbounded(x0.length),
          new CMAESOptimizer.Sigma(sigma),
          new CMAESOptimizer.PopulationSize(s.population()));
    } catch (Run.Stopped e) {
      return run.trace();
    }
    run.end("ok");
    return run.trace();
  }
}
