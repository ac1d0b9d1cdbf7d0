package org.diffart.sim.algo.dynamics;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.ArticulatedInertia;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.SpatialOps;

/**
 * Featherstone's articulated-body algorithm (RBDA 2008, Table 7.1) in body coordinates, for bodies
 * with any number of degrees of freedom (0 to 6: welded, hinge, slide, ball, free, or several
 * joints composed). Gravity enters as the base acceleration {@code a_0 = (0; -g)}. The articulated
 * inertias {@code abaIA} are symmetric and only their upper triangles (row ≤ column of each
 * row-major 6x6) are computed.
 */
public final class Aba {
  private Aba() {}

  /**
   * Joint accelerations {@code qaccSmooth = M⁻¹ (qfrcSmooth - C)} in O(n). Requires {@link
   * Kinematics#forward}, {@link Kinematics#velocity} and {@code qfrcSmooth} (see {@code Forces}).
   * Writes {@code abaIA, abaPA, abaU, abaDinv, abaUu, bodyAcc, qaccSmooth}.
   */
  public static void forward(Model m, Data d) {
    int nb = m.nbody();
    double[] ia = d.abaIA, pa = d.abaPA, inert = d.bodyInert, v = d.bodyVel;
    // pass 1: rigid-body inertias and velocity-product forces, I^A_i = I_i, p^A_i = v_i ×* I_i v_i
    for (int i = 1; i < nb; i++) {
      Inertia.inertToUpper(ia, 36 * i, inert, 10 * i);
      Inertia.crossForceInertVec(pa, 6 * i, inert, 10 * i, v, 6 * i);
    }
    // pass 2: backward, articulated inertias and bias forces (eqs. 7.40-7.45); a child of the world
    // passes nothing on
    for (int i = nb - 1; i > 0; i--) {
      int nd = m.bodyDofNum(i), p = m.bodyParent(i);
      if (nd == 1) {
        backwardSingle(m, d, i, p);
      } else if (nd > 1) {
        backwardMulti(m, d, i, nd, p);
      } else if (p > 0) {
        addInertiaTimesBias(d, i);
        toParent(m, d, i, p);
      }
    }
    // pass 3: forward, accelerations (eqs. 7.46-7.48)
    Kinematics.baseAcceleration(m, d.bodyAcc);
    for (int i = 1; i < nb; i++) {
      int nd = m.bodyDofNum(i);
      if (nd == 1) {
        forwardSingle(m, d, i);
      } else {
        forwardMulti(m, d, i, nd);
      }
    }
  }

  /** Pass 2 for a body with one dof: {@code U = I^A S}, scalar D and u. */
  private static void backwardSingle(Model m, Data d, int i, int p) {
    int k = m.bodyDofAdr(i), io = 36 * i, po = 6 * i, so = 6 * k;
    double[] ia = d.abaIA, pa = d.abaPA, s = d.dofS, u = d.abaU;
    ArticulatedInertia.mulSymVec(u, so, ia, io, s, so);
    double dd = d.dofArmature[k];
    double uu = d.qfrcSmooth[k];
    for (int r = 0; r < 6; r++) {
      dd += s[so + r] * u[so + r];
      uu -= s[so + r] * pa[po + r];
    }
    double dinv = 1 / dd;
    d.abaDinv[io] = dinv;
    d.abaUu[k] = uu;
    if (p == 0) {
      return;
    }
    // I^a = I^A - U Uᵀ / D ; p^a = p^A + U u / D + I^a c
    double ud = uu * dinv;
    double[] w = d.scratch6;
    for (int r = 0; r < 6; r++) {
      pa[po + r] += u[so + r] * ud;
      w[r] = u[so + r] * dinv;
    }
    ArticulatedInertia.subOuterUpper(ia, io, w, 0, u, so);
    addInertiaTimesBias(d, i);
    toParent(m, d, i, p);
  }

