package org.diffart.sim.spatial;

/**
 * Spatial algebra on flat arrays with offsets, output first, in Featherstone's conventions (RBDA 2008, ch. 2): motion
 * and force vectors are 6 numbers {@code (angular; linear)}; a Plücker transform from frame A to frame B is stored as
 * the rotation {@code E} (9, row-major, A coordinates to B coordinates) and the translation {@code r} (3, B's origin in
 * A coordinates), so that {@code X m = (E ω; E (v - r × ω))}. Rigid-body inertias are packed in 10 numbers {@code (m,
 * h, I_o)} with {@code h = m c} and {@code I_o = (xx, yy, zz, xy, xz, yz)} about the frame origin; articulated
 * inertias are dense symmetric 6x6, row-major.
 *
 * <p>Outputs must not alias inputs unless a method says so. The same formulas appear line for line in the OpenCL
 * kernels.
 */
public final class SpatialOps {
  private SpatialOps() {}

  // ---- transforms ----

  /** res = X m: a motion vector from frame A to frame B (eq. 2.24). */
  public static void transformMotion(double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] m,
      int mo) {
    double wx = m[mo], wy = m[mo + 1], wz = m[mo + 2];
    // v - r × ω
    double vx = m[mo + 3] - (r[rOff + 1] * wz - r[rOff + 2] * wy);
    double vy = m[mo + 4] - (r[rOff + 2] * wx - r[rOff] * wz);
    double vz = m[mo + 5] - (r[rOff] * wy - r[rOff + 1] * wx);
    res[ro] = e[eo] * wx + e[eo + 1] * wy + e[eo + 2] * wz;
    res[ro + 1] = e[eo + 3] * wx + e[eo + 4] * wy + e[eo + 5] * wz;
    res[ro + 2] = e[eo + 6] * wx + e[eo + 7] * wy + e[eo + 8] * wz;
    res[ro + 3] = e[eo] * vx + e[eo + 1] * vy + e[eo + 2] * vz;
    res[ro + 4] = e[eo + 3] * vx + e[eo + 4] * vy + e[eo + 5] * vz;
    res[ro + 5] = e[eo + 6] * vx + e[eo + 7] * vy + e[eo + 8] * vz;
  }

  /** res = X⁻¹ m: a motion vector from frame B back to frame A. */
  public static void transformMotionInverse(double[] res, int ro, double[] e, int eo, double[] r, int rOff,
      double[] m, int mo) {
    double wx = m[mo], wy = m[mo + 1], wz = m[mo + 2], vx = m[mo + 3], vy = m[mo + 4], vz = m[mo + 5];
    double ax = e[eo] * wx + e[eo + 3] * wy + e[eo + 6] * wz;
    double ay = e[eo + 1] * wx + e[eo + 4] * wy + e[eo + 7] * wz;
    double az = e[eo + 2] * wx + e[eo + 5] * wy + e[eo + 8] * wz;
    double lx = e[eo] * vx + e[eo + 3] * vy + e[eo + 6] * vz;
    double ly = e[eo + 1] * vx + e[eo + 4] * vy + e[eo + 7] * vz;
    double lz = e[eo + 2] * vx + e[eo + 5] * vy + e[eo + 8] * vz;
    res[ro] = ax;
    res[ro + 1] = ay;
    res[ro + 2] = az;
    res[ro + 3] = lx + r[rOff + 1] * az - r[rOff + 2] * ay;
    res[ro + 4] = ly + r[rOff + 2] * ax - r[rOff] * az;
    res[ro + 5] = lz + r[rOff] * ay - r[rOff + 1] * ax;
  }

  /** res += Xᵀ f: a force vector from frame B to frame A, accumulated (eq. 2.25 inverse-transpose). */
  public static void addTransformForceTranspose(double[] res, int ro, double[] e, int eo, double[] r, int rOff,
      double[] f, int fo) {
    double nx = f[fo], ny = f[fo + 1], nz = f[fo + 2], fx = f[fo + 3], fy = f[fo + 4], fz = f[fo + 5];
    double ax = e[eo] * nx + e[eo + 3] * ny + e[eo + 6] * nz;
    double ay = e[eo + 1] * nx + e[eo + 4] * ny + e[eo + 7] * nz;
    double az = e[eo + 2] * nx + e[eo + 5] * ny + e[eo + 8] * nz;
    double lx = e[eo] * fx + e[eo + 3] * fy + e[eo + 6] * fz;
    double ly = e[eo + 1] * fx + e[eo + 4] * fy + e[eo + 7] * fz;
    double lz = e[eo + 2] * fx + e[eo + 5] * fy + e[eo + 8] * fz;
    res[ro] += ax + r[rOff + 1] * lz - r[rOff + 2] * ly;
    res[ro + 1] += ay + r[rOff + 2] * lx - r[rOff] * lz;
    res[ro + 2] += az + r[rOff] * ly - r[rOff + 1] * lx;
    res[ro + 3] += lx;
    res[ro + 4] += ly;
    res[ro + 5] += lz;
  }

  // ---- cross products ----

  /** res = v ×ₘ m, the motion cross product (eq. 2.31). */
  public static void crossMotion(double[] res, int ro, double[] v, int vo, double[] m, int mo) {
    double wx = v[vo], wy = v[vo + 1], wz = v[vo + 2], ux = v[vo + 3], uy = v[vo + 4], uz = v[vo + 5];
    double ax = m[mo], ay = m[mo + 1], az = m[mo + 2], bx = m[mo + 3], by = m[mo + 4], bz = m[mo + 5];
    res[ro] = wy * az - wz * ay;
    res[ro + 1] = wz * ax - wx * az;
    res[ro + 2] = wx * ay - wy * ax;
    res[ro + 3] = wy * bz - wz * by + uy * az - uz * ay;
    res[ro + 4] = wz * bx - wx * bz + uz * ax - ux * az;
    res[ro + 5] = wx * by - wy * bx + ux * ay - uy * ax;
  }

  /** res = v ×* f, the force cross product (eq. 2.32). */
  public static void crossForce(double[] res, int ro, double[] v, int vo, double[] f, int fo) {
    double wx = v[vo], wy = v[vo + 1], wz = v[vo + 2], ux = v[vo + 3], uy = v[vo + 4], uz = v[vo + 5];
    double nx = f[fo], ny = f[fo + 1], nz = f[fo + 2], fx = f[fo + 3], fy = f[fo + 4], fz = f[fo + 5];
    res[ro] = wy * nz - wz * ny + uy * fz - uz * fy;
    res[ro + 1] = wz * nx - wx * nz + uz * fx - ux * fz;
    res[ro + 2] = wx * ny - wy * nx + ux * fy - uy * fx;
    res[ro + 3] = wy * fz - wz * fy;
    res[ro + 4] = wz * fx - wx * fz;
    res[ro + 5] = wx * fy - wy * fx;
  }

  // ---- rigid-body inertia (10 numbers) ----

  /** res = I v for a packed rigid-body inertia: {@code (I_o ω + h × v; m v - h × ω)} (eq. 2.63). */
  public static void mulInertVec(double[] res, int ro, double[] in, int io, double[] v, int vo) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    double ixx = in[io + 4], iyy = in[io + 5], izz = in[io + 6], ixy = in[io + 7], ixz = in[io + 8],
        iyz = in[io + 9];
    double wx = v[vo], wy = v[vo + 1], wz = v[vo + 2], ux = v[vo + 3], uy = v[vo + 4], uz = v[vo + 5];
    res[ro] = ixx * wx + ixy * wy + ixz * wz + hy * uz - hz * uy;
    res[ro + 1] = ixy * wx + iyy * wy + iyz * wz + hz * ux - hx * uz;
    res[ro + 2] = ixz * wx + iyz * wy + izz * wz + hx * uy - hy * ux;
    res[ro + 3] = m * ux - (hy * wz - hz * wy);
    res[ro + 4] = m * uy - (hz * wx - hx * wz);
    res[ro + 5] = m * uz - (hx * wy - hy * wx);
  }

  /**
   * Packs the rigid-body inertia of a body with mass {@code mass}, centre of mass {@code com} (3) and principal moments
   * {@code diag} (3) along the axes of the rotation {@code quat} (4): {@code (m, m c, R diag Rᵀ + m (|c|² 1 - c cᵀ))}
   * about the frame origin.
   */
  public static void inertFromPrincipal(double[] res, int ro, double mass, double[] com, int co, double[] quat,
      int qo, double[] diag, int dio) {
    double w = quat[qo], x = quat[qo + 1], y = quat[qo + 2], z = quat[qo + 3];
    double n = Math.sqrt(w * w + x * x + y * y + z * z);
    w /= n;
    x /= n;
    y /= n;
    z /= n;
    // columns of R
    double r00 = 1 - 2 * (y * y + z * z), r01 = 2 * (x * y - w * z), r02 = 2 * (x * z + w * y);
    double r10 = 2 * (x * y + w * z), r11 = 1 - 2 * (x * x + z * z), r12 = 2 * (y * z - w * x);
    double r20 = 2 * (x * z - w * y), r21 = 2 * (y * z + w * x), r22 = 1 - 2 * (x * x + y * y);
    double d0 = diag[dio], d1 = diag[dio + 1], d2 = diag[dio + 2];
    double cx = com[co], cy = com[co + 1], cz = com[co + 2];
    res[ro] = mass;
    res[ro + 1] = mass * cx;
    res[ro + 2] = mass * cy;
    res[ro + 3] = mass * cz;
    res[ro + 4] = r00 * r00 * d0 + r01 * r01 * d1 + r02 * r02 * d2 + mass * (cy * cy + cz * cz);
    res[ro + 5] = r10 * r10 * d0 + r11 * r11 * d1 + r12 * r12 * d2 + mass * (cx * cx + cz * cz);
    res[ro + 6] = r20 * r20 * d0 + r21 * r21 * d1 + r22 * r22 * d2 + mass * (cx * cx + cy * cy);
    res[ro + 7] = r00 * r10 * d0 + r01 * r11 * d1 + r02 * r12 * d2 - mass * cx * cy;
    res[ro + 8] = r00 * r20 * d0 + r01 * r21 * d1 + r02 * r22 * d2 - mass * cx * cz;
    res[ro + 9] = r10 * r20 * d0 + r11 * r21 * d1 + r12 * r22 * d2 - mass * cy * cz;
  }

  /** Expands a packed rigid-body inertia into a dense symmetric 6x6. */
  public static void inertToDense(double[] res, int ro, double[] in, int io) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    // [[I_o, h×], [-h× , m 1]] with h× the cross-product matrix
    res[ro] = in[io + 4];
    res[ro + 1] = in[io + 7];
    res[ro + 2] = in[io + 8];
    res[ro + 3] = 0;
    res[ro + 4] = -hz;
    res[ro + 5] = hy;
    res[ro + 6] = in[io + 7];
    res[ro + 7] = in[io + 5];
    res[ro + 8] = in[io + 9];
    res[ro + 9] = hz;
    res[ro + 10] = 0;
    res[ro + 11] = -hx;
    res[ro + 12] = in[io + 8];
    res[ro + 13] = in[io + 9];
    res[ro + 14] = in[io + 6];
    res[ro + 15] = -hy;
    res[ro + 16] = hx;
    res[ro + 17] = 0;
    res[ro + 18] = 0;
    res[ro + 19] = hz;
    res[ro + 20] = -hy;
    res[ro + 21] = m;
    res[ro + 22] = 0;
    res[ro + 23] = 0;
    res[ro + 24] = -hz;
    res[ro + 25] = 0;
    res[ro + 26] = hx;
    res[ro + 27] = 0;
    res[ro + 28] = m;
    res[ro + 29] = 0;
    res[ro + 30] = hy;
    res[ro + 31] = -hx;
    res[ro + 32] = 0;
    res[ro + 33] = 0;
    res[ro + 34] = 0;
    res[ro + 35] = m;
  }

  /**
   * res += Xᵀ I X for a packed rigid-body inertia given in frame B: the same inertia expressed in frame A (rotate by
   * Eᵀ, then shift the origin by r: {@code I_o' = I_o - r× h× - (h + m r)× r×}, eq. 2.66).
   */
  public static void addTransformInertTranspose(double[] res, int ro, double[] e, int eo, double[] r, int rOff,
      double[] in, int io) {
    double m = in[io];
    // h_A = Eᵀ h
    double hx0 = in[io + 1], hy0 = in[io + 2], hz0 = in[io + 3];
    double hx = e[eo] * hx0 + e[eo + 3] * hy0 + e[eo + 6] * hz0;
    double hy = e[eo + 1] * hx0 + e[eo + 4] * hy0 + e[eo + 7] * hz0;
    double hz = e[eo + 2] * hx0 + e[eo + 5] * hy0 + e[eo + 8] * hz0;
    // Eᵀ I E, I symmetric: columns of I E, then the upper triangle of Eᵀ (I E)
    double a00 = in[io + 4], a11 = in[io + 5], a22 = in[io + 6], a01 = in[io + 7], a02 = in[io + 8],
        a12 = in[io + 9];
    double e00 = e[eo], e01 = e[eo + 1], e02 = e[eo + 2], e10 = e[eo + 3], e11 = e[eo + 4], e12 = e[eo + 5],
        e20 = e[eo + 6], e21 = e[eo + 7], e22 = e[eo + 8];
    double t00 = a00 * e00 + a01 * e10 + a02 * e20;
    double t10 = a01 * e00 + a11 * e10 + a12 * e20;
    double t20 = a02 * e00 + a12 * e10 + a22 * e20;
    double t01 = a00 * e01 + a01 * e11 + a02 * e21;
    double t11 = a01 * e01 + a11 * e11 + a12 * e21;
    double t21 = a02 * e01 + a12 * e11 + a22 * e21;
    double t02 = a00 * e02 + a01 * e12 + a02 * e22;
    double t12 = a01 * e02 + a11 * e12 + a12 * e22;
    double t22 = a02 * e02 + a12 * e12 + a22 * e22;
    double r00 = e00 * t00 + e10 * t10 + e20 * t20;
    double r01 = e00 * t01 + e10 * t11 + e20 * t21;
    double r02 = e00 * t02 + e10 * t12 + e20 * t22;
    double r11 = e01 * t01 + e11 * t11 + e21 * t21;
    double r12 = e01 * t02 + e11 * t12 + e21 * t22;
    double r22 = e02 * t02 + e12 * t12 + e22 * t22;
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    double gx = hx + m * rx, gy = hy + m * ry, gz = hz + m * rz;
    double rh = rx * hx + ry * hy + rz * hz;
    double rg = rx * gx + ry * gy + rz * gz;
    // -r×h× = (r·h)1 - h rᵀ ; -g×r× = (g·r)1 - r gᵀ
    res[ro] += m;
    res[ro + 1] += gx;
    res[ro + 2] += gy;
    res[ro + 3] += gz;
    res[ro + 4] += r00 + rh - hx * rx + rg - rx * gx;
    res[ro + 5] += r11 + rh - hy * ry + rg - ry * gy;
    res[ro + 6] += r22 + rh - hz * rz + rg - rz * gz;
    res[ro + 7] += r01 - hx * ry - rx * gy;
    res[ro + 8] += r02 - hx * rz - rx * gz;
    res[ro + 9] += r12 - hy * rz - ry * gz;
  }

  // ---- articulated inertia (dense 6x6) ----

  /** res = A v for a dense 6x6 matrix. */
  public static void mulMat6Vec(double[] res, int ro, double[] a, int ao, double[] v, int vo) {
    double v0 = v[vo], v1 = v[vo + 1], v2 = v[vo + 2], v3 = v[vo + 3], v4 = v[vo + 4], v5 = v[vo + 5];
    for (int i = 0; i < 6; i++) {
      int k = ao + 6 * i;
      res[ro + i] = a[k] * v0 + a[k + 1] * v1 + a[k + 2] * v2 + a[k + 3] * v3 + a[k + 4] * v4 + a[k + 5] * v5;
    }
  }

  /**
   * res += Xᵀ A X for a dense symmetric 6x6 articulated inertia A in frame B, X the transform from A to B. With
   * {@code A = [[P, Q], [Qᵀ, R]]} rotated to frame A first ({@code P' = Eᵀ P E}, ...) and {@code T = r×}: {@code
   * [[P' - Q'T + T Q'ᵀ - T R' T, Q' + T R'], [·, R']]}. Only the upper-left and upper-right blocks of {@code a} and
   * its lower-right upper triangle are read.
   */
  public static void addCongruence(double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] a,
      int ao) {
    // unrolled (generated): rotate the blocks, P' = Eᵀ P E, Q' = Eᵀ Q E, R' = Eᵀ R E, then shift by T = r×
    double e00 = e[eo + 0];
    double e01 = e[eo + 1];
    double e02 = e[eo + 2];
    double e10 = e[eo + 3];
    double e11 = e[eo + 4];
    double e12 = e[eo + 5];
    double e20 = e[eo + 6];
    double e21 = e[eo + 7];
    double e22 = e[eo + 8];
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    double p00 = a[ao + 0];
    double p01 = a[ao + 1];
    double p02 = a[ao + 2];
    double p11 = a[ao + 7];
    double p12 = a[ao + 8];
    double p22 = a[ao + 14];
    double pt00 = p00 * e00 + p01 * e10 + p02 * e20;
    double pt01 = p00 * e01 + p01 * e11 + p02 * e21;
    double pt02 = p00 * e02 + p01 * e12 + p02 * e22;
    double pt10 = p01 * e00 + p11 * e10 + p12 * e20;
    double pt11 = p01 * e01 + p11 * e11 + p12 * e21;
    double pt12 = p01 * e02 + p11 * e12 + p12 * e22;
    double pt20 = p02 * e00 + p12 * e10 + p22 * e20;
    double pt21 = p02 * e01 + p12 * e11 + p22 * e21;
    double pt22 = p02 * e02 + p12 * e12 + p22 * e22;
    double pr00 = e00 * pt00 + e10 * pt10 + e20 * pt20;
    double pr01 = e00 * pt01 + e10 * pt11 + e20 * pt21;
    double pr02 = e00 * pt02 + e10 * pt12 + e20 * pt22;
    double pr11 = e01 * pt01 + e11 * pt11 + e21 * pt21;
    double pr12 = e01 * pt02 + e11 * pt12 + e21 * pt22;
    double pr22 = e02 * pt02 + e12 * pt12 + e22 * pt22;
    double q00 = a[ao + 3];
    double q01 = a[ao + 4];
    double q02 = a[ao + 5];
    double q10 = a[ao + 9];
    double q11 = a[ao + 10];
    double q12 = a[ao + 11];
    double q20 = a[ao + 15];
    double q21 = a[ao + 16];
    double q22 = a[ao + 17];
    double qt00 = q00 * e00 + q01 * e10 + q02 * e20;
    double qt01 = q00 * e01 + q01 * e11 + q02 * e21;
    double qt02 = q00 * e02 + q01 * e12 + q02 * e22;
    double qt10 = q10 * e00 + q11 * e10 + q12 * e20;
    double qt11 = q10 * e01 + q11 * e11 + q12 * e21;
    double qt12 = q10 * e02 + q11 * e12 + q12 * e22;
    double qt20 = q20 * e00 + q21 * e10 + q22 * e20;
    double qt21 = q20 * e01 + q21 * e11 + q22 * e21;
    double qt22 = q20 * e02 + q21 * e12 + q22 * e22;
    double qr00 = e00 * qt00 + e10 * qt10 + e20 * qt20;
    double qr01 = e00 * qt01 + e10 * qt11 + e20 * qt21;
    double qr02 = e00 * qt02 + e10 * qt12 + e20 * qt22;
    double qr10 = e01 * qt00 + e11 * qt10 + e21 * qt20;
    double qr11 = e01 * qt01 + e11 * qt11 + e21 * qt21;
    double qr12 = e01 * qt02 + e11 * qt12 + e21 * qt22;
    double qr20 = e02 * qt00 + e12 * qt10 + e22 * qt20;
    double qr21 = e02 * qt01 + e12 * qt11 + e22 * qt21;
    double qr22 = e02 * qt02 + e12 * qt12 + e22 * qt22;
    double s00 = a[ao + 21];
    double s01 = a[ao + 22];
    double s02 = a[ao + 23];
    double s11 = a[ao + 28];
    double s12 = a[ao + 29];
    double s22 = a[ao + 35];
    double st00 = s00 * e00 + s01 * e10 + s02 * e20;
    double st01 = s00 * e01 + s01 * e11 + s02 * e21;
    double st02 = s00 * e02 + s01 * e12 + s02 * e22;
    double st10 = s01 * e00 + s11 * e10 + s12 * e20;
    double st11 = s01 * e01 + s11 * e11 + s12 * e21;
    double st12 = s01 * e02 + s11 * e12 + s12 * e22;
    double st20 = s02 * e00 + s12 * e10 + s22 * e20;
    double st21 = s02 * e01 + s12 * e11 + s22 * e21;
    double st22 = s02 * e02 + s12 * e12 + s22 * e22;
    double sr00 = e00 * st00 + e10 * st10 + e20 * st20;
    double sr01 = e00 * st01 + e10 * st11 + e20 * st21;
    double sr02 = e00 * st02 + e10 * st12 + e20 * st22;
    double sr11 = e01 * st01 + e11 * st11 + e21 * st21;
    double sr12 = e01 * st02 + e11 * st12 + e21 * st22;
    double sr22 = e02 * st02 + e12 * st12 + e22 * st22;
    double y00 = ry * sr02 - rz * sr01;
    double y10 = rz * sr00 - rx * sr02;
    double y20 = rx * sr01 - ry * sr00;
    double y01 = ry * sr12 - rz * sr11;
    double y11 = rz * sr01 - rx * sr12;
    double y21 = rx * sr11 - ry * sr01;
    double y02 = ry * sr22 - rz * sr12;
    double y12 = rz * sr02 - rx * sr22;
    double y22 = rx * sr12 - ry * sr02;
    double z00 = ry * qr02 - rz * qr01;
    double z10 = rz * qr00 - rx * qr02;
    double z20 = rx * qr01 - ry * qr00;
    double z01 = ry * qr12 - rz * qr11;
    double z11 = rz * qr10 - rx * qr12;
    double z21 = rx * qr11 - ry * qr10;
    double z02 = ry * qr22 - rz * qr21;
    double z12 = rz * qr20 - rx * qr22;
    double z22 = rx * qr21 - ry * qr20;
    double c00 = pr00 + z00 + z00 - (y01 * rz - y02 * ry);
    res[ro + 0] += c00;
    double c01 = pr01 + z01 + z10 - (y02 * rx - y00 * rz);
    res[ro + 1] += c01;
    res[ro + 6] += c01;
    double c02 = pr02 + z02 + z20 - (y00 * ry - y01 * rx);
    res[ro + 2] += c02;
    res[ro + 12] += c02;
    double c11 = pr11 + z11 + z11 - (y12 * rx - y10 * rz);
    res[ro + 7] += c11;
    double c12 = pr12 + z12 + z21 - (y10 * ry - y11 * rx);
    res[ro + 8] += c12;
    res[ro + 13] += c12;
    double c22 = pr22 + z22 + z22 - (y20 * ry - y21 * rx);
    res[ro + 14] += c22;
    double b00 = qr00 + y00;
    res[ro + 3] += b00;
    res[ro + 18] += b00;
    double b01 = qr01 + y01;
    res[ro + 4] += b01;
    res[ro + 24] += b01;
    double b02 = qr02 + y02;
    res[ro + 5] += b02;
    res[ro + 30] += b02;
    double b10 = qr10 + y10;
    res[ro + 9] += b10;
    res[ro + 19] += b10;
    double b11 = qr11 + y11;
    res[ro + 10] += b11;
    res[ro + 25] += b11;
    double b12 = qr12 + y12;
    res[ro + 11] += b12;
    res[ro + 31] += b12;
    double b20 = qr20 + y20;
    res[ro + 15] += b20;
    res[ro + 20] += b20;
    double b21 = qr21 + y21;
    res[ro + 16] += b21;
    res[ro + 26] += b21;
    double b22 = qr22 + y22;
    res[ro + 17] += b22;
    res[ro + 32] += b22;
    res[ro + 21] += sr00;
    res[ro + 22] += sr01;
    res[ro + 27] += sr01;
    res[ro + 23] += sr02;
    res[ro + 33] += sr02;
    res[ro + 28] += sr11;
    res[ro + 29] += sr12;
    res[ro + 34] += sr12;
    res[ro + 35] += sr22;

  }

}
