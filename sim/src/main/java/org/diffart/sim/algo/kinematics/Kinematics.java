package org.diffart.sim.algo.kinematics;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;
import org.diffart.sim.spatial.SpatialOps;
import org.diffart.sim.spatial.Trig;

/**
 * Forward kinematics with MuJoCo's joint semantics: body poses, the parent-to-body Plücker
 * transforms and the motion subspaces {@code S} in body coordinates ({@link #forward}); geom poses
 * ({@link #geoms}) and site poses ({@link #sites}) from the body poses; body velocities and
 * velocity-product accelerations ({@link #velocity}).
 */
public final class Kinematics {
  private Kinematics() {}

  /**
   * Position stage: writes {@code xpos, xquat, xmat, xquatRel, xRot, xTrans, dofS} from {@code
   * qpos}. Each body's pose relative to its parent comes first (body offset, then its joints in
   * declaration order, as MuJoCo composes them); the Plücker transform is that relative pose and
   * the world pose follows from the parent's. Quaternions in {@code qpos} are used normalised but
   * not modified. Geom poses are a separate stage, {@link #geoms}.
   */
  public static void forward(Model m, Data d) {
    int nb = m.nbody();
    // pass 1: each body's pose relative to its parent, independent of the other bodies: quaternion
    // xquatRel,
    // position xTrans, Plücker rotation xRot and motion subspace dofS
    for (int i = 1; i < nb; i++) {
      int j0 = m.bodyJntAdr(i);
      if (m.bodyJntNum(i) == 1 && m.jntType(j0) == JointType.HINGE) {
        hingeBody(m, d, i, j0);
      } else {
        jointsBody(m, d, i, j0);
      }
    }
    // pass 2: world poses, parents first
    double[] xpos = d.xpos, xquat = d.xquat, xmat = d.xmat;
    // the world body: written every time, so that the stage's outputs never depend on what Data
    // held before
    Quat.identity(xquat, 0);
    for (int k = 0; k < 9; k++) {
      xmat[k] = k % 4 == 0 ? 1 : 0;
    }
    xpos[0] = 0;
    xpos[1] = 0;
    xpos[2] = 0;
    for (int i = 1; i < nb; i++) {
      int p = m.bodyParent(i);
      Quat.mul(xquat, 4 * i, xquat, 4 * p, d.xquatRel, 4 * i);
      Quat.toMat(xmat, 9 * i, xquat, 4 * i);
      Mat3.mulVec(xpos, 3 * i, xmat, 9 * p, d.xTrans, 3 * i);
      xpos[3 * i] += xpos[3 * p];
      xpos[3 * i + 1] += xpos[3 * p + 1];
      xpos[3 * i + 2] += xpos[3 * p + 2];
    }
  }

