package org.diffart.sim.algo.dynamics;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.SpatialOps;

/**
 * Adjoint of {@link Crba#massMatrix}: from the bars of the tree-pattern entries of {@code M̃} to
 * the bars of the transforms, motion subspaces, body inertias and armature, in one O(Σ depth)
 * sweep. The contact solve's {@code M̃⁻¹} terms all end here as one matrix of bars ({@code M̄ = -Σ
 * λ yᵀ}), instead of one inverse-dynamics product each.
 */
public final class CrbaAdjoint {
  private CrbaAdjoint() {}

  /**
   * Consumes {@code qMBar} (see {@link DataBar#qMBar}); accumulates into {@code xRotBar, xTransBar,
   * dofSBar, bodyInertBar, dofArmatureBar}. Requires the {@code crb} of the forward's {@link
   * Crba#massMatrix}.
   */
  public static void massMatrix(Model m, Data d, DataBar b) {
    int nb = m.nbody(), nv = m.nv();
    double[] mb = b.qMBar,
        crb = d.crb,
        s = d.dofS,
        f = b.crbChain,
        fb = b.crbChainBar,
        cb = b.crbBar;
    int[] path = b.crbBodies;
    java.util.Arrays.fill(cb, 0);
    // pass 2 reversed, per dof k: F = I^c S_k carried to the root, M(k, l) = S_lᵀ F at each
    // ancestor body
    for (int i = 1; i < nb; i++) {
      int d0 = m.bodyDofAdr(i);
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        Inertia.mulInertVec(f, 0, crb, 10 * i, s, 6 * k);
        int n = 0;
        path[0] = i;
        while (m.bodyParent(path[n]) > 0) {
          int c = path[n];
          java.util.Arrays.fill(f, 6 * (n + 1), 6 * (n + 2), 0);
          SpatialOps.addTransformForceTranspose(
              f, 6 * (n + 1), d.xRot, 9 * c, d.xTrans, 3 * c, f, 6 * n);
          path[++n] = m.bodyParent(c);
        }
        java.util.Arrays.fill(fb, 0, 6 * (n + 1), 0);
        for (int lvl = n; lvl >= 0; lvl--) {
          int body = path[lvl], b0 = m.bodyDofAdr(body);
          for (int l = b0; l >= 0 && l < b0 + m.bodyDofNum(body) && l <= k; l++) {
            double g = mb[nv * k + l];
            if (g == 0) {
              continue;
            }
            for (int r = 0; r < 6; r++) {
              b.dofSBar[6 * l + r] += g * f[6 * lvl + r];
              fb[6 * lvl + r] += g * s[6 * l + r];
            }
          }
          if (lvl > 0) {
            int c = path[lvl - 1];
            SpatialOps.addTransformForceTransposeAdjoint(
                fb,
                6 * lvl,
                d.xRot,
                9 * c,
                d.xTrans,
                3 * c,
                f,
                6 * (lvl - 1),
                b.xRotBar,
                9 * c,
                b.xTransBar,
                3 * c,
                fb,
                6 * (lvl - 1));
          }
        }
        Inertia.mulInertVecAdjoint(fb, 0, crb, 10 * i, s, 6 * k, cb, 10 * i, b.dofSBar, 6 * k);
        b.dofArmatureBar[k] += mb[nv * k + k];
      }
    }
    // pass 1 reversed, parents first: I^c_λ += Xᵀ I^c_i X
    for (int i = 1; i < nb; i++) {
      int p = m.bodyParent(i);
      if (p > 0) {
        Inertia.addTransformInertTransposeAdjoint(
            cb,
            10 * p,
            d.xRot,
            9 * i,
            d.xTrans,
            3 * i,
            crb,
            10 * i,
            b.xRotBar,
            9 * i,
            b.xTransBar,
            3 * i,
            cb,
            10 * i);
      }
    }
    for (int i = 1; i < nb; i++) {
      for (int r = 0; r < 10; r++) {
        b.bodyInertBar[10 * i + r] += cb[10 * i + r];
      }
    }
    for (int k = 0; k < nv; k++) {
      for (int l = k; l >= 0; l = m.dofParent(l)) {
        mb[nv * k + l] = 0;
      }
    }
  }
}
