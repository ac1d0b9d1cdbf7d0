package org.diffart.sim.algo.dynamics;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.SpatialOps;

/**
 * The composite-rigid-body algorithm (RBDA 2008, Table 6.2): the joint-space inertia matrix {@code
 * M(q)} with armature, in {@code qM} (dense storage, only the tree pattern is written: entry (k, l)
 * is nonzero only when one dof is an ancestor of the other).
 */
public final class Crba {
  private Crba() {}

  /** Writes {@code crb} and {@code qM}. Requires {@link Kinematics#forward}. */
  public static void massMatrix(Model m, Data d) {
    int nb = m.nbody(), nv = m.nv();
    double[] crb = d.crb, qm = d.qM, s = d.dofS;
    System.arraycopy(d.bodyInert, 0, crb, 0, 10 * nb);
    // pass 1: backward, composite inertias I^c_λ += Xᵀ I^c_i X
    for (int i = nb - 1; i > 0; i--) {
      int p = m.bodyParent(i);
      if (p > 0) {
        Inertia.addTransformInertTranspose(
            crb, 10 * p, d.xRot, 9 * i, d.xTrans, 3 * i, crb, 10 * i);
      }
    }
    java.util.Arrays.fill(qm, 0);
    // pass 2: for each dof, F = I^c S, then M(k, l) = S_lᵀ F walking up to the root
    double[] f = d.scratch36;
    for (int i = 1; i < nb; i++) {
      int d0 = m.bodyDofAdr(i);
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        Inertia.mulInertVec(f, 0, crb, 10 * i, s, 6 * k);
        int body = i;
        int fo = 0;
        while (body > 0) {
          int b0 = m.bodyDofAdr(body);
          for (int l = b0; l >= 0 && l < b0 + m.bodyDofNum(body) && l <= k; l++) {
            double x = 0;
            for (int r = 0; r < 6; r++) {
              x += s[6 * l + r] * f[fo + r];
            }
            qm[nv * k + l] = x;
            qm[nv * l + k] = x;
          }
          int p = m.bodyParent(body);
          if (p > 0) {
            int no = fo == 0 ? 6 : 0;
            for (int r = 0; r < 6; r++) {
              f[no + r] = 0;
            }
            SpatialOps.addTransformForceTranspose(
                f, no, d.xRot, 9 * body, d.xTrans, 3 * body, f, fo);
            fo = no;
          }
          body = p;
        }
        qm[nv * k + k] += d.dofArmature[k];
      }
    }
  }
}