  /**
   * The common case of a body with one hinge (axis u, anchor a in body coordinates, angle θ):
   * {@code q_rel = q_body ⊗ (cos θ/2, sin θ/2 u)}, the origin moves by {@code R_body a - R_rel a}
   * so that the anchor stays fixed, and the motion subspace is the constant {@code S = (u; a × u)}.
   */
  private static void hingeBody(Model m, Data d, int i, int j) {
    int qa = m.jntQposAdr(j);
    double half = 0.5 * (d.qpos[qa] - m.qpos0(qa)), sn = Trig.sin(half), cs = Trig.cos(half);
    double ax = m.jntAxis(j, 0), ay = m.jntAxis(j, 1), az = m.jntAxis(j, 2);
    double jx = sn * ax, jy = sn * ay, jz = sn * az;
    double bw = m.bodyQuat(i, 0),
        bx = m.bodyQuat(i, 1),
        by = m.bodyQuat(i, 2),
        bz = m.bodyQuat(i, 3);
    // q_rel = q_body ⊗ (cos θ/2, sin θ/2 u)
    double w = bw * cs - bx * jx - by * jy - bz * jz;
    double x = bw * jx + bx * cs + by * jz - bz * jy;
    double y = bw * jy - bx * jz + by * cs + bz * jx;
    double z = bw * jz + bx * jy - by * jx + bz * cs;
    double[] xq = d.xquatRel;
    xq[4 * i] = w;
    xq[4 * i + 1] = x;
    xq[4 * i + 2] = y;
    xq[4 * i + 3] = z;
    // E = R_relᵀ
    double xx = x * x,
        yy = y * y,
        zz = z * z,
        xy = x * y,
        xz = x * z,
        yz = y * z,
        wx = w * x,
        wy = w * y,
        wz = w * z;
    double r00 = 1 - 2 * (yy + zz), r01 = 2 * (xy - wz), r02 = 2 * (xz + wy);
    double r10 = 2 * (xy + wz), r11 = 1 - 2 * (xx + zz), r12 = 2 * (yz - wx);
    double r20 = 2 * (xz - wy), r21 = 2 * (yz + wx), r22 = 1 - 2 * (xx + yy);
    double[] e = d.xRot;
    int eo = 9 * i;
    e[eo] = r00;
    e[eo + 1] = r10;
    e[eo + 2] = r20;
    e[eo + 3] = r01;
    e[eo + 4] = r11;
    e[eo + 5] = r21;
    e[eo + 6] = r02;
    e[eo + 7] = r12;
    e[eo + 8] = r22;
    double rx = m.bodyPos(i, 0), ry = m.bodyPos(i, 1), rz = m.bodyPos(i, 2);
    double px = m.jntPos(j, 0), py = m.jntPos(j, 1), pz = m.jntPos(j, 2);
    if (px != 0 || py != 0 || pz != 0) {
      // R_body a (quaternion rotation: a + w τ + v × τ with τ = 2 v × a) minus R_rel a
      double tx = 2 * (by * pz - bz * py),
          ty = 2 * (bz * px - bx * pz),
          tz = 2 * (bx * py - by * px);
      rx += px + bw * tx + by * tz - bz * ty - (r00 * px + r01 * py + r02 * pz);
      ry += py + bw * ty + bz * tx - bx * tz - (r10 * px + r11 * py + r12 * pz);
      rz += pz + bw * tz + bx * ty - by * tx - (r20 * px + r21 * py + r22 * pz);
    }
    d.xTrans[3 * i] = rx;
    d.xTrans[3 * i + 1] = ry;
    d.xTrans[3 * i + 2] = rz;
    double[] s = d.dofS;
    int so = 6 * m.jntDofAdr(j);
    s[so] = ax;
    s[so + 1] = ay;
    s[so + 2] = az;
    s[so + 3] = py * az - pz * ay;
    s[so + 4] = pz * ax - px * az;
    s[so + 5] = px * ay - py * ax;
  }

