package org.diffart.sim.sdf;

/**
 * A superellipsoid about the origin (Barr 1981): semi-axes a and the shape exponents ε₁ (between
 * the z-sections) and ε₂ (within them); ε = 1 an ellipsoid, ε → 0 a box, ε = 2 an octahedron. Its
 * inside–outside function {@code F = ((|x|/a₁)^{2/ε₂} + (|y|/a₂)^{2/ε₂})^{ε₂/ε₁} + (|z|/a₃)^{2/ε₁}}
 * is 1 on the surface; the distance used is the radial one, {@code φ = |x| (1 − F^{−ε₁/2})}: the
 * signed distance to the surface along the ray from the centre, exact for a sphere, the same zero
 * set and sign as the true distance otherwise. θ = (a₁, a₂, a₃, ε₁, ε₂).
 *
 * @param a1 semi-axis along x, m
 * @param a2 semi-axis along y, m
 * @param a3 semi-axis along z, m
 * @param e1 ε₁
 * @param e2 ε₂
 */
public record SuperellipsoidSdf(double a1, double a2, double a3, double e1, double e2)
    implements Sdf {
  @Override
  public double value(double[] x, int xo) {
    return gradient(new double[3], 0, x, xo);
  }

  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    return eval(grad, go, null, 0, x, xo);
  }

  @Override
  public double[] params() {
    return new double[] {a1, a2, a3, e1, e2};
  }

  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    eval(new double[3], 0, out, oo, x, xo);
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new SuperellipsoidSdf(theta[0], theta[1], theta[2], theta[3], theta[4]);
  }

  @Override
  public double[] bounds() {
    return new double[] {-a1, -a2, -a3, a1, a2, a3};
  }

  /**
   * φ with ∇ₓφ, and ∂φ/∂θ when {@code pg} is not null, by the chain rule through u, v, w (the three
   * powers), {@code S = (u + v)^{ε₂/ε₁}} and F.
   */
  private double eval(double[] grad, int go, double[] pg, int po, double[] x, int xo) {
    double r = Vec.norm(x, xo);
    if (r == 0) {
      grad[go] = 0;
      grad[go + 1] = 0;
      grad[go + 2] = 0;
      if (pg != null) {
        java.util.Arrays.fill(pg, po, po + 5, 0);
      }
      return -Math.min(a1, Math.min(a2, a3));
    }
    double ax = Math.abs(x[xo]) / a1, ay = Math.abs(x[xo + 1]) / a2, az = Math.abs(x[xo + 2]) / a3;
    double u = Math.pow(ax, 2 / e2), v = Math.pow(ay, 2 / e2), w = Math.pow(az, 2 / e1);
    double s = u + v, sPow = s > 0 ? Math.pow(s, e2 / e1) : 0, f = sPow + w;
    double p = Math.pow(f, -e1 / 2);
    double phi = r * (1 - p);
    // ∂φ/∂F and ∂S/∂s
    double dPhiF = r * (e1 / 2) * p / f;
    double dSs = s > 0 ? (e2 / e1) * sPow / s : 0;
    double[] dudx = {
      x[xo] == 0 ? 0 : (2 / e2) * u / x[xo],
      x[xo + 1] == 0 ? 0 : (2 / e2) * v / x[xo + 1],
      x[xo + 2] == 0 ? 0 : (2 / e1) * w / x[xo + 2]
    };
    for (int k = 0; k < 3; k++) {
      double dF = k < 2 ? dSs * dudx[k] : dudx[2];
      grad[go + k] = x[xo + k] / r * (1 - p) + dPhiF * dF;
    }
    if (pg != null) {
      double lx = ax > 0 ? Math.log(ax) : 0, ly = ay > 0 ? Math.log(ay) : 0;
      double lz = az > 0 ? Math.log(az) : 0, ls = s > 0 ? Math.log(s) : 0;
      pg[po] = dPhiF * dSs * (-(2 / e2) * u / a1);
      pg[po + 1] = dPhiF * dSs * (-(2 / e2) * v / a2);
      pg[po + 2] = dPhiF * (-(2 / e1) * w / a3);
      // ε₁: in S's exponent, in w's, and in φ's own power of F
      double dFe1 = -sPow * (e2 / (e1 * e1)) * ls - (2 / (e1 * e1)) * lz * w;
      pg[po + 3] = dPhiF * dFe1 + r * 0.5 * Math.log(f) * p;
      // ε₂: in S's exponent and in u's and v's
      double dFe2 = sPow * ls / e1 + dSs * (-(2 / (e2 * e2))) * (lx * u + ly * v);
      pg[po + 4] = dPhiF * dFe2;
    }
    return phi;
  }
}
