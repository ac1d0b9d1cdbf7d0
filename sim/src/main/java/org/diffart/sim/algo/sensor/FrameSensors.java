package org.diffart.sim.algo.sensor;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * The frames frame sensors read ({@link Sensors}): a body's, inertial frame's, geom's or site's
 * pose and quaternion in {@code sensorPoint}, and the frame position, orientation, axes and
 * velocities in the world or in a reference frame (MuJoCo's {@code reftype}); adjoints in {@link
 * FrameSensorsAdjoint}.
 */
final class FrameSensors {
  private FrameSensors() {}

  /**
   * Position, orientation and axes of a frame sensor's frame, in the world or in its reference
   * frame (MuJoCo's {@code reftype}): {@code R_rᵀ (x − x_r)}, {@code R_rᵀ axis}, {@code q_r⁻¹ ⊗ q}.
   */
  static void frame(Model m, Data d, int i, double[] out, int a) {
    double[] p = d.sensorPoint;
    framePose(m, d, i, p);
    FrameType ref = m.sensorRefFrame(i);
    if (ref != FrameType.NONE) {
      framePose(m, d, ref, m.sensorRefObj(i), p, REF);
    }
    switch (m.sensorType(i)) {
      case FRAMEPOS -> {
        if (ref == FrameType.NONE) {
          System.arraycopy(p, 0, out, a, 3);
        } else {
          for (int k = 0; k < 3; k++) {
            p[12 + k] = p[k] - p[REF + k];
          }
          Mat3.mulTransVec(out, a, p, REF + 3, p, 12);
        }
      }
      case FRAMEXAXIS, FRAMEYAXIS, FRAMEZAXIS -> {
        int col =
            m.sensorType(i) == SensorType.FRAMEXAXIS
                ? 0
                : m.sensorType(i) == SensorType.FRAMEYAXIS ? 1 : 2;
        for (int r = 0; r < 3; r++) {
          p[12 + r] = p[3 + 3 * r + col];
        }
        if (ref == FrameType.NONE) {
          System.arraycopy(p, 12, out, a, 3);
        } else {
          Mat3.mulTransVec(out, a, p, REF + 3, p, 12);
        }
      }
      default -> {
        frameQuat(m, d, m.sensorFrame(i), m.sensorObj(i), p, 0, out, a);
        if (ref != FrameType.NONE) {
          // q_r⁻¹ ⊗ q, q_r at p[REF + 16..]
          frameQuat(m, d, ref, m.sensorRefObj(i), p, REF, p, REF + 16);
          Quat.conjugate(p, REF + 16, p, REF + 16);
          Quat.mul(out, a, p, REF + 16, out, a);
        }
      }
    }
  }

  /** Where a sensor's reference frame and its motion sit in {@code sensorPoint} [28]. */
  static final int REF = 28;

  /**
   * The unit quaternion of a frame whose pose {@link #framePose} put at {@code p[o..]}, into {@code
   * out[oo..oo+3]}: the body's for an xbody, the body's times its inertial frame's for a body, from
   * the rotation matrix for a geom or site (as MuJoCo); {@code p[o+12..o+15]} is work space.
   */
  static void frameQuat(
      Model m, Data d, FrameType f, int obj, double[] p, int o, double[] out, int oo) {
    if (f == FrameType.XBODY) {
      System.arraycopy(d.xquat, 4 * obj, out, oo, 4);
    } else if (f == FrameType.BODY) {
      for (int k = 0; k < 4; k++) {
        p[o + 12 + k] = m.bodyIquat(obj, k);
      }
      Quat.mul(out, oo, d.xquat, 4 * obj, p, o + 12);
    } else {
      Quat.fromMat(out, oo, p, o + 3);
    }
  }

