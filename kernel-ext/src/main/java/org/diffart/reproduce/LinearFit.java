package org.diffart.reproduce;

/**
 * Least-squares line {@code y = a + b x} through points, and how far the points lie from it: the
 * largest residual relative to its point's y, and the share of the variance of y the line explains.
 *
 * @param a intercept
 * @param b slope
 * @param maxRelativeError {@code max |y_i - (a + b x_i)| / |y_i|}
 * @param r2 the coefficient of determination {@code 1 - Σ residual² / Σ (y_i - ȳ)²}
 */
record LinearFit(double a, double b, double maxRelativeError, double r2) {
  /** Fits xs to ys (at least two distinct x). */
  static LinearFit of(double[] xs, double[] ys) {
    int n = xs.length;
    double mx = 0, my = 0;
    for (int i = 0; i < n; i++) {
      mx += xs[i] / n;
      my += ys[i] / n;
    }
    double sxy = 0, sxx = 0;
    for (int i = 0; i < n; i++) {
      sxy += (xs[i] - mx) * (ys[i] - my);
      sxx += (xs[i] - mx) * (xs[i] - mx);
    }
    if (!(sxx > 0)) {
      throw new IllegalArgumentException("a line needs at least two distinct x");
    }
    double b = sxy / sxx, a = my - b * mx, err = 0, res = 0, tot = 0;
    for (int i = 0; i < n; i++) {
      double r = ys[i] - (a + b * xs[i]);
      err = Math.max(err, Math.abs(r) / Math.abs(ys[i]));
      res += r * r;
      tot += (ys[i] - my) * (ys[i] - my);
    }
    return new LinearFit(a, b, err, tot > 0 ? 1 - res / tot : 1);
  }

  /** The line at x. */
  double at(double x) {
    return a + b * x;
  }
}
