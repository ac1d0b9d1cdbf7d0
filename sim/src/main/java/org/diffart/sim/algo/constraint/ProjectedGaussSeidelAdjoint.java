package org.diffart.sim.algo.constraint;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Reverse PGS: the adjoint of {@link ProjectedGaussSeidel#solve} exactly as executed, the way Qiao
 * et al.'s code unrolls its fixed-sweep solve: the sweeps are undone row by row from the last: a
 * row held at a bound passes its bar to the bound (for a friction row {@code ±μ p_n}: to μ and to
 * the normal impulse), a free row {@code x = p_r + (b_r - A_r p)/A_rr} passes it to {@code p_r},
 * {@code b_r}, {@code A_r}, {@code 1/A_rr} and the impulses it read. The sweeps' impulses and
 * residuals come from the record the recomputed forward kept ({@code Data.pgsRecord}), or are
 * replayed.
 */
public final class ProjectedGaussSeidelAdjoint {
  private ProjectedGaussSeidelAdjoint() {}

  /**
   * Consumes {@code efcImpulseBar} and the {@code warmImpulseBar} of the slots this solve stored;
   * accumulates into {@code efcABar, efcBBar, efcLoBar, efcHiBar} and, for warm-started rows, the
   * {@code warmImpulseBar} the solve started from.
   *
   * @throws IllegalStateException if the record does not end at the forward's impulses bit for bit
   */
  public static void solve(Model m, Data d, DataBar b) {
    int ne = d.nefc, it = d.solverIterations, nf = m.opt().frictionDirections();
    double[] w = b.pgsWork, pBar = b.efcImpulseBar;
    // storeWarmStart: the slots of this solve's contacts now hold its impulses (or 0 for a missing
    // friction row),
    // read by the next step; the other slots keep their values and their bars
    for (int r = 0; r < ne; r++) {
      if (d.efcType[r] == Rows.NORMAL) {
        int slot = d.conSlot[d.efcId[r]];
        pBar[r] += b.warmImpulseBar[3 * slot];
        b.warmImpulseBar[3 * slot] = 0;
        for (int f = 1; f <= nf; f++) {
          if (r + f < ne && d.efcNormal[r + f] == r) {
            pBar[r + f] += b.warmImpulseBar[3 * slot + f];
          }
          b.warmImpulseBar[3 * slot + f] = 0;
        }
      }
    }
    if (b.pgsBasisReady) {
      fromBasis(d, b);
    } else {
      reverse(m, d, b);
    }
    // the initial guess: zero, or the previous step's impulses of the same slot
    for (int r = 0; r < ne; r++) {
      int src = d.efcInitSource[r];
      if (src >= 0) {
        b.warmImpulseBar[src] += pBar[r];
      }
      pBar[r] = 0;
    }
  }

  /**
   * The sweeps undone from the last, turning {@code efcImpulseBar} into the bar of the initial
   * guess and adding into {@code efcABar, efcBBar, efcLoBar, efcHiBar}.
   */
  private static void reverse(Model m, Data d, DataBar b) {
    int ne = d.nefc, it = d.solverIterations;
    double[] w = b.pgsWork;
    // the record of the solve (recorded by the recomputation, else replayed now): impulses after k
    // sweeps at
    // h[k·ne], the residuals of sweep k at h[(iterations + 1 + k)·ne]
    int res0 = m.opt().iterations() + 1;
    double[] h = d.pgsRecord;
    if (h == null) {
      h = b.pgsHistory;
      System.arraycopy(d.efcImpulseInit, 0, h, 0, ne);
      System.arraycopy(d.efcImpulseInit, 0, w, 0, ne);
      for (int k = 0; k < it; k++) {
        ProjectedGaussSeidel.sweep(d, w, h, (res0 + k) * ne);
        System.arraycopy(w, 0, h, (k + 1) * ne, ne);
      }
    }
    for (int r = 0; r < ne; r++) {
      if (Double.doubleToRawLongBits(h[it * ne + r])
          != Double.doubleToRawLongBits(d.efcImpulse[r])) {
        throw new IllegalStateException(
            "reverse PGS: the recorded impulse of row "
                + r
                + " is "
                + h[it * ne + r]
                + ", the forward's "
                + d.efcImpulse[r]);
      }
      b.efcInvDiagBar[r] = 0;
      w[r] = d.efcImpulse[r];
    }
    // rows last to first; w holds the impulses just before the update being undone
    for (int k = it - 1; k >= 0; k--) {
      for (int r = ne - 1; r >= 0; r--) {
        w[r] = h[k * ne + r];
        row(d, b, w, r, h[(res0 + k) * ne + r]);
      }
    }
    for (int r = 0; r < ne; r++) {
      double inv = d.efcInvDiag[r];
      b.efcABar[ne * r + r] -= b.efcInvDiagBar[r] * inv * inv;
    }
  }

  /** Numbers per row of the basis: Ā (ne²), b̄, lō, hī and the initial guess's bar (ne each). */
  private static int basisWidth(int ne) {
    return ne * ne + 4 * ne;
  }

  /**
   * Prepares many reverse sweeps of one forward, as the rows of a transition need: the reverse PGS
   * is linear in the bar of the impulses, so its response to each row's unit bar is computed once
   * here, and every {@link #solve} until {@code b.pgsBasisReady} is cleared combines them instead
   * of undoing the sweeps again.
   */
  public static void prepareBasis(Model m, Data d, DataBar b) {
    int ne = d.nefc, width = basisWidth(ne);
    b.pgsBasisReady = false;
    if (b.pgsBasis.length < ne * width) {
      b.pgsBasis = new double[ne * width];
    }
    double[] pBar = b.efcImpulseBar;
    for (int r = 0; r < ne; r++) {
      java.util.Arrays.fill(pBar, 0, ne, 0);
      pBar[r] = 1;
      clearOutputs(b, ne);
      reverse(m, d, b);
      int o = r * width;
      System.arraycopy(b.efcABar, 0, b.pgsBasis, o, ne * ne);
      System.arraycopy(b.efcBBar, 0, b.pgsBasis, o + ne * ne, ne);
      System.arraycopy(b.efcLoBar, 0, b.pgsBasis, o + ne * ne + ne, ne);
      System.arraycopy(b.efcHiBar, 0, b.pgsBasis, o + ne * ne + 2 * ne, ne);
      System.arraycopy(pBar, 0, b.pgsBasis, o + ne * ne + 3 * ne, ne);
    }
    java.util.Arrays.fill(pBar, 0, ne, 0);
    clearOutputs(b, ne);
    b.pgsBasisReady = true;
  }

  private static void clearOutputs(DataBar b, int ne) {
    java.util.Arrays.fill(b.efcABar, 0, ne * ne, 0);
    java.util.Arrays.fill(b.efcBBar, 0, ne, 0);
    java.util.Arrays.fill(b.efcLoBar, 0, ne, 0);
    java.util.Arrays.fill(b.efcHiBar, 0, ne, 0);
  }

  /** {@link #reverse} as the combination of the prepared basis. */
  private static void fromBasis(Data d, DataBar b) {
    int ne = d.nefc, width = basisWidth(ne);
    double[] pBar = b.efcImpulseBar, w = b.pgsWork, basis = b.pgsBasis;
    System.arraycopy(pBar, 0, w, 0, ne);
    java.util.Arrays.fill(pBar, 0, ne, 0);
    for (int r = 0; r < ne; r++) {
      double g = w[r];
      if (g == 0) {
        continue;
      }
      int o = r * width;
      for (int i = 0; i < ne * ne; i++) {
        b.efcABar[i] += g * basis[o + i];
      }
      o += ne * ne;
      for (int i = 0; i < ne; i++) {
        b.efcBBar[i] += g * basis[o + i];
        b.efcLoBar[i] += g * basis[o + ne + i];
        b.efcHiBar[i] += g * basis[o + 2 * ne + i];
        pBar[i] += g * basis[o + 3 * ne + i];
      }
    }
  }

  /**
   * Undoes the update of row r, given the impulses w before it and its residual {@code b_r - A_r
   * p}.
   */
  private static void row(Data d, DataBar b, double[] w, int r, double res) {
    double[] pBar = b.efcImpulseBar;
    double g = pBar[r];
    pBar[r] = 0;
    if (g == 0) {
      return;
    }
    double x = w[r] + res * d.efcInvDiag[r];
    double lo = ProjectedGaussSeidel.lower(d, w, r), hi = ProjectedGaussSeidel.upper(d, w, r);
    int n = d.efcNormal[r];
    if (x < lo) {
      // held at the lower bound: efcLo, or -μ p_n
      if (n >= 0) {
        b.efcLoBar[r] -= w[n] * g;
        pBar[n] -= d.efcLo[r] * g;
      } else {
        b.efcLoBar[r] += g;
      }
    } else if (x > hi) {
      if (n >= 0) {
        b.efcHiBar[r] += w[n] * g;
        pBar[n] += d.efcHi[r] * g;
      } else {
        b.efcHiBar[r] += g;
      }
    } else {
      // x = p_r + (b_r - A_r p) inv_r
      int ne = d.nefc, ro = ne * r;
      double inv = d.efcInvDiag[r];
      pBar[r] += g;
      b.efcBBar[r] += g * inv;
      b.efcInvDiagBar[r] += g * res;
      double apBar = -g * inv;
      for (int s = d.efcRowLo[r]; s < d.efcRowHi[r]; s++) {
        b.efcABar[ro + s] += apBar * w[s];
        pBar[s] += apBar * d.efcA[ro + s];
      }
    }
  }
}