  /** Pass 2 for a body with nd > 1 dofs: D is an nd×nd block inverted by Cholesky. */
  private static void backwardMulti(Model m, Data d, int i, int nd, int p) {
    int d0 = m.bodyDofAdr(i), io = 36 * i, po = 6 * i;
    double[] ia = d.abaIA, pa = d.abaPA, s = d.dofS, u = d.abaU, dinv = d.abaDinv, tmp = d.scratch6;
    for (int k = 0; k < nd; k++) {
      ArticulatedInertia.mulSymVec(u, 6 * (d0 + k), ia, io, s, 6 * (d0 + k));
    }
    double[] dm = d.scratch36;
    for (int k = 0; k < nd; k++) {
      double uu = d.qfrcSmooth[d0 + k];
      for (int r = 0; r < 6; r++) {
        uu -= s[6 * (d0 + k) + r] * pa[po + r];
      }
      d.abaUu[d0 + k] = uu;
      for (int l = 0; l <= k; l++) {
        double x = k == l ? d.dofArmature[d0 + k] : 0;
        for (int r = 0; r < 6; r++) {
          x += s[6 * (d0 + k) + r] * u[6 * (d0 + l) + r];
        }
        dm[nd * k + l] = x;
        dm[nd * l + k] = x;
      }
    }
    DenseSolve.invertSpd(dm, nd, dinv, io);
    if (p == 0) {
      return;
    }
    // I^a = I^A - W Uᵀ, p^a = p^A + W u + I^a c, one column of W = U D⁻¹ at a time
    for (int l = 0; l < nd; l++) {
      for (int r = 0; r < 6; r++) {
        tmp[r] = 0;
      }
      for (int k = 0; k < nd; k++) {
        double dkl = dinv[io + nd * k + l];
        for (int r = 0; r < 6; r++) {
          tmp[r] += u[6 * (d0 + k) + r] * dkl;
        }
      }
      double ul = d.abaUu[d0 + l];
      for (int r = 0; r < 6; r++) {
        pa[po + r] += tmp[r] * ul;
      }
      ArticulatedInertia.subOuterUpper(ia, io, tmp, 0, u, 6 * (d0 + l));
    }
    addInertiaTimesBias(d, i);
    toParent(m, d, i, p);
  }

  /**
   * p^a += I^a c for body i (the last term of eq. 7.45), with c its velocity-product acceleration.
   */
  private static void addInertiaTimesBias(Data d, int i) {
    ArticulatedInertia.mulSymVec(d.scratch6, 0, d.abaIA, 36 * i, d.bodyBias, 6 * i);
    for (int r = 0; r < 6; r++) {
      d.abaPA[6 * i + r] += d.scratch6[r];
    }
  }

  /** End of pass 2 for body i: {@code I^A_λ += Xᵀ I^a X}, {@code p^A_λ += Xᵀ p^a}. */
  private static void toParent(Model m, Data d, int i, int p) {
    if (!AxisCongruence.add(
        m.bodyRotationAxis(i), d.abaIA, 36 * p, d.xRot, 9 * i, d.xTrans, 3 * i, d.abaIA, 36 * i)) {
      ArticulatedInertia.addCongruence(
          d.abaIA, 36 * p, d.xRot, 9 * i, d.xTrans, 3 * i, d.abaIA, 36 * i);
    }
    SpatialOps.addTransformForceTranspose(
        d.abaPA, 6 * p, d.xRot, 9 * i, d.xTrans, 3 * i, d.abaPA, 6 * i);
  }

  /**
   * Pass 3 for a body with one dof: {@code a' = X a_λ + c}, {@code q̈ = (u - Uᵀ a') / D}, {@code a
   * = a' + S q̈}.
   */
  private static void forwardSingle(Model m, Data d, int i) {
    int k = m.bodyDofAdr(i), o = 6 * i, so = 6 * k;
    double[] a = d.bodyAcc, c = d.bodyBias, u = d.abaU, s = d.dofS;
    SpatialOps.transformMotion(a, o, d.xRot, 9 * i, d.xTrans, 3 * i, a, 6 * m.bodyParent(i));
    double x = d.abaUu[k];
    for (int r = 0; r < 6; r++) {
      a[o + r] += c[o + r];
      x -= u[so + r] * a[o + r];
    }
    double qdd = d.abaDinv[36 * i] * x;
    d.qaccSmooth[k] = qdd;
    for (int r = 0; r < 6; r++) {
      a[o + r] += s[so + r] * qdd;
    }
  }

