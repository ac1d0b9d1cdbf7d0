package org.diffart.sim.sdf;

/**
 * A box about the origin with half-extents h, its exact distance: with {@code q = |x| − h}, {@code
 * φ = |max(q, 0)| + min(max_i q_i, 0)}; θ = h. Outside, the gradient is the direction from the
 * nearest surface point; inside, the normal of the nearest face.
 *
 * @param hx half-extent along x, m
 * @param hy half-extent along y, m
 * @param hz half-extent along z, m
 */
public record BoxSdf(double hx, double hy, double hz) implements Sdf {
  @Override
  public double value(double[] x, int xo) {
    return gradient(new double[3], 0, x, xo);
  }

  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    double[] h = {hx, hy, hz};
    double outside = 0, inside = Double.NEGATIVE_INFINITY;
    int nearest = 0;
    for (int k = 0; k < 3; k++) {
      double q = Math.abs(x[xo + k]) - h[k];
      if (q > 0) {
        outside += q * q;
      }
      if (q > inside) {
        inside = q;
        nearest = k;
      }
    }
    outside = Math.sqrt(outside);
    for (int k = 0; k < 3; k++) {
      double sign = x[xo + k] < 0 ? -1 : 1;
      double q = Math.abs(x[xo + k]) - h[k];
      grad[go + k] = outside > 0 ? (q > 0 ? sign * q / outside : 0) : (k == nearest ? sign : 0);
    }
    return outside > 0 ? outside : inside;
  }

  @Override
  public double[] params() {
    return new double[] {hx, hy, hz};
  }

  /** {@code ∂φ/∂h_k = −|∂φ/∂x_k|}: a face moved out by δ comes δ closer. */
  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    double[] g = new double[3];
    gradient(g, 0, x, xo);
    for (int k = 0; k < 3; k++) {
      out[oo + k] = -Math.abs(g[k]);
    }
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new BoxSdf(theta[0], theta[1], theta[2]);
  }

  @Override
  public double[] bounds() {
    return new double[] {-hx, -hy, -hz, hx, hy, hz};
  }
}
