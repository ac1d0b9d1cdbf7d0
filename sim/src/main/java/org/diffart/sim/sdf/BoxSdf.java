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

  /**
   * Outside, over the axes beyond a face (q_k > 0), {@code ∂²φ/∂x_k∂x_l = s_k s_l (δ_kl − n_k
   * n_l)/|max(q, 0)|} (s the signs of x, n the unit excess) and {@code ∂∇φ/∂h_l = −s_l ∂∇φ/∂x_l};
   * inside the gradient is constant.
   */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    double[] h = {hx, hy, hz}, q = new double[3], s = new double[3];
    double outside = 0;
    for (int k = 0; k < 3; k++) {
      s[k] = x[xo + k] < 0 ? -1 : 1;
      q[k] = Math.max(Math.abs(x[xo + k]) - h[k], 0);
      outside += q[k] * q[k];
    }
    outside = Math.sqrt(outside);
    double nw = 0;
    for (int k = 0; k < 3; k++) {
      nw += outside > 0 ? q[k] / outside * s[k] * v[vo + k] : 0;
    }
    for (int k = 0; k < 3; k++) {
      double hvk =
          outside > 0 && q[k] > 0 ? s[k] * (s[k] * v[vo + k] - q[k] / outside * nw) / outside : 0;
      hv[ho + k] = hvk;
      tv[to + k] = -s[k] * hvk;
    }
  }

  /** No: inside, the largest of the faces' planes: its gradient jumps. */
  @Override
  public boolean smooth() {
    return false;
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
