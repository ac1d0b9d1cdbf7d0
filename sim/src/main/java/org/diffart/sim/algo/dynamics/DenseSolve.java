package org.diffart.sim.algo.dynamics;

/**
 * Small dense symmetric positive-definite solves (joint blocks of at most 6x6), allocation-free.
 */
final class DenseSolve {
  private DenseSolve() {}

  /**
   * Inverts the n×n SPD matrix {@code a} (row-major, destroyed: its lower triangle receives {@code
   * L⁻¹} of the Cholesky factor) into {@code out[oo ..]} (row-major n×n) as {@code L⁻ᵀ L⁻¹}. A
   * non-positive pivot yields non-finite entries, caught by the step's checks.
   */
  static void invertSpd(double[] a, int n, double[] out, int oo) {
    // a = L Lᵀ, L in the lower triangle
    for (int j = 0; j < n; j++) {
      double s = a[n * j + j];
      for (int k = 0; k < j; k++) {
        s -= a[n * j + k] * a[n * j + k];
      }
      double ljj = Math.sqrt(s);
      a[n * j + j] = ljj;
      for (int i = j + 1; i < n; i++) {
        double t = a[n * i + j];
        for (int k = 0; k < j; k++) {
          t -= a[n * i + k] * a[n * j + k];
        }
        a[n * i + j] = t / ljj;
      }
    }
    // L⁻¹ in place, column by column: (L⁻¹)_ic = -Σ_{c≤k<i} L_ik (L⁻¹)_kc / L_ii
    for (int c = 0; c < n; c++) {
      a[n * c + c] = 1 / a[n * c + c];
      for (int i = c + 1; i < n; i++) {
        double t = 0;
        for (int k = c; k < i; k++) {
          t -= a[n * i + k] * a[n * k + c];
        }
        a[n * i + c] = t / a[n * i + i];
      }
    }
    // a⁻¹ = L⁻ᵀ L⁻¹
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double t = 0;
        for (int k = i; k < n; k++) {
          t += a[n * k + i] * a[n * k + j];
        }
        out[oo + n * i + j] = t;
        out[oo + n * j + i] = t;
      }
    }
  }
}
