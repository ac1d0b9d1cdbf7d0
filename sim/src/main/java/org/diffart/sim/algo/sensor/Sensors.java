package org.diffart.sim.algo.sensor;

import org.diffart.sim.algo.collision.Ray;
import org.diffart.sim.algo.constraint.Rows;
import org.diffart.sim.algo.dynamics.Rnea;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.SpatialOps;

/**
 * MuJoCo's sensors ({@link SensorType}) into {@code sensordata}, in the order of the model's
 * sensors, from the results of {@code Step#forward} (or of a step before it integrates): positions,
 * velocities, the accelerations {@code qacc} with the constraint impulses, and the contact
 * impulses. As in MuJoCo, acceleration sensors see the constraint forces: body accelerations come
 * from {@code qacc}, and the contact forces enter the interaction forces of the force and torque
 * sensors as external forces.
 *
 * <p>Body velocities and accelerations are taken from the dynamics in body coordinates and turned
 * into MuJoCo's world-frame point quantities: a point p fixed to body b moves with {@code v_p = v_b
 * + ω × (p - x_b)} and accelerates with {@code a_p = a'_b + α × (p - x_b) + ω × v_p}, where {@code
 * a'_b} is the spatial (Featherstone) linear acceleration; gravity enters as the base acceleration
 * {@code -g}, so an accelerometer at rest reads {@code +g}.
 */
public final class Sensors {
  private Sensors() {}

  /**
   * Computes every sensor. Requires the kinematics, velocities and accelerations of {@code
   * Step#forward} (the contact impulses when contacts are on); writes site poses, {@code
   * sensordata} and, for acceleration sensors, {@code rneaAcc} and {@code rneaForce}.
   */
  public static void compute(Model m, Data d) {
    Kinematics.sites(m, d);
    boolean geoms = false, acc = false, subtree = false;
    for (int i = 0; i < m.nsensor(); i++) {
      SensorType t = m.sensorType(i);
      geoms |=
          m.sensorFrame(i) == FrameType.GEOM
              || m.sensorRefFrame(i) == FrameType.GEOM
              || t == SensorType.RANGEFINDER;
      acc |=
          t == SensorType.ACCELEROMETER
              || t == SensorType.FORCE
              || t == SensorType.TORQUE
              || t == SensorType.FRAMELINACC
              || t == SensorType.FRAMEANGACC;
      subtree |=
          t == SensorType.SUBTREECOM
              || t == SensorType.SUBTREELINVEL
              || t == SensorType.SUBTREEANGMOM;
    }
    if (geoms) {
      Kinematics.geoms(m, d);
    }
    if (subtree) {
      subtrees(m, d);
    }
    if (acc) {
      interactionForces(m, d);
    }
    for (int i = 0; i < m.nsensor(); i++) {
      sensor(m, d, i);
      cutoff(m, d, i);
    }
    if (m.nhistory() > 0) {
      // delayed and sampled sensors read their history; the step inserts the current values
      History.readSensors(m, d);
    }
  }

  /**
   * Whether some sensor reads the accelerations or the constraint impulses: touch, accelerometer,
   * force, torque, the frame accelerations and the limit forces (the actuator force, of MuJoCo's
   * acceleration stage, reads neither).
   */
  public static boolean readAcceleration(Model m) {
    for (int i = 0; i < m.nsensor(); i++) {
      SensorType t = m.sensorType(i);
      if (t == SensorType.TOUCH
          || t == SensorType.ACCELEROMETER
          || t == SensorType.FORCE
          || t == SensorType.TORQUE
          || t == SensorType.FRAMELINACC
          || t == SensorType.FRAMEANGACC
          || t == SensorType.JOINTLIMITFRC
          || t == SensorType.TENDONLIMITFRC) {
        return true;
      }
    }
    return false;
  }

