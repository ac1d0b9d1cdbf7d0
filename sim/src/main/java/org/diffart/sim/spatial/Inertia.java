package org.diffart.sim.spatial;

/**
 * Rigid-body inertias packed in 10 numbers {@code (m, h, I_o)}, {@code h = m c} and {@code I_o =
 * (xx, yy, zz, xy, xz, yz)} about the frame origin (RBDA 2008, § 2.13), in {@link SpatialOps}'
 * conventions: products with motion vectors, the force cross product of a body's momentum,
 * conversions to dense 6x6 and the congruence {@code Xᵀ I X}, each differentiated operation with
 * its adjoint beside it.
 */
public final class Inertia {
  private Inertia() {}

  /** res = I v for a packed rigid-body inertia: {@code (I_o ω + h × v; m v - h × ω)} (eq. 2.63). */
  public static void mulInertVec(double[] res, int ro, double[] in, int io, double[] v, int vo) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    double ixx = in[io + 4],
        iyy = in[io + 5],
        izz = in[io + 6],
        ixy = in[io + 7],
        ixz = in[io + 8],
        iyz = in[io + 9];
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    res[ro] = ixx * wx + ixy * wy + ixz * wz + hy * uz - hz * uy;
    res[ro + 1] = ixy * wx + iyy * wy + iyz * wz + hz * ux - hx * uz;
    res[ro + 2] = ixz * wx + iyz * wy + izz * wz + hx * uy - hy * ux;
    res[ro + 3] = m * ux - (hy * wz - hz * wy);
    res[ro + 4] = m * uy - (hz * wx - hx * wz);
    res[ro + 5] = m * uz - (hx * wy - hy * wx);
  }

  /** Adjoint of {@link #mulInertVec}: bars of the packed inertia (10) and of v (6). */
  public static void mulInertVecAdjoint(
      double[] resBar,
      int rbo,
      double[] in,
      int io,
      double[] v,
      int vo,
      double[] inBar,
      int ibo,
      double[] vBar,
      int vbo) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    double ixx = in[io + 4],
        iyy = in[io + 5],
        izz = in[io + 6],
        ixy = in[io + 7],
        ixz = in[io + 8],
        iyz = in[io + 9];
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    double n0 = resBar[rbo], n1 = resBar[rbo + 1], n2 = resBar[rbo + 2];
    double f0 = resBar[rbo + 3], f1 = resBar[rbo + 4], f2 = resBar[rbo + 5];
    // the 6x6 inertia is symmetric: v̄ += I r̄
    vBar[vbo] += ixx * n0 + ixy * n1 + ixz * n2 + hy * f2 - hz * f1;
    vBar[vbo + 1] += ixy * n0 + iyy * n1 + iyz * n2 + hz * f0 - hx * f2;
    vBar[vbo + 2] += ixz * n0 + iyz * n1 + izz * n2 + hx * f1 - hy * f0;
    vBar[vbo + 3] += m * f0 - (hy * n2 - hz * n1);
    vBar[vbo + 4] += m * f1 - (hz * n0 - hx * n2);
    vBar[vbo + 5] += m * f2 - (hx * n1 - hy * n0);
    // m̄ += f̄·u, h̄ += u × n̄ + f̄ × ω, Ī_o += sym(n̄ ωᵀ)
    inBar[ibo] += f0 * ux + f1 * uy + f2 * uz;
    inBar[ibo + 1] += (uy * n2 - uz * n1) + (f1 * wz - f2 * wy);
    inBar[ibo + 2] += (uz * n0 - ux * n2) + (f2 * wx - f0 * wz);
    inBar[ibo + 3] += (ux * n1 - uy * n0) + (f0 * wy - f1 * wx);
    inBar[ibo + 4] += n0 * wx;
    inBar[ibo + 5] += n1 * wy;
    inBar[ibo + 6] += n2 * wz;
    inBar[ibo + 7] += n0 * wy + n1 * wx;
    inBar[ibo + 8] += n0 * wz + n2 * wx;
    inBar[ibo + 9] += n1 * wz + n2 * wy;
  }

  /**
   * res = v ×* (I v), the velocity-product force of a rigid body with packed inertia I (RBDA eq.
   * 5.9).
   */
  public static void crossForceInertVec(
      double[] res, int ro, double[] in, int io, double[] v, int vo) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    double ixx = in[io + 4],
        iyy = in[io + 5],
        izz = in[io + 6],
        ixy = in[io + 7],
        ixz = in[io + 8],
        iyz = in[io + 9];
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    // (n; f) = I v
    double nx = ixx * wx + ixy * wy + ixz * wz + hy * uz - hz * uy;
    double ny = ixy * wx + iyy * wy + iyz * wz + hz * ux - hx * uz;
    double nz = ixz * wx + iyz * wy + izz * wz + hx * uy - hy * ux;
    double fx = m * ux - (hy * wz - hz * wy);
    double fy = m * uy - (hz * wx - hx * wz);
    double fz = m * uz - (hx * wy - hy * wx);
    res[ro] = wy * nz - wz * ny + uy * fz - uz * fy;
    res[ro + 1] = wz * nx - wx * nz + uz * fx - ux * fz;
    res[ro + 2] = wx * ny - wy * nx + ux * fy - uy * fx;
    res[ro + 3] = wy * fz - wz * fy;
    res[ro + 4] = wz * fx - wx * fz;
    res[ro + 5] = wx * fy - wy * fx;
  }

  /**
   * Adjoint of {@link #crossForceInertVec}: bars of the packed inertia (10) and of v (6); {@code
   * tmp} is scratch of 6 at offset to.
   */
  public static void crossForceInertVecAdjoint(
      double[] resBar,
      int rbo,
      double[] in,
      int io,
      double[] v,
      int vo,
      double[] inBar,
      int ibo,
      double[] vBar,
      int vbo,
      double[] tmp,
      int to) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    double ixx = in[io + 4],
        iyy = in[io + 5],
        izz = in[io + 6],
        ixy = in[io + 7],
        ixz = in[io + 8],
        iyz = in[io + 9];
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    double nx = ixx * wx + ixy * wy + ixz * wz + hy * uz - hz * uy;
    double ny = ixy * wx + iyy * wy + iyz * wz + hz * ux - hx * uz;
    double nz = ixz * wx + iyz * wy + izz * wz + hx * uy - hy * ux;
    double fx = m * ux - (hy * wz - hz * wy);
    double fy = m * uy - (hz * wx - hx * wz);
    double fz = m * uz - (hx * wy - hy * wx);
    double p0 = resBar[rbo], p1 = resBar[rbo + 1], p2 = resBar[rbo + 2];
    double q0 = resBar[rbo + 3], q1 = resBar[rbo + 4], q2 = resBar[rbo + 5];
    // res = (ω × n + u × f; ω × f) with (n; f) = I v
    vBar[vbo] += (ny * p2 - nz * p1) + (fy * q2 - fz * q1);
    vBar[vbo + 1] += (nz * p0 - nx * p2) + (fz * q0 - fx * q2);
    vBar[vbo + 2] += (nx * p1 - ny * p0) + (fx * q1 - fy * q0);
    vBar[vbo + 3] += fy * p2 - fz * p1;
    vBar[vbo + 4] += fz * p0 - fx * p2;
    vBar[vbo + 5] += fx * p1 - fy * p0;
    tmp[to] = p1 * wz - p2 * wy;
    tmp[to + 1] = p2 * wx - p0 * wz;
    tmp[to + 2] = p0 * wy - p1 * wx;
    tmp[to + 3] = (p1 * uz - p2 * uy) + (q1 * wz - q2 * wy);
    tmp[to + 4] = (p2 * ux - p0 * uz) + (q2 * wx - q0 * wz);
    tmp[to + 5] = (p0 * uy - p1 * ux) + (q0 * wy - q1 * wx);
    mulInertVecAdjoint(tmp, to, in, io, v, vo, inBar, ibo, vBar, vbo);
  }

  /**
   * Packs the rigid-body inertia of a body with mass {@code mass}, centre of mass {@code com} (3)
   * and principal moments {@code diag} (3) along the axes of the rotation {@code quat} (4): {@code
   * (m, m c, R diag Rᵀ + m (|c|² 1 - c cᵀ))} about the frame origin.
   */
  public static void inertFromPrincipal(
      double[] res,
      int ro,
      double mass,
      double[] com,
      int co,
      double[] quat,
      int qo,
      double[] diag,
      int dio) {
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
   * The upper triangle (row-major, row ≤ column) of {@link #inertToDense}; the lower triangle is
   * not written.
   */
  public static void inertToUpper(double[] res, int ro, double[] in, int io) {
    double m = in[io], hx = in[io + 1], hy = in[io + 2], hz = in[io + 3];
    res[ro] = in[io + 4];
    res[ro + 1] = in[io + 7];
    res[ro + 2] = in[io + 8];
    res[ro + 3] = 0;
    res[ro + 4] = -hz;
    res[ro + 5] = hy;
    res[ro + 7] = in[io + 5];
    res[ro + 8] = in[io + 9];
    res[ro + 9] = hz;
    res[ro + 10] = 0;
    res[ro + 11] = -hx;
    res[ro + 14] = in[io + 6];
    res[ro + 15] = -hy;
    res[ro + 16] = hx;
    res[ro + 17] = 0;
    res[ro + 21] = m;
    res[ro + 22] = 0;
    res[ro + 23] = 0;
    res[ro + 28] = m;
    res[ro + 29] = 0;
    res[ro + 35] = m;
  }

  /**
   * res += Xᵀ I X for a packed rigid-body inertia given in frame B: the same inertia expressed in
   * frame A (rotate by Eᵀ, then shift the origin by r: {@code I_o' = I_o - r× h× - (h + m r)× r×},
   * eq. 2.66).
   */
  public static void addTransformInertTranspose(
      double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] in, int io) {
    double m = in[io];
    // h_A = Eᵀ h
    double hx0 = in[io + 1], hy0 = in[io + 2], hz0 = in[io + 3];
    double hx = e[eo] * hx0 + e[eo + 3] * hy0 + e[eo + 6] * hz0;
    double hy = e[eo + 1] * hx0 + e[eo + 4] * hy0 + e[eo + 7] * hz0;
    double hz = e[eo + 2] * hx0 + e[eo + 5] * hy0 + e[eo + 8] * hz0;
    // Eᵀ I E, I symmetric: columns of I E, then the upper triangle of Eᵀ (I E)
    double a00 = in[io + 4],
        a11 = in[io + 5],
        a22 = in[io + 6],
        a01 = in[io + 7],
        a02 = in[io + 8],
        a12 = in[io + 9];
    double e00 = e[eo],
        e01 = e[eo + 1],
        e02 = e[eo + 2],
        e10 = e[eo + 3],
        e11 = e[eo + 4],
        e12 = e[eo + 5],
        e20 = e[eo + 6],
        e21 = e[eo + 7],
        e22 = e[eo + 8];
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

  /**
   * Adjoint of {@link #addTransformInertTranspose}: bars of E (9), r (3) and the packed inertia
   * (10).
   */
  public static void addTransformInertTransposeAdjoint(
      double[] resBar,
      int rbo,
      double[] e,
      int eo,
      double[] r,
      int rOff,
      double[] in,
      int io,
      double[] eBar,
      int ebo,
      double[] rBar,
      int rbOff,
      double[] inBar,
      int ibo) {
    double m = in[io], h0 = in[io + 1], h1 = in[io + 2], h2 = in[io + 3];
    double hx = e[eo] * h0 + e[eo + 3] * h1 + e[eo + 6] * h2;
    double hy = e[eo + 1] * h0 + e[eo + 4] * h1 + e[eo + 7] * h2;
    double hz = e[eo + 2] * h0 + e[eo + 5] * h1 + e[eo + 8] * h2;
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    double gx = hx + m * rx, gy = hy + m * ry, gz = hz + m * rz;
    double u00 = resBar[rbo + 4], u11 = resBar[rbo + 5], u22 = resBar[rbo + 6];
    double u01 = resBar[rbo + 7], u02 = resBar[rbo + 8], u12 = resBar[rbo + 9];
    // R = Eᵀ I E with the bars of its upper triangle: W symmetric, off-diagonal halves; Ī_o += E W
    // Eᵀ, Ē += 2 I E W
    double w00 = u00, w11 = u11, w22 = u22, w01 = 0.5 * u01, w02 = 0.5 * u02, w12 = 0.5 * u12;
    double a00 = in[io + 4],
        a11 = in[io + 5],
        a22 = in[io + 6],
        a01 = in[io + 7],
        a02 = in[io + 8],
        a12 = in[io + 9];
    double e00 = e[eo],
        e01 = e[eo + 1],
        e02 = e[eo + 2],
        e10 = e[eo + 3],
        e11 = e[eo + 4],
        e12 = e[eo + 5],
        e20 = e[eo + 6],
        e21 = e[eo + 7],
        e22 = e[eo + 8];
    // V = E W
    double v00 = e00 * w00 + e01 * w01 + e02 * w02,
        v01 = e00 * w01 + e01 * w11 + e02 * w12,
        v02 = e00 * w02 + e01 * w12 + e02 * w22;
    double v10 = e10 * w00 + e11 * w01 + e12 * w02,
        v11 = e10 * w01 + e11 * w11 + e12 * w12,
        v12 = e10 * w02 + e11 * w12 + e12 * w22;
    double v20 = e20 * w00 + e21 * w01 + e22 * w02,
        v21 = e20 * w01 + e21 * w11 + e22 * w12,
        v22 = e20 * w02 + e21 * w12 + e22 * w22;
    // Ē += 2 I V
    eBar[ebo] += 2 * (a00 * v00 + a01 * v10 + a02 * v20);
    eBar[ebo + 1] += 2 * (a00 * v01 + a01 * v11 + a02 * v21);
    eBar[ebo + 2] += 2 * (a00 * v02 + a01 * v12 + a02 * v22);
    eBar[ebo + 3] += 2 * (a01 * v00 + a11 * v10 + a12 * v20);
    eBar[ebo + 4] += 2 * (a01 * v01 + a11 * v11 + a12 * v21);
    eBar[ebo + 5] += 2 * (a01 * v02 + a11 * v12 + a12 * v22);
    eBar[ebo + 6] += 2 * (a02 * v00 + a12 * v10 + a22 * v20);
    eBar[ebo + 7] += 2 * (a02 * v01 + a12 * v11 + a22 * v21);
    eBar[ebo + 8] += 2 * (a02 * v02 + a12 * v12 + a22 * v22);
    // Ī_o += V Eᵀ, packed (an off-diagonal entry stands for both of its places)
    inBar[ibo + 4] += v00 * e00 + v01 * e01 + v02 * e02;
    inBar[ibo + 5] += v10 * e10 + v11 * e11 + v12 * e12;
    inBar[ibo + 6] += v20 * e20 + v21 * e21 + v22 * e22;
    inBar[ibo + 7] += 2 * (v00 * e10 + v01 * e11 + v02 * e12);
    inBar[ibo + 8] += 2 * (v00 * e20 + v01 * e21 + v02 * e22);
    inBar[ibo + 9] += 2 * (v10 * e20 + v11 * e21 + v12 * e22);
    // the shift: diagonal rh + rg - h_i r_i - r_i g_i, upper off-diagonal -h_i r_j - r_i g_j (h =
    // Eᵀ h_B, g = h + m r)
    double t = u00 + u11 + u22;
    double hbx = t * rx - u00 * rx - u01 * ry - u02 * rz;
    double hby = t * ry - u11 * ry - u12 * rz;
    double hbz = t * rz - u22 * rz;
    double gbx = resBar[rbo + 1] + t * rx - u00 * rx;
    double gby = resBar[rbo + 2] + t * ry - u11 * ry - u01 * rx;
    double gbz = resBar[rbo + 3] + t * rz - u22 * rz - u02 * rx - u12 * ry;
    double rbx = t * (hx + gx) - u00 * (hx + gx) - u01 * gy - u02 * gz;
    double rby = t * (hy + gy) - u11 * (hy + gy) - u01 * hx - u12 * gz;
    double rbz = t * (hz + gz) - u22 * (hz + gz) - u02 * hx - u12 * hy;
    // g = h + m r
    hbx += gbx;
    hby += gby;
    hbz += gbz;
    inBar[ibo] += resBar[rbo] + gbx * rx + gby * ry + gbz * rz;
    rBar[rbOff] += rbx + m * gbx;
    rBar[rbOff + 1] += rby + m * gby;
    rBar[rbOff + 2] += rbz + m * gbz;
    // h = Eᵀ h_B
    inBar[ibo + 1] += e00 * hbx + e01 * hby + e02 * hbz;
    inBar[ibo + 2] += e10 * hbx + e11 * hby + e12 * hbz;
    inBar[ibo + 3] += e20 * hbx + e21 * hby + e22 * hbz;
    eBar[ebo] += h0 * hbx;
    eBar[ebo + 1] += h0 * hby;
    eBar[ebo + 2] += h0 * hbz;
    eBar[ebo + 3] += h1 * hbx;
    eBar[ebo + 4] += h1 * hby;
    eBar[ebo + 5] += h1 * hbz;
    eBar[ebo + 6] += h2 * hbx;
    eBar[ebo + 7] += h2 * hby;
    eBar[ebo + 8] += h2 * hbz;
  }
}