  /**
   * The velocities {@code p[12..17]} (ω, v) of sensor i's frame relative to its reference frame, in
   * that frame, as MuJoCo 3.14: {@code R_rᵀ (ω − ω_r)} and {@code R_rᵀ (v − v_r + (x − x_r) ×
   * ω_r)}, with the reference's pose and motion at {@code p[REF..]}.
   */
  static void relativeVelocity(Model m, Data d, int i) {
    double[] p = d.sensorPoint;
    int body = framePose(m, d, m.sensorRefFrame(i), m.sensorRefObj(i), p, REF);
    PointMotion.pointVelocity(m, d, body, p, REF, p, REF + 12);
    for (int k = 0; k < 3; k++) {
      p[18 + k] = p[12 + k] - p[REF + 12 + k];
      p[21 + k] = p[15 + k] - p[REF + 15 + k];
      p[REF + 18 + k] = p[k] - p[REF + k];
    }
    addCross(p, 21, p, REF + 18, p, REF + 12);
    Mat3.mulTransVec(p, 12, p, REF + 3, p, 18);
    Mat3.mulTransVec(p, 15, p, REF + 3, p, 21);
  }

  /**
   * The frame a sensor reads: its origin into {@code p[0..2]}, its rotation (row-major, frame to
   * world) into {@code p[3..11]}; returns the body it is fixed to. Site sensors read their site.
   */
  static int framePose(Model m, Data d, int i, double[] p) {
    return framePose(m, d, m.sensorFrame(i), m.sensorObj(i), p, 0);
  }

  /**
   * The pose of frame (f, obj): its origin into {@code p[o..o+2]}, its rotation (row-major, frame
   * to world) into {@code p[o+3..o+11]}, with {@code p[o+12..o+27]} work space (a body's inertial
   * frame leaves its centre {@code l} at [o+12, o+15) and principal axes {@code Q} at [o+19,
   * o+28)); returns the body it is fixed to.
   */
  static int framePose(Model m, Data d, FrameType f, int obj, double[] p, int o) {
    if (f == FrameType.SITE) {
      System.arraycopy(d.siteXpos, 3 * obj, p, o, 3);
      System.arraycopy(d.siteXmat, 9 * obj, p, o + 3, 9);
      return m.siteBody(obj);
    }
    if (f == FrameType.GEOM) {
      System.arraycopy(d.geomXpos, 3 * obj, p, o, 3);
      System.arraycopy(d.geomXmat, 9 * obj, p, o + 3, 9);
      return m.geomBody(obj);
    }
    if (f == FrameType.XBODY) {
      System.arraycopy(d.xpos, 3 * obj, p, o, 3);
      System.arraycopy(d.xmat, 9 * obj, p, o + 3, 9);
      return obj;
    }
    // the inertial frame: centre of mass and principal axes
    double mass = d.bodyInert[10 * obj];
    for (int k = 0; k < 3; k++) {
      p[o + 12 + k] = mass > 0 ? d.bodyInert[10 * obj + 1 + k] / mass : m.bodyIpos(obj, k);
      p[o + 15 + k] = m.bodyIquat(obj, k);
    }
    p[o + 18] = m.bodyIquat(obj, 3);
    Mat3.mulVec(p, o, d.xmat, 9 * obj, p, o + 12);
    for (int k = 0; k < 3; k++) {
      p[o + k] += d.xpos[3 * obj + k];
    }
    Quat.toMat(p, o + 19, p, o + 15);
    Mat3.mul(p, o + 3, d.xmat, 9 * obj, p, o + 19);
    return obj;
  }

  /** {@code res += a × b} for 3-vectors. */
  static void addCross(double[] res, int ro, double[] a, int ao, double[] b, int bo) {
    res[ro] += a[ao + 1] * b[bo + 2] - a[ao + 2] * b[bo + 1];
    res[ro + 1] += a[ao + 2] * b[bo] - a[ao] * b[bo + 2];
    res[ro + 2] += a[ao] * b[bo + 1] - a[ao + 1] * b[bo];
  }
}