  private static void sensor(Model m, Data d, int i) {
    double[] out = d.sensordata, p = d.sensorPoint;
    int a = m.sensorAdr(i), obj = m.sensorObj(i);
    switch (m.sensorType(i)) {
      case JOINTPOS -> out[a] = d.qpos[m.jntQposAdr(obj)];
      case JOINTVEL -> out[a] = d.qvel[m.jntDofAdr(obj)];
      case TENDONPOS -> out[a] = d.tendonLength[obj];
      case TENDONVEL -> out[a] = d.tendonVelocity[obj];
      case ACTUATORFRC -> out[a] = d.actuatorForce[obj];
      case ACTUATORPOS -> out[a] = d.actuatorLength[obj];
      case ACTUATORVEL -> out[a] = d.actuatorVelocity[obj];
      case MAGNETOMETER -> {
        for (int k = 0; k < 3; k++) {
          p[k] = m.opt().magnetic(k);
        }
        Mat3.mulTransVec(out, a, d.siteXmat, 9 * obj, p, 0);
      }
      case BALLQUAT -> {
        int q = m.jntQposAdr(obj);
        double n =
            Math.sqrt(
                d.qpos[q] * d.qpos[q]
                    + d.qpos[q + 1] * d.qpos[q + 1]
                    + d.qpos[q + 2] * d.qpos[q + 2]
                    + d.qpos[q + 3] * d.qpos[q + 3]);
        for (int k = 0; k < 4; k++) {
          out[a + k] = d.qpos[q + k] / n;
        }
      }
      case BALLANGVEL -> System.arraycopy(d.qvel, m.jntDofAdr(obj), out, a, 3);
      case JOINTLIMITPOS,
          TENDONLIMITPOS,
          JOINTLIMITVEL,
          TENDONLIMITVEL,
          JOINTLIMITFRC,
          TENDONLIMITFRC ->
          out[a] = limit(m, d, i);
      case SUBTREEANGMOM -> angularMomentum(m, d, obj, out, a);
      case CLOCK -> out[a] = d.time;
      case SUBTREECOM -> System.arraycopy(d.subtreeCom, 3 * obj, out, a, 3);
      case SUBTREELINVEL -> System.arraycopy(d.subtreeLinvel, 3 * obj, out, a, 3);
      case TOUCH -> out[a] = touch(m, d, obj);
      case RANGEFINDER ->
          out[a] =
              Ray.ray(
                  m,
                  d,
                  d.siteXpos[3 * obj],
                  d.siteXpos[3 * obj + 1],
                  d.siteXpos[3 * obj + 2],
                  d.siteXmat[9 * obj + 2],
                  d.siteXmat[9 * obj + 5],
                  d.siteXmat[9 * obj + 8],
                  m.siteBody(obj));
      case FRAMEPOS, FRAMEQUAT, FRAMEXAXIS, FRAMEYAXIS, FRAMEZAXIS ->
          FrameSensors.frame(m, d, i, out, a);
      default -> {
        // velocity and acceleration of a point fixed to a body: p[0..2] the point, p[3..11] its
        // frame
        int body = FrameSensors.framePose(m, d, i, p);
        pointMotion(m, d, body, p, 0, p, 12);
        if (m.sensorRefFrame(i) != FrameType.NONE) {
          FrameSensors.relativeVelocity(m, d, i);
        }
        switch (m.sensorType(i)) {
          case GYRO -> Mat3.mulTransVec(out, a, p, 3, p, 12);
          case VELOCIMETER -> Mat3.mulTransVec(out, a, p, 3, p, 15);
          case FRAMEANGVEL -> System.arraycopy(p, 12, out, a, 3);
          case FRAMELINVEL -> System.arraycopy(p, 15, out, a, 3);
          case ACCELEROMETER -> Mat3.mulTransVec(out, a, p, 3, p, 21);
          case FRAMEANGACC -> System.arraycopy(p, 18, out, a, 3);
          case FRAMELINACC -> System.arraycopy(p, 21, out, a, 3);
          case FORCE, TORQUE -> force(m, d, body, p, m.sensorType(i) == SensorType.TORQUE, out, a);
          default -> throw new IllegalStateException("sensor type " + m.sensorType(i));
        }
      }
    }
  }

