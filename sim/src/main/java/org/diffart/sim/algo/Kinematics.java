package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;
import org.diffart.sim.spatial.SpatialOps;

/**
 * Forward kinematics with MuJoCo's joint semantics: body poses, the parent-to-body Plücker transforms, the motion
 * subspaces {@code S} in body coordinates, geom poses ({@link #forward}); body velocities and velocity-product
 * accelerations ({@link #velocity}).
 */
public final class Kinematics {
  private Kinematics() {}

  /**
   * Position stage: writes {@code xpos, xquat, xmat, xRot, xTrans, dofXaxis, dofXanchor, dofS, geomXpos, geomXmat}
   * from {@code qpos}. Quaternions in {@code qpos} are used normalised but not modified.
   */
  public static void forward(Model m, Data d) {
    double[] q = d.qpos;
    double[] xpos = d.xpos, xquat = d.xquat, xmat = d.xmat, t = d.scratch6;
    Quat.identity(xquat, 0);
    xmat[0] = 1;
    xmat[4] = 1;
    xmat[8] = 1;
    for (int i = 1; i < m.nbody(); i++) {
      int p = m.bodyParent(i);
      int qo = 4 * i, po = 3 * i;
      // body frame at its offset in the parent
      t[0] = m.bodyPos(i, 0);
      t[1] = m.bodyPos(i, 1);
      t[2] = m.bodyPos(i, 2);
      Quat.rotate(xpos, po, xquat, 4 * p, t, 0);
      xpos[po] += xpos[3 * p];
      xpos[po + 1] += xpos[3 * p + 1];
      xpos[po + 2] += xpos[3 * p + 2];
      for (int k = 0; k < 4; k++) {
        t[k] = m.bodyQuat(i, k);
      }
      Quat.mul(xquat, qo, xquat, 4 * p, t, 0);
      // joints, in declaration order
      int j0 = m.bodyJntAdr(i);
      for (int j = j0; j >= 0 && j < j0 + m.bodyJntNum(i); j++) {
        applyJoint(m, d, i, j, q);
      }
      Quat.normalize(xquat, qo);
      Quat.toMat(xmat, 9 * i, xquat, qo);
      relativeTransform(d, i, p);
      motionSubspace(m, d, i);
    }
    for (int g = 0; g < m.ngeom(); g++) {
      int b = m.geomBody(g);
      t[0] = m.geomPos(g, 0);
      t[1] = m.geomPos(g, 1);
      t[2] = m.geomPos(g, 2);
      Mat3.mulVec(d.geomXpos, 3 * g, xmat, 9 * b, t, 0);
      d.geomXpos[3 * g] += xpos[3 * b];
      d.geomXpos[3 * g + 1] += xpos[3 * b + 1];
      d.geomXpos[3 * g + 2] += xpos[3 * b + 2];
      for (int k = 0; k < 4; k++) {
        t[k] = m.geomQuat(g, k);
      }
      Quat.mul(d.scratch36, 0, xquat, 4 * b, t, 0);
      Quat.toMat(d.geomXmat, 9 * g, d.scratch36, 0);
    }
  }

  /** Moves body i's frame (xpos, xquat) by joint j and records the world axes and anchors of its dofs. */
  private static void applyJoint(Model m, Data d, int i, int j, double[] q) {
    double[] xpos = d.xpos, xquat = d.xquat, ax = d.dofXaxis, an = d.dofXanchor, t = d.scratch36;
    int qa = m.jntQposAdr(j), da = m.jntDofAdr(j), qo = 4 * i, po = 3 * i;
    switch (m.jntType(j)) {
      case FREE -> {
        System.arraycopy(q, qa, xpos, po, 3);
        System.arraycopy(q, qa + 3, xquat, qo, 4);
        Quat.normalize(xquat, qo);
        for (int k = 0; k < 3; k++) {
          // translations along the world axes; rotation axes set from the body frame below
          ax[3 * (da + k)] = k == 0 ? 1 : 0;
          ax[3 * (da + k) + 1] = k == 1 ? 1 : 0;
          ax[3 * (da + k) + 2] = k == 2 ? 1 : 0;
        }
        Quat.toMat(t, 0, xquat, qo);
        for (int k = 0; k < 3; k++) {
          int o = 3 * (da + 3 + k);
          ax[o] = t[k];
          ax[o + 1] = t[3 + k];
          ax[o + 2] = t[6 + k];
          System.arraycopy(xpos, po, an, o, 3);
          System.arraycopy(xpos, po, an, 3 * (da + k), 3);
        }
      }
      case BALL -> {
        anchor(m, d, i, j, t);
        System.arraycopy(q, qa, t, 3, 4);
        Quat.normalize(t, 3);
        Quat.mul(xquat, qo, xquat, qo, t, 3);
        placeAtAnchor(m, d, i, j, t);
        Quat.toMat(t, 9, xquat, qo);
        for (int k = 0; k < 3; k++) {
          int o = 3 * (da + k);
          ax[o] = t[9 + k];
          ax[o + 1] = t[12 + k];
          ax[o + 2] = t[15 + k];
          System.arraycopy(t, 0, an, o, 3);
        }
      }
      case HINGE -> {
        anchor(m, d, i, j, t);
        axisWorld(m, d, i, j, ax, 3 * da);
        System.arraycopy(t, 0, an, 3 * da, 3);
        Quat.fromAxisAngle(t, 3, m.jntAxis(j, 0), m.jntAxis(j, 1), m.jntAxis(j, 2), q[qa] - m.qpos0(qa));
        Quat.mul(xquat, qo, xquat, qo, t, 3);
        placeAtAnchor(m, d, i, j, t);
      }
      case SLIDE -> {
        axisWorld(m, d, i, j, ax, 3 * da);
        double s = q[qa] - m.qpos0(qa);
        xpos[po] += ax[3 * da] * s;
        xpos[po + 1] += ax[3 * da + 1] * s;
        xpos[po + 2] += ax[3 * da + 2] * s;
        anchor(m, d, i, j, t);
        System.arraycopy(t, 0, an, 3 * da, 3);
      }
    }
  }