  /** Pass 3 for a body with nd ≠ 1 dofs: {@code q̈ = D⁻¹ (u - Uᵀ a')}. */
  private static void forwardMulti(Model m, Data d, int i, int nd) {
    int o = 6 * i, d0 = m.bodyDofAdr(i);
    double[] a = d.bodyAcc, tmp = d.scratch6;
    SpatialOps.transformMotion(a, o, d.xRot, 9 * i, d.xTrans, 3 * i, a, 6 * m.bodyParent(i));
    for (int r = 0; r < 6; r++) {
      a[o + r] += d.bodyBias[o + r];
    }
    for (int k = 0; k < nd; k++) {
      double s = d.abaUu[d0 + k];
      for (int r = 0; r < 6; r++) {
        s -= d.abaU[6 * (d0 + k) + r] * a[o + r];
      }
      tmp[k] = s;
    }
    for (int k = 0; k < nd; k++) {
      double qdd = 0;
      for (int l = 0; l < nd; l++) {
        qdd += d.abaDinv[36 * i + nd * k + l] * tmp[l];
      }
      d.qaccSmooth[d0 + k] = qdd;
    }
    for (int k = 0; k < nd; k++) {
      double qdd = d.qaccSmooth[d0 + k];
      for (int r = 0; r < 6; r++) {
        a[o + r] += d.dofS[6 * (d0 + k) + r] * qdd;
      }
    }
  }

  /**
   * {@code out = M̃⁻¹ x} with the articulated factorisation of the last {@link #forward} ({@code
   * abaU, abaDinv} and the transforms of the same kinematics): its passes 2 and 3 for zero velocity
   * and gravity, in O(n). The adjoint of ABA needs it for {@code λ = M̃⁻¹ q̈̄}.
   *
   * @param x joint forces (nv), not modified
   * @param out joint accelerations (nv), may not alias x
   * @param pa scratch of the bias forces (nbody×6)
   * @param acc scratch of the body accelerations (nbody×6)
   */
  public static void solve(Model m, Data d, double[] x, double[] out, double[] pa, double[] acc) {
    int nb = m.nbody();
    double[] u = d.abaU, s = d.dofS;
    java.util.Arrays.fill(pa, 0, 6 * nb, 0);
    // pass 2: u = x - Sᵀ p^A (kept in out), p^a = p^A + U D⁻¹ u passed to the parent
    for (int i = nb - 1; i > 0; i--) {
      int nd = m.bodyDofNum(i), d0 = m.bodyDofAdr(i), p = m.bodyParent(i), po = 6 * i;
      for (int k = d0; k >= 0 && k < d0 + nd; k++) {
        double uu = x[k];
        for (int r = 0; r < 6; r++) {
          uu -= s[6 * k + r] * pa[po + r];
        }
        out[k] = uu;
      }
      if (p == 0) {
        continue;
      }
      for (int l = 0; l < nd; l++) {
        double w = 0;
        for (int k = 0; k < nd; k++) {
          w += d.abaDinv[36 * i + nd * k + l] * out[d0 + k];
        }
        for (int r = 0; r < 6; r++) {
          pa[po + r] += u[6 * (d0 + l) + r] * w;
        }
      }
      SpatialOps.addTransformForceTranspose(pa, 6 * p, d.xRot, 9 * i, d.xTrans, 3 * i, pa, po);
    }
    // pass 3: a = X a_λ, q̈ = D⁻¹ (u - Uᵀ a), a += S q̈
    java.util.Arrays.fill(acc, 0, 6, 0);
    double[] tmp = d.scratch6;
    for (int i = 1; i < nb; i++) {
      int nd = m.bodyDofNum(i), d0 = m.bodyDofAdr(i), o = 6 * i;
      SpatialOps.transformMotion(acc, o, d.xRot, 9 * i, d.xTrans, 3 * i, acc, 6 * m.bodyParent(i));
      for (int k = 0; k < nd; k++) {
        double t = out[d0 + k];
        for (int r = 0; r < 6; r++) {
          t -= u[6 * (d0 + k) + r] * acc[o + r];
        }
        tmp[k] = t;
      }
      for (int k = 0; k < nd; k++) {
        double q = 0;
        for (int l = 0; l < nd; l++) {
          q += d.abaDinv[36 * i + nd * k + l] * tmp[l];
        }
        out[d0 + k] = q;
        for (int r = 0; r < 6; r++) {
          acc[o + r] += s[6 * (d0 + k) + r] * q;
        }
      }
    }
  }
}
