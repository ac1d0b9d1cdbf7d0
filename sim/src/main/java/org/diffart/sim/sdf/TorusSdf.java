package org.diffart.sim.sdf;

/**
 * A torus about the z axis, MuJoCo's {@code mujoco.sdf.torus}: the points within {@code tube} of
 * the circle of radius {@code ring} in the xy plane. Exact: with ρ the distance from the axis,
 * {@code φ = |(ρ − R, z)| − r}; θ = (R, r). Not convex: a rod across it rests on two points, a ball
 * smaller than its hole falls through, which its convex hull cannot tell.
 *
 * @param ring R, the radius of the tube's centre circle, m
 * @param tube r, the tube's radius, m (below R)
 */
public record TorusSdf(double ring, double tube) implements Sdf {
  /** Checks the tube lies inside the ring. */
  public TorusSdf {
    if (!(tube > 0 && tube < ring)) {
      throw new IllegalArgumentException(
          "a torus needs 0 < tube < ring, got ring " + ring + ", tube " + tube);
    }
  }

  @Override
  public double value(double[] x, int xo) {
    return gradient(new double[3], 0, x, xo);
  }

  /**
   * {@code ∇φ = u}, the unit vector from the nearest point of the centre circle; on the axis the +x
   * side's circle point is taken, on the circle itself +z.
   */
  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    double rho = Math.sqrt(x[xo] * x[xo] + x[xo + 1] * x[xo + 1]);
    double ex = rho > 0 ? x[xo] / rho : 1, ey = rho > 0 ? x[xo + 1] / rho : 0;
    double dr = rho - ring, dz = x[xo + 2], len = Math.sqrt(dr * dr + dz * dz);
    if (len == 0) {
      grad[go] = 0;
      grad[go + 1] = 0;
      grad[go + 2] = 1;
    } else {
      grad[go] = dr / len * ex;
      grad[go + 1] = dr / len * ey;
      grad[go + 2] = dz / len;
    }
    return len - tube;
  }

  /**
   * The distance to a circle: {@code ∇²φ = (I − uuᵀ − ttᵀ)/L + (u_ρ/ρ) ttᵀ} with t the circle's
   * tangent {@code e_z × e_ρ}, L the distance to the circle and {@code u_ρ = (ρ − R)/L}: across the
   * circle a point's, along it the gradient turning about the axis. Moving the circle outward by dR
   * moves the nearest point by {@code e_ρ dR}: {@code ∂∇φ/∂R = (u u_ρ − e_ρ)/L}; r does not turn
   * it.
   */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    double rho = Math.sqrt(x[xo] * x[xo] + x[xo + 1] * x[xo + 1]);
    double dr = rho - ring, dz = x[xo + 2], len = Math.sqrt(dr * dr + dz * dz);
    tv[to + 1] = 0;
    if (len == 0 || rho == 0) {
      java.util.Arrays.fill(hv, ho, ho + 3, 0);
      tv[to] = 0;
      return;
    }
    double ex = x[xo] / rho, ey = x[xo + 1] / rho, ur = dr / len;
    double[] u = {ur * ex, ur * ey, dz / len}, t = {-ey, ex, 0};
    double uv = u[0] * v[vo] + u[1] * v[vo + 1] + u[2] * v[vo + 2];
    double tvv = t[0] * v[vo] + t[1] * v[vo + 1];
    for (int i = 0; i < 3; i++) {
      hv[ho + i] = (v[vo + i] - u[i] * uv - t[i] * tvv) / len + ur / rho * t[i] * tvv;
    }
    double erv = ex * v[vo] + ey * v[vo + 1];
    tv[to] = (uv * ur - erv) / len;
  }

  @Override
  public double[] params() {
    return new double[] {ring, tube};
  }

  /** {@code ∂φ/∂R = −u_ρ}, {@code ∂φ/∂r = −1}. */
  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    double rho = Math.sqrt(x[xo] * x[xo] + x[xo + 1] * x[xo + 1]);
    double dr = rho - ring, len = Math.sqrt(dr * dr + x[xo + 2] * x[xo + 2]);
    out[oo] = len == 0 ? 0 : -dr / len;
    out[oo + 1] = -1;
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new TorusSdf(theta[0], theta[1]);
  }

  @Override
  public double[] bounds() {
    double s = ring + tube;
    return new double[] {-s, -s, -tube, s, s, tube};
  }
}
