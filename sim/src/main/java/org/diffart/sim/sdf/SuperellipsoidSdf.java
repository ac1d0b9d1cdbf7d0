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

  /**
   * With {@code A = 1 − F^{−ε₁/2}}, {@code φ = rA}: {@code ∇²φ = ê∇Aᵀ + ∇Aêᵀ + A(I − êêᵀ)/r +
   * r∇²A}, {@code ∇²A = A_F ∇²F + A_FF ∇F∇Fᵀ}; the θ-derivative of ∇φ as the x-gradient of each
   * {@code ∂φ/∂θ_j = r(A_F ∂F/∂θ_j + ∂A/∂θ_j)}, term by term through u, v, w and S.
   */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    double r = Vec.norm(x, xo);
    java.util.Arrays.fill(hv, ho, ho + 3, 0);
    java.util.Arrays.fill(tv, to, to + 5, 0);
    if (r == 0) {
      return;
    }
    double px = x[xo], py = x[xo + 1], pz = x[xo + 2];
    double ax = Math.abs(px) / a1, ay = Math.abs(py) / a2, az = Math.abs(pz) / a3;
    double u = Math.pow(ax, 2 / e2), vv = Math.pow(ay, 2 / e2), w = Math.pow(az, 2 / e1);
    double s = u + vv, sp = s > 0 ? Math.pow(s, e2 / e1) : 0, f = sp + w;
    double p = Math.pow(f, -e1 / 2), big = 1 - p;
    double aF = (e1 / 2) * p / f, aFF = -(e1 / 2) * (e1 / 2 + 1) * p / (f * f);
    double dS = s > 0 ? (e2 / e1) * sp / s : 0;
    double d2S = s > 0 ? (e2 / e1) * (e2 / e1 - 1) * sp / (s * s) : 0;
    double lnS = s > 0 ? Math.log(s) : 0, spS = s > 0 ? sp / s : 0;
    double lx = ax > 0 ? Math.log(ax) : 0, ly = ay > 0 ? Math.log(ay) : 0;
    double lz = az > 0 ? Math.log(az) : 0;
    // first and second derivatives of u, v, w in their own coordinate
    double ux = px == 0 ? 0 : (2 / e2) * u / px, uxx = px == 0 ? 0 : (2 / e2 - 1) * ux / px;
    double vy = py == 0 ? 0 : (2 / e2) * vv / py, vyy = py == 0 ? 0 : (2 / e2 - 1) * vy / py;
    double wz = pz == 0 ? 0 : (2 / e1) * w / pz, wzz = pz == 0 ? 0 : (2 / e1 - 1) * wz / pz;
    double uOverX = px == 0 ? 0 : u / px, vOverY = py == 0 ? 0 : vv / py;
    double wOverZ = pz == 0 ? 0 : w / pz;
    double[] e = {px / r, py / r, pz / r}, gF = {dS * ux, dS * vy, wz};
    double[][] hF = {
      {d2S * ux * ux + dS * uxx, d2S * ux * vy, 0},
      {d2S * ux * vy, d2S * vy * vy + dS * vyy, 0},
      {0, 0, wzz}
    };
    double[] gA = new double[3];
    for (int k = 0; k < 3; k++) {
      gA[k] = aF * gF[k];
    }
    double ev = 0, gAv = 0, gFv = 0;
    for (int k = 0; k < 3; k++) {
      ev += e[k] * v[vo + k];
      gAv += gA[k] * v[vo + k];
      gFv += gF[k] * v[vo + k];
    }
    for (int k = 0; k < 3; k++) {
      double hFv = hF[k][0] * v[vo] + hF[k][1] * v[vo + 1] + hF[k][2] * v[vo + 2];
      hv[ho + k] =
          e[k] * gAv
              + gA[k] * ev
              + big * (v[vo + k] - e[k] * ev) / r
              + r * (aF * hFv + aFF * gF[k] * gFv);
    }
    // ∂F/∂θ_j and its x-gradient, for θ = (a₁, a₂, a₃, ε₁, ε₂)
    double[] fj = {
      -(2 / (e2 * a1)) * dS * u,
      -(2 / (e2 * a2)) * dS * vv,
      -(2 / (e1 * a3)) * w,
      -(e2 / (e1 * e1)) * sp * lnS - (2 / (e1 * e1)) * lz * w,
      sp * lnS / e1 - (2 / (e2 * e2)) * dS * (lx * u + ly * vv)
    };
    double spLn = dS * lnS + spS, mix = lx * u + ly * vv;
    double[][] gFj = {
      {-(2 / (e2 * a1)) * (d2S * ux * u + dS * ux), -(2 / (e2 * a1)) * d2S * vy * u, 0},
      {-(2 / (e2 * a2)) * d2S * ux * vv, -(2 / (e2 * a2)) * (d2S * vy * vv + dS * vy), 0},
      {0, 0, -(2 / (e1 * a3)) * wz},
      {
        -(e2 / (e1 * e1)) * spLn * ux,
        -(e2 / (e1 * e1)) * spLn * vy,
        -(2 / (e1 * e1)) * (wOverZ + lz * wz)
      },
      {
        spLn * ux / e1 - (2 / (e2 * e2)) * (d2S * ux * mix + dS * (uOverX + lx * ux)),
        spLn * vy / e1 - (2 / (e2 * e2)) * (d2S * vy * mix + dS * (vOverY + ly * vy)),
        0
      }
    };
    // ∂A/∂ε₁ at fixed F and its x-gradient
    double aE1 = 0.5 * p * Math.log(f), gAE1 = 0.5 * (p / f) * (1 - (e1 / 2) * Math.log(f));
    for (int j = 0; j < 5; j++) {
      double aj = j == 3 ? aE1 : 0, gaj = j == 3 ? gAE1 : 0, sum = 0;
      for (int k = 0; k < 3; k++) {
        double g =
            e[k] * (aF * fj[j] + aj) + r * (aFF * fj[j] * gF[k] + aF * gFj[j][k] + gaj * gF[k]);
        sum += g * v[vo + k];
      }
      tv[to + j] = sum;
    }
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