  /** t[0..2] = world position of joint j's anchor with body i's current frame. */
  private static void anchor(Model m, Data d, int i, int j, double[] t) {
    t[20] = m.jntPos(j, 0);
    t[21] = m.jntPos(j, 1);
    t[22] = m.jntPos(j, 2);
    Quat.rotate(t, 0, d.xquat, 4 * i, t, 20);
    t[0] += d.xpos[3 * i];
    t[1] += d.xpos[3 * i + 1];
    t[2] += d.xpos[3 * i + 2];
  }

  /** Re-places body i's origin so that joint j's anchor (t[0..2], world) stays fixed after a rotation. */
  private static void placeAtAnchor(Model m, Data d, int i, int j, double[] t) {
    t[20] = m.jntPos(j, 0);
    t[21] = m.jntPos(j, 1);
    t[22] = m.jntPos(j, 2);
    Quat.rotate(t, 23, d.xquat, 4 * i, t, 20);
    d.xpos[3 * i] = t[0] - t[23];
    d.xpos[3 * i + 1] = t[1] - t[24];
    d.xpos[3 * i + 2] = t[2] - t[25];
  }

  /** res = joint j's axis in the world with body i's current frame. */
  private static void axisWorld(Model m, Data d, int i, int j, double[] res, int ro) {
    double[] t = d.scratch36;
    t[26] = m.jntAxis(j, 0);
    t[27] = m.jntAxis(j, 1);
    t[28] = m.jntAxis(j, 2);
    Quat.rotate(res, ro, d.xquat, 4 * i, t, 26);
  }

  /** Parent-to-body transform: {@code E = R_iᵀ R_p}, {@code r = R_pᵀ (x_i - x_p)}. */
  private static void relativeTransform(Data d, int i, int p) {
    Mat3.mulTransA(d.xRot, 9 * i, d.xmat, 9 * i, d.xmat, 9 * p);
    double[] t = d.scratch6;
    t[0] = d.xpos[3 * i] - d.xpos[3 * p];
    t[1] = d.xpos[3 * i + 1] - d.xpos[3 * p + 1];
    t[2] = d.xpos[3 * i + 2] - d.xpos[3 * p + 2];
    Mat3.mulTransVec(d.xTrans, 3 * i, d.xmat, 9 * p, t, 0);
  }

  /**
   * Columns of S in body coordinates at the body origin: a rotation about world axis a through anchor c moves the
   * origin x with {@code a × (x - c)}; a translation has no angular part.
   */
  private static void motionSubspace(Model m, Data d, int i) {
    int d0 = m.bodyDofAdr(i);
    double[] t = d.scratch6;
    for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
      int j = m.dofJnt(k);
      JointType type = m.jntType(j);
      boolean translation = type == JointType.SLIDE || (type == JointType.FREE && k < m.jntDofAdr(j) + 3);
      double axx = d.dofXaxis[3 * k], axy = d.dofXaxis[3 * k + 1], axz = d.dofXaxis[3 * k + 2];
      if (translation) {
        t[0] = 0;
        t[1] = 0;
        t[2] = 0;
        t[3] = axx;
        t[4] = axy;
        t[5] = axz;
      } else {
        double rx = d.xpos[3 * i] - d.dofXanchor[3 * k];
        double ry = d.xpos[3 * i + 1] - d.dofXanchor[3 * k + 1];
        double rz = d.xpos[3 * i + 2] - d.dofXanchor[3 * k + 2];
        t[0] = axx;
        t[1] = axy;
        t[2] = axz;
        t[3] = axy * rz - axz * ry;
        t[4] = axz * rx - axx * rz;
        t[5] = axx * ry - axy * rx;
      }
      Mat3.mulTransVec(d.dofS, 6 * k, d.xmat, 9 * i, t, 0);
      Mat3.mulTransVec(d.dofS, 6 * k + 3, d.xmat, 9 * i, t, 3);
    }
  }

  /**
   * The spatial acceleration of the world body used by the dynamics passes: {@code a_0 = (0; -g)}, so that gravity acts
   * on every body without a force term (RBDA §5.3). Writes {@code a[0..5]}.
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
   * Velocity stage: body velocities {@code v_i = X_i v_λ + S_i q̇_i} and the velocity-product accelerations {@code c_i
   * = c_J + v_i × S_i q̇_i}, where {@code c_J = -Σ_{k<l} (S_l q̇_l) × (S_k q̇_k)} over the joints of a body (a free joint
   * counts as a translation followed by a rotation). Requires {@link #forward}.
   */
  public static void velocity(Model m, Data d) {
    double[] v = d.bodyVel, c = d.bodyBias, cj = d.cJ, s = d.dofS, qd = d.qvel, vj = d.scratch6;
    for (int k = 0; k < 6; k++) {
      v[k] = 0;
      c[k] = 0;
    }
    for (int i = 1; i < m.nbody(); i++) {
      int p = m.bodyParent(i), o = 6 * i;
      SpatialOps.transformMotion(v, o, d.xRot, 9 * i, d.xTrans, 3 * i, v, 6 * p);
      for (int k = 0; k < 6; k++) {
        vj[k] = 0;
        cj[o + k] = 0;
      }
      int d0 = m.bodyDofAdr(i), nd = m.bodyDofNum(i);
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

  /** c_J of body i with several joints (or a free joint): sweep the joint groups from last to first. */
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
