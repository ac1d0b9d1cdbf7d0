package org.diffart.sim.algo.sensor;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;

/**
 * The world-frame velocity and acceleration of a point fixed to a body, from the body velocities
 * and RNEA's body accelerations: what the velocity, acceleration and subtree sensors read.
 */
final class PointMotion {
  private PointMotion() {}

  /**
   * The world-frame angular velocity and linear velocity of point {@code pt[po..]} fixed to body bd
   * into {@code out[o..o+5]}: {@code ω = X v_ang}, {@code v = X v_lin + ω × (p − x)} (zero on the
   * world), as {@link Sensors}.
   */
  static void pointVelocity(Model m, Data d, int bd, double[] pt, int po, double[] out, int o) {
    if (bd == 0) {
      java.util.Arrays.fill(out, o, o + 6, 0);
      return;
    }
    Mat3.mulVec(out, o, d.xmat, 9 * bd, d.bodyVel, 6 * bd);
    Mat3.mulVec(out, o + 3, d.xmat, 9 * bd, d.bodyVel, 6 * bd + 3);
    double rx = pt[po] - d.xpos[3 * bd],
        ry = pt[po + 1] - d.xpos[3 * bd + 1],
        rz = pt[po + 2] - d.xpos[3 * bd + 2];
    double wx = out[o], wy = out[o + 1], wz = out[o + 2];
    out[o + 3] += wy * rz - wz * ry;
    out[o + 4] += wz * rx - wx * rz;
    out[o + 5] += wx * ry - wy * rx;
  }

  /**
   * The world-frame angular and linear acceleration of point {@code pt[po..]} fixed to body bd into
   * {@code out[o..o+5]}, from its velocities {@code vel[vo..vo+5]} ({@link #pointVelocity}) and the
   * body accelerations {@code rneaAcc}: {@code α = X a_ang}, {@code a = X a_lin + α × r + ω × v}
   * (gravity on the world), as {@link Sensors}.
   */
  static void pointAcceleration(
      Model m, Data d, int bd, double[] pt, int po, double[] vel, int vo, double[] out, int o) {
    if (bd == 0) {
      for (int k = 0; k < 3; k++) {
        out[o + k] = 0;
        out[o + 3 + k] = -m.opt().gravity(k);
      }
      return;
    }
    Mat3.mulVec(out, o, d.xmat, 9 * bd, d.rneaAcc, 6 * bd);
    Mat3.mulVec(out, o + 3, d.xmat, 9 * bd, d.rneaAcc, 6 * bd + 3);
    double rx = pt[po] - d.xpos[3 * bd],
        ry = pt[po + 1] - d.xpos[3 * bd + 1],
        rz = pt[po + 2] - d.xpos[3 * bd + 2];
    double ax = out[o], ay = out[o + 1], az = out[o + 2];
    double wx = vel[vo],
        wy = vel[vo + 1],
        wz = vel[vo + 2],
        vx = vel[vo + 3],
        vy = vel[vo + 4],
        vz = vel[vo + 5];
    out[o + 3] += ay * rz - az * ry + wy * vz - wz * vy;
    out[o + 4] += az * rx - ax * rz + wz * vx - wx * vz;
    out[o + 5] += ax * ry - ay * rx + wx * vy - wy * vx;
  }
}
