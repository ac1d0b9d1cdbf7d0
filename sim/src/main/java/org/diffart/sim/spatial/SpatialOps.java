package org.diffart.sim.spatial;

/**
 * Spatial algebra on flat arrays with offsets, output first, in Featherstone's conventions (RBDA
 * 2008, ch. 2): motion and force vectors are 6 numbers {@code (angular; linear)}; a Plücker
 * transform from frame A to frame B is stored as the rotation {@code E} (9, row-major, A
 * coordinates to B coordinates) and the translation {@code r} (3, B's origin in A coordinates), so
 * that {@code X m = (E ω; E (v - r × ω))}. Rigid-body inertias are packed in 10 numbers {@code (m,
 * h, I_o)} with {@code h = m c} and {@code I_o = (xx, yy, zz, xy, xz, yz)} about the frame origin;
 * articulated inertias are symmetric 6x6, row-major, and the kernels on them ({@link #mulSymVec},
 * {@link #addCongruence}) read and write only the upper triangle (row ≤ column).
 *
 * <p>The operations the step differentiates have their adjoint beside them ({@code xxxAdjoint}):
 * given the bar of the output, they accumulate ({@code +=}) into the bars of the inputs; bars never
 * alias each other or the inputs.
 *
 * <p>Outputs must not alias inputs unless a method says so. The same formulas appear line for line
 * in the OpenCL kernels. The articulated-inertia kernels use {@link Math#fma} (OpenCL {@code fma}):
 * the step is bound by floating-point throughput there, and a fused multiply-add is one instruction
 * and one rounding instead of two.
 */
public final class SpatialOps {
  private SpatialOps() {}

  // ---- transforms ----

