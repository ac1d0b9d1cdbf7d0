package org.diffart.sim.algo.constraint;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * The step's constraint rows solved as DiffSDFSim's mixed LCP by {@link InteriorPoint} (the {@code
 * lcp-pdipm} solver): with the impulses p of the rows and, for each contact with friction, its
 * sliding speed γ,
 *
 * <pre>
 *   0 ≤ p_r ⊥ (A p − b)_r            ≥ 0   normal and limit rows
 *   0 ≤ p_f ⊥ (A p − b)_f + γ         ≥ 0   the K friction cone edges of a contact
 *   0 ≤ γ   ⊥ μ p_n − Σ_f p_f         ≥ 0   the polyhedral cone
 * </pre>
 *
 * with the Delassus matrix A and right-hand sides b of {@link Constraints#assemble} ({@code A p − b
 * = J v⁺ + e J v* + erp·dist/dt + cfm p} on a normal row, the contact's separating velocity after
 * the step). In the solver's form {@code s = h − F z} with z = (p, γ): {@code F = −[A E; μ −Eᵀ 0]},
 * {@code h = (−b, 0)}; no x and no equality rows. The solver sees it scaled, {@code F̃ = S F S},
 * {@code h̃ = S h}, {@code z = S z̃} with S diagonal ({@code ipmScale}: {@code 1/√A_rr} on a row's
 * unknown, {@code √A_ff} of the contact's first friction row on a γ), so that its Delassus diagonal
 * is 1: its start and its stopping rule assume unit scales, and a body of tonnes would otherwise
 * stop it short of the solution. The normal impulses have no upper bound here ({@code
 * Options.maxNormalImpulse} is PGS's); joint dry friction, equality, torsional and rolling rows are
 * PGS's only.
 */
public final class ContactInteriorPoint {
  private ContactInteriorPoint() {}

  /**
   * Solves for {@code efcImpulse}. Requires {@link Constraints#assemble}. Writes {@code efcImpulse,
   * solverIterations, solverResidual} and the solver's state ({@code ipmZ, ipmS, ipmF, ipmH,
   * ipmGammaNormal, ipmSize}); with {@code store} the warm start of the next step is cleared (the
   * interior point starts from its own point).
   */
  public static void solve(Model m, Data d, boolean store) {
    int ne = d.nefc;
    for (int r = 0; r < ne; r++) {
      int t = d.efcType[r];
      if (t == Rows.DOF_FRICTION || t == Rows.EQUALITY || t == Rows.TORSION || t == Rows.ROLLING) {
        throw new IllegalStateException(
            "the lcp-pdipm contact solver takes contact (condim 1 or 3), joint-limit and"
                + " tendon-limit rows; this model also has joint dry friction, equality, torsional"
                + " or rolling rows: use the pgs solver");
      }
    }
    // one γ per contact with friction rows
    int ng = 0;
    for (int r = 0; r < ne; r++) {
      if (d.efcType[r] == Rows.NORMAL && r + 1 < ne && d.efcNormal[r + 1] == r) {
        d.ipmGammaNormal[ng] = r;
        ng++;
      }
    }
    int size = ne + ng;
    d.ipmSize = size;
    buildProblem(d, ne, ng);
    int it =
        InteriorPoint.solve(
            0,
            size,
            0,
            d.ipmH,
            d.ipmH,
            d.ipmH,
            d.ipmH,
            d.ipmF,
            d.ipmH,
            d.ipmH,
            d.ipmH,
            d.ipmZ,
            d.ipmS,
            d.ipmH,
            d.ipmWork,
            d.ipmPivot,
            m.opt().iterations(),
            m.opt().tolerance(),
            3);
    if (it < 0) {
      throw new IllegalStateException(
          "the lcp-pdipm contact solver met a singular Newton system (a row without mass)");
    }
    for (int r = 0; r < ne; r++) {
      d.efcImpulse[r] = d.ipmScale[r] * d.ipmZ[r];
    }
    d.solverIterations = it;
    d.solverResidual = d.ipmWork[0];
    if (store) {
      java.util.Arrays.fill(d.warmValid, 0);
    }
  }

  /**
   * The scaled {@code F̃ = −S [A E; μ −Eᵀ 0] S} (size×size, row-major) and {@code h̃ = S (−b, 0)},
   * with the scales S in {@code ipmScale}.
   */
  private static void buildProblem(Data d, int ne, int ng) {
    int size = ne + ng;
    double[] f = d.ipmF, s = d.ipmScale;
    for (int i = 0; i < size * size; i++) {
      f[i] = 0;
    }
    for (int r = 0; r < ne; r++) {
      double a = d.efcA[ne * r + r];
      s[r] = a > 0 ? 1 / Math.sqrt(a) : 1;
    }
    for (int j = 0; j < ng; j++) {
      s[ne + j] = 1 / s[d.ipmGammaNormal[j] + 1];
    }
    for (int r = 0; r < ne; r++) {
      for (int c = 0; c < ne; c++) {
        f[size * r + c] = -s[r] * d.efcA[ne * r + c] * s[c];
      }
      d.ipmH[r] = -s[r] * d.efcB[r];
    }
    for (int j = 0; j < ng; j++) {
      int n = d.ipmGammaNormal[j], g = ne + j;
      d.ipmH[g] = 0;
      // μ p_n − Σ p_f: the friction rows' bounds hold μ
      f[size * g + n] = -s[g] * d.efcHi[n + 1] * s[n];
      for (int r = n + 1; r < ne && d.efcNormal[r] == n; r++) {
        f[size * g + r] = s[g] * s[r];
        f[size * r + g] = -s[r] * s[g];
      }
    }
  }
}
