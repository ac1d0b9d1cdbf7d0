package org.diffart.sim.algo.constraint;

/**
 * LU factorisation with partial pivoting of a small dense n×n matrix in place (row-major at an
 * offset), and solves with it or its transpose; allocation-free, for the interior-point solver's
 * Newton systems.
 */
final class DenseLu {
  private DenseLu() {}

  /**
   * Factors {@code a[ao ..]} (n×n) into {@code P A = L U} in place: U on and above the diagonal, L
   * (unit diagonal) below; the row taken at step j in {@code piv[j]}. Returns false when a pivot is
   * exactly zero (the matrix is singular).
   */
  static boolean factor(double[] a, int ao, int n, int[] piv) {
    for (int j = 0; j < n; j++) {
      // the pivot: the largest entry of column j at or below the diagonal
      int p = j;
      double best = Math.abs(a[ao + n * j + j]);
      for (int i = j + 1; i < n; i++) {
        double v = Math.abs(a[ao + n * i + j]);
        if (v > best) {
          best = v;
          p = i;
        }
      }
      piv[j] = p;
      if (best == 0) {
        return false;
      }
      if (p != j) {
        for (int c = 0; c < n; c++) {
          double t = a[ao + n * j + c];
          a[ao + n * j + c] = a[ao + n * p + c];
          a[ao + n * p + c] = t;
        }
      }
      double inv = 1 / a[ao + n * j + j];
      for (int i = j + 1; i < n; i++) {
        double l = a[ao + n * i + j] * inv;
        a[ao + n * i + j] = l;
        if (l != 0) {
          for (int c = j + 1; c < n; c++) {
            a[ao + n * i + c] -= l * a[ao + n * j + c];
          }
        }
      }
    }
    return true;
  }

  /** Solves {@code A x = b} in place in {@code x[xo ..]} (n) with {@link #factor}'s result. */
  static void solve(double[] a, int ao, int n, int[] piv, double[] x, int xo) {
    // P b, then L y = P b, then U x = y
    for (int j = 0; j < n; j++) {
      int p = piv[j];
      if (p != j) {
        double t = x[xo + j];
        x[xo + j] = x[xo + p];
        x[xo + p] = t;
      }
    }
    for (int i = 1; i < n; i++) {
      double v = x[xo + i];
      for (int c = 0; c < i; c++) {
        v -= a[ao + n * i + c] * x[xo + c];
      }
      x[xo + i] = v;
    }
    for (int i = n - 1; i >= 0; i--) {
      double v = x[xo + i];
      for (int c = i + 1; c < n; c++) {
        v -= a[ao + n * i + c] * x[xo + c];
      }
      x[xo + i] = v / a[ao + n * i + i];
    }
  }
}
