package org.diffart.sim.sdf;

/**
 * A sphere about the origin: {@code φ = |x| − r}, θ = (r). Exact.
 *
 * @param radius r, m
 */
public record SphereSdf(double radius) implements Sdf {
  @Override
  public double value(double[] x, int xo) {
    return Vec.norm(x, xo) - radius;
  }

  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    double n = Vec.norm(x, xo);
    if (n == 0) {
      grad[go] = 0;
      grad[go + 1] = 0;
      grad[go + 2] = 1; // any unit vector: the centre is equidistant from the whole surface
    } else {
      for (int k = 0; k < 3; k++) {
        grad[go + k] = x[xo + k] / n;
      }
    }
    return n - radius;
  }

  /** {@code ∇²φ = (I − ûûᵀ)/|x|}; the gradient does not depend on r. */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    double n = Vec.norm(x, xo);
    double uv = n == 0 ? 0 : Vec.dot(x, xo, v, vo) / n;
    for (int k = 0; k < 3; k++) {
      hv[ho + k] = n == 0 ? 0 : (v[vo + k] - x[xo + k] / n * uv) / n;
    }
    tv[to] = 0;
  }

  @Override
  public double[] params() {
    return new double[] {radius};
  }

  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    out[oo] = -1;
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new SphereSdf(theta[0]);
  }

  @Override
  public double[] bounds() {
    return new double[] {-radius, -radius, -radius, radius, radius, radius};
  }
}