  /** res = X m: a motion vector from frame A to frame B (eq. 2.24). */
  public static void transformMotion(
      double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] m, int mo) {
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

  /** Adjoint of {@link #transformMotion}: bars of E (9), r (3) and m (6). */
  public static void transformMotionAdjoint(
      double[] resBar,
      int rbo,
      double[] e,
      int eo,
      double[] r,
      int rOff,
      double[] m,
      int mo,
      double[] eBar,
      int ebo,
      double[] rBar,
      int rbOff,
      double[] mBar,
      int mbo) {
    double wx = m[mo], wy = m[mo + 1], wz = m[mo + 2];
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    double ux = m[mo + 3] - (ry * wz - rz * wy);
    double uy = m[mo + 4] - (rz * wx - rx * wz);
    double uz = m[mo + 5] - (rx * wy - ry * wx);
    double a0 = resBar[rbo], a1 = resBar[rbo + 1], a2 = resBar[rbo + 2];
    double l0 = resBar[rbo + 3], l1 = resBar[rbo + 4], l2 = resBar[rbo + 5];
    // Ē += r̄_ang ωᵀ + r̄_lin uᵀ
    eBar[ebo] += a0 * wx + l0 * ux;
    eBar[ebo + 1] += a0 * wy + l0 * uy;
    eBar[ebo + 2] += a0 * wz + l0 * uz;
    eBar[ebo + 3] += a1 * wx + l1 * ux;
    eBar[ebo + 4] += a1 * wy + l1 * uy;
    eBar[ebo + 5] += a1 * wz + l1 * uz;
    eBar[ebo + 6] += a2 * wx + l2 * ux;
    eBar[ebo + 7] += a2 * wy + l2 * uy;
    eBar[ebo + 8] += a2 * wz + l2 * uz;
    // ū = Eᵀ r̄_lin (u = v - r × ω): v̄ += ū, r̄ += ū × ω, ω̄ += Eᵀ r̄_ang + r × ū
    double bx = e[eo] * l0 + e[eo + 3] * l1 + e[eo + 6] * l2;
    double by = e[eo + 1] * l0 + e[eo + 4] * l1 + e[eo + 7] * l2;
    double bz = e[eo + 2] * l0 + e[eo + 5] * l1 + e[eo + 8] * l2;
    mBar[mbo] += e[eo] * a0 + e[eo + 3] * a1 + e[eo + 6] * a2 + (ry * bz - rz * by);
    mBar[mbo + 1] += e[eo + 1] * a0 + e[eo + 4] * a1 + e[eo + 7] * a2 + (rz * bx - rx * bz);
    mBar[mbo + 2] += e[eo + 2] * a0 + e[eo + 5] * a1 + e[eo + 8] * a2 + (rx * by - ry * bx);
    mBar[mbo + 3] += bx;
    mBar[mbo + 4] += by;
    mBar[mbo + 5] += bz;
    rBar[rbOff] += by * wz - bz * wy;
    rBar[rbOff + 1] += bz * wx - bx * wz;
    rBar[rbOff + 2] += bx * wy - by * wx;
  }

  /** res = X⁻¹ m: a motion vector from frame B back to frame A. */
  public static void transformMotionInverse(
      double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] m, int mo) {
    double wx = m[mo],
        wy = m[mo + 1],
        wz = m[mo + 2],
        vx = m[mo + 3],
        vy = m[mo + 4],
        vz = m[mo + 5];
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

  /**
   * res += Xᵀ f: a force vector from frame B to frame A, accumulated (eq. 2.25 inverse-transpose).
   */
  public static void addTransformForceTranspose(
      double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] f, int fo) {
    double nx = f[fo],
        ny = f[fo + 1],
        nz = f[fo + 2],
        fx = f[fo + 3],
        fy = f[fo + 4],
        fz = f[fo + 5];
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

  /**
   * Adjoint of {@link #addTransformForceTranspose}: bars of E (9), r (3) and f (6) from the bar of
   * res.
   */
  public static void addTransformForceTransposeAdjoint(
      double[] resBar,
      int rbo,
      double[] e,
      int eo,
      double[] r,
      int rOff,
      double[] f,
      int fo,
      double[] eBar,
      int ebo,
      double[] rBar,
      int rbOff,
      double[] fBar,
      int fbo) {
    double nx = f[fo],
        ny = f[fo + 1],
        nz = f[fo + 2],
        fx = f[fo + 3],
        fy = f[fo + 4],
        fz = f[fo + 5];
    double lx = e[eo] * fx + e[eo + 3] * fy + e[eo + 6] * fz;
    double ly = e[eo + 1] * fx + e[eo + 4] * fy + e[eo + 7] * fz;
    double lz = e[eo + 2] * fx + e[eo + 5] * fy + e[eo + 8] * fz;
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    double a0 = resBar[rbo], a1 = resBar[rbo + 1], a2 = resBar[rbo + 2];
    // l = Eᵀ f enters the angular part as r × l: l̄ = r̄_lin + r̄_ang × r, r̄ += l × r̄_ang
    double b0 = resBar[rbo + 3] + (a1 * rz - a2 * ry);
    double b1 = resBar[rbo + 4] + (a2 * rx - a0 * rz);
    double b2 = resBar[rbo + 5] + (a0 * ry - a1 * rx);
    rBar[rbOff] += ly * a2 - lz * a1;
    rBar[rbOff + 1] += lz * a0 - lx * a2;
    rBar[rbOff + 2] += lx * a1 - ly * a0;
    // a = Eᵀ n, l = Eᵀ f: Ē += n āᵀ + f l̄ᵀ, n̄ += E ā, f̄ += E l̄
    eBar[ebo] += nx * a0 + fx * b0;
    eBar[ebo + 1] += nx * a1 + fx * b1;
    eBar[ebo + 2] += nx * a2 + fx * b2;
    eBar[ebo + 3] += ny * a0 + fy * b0;
    eBar[ebo + 4] += ny * a1 + fy * b1;
    eBar[ebo + 5] += ny * a2 + fy * b2;
    eBar[ebo + 6] += nz * a0 + fz * b0;
    eBar[ebo + 7] += nz * a1 + fz * b1;
    eBar[ebo + 8] += nz * a2 + fz * b2;
    fBar[fbo] += e[eo] * a0 + e[eo + 1] * a1 + e[eo + 2] * a2;
    fBar[fbo + 1] += e[eo + 3] * a0 + e[eo + 4] * a1 + e[eo + 5] * a2;
    fBar[fbo + 2] += e[eo + 6] * a0 + e[eo + 7] * a1 + e[eo + 8] * a2;
    fBar[fbo + 3] += e[eo] * b0 + e[eo + 1] * b1 + e[eo + 2] * b2;
    fBar[fbo + 4] += e[eo + 3] * b0 + e[eo + 4] * b1 + e[eo + 5] * b2;
    fBar[fbo + 5] += e[eo + 6] * b0 + e[eo + 7] * b1 + e[eo + 8] * b2;
  }

  // ---- cross products ----

  /** res = v ×ₘ m, the motion cross product (eq. 2.31). */
  public static void crossMotion(double[] res, int ro, double[] v, int vo, double[] m, int mo) {
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    double ax = m[mo],
        ay = m[mo + 1],
        az = m[mo + 2],
        bx = m[mo + 3],
        by = m[mo + 4],
        bz = m[mo + 5];
    res[ro] = wy * az - wz * ay;
    res[ro + 1] = wz * ax - wx * az;
    res[ro + 2] = wx * ay - wy * ax;
    res[ro + 3] = wy * bz - wz * by + uy * az - uz * ay;
    res[ro + 4] = wz * bx - wx * bz + uz * ax - ux * az;
    res[ro + 5] = wx * by - wy * bx + ux * ay - uy * ax;
  }

  /** Adjoint of {@link #crossMotion}: bars of v (6) and m (6). */
  public static void crossMotionAdjoint(
      double[] resBar,
      int rbo,
      double[] v,
      int vo,
      double[] m,
      int mo,
      double[] vBar,
      int vbo,
      double[] mBar,
      int mbo) {
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    double ax = m[mo],
        ay = m[mo + 1],
        az = m[mo + 2],
        bx = m[mo + 3],
        by = m[mo + 4],
        bz = m[mo + 5];
    double p0 = resBar[rbo], p1 = resBar[rbo + 1], p2 = resBar[rbo + 2];
    double q0 = resBar[rbo + 3], q1 = resBar[rbo + 4], q2 = resBar[rbo + 5];
    // res = (ω × a; ω × b + u × a)
    vBar[vbo] += (ay * p2 - az * p1) + (by * q2 - bz * q1);
    vBar[vbo + 1] += (az * p0 - ax * p2) + (bz * q0 - bx * q2);
    vBar[vbo + 2] += (ax * p1 - ay * p0) + (bx * q1 - by * q0);
    vBar[vbo + 3] += ay * q2 - az * q1;
    vBar[vbo + 4] += az * q0 - ax * q2;
    vBar[vbo + 5] += ax * q1 - ay * q0;
    mBar[mbo] += (p1 * wz - p2 * wy) + (q1 * uz - q2 * uy);
    mBar[mbo + 1] += (p2 * wx - p0 * wz) + (q2 * ux - q0 * uz);
    mBar[mbo + 2] += (p0 * wy - p1 * wx) + (q0 * uy - q1 * ux);
    mBar[mbo + 3] += q1 * wz - q2 * wy;
    mBar[mbo + 4] += q2 * wx - q0 * wz;
    mBar[mbo + 5] += q0 * wy - q1 * wx;
  }

  /** res = v ×* f, the force cross product (eq. 2.32). */
  public static void crossForce(double[] res, int ro, double[] v, int vo, double[] f, int fo) {
    double wx = v[vo],
        wy = v[vo + 1],
        wz = v[vo + 2],
        ux = v[vo + 3],
        uy = v[vo + 4],
        uz = v[vo + 5];
    double nx = f[fo],
        ny = f[fo + 1],
        nz = f[fo + 2],
        fx = f[fo + 3],
        fy = f[fo + 4],
        fz = f[fo + 5];
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

  // ---- articulated inertia (symmetric 6x6, upper triangle) ----

  /**
   * res = A v for a symmetric 6x6 matrix of which only the upper triangle (row-major, row ≤ column)
   * is read.
   */
  public static void mulSymVec(double[] res, int ro, double[] a, int ao, double[] v, int vo) {
    double v0 = v[vo],
        v1 = v[vo + 1],
        v2 = v[vo + 2],
        v3 = v[vo + 3],
        v4 = v[vo + 4],
        v5 = v[vo + 5];
    double a00 = a[ao],
        a01 = a[ao + 1],
        a02 = a[ao + 2],
        a03 = a[ao + 3],
        a04 = a[ao + 4],
        a05 = a[ao + 5];
    double a11 = a[ao + 7], a12 = a[ao + 8], a13 = a[ao + 9], a14 = a[ao + 10], a15 = a[ao + 11];
    double a22 = a[ao + 14], a23 = a[ao + 15], a24 = a[ao + 16], a25 = a[ao + 17];
    double a33 = a[ao + 21], a34 = a[ao + 22], a35 = a[ao + 23];
    double a44 = a[ao + 28], a45 = a[ao + 29];
    double a55 = a[ao + 35];
    res[ro] =
        Math.fma(
            a00,
            v0,
            Math.fma(a01, v1, Math.fma(a02, v2, Math.fma(a03, v3, Math.fma(a04, v4, a05 * v5)))));
    res[ro + 1] =
        Math.fma(
            a01,
            v0,
            Math.fma(a11, v1, Math.fma(a12, v2, Math.fma(a13, v3, Math.fma(a14, v4, a15 * v5)))));
    res[ro + 2] =
        Math.fma(
            a02,
            v0,
            Math.fma(a12, v1, Math.fma(a22, v2, Math.fma(a23, v3, Math.fma(a24, v4, a25 * v5)))));
    res[ro + 3] =
        Math.fma(
            a03,
            v0,
            Math.fma(a13, v1, Math.fma(a23, v2, Math.fma(a33, v3, Math.fma(a34, v4, a35 * v5)))));
    res[ro + 4] =
        Math.fma(
            a04,
            v0,
            Math.fma(a14, v1, Math.fma(a24, v2, Math.fma(a34, v3, Math.fma(a44, v4, a45 * v5)))));
    res[ro + 5] =
        Math.fma(
            a05,
            v0,
            Math.fma(a15, v1, Math.fma(a25, v2, Math.fma(a35, v3, Math.fma(a45, v4, a55 * v5)))));
  }

  /**
   * A -= w uᵀ on the upper triangle of a 6x6 A, for downdates whose sum is symmetric: {@code I^a =
   * I^A - U D⁻¹ Uᵀ} one column of {@code W = U D⁻¹} at a time (for a single dof, {@code w = u /
   * D}).
   */
  public static void subOuterUpper(double[] a, int ao, double[] w, int wo, double[] u, int uo) {
    double w0 = w[wo],
        w1 = w[wo + 1],
        w2 = w[wo + 2],
        w3 = w[wo + 3],
        w4 = w[wo + 4],
        w5 = w[wo + 5];
    double u0 = u[uo],
        u1 = u[uo + 1],
        u2 = u[uo + 2],
        u3 = u[uo + 3],
        u4 = u[uo + 4],
        u5 = u[uo + 5];
    a[ao] = Math.fma(-w0, u0, a[ao]);
    a[ao + 1] = Math.fma(-w0, u1, a[ao + 1]);
    a[ao + 2] = Math.fma(-w0, u2, a[ao + 2]);
    a[ao + 3] = Math.fma(-w0, u3, a[ao + 3]);
    a[ao + 4] = Math.fma(-w0, u4, a[ao + 4]);
    a[ao + 5] = Math.fma(-w0, u5, a[ao + 5]);
    a[ao + 7] = Math.fma(-w1, u1, a[ao + 7]);
    a[ao + 8] = Math.fma(-w1, u2, a[ao + 8]);
    a[ao + 9] = Math.fma(-w1, u3, a[ao + 9]);
    a[ao + 10] = Math.fma(-w1, u4, a[ao + 10]);
    a[ao + 11] = Math.fma(-w1, u5, a[ao + 11]);
    a[ao + 14] = Math.fma(-w2, u2, a[ao + 14]);
    a[ao + 15] = Math.fma(-w2, u3, a[ao + 15]);
    a[ao + 16] = Math.fma(-w2, u4, a[ao + 16]);
    a[ao + 17] = Math.fma(-w2, u5, a[ao + 17]);
    a[ao + 21] = Math.fma(-w3, u3, a[ao + 21]);
    a[ao + 22] = Math.fma(-w3, u4, a[ao + 22]);
    a[ao + 23] = Math.fma(-w3, u5, a[ao + 23]);
    a[ao + 28] = Math.fma(-w4, u4, a[ao + 28]);
    a[ao + 29] = Math.fma(-w4, u5, a[ao + 29]);
    a[ao + 35] = Math.fma(-w5, u5, a[ao + 35]);
  }

  /**
   * res += Xᵀ A X for a dense symmetric 6x6 articulated inertia A in frame B, X the transform from
   * A to B. With {@code A = [[P, Q], [Qᵀ, R]]} rotated to frame A first ({@code P' = Eᵀ P E}, ...)
   * and {@code T = r×}: {@code [[P' - Q'T + T Q'ᵀ - T R' T, Q' + T R'], [·, R']]}. Reads and
   * updates only the upper triangles (row-major, row ≤ column) of {@code a} and {@code res}.
   * Generated, with fused multiply-adds, by the same script as the axis-aligned variants in {@code
   * algo.AxisCongruence}.
   */
  public static void addCongruence(
      double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] a, int ao) {
    // spotless:off
    // GENERATED by sim/tools/gen_congruence.py dense: do not edit; AxisCongruenceTest checks it is current.
    double e00 = e[eo], e01 = e[eo + 1], e02 = e[eo + 2];
    double e10 = e[eo + 3], e11 = e[eo + 4], e12 = e[eo + 5];
    double e20 = e[eo + 6], e21 = e[eo + 7], e22 = e[eo + 8];
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    // rotate the blocks of A = [[P, Q], [Qᵀ, R]]: P' = Eᵀ P E, Q' = Eᵀ Q E, R' = Eᵀ R E
    double p00 = a[ao], p01 = a[ao + 1], p02 = a[ao + 2];
    double p11 = a[ao + 7], p12 = a[ao + 8], p22 = a[ao + 14];
    double pt00 = Math.fma(p00, e00, Math.fma(p01, e10, p02 * e20));
    double pt01 = Math.fma(p00, e01, Math.fma(p01, e11, p02 * e21));
    double pt02 = Math.fma(p00, e02, Math.fma(p01, e12, p02 * e22));
    double pt10 = Math.fma(p01, e00, Math.fma(p11, e10, p12 * e20));
    double pt11 = Math.fma(p01, e01, Math.fma(p11, e11, p12 * e21));
    double pt12 = Math.fma(p01, e02, Math.fma(p11, e12, p12 * e22));
    double pt20 = Math.fma(p02, e00, Math.fma(p12, e10, p22 * e20));
    double pt21 = Math.fma(p02, e01, Math.fma(p12, e11, p22 * e21));
    double pt22 = Math.fma(p02, e02, Math.fma(p12, e12, p22 * e22));
    double pr00 = Math.fma(e00, pt00, Math.fma(e10, pt10, e20 * pt20));
    double pr01 = Math.fma(e00, pt01, Math.fma(e10, pt11, e20 * pt21));
    double pr02 = Math.fma(e00, pt02, Math.fma(e10, pt12, e20 * pt22));
    double pr11 = Math.fma(e01, pt01, Math.fma(e11, pt11, e21 * pt21));
    double pr12 = Math.fma(e01, pt02, Math.fma(e11, pt12, e21 * pt22));
    double pr22 = Math.fma(e02, pt02, Math.fma(e12, pt12, e22 * pt22));
    double q00 = a[ao + 3], q01 = a[ao + 4], q02 = a[ao + 5];
    double q10 = a[ao + 9], q11 = a[ao + 10], q12 = a[ao + 11];
    double q20 = a[ao + 15], q21 = a[ao + 16], q22 = a[ao + 17];
    double qt00 = Math.fma(q00, e00, Math.fma(q01, e10, q02 * e20));
    double qt01 = Math.fma(q00, e01, Math.fma(q01, e11, q02 * e21));
    double qt02 = Math.fma(q00, e02, Math.fma(q01, e12, q02 * e22));
    double qt10 = Math.fma(q10, e00, Math.fma(q11, e10, q12 * e20));
    double qt11 = Math.fma(q10, e01, Math.fma(q11, e11, q12 * e21));
    double qt12 = Math.fma(q10, e02, Math.fma(q11, e12, q12 * e22));
    double qt20 = Math.fma(q20, e00, Math.fma(q21, e10, q22 * e20));
    double qt21 = Math.fma(q20, e01, Math.fma(q21, e11, q22 * e21));
    double qt22 = Math.fma(q20, e02, Math.fma(q21, e12, q22 * e22));
    double qr00 = Math.fma(e00, qt00, Math.fma(e10, qt10, e20 * qt20));
    double qr01 = Math.fma(e00, qt01, Math.fma(e10, qt11, e20 * qt21));
    double qr02 = Math.fma(e00, qt02, Math.fma(e10, qt12, e20 * qt22));
    double qr10 = Math.fma(e01, qt00, Math.fma(e11, qt10, e21 * qt20));
    double qr11 = Math.fma(e01, qt01, Math.fma(e11, qt11, e21 * qt21));
    double qr12 = Math.fma(e01, qt02, Math.fma(e11, qt12, e21 * qt22));
    double qr20 = Math.fma(e02, qt00, Math.fma(e12, qt10, e22 * qt20));
    double qr21 = Math.fma(e02, qt01, Math.fma(e12, qt11, e22 * qt21));
    double qr22 = Math.fma(e02, qt02, Math.fma(e12, qt12, e22 * qt22));
    double s00 = a[ao + 21], s01 = a[ao + 22], s02 = a[ao + 23];
    double s11 = a[ao + 28], s12 = a[ao + 29], s22 = a[ao + 35];
    double st00 = Math.fma(s00, e00, Math.fma(s01, e10, s02 * e20));
    double st01 = Math.fma(s00, e01, Math.fma(s01, e11, s02 * e21));
    double st02 = Math.fma(s00, e02, Math.fma(s01, e12, s02 * e22));
    double st10 = Math.fma(s01, e00, Math.fma(s11, e10, s12 * e20));
    double st11 = Math.fma(s01, e01, Math.fma(s11, e11, s12 * e21));
    double st12 = Math.fma(s01, e02, Math.fma(s11, e12, s12 * e22));
    double st20 = Math.fma(s02, e00, Math.fma(s12, e10, s22 * e20));
    double st21 = Math.fma(s02, e01, Math.fma(s12, e11, s22 * e21));
    double st22 = Math.fma(s02, e02, Math.fma(s12, e12, s22 * e22));
    double sr00 = Math.fma(e00, st00, Math.fma(e10, st10, e20 * st20));
    double sr01 = Math.fma(e00, st01, Math.fma(e10, st11, e20 * st21));
    double sr02 = Math.fma(e00, st02, Math.fma(e10, st12, e20 * st22));
    double sr11 = Math.fma(e01, st01, Math.fma(e11, st11, e21 * st21));
    double sr12 = Math.fma(e01, st02, Math.fma(e11, st12, e21 * st22));
    double sr22 = Math.fma(e02, st02, Math.fma(e12, st12, e22 * st22));
    // shift by T = r×: Y = T R', Z = T Q'ᵀ
    double y00 = Math.fma(ry, sr02, -rz * sr01);
    double y10 = Math.fma(rz, sr00, -rx * sr02);
    double y20 = Math.fma(rx, sr01, -ry * sr00);
    double y01 = Math.fma(ry, sr12, -rz * sr11);
    double y11 = Math.fma(rz, sr01, -rx * sr12);
    double y21 = Math.fma(rx, sr11, -ry * sr01);
    double y02 = Math.fma(ry, sr22, -rz * sr12);
    double y12 = Math.fma(rz, sr02, -rx * sr22);
    double y22 = Math.fma(rx, sr12, -ry * sr02);
    double z00 = Math.fma(ry, qr02, -rz * qr01);
    double z10 = Math.fma(rz, qr00, -rx * qr02);
    double z20 = Math.fma(rx, qr01, -ry * qr00);
    double z01 = Math.fma(ry, qr12, -rz * qr11);
    double z11 = Math.fma(rz, qr10, -rx * qr12);
    double z21 = Math.fma(rx, qr11, -ry * qr10);
    double z02 = Math.fma(ry, qr22, -rz * qr21);
    double z12 = Math.fma(rz, qr20, -rx * qr22);
    double z22 = Math.fma(rx, qr21, -ry * qr20);
    // upper triangle of [[P' + Z + Zᵀ - Y T, Q' + Y], [·, R']]
    res[ro] += pr00 + z00 + z00 - Math.fma(y01, rz, -y02 * ry);
    res[ro + 1] += pr01 + z01 + z10 - Math.fma(y02, rx, -y00 * rz);
    res[ro + 2] += pr02 + z02 + z20 - Math.fma(y00, ry, -y01 * rx);
    res[ro + 7] += pr11 + z11 + z11 - Math.fma(y12, rx, -y10 * rz);
    res[ro + 8] += pr12 + z12 + z21 - Math.fma(y10, ry, -y11 * rx);
    res[ro + 14] += pr22 + z22 + z22 - Math.fma(y20, ry, -y21 * rx);
    res[ro + 3] += qr00 + y00;
    res[ro + 4] += qr01 + y01;
    res[ro + 5] += qr02 + y02;
    res[ro + 9] += qr10 + y10;
    res[ro + 10] += qr11 + y11;
    res[ro + 11] += qr12 + y12;
    res[ro + 15] += qr20 + y20;
    res[ro + 16] += qr21 + y21;
    res[ro + 17] += qr22 + y22;
    res[ro + 21] += sr00;
    res[ro + 22] += sr01;
    res[ro + 23] += sr02;
    res[ro + 28] += sr11;
    res[ro + 29] += sr12;
    res[ro + 35] += sr22;
    // END GENERATED
    // spotless:on
  }
}
