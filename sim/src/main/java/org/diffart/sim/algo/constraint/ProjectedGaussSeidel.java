package org.diffart.sim.algo.constraint;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * Projected Gauss-Seidel for the velocity-level mixed LCP {@code A p = b + w}, {@code lo ≤ p ≤ hi}
 * complementary to w (as Bullet's {@code btSolveProjectedGaussSeidel}, used by Qiao et al.): each
 * sweep updates row by row {@code p_r ← clamp(p_r + (b_r - A_r p) / A_rr, lo_r, hi_r)}, where a
 * friction row's bounds are {@code ±μ p_n} with the current normal impulse. A fixed number of
 * sweeps from zero by default; optionally warm-started and stopped early.
 */
public final class ProjectedGaussSeidel {
  private ProjectedGaussSeidel() {}

  /**
   * Solves for {@code efcImpulse}. Requires {@link Constraints#assemble}. Writes {@code efcImpulse,
   * solverIterations, solverResidual} and the per-slot warm-start impulses.
   */
  public static void solve(Model m, Data d) {
    solve(m, d, true);
  }

  /**
   * As {@link #solve(Model, Data)}; the warm start of the next step is stored only with {@code
   * store}.
   */
  public static void solve(Model m, Data d, boolean store) {
    Options o = m.opt();
    int ne = d.nefc;
    double[] p = d.efcImpulse;
    for (int r = 0; r < ne; r++) {
      d.efcInvDiag[r] = 1 / d.efcA[ne * r + r];
    }
    initialGuess(m, d, o.warmStart());
    System.arraycopy(p, 0, d.efcImpulseInit, 0, ne);
    int it = 0, iterations = o.iterations();
    double residual = 0, tolerance = o.tolerance();
    double[] rec = d.pgsRecord;
    if (rec != null) {
      System.arraycopy(p, 0, rec, 0, ne);
    }
    while (it < iterations) {
      residual = sweep(d, p, rec, (iterations + 1 + it) * ne);
      it++;
      if (rec != null) {
        System.arraycopy(p, 0, rec, it * ne, ne);
      }
      if (tolerance > 0 && residual < tolerance) {
        break;
      }
    }
    d.solverIterations = it;
    d.solverResidual = residual;
    if (store) {
      storeWarmStart(m, d);
    }
  }

  /**
   * One Gauss-Seidel sweep over the rows of {@code d} on the impulses p (in place); returns the
   * largest change. With a record array it keeps each row's {@code b_r - A_r p} at {@code record[ro
   * + r]}. The reverse PGS replays and reverses the sweeps with it, so its decisions are bit for
   * bit the forward's.
   */
  static double sweep(Data d, double[] p, double[] record, int ro) {
    int ne = d.nefc;
    double residual = 0;
    for (int r = 0; r < ne; r++) {
      double res = d.efcB[r] - rowProduct(d, p, r);
      if (record != null) {
        record[ro + r] = res;
      }
      double x = p[r] + res * d.efcInvDiag[r];
      double lo = lower(d, p, r), hi = upper(d, p, r);
      // plain comparisons: Math.min/max pay for NaN and signed-zero semantics we do not need here
      x = x < lo ? lo : x > hi ? hi : x;
      double change = x > p[r] ? x - p[r] : p[r] - x;
      if (change > residual) {
        residual = change;
      }
      p[r] = x;
    }
    return residual;
  }

  /**
   * {@code A_r p} over the rows coupled to r, with four accumulators to shorten the dependency
   * chain.
   */
  static double rowProduct(Data d, double[] p, int r) {
    int ne = d.nefc, s = d.efcRowLo[r], hi = d.efcRowHi[r], ro = ne * r;
    double[] a = d.efcA;
    double ap0 = 0, ap1 = 0, ap2 = 0, ap3 = 0;
    for (; s + 3 < hi; s += 4) {
      ap0 += a[ro + s] * p[s];
      ap1 += a[ro + s + 1] * p[s + 1];
      ap2 += a[ro + s + 2] * p[s + 2];
      ap3 += a[ro + s + 3] * p[s + 3];
    }
    for (; s < hi; s++) {
      ap0 += a[ro + s] * p[s];
    }
    return (ap0 + ap1) + (ap2 + ap3);
  }

  /**
   * Lower bound of row r: {@code efcLo}, or {@code -μ p_n} for a friction row with the current
   * normal impulse.
   */
  static double lower(Data d, double[] p, int r) {
    int n = d.efcNormal[r];
    return n >= 0 ? -d.efcLo[r] * p[n] : d.efcLo[r];
  }

  /** Upper bound of row r: {@code efcHi}, or {@code μ p_n} for a friction row. */
  static double upper(Data d, double[] p, int r) {
    int n = d.efcNormal[r];
    return n >= 0 ? d.efcHi[r] * p[n] : d.efcHi[r];
  }

  /**
   * Zero, or the previous step's impulses of the same contact slots: the normal impulse, and with
   * two friction directions (fixed tangents of the contact frame) the friction impulses too. The
   * single friction direction follows the sliding velocity, which turns from step to step, so its
   * previous impulse is no guess and it starts from zero.
   */
  private static void initialGuess(Model m, Data d, boolean warm) {
    int nf = m.opt().frictionDirections();
    for (int r = 0; r < d.nefc; r++) {
      d.efcImpulse[r] = 0;
      d.efcInitSource[r] = -1;
    }
    for (int r = 0; r < d.nefc; r++) {
      if (warm && d.efcType[r] == Rows.NORMAL) {
        int slot = d.conSlot[d.efcId[r]];
        if (d.warmValid[slot] != 0) {
          d.efcImpulse[r] = d.warmImpulse[3 * slot];
          d.efcInitSource[r] = 3 * slot;
          for (int f = 1; nf == 2 && f <= nf && r + f < d.nefc && d.efcNormal[r + f] == r; f++) {
            d.efcImpulse[r + f] = d.warmImpulse[3 * slot + f];
            d.efcInitSource[r + f] = 3 * slot + f;
          }
        }
      }
    }
  }

  private static void storeWarmStart(Model m, Data d) {
    java.util.Arrays.fill(d.warmValid, 0);
    int nf = m.opt().frictionDirections();
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] == Rows.NORMAL) {
        int slot = d.conSlot[d.efcId[r]];
        d.warmValid[slot] = 1;
        d.warmImpulse[3 * slot] = d.efcImpulse[r];
        for (int f = 1; f <= nf; f++) {
          boolean has = r + f < d.nefc && d.efcNormal[r + f] == r;
          d.warmImpulse[3 * slot + f] = has ? d.efcImpulse[r + f] : 0;
        }
      }
    }
  }
}
