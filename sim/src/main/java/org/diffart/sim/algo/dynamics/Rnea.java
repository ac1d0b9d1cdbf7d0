package org.diffart.sim.algo.dynamics;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.SpatialOps;

/**
 * The recursive Newton-Euler algorithm (RBDA 2008, Table 5.1) in body coordinates: inverse dynamics
 * {@code τ = M(q) q̈ + C(q, q̇) q̇ + g(q)}, with gravity as the base acceleration {@code a_0 = (0;
 * -g)} and armature in M.
 */
public final class Rnea {
  private Rnea() {}

  /**
   * Joint forces that produce {@code qacc}: {@code out = M q̈ + bias}, where M includes armature.
   * Requires {@link Kinematics#forward} and {@link Kinematics#velocity}; writes {@code rneaAcc,
   * rneaForce}.
   *
   * @param qacc joint accelerations (nv)
   * @param out joint forces (nv), may not alias qacc
   */
  public static void inverse(Model m, Data d, double[] qacc, double[] out) {
    int nb = m.nbody();
    double[] a = d.rneaAcc, f = d.rneaForce, v = d.bodyVel, s = d.dofS, tmp = d.scratch6;
    Kinematics.baseAcceleration(m, a);
    // pass 1: forward, accelerations and body forces f_i = I_i a_i + v_i ×* I_i v_i
    for (int i = 1; i < nb; i++) {
      int o = 6 * i;
      SpatialOps.transformMotion(a, o, d.xRot, 9 * i, d.xTrans, 3 * i, a, 6 * m.bodyParent(i));
      int d0 = m.bodyDofAdr(i);
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        for (int r = 0; r < 6; r++) {
          a[o + r] += s[6 * k + r] * qacc[k];
        }
      }
      for (int r = 0; r < 6; r++) {
        a[o + r] += d.bodyBias[o + r];
      }
      Inertia.crossForceInertVec(f, o, d.bodyInert, 10 * i, v, o);
      Inertia.mulInertVec(tmp, 0, d.bodyInert, 10 * i, a, o);
      for (int r = 0; r < 6; r++) {
        f[o + r] += tmp[r];
      }
    }
    // pass 2: backward, joint forces τ_i = S_iᵀ f_i and f_λ += Xᵀ f_i
    for (int i = nb - 1; i > 0; i--) {
      int o = 6 * i, d0 = m.bodyDofAdr(i);
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        double t = d.dofArmature[k] * qacc[k];
        for (int r = 0; r < 6; r++) {
          t += s[6 * k + r] * f[o + r];
        }
        out[k] = t;
      }
      int p = m.bodyParent(i);
      if (p > 0) {
        SpatialOps.addTransformForceTranspose(f, 6 * p, d.xRot, 9 * i, d.xTrans, 3 * i, f, o);
      }
    }
  }

  /**
   * MuJoCo's {@code qfrc_bias = C(q, q̇) q̇ + g(q)}: inverse dynamics at zero acceleration, into
   * {@code qfrcBias}.
   */
  public static void bias(Model m, Data d) {
    java.util.Arrays.fill(d.scratchNv1, 0);
    inverse(m, d, d.scratchNv1, d.qfrcBias);
  }
}
