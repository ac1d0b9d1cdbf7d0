package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * Adjoint of {@link Sensors} for the sensors of the position and velocity stages and the actuator forces: joint,
 * tendon and actuator readings, frame poses and axes, frame velocities, gyro, velocimeter, subtree centre of mass and
 * its velocity. From {@code sensordataBar} it accumulates into the bars of the state ({@code qposBar, qvelBar}), of
 * the body, site and geom poses, the body velocities, the tendons, the actuator forces and the body inertias, which
 * the rest of the step's adjoint carries on ({@link StepAdjoint#dynamics}). A value held at its cutoff passes no
 * gradient. The sensors of the acceleration stage (accelerometer, force, torque, frame accelerations), touch and the
 * rangefinder have no adjoint yet: {@link #unsupported} names the first of them.
 */
public final class SensorsAdjoint {
  private SensorsAdjoint() {}

  /** Whether sensor type t has an adjoint here. */
  public static boolean supported(SensorType t) {
    return switch (t) {
      case ACCELEROMETER, FORCE, TORQUE, FRAMELINACC, FRAMEANGACC, TOUCH, RANGEFINDER -> false;
      default -> true;
    };
  }

  /** The first sensor of m without an adjoint, as {@code type 'name'}, or null when every one has it. */
  public static String unsupported(Model m) {
    for (int i = 0; i < m.nsensor(); i++) {
      if (!supported(m.sensorType(i))) {
        return m.sensorType(i).mjcfName() + " '" + m.sensorName(i) + "'";
      }
    }
    return null;
  }

  /**
   * Consumes {@code sensordataBar}. Requires the forward quantities of the step the sensors read (the kinematics and
   * velocities of {@link Step#dynamics}); recomputes the sensors themselves.
   *
   * @throws UnsupportedOperationException when a sensor without an adjoint has a bar
   */
  public static void compute(Model m, Data d, DataBar b) {
    double[] sb = b.sensordataBar;
    boolean any = false;
    for (double x : sb) {
      any |= x != 0;
    }
    if (!any) {
      return;
    }
    for (int i = 0; i < m.nsensor(); i++) {
      if (!supported(m.sensorType(i)) && nonzero(sb, m.sensorAdr(i), m.sensorDim(i))) {
        throw new UnsupportedOperationException("sensor " + i + " (" + m.sensorType(i).mjcfName() + " '"
            + m.sensorName(i) + "') has no adjoint: differentiate it by finite differences (--method fd)");
      }
    }
    Sensors.compute(m, d);
    for (int i = 0; i < m.nsensor(); i++) {
      int a = m.sensorAdr(i), n = m.sensorDim(i);
      cutoff(m, d, b, i);
      if (nonzero(sb, a, n)) {
        sensor(m, d, b, i);
      }
      java.util.Arrays.fill(sb, a, a + n, 0);
    }
  }

  private static boolean nonzero(double[] x, int o, int n) {
    for (int k = o; k < o + n; k++) {
      if (x[k] != 0) {
        return true;
      }
    }
    return false;
  }

  /** A value the cutoff clamped passes no gradient (MuJoCo's clamp, see {@code Sensors}). */
  private static void cutoff(Model m, Data d, DataBar b, int i) {
    double c = Sensors.cutoffLimit(m, i);
    if (c > 0) {
      for (int k = m.sensorAdr(i); k < m.sensorAdr(i) + m.sensorDim(i); k++) {
        if (d.sensordata[k] >= c || d.sensordata[k] <= -c) {
          b.sensordataBar[k] = 0;
        }
      }
    }
  }

  private static void sensor(Model m, Data d, DataBar b, int i) {
    double[] sb = b.sensordataBar, p = d.sensorPoint, w = b.scratch36;
    int a = m.sensorAdr(i), obj = m.sensorObj(i);
    switch (m.sensorType(i)) {
      case JOINTPOS -> b.qposBar[m.jntQposAdr(obj)] += sb[a];
      case JOINTVEL -> b.qvelBar[m.jntDofAdr(obj)] += sb[a];
      case TENDONPOS -> tendonLength(m, b, obj, sb[a]);
      case TENDONVEL -> tendonVelocity(m, d, b, obj, sb[a]);
      case ACTUATORFRC -> b.actuatorForceBar[obj] += sb[a];
      case SUBTREECOM, SUBTREELINVEL -> subtree(m, d, b, obj, sb, a, m.sensorType(i) == SensorType.SUBTREELINVEL);
      case FRAMEPOS, FRAMEXAXIS, FRAMEYAXIS, FRAMEZAXIS, FRAMEQUAT -> frame(m, d, b, i);
      default -> {
        // a point's velocity: p[0..2] the point, p[3..11] its frame; w[0..11] the bars of the frame's origin and
        // rotation, w[12..17] those of ω and of the point's velocity
        int body = Sensors.framePose(m, d, i, p);
        java.util.Arrays.fill(w, 0, 18, 0);
        double[] mo = w;
        // ω and v_p into p[12..17]
        pointVelocity(m, d, body, p, 0, p, 12);
        switch (m.sensorType(i)) {
          case GYRO -> Mat3.mulTransVecAdjoint(sb, a, p, 3, p, 12, mo, 3, mo, 12);
          case VELOCIMETER -> Mat3.mulTransVecAdjoint(sb, a, p, 3, p, 15, mo, 3, mo, 15);
          case FRAMEANGVEL -> add3(mo, 12, sb, a);
          case FRAMELINVEL -> add3(mo, 15, sb, a);
          default -> throw new IllegalStateException("sensor type " + m.sensorType(i));
        }
        pointVelocityAdjoint(m, d, b, body, p, 0, mo, 12, mo, 0);
        // the velocities overwrote the inertial frame's parts of p: place the frame again
        Sensors.framePose(m, d, i, p);
        framePoseAdjoint(m, d, b, i, mo, 0, mo, 3);
      }
    }
  }

  private static void add3(double[] to, int o, double[] from, int fo) {
    to[o] += from[fo];
    to[o + 1] += from[fo + 1];
    to[o + 2] += from[fo + 2];
  }

  /** A fixed tendon's length {@code Σ c q}: to qposBar; a spatial tendon's: to {@code tendonLengthBar}. */
  private static void tendonLength(Model m, DataBar b, int t, double bar) {
    if (m.tendonSpatial(t)) {
      b.tendonLengthBar[t] += bar;
      return;
    }
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      b.qposBar[m.wrapQposAdr(w)] += m.wrapCoef(w) * bar;
    }
  }

  /** A tendon's velocity {@code J q̇}: to qvelBar, and for a spatial tendon to its Jacobian's bar. */
  private static void tendonVelocity(Model m, Data d, DataBar b, int t, double bar) {
    if (m.tendonSpatial(t)) {
      int nv = m.nv();
      for (int k = 0; k < nv; k++) {
        b.qvelBar[k] += bar * d.tendonJ[nv * t + k];
        b.tendonJBar[nv * t + k] += bar * d.qvel[k];
      }
      return;
    }
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      b.qvelBar[m.wrapDofAdr(w)] += m.wrapCoef(w) * bar;
    }
  }

  /** Frame pose sensors: the bars of the frame's origin and rotation (quaternions through {@link Quat#fromMat}). */
  private static void frame(Model m, Data d, DataBar b, int i) {
    double[] sb = b.sensordataBar, p = d.sensorPoint, w = b.scratch36;
    int a = m.sensorAdr(i), obj = m.sensorObj(i);
    Sensors.framePose(m, d, i, p);
    java.util.Arrays.fill(w, 0, 12, 0);
    switch (m.sensorType(i)) {
      case FRAMEPOS -> add3(w, 0, sb, a);
      case FRAMEXAXIS, FRAMEYAXIS, FRAMEZAXIS -> {
        int col = m.sensorType(i) == SensorType.FRAMEXAXIS ? 0 : m.sensorType(i) == SensorType.FRAMEYAXIS ? 1 : 2;
        for (int r = 0; r < 3; r++) {
          w[3 + 3 * r + col] += sb[a + r];
        }
      }
      default -> {
        FrameType f = m.sensorFrame(i);
        if (f == FrameType.XBODY) {
          for (int k = 0; k < 4; k++) {
            b.xquatBar[4 * obj + k] += sb[a + k];
          }
          return;
        }
        if (f == FrameType.BODY) {
          // q = q_body ⊗ q_inertial
          for (int k = 0; k < 4; k++) {
            w[12 + k] = m.bodyIquat(obj, k);
            w[16 + k] = 0;
          }
          Quat.mulAdjoint(sb, a, d.xquat, 4 * obj, w, 12, b.xquatBar, 4 * obj, w, 16);
          return;
        }
        Quat.fromMatAdjoint(sb, a, p, 3, w, 3, w, 12);
      }
    }
    framePoseAdjoint(m, d, b, i, w, 0, w, 3);
  }

  /**
   * Adjoint of the frame pose of sensor i ({@link Sensors#framePose}, with p still holding it): the bars of its origin
   * {@code ob[oo..]} and rotation {@code rb[ro..]} (row-major) into the site's, geom's or body's pose bars and, for a
   * body's inertial frame, its centre of mass ({@code bodyInertBar}).
   */
  private static void framePoseAdjoint(Model m, Data d, DataBar b, int i, double[] ob, int oo, double[] rb, int ro) {
    int obj = m.sensorObj(i);
    switch (m.sensorFrame(i)) {
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
        // R = X Q: X̄ += R̄ Qᵀ (Q at p[19..27])
        for (int r = 0; r < 3; r++) {
          for (int c = 0; c < 3; c++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) {
              sum += rb[ro + 3 * r + k] * p[19 + 3 * c + k];
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
        Mat3.mulVecAdjoint(ob, oo, d.xmat, 9 * obj, p, 12, b.xmatBar, 9 * obj, lb, 0);
        centreOfMassAdjoint(d, b, obj, lb, 0);
      }
    }
  }

  /** The centre of mass {@code l = h/m} of body i (its local frame): its bar {@code lb[o..]} into bodyInertBar. */
  private static void centreOfMassAdjoint(Data d, DataBar b, int i, double[] lb, int o) {
    double mass = d.bodyInert[10 * i];
    if (!(mass > 0)) {
      return;
    }
    for (int k = 0; k < 3; k++) {
      b.bodyInertBar[10 * i + 1 + k] += lb[o + k] / mass;
      b.bodyInertBar[10 * i] -= lb[o + k] * d.bodyInert[10 * i + 1 + k] / (mass * mass);
    }
  }

  /**
   * The world-frame angular velocity and linear velocity of point {@code pt[po..]} fixed to body bd into {@code
   * out[o..o+5]}: {@code ω = X v_ang}, {@code v = X v_lin + ω × (p − x)} (zero on the world), as {@link Sensors}.
   */
  static void pointVelocity(Model m, Data d, int bd, double[] pt, int po, double[] out, int o) {
    if (bd == 0) {
      java.util.Arrays.fill(out, o, o + 6, 0);
      return;
    }
    Mat3.mulVec(out, o, d.xmat, 9 * bd, d.bodyVel, 6 * bd);
    Mat3.mulVec(out, o + 3, d.xmat, 9 * bd, d.bodyVel, 6 * bd + 3);
    double rx = pt[po] - d.xpos[3 * bd], ry = pt[po + 1] - d.xpos[3 * bd + 1], rz = pt[po + 2] - d.xpos[3 * bd + 2];
    double wx = out[o], wy = out[o + 1], wz = out[o + 2];
    out[o + 3] += wy * rz - wz * ry;
    out[o + 4] += wz * rx - wx * rz;
    out[o + 5] += wx * ry - wy * rx;
  }

  /**
   * Adjoint of {@link #pointVelocity}: from the bars {@code vb[vo..vo+5]} (ω, v) into {@code bodyVelBar}, {@code
   * xmatBar}, {@code xposBar} and the point's bar {@code pb[pbo..]}.
   */
  static void pointVelocityAdjoint(Model m, Data d, DataBar b, int bd, double[] pt, int po, double[] vb, int vo,
      double[] pb, int pbo) {
    if (bd == 0) {
      return;
    }
    double[] t = d.scratch6;
    Mat3.mulVec(t, 0, d.xmat, 9 * bd, d.bodyVel, 6 * bd);
    double wx = t[0], wy = t[1], wz = t[2];
    double rx = pt[po] - d.xpos[3 * bd], ry = pt[po + 1] - d.xpos[3 * bd + 1], rz = pt[po + 2] - d.xpos[3 * bd + 2];
    double vx = vb[vo + 3], vy = vb[vo + 4], vz = vb[vo + 5];
    // v += ω × r: ω̄ += r × v̄, r̄ += v̄ × ω
    double[] g = b.scratch6;
    g[0] = vb[vo] + ry * vz - rz * vy;
    g[1] = vb[vo + 1] + rz * vx - rx * vz;
    g[2] = vb[vo + 2] + rx * vy - ry * vx;
    double sx = vy * wz - vz * wy, sy = vz * wx - vx * wz, sz = vx * wy - vy * wx;
    pb[pbo] += sx;
    pb[pbo + 1] += sy;
    pb[pbo + 2] += sz;
    b.xposBar[3 * bd] -= sx;
    b.xposBar[3 * bd + 1] -= sy;
    b.xposBar[3 * bd + 2] -= sz;
    Mat3.mulVecAdjoint(g, 0, d.xmat, 9 * bd, d.bodyVel, 6 * bd, b.xmatBar, 9 * bd, b.bodyVelBar, 6 * bd);
    Mat3.mulVecAdjoint(vb, vo + 3, d.xmat, 9 * bd, d.bodyVel, 6 * bd + 3, b.xmatBar, 9 * bd, b.bodyVelBar,
        6 * bd + 3);
  }

  /**
   * Adjoint of a subtree sensor of body i: {@code C = Σ m_j c_j / M} or {@code V = Σ m_j v_j / M} over the bodies j of
   * its subtree, {@code c_j = x_j + X_j h_j/m_j} the centre of mass, {@code v_j} its velocity ({@link
   * #pointVelocity}); the bar {@code sb[a..]} into the bodies' poses, velocities and inertias.
   */
  private static void subtree(Model m, Data d, DataBar b, int i, double[] sb, int a, boolean velocity) {
    double total = d.subtreeMass[i];
    if (!(total > 0)) {
      if (!velocity) {
        // no mass: the body's position
        add3(b.xposBar, 3 * i, sb, a);
      }
      return;
    }
    double[] p = d.sensorPoint, w = b.scratch36;
    double[] mean = velocity ? d.subtreeLinvel : d.subtreeCom;
    for (int j = i; j < m.nbody(); j++) {
      if (!inSubtree(m, j, i)) {
        continue;
      }
      double mj = j == 0 ? 0 : d.bodyInert[10 * j];
      if (!(mj > 0)) {
        continue;
      }
      // c_j and v_j again: p[0..2] the local centre, p[3..5] c_j, p[6..11] (ω, v_j)
      for (int k = 0; k < 3; k++) {
        p[k] = d.bodyInert[10 * j + 1 + k] / mj;
      }
      Mat3.mulVec(p, 3, d.xmat, 9 * j, p, 0);
      for (int k = 0; k < 3; k++) {
        p[3 + k] += d.xpos[3 * j + k];
      }
      pointVelocity(m, d, j, p, 3, p, 6);
      double massBar = 0;
      java.util.Arrays.fill(w, 0, 12, 0);
      for (int k = 0; k < 3; k++) {
        double value = velocity ? p[9 + k] : p[3 + k];
        massBar += (value - mean[3 * i + k]) * sb[a + k] / total;
        // w[0..2] c̄_j, w[6..11] (ω̄, v̄_j)
        if (velocity) {
          w[9 + k] = mj / total * sb[a + k];
        } else {
          w[k] = mj / total * sb[a + k];
        }
      }
      if (velocity) {
        pointVelocityAdjoint(m, d, b, j, p, 3, w, 6, w, 0);
      }
      b.bodyInertBar[10 * j] += massBar;
      // c_j = x_j + X_j l: x̄ += c̄, X̄ += c̄ lᵀ, l̄ = Xᵀ c̄
      add3(b.xposBar, 3 * j, w, 0);
      Mat3.mulVecAdjoint(w, 0, d.xmat, 9 * j, p, 0, b.xmatBar, 9 * j, w, 3);
      centreOfMassAdjoint(d, b, j, w, 3);
    }
  }

  /** Whether body j lies in the subtree of body i (i itself included). */
  private static boolean inSubtree(Model m, int j, int i) {
    for (int k = j; k >= 0; k = k == 0 ? -1 : m.bodyParent(k)) {
      if (k == i) {
        return true;
      }
    }
    return false;
  }
}
