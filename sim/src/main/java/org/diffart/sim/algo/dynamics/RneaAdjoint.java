package org.diffart.sim.algo.dynamics;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.SpatialOps;

/**
 * The vector-Jacobian product of inverse dynamics {@code τ = ID(q, q̇, q̈) = M̃(q) q̈ + C(q, q̇) q̇
 * + g(q)} ({@link Rnea#inverse}) with respect to everything but q̈: the transforms, motion
 * subspaces, body velocities and velocity-product accelerations, body inertias and the diagonal
 * {@code dofArmature}. It is the one large hand-differentiated sweep that the adjoints of ABA and
 * of every {@code M̃⁻¹} in the contact solve reduce to (STYLE P4, spatial_v2's {@code modID}): for
 * {@code q̈ = M̃⁻¹(τ - C)} the bars are {@code τ̄ = λ} and {@code -λᵀ ∂ID/∂(q, q̇, θ)} with {@code
 * λ = M̃⁻¹ q̈̄}.
 */
public final class RneaAdjoint {
  private RneaAdjoint() {}

  /**
   * Accumulates {@code scale · λᵀ ∂ID/∂(·)} into {@code xRotBar, xTransBar, dofSBar, bodyInertBar,
   * dofArmatureBar} and, with {@code full}, {@code bodyVelBar, bodyBiasBar}. With {@code full} ID
   * is the whole inverse dynamics at the current velocities and gravity; without, only {@code M̃(q)
   * q̈} (zero velocity, no gravity). Requires {@link Kinematics#forward} (and {@link
   * Kinematics#velocity} when full); recomputes RNEA's passes into {@code rneaAcc, rneaForce}.
   *
   * @param qacc accelerations q̈ (nv) at which ID is differentiated
   * @param lambda the multipliers λ (nv)
   */
  public static void inverse(
      Model m, Data d, DataBar b, double[] qacc, double[] lambda, double scale, boolean full) {
    int nb = m.nbody();
    double[] a = b.rneaAcc,
        f = b.rneaForce,
        aBar = b.rneaAccBar,
        fBar = b.rneaForceBar,
        s = d.dofS,
        tmp = b.scratch6;
    forward(m, d, b, qacc, full);
    java.util.Arrays.fill(aBar, 0, 6 * nb, 0);
    java.util.Arrays.fill(fBar, 0, 6 * nb, 0);
    // pass 2 reversed, parents first: τ_k = S_kᵀ f_i + armature_k q̈_k, f_λ += Xᵀ f_i
    for (int i = 1; i < nb; i++) {
      int o = 6 * i, d0 = m.bodyDofAdr(i), p = m.bodyParent(i);
      if (p > 0) {
        SpatialOps.addTransformForceTransposeAdjoint(
            fBar,
            6 * p,
            d.xRot,
            9 * i,
            d.xTrans,
            3 * i,
            f,
            o,
            b.xRotBar,
            9 * i,
            b.xTransBar,
            3 * i,
            fBar,
            o);
      }
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        double l = scale * lambda[k];
        for (int r = 0; r < 6; r++) {
          fBar[o + r] += l * s[6 * k + r];
          b.dofSBar[6 * k + r] += l * f[o + r];
        }
        b.dofArmatureBar[k] += l * qacc[k];
      }
    }
    // pass 1 reversed, children first
    for (int i = nb - 1; i > 0; i--) {
      int o = 6 * i, d0 = m.bodyDofAdr(i);
      Inertia.mulInertVecAdjoint(
          fBar, o, d.bodyInert, 10 * i, a, o, b.bodyInertBar, 10 * i, aBar, o);
      if (full) {
        Inertia.crossForceInertVecAdjoint(
            fBar,
            o,
            d.bodyInert,
            10 * i,
            d.bodyVel,
            o,
            b.bodyInertBar,
            10 * i,
            b.bodyVelBar,
            o,
            tmp,
            0);
        for (int r = 0; r < 6; r++) {
          b.bodyBiasBar[o + r] += aBar[o + r];
        }
      }
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        for (int r = 0; r < 6; r++) {
          b.dofSBar[6 * k + r] += qacc[k] * aBar[o + r];
        }
      }
      int p = m.bodyParent(i);
      SpatialOps.transformMotionAdjoint(
          aBar,
          o,
          d.xRot,
          9 * i,
          d.xTrans,
          3 * i,
          a,
          6 * p,
          b.xRotBar,
          9 * i,
          b.xTransBar,
          3 * i,
          aBar,
          6 * p);
    }
  }

  /**
   * Adjoint of {@link Rnea#inverse}'s body quantities at {@code qacc} (gravity and velocities
   * included): consumes the bars of the body accelerations and of the body forces summed over each
   * subtree, {@code rneaAccBar, rneaForceBar} (body coordinates, as {@code Data.rneaAcc,
   * rneaForce}), into {@code qaccBar} and the bars of the transforms, motion subspaces, body
   * velocities and velocity-product accelerations and body inertias. The sensors that read
   * accelerations and interaction forces reduce to it.
   */
  public static void bodies(Model m, Data d, DataBar b, double[] qacc, double[] qaccBar) {
    int nb = m.nbody();
    double[] a = b.rneaAcc,
        f = b.rneaForce,
        aBar = b.rneaAccBar,
        fBar = b.rneaForceBar,
        s = d.dofS,
        tmp = b.scratch6;
    forward(m, d, b, qacc, true);
    // the sums over subtrees reversed, parents first
    for (int i = 1; i < nb; i++) {
      int p = m.bodyParent(i);
      if (p > 0) {
        SpatialOps.addTransformForceTransposeAdjoint(
            fBar,
            6 * p,
            d.xRot,
            9 * i,
            d.xTrans,
            3 * i,
            f,
            6 * i,
            b.xRotBar,
            9 * i,
            b.xTransBar,
            3 * i,
            fBar,
            6 * i);
      }
    }
    // pass 1 reversed, children first
    for (int i = nb - 1; i > 0; i--) {
      int o = 6 * i, d0 = m.bodyDofAdr(i);
      Inertia.mulInertVecAdjoint(
          fBar, o, d.bodyInert, 10 * i, a, o, b.bodyInertBar, 10 * i, aBar, o);
      Inertia.crossForceInertVecAdjoint(
          fBar,
          o,
          d.bodyInert,
          10 * i,
          d.bodyVel,
          o,
          b.bodyInertBar,
          10 * i,
          b.bodyVelBar,
          o,
          tmp,
          0);
      for (int r = 0; r < 6; r++) {
        b.bodyBiasBar[o + r] += aBar[o + r];
      }
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        double dot = 0;
        for (int r = 0; r < 6; r++) {
          b.dofSBar[6 * k + r] += qacc[k] * aBar[o + r];
          dot += s[6 * k + r] * aBar[o + r];
        }
        qaccBar[k] += dot;
      }
      int p = m.bodyParent(i);
      SpatialOps.transformMotionAdjoint(
          aBar,
          o,
          d.xRot,
          9 * i,
          d.xTrans,
          3 * i,
          a,
          6 * p,
          b.xRotBar,
          9 * i,
          b.xTransBar,
          3 * i,
          aBar,
          6 * p);
      java.util.Arrays.fill(aBar, o, o + 6, 0);
      java.util.Arrays.fill(fBar, o, o + 6, 0);
    }
    // the base acceleration (gravity) is a constant
    java.util.Arrays.fill(aBar, 0, 6, 0);
    java.util.Arrays.fill(fBar, 0, 6, 0);
  }

  /**
   * RNEA's passes again into {@code rneaAcc, rneaForce} of the work space: {@code a_i = X a_λ + S
   * q̈ (+ c_i)}, {@code f_i = I a_i (+ v ×* I v)}, then {@code f_λ += Xᵀ f_i}; with {@code full}
   * from gravity and the velocities, without from rest.
   */
  private static void forward(Model m, Data d, DataBar b, double[] qacc, boolean full) {
    int nb = m.nbody();
    double[] a = b.rneaAcc, f = b.rneaForce, s = d.dofS, tmp = b.scratch6;
    if (full) {
      Kinematics.baseAcceleration(m, a);
    } else {
      java.util.Arrays.fill(a, 0, 6, 0);
    }
    for (int i = 1; i < nb; i++) {
      int o = 6 * i, d0 = m.bodyDofAdr(i);
      SpatialOps.transformMotion(a, o, d.xRot, 9 * i, d.xTrans, 3 * i, a, 6 * m.bodyParent(i));
      for (int k = d0; k >= 0 && k < d0 + m.bodyDofNum(i); k++) {
        for (int r = 0; r < 6; r++) {
          a[o + r] += s[6 * k + r] * qacc[k];
        }
      }
      if (full) {
        for (int r = 0; r < 6; r++) {
          a[o + r] += d.bodyBias[o + r];
        }
        Inertia.crossForceInertVec(f, o, d.bodyInert, 10 * i, d.bodyVel, o);
      } else {
        java.util.Arrays.fill(f, o, o + 6, 0);
      }
      Inertia.mulInertVec(tmp, 0, d.bodyInert, 10 * i, a, o);
      for (int r = 0; r < 6; r++) {
        f[o + r] += tmp[r];
      }
    }
    for (int i = nb - 1; i > 0; i--) {
      int p = m.bodyParent(i);
      if (p > 0) {
        SpatialOps.addTransformForceTranspose(f, 6 * p, d.xRot, 9 * i, d.xTrans, 3 * i, f, 6 * i);
      }
    }
  }
}
