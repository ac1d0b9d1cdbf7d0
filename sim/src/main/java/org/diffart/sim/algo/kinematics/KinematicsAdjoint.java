package org.diffart.sim.algo.kinematics;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;
import org.diffart.sim.spatial.SpatialOps;
import org.diffart.sim.spatial.Trig;

/**
 * Adjoints of {@link Kinematics}: the position stage ({@link #forward}), geom poses ({@link
 * #geoms}) and the velocity stage ({@link #velocity}), each reading the forward intermediates from
 * {@link Data} and turning the bars of the stage's outputs into bars of its inputs ({@code
 * qposBar}, {@code qvelBar}), line by line through the same formulas.
 */
public final class KinematicsAdjoint {
  private KinematicsAdjoint() {}

  /**
   * Adjoint of {@link Kinematics#forward}: consumes {@code xposBar, xquatBar, xmatBar, xquatRelBar,
   * xRotBar, xTransBar, dofSBar} and accumulates into {@code qposBar}.
   */
  public static void forward(Model m, Data d, DataBar b) {
    int nb = m.nbody();
    // pass 2 reversed, children first: xquat_i = xquat_p ⊗ q_rel, xmat_i = R(xquat_i), xpos_i =
    // xmat_p r_i + xpos_p
    for (int i = nb - 1; i > 0; i--) {
      int p = m.bodyParent(i);
      Mat3.mulVecAdjoint(
          b.xposBar, 3 * i, d.xmat, 9 * p, d.xTrans, 3 * i, b.xmatBar, 9 * p, b.xTransBar, 3 * i);
      for (int k = 0; k < 3; k++) {
        b.xposBar[3 * p + k] += b.xposBar[3 * i + k];
        b.xposBar[3 * i + k] = 0;
      }
      Quat.toMatAdjoint(b.xmatBar, 9 * i, d.xquat, 4 * i, b.xquatBar, 4 * i);
      Quat.mulAdjoint(
          b.xquatBar,
          4 * i,
          d.xquat,
          4 * p,
          d.xquatRel,
          4 * i,
          b.xquatBar,
          4 * p,
          b.xquatRelBar,
          4 * i);
      java.util.Arrays.fill(b.xmatBar, 9 * i, 9 * i + 9, 0);
      java.util.Arrays.fill(b.xquatBar, 4 * i, 4 * i + 4, 0);
    }
    java.util.Arrays.fill(b.xposBar, 0, 3, 0);
    java.util.Arrays.fill(b.xquatBar, 0, 4, 0);
    java.util.Arrays.fill(b.xmatBar, 0, 9, 0);
    // pass 1 reversed: each body's relative pose from its joints
    for (int i = 1; i < nb; i++) {
      int j0 = m.bodyJntAdr(i);
      if (m.bodyJntNum(i) == 1 && m.jntType(j0) == JointType.HINGE) {
        hingeBody(m, d, b, i, j0);
      } else {
        jointsBody(m, d, b, i, j0);
      }
      java.util.Arrays.fill(b.xquatRelBar, 4 * i, 4 * i + 4, 0);
      java.util.Arrays.fill(b.xRotBar, 9 * i, 9 * i + 9, 0);
      java.util.Arrays.fill(b.xTransBar, 3 * i, 3 * i + 3, 0);
    }
    java.util.Arrays.fill(b.dofSBar, 0);
  }

