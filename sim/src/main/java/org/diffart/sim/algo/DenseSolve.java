package org.diffart.sim.algo;

/** Small dense symmetric positive-definite solves (joint blocks of at most 6x6), allocation-free. */
final class DenseSolve {
  private DenseSolve() {}

  /**
   * Inverts the n×n SPD matrix {@code a} (row-major, destroyed: its lower triangle receives the Cholesky factor) into
   * {@code out[oo ..]} (row-major n×n). A non-positive pivot yields non-finite entries, caught by the step's checks.
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
    // columns of the inverse: solve L Lᵀ x = e_c
    for (int c = 0; c < n; c++) {
      for (int i = 0; i < n; i++) {
        double t = i == c ? 1 : 0;
        for (int k = 0; k < i; k++) {
          t -= a[n * i + k] * out[oo + n * k + c];
        }
        out[oo + n * i + c] = t / a[n * i + i];
      }
      for (int i = n - 1; i >= 0; i--) {
        double t = out[oo + n * i + c];
        for (int k = i + 1; k < n; k++) {
          t -= a[n * k + i] * out[oo + n * k + c];
        }
        out[oo + n * i + c] = t / a[n * i + i];
      }
    }
  }
}
