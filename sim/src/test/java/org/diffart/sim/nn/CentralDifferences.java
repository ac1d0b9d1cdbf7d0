package org.diffart.sim.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.DoubleSupplier;

/** Central differences of a scalar loss against an analytic gradient, entry by entry. */
public final class CentralDifferences {
  private CentralDifferences() {}

  /**
   * Perturbs each entry of {@code v} by ±1e-6 in place (restoring it) and asserts that the central
   * difference of {@code loss} matches {@code analytic} within {@code tolerance}.
   */
  public static void check(
      double[] v, double[] analytic, DoubleSupplier loss, double tolerance, String what) {
    double h = 1e-6;
    for (int i = 0; i < v.length; i++) {
      double keep = v[i];
      v[i] = keep + h;
      double up = loss.getAsDouble();
      v[i] = keep - h;
      double down = loss.getAsDouble();
      v[i] = keep;
      assertEquals((up - down) / (2 * h), analytic[i], tolerance, what + " " + i);
    }
  }
}