  /**
   * Any other body: compose its joints in declaration order onto the body offset, then S from the
   * joint axes.
   */
  private static void jointsBody(Model m, Data d, int i, int j0) {
    double[] t = d.scratch36;
    for (int k = 0; k < 4; k++) {
      t[k] = m.bodyQuat(i, k);
    }
    t[4] = m.bodyPos(i, 0);
    t[5] = m.bodyPos(i, 1);
    t[6] = m.bodyPos(i, 2);
    for (int j = j0; j >= 0 && j < j0 + m.bodyJntNum(i); j++) {
      applyJoint(m, d, j, d.qpos);
    }
    Quat.normalize(t, 0);
    // Plücker transform parent -> body: E = R_relᵀ, r = relative position
    Quat.toMat(t, 8, t, 0);
    int eo = 9 * i;
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        d.xRot[eo + 3 * r + c] = t[8 + 3 * c + r];
      }
    }
    System.arraycopy(t, 0, d.xquatRel, 4 * i, 4);
    System.arraycopy(t, 4, d.xTrans, 3 * i, 3);
    motionSubspace(m, d, i);
  }

  /**
   * Geom poses in the world, {@code geomXpos, geomXmat}, from the body poses of {@link #forward}.
   * The step calls it when contacts are enabled; call it before reading geom poses otherwise.
   */
  public static void geoms(Model m, Data d) {
    for (int g = 0; g < m.ngeom(); g++) {
      geom(m, d, g);
    }
  }

  /**
   * Geom g's pose in the world, {@code geomXpos, geomXmat}, from its body's pose. Uses {@code
   * scratch36[0..12)}.
   */
  public static void geom(Model m, Data d, int g) {
    double[] t = d.scratch36;
    int b = m.geomBody(g);
    t[0] = m.geomPos(g, 0);
    t[1] = m.geomPos(g, 1);
    t[2] = m.geomPos(g, 2);
    Mat3.mulVec(d.geomXpos, 3 * g, d.xmat, 9 * b, t, 0);
    d.geomXpos[3 * g] += d.xpos[3 * b];
    d.geomXpos[3 * g + 1] += d.xpos[3 * b + 1];
    d.geomXpos[3 * g + 2] += d.xpos[3 * b + 2];
    for (int k = 0; k < 4; k++) {
      t[4 + k] = m.geomQuat(g, k);
    }
    Quat.mul(t, 8, d.xquat, 4 * b, t, 4);
    Quat.toMat(d.geomXmat, 9 * g, t, 8);
  }

  /**
   * Site poses in the world, {@code siteXpos, siteXmat}, from the body poses of {@link #forward}.
   */
  public static void sites(Model m, Data d) {
    for (int i = 0; i < m.nsite(); i++) {
      site(m, d, i);
    }
  }

  /**
   * Site i's pose in the world, {@code siteXpos, siteXmat}, from its body's pose. Uses {@code
   * scratch36[0..12)}.
   */
  public static void site(Model m, Data d, int i) {
    double[] t = d.scratch36;
    int b = m.siteBody(i);
    for (int k = 0; k < 3; k++) {
      t[k] = m.sitePos(i, k);
    }
    Mat3.mulVec(d.siteXpos, 3 * i, d.xmat, 9 * b, t, 0);
    for (int k = 0; k < 3; k++) {
      d.siteXpos[3 * i + k] += d.xpos[3 * b + k];
    }
    for (int k = 0; k < 4; k++) {
      t[4 + k] = m.siteQuat(i, k);
    }
    Quat.mul(t, 8, d.xquat, 4 * b, t, 4);
    Quat.toMat(d.siteXmat, 9 * i, t, 8);
  }

  /**
   * Moves the relative pose in scratch36 (quaternion [0..3], position [4..6], parent frame) by
   * joint j, and records the parent-frame axes and anchors of its dofs.
   */
  static void applyJoint(Model m, Data d, int j, double[] q) {
    double[] t = d.scratch36, ax = d.dofXaxis, an = d.dofXanchor;
    int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
    switch (m.jntType(j)) {
      case FREE -> {
        System.arraycopy(q, qa + 3, t, 0, 4);
        Quat.normalize(t, 0);
        System.arraycopy(q, qa, t, 4, 3);
        Quat.toMat(t, 8, t, 0);
        for (int k = 0; k < 3; k++) {
          // translations along the parent (world) axes, rotations about the body axes through its
          // origin
          int o = 3 * (da + k), r = 3 * (da + 3 + k);
          ax[o] = k == 0 ? 1 : 0;
          ax[o + 1] = k == 1 ? 1 : 0;
          ax[o + 2] = k == 2 ? 1 : 0;
          ax[r] = t[8 + k];
          ax[r + 1] = t[11 + k];
          ax[r + 2] = t[14 + k];
          System.arraycopy(t, 4, an, o, 3);
          System.arraycopy(t, 4, an, r, 3);
        }
      }
      case BALL -> {
        anchor(m, j, t);
        System.arraycopy(q, qa, t, 20, 4);
        Quat.normalize(t, 20);
        Quat.mul(t, 0, t, 0, t, 20);
        placeAtAnchor(m, j, t);
        Quat.toMat(t, 8, t, 0);
        for (int k = 0; k < 3; k++) {
          int o = 3 * (da + k);
          ax[o] = t[8 + k];
          ax[o + 1] = t[11 + k];
          ax[o + 2] = t[14 + k];
          System.arraycopy(t, 17, an, o, 3);
        }
      }
      case HINGE -> {
        anchor(m, j, t);
        axisInParent(m, j, t, ax, 3 * da);
        System.arraycopy(t, 17, an, 3 * da, 3);
        Quat.fromAxisAngle(
            t, 20, m.jntAxis(j, 0), m.jntAxis(j, 1), m.jntAxis(j, 2), q[qa] - m.qpos0(qa));
        Quat.mul(t, 0, t, 0, t, 20);
        placeAtAnchor(m, j, t);
      }
      case SLIDE -> {
        axisInParent(m, j, t, ax, 3 * da);
        double s = q[qa] - m.qpos0(qa);
        t[4] += ax[3 * da] * s;
        t[5] += ax[3 * da + 1] * s;
        t[6] += ax[3 * da + 2] * s;
        anchor(m, j, t);
        System.arraycopy(t, 17, an, 3 * da, 3);
      }
    }
  }

  /** t[17..19] = joint j's anchor in the parent frame with the current relative pose. */
  private static void anchor(Model m, int j, double[] t) {
    t[24] = m.jntPos(j, 0);
    t[25] = m.jntPos(j, 1);
    t[26] = m.jntPos(j, 2);
    Quat.rotate(t, 17, t, 0, t, 24);
    t[17] += t[4];
    t[18] += t[5];
    t[19] += t[6];
  }

  /**
   * Re-places the relative origin so that joint j's anchor (t[17..19]) stays fixed after a
   * rotation.
   */
  private static void placeAtAnchor(Model m, int j, double[] t) {
    t[24] = m.jntPos(j, 0);
    t[25] = m.jntPos(j, 1);
    t[26] = m.jntPos(j, 2);
    Quat.rotate(t, 27, t, 0, t, 24);
    t[4] = t[17] - t[27];
    t[5] = t[18] - t[28];
    t[6] = t[19] - t[29];
  }

  /** res = joint j's axis in the parent frame with the current relative orientation. */
  private static void axisInParent(Model m, int j, double[] t, double[] res, int ro) {
    t[24] = m.jntAxis(j, 0);
    t[25] = m.jntAxis(j, 1);
    t[26] = m.jntAxis(j, 2);
    Quat.rotate(res, ro, t, 0, t, 24);
  }

  /**
   * Columns of S in body coordinates at the body origin, from the parent-frame axes and anchors of
   * the joints: a rotation about axis a through anchor c moves the origin x with {@code a × (x -
   * c)}; a translation has no angular part. Uses the relative rotation in scratch36[8..16] and
   * position in [4..6].
   */
  private static void motionSubspace(Model m, Data d, int i) {
    int d0 = m.bodyDofAdr(i);
    double[] t = d.scratch36;
    for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
      int j = m.dofJnt(k);
      JointType type = m.jntType(j);
      boolean translation =
          type == JointType.SLIDE || (type == JointType.FREE && k < m.jntDofAdr(j) + 3);
      double axx = d.dofXaxis[3 * k], axy = d.dofXaxis[3 * k + 1], axz = d.dofXaxis[3 * k + 2];
      if (translation) {
        t[30] = 0;
        t[31] = 0;
        t[32] = 0;
        t[33] = axx;
        t[34] = axy;
        t[35] = axz;
      } else {
        double rx = t[4] - d.dofXanchor[3 * k];
        double ry = t[5] - d.dofXanchor[3 * k + 1];
        double rz = t[6] - d.dofXanchor[3 * k + 2];
        t[30] = axx;
        t[31] = axy;
        t[32] = axz;
        t[33] = axy * rz - axz * ry;
        t[34] = axz * rx - axx * rz;
        t[35] = axx * ry - axy * rx;
      }
      Mat3.mulTransVec(d.dofS, 6 * k, t, 8, t, 30);
      Mat3.mulTransVec(d.dofS, 6 * k + 3, t, 8, t, 33);
    }
  }

  /**
   * The spatial acceleration of the world body used by the dynamics passes: {@code a_0 = (0; -g)},
   * so that gravity acts on every body without a force term (RBDA §5.3). Writes {@code a[0..5]}.
   */
  public static void baseAcceleration(Model m, double[] a) {
    a[0] = 0;
    a[1] = 0;
    a[2] = 0;
    a[3] = -m.opt().gravity(0);
    a[4] = -m.opt().gravity(1);
    a[5] = -m.opt().gravity(2);
  }

  /**
   * Velocity stage: body velocities {@code v_i = X_i v_λ + S_i q̇_i} and the velocity-product
   * accelerations {@code c_i = c_J + v_i × S_i q̇_i}, where {@code c_J = -Σ_{k<l} (S_l q̇_l) × (S_k
   * q̇_k)} over the joints of a body (a free joint counts as a translation followed by a rotation).
   * Requires {@link #forward}.
   */
  public static void velocity(Model m, Data d) {
    double[] v = d.bodyVel, c = d.bodyBias, cj = d.cJ, s = d.dofS, qd = d.qvel, vj = d.scratch6;
    for (int k = 0; k < 6; k++) {
      v[k] = 0;
      c[k] = 0;
    }
    int nb = m.nbody();
    for (int i = 1; i < nb; i++) {
      int o = 6 * i, d0 = m.bodyDofAdr(i), nd = m.bodyDofNum(i);
      SpatialOps.transformMotion(v, o, d.xRot, 9 * i, d.xTrans, 3 * i, v, 6 * m.bodyParent(i));
      if (nd == 1) {
        // one dof: c_J = 0
        double w = qd[d0];
        int so = 6 * d0;
        for (int r = 0; r < 6; r++) {
          vj[r] = s[so + r] * w;
          v[o + r] += vj[r];
        }
        SpatialOps.crossMotion(c, o, v, o, vj, 0);
        continue;
      }
      for (int k = 0; k < 6; k++) {
        vj[k] = 0;
        cj[o + k] = 0;
      }
      for (int k = d0; k >= 0 && k < d0 + nd; k++) {
        for (int r = 0; r < 6; r++) {
          vj[r] += s[6 * k + r] * qd[k];
        }
      }
      if (nd > 0 && (m.bodyJntNum(i) > 1 || m.jntType(m.bodyJntAdr(i)) == JointType.FREE)) {
        jointVelocityProduct(m, d, i);
      }
      for (int r = 0; r < 6; r++) {
        v[o + r] += vj[r];
      }
      SpatialOps.crossMotion(c, o, v, o, vj, 0);
      for (int r = 0; r < 6; r++) {
        c[o + r] += cj[o + r];
      }
    }
  }

  /**
   * c_J of body i with several joints (or a free joint): sweep the joint groups from last to first.
   */
  private static void jointVelocityProduct(Model m, Data d, int i) {
    double[] later = d.scratch36, group = d.scratch36;
    int lo = 0, go = 6, xo = 12;
    for (int r = 0; r < 6; r++) {
      later[lo + r] = 0;
    }
    int j0 = m.bodyJntAdr(i);
    for (int j = j0 + m.bodyJntNum(i) - 1; j >= j0; j--) {
      int da = m.jntDofAdr(j), nd = m.jntType(j).nv;
      if (m.jntType(j) == JointType.FREE) {
        // rotation group, then translation group
        groupVelocity(d, da + 3, 3, group, go);
        addToLater(later, lo, group, go);
        groupVelocity(d, da, 3, group, go);
      } else {
        groupVelocity(d, da, nd, group, go);
      }
      SpatialOps.crossMotion(group, xo, later, lo, group, go);
      for (int r = 0; r < 6; r++) {
        d.cJ[6 * i + r] -= group[xo + r];
      }
      addToLater(later, lo, group, go);
    }
  }

  private static void groupVelocity(Data d, int da, int nd, double[] out, int oo) {
    for (int r = 0; r < 6; r++) {
      double sum = 0;
      for (int k = da; k < da + nd; k++) {
        sum += d.dofS[6 * k + r] * d.qvel[k];
      }
      out[oo + r] = sum;
    }
  }

  private static void addToLater(double[] later, int lo, double[] g, int go) {
    for (int r = 0; r < 6; r++) {
      later[lo + r] += g[go + r];
    }
  }
}
