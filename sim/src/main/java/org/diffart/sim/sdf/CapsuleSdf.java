package org.diffart.sim.sdf;

/**
 * A capsule along z about the origin, MuJoCo's: the points within {@code radius} of the segment
 * from {@code (0, 0, −l)} to {@code (0, 0, l)}. Exact: {@code φ = |x − (0, 0, clamp(z, −l, l))| −
 * r}; θ = (r, l).
 *
 * @param radius r, m
 * @param halfLength l, the segment's half-length, m
 */
public record CapsuleSdf(double radius, double halfLength) implements Sdf {
  @Override
  public double value(double[] x, int xo) {
    return gradient(new double[3], 0, x, xo);
  }

  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    double dz = x[xo + 2] - Math.max(-halfLength, Math.min(halfLength, x[xo + 2]));
    double n = Math.sqrt(x[xo] * x[xo] + x[xo + 1] * x[xo + 1] + dz * dz);
    if (n == 0) {
      grad[go] = 1; // on the segment: every radial direction is nearest
      grad[go + 1] = 0;
      grad[go + 2] = 0;
    } else {
      grad[go] = x[xo] / n;
      grad[go + 1] = x[xo + 1] / n;
      grad[go + 2] = dz / n;
    }
    return n - radius;
  }

  /**
   * Beside the segment {@code ∇²φ = (P − ggᵀ)/|d|} with P the projection across the axis; beyond an
   * end that of a sphere about the end, which moves with l: {@code ∂∇φ/∂l = −sign(z) ∇²φ e_z}.
   */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    double z = x[xo + 2], dz = z - Math.max(-halfLength, Math.min(halfLength, z));
    double n = Math.sqrt(x[xo] * x[xo] + x[xo + 1] * x[xo + 1] + dz * dz);
    if (n == 0) {
      java.util.Arrays.fill(hv, ho, ho + 3, 0);
      tv[to] = 0;
      tv[to + 1] = 0;
      return;
    }
    boolean cap = dz != 0;
    double gv = (x[xo] * v[vo] + x[xo + 1] * v[vo + 1] + dz * v[vo + 2]) / n;
    hv[ho] = (v[vo] - x[xo] / n * gv) / n;
    hv[ho + 1] = (v[vo + 1] - x[xo + 1] / n * gv) / n;
    hv[ho + 2] = cap ? (v[vo + 2] - dz / n * gv) / n : 0;
    tv[to] = 0;
    tv[to + 1] = cap ? -Math.signum(z) * hv[ho + 2] : 0;
  }

  @Override
  public double[] params() {
    return new double[] {radius, halfLength};
  }

  /** {@code ∂φ/∂r = −1}; {@code ∂φ/∂l = −|d_z|/|d|} beyond the segment's ends, 0 beside it. */
  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    double[] g = new double[3];
    gradient(g, 0, x, xo);
    out[oo] = -1;
    out[oo + 1] = -Math.abs(g[2]);
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new CapsuleSdf(theta[0], theta[1]);
  }

  @Override
  public double[] bounds() {
    double z = halfLength + radius;
    return new double[] {-radius, -radius, -z, radius, radius, z};
  }
}
