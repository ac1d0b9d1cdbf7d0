package org.diffart.sim.optim;

/** Objectives with known minima for the optimiser tests. */
final class TestFunctions {
  private TestFunctions() {}

  /** Rosenbrock's valley in n dimensions: minimum 0 at (1, …, 1). */
  static final Objective ROSENBROCK =
      (x, g) -> {
        double f = 0;
        if (g != null) {
          java.util.Arrays.fill(g, 0);
        }
        for (int i = 0; i + 1 < x.length; i++) {
          double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
          f += 100 * a * a + b * b;
          if (g != null) {
            g[i] += -400 * a * x[i] - 2 * b;
            g[i + 1] += 200 * a;
          }
        }
        return f;
      };

  /** {@code Σ (i+1)/2 (x_i − c_i)²} with c_i = i − 2: minimum 0 at c, condition number n. */
  static final Objective QUADRATIC =
      (x, g) -> {
        double f = 0;
        for (int i = 0; i < x.length; i++) {
          double d = x[i] - (i - 2);
          f += 0.5 * (i + 1) * d * d;
          if (g != null) {
            g[i] = (i + 1) * d;
          }
        }
        return f;
      };

  static double distanceToQuadraticMinimum(double[] x) {
    double s = 0;
    for (int i = 0; i < x.length; i++) {
      s += (x[i] - (i - 2)) * (x[i] - (i - 2));
    }
    return Math.sqrt(s);
  }
}