  /**
   * A body with one hinge: {@code q_rel = q_body ⊗ j(θ)}, {@code E = R(q_rel)ᵀ}, {@code r = … -
   * R(q_rel) a}.
   */
  private static void hingeBody(Model m, Data d, DataBar b, int i, int j) {
    double[] g = b.chainBar, t = b.scratch36;
    // R̄_rel from E = R_relᵀ and from r = c - R_rel a
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        g[3 * r + c] = b.xRotBar[9 * i + 3 * c + r];
      }
    }
    double px = m.jntPos(j, 0), py = m.jntPos(j, 1), pz = m.jntPos(j, 2);
    for (int r = 0; r < 3; r++) {
      double tb = b.xTransBar[3 * i + r];
      g[3 * r] -= tb * px;
      g[3 * r + 1] -= tb * py;
      g[3 * r + 2] -= tb * pz;
    }
    for (int k = 0; k < 4; k++) {
      t[k] = b.xquatRelBar[4 * i + k];
      t[4 + k] = m.bodyQuat(i, k);
      t[8 + k] = 0;
      t[12 + k] = 0;
    }
    Quat.toMatAdjoint(g, 0, d.xquatRel, 4 * i, t, 0);
    // q_rel = q_body ⊗ j(θ), θ = q - qpos0
    int qa = m.jntQposAdr(j);
    double theta = d.qpos[qa] - m.qpos0(qa);
    double half = 0.5 * theta;
    t[16] = Trig.cos(half);
    t[17] = Trig.sin(half) * m.jntAxis(j, 0);
    t[18] = Trig.sin(half) * m.jntAxis(j, 1);
    t[19] = Trig.sin(half) * m.jntAxis(j, 2);
    Quat.mulAdjoint(t, 0, t, 4, t, 16, t, 8, t, 12);
    b.qposBar[qa] +=
        Quat.fromAxisAngleAdjoint(t, 12, m.jntAxis(j, 0), m.jntAxis(j, 1), m.jntAxis(j, 2), theta);
  }

  /**
   * Any other body: replay its joints from the body offset keeping the pose before each, then
   * reverse the motion subspace, the final normalisation and each joint.
   */
  private static void jointsBody(Model m, Data d, DataBar b, int i, int j0) {
    int nj = m.bodyJntNum(i);
    double[] t = d.scratch36, h = b.chain, g = b.chainBar;
    for (int k = 0; k < 4; k++) {
      t[k] = m.bodyQuat(i, k);
    }
    t[4] = m.bodyPos(i, 0);
    t[5] = m.bodyPos(i, 1);
    t[6] = m.bodyPos(i, 2);
    for (int k = 0; k < nj; k++) {
      System.arraycopy(t, 0, h, 7 * k, 7);
      Kinematics.applyJoint(m, d, j0 + k, d.qpos);
    }
    System.arraycopy(t, 0, h, 7 * nj, 7);
    // g = (q̄ [0..3], pos̄ [4..6], R̄ [7..15]) of the final relative pose; R = R(xquatRel_i), E =
    // Rᵀ
    java.util.Arrays.fill(g, 0);
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        g[7 + 3 * r + c] = b.xRotBar[9 * i + 3 * c + r];
      }
      g[4 + r] = b.xTransBar[3 * i + r];
    }
    for (int k = 0; k < 4; k++) {
      g[k] = b.xquatRelBar[4 * i + k];
    }
    motionSubspace(m, d, b, i, g);
    Quat.toMatAdjoint(g, 7, d.xquatRel, 4 * i, g, 0);
    Quat.normalizeAdjoint(h, 7 * nj, g, 0);
    for (int k = nj - 1; k >= 0; k--) {
      joint(m, d, b, j0 + k, h, 7 * k, g);
    }
  }

  /**
   * Adjoint of the motion subspace of body i: dofSBar into R̄ (g[7..]), pos̄ (g[4..6]), axis and
   * anchor bars.
   */
  private static void motionSubspace(Model m, Data d, DataBar b, int i, double[] g) {
    int d0 = m.bodyDofAdr(i);
    double[] t = b.scratch36, rot = d.xRot;
    // R row-major from E = Rᵀ
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        t[3 * r + c] = rot[9 * i + 3 * c + r];
      }
    }
    for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
      int j = m.dofJnt(k);
      JointType type = m.jntType(j);
      boolean translation =
          type == JointType.SLIDE || (type == JointType.FREE && k < m.jntDofAdr(j) + 3);
      double ax = d.dofXaxis[3 * k], ay = d.dofXaxis[3 * k + 1], az = d.dofXaxis[3 * k + 2];
      for (int r = 0; r < 6; r++) {
        t[12 + r] = 0;
      }
      if (translation) {
        t[9] = ax;
        t[10] = ay;
        t[11] = az;
        Mat3.mulTransVecAdjoint(b.dofSBar, 6 * k + 3, t, 0, t, 9, g, 7, t, 15);
        b.dofXaxisBar[3 * k] += t[15];
        b.dofXaxisBar[3 * k + 1] += t[16];
        b.dofXaxisBar[3 * k + 2] += t[17];
        continue;
      }
      double rx = d.xTrans[3 * i] - d.dofXanchor[3 * k];
      double ry = d.xTrans[3 * i + 1] - d.dofXanchor[3 * k + 1];
      double rz = d.xTrans[3 * i + 2] - d.dofXanchor[3 * k + 2];
      t[9] = ax;
      t[10] = ay;
      t[11] = az;
      Mat3.mulTransVecAdjoint(b.dofSBar, 6 * k, t, 0, t, 9, g, 7, t, 12);
      t[9] = ay * rz - az * ry;
      t[10] = az * rx - ax * rz;
      t[11] = ax * ry - ay * rx;
      Mat3.mulTransVecAdjoint(b.dofSBar, 6 * k + 3, t, 0, t, 9, g, 7, t, 15);
      // w = a × r: ā += r × w̄, r̄ = w̄ × a
      double wx = t[15], wy = t[16], wz = t[17];
      b.dofXaxisBar[3 * k] += t[12] + (ry * wz - rz * wy);
      b.dofXaxisBar[3 * k + 1] += t[13] + (rz * wx - rx * wz);
      b.dofXaxisBar[3 * k + 2] += t[14] + (rx * wy - ry * wx);
      double sx = wy * az - wz * ay, sy = wz * ax - wx * az, sz = wx * ay - wy * ax;
      g[4] += sx;
      g[5] += sy;
      g[6] += sz;
      b.dofXanchorBar[3 * k] -= sx;
      b.dofXanchorBar[3 * k + 1] -= sy;
      b.dofXanchorBar[3 * k + 2] -= sz;
    }
  }

  /**
   * Reverses joint j of {@link Kinematics#applyJoint}: the pose before it is {@code h[o..o+6]}; g
   * holds the bars of the pose after it on entry ({@code q̄} g[0..3], {@code pos̄} g[4..6]) and
   * before it on exit. Consumes the joint's axis and anchor bars.
   */
  private static void joint(Model m, Data d, DataBar b, int j, double[] h, int o, double[] g) {
    double[] t = b.scratch36, q = d.qpos;
    int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
    double[] ax = b.dofXaxisBar, an = b.dofXanchorBar;
    // t[0..3] q before, t[4..6] pos before, t[8..11] q after, t[12..15] scratch bar, t[16..19]
    // scratch quaternion
    System.arraycopy(h, o, t, 0, 7);
    switch (m.jntType(j)) {
      case FREE -> {
        System.arraycopy(q, qa + 3, t, 8, 4);
        Quat.normalize(t, 8);
        java.util.Arrays.fill(t, 20, 29, 0);
        for (int k = 0; k < 6; k++) {
          for (int r = 0; r < 3; r++) {
            g[4 + r] += an[3 * (da + k) + r];
          }
        }
        for (int k = 0; k < 3; k++) {
          for (int r = 0; r < 3; r++) {
            t[20 + 3 * r + k] = ax[3 * (da + 3 + k) + r];
          }
        }
        Quat.toMatAdjoint(t, 20, t, 8, g, 0);
        for (int r = 0; r < 3; r++) {
          b.qposBar[qa + r] += g[4 + r];
        }
        System.arraycopy(q, qa + 3, t, 16, 4);
        Quat.normalizeAdjoint(t, 16, g, 0);
        for (int k = 0; k < 4; k++) {
          b.qposBar[qa + 3 + k] += g[k];
          g[k] = 0;
        }
        g[4] = 0;
        g[5] = 0;
        g[6] = 0;
      }
      case BALL -> {
        System.arraycopy(q, qa, t, 16, 4);
        Quat.normalize(t, 16);
        Quat.mul(t, 8, t, 0, t, 16);
        // axes: columns of R(q1); anchors: c
        java.util.Arrays.fill(t, 20, 29, 0);
        double cx = 0, cy = 0, cz = 0;
        for (int k = 0; k < 3; k++) {
          for (int r = 0; r < 3; r++) {
            t[20 + 3 * r + k] = ax[3 * (da + k) + r];
          }
          cx += an[3 * (da + k)];
          cy += an[3 * (da + k) + 1];
          cz += an[3 * (da + k) + 2];
        }
        Quat.toMatAdjoint(t, 20, t, 8, g, 0);
        // pos1 = c - R(q1) a
        cx += g[4];
        cy += g[5];
        cz += g[6];
        rotateBarQ(m, j, t, 8, -g[4], -g[5], -g[6], g, 0, false);
        // q1 = q0 ⊗ qb
        double[] qb = b.scratch6;
        java.util.Arrays.fill(t, 12, 16, 0);
        qb[0] = 0;
        qb[1] = 0;
        qb[2] = 0;
        qb[3] = 0;
        Quat.mulAdjoint(g, 0, t, 0, t, 16, t, 12, qb, 0);
        System.arraycopy(t, 12, g, 0, 4);
        System.arraycopy(q, qa, t, 16, 4);
        Quat.normalizeAdjoint(t, 16, qb, 0);
        for (int k = 0; k < 4; k++) {
          b.qposBar[qa + k] += qb[k];
        }
        // c = R(q0) a + pos0
        g[4] = cx;
        g[5] = cy;
        g[6] = cz;
        rotateBarQ(m, j, t, 0, cx, cy, cz, g, 0, false);
      }
      case HINGE -> {
        double theta = q[qa] - m.qpos0(qa);
        Quat.fromAxisAngle(t, 16, m.jntAxis(j, 0), m.jntAxis(j, 1), m.jntAxis(j, 2), theta);
        Quat.mul(t, 8, t, 0, t, 16);
        double cx = an[3 * da] + g[4], cy = an[3 * da + 1] + g[5], cz = an[3 * da + 2] + g[6];
        rotateBarQ(m, j, t, 8, -g[4], -g[5], -g[6], g, 0, false);
        java.util.Arrays.fill(t, 12, 16, 0);
        java.util.Arrays.fill(t, 20, 24, 0);
        Quat.mulAdjoint(g, 0, t, 0, t, 16, t, 12, t, 20);
        System.arraycopy(t, 12, g, 0, 4);
        b.qposBar[qa] +=
            Quat.fromAxisAngleAdjoint(
                t, 20, m.jntAxis(j, 0), m.jntAxis(j, 1), m.jntAxis(j, 2), theta);
        rotateBarQ(m, j, t, 0, ax[3 * da], ax[3 * da + 1], ax[3 * da + 2], g, 0, true);
        g[4] = cx;
        g[5] = cy;
        g[6] = cz;
        rotateBarQ(m, j, t, 0, cx, cy, cz, g, 0, false);
      }
      case SLIDE -> {
        double s = q[qa] - m.qpos0(qa);
        // a_par = R(q0) u; pos1 = pos0 + a_par s; c = R(q1) a + pos1, q1 = q0
        t[16] = m.jntAxis(j, 0);
        t[17] = m.jntAxis(j, 1);
        t[18] = m.jntAxis(j, 2);
        Quat.rotate(t, 20, t, 0, t, 16);
        double cx = an[3 * da], cy = an[3 * da + 1], cz = an[3 * da + 2];
        g[4] += cx;
        g[5] += cy;
        g[6] += cz;
        rotateBarQ(m, j, t, 0, cx, cy, cz, g, 0, false);
        b.qposBar[qa] += t[20] * g[4] + t[21] * g[5] + t[22] * g[6];
        rotateBarQ(
            m,
            j,
            t,
            0,
            ax[3 * da] + s * g[4],
            ax[3 * da + 1] + s * g[5],
            ax[3 * da + 2] + s * g[6],
            g,
            0,
            true);
      }
    }
    for (int k = da; k < da + m.jntType(j).nv; k++) {
      for (int r = 0; r < 3; r++) {
        ax[3 * k + r] = 0;
        an[3 * k + r] = 0;
      }
    }
  }

  /**
   * q̄ (at g[go..]) += the bar of q from {@code res = R(q) v} with res̄ = (x, y, z), where v is
   * joint j's axis (when {@code axis}) or its anchor, and q is t[qo..qo+3].
   */
  private static void rotateBarQ(
      Model m,
      int j,
      double[] t,
      int qo,
      double x,
      double y,
      double z,
      double[] g,
      int go,
      boolean axis) {
    double[] w = t;
    w[24] = axis ? m.jntAxis(j, 0) : m.jntPos(j, 0);
    w[25] = axis ? m.jntAxis(j, 1) : m.jntPos(j, 1);
    w[26] = axis ? m.jntAxis(j, 2) : m.jntPos(j, 2);
    w[27] = x;
    w[28] = y;
    w[29] = z;
    w[30] = 0;
    w[31] = 0;
    w[32] = 0;
    Quat.rotateAdjoint(w, 27, t, qo, w, 24, g, go, w, 30);
  }

  /**
   * Adjoint of {@link Kinematics#sites}: consumes {@code siteXposBar, siteXmatBar} into the bars of
   * the body poses ({@code xposBar, xmatBar, xquatBar}).
   */
  public static void sites(Model m, Data d, DataBar b) {
    for (int i = 0; i < m.nsite(); i++) {
      site(m, d, b, i);
    }
  }

  /** Adjoint of {@link Kinematics#site}: consumes site i's {@code siteXposBar, siteXmatBar}. */
  public static void site(Model m, Data d, DataBar b, int i) {
    double[] t = b.scratch36;
    for (int k = 0; k < 3; k++) {
      t[k] = m.sitePos(i, k);
    }
    for (int k = 0; k < 4; k++) {
      t[6 + k] = m.siteQuat(i, k);
    }
    attached(d, b, m.siteBody(i), b.siteXposBar, 3 * i, b.siteXmatBar, 9 * i);
  }

  /**
   * Adjoint of {@link Kinematics#geoms}: consumes {@code geomXposBar, geomXmatBar} into the bars of
   * the body poses ({@code xposBar, xmatBar, xquatBar}).
   */
  public static void geoms(Model m, Data d, DataBar b) {
    for (int g = 0; g < m.ngeom(); g++) {
      geom(m, d, b, g);
    }
  }

  /** Adjoint of {@link Kinematics#geom}: consumes geom g's {@code geomXposBar, geomXmatBar}. */
  public static void geom(Model m, Data d, DataBar b, int g) {
    double[] t = b.scratch36;
    for (int k = 0; k < 3; k++) {
      t[k] = m.geomPos(g, k);
    }
    for (int k = 0; k < 4; k++) {
      t[6 + k] = m.geomQuat(g, k);
    }
    attached(d, b, m.geomBody(g), b.geomXposBar, 3 * g, b.geomXmatBar, 9 * g);
  }

  /**
   * Adjoint of a frame attached to a body at the local position {@code scratch36[0..2]} and
   * orientation {@code scratch36[6..9]}: {@code x = x_b + R_b p}, {@code R = R(q_b ⊗ q)}; consumes
   * the frame's bars {@code posBar[po..]} and {@code matBar[mo..]} into the body's.
   */
  private static void attached(
      Data d, DataBar b, int body, double[] posBar, int po, double[] matBar, int mo) {
    double[] t = b.scratch36;
    Mat3.mulVecAdjoint(posBar, po, d.xmat, 9 * body, t, 0, b.xmatBar, 9 * body, t, 3);
    for (int k = 0; k < 3; k++) {
      b.xposBar[3 * body + k] += posBar[po + k];
      posBar[po + k] = 0;
    }
    for (int k = 0; k < 4; k++) {
      t[14 + k] = 0;
      t[18 + k] = 0;
    }
    Quat.mul(t, 10, d.xquat, 4 * body, t, 6);
    Quat.toMatAdjoint(matBar, mo, t, 10, t, 14);
    Quat.mulAdjoint(t, 14, d.xquat, 4 * body, t, 6, b.xquatBar, 4 * body, t, 18);
    java.util.Arrays.fill(matBar, mo, mo + 9, 0);
  }

  /**
   * Adjoint of {@link Kinematics#velocity}: consumes {@code bodyVelBar, bodyBiasBar} and
   * accumulates into {@code xRotBar, xTransBar, dofSBar, qvelBar}.
   */
  public static void velocity(Model m, Data d, DataBar b) {
    double[] v = d.bodyVel, s = d.dofS, qd = d.qvel, vj = b.scratch6, vjBar = b.scratch36;
    for (int i = m.nbody() - 1; i > 0; i--) {
      int o = 6 * i, d0 = m.bodyDofAdr(i), nd = m.bodyDofNum(i), p = m.bodyParent(i);
      // vj = Σ S_k q̇_k as the forward summed it
      for (int r = 0; r < 6; r++) {
        vj[r] = 0;
        vjBar[r] = 0;
      }
      if (nd == 1) {
        for (int r = 0; r < 6; r++) {
          vj[r] = s[6 * d0 + r] * qd[d0];
        }
      } else {
        for (int k = d0; k >= 0 && k < d0 + nd; k++) {
          for (int r = 0; r < 6; r++) {
            vj[r] += s[6 * k + r] * qd[k];
          }
        }
      }
      // c_i = v_i × vj (+ c_J)
      SpatialOps.crossMotionAdjoint(b.bodyBiasBar, o, v, o, vj, 0, b.bodyVelBar, o, vjBar, 0);
      if (nd > 1 && (m.bodyJntNum(i) > 1 || m.jntType(m.bodyJntAdr(i)) == JointType.FREE)) {
        jointVelocityProduct(m, d, b, i);
      }
      // v_i = X v_λ + vj
      for (int r = 0; r < 6; r++) {
        vjBar[r] += b.bodyVelBar[o + r];
      }
      SpatialOps.transformMotionAdjoint(
          b.bodyVelBar,
          o,
          d.xRot,
          9 * i,
          d.xTrans,
          3 * i,
          v,
          6 * p,
          b.xRotBar,
          9 * i,
          b.xTransBar,
          3 * i,
          b.bodyVelBar,
          6 * p);
      for (int k = d0; k >= 0 && k < d0 + nd; k++) {
        double dot = 0;
        for (int r = 0; r < 6; r++) {
          b.dofSBar[6 * k + r] += qd[k] * vjBar[r];
          dot += s[6 * k + r] * vjBar[r];
        }
        b.qvelBar[k] += dot;
      }
      for (int r = 0; r < 6; r++) {
        b.bodyVelBar[o + r] = 0;
        b.bodyBiasBar[o + r] = 0;
      }
    }
    java.util.Arrays.fill(b.bodyVelBar, 0, 6, 0);
    java.util.Arrays.fill(b.bodyBiasBar, 0, 6, 0);
  }

  /**
   * Adjoint of the joint velocity product c_J of body i (see {@link Kinematics#velocity}), whose
   * bar is the body's bodyBiasBar: replays the joint groups from last to first, then reverses them.
   */
  private static void jointVelocityProduct(Model m, Data d, DataBar b, int i) {
    double[] h = b.velocityChain;
    int j0 = m.bodyJntAdr(i), nj = m.bodyJntNum(i);
    // replay: per joint n (from the last), h[18n..]: later before the cross product, group, and for
    // a free joint
    // its rotation group
    double[] later = b.scratch36;
    for (int r = 0; r < 6; r++) {
      later[24 + r] = 0;
    }
    for (int n = 0; n < nj; n++) {
      int j = j0 + nj - 1 - n, da = m.jntDofAdr(j), o = 18 * n;
      if (m.jntType(j) == JointType.FREE) {
        group(d, da + 3, 3, h, o + 12);
        for (int r = 0; r < 6; r++) {
          later[24 + r] += h[o + 12 + r];
        }
        group(d, da, 3, h, o + 6);
      } else {
        group(d, da, m.jntType(j).nv, h, o + 6);
      }
      for (int r = 0; r < 6; r++) {
        h[o + r] = later[24 + r];
        later[24 + r] += h[o + 6 + r];
      }
    }
    // reverse: laterBar in scratch36[24..29], groupBar in [30..35], xBar = -c̄_J in
    // scratch36[18..23]
    double[] t = b.scratch36;
    for (int r = 0; r < 6; r++) {
      t[24 + r] = 0;
      t[18 + r] = -b.bodyBiasBar[6 * i + r];
    }
    for (int n = nj - 1; n >= 0; n--) {
      int j = j0 + nj - 1 - n, da = m.jntDofAdr(j), o = 18 * n;
      for (int r = 0; r < 6; r++) {
        t[30 + r] = t[24 + r];
      }
      SpatialOps.crossMotionAdjoint(t, 18, h, o, h, o + 6, t, 24, t, 30);
      if (m.jntType(j) == JointType.FREE) {
        groupAdjoint(m, d, b, da, 3, t, 30);
        groupAdjoint(m, d, b, da + 3, 3, t, 24);
      } else {
        groupAdjoint(m, d, b, da, m.jntType(j).nv, t, 30);
      }
    }
  }

  private static void group(Data d, int da, int nd, double[] out, int oo) {
    for (int r = 0; r < 6; r++) {
      double sum = 0;
      for (int k = da; k < da + nd; k++) {
        sum += d.dofS[6 * k + r] * d.qvel[k];
      }
      out[oo + r] = sum;
    }
  }

  private static void groupAdjoint(
      Model m, Data d, DataBar b, int da, int nd, double[] bar, int bo) {
    for (int k = da; k < da + nd; k++) {
      double dot = 0;
      for (int r = 0; r < 6; r++) {
        b.dofSBar[6 * k + r] += d.qvel[k] * bar[bo + r];
        dot += d.dofS[6 * k + r] * bar[bo + r];
      }
      b.qvelBar[k] += dot;
    }
  }
}
