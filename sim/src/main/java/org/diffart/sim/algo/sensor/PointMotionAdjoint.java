package org.diffart.sim.algo.sensor;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;

/** Adjoints of {@link PointMotion}. */
final class PointMotionAdjoint {
  private PointMotionAdjoint() {}

  /**
   * Adjoint of {@link PointMotion#pointVelocity}: from the bars {@code vb[vo..vo+5]} (ω, v) into
   * {@code bodyVelBar}, {@code xmatBar}, {@code xposBar} and the point's bar {@code pb[pbo..]}.
   */
  static void pointVelocity(
      Model m,
      Data d,
      DataBar b,
      int bd,
      double[] pt,
      int po,
      double[] vb,
      int vo,
      double[] pb,
      int pbo) {
    if (bd == 0) {
      return;
    }
    double[] t = d.scratch6;
    Mat3.mulVec(t, 0, d.xmat, 9 * bd, d.bodyVel, 6 * bd);
    double wx = t[0], wy = t[1], wz = t[2];
    // v += ω × r
    double[] g = b.scratch6;
    leverArm(d, b, bd, pt, po, wx, wy, wz, vb, vo + 3, vb, vo, g, pb, pbo);
    Mat3.mulVecAdjoint(
        g, 0, d.xmat, 9 * bd, d.bodyVel, 6 * bd, b.xmatBar, 9 * bd, b.bodyVelBar, 6 * bd);
    Mat3.mulVecAdjoint(
        vb,
        vo + 3,
        d.xmat,
        9 * bd,
        d.bodyVel,
        6 * bd + 3,
        b.xmatBar,
        9 * bd,
        b.bodyVelBar,
        6 * bd + 3);
  }

  /**
   * Adjoint of {@link PointMotion#pointAcceleration}: from the bars {@code ab[abo..abo+5]} (α, a)
   * into {@code rneaAccBar}, {@code xmatBar}, {@code xposBar}, the velocities' bars {@code
   * vb[vbo..]} and the point's {@code pb[pbo..]}.
   */
  static void pointAcceleration(
      Model m,
      Data d,
      DataBar b,
      int bd,
      double[] pt,
      int po,
      double[] vel,
      int vo,
      double[] ab,
      int abo,
      double[] vb,
      int vbo,
      double[] pb,
      int pbo) {
    if (bd == 0) {
      return;
    }
    double[] t = d.scratch6;
    Mat3.mulVec(t, 0, d.xmat, 9 * bd, d.rneaAcc, 6 * bd);
    double wx = vel[vo],
        wy = vel[vo + 1],
        wz = vel[vo + 2],
        vx = vel[vo + 3],
        vy = vel[vo + 4],
        vz = vel[vo + 5];
    double gx = ab[abo + 3], gy = ab[abo + 4], gz = ab[abo + 5];
    // a += α × r + ω × v: the lever arm α × r, then ω̄ += v × ā, v̄ += ā × ω
    double[] g = b.scratch6;
    leverArm(d, b, bd, pt, po, t[0], t[1], t[2], ab, abo + 3, ab, abo, g, pb, pbo);
    vb[vbo] += vy * gz - vz * gy;
    vb[vbo + 1] += vz * gx - vx * gz;
    vb[vbo + 2] += vx * gy - vy * gx;
    vb[vbo + 3] += gy * wz - gz * wy;
    vb[vbo + 4] += gz * wx - gx * wz;
    vb[vbo + 5] += gx * wy - gy * wx;
    Mat3.mulVecAdjoint(
        g, 0, d.xmat, 9 * bd, d.rneaAcc, 6 * bd, b.xmatBar, 9 * bd, b.rneaAccBar, 6 * bd);
    Mat3.mulVecAdjoint(
        ab,
        abo + 3,
        d.xmat,
        9 * bd,
        d.rneaAcc,
        6 * bd + 3,
        b.xmatBar,
        9 * bd,
        b.rneaAccBar,
        6 * bd + 3);
  }

  /**
   * Adjoint of a lever arm {@code u × r}, {@code r = p − x_bd} the point from body bd's origin,
   * whose bar is {@code xb[xo..]}: {@code ū = ub[uo..] + r × x̄} into {@code g[0..2]}; {@code r̄ =
   * x̄ × u} into the point's bar {@code pb[pbo..]} and, negated, the body's {@code xposBar}.
   */
  private static void leverArm(
      Data d,
      DataBar b,
      int bd,
      double[] pt,
      int po,
      double ux,
      double uy,
      double uz,
      double[] xb,
      int xo,
      double[] ub,
      int uo,
      double[] g,
      double[] pb,
      int pbo) {
    double rx = pt[po] - d.xpos[3 * bd],
        ry = pt[po + 1] - d.xpos[3 * bd + 1],
        rz = pt[po + 2] - d.xpos[3 * bd + 2];
    double gx = xb[xo], gy = xb[xo + 1], gz = xb[xo + 2];
    g[0] = ub[uo] + ry * gz - rz * gy;
    g[1] = ub[uo + 1] + rz * gx - rx * gz;
    g[2] = ub[uo + 2] + rx * gy - ry * gx;
    double sx = gy * uz - gz * uy, sy = gz * ux - gx * uz, sz = gx * uy - gy * ux;
    pb[pbo] += sx;
    pb[pbo + 1] += sy;
    pb[pbo + 2] += sz;
    b.xposBar[3 * bd] -= sx;
    b.xposBar[3 * bd + 1] -= sy;
    b.xposBar[3 * bd + 2] -= sz;
  }
}
