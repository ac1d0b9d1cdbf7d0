package org.diffart.sim.algo.dynamics;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Aba#forward}, derived from inverse dynamics rather than line by line (STYLE P4;
 * Carpentier and Mansard 2018): ABA computes {@code q̈ = M̃⁻¹ (τ - C(q, q̇))}, so with {@code λ =
 * M̃⁻¹ q̈̄} (one more O(n) pass over the articulated factorisation, {@link Aba#solve}) the bars are
 * {@code τ̄ += λ} and {@code (q, q̇, I, armature)‾ -= λᵀ ∂ID/∂(·)} at the computed q̈ ({@link
 * RneaAdjoint#vjp}). That leaves RNEA and the kinematics as the only large hand-differentiated
 * sweeps, and the three-pass ABA with its downdates needs no reverse of its own. The result is the
 * exact derivative of the map ABA evaluates, equal to the tape's reverse of ABA's own operations up
 * to rounding.
 */
public final class AbaAdjoint {
  private AbaAdjoint() {}

  /**
   * Consumes {@code qaccSmoothBar}; accumulates into {@code qfrcSmoothBar} and, through {@link
   * RneaAdjoint#vjp}, into the bars of the kinematics, velocities, inertias and {@code
   * dofArmature}.
   */
  public static void forward(Model m, Data d, DataBar b) {
    Aba.solve(m, d, b.qaccSmoothBar, b.lambda, b.solvePA, b.solveAcc);
    for (int k = 0; k < m.nv(); k++) {
      b.qfrcSmoothBar[k] += b.lambda[k];
      b.qaccSmoothBar[k] = 0;
    }
    RneaAdjoint.inverse(m, d, b, d.qaccSmooth, b.lambda, -1, true);
  }
}
