package org.diffart.sim.algo.sensor;

import org.diffart.sim.algo.collision.RayAdjoint;
import org.diffart.sim.algo.constraint.ConstraintsAdjoint;
import org.diffart.sim.algo.constraint.Rows;
import org.diffart.sim.algo.dynamics.RneaAdjoint;
import org.diffart.sim.algo.history.HistoryAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.SpatialOps;

/**
 * Adjoint of {@link Sensors}: joint, tendon and actuator readings, frame poses, axes and
 * quaternions, frame velocities and accelerations, gyro, velocimeter, accelerometer, force and
 * torque (RNEA's body accelerations and subtree forces less the contact forces, {@link
 * RneaAdjoint#bodies}), touch, rangefinder ({@link RayAdjoint}), subtree centre of mass and its
 * velocity: every sensor type. From {@code sensordataBar} it accumulates into the bars of the state
 * ({@code qposBar, qvelBar}), of {@code qacc}, of the body, site and geom poses, the body
 * velocities, the tendons, the actuator forces, the body inertias and the contacts (points, frames,
 * impulses), which the rest of the step's adjoint carries on ({@code StepAdjoint#dynamics}). A
 * value held at its cutoff passes no gradient; touch holds its choice of contacts, the rangefinder
 * the geom it hits.
 */
public final class SensorsAdjoint {
  private SensorsAdjoint() {}

  /**
   * Consumes {@code sensordataBar} (and {@code sensorNowBar}: the values a step inserted into the
   * sensors' buffers). Requires the forward quantities of the step the sensors read (the kinematics
   * and velocities of {@code Step#dynamics}); recomputes the sensors themselves.
   */
  public static void compute(Model m, Data d, DataBar b) {
    if (m.nhistory() > 0) {
      HistoryAdjoint.readSensors(m, d, b);
    }
    double[] sb = b.sensordataBar;
    boolean any = false;
    for (double x : sb) {
      any |= x != 0;
    }
    if (!any) {
      return;
    }
    Sensors.compute(m, d);
    // RNEA's bars are the work space of every inverse-dynamics adjoint: the acceleration sensors
    // start them afresh
    java.util.Arrays.fill(b.rneaAccBar, 0);
    java.util.Arrays.fill(b.rneaForceBar, 0);
    boolean acc = false, force = false;
    for (int i = 0; i < m.nsensor(); i++) {
      int a = m.sensorAdr(i), n = m.sensorDim(i);
      cutoff(m, d, b, i);
      SensorType t = m.sensorType(i);
      if (nonzero(sb, a, n)) {
        sensor(m, d, b, i);
        force |= t == SensorType.FORCE || t == SensorType.TORQUE;
        acc |=
            force
                || t == SensorType.ACCELEROMETER
                || t == SensorType.FRAMELINACC
                || t == SensorType.FRAMEANGACC;
      }
      java.util.Arrays.fill(sb, a, a + n, 0);
    }
    if (force) {
      interactionForcesAdjoint(m, d, b);
    }
    if (acc) {
      RneaAdjoint.bodies(m, d, b, d.qacc, b.qaccBar);
    }
  }

