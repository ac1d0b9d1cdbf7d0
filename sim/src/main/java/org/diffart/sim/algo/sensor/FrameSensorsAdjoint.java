package org.diffart.sim.algo.sensor;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * Adjoints of the frame sensors' poses in {@link FrameSensors} ({@code frame}, {@code framePose},
 * {@code frameQuat}, {@code relativeVelocity}): the bars of a frame's origin, rotation and
 * quaternion, in the world or in a reference frame (MuJoCo's {@code reftype}), into the kinematics'
 * bars. Called by {@link SensorsAdjoint}, as {@link PointMotionAdjoint} is.
 */
final class FrameSensorsAdjoint {
  private FrameSensorsAdjoint() {}

  /**
   * Frame pose sensors: the bars of the frame's origin and rotation (quaternions through {@link
   * Quat#fromMat}) and, with a reference frame, of the reference's ({@code sensorPointBar}).
   */
  static void frame(Model m, Data d, DataBar b, int i) {
    double[] sb = b.sensordataBar, p = d.sensorPoint, w = b.scratch36, rb = b.sensorPointBar;
    int a = m.sensorAdr(i), obj = m.sensorObj(i), ro = m.sensorRefObj(i), r = FrameSensors.REF;
    FrameType f = m.sensorFrame(i), ref = m.sensorRefFrame(i);
    FrameSensors.framePose(m, d, i, p);
    java.util.Arrays.fill(w, 0, 12, 0);
    java.util.Arrays.fill(rb, 0, 12, 0);
    if (ref != FrameType.NONE) {
      FrameSensors.framePose(m, d, ref, ro, p, r);
    }
    switch (m.sensorType(i)) {
      case FRAMEPOS -> {
        if (ref == FrameType.NONE) {
          add3(w, 0, sb, a);
        } else {
          // out = R_rᵀ u, u = x − x_r
          for (int k = 0; k < 3; k++) {
            p[12 + k] = p[k] - p[r + k];
            w[12 + k] = 0;
          }
          Mat3.mulTransVecAdjoint(sb, a, p, r + 3, p, 12, rb, 3, w, 12);
          for (int k = 0; k < 3; k++) {
            w[k] += w[12 + k];
            rb[k] -= w[12 + k];
          }
        }
      }
      case FRAMEXAXIS, FRAMEYAXIS, FRAMEZAXIS -> {
        int col =
            m.sensorType(i) == SensorType.FRAMEXAXIS
                ? 0
                : m.sensorType(i) == SensorType.FRAMEYAXIS ? 1 : 2;
        if (ref == FrameType.NONE) {
          for (int k = 0; k < 3; k++) {
            w[3 + 3 * k + col] += sb[a + k];
          }
        } else {
          // out = R_rᵀ axis
          for (int k = 0; k < 3; k++) {
            p[12 + k] = p[3 + 3 * k + col];
            w[12 + k] = 0;
          }
          Mat3.mulTransVecAdjoint(sb, a, p, r + 3, p, 12, rb, 3, w, 12);
          for (int k = 0; k < 3; k++) {
            w[3 + 3 * k + col] += w[12 + k];
          }
        }
      }
      default -> {
        if (ref == FrameType.NONE) {
          frameQuatAdjoint(m, d, b, f, obj, sb, a, p, 0, w, 3, w, 12);
        } else {
          // out = c ⊗ q: c = q_r⁻¹ at p[r+16..], q at p[r+20..]; their bars at w[24..], w[28..]
          FrameSensors.frameQuat(m, d, f, obj, p, 0, p, r + 20);
          FrameSensors.frameQuat(m, d, ref, ro, p, r, p, r + 16);
          Quat.conjugate(p, r + 16, p, r + 16);
          java.util.Arrays.fill(w, 24, 32, 0);
          Quat.mulAdjoint(sb, a, p, r + 16, p, r + 20, w, 24, w, 28);
          Quat.conjugate(w, 24, w, 24);
          frameQuatAdjoint(m, d, b, f, obj, w, 28, p, 0, w, 3, w, 12);
          frameQuatAdjoint(m, d, b, ref, ro, w, 24, p, r, rb, 3, w, 12);
        }
      }
    }
    // the work above overwrote the frames' inertial parts: place them again
    FrameSensors.framePose(m, d, i, p);
    framePoseAdjoint(m, d, b, f, obj, 0, w, 0, w, 3);
    if (ref != FrameType.NONE) {
      FrameSensors.framePose(m, d, ref, ro, p, r);
      framePoseAdjoint(m, d, b, ref, ro, r, rb, 0, rb, 3);
    }
  }

  /**
   * Adjoint of {@link FrameSensors#frameQuat}: the bar {@code qb[qo..qo+3]} of frame (f, obj)'s
   * quaternion into {@code xquatBar} (body frames) or the bar {@code rotBar[rbo..]} of its rotation
   * matrix at {@code p[po+3..]} (geoms, sites); {@code t[to..to+7]} is work space.
   */
  private static void frameQuatAdjoint(
      Model m,
      Data d,
      DataBar b,
      FrameType f,
      int obj,
      double[] qb,
      int qo,
      double[] p,
      int po,
      double[] rotBar,
      int rbo,
      double[] t,
      int to) {
    if (f == FrameType.XBODY) {
      for (int k = 0; k < 4; k++) {
        b.xquatBar[4 * obj + k] += qb[qo + k];
      }
    } else if (f == FrameType.BODY) {
      // q = q_body ⊗ q_inertial
      for (int k = 0; k < 4; k++) {
        t[to + k] = m.bodyIquat(obj, k);
        t[to + 4 + k] = 0;
      }
      Quat.mulAdjoint(qb, qo, d.xquat, 4 * obj, t, to, b.xquatBar, 4 * obj, t, to + 4);
    } else {
      Quat.fromMatAdjoint(qb, qo, p, po + 3, rotBar, rbo, t, to);
    }
  }

  /**
   * Adjoint of the velocities relative to sensor i's reference frame ({@code FrameSensors}: {@code
   * R_rᵀ (ω − ω_r)}, {@code R_rᵀ (v − v_r + (x − x_r) × ω_r)}): from the sensor's bar into the bars
   * of the frame's ω and v ({@code scratch36[12..17]}) and origin ({@code [0..2]}), and through the
   * reference's motion and pose into the kinematics. Requires the frame's pose and velocities at
   * {@code sensorPoint[0..17]}.
   */
  static void relativeVelocity(Model m, Data d, DataBar b, int i) {
    double[] sb = b.sensordataBar, p = d.sensorPoint, w = b.scratch36, rb = b.sensorPointBar;
    int a = m.sensorAdr(i), ro = m.sensorRefObj(i), r = FrameSensors.REF;
    FrameType ref = m.sensorRefFrame(i);
    int body = FrameSensors.framePose(m, d, ref, ro, p, r);
    PointMotion.pointVelocity(m, d, body, p, r, p, r + 12);
    java.util.Arrays.fill(rb, 0, 28, 0);
    // r_x = x − x_r at p[r+18..], ω − ω_r at p[r+21..], v − v_r + r_x × ω_r at p[r+24..]
    for (int k = 0; k < 3; k++) {
      p[r + 18 + k] = p[k] - p[r + k];
      p[r + 21 + k] = p[12 + k] - p[r + 12 + k];
      p[r + 24 + k] = p[15 + k] - p[r + 15 + k];
    }
    FrameSensors.addCross(p, r + 24, p, r + 18, p, r + 12);
    if (m.sensorType(i) == SensorType.FRAMEANGVEL) {
      Mat3.mulTransVecAdjoint(sb, a, p, r + 3, p, r + 21, rb, 3, rb, 18);
      for (int k = 0; k < 3; k++) {
        w[12 + k] += rb[18 + k];
        rb[12 + k] -= rb[18 + k];
      }
    } else {
      // t = the bar of the relative linear velocity at rb[18..]; r_x's bar at rb[21..]
      Mat3.mulTransVecAdjoint(sb, a, p, r + 3, p, r + 24, rb, 3, rb, 18);
      for (int k = 0; k < 3; k++) {
        w[15 + k] += rb[18 + k];
        rb[15 + k] -= rb[18 + k];
      }
      // (r_x × ω_r): r_x̄ += ω_r × t, ω̄_r += t × r_x
      FrameSensors.addCross(rb, 21, p, r + 12, rb, 18);
      FrameSensors.addCross(rb, 12, rb, 18, p, r + 18);
      for (int k = 0; k < 3; k++) {
        w[k] += rb[21 + k];
        rb[k] -= rb[21 + k];
      }
    }
    PointMotionAdjoint.pointVelocity(m, d, b, body, p, r, rb, 12, rb, 0);
    FrameSensors.framePose(m, d, ref, ro, p, r);
    framePoseAdjoint(m, d, b, ref, ro, r, rb, 0, rb, 3);
  }

  /**
   * Adjoint of the frame pose of sensor i ({@link FrameSensors#framePose}, with p still holding
   * it): the bars of its origin {@code ob[oo..]} and rotation {@code rb[ro..]} (row-major) into the
   * site's, geom's or body's pose bars and, for a body's inertial frame, its centre of mass ({@code
   * bodyInertBar}).
   */
  static void framePoseAdjoint(
      Model m, Data d, DataBar b, int i, double[] ob, int oo, double[] rb, int ro) {
    framePoseAdjoint(m, d, b, m.sensorFrame(i), m.sensorObj(i), 0, ob, oo, rb, ro);
  }

  /**
   * Adjoint of {@link FrameSensors#framePose} of frame (f, obj) at {@code sensorPoint[po..]} (which
   * still holds it): as above.
   */
  private static void framePoseAdjoint(
      Model m,
      Data d,
      DataBar b,
      FrameType f,
      int obj,
      int po,
      double[] ob,
      int oo,
      double[] rb,
      int ro) {
    switch (f) {
      case SITE -> {
        add3(b.siteXposBar, 3 * obj, ob, oo);
        for (int k = 0; k < 9; k++) {
          b.siteXmatBar[9 * obj + k] += rb[ro + k];
        }
      }
      case GEOM -> {
        add3(b.geomXposBar, 3 * obj, ob, oo);
        for (int k = 0; k < 9; k++) {
          b.geomXmatBar[9 * obj + k] += rb[ro + k];
        }
      }
      case XBODY -> {
        add3(b.xposBar, 3 * obj, ob, oo);
        for (int k = 0; k < 9; k++) {
          b.xmatBar[9 * obj + k] += rb[ro + k];
        }
      }
      default -> {
        double[] p = d.sensorPoint;
        // R = X Q: X̄ += R̄ Qᵀ (Q at p[po+19..po+27])
        for (int r = 0; r < 3; r++) {
          for (int c = 0; c < 3; c++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) {
              sum += rb[ro + 3 * r + k] * p[po + 19 + 3 * c + k];
            }
            b.xmatBar[9 * obj + 3 * r + c] += sum;
          }
        }
        // origin = x + X l, l = h/m (h the first moment)
        add3(b.xposBar, 3 * obj, ob, oo);
        double[] lb = d.scratch6;
        lb[0] = 0;
        lb[1] = 0;
        lb[2] = 0;
        Mat3.mulVecAdjoint(ob, oo, d.xmat, 9 * obj, p, po + 12, b.xmatBar, 9 * obj, lb, 0);
        centreOfMassAdjoint(d, b, obj, lb, 0);
      }
    }
  }

  /**
   * The centre of mass {@code l = h/m} of body i (its local frame): its bar {@code lb[o..]} into
   * bodyInertBar.
   */
  static void centreOfMassAdjoint(Data d, DataBar b, int i, double[] lb, int o) {
    double mass = d.bodyInert[10 * i];
    if (!(mass > 0)) {
      return;
    }
    for (int k = 0; k < 3; k++) {
      b.bodyInertBar[10 * i + 1 + k] += lb[o + k] / mass;
      b.bodyInertBar[10 * i] -= lb[o + k] * d.bodyInert[10 * i + 1 + k] / (mass * mass);
    }
  }

  private static void add3(double[] to, int o, double[] from, int fo) {
    to[o] += from[fo];
    to[o + 1] += from[fo + 1];
    to[o + 2] += from[fo + 2];
  }
}
