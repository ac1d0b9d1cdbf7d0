package org.diffart.sim.algo.constraint;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * The implicit adjoint of {@link ContactInteriorPoint} at its solution ({@link
 * InteriorPointAdjoint}): with {@code w̃} from the transposed KKT system for the impulses' bars,
 * {@code F̄ = −w̃ zᵀ} and {@code h̄ = w̃} map onto the rows' inputs: {@code Ā_rs += w̃_r p_s},
 * {@code b̄_r −= w̃_r}, and a contact's {@code μ̄ += w̃_γ p_n} (into the bound bar of its first
 * friction row, where {@code ConstraintsAdjoint} takes the friction coefficient's from). The solve
 * is the scaled problem's ({@code F̃ = S F S}, {@code h̃ = S h}, {@code z = S z̃}): its seed is
 * {@code S z̄} and {@code w = S w̃} is the unscaled problem's. No iteration is replayed: the
 * gradient is the solution's, whatever the path to it.
 */
public final class ContactInteriorPointAdjoint {
  private ContactInteriorPointAdjoint() {}

  /**
   * Consumes {@code efcImpulseBar}; accumulates into {@code efcABar, efcBBar, efcHiBar}. Requires
   * the forward's solve in d (recomputed from a checkpoint).
   */
  public static void solve(Model m, Data d, DataBar b) {
    int ne = d.nefc, size = d.ipmSize, ng = size - ne;
    double[] w = b.ipmW;
    for (int r = 0; r < size; r++) {
      w[r] = r < ne ? d.ipmScale[r] * b.efcImpulseBar[r] : 0;
    }
    boolean ok =
        InteriorPointAdjoint.solve(
            0,
            size,
            0,
            d.ipmH,
            d.ipmH,
            d.ipmF,
            d.ipmH,
            d.ipmZ,
            d.ipmS,
            d.ipmH,
            w,
            w,
            b.ipmWork,
            b.ipmPivot);
    if (!ok) {
      throw new IllegalStateException(
          "the lcp-pdipm adjoint met a singular KKT system (a degenerate contact)");
    }
    for (int r = 0; r < size; r++) {
      w[r] *= d.ipmScale[r];
    }
    for (int r = 0; r < ne; r++) {
      b.efcBBar[r] -= w[r];
      for (int c = 0; c < ne; c++) {
        b.efcABar[ne * r + c] += w[r] * d.efcImpulse[c];
      }
      b.efcImpulseBar[r] = 0;
    }
    for (int j = 0; j < ng; j++) {
      int n = d.ipmGammaNormal[j];
      b.efcHiBar[n + 1] += w[ne + j] * d.efcImpulse[n];
    }
  }
}
