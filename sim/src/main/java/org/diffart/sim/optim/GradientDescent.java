package org.diffart.sim.optim;

/**
 * Plain gradient descent with a fixed rate per variable, {@code x ← x − η ⊙ ∇f(x)}: the optimiser
 * the papers' own estimation code runs (Qiao et al. 2021's car, μ ← μ − 0.05·dL/dμ; DiffSDFSim's
 * system identification, SGD with one learning rate per quantity), kept so that their setups run as
 * they are. Each iteration is one evaluation with the gradient; iteration k records the loss at
 * x_k.
 */
public final class GradientDescent {
  private GradientDescent() {}

  /**
   * Minimises f from x0 until {@code stop} ends the run (or the loss is not finite).
   *
   * @param rate η, one per variable (a single number is used for all)
   * @param lower a bound each step is clamped to, one per variable, or null
   */
  public static Trace minimize(Objective f, double[] x0, double[] rate, double[] lower, Stop stop) {
    int n = x0.length;
    if (rate.length != n && rate.length != 1) {
      throw new IllegalArgumentException(
          "rate must hold 1 or " + n + " numbers, got " + rate.length);
    }
    if (lower != null && lower.length != n) {
      throw new IllegalArgumentException("lower must hold " + n + " numbers, got " + lower.length);
    }
    Run run = new Run("gd", f, x0, stop);
    double[] x = x0.clone(), g = new double[n];
    for (int k = 0; !run.record(k, run.gradient(x, g)); k++) {
      for (int i = 0; i < n; i++) {
        x[i] -= rate[rate.length == 1 ? 0 : i] * g[i];
        if (lower != null) {
          x[i] = Math.max(x[i], lower[i]);
        }
      }
    }
    return run.trace();
  }
}