  /**
   * Adjoint of {@link Sensors}' force and torque: the interaction force on body bd (torque about
   * its origin, force) in the world, {@code (τ, F) = X f}; the torque about the site point {@code τ
   * + (x − p) × F}; both read in the site frame {@code p[3..11]}. The bar {@code sb[a..]} goes to
   * {@code rneaForceBar}, {@code xmatBar}, {@code xposBar} and the frame's bars {@code w[0..11]}
   * (origin, rotation).
   */
  private static void forceAdjoint(
      Model m,
      Data d,
      DataBar b,
      int bd,
      double[] p,
      boolean torque,
      double[] sb,
      int a,
      double[] w) {
    double[] t = b.scratch36;
    // the world-frame torque and force into t[24..29], their bars into t[30..35]
    Mat3.mulVec(t, 24, d.xmat, 9 * bd, d.rneaForce, 6 * bd);
    Mat3.mulVec(t, 27, d.xmat, 9 * bd, d.rneaForce, 6 * bd + 3);
    java.util.Arrays.fill(t, 30, 36, 0);
    if (torque) {
      double ux = d.xpos[3 * bd] - p[0],
          uy = d.xpos[3 * bd + 1] - p[1],
          uz = d.xpos[3 * bd + 2] - p[2];
      double fx = t[27], fy = t[28], fz = t[29];
      // τ_p = τ + u × F
      double[] tp = d.scratch6;
      tp[0] = t[24] + uy * fz - uz * fy;
      tp[1] = t[25] + uz * fx - ux * fz;
      tp[2] = t[26] + ux * fy - uy * fx;
      Mat3.mulTransVecAdjoint(sb, a, p, 3, tp, 0, w, 3, t, 30);
      // u = x − p: into xposBar and the frame origin's bar w[0..2]; F̄ into t[33..35]
      armAdjoint(d, b, bd, p, 0, t, 27, t, 30, w, 0, t, 33);
    } else {
      Mat3.mulTransVecAdjoint(sb, a, p, 3, t, 27, w, 3, t, 33);
    }
    Mat3.mulVecAdjoint(
        t, 30, d.xmat, 9 * bd, d.rneaForce, 6 * bd, b.xmatBar, 9 * bd, b.rneaForceBar, 6 * bd);
    Mat3.mulVecAdjoint(
        t,
        33,
        d.xmat,
        9 * bd,
        d.rneaForce,
        6 * bd + 3,
        b.xmatBar,
        9 * bd,
        b.rneaForceBar,
        6 * bd + 3);
  }

  /**
   * Adjoint of the contact part of {@link Sensors#interactionForces}: {@code rneaForce} less the
   * contact forces summed over each subtree ({@code sensorExternal}), the contact forces from the
   * constraint impulses at the contact points; RNEA's own bars stay in {@code rneaForceBar} for
   * {@link RneaAdjoint#bodies}.
   */
  private static void interactionForcesAdjoint(Model m, Data d, DataBar b) {
    int nb = m.nbody();
    double[] feBar = b.sensorExternalBar, fe = d.sensorExternal, w = b.scratch36;
    java.util.Arrays.fill(feBar, 0);
    for (int i = 1; i < nb; i++) {
      int p = m.bodyParent(i);
      if (p > 0) {
        SpatialOps.addTransformForceTransposeAdjoint(
            feBar,
            6 * p,
            d.xRot,
            9 * i,
            d.xTrans,
            3 * i,
            fe,
            6 * i,
            b.xRotBar,
            9 * i,
            b.xTransBar,
            3 * i,
            feBar,
            6 * i);
      }
      for (int k = 0; k < 6; k++) {
        feBar[6 * i + k] -= b.rneaForceBar[6 * i + k];
      }
    }
    double dt = m.opt().timestep();
    for (int r = 0; r < d.nefc; r++) {
      if (!Sensors.external(d, r)) {
        continue;
      }
      int t = d.efcType[r];
      boolean angular = t == Rows.TORSION || t == Rows.ROLLING;
      boolean merged = t == Rows.FRICTION && m.opt().frictionDirections() == 1;
      boolean cone = t == Rows.FRICTION && m.opt().frictionDirections() > 2;
      int c = d.efcId[r];
      double f = d.efcImpulse[r] / dt;
      int fo = 9 * c + 3 * Rows.frameRow(d, r);
      for (int side = 0; side < 2; side++) {
        int bd = m.geomBody(d.conGeom[2 * c + side]);
        if (bd == 0) {
          continue;
        }
        double s = side == 1 ? 1 : -1;
        // fe_b += Xᵀ (τ, F) with (τ, F) at w[6..11]: their bars into w[0..5]
        worldWrench(d, r, c, bd, s * f, angular, w, 6);
        java.util.Arrays.fill(w, 0, 6, 0);
        Mat3.mulTransVecAdjoint(feBar, 6 * bd, d.xmat, 9 * bd, w, 6, b.xmatBar, 9 * bd, w, 0);
        Mat3.mulTransVecAdjoint(feBar, 6 * bd + 3, d.xmat, 9 * bd, w, 9, b.xmatBar, 9 * bd, w, 3);
        double dirBar = 0;
        // the direction's own bar s f F̄ (or τ̄) into w[12..14]
        if (angular) {
          // τ = s f dir
          for (int k = 0; k < 3; k++) {
            dirBar += w[k] * d.efcDir[3 * r + k];
            w[12 + k] = s * f * w[k];
          }
        } else {
          // F = s f dir, τ = (p − x) × F: F̄ += τ̄ × (p − x), p̄ += F × τ̄, x̄ −= F × τ̄
          double rx = d.conPos[3 * c] - d.xpos[3 * bd],
              ry = d.conPos[3 * c + 1] - d.xpos[3 * bd + 1];
          double rz = d.conPos[3 * c + 2] - d.xpos[3 * bd + 2];
          double fx = w[9], fy = w[10], fz = w[11], tx = w[0], ty = w[1], tz = w[2];
          double gx = w[3] + ty * rz - tz * ry,
              gy = w[4] + tz * rx - tx * rz,
              gz = w[5] + tx * ry - ty * rx;
          double px = fy * tz - fz * ty, py = fz * tx - fx * tz, pz = fx * ty - fy * tx;
          b.conPosBar[3 * c] += px;
          b.conPosBar[3 * c + 1] += py;
          b.conPosBar[3 * c + 2] += pz;
          b.xposBar[3 * bd] -= px;
          b.xposBar[3 * bd + 1] -= py;
          b.xposBar[3 * bd + 2] -= pz;
          dirBar = gx * d.efcDir[3 * r] + gy * d.efcDir[3 * r + 1] + gz * d.efcDir[3 * r + 2];
          w[12] = s * f * gx;
          w[13] = s * f * gy;
          w[14] = s * f * gz;
        }
        if (merged) {
          // the sliding direction: its tangents' mix by the sliding velocity
          ConstraintsAdjoint.slidingDirectionDir(m, d, b, r, c, w, 12);
        } else if (cone) {
          // a friction cone edge: cos θ_k t₁ + sin θ_k t₂
          int kMax = m.opt().frictionDirections(), k = r - d.efcNormal[r] - 1;
          double ck = Rows.coneCos(k, kMax), sk = Rows.coneSin(k, kMax);
          for (int q = 0; q < 3; q++) {
            b.conFrameBar[9 * c + 3 + q] += ck * w[12 + q];
            b.conFrameBar[9 * c + 6 + q] += sk * w[12 + q];
          }
        } else {
          for (int k = 0; k < 3; k++) {
            b.conFrameBar[fo + k] += w[12 + k];
          }
        }
        // f = impulse / dt
        b.efcImpulseBar[r] += s * dirBar / dt;
      }
    }
  }

