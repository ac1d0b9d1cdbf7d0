package org.diffart.sim.sdf;

/** The few 3-vector operations the shapes need, on arrays at offsets. */
final class Vec {
  private Vec() {}

  static double norm(double[] x, int xo) {
    return Math.sqrt(x[xo] * x[xo] + x[xo + 1] * x[xo + 1] + x[xo + 2] * x[xo + 2]);
  }

  static double dot(double[] a, int ao, double[] b, int bo) {
    return a[ao] * b[bo] + a[ao + 1] * b[bo + 1] + a[ao + 2] * b[bo + 2];
  }

  /** res = a × b (res must not alias a or b). */
  static void cross(double[] res, int ro, double[] a, int ao, double[] b, int bo) {
    res[ro] = a[ao + 1] * b[bo + 2] - a[ao + 2] * b[bo + 1];
    res[ro + 1] = a[ao + 2] * b[bo] - a[ao] * b[bo + 2];
    res[ro + 2] = a[ao] * b[bo + 1] - a[ao + 1] * b[bo];
  }
}
