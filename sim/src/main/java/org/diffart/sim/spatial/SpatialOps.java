package org.diffart.sim.spatial;

/**
 * Spatial algebra on flat arrays with offsets, output first, in Featherstone's conventions (RBDA
 * 2008, ch. 2): motion and force vectors are 6 numbers {@code (angular; linear)}; a Plücker
 * transform from frame A to frame B is stored as the rotation {@code E} (9, row-major, A
 * coordinates to B coordinates) and the translation {@code r} (3, B's origin in A coordinates), so
 * that {@code X m = (E ω; E (v - r × ω))}. Here: transforms and cross products; rigid-body inertias
 * in {@link Inertia}, articulated inertias in {@link ArticulatedInertia}.
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
}
