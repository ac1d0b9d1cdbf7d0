package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.SpatialOps;

/**
 * Featherstone's articulated-body algorithm (RBDA 2008, Table 7.1) in body coordinates, for bodies with any number of
 * degrees of freedom (0 to 6: welded, hinge, slide, ball, free, or several joints composed). Gravity enters as the base
 * acceleration {@code a_0 = (0; -g)}.
 */
public final class Aba {
  private Aba() {}

  /**
   * Joint accelerations {@code qaccSmooth = M⁻¹ (qfrcSmooth - C)} in O(n). Requires {@link Kinematics#forward},
   * {@link Kinematics#velocity} and {@code qfrcSmooth} (see {@link Forces}). Writes {@code abaIA, abaPA, abaU,
   * abaDinv, abaUu, bodyAcc, qaccSmooth}.
   */
  public static void forward(Model m, Data d) {
    int nb = m.nbody();
    double[] ia = d.abaIA, pa = d.abaPA, v = d.bodyVel, tmp = d.scratch6;
    // pass 1: rigid-body inertias and velocity-product forces, I^A_i = I_i, p^A_i = v_i ×* I_i v_i
    for (int i = 1; i < nb; i++) {
      SpatialOps.inertToDense(ia, 36 * i, d.bodyInert, 10 * i);
      SpatialOps.mulInertVec(tmp, 0, d.bodyInert, 10 * i, v, 6 * i);
      SpatialOps.crossForce(pa, 6 * i, v, 6 * i, tmp, 0);
    }
    // pass 2: backward, articulated inertias and bias forces (eqs. 7.40-7.45)
    for (int i = nb - 1; i > 0; i--) {
      int nd = m.bodyDofNum(i), p = m.bodyParent(i);
      // a child of the world passes nothing on: its I^a and p^a are not needed
      boolean propagate = p > 0;
      if (nd == 1) {
        backwardHinge(m, d, i, propagate);
      } else if (nd > 1) {
        backwardMulti(m, d, i, nd, propagate);
      } else if (propagate) {
        SpatialOps.mulMat6Vec(tmp, 0, ia, 36 * i, d.bodyBias, 6 * i);
        for (int r = 0; r < 6; r++) {
          pa[6 * i + r] += tmp[r];
        }
      }
      if (propagate) {
        SpatialOps.addCongruence(ia, 36 * p, d.xRot, 9 * i, d.xTrans, 3 * i, ia, 36 * i);
        SpatialOps.addTransformForceTranspose(pa, 6 * p, d.xRot, 9 * i, d.xTrans, 3 * i, pa, 6 * i);
      }
    }
    // pass 3: forward, accelerations (eqs. 7.46-7.48)
    double[] a = d.bodyAcc;
    Kinematics.baseAcceleration(m, a);
    for (int i = 1; i < nb; i++) {
      int o = 6 * i;
      SpatialOps.transformMotion(a, o, d.xRot, 9 * i, d.xTrans, 3 * i, a, 6 * m.bodyParent(i));
      for (int r = 0; r < 6; r++) {
        a[o + r] += d.bodyBias[o + r];
      }
      int nd = m.bodyDofNum(i), d0 = m.bodyDofAdr(i);
      for (int k = 0; k < nd; k++) {
        // u - Uᵀ a'
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
  }

  /** Pass 2 for a body with one dof: scalar D. */
  private static void backwardHinge(Model m, Data d, int i, boolean propagate) {
    int k = m.bodyDofAdr(i), io = 36 * i, po = 6 * i, so = 6 * k;
    double[] ia = d.abaIA, pa = d.abaPA, s = d.dofS, u = d.abaU, tmp = d.scratch6;
    SpatialOps.mulMat6Vec(u, so, ia, io, s, so);
    double dd = m.dofArmature(k);
    double uu = d.qfrcSmooth[k];
    for (int r = 0; r < 6; r++) {
      dd += s[so + r] * u[so + r];
      uu -= s[so + r] * pa[po + r];
    }
    double dinv = 1 / dd;
    d.abaDinv[io] = dinv;
    d.abaUu[k] = uu;
    if (!propagate) {
      return;
    }
    // I^a = I^A - U Uᵀ / D
    for (int r = 0; r < 6; r++) {
      double ur = u[so + r] * dinv;
      for (int c = 0; c < 6; c++) {
        ia[io + 6 * r + c] -= ur * u[so + c];
      }
    }
    // p^a = p^A + I^a c + U u / D
    SpatialOps.mulMat6Vec(tmp, 0, ia, io, d.bodyBias, po);
    double ud = uu * dinv;
    for (int r = 0; r < 6; r++) {
      pa[po + r] += tmp[r] + u[so + r] * ud;
    }
  }

  /** Pass 2 for a body with nd > 1 dofs: D is an nd×nd block inverted by Cholesky. */
  private static void backwardMulti(Model m, Data d, int i, int nd, boolean propagate) {
    int d0 = m.bodyDofAdr(i), io = 36 * i, po = 6 * i;
    double[] ia = d.abaIA, pa = d.abaPA, s = d.dofS, u = d.abaU, dinv = d.abaDinv, tmp = d.scratch6;
    for (int k = 0; k < nd; k++) {
      SpatialOps.mulMat6Vec(u, 6 * (d0 + k), ia, io, s, 6 * (d0 + k));
    }
    double[] dm = d.scratch36;
    for (int k = 0; k < nd; k++) {
      double uu = d.qfrcSmooth[d0 + k];
      for (int r = 0; r < 6; r++) {
        uu -= s[6 * (d0 + k) + r] * pa[po + r];
      }
      d.abaUu[d0 + k] = uu;
      for (int l = 0; l <= k; l++) {
        double x = k == l ? m.dofArmature(d0 + k) : 0;
        for (int r = 0; r < 6; r++) {
          x += s[6 * (d0 + k) + r] * u[6 * (d0 + l) + r];
        }
        dm[nd * k + l] = x;
        dm[nd * l + k] = x;
      }
    }
    DenseSolve.invertSpd(dm, nd, dinv, io);
    if (!propagate) {
      return;
    }
    // W = U D⁻¹ (6×nd, in scratch36 after D's factor is no longer needed)
    double[] wm = d.scratch36;
    for (int r = 0; r < 6; r++) {
      for (int l = 0; l < nd; l++) {
        double x = 0;
        for (int k = 0; k < nd; k++) {
          x += u[6 * (d0 + k) + r] * dinv[io + nd * k + l];
        }
        wm[nd * r + l] = x;
      }
    }
    // I^a = I^A - W Uᵀ ; p^a = p^A + I^a c + W u
    for (int r = 0; r < 6; r++) {
      double x = 0;
      for (int l = 0; l < nd; l++) {
        x += wm[nd * r + l] * d.abaUu[d0 + l];
      }
      pa[po + r] += x;
      for (int c = 0; c < 6; c++) {
        double y = 0;
        for (int l = 0; l < nd; l++) {
          y += wm[nd * r + l] * u[6 * (d0 + l) + c];
        }
        ia[io + 6 * r + c] -= y;
      }
    }
    SpatialOps.mulMat6Vec(tmp, 0, ia, io, d.bodyBias, po);
    for (int r = 0; r < 6; r++) {
      pa[po + r] += tmp[r];
    }
  }
}