  /**
   * Contact row r's force on body bd in the world, {@code F = sf·dir} at the contact point (or the
   * torque {@code sf·dir} of a torsional or rolling row): the torque about the body origin into
   * {@code w[o..o+2]}, the force into {@code w[o+3..o+5]}.
   */
  private static void worldWrench(
      Data d, int r, int c, int bd, double sf, boolean angular, double[] w, int o) {
    for (int k = 0; k < 3; k++) {
      w[o + k] = angular ? sf * d.efcDir[3 * r + k] : 0;
      w[o + 3 + k] = angular ? 0 : sf * d.efcDir[3 * r + k];
    }
    if (!angular) {
      double rx = d.conPos[3 * c] - d.xpos[3 * bd], ry = d.conPos[3 * c + 1] - d.xpos[3 * bd + 1];
      double rz = d.conPos[3 * c + 2] - d.xpos[3 * bd + 2];
      w[o] = ry * w[o + 5] - rz * w[o + 4];
      w[o + 1] = rz * w[o + 3] - rx * w[o + 5];
      w[o + 2] = rx * w[o + 4] - ry * w[o + 3];
    }
  }

  /**
   * Adjoint of MuJoCo 2.2.2's touch sensor ({@link Sensors}): the sum of {@code impulse / dt} over
   * the normal rows of the site's body whose contact ray meets the site's volume; the choice of
   * rows is held.
   */
  private static void touch(Model m, Data d, DataBar b, int site, double bar) {
    int body = m.siteBody(site);
    double dt = m.opt().timestep();
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] != Rows.NORMAL || !(d.efcImpulse[r] > 0)) {
        continue;
      }
      int c = d.efcId[r];
      int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
      if ((b1 == body || b2 == body) && Sensors.touches(m, d, site, c, b2 == body)) {
        b.efcImpulseBar[r] += bar / dt;
      }
    }
  }

  /**
   * Adjoint of the rangefinder: the distance along the site's z axis from its origin to the nearest
   * geom not of the site's body ({@link RayAdjoint}); its bars go to the site's origin and z axis
   * and to the pose of the geom hit.
   */
  private static void rangefinder(Model m, Data d, DataBar b, int site, double bar) {
    double[] w = b.scratch36;
    int p = 3 * site, r = 9 * site;
    RayAdjoint.ray(
        m,
        d,
        b,
        d.siteXpos[p],
        d.siteXpos[p + 1],
        d.siteXpos[p + 2],
        d.siteXmat[r + 2],
        d.siteXmat[r + 5],
        d.siteXmat[r + 8],
        m.siteBody(site),
        bar,
        w,
        0);
    for (int k = 0; k < 3; k++) {
      b.siteXposBar[p + k] += w[k];
      b.siteXmatBar[r + 3 * k + 2] += w[3 + k];
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
      case ACTUATORPOS -> b.actuatorLengthBar[obj] += sb[a];
      case ACTUATORVEL -> b.actuatorVelocityBar[obj] += sb[a];
      case MAGNETOMETER -> {
        for (int k = 0; k < 3; k++) {
          w[k] = m.opt().magnetic(k);
          w[3 + k] = 0;
        }
        Mat3.mulTransVecAdjoint(sb, a, d.siteXmat, 9 * obj, w, 0, b.siteXmatBar, 9 * obj, w, 3);
      }
      case BALLQUAT -> ballQuat(m, d, b, obj, sb, a);
      case BALLANGVEL -> add3(b.qvelBar, m.jntDofAdr(obj), sb, a);
      case JOINTLIMITPOS,
          TENDONLIMITPOS,
          JOINTLIMITVEL,
          TENDONLIMITVEL,
          JOINTLIMITFRC,
          TENDONLIMITFRC ->
          limit(m, d, b, i, sb[a]);
      case SUBTREEANGMOM -> angularMomentum(m, d, b, obj, sb, a);
      case CLOCK -> {}
      case SUBTREECOM, SUBTREELINVEL ->
          subtree(m, d, b, obj, sb, a, m.sensorType(i) == SensorType.SUBTREELINVEL);
      case TOUCH -> touch(m, d, b, obj, sb[a]);
      case RANGEFINDER -> rangefinder(m, d, b, obj, sb[a]);
      case FRAMEPOS, FRAMEXAXIS, FRAMEYAXIS, FRAMEZAXIS, FRAMEQUAT ->
          FrameSensorsAdjoint.frame(m, d, b, i);
      default -> {
        // a point's velocity: p[0..2] the point, p[3..11] its frame; w[0..11] the bars of the
        // frame's origin and
        // rotation, w[12..17] those of ω and of the point's velocity
        int body = FrameSensors.framePose(m, d, i, p);
        java.util.Arrays.fill(w, 0, 18, 0);
        double[] mo = w;
        // ω and v_p into p[12..17], α and a_p into p[18..23]
        PointMotion.pointVelocity(m, d, body, p, 0, p, 12);
        PointMotion.pointAcceleration(m, d, body, p, 0, p, 12, p, 18);
        java.util.Arrays.fill(w, 18, 24, 0);
        switch (m.sensorType(i)) {
          case GYRO -> Mat3.mulTransVecAdjoint(sb, a, p, 3, p, 12, mo, 3, mo, 12);
          case VELOCIMETER -> Mat3.mulTransVecAdjoint(sb, a, p, 3, p, 15, mo, 3, mo, 15);
          case FRAMEANGVEL, FRAMELINVEL -> {
            if (m.sensorRefFrame(i) == FrameType.NONE) {
              add3(mo, m.sensorType(i) == SensorType.FRAMEANGVEL ? 12 : 15, sb, a);
            } else {
              FrameSensorsAdjoint.relativeVelocity(m, d, b, i);
            }
          }
          case ACCELEROMETER -> Mat3.mulTransVecAdjoint(sb, a, p, 3, p, 21, mo, 3, mo, 21);
          case FRAMEANGACC -> add3(mo, 18, sb, a);
          case FRAMELINACC -> add3(mo, 21, sb, a);
          case FORCE, TORQUE ->
              forceAdjoint(m, d, b, body, p, m.sensorType(i) == SensorType.TORQUE, sb, a, mo);
          default -> throw new IllegalStateException("sensor type " + m.sensorType(i));
        }
        PointMotionAdjoint.pointAcceleration(m, d, b, body, p, 0, p, 12, mo, 18, mo, 12, mo, 0);
        PointMotionAdjoint.pointVelocity(m, d, b, body, p, 0, mo, 12, mo, 0);
        // the velocities overwrote the inertial frame's parts of p: place the frame again
        FrameSensors.framePose(m, d, i, p);
        FrameSensorsAdjoint.framePoseAdjoint(m, d, b, i, mo, 0, mo, 3);
      }
    }
  }

  private static void add3(double[] to, int o, double[] from, int fo) {
    to[o] += from[fo];
    to[o + 1] += from[fo + 1];
    to[o + 2] += from[fo + 2];
  }

  /**
   * A fixed tendon's length {@code Σ c q}: to qposBar; a spatial tendon's: to {@code
   * tendonLengthBar}.
   */
  private static void tendonLength(Model m, DataBar b, int t, double bar) {
    if (m.tendonSpatial(t)) {
      b.tendonLengthBar[t] += bar;
      return;
    }
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      b.qposBar[m.wrapQposAdr(w)] += m.wrapCoef(w) * bar;
    }
  }

  /**
   * A tendon's velocity {@code J q̇}: to qvelBar, and for a spatial tendon to its Jacobian's bar.
   */
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

  /**
   * Adjoint of a subtree sensor of body i: {@code C = Σ m_j c_j / M} or {@code V = Σ m_j v_j / M}
   * over the bodies j of its subtree, {@code c_j = x_j + X_j h_j/m_j} the centre of mass, {@code
   * v_j} its velocity ({@link PointMotion#pointVelocity}); the bar {@code sb[a..]} into the bodies'
   * poses, velocities and inertias.
   */
  private static void subtree(
      Model m, Data d, DataBar b, int i, double[] sb, int a, boolean velocity) {
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
      if (!Sensors.inSubtree(m, j, i)) {
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
      PointMotion.pointVelocity(m, d, j, p, 3, p, 6);
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
        PointMotionAdjoint.pointVelocity(m, d, b, j, p, 3, w, 6, w, 0);
      }
      b.bodyInertBar[10 * j] += massBar;
      // c_j = x_j + X_j l: x̄ += c̄, X̄ += c̄ lᵀ, l̄ = Xᵀ c̄
      add3(b.xposBar, 3 * j, w, 0);
      Mat3.mulVecAdjoint(w, 0, d.xmat, 9 * j, p, 0, b.xmatBar, 9 * j, w, 3);
      FrameSensorsAdjoint.centreOfMassAdjoint(d, b, j, w, 3);
    }
  }

  /**
   * Adjoint of the subtree angular momentum {@code L = Σ_j R_j h_j + (x_j − C) × R_j p_j} ({@link
   * Sensors}), {@code (h_j, p_j) = I_j v_j}: into the bodies' rotations, positions, inertias and
   * velocities, and the subtree's centre of mass C through {@link #subtree}.
   */
  private static void angularMomentum(Model m, Data d, DataBar b, int i, double[] sb, int a) {
    double[] w = d.scratch36, g = b.scratch36, cb = b.comBar;
    java.util.Arrays.fill(cb, 0);
    for (int j = Math.max(i, 1); j < m.nbody(); j++) {
      if (!Sensors.inSubtree(m, j, i)) {
        continue;
      }
      Inertia.mulInertVec(w, 0, d.bodyInert, 10 * j, d.bodyVel, 6 * j);
      Mat3.mulVec(w, 6, d.xmat, 9 * j, w, 3);
      // (x_j − C) × f: into xposBar and C's bar, f̄ into g[6..8]
      java.util.Arrays.fill(g, 0, 9, 0);
      armAdjoint(d, b, j, d.subtreeCom, 3 * i, w, 6, sb, a, cb, 0, g, 6);
      // R h and R p, then I v
      Mat3.mulVecAdjoint(sb, a, d.xmat, 9 * j, w, 0, b.xmatBar, 9 * j, g, 0);
      Mat3.mulVecAdjoint(g, 6, d.xmat, 9 * j, w, 3, b.xmatBar, 9 * j, g, 3);
      Inertia.mulInertVecAdjoint(
          g, 0, d.bodyInert, 10 * j, d.bodyVel, 6 * j, b.bodyInertBar, 10 * j, b.bodyVelBar, 6 * j);
    }
    subtree(m, d, b, i, cb, 0, false);
  }

  /**
   * Adjoint of {@code y += r × f}, {@code r = x_bd − q} from a point q to body bd's origin, with
   * the bar {@code yb[yo..]}: {@code r̄ = f × ȳ} into {@code xposBar} and, negated, q's bar {@code
   * qb[qbo..]}; {@code f̄ += ȳ × r} into {@code fb[fbo..]}.
   */
  private static void armAdjoint(
      Data d,
      DataBar b,
      int bd,
      double[] q,
      int qo,
      double[] f,
      int fo,
      double[] yb,
      int yo,
      double[] qb,
      int qbo,
      double[] fb,
      int fbo) {
    double rx = d.xpos[3 * bd] - q[qo],
        ry = d.xpos[3 * bd + 1] - q[qo + 1],
        rz = d.xpos[3 * bd + 2] - q[qo + 2];
    double fx = f[fo],
        fy = f[fo + 1],
        fz = f[fo + 2],
        gx = yb[yo],
        gy = yb[yo + 1],
        gz = yb[yo + 2];
    double sx = fy * gz - fz * gy, sy = fz * gx - fx * gz, sz = fx * gy - fy * gx;
    b.xposBar[3 * bd] += sx;
    b.xposBar[3 * bd + 1] += sy;
    b.xposBar[3 * bd + 2] += sz;
    qb[qbo] -= sx;
    qb[qbo + 1] -= sy;
    qb[qbo + 2] -= sz;
    fb[fbo] += gy * rz - gz * ry;
    fb[fbo + 1] += gz * rx - gx * rz;
    fb[fbo + 2] += gx * ry - gy * rx;
  }

  /**
   * Adjoint of a limit sensor ({@link Sensors}) on its active row r: the distance {@code q − lo} or
   * {@code hi − q} (a tendon's length likewise), the velocity {@code J q̇}, the force {@code
   * impulse/dt}.
   */
  private static void limit(Model m, Data d, DataBar b, int i, double bar) {
    int r = Sensors.limitRow(m, d, i);
    if (r < 0) {
      return;
    }
    SensorType t = m.sensorType(i);
    int obj = m.sensorObj(i);
    boolean joint =
        t == SensorType.JOINTLIMITPOS
            || t == SensorType.JOINTLIMITVEL
            || t == SensorType.JOINTLIMITFRC;
    // the row's sign: +1 at the lower bound, -1 at the upper
    double sign =
        joint
            ? d.efcJ[m.nv() * r + m.jntDofAdr(obj)]
            : d.tendonLength[obj] < m.tendonRange(obj, 0) ? 1 : -1;
    switch (t) {
      case JOINTLIMITPOS -> b.qposBar[m.jntQposAdr(obj)] += sign * bar;
      case JOINTLIMITVEL -> b.qvelBar[m.jntDofAdr(obj)] += sign * bar;
      case TENDONLIMITPOS -> tendonLength(m, b, obj, sign * bar);
      case TENDONLIMITVEL -> tendonVelocity(m, d, b, obj, sign * bar);
      default -> b.efcImpulseBar[r] += bar / m.opt().timestep();
    }
  }

  /**
   * The bar of a ball joint's unit quaternion {@code q/|q|} into its qpos: {@code (ȳ − ŷ
   * (ŷ·ȳ))/|q|}.
   */
  private static void ballQuat(Model m, Data d, DataBar b, int j, double[] sb, int a) {
    int q = m.jntQposAdr(j);
    double n =
        Math.sqrt(
            d.qpos[q] * d.qpos[q]
                + d.qpos[q + 1] * d.qpos[q + 1]
                + d.qpos[q + 2] * d.qpos[q + 2]
                + d.qpos[q + 3] * d.qpos[q + 3]);
    double dot = 0;
    for (int k = 0; k < 4; k++) {
      dot += d.qpos[q + k] / n * sb[a + k];
    }
    for (int k = 0; k < 4; k++) {
      b.qposBar[q + k] += (sb[a + k] - d.qpos[q + k] / n * dot) / n;
    }
  }
}