  /**
   * The constraint row of limit sensor i's joint or tendon limit ({@code efcType} LIMIT or
   * TENDON_LIMIT), -1 while it is within range (no row).
   */
  static int limitRow(Model m, Data d, int i) {
    SensorType t = m.sensorType(i);
    boolean joint =
        t == SensorType.JOINTLIMITPOS
            || t == SensorType.JOINTLIMITVEL
            || t == SensorType.JOINTLIMITFRC;
    int type = joint ? Rows.LIMIT : Rows.TENDON_LIMIT;
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] == type && d.efcId[r] == m.sensorObj(i)) {
        return r;
      }
    }
    return -1;
  }

  /**
   * MuJoCo's limit sensors from the active limit row: its distance (negative when violated), its
   * velocity {@code J q̇} (positive away from the bound), its force {@code impulse/dt}; 0 without a
   * row.
   */
  private static double limit(Model m, Data d, int i) {
    int r = limitRow(m, d, i);
    if (r < 0) {
      return 0;
    }
    SensorType t = m.sensorType(i);
    if (t == SensorType.JOINTLIMITPOS || t == SensorType.TENDONLIMITPOS) {
      return d.efcDist[r];
    }
    if (t == SensorType.JOINTLIMITFRC || t == SensorType.TENDONLIMITFRC) {
      return d.efcImpulse[r] / m.opt().timestep();
    }
    double v = 0;
    for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
      v += d.efcJ[m.nv() * r + k] * d.qvel[k];
    }
    return v;
  }

  /**
   * Angular momentum of body i's subtree about its centre of mass C, in the world (MuJoCo's {@code
   * subtree_angmom}): {@code Σ_j R_j h_j + (x_j − C) × R_j p_j} over the bodies j of the subtree,
   * with {@code (h_j, p_j) = I_j v_j} the spatial momentum at the body origin in body coordinates.
   * Requires {@link #subtrees}.
   */
  private static void angularMomentum(Model m, Data d, int i, double[] out, int a) {
    double[] w = d.scratch36;
    out[a] = 0;
    out[a + 1] = 0;
    out[a + 2] = 0;
    for (int j = Math.max(i, 1); j < m.nbody(); j++) {
      if (!inSubtree(m, j, i)) {
        continue;
      }
      Inertia.mulInertVec(w, 0, d.bodyInert, 10 * j, d.bodyVel, 6 * j);
      Mat3.mulVec(w, 6, d.xmat, 9 * j, w, 0);
      Mat3.mulVec(w, 9, d.xmat, 9 * j, w, 3);
      for (int k = 0; k < 3; k++) {
        w[12 + k] = d.xpos[3 * j + k] - d.subtreeCom[3 * i + k];
        out[a + k] += w[6 + k];
      }
      FrameSensors.addCross(out, a, w, 12, w, 9);
    }
  }

  /** Whether body j lies in the subtree of body i (i itself included). */
  static boolean inSubtree(Model m, int j, int i) {
    while (j > i) {
      j = m.bodyParent(j);
    }
    return j == i;
  }

  /**
   * MuJoCo's cutoff: real values clamped to ±cutoff, touch only from above; unit vectors and
   * quaternions never.
   */
  private static void cutoff(Model m, Data d, int i) {
    double c = cutoffLimit(m, i);
    SensorType t = m.sensorType(i);
    if (c > 0) {
      for (int k = m.sensorAdr(i); k < m.sensorAdr(i) + m.sensorDim(i); k++) {
        d.sensordata[k] = Math.min(d.sensordata[k], c);
        // touch and rangefinder values are positive (a rangefinder's −1 stays): MuJoCo clamps them
        // above only
        if (t != SensorType.TOUCH && t != SensorType.RANGEFINDER) {
          d.sensordata[k] = Math.max(d.sensordata[k], -c);
        }
      }
    }
  }

  /** Sensor i's cutoff where it clamps, else 0: unit vectors and quaternions are never clamped. */
  static double cutoffLimit(Model m, int i) {
    SensorType t = m.sensorType(i);
    boolean clamps =
        t != SensorType.FRAMEQUAT
            && t != SensorType.FRAMEXAXIS
            && t != SensorType.FRAMEYAXIS
            && t != SensorType.FRAMEZAXIS
            && t != SensorType.BALLQUAT;
    return clamps ? m.sensorCutoff(i) : 0;
  }

  /**
   * The world-frame motion of point {@code pt[po..po+2]} fixed to body b, into {@code
   * out[o..o+11]}: angular velocity, linear velocity, angular acceleration, linear acceleration
   * (the last two from {@code rneaAcc}, valid only after {@link #interactionForces}).
   */
  private static void pointMotion(
      Model m, Data d, int b, double[] pt, int po, double[] out, int o) {
    double[] r = d.scratch6;
    for (int k = 0; k < 3; k++) {
      r[k] = pt[po + k] - d.xpos[3 * b + k];
    }
    // ω, v_origin, α, a'_origin in the world
    Mat3.mulVec(out, o, d.xmat, 9 * b, d.bodyVel, 6 * b);
    Mat3.mulVec(out, o + 3, d.xmat, 9 * b, d.bodyVel, 6 * b + 3);
    Mat3.mulVec(out, o + 6, d.xmat, 9 * b, d.rneaAcc, 6 * b);
    Mat3.mulVec(out, o + 9, d.xmat, 9 * b, d.rneaAcc, 6 * b + 3);
    if (b == 0) {
      // the world is still; its base acceleration carries gravity
      for (int k = 0; k < 12; k++) {
        out[o + k] = k >= 9 ? -m.opt().gravity(k - 9) : 0;
      }
    }
    FrameSensors.addCross(out, o + 3, out, o, r, 0);
    FrameSensors.addCross(out, o + 9, out, o + 6, r, 0);
    FrameSensors.addCross(out, o + 9, out, o, out, o + 3);
  }

  /**
   * The force (or the torque about the site point) that the parent exerts on body b, in the site
   * frame {@code p[3..11]}: MuJoCo's {@code cfrc_int}.
   */
  private static void force(
      Model m, Data d, int b, double[] p, boolean torque, double[] out, int a) {
    double[] w = d.scratch36;
    // force and torque about the body origin, in the world
    Mat3.mulVec(w, 0, d.xmat, 9 * b, d.rneaForce, 6 * b);
    Mat3.mulVec(w, 3, d.xmat, 9 * b, d.rneaForce, 6 * b + 3);
    if (torque) {
      // τ_p = τ_o - (p - x_b) × f
      for (int k = 0; k < 3; k++) {
        w[6 + k] = d.xpos[3 * b + k] - p[k];
      }
      FrameSensors.addCross(w, 0, w, 6, w, 3);
      Mat3.mulTransVec(out, a, p, 3, w, 0);
    } else {
      Mat3.mulTransVec(out, a, p, 3, w, 3);
    }
  }

  /**
   * Body accelerations from {@code qacc} and the forces each body's parent exerts on it ({@code
   * rneaAcc}, {@code rneaForce}, body coordinates at the body origin), with the contact forces as
   * external forces: MuJoCo's {@code mj_rnePostConstraint}.
   */
  static void interactionForces(Model m, Data d) {
    Rnea.inverse(m, d, d.qacc, d.scratchNv1);
    int nb = m.nbody();
    double[] fe = d.sensorExternal, w = d.scratch36;
    java.util.Arrays.fill(fe, 0);
    double dt = m.opt().timestep();
    for (int r = 0; r < d.nefc; r++) {
      if (!external(d, r)) {
        continue;
      }
      int t = d.efcType[r];
      boolean angular = t == Rows.TORSION || t == Rows.ROLLING;
      int c = d.efcId[r];
      double f = d.efcImpulse[r] / dt;
      // the force f·dir on geom 2's body and its opposite on geom 1's, at the contact point; a
      // torsional or rolling
      // row's is the torque f·dir
      for (int side = 0; side < 2; side++) {
        int b = m.geomBody(d.conGeom[2 * c + side]);
        if (b == 0) {
          continue;
        }
        double s = side == 1 ? f : -f;
        for (int k = 0; k < 3; k++) {
          w[k] = angular ? s * d.efcDir[3 * r + k] : 0;
          w[3 + k] = angular ? 0 : s * d.efcDir[3 * r + k];
          w[6 + k] = d.conPos[3 * c + k] - d.xpos[3 * b + k];
        }
        FrameSensors.addCross(w, 0, w, 6, w, 3);
        // into body coordinates
        Mat3.mulTransVec(w, 9, d.xmat, 9 * b, w, 0);
        Mat3.mulTransVec(w, 12, d.xmat, 9 * b, w, 3);
        for (int k = 0; k < 6; k++) {
          fe[6 * b + k] += w[9 + k];
        }
      }
    }
    // f_int = f_rnea - Σ over the subtree of the external forces, carried to each body as the RNEA
    // carries forces
    for (int i = nb - 1; i > 0; i--) {
      for (int k = 0; k < 6; k++) {
        d.rneaForce[6 * i + k] -= fe[6 * i + k];
      }
      int parent = m.bodyParent(i);
      if (parent > 0) {
        SpatialOps.addTransformForceTranspose(
            fe, 6 * parent, d.xRot, 9 * i, d.xTrans, 3 * i, fe, 6 * i);
      }
    }
  }

  /**
   * Whether row r pushes bodies from outside their tree: a contact row with an impulse. Joint
   * limits and dry friction act between parent and child, inside the interaction forces.
   */
  static boolean external(Data d, int r) {
    int t = d.efcType[r];
    return (t == Rows.NORMAL || t == Rows.FRICTION || t == Rows.TORSION || t == Rows.ROLLING)
        && d.efcImpulse[r] != 0;
  }

  /**
   * Centre of mass and its linear velocity of every body's subtree ({@code subtreeCom}, {@code
   * subtreeLinvel}).
   */
  static void subtrees(Model m, Data d) {
    int nb = m.nbody();
    double[] mass = d.subtreeMass, com = d.subtreeCom, vel = d.subtreeLinvel, p = d.sensorPoint;
    for (int i = 0; i < nb; i++) {
      double mi = i == 0 ? 0 : d.bodyInert[10 * i];
      mass[i] = mi;
      for (int k = 0; k < 3; k++) {
        p[k] = mi > 0 ? d.bodyInert[10 * i + 1 + k] / mi : 0;
      }
      Mat3.mulVec(com, 3 * i, d.xmat, 9 * i, p, 0);
      for (int k = 0; k < 3; k++) {
        com[3 * i + k] += d.xpos[3 * i + k];
        p[3 + k] = com[3 * i + k];
      }
      pointMotion(m, d, i, p, 3, p, 6);
      for (int k = 0; k < 3; k++) {
        com[3 * i + k] *= mi;
        vel[3 * i + k] = mi * p[9 + k];
      }
    }
    for (int i = nb - 1; i > 0; i--) {
      int parent = m.bodyParent(i);
      mass[parent] += mass[i];
      for (int k = 0; k < 3; k++) {
        com[3 * parent + k] += com[3 * i + k];
        vel[3 * parent + k] += vel[3 * i + k];
      }
    }
    for (int i = 0; i < nb; i++) {
      for (int k = 0; k < 3; k++) {
        com[3 * i + k] = mass[i] > 0 ? com[3 * i + k] / mass[i] : d.xpos[3 * i + k];
        vel[3 * i + k] = mass[i] > 0 ? vel[3 * i + k] / mass[i] : 0;
      }
    }
  }

  /**
   * MuJoCo 2.2.2's touch sensor: the sum of the normal forces of the contacts of the site's body
   * whose normal ray, from the contact point away from that body, meets the site's volume (always
   * when the point lies inside it).
   */
  private static double touch(Model m, Data d, int site) {
    int body = m.siteBody(site);
    double[] u = d.sensorPoint;
    double dt = m.opt().timestep(), sum = 0;
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] != 0 || !(d.efcImpulse[r] > 0)) {
        continue;
      }
      int c = d.efcId[r];
      int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
      if ((b1 == body || b2 == body) && touches(m, d, site, c, b2 == body)) {
        sum += d.efcImpulse[r] / dt;
      }
    }
    return sum;
  }

  /**
   * Whether contact c's normal ray, from its point away from the site's body (geom 2's when {@code
   * second}), meets the site's volume.
   */
  static boolean touches(Model m, Data d, int site, int c, boolean second) {
    double[] u = d.sensorPoint;
    double s = second ? -1 : 1;
    for (int k = 0; k < 3; k++) {
      // the contact point and the ray's direction in the site's frame
      u[6 + k] = d.conPos[3 * c + k] - d.siteXpos[3 * site + k];
      u[9 + k] = s * d.conFrame[9 * c + k];
    }
    Mat3.mulTransVec(u, 0, d.siteXmat, 9 * site, u, 6);
    Mat3.mulTransVec(u, 3, d.siteXmat, 9 * site, u, 9);
    return rayMeetsShape(
        m.siteType(site), m.siteSize(site, 0), m.siteSize(site, 1), m.siteSize(site, 2), u);
  }

  /**
   * Whether the ray from {@code u[0..2]} along {@code u[3..5]} (the shape's frame) meets the solid
   * shape, its start included.
   */
  static boolean rayMeetsShape(GeomType type, double s0, double s1, double s2, double[] u) {
    double px = u[0], py = u[1], pz = u[2], dx = u[3], dy = u[4], dz = u[5];
    if (type == GeomType.SPHERE) {
      return rayMeetsEllipsoid(px / s0, py / s0, pz / s0, dx / s0, dy / s0, dz / s0);
    }
    if (type == GeomType.ELLIPSOID) {
      return rayMeetsEllipsoid(px / s0, py / s1, pz / s2, dx / s0, dy / s1, dz / s2);
    }
    if (type == GeomType.BOX) {
      return rayMeetsBox(px, py, pz, dx, dy, dz, s0, s1, s2);
    }
    if (type == GeomType.CYLINDER) {
      return rayMeetsCylinder(px, py, pz, dx, dy, dz, s0, s1);
    }
    // a capsule: its cylinder and the balls at its ends
    return rayMeetsCylinder(px, py, pz, dx, dy, dz, s0, s1)
        || rayMeetsEllipsoid(px / s0, py / s0, (pz - s1) / s0, dx / s0, dy / s0, dz / s0)
        || rayMeetsEllipsoid(px / s0, py / s0, (pz + s1) / s0, dx / s0, dy / s0, dz / s0);
  }

  /** The ray p + t d, t ≥ 0, meets the unit ball. */
  private static boolean rayMeetsEllipsoid(
      double px, double py, double pz, double dx, double dy, double dz) {
    double c = px * px + py * py + pz * pz - 1;
    if (c <= 0) {
      return true;
    }
    double b = px * dx + py * dy + pz * dz, a = dx * dx + dy * dy + dz * dz;
    return b < 0 && b * b - a * c >= 0;
  }

  /**
   * The ray meets the box |x| ≤ hx, |y| ≤ hy, |z| ≤ hz: the slabs' parameter intervals overlap at
   * some t ≥ 0.
   */
  private static boolean rayMeetsBox(
      double px,
      double py,
      double pz,
      double dx,
      double dy,
      double dz,
      double hx,
      double hy,
      double hz) {
    double lo =
        Math.max(
            Math.max(slabEnter(px, dx, hx), slabEnter(py, dy, hy)),
            Math.max(slabEnter(pz, dz, hz), 0));
    double hi =
        Math.min(Math.min(slabExit(px, dx, hx), slabExit(py, dy, hy)), slabExit(pz, dz, hz));
    return lo <= hi;
  }

  /**
   * Where the ray p + t d enters the slab |x| ≤ h (-∞ when it starts in it and runs parallel, +∞
   * when outside).
   */
  private static double slabEnter(double p, double dir, double h) {
    if (dir == 0) {
      return Math.abs(p) <= h ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return Math.min((-h - p) / dir, (h - p) / dir);
  }

  /**
   * Where the ray leaves the slab |x| ≤ h (+∞ when it runs parallel inside it, -∞ when outside).
   */
  private static double slabExit(double p, double dir, double h) {
    if (dir == 0) {
      return Math.abs(p) <= h ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }
    return Math.max((-h - p) / dir, (h - p) / dir);
  }

  /** The ray meets the cylinder x² + y² ≤ r², |z| ≤ h. */
  private static boolean rayMeetsCylinder(
      double px, double py, double pz, double dx, double dy, double dz, double r, double h) {
    double lo = Math.max(slabEnter(pz, dz, h), 0), hi = slabExit(pz, dz, h);
    double a = dx * dx + dy * dy, b = px * dx + py * dy, c = px * px + py * py - r * r;
    if (a == 0) {
      return c <= 0 && lo <= hi;
    }
    double disc = b * b - a * c;
    if (disc < 0) {
      return false;
    }
    double sq = Math.sqrt(disc);
    return Math.max(lo, (-b - sq) / a) <= Math.min(hi, (-b + sq) / a);
  }
}
