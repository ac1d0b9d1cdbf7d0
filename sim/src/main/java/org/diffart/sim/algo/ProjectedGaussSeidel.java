package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * Projected Gauss-Seidel for the velocity-level mixed LCP {@code A p = b + w}, {@code lo ≤ p ≤ hi} complementary to
 * w (as Bullet's {@code btSolveProjectedGaussSeidel}, used by Qiao et al.): each sweep updates row by row {@code p_r ←
 * clamp(p_r + (b_r - A_r p) / A_rr, lo_r, hi_r)}, where a friction row's bounds are {@code ±μ p_n} with the current
 * normal impulse. A fixed number of sweeps from zero by default; optionally warm-started and stopped early.
 */
public final class ProjectedGaussSeidel {
  private ProjectedGaussSeidel() {}

  /**
   * Solves for {@code efcImpulse}. Requires {@link Constraints#assemble}. Writes {@code efcImpulse,
   * solverIterations, solverResidual}, and the per-slot warm-start impulses.
   */
  public static void solve(Model m, Data d) {
    Options o = m.opt();
    int ne = d.nefc;
    double[] p = d.efcImpulse, a = d.efcA, b = d.efcB, inv = d.efcInvDiag;
    int[] rowLo = d.efcRowLo, rowHi = d.efcRowHi, normal = d.efcNormal;
    for (int r = 0; r < ne; r++) {
      inv[r] = 1 / a[ne * r + r];
    }
    initialGuess(m, d, o.warmStart());
    int it = 0, iterations = o.iterations();
    double residual = 0, tolerance = o.tolerance();
    double[] bLo = d.efcLo, bHi = d.efcHi;
    while (it < iterations) {
      residual = 0;
      for (int r = 0; r < ne; r++) {
        // A_r p with four accumulators to shorten the dependency chain
        int s = rowLo[r], hi0 = rowHi[r], ro = ne * r;
        double ap0 = 0, ap1 = 0, ap2 = 0, ap3 = 0;
        for (; s + 3 < hi0; s += 4) {
          ap0 += a[ro + s] * p[s];
          ap1 += a[ro + s + 1] * p[s + 1];
          ap2 += a[ro + s + 2] * p[s + 2];
          ap3 += a[ro + s + 3] * p[s + 3];
        }
        for (; s < hi0; s++) {
          ap0 += a[ro + s] * p[s];
        }
        double x = p[r] + (b[r] - ((ap0 + ap1) + (ap2 + ap3))) * inv[r];
        double lo = bLo[r], hi = bHi[r];
        int n = normal[r];
        if (n >= 0) {
          // friction: the cone bound scales with the current normal impulse
          lo = -lo * p[n];
          hi = hi * p[n];
        }
        // plain comparisons: Math.min/max pay for NaN and signed-zero semantics we do not need here
        x = x < lo ? lo : x > hi ? hi : x;
        double change = x > p[r] ? x - p[r] : p[r] - x;
        if (change > residual) {
          residual = change;
        }
        p[r] = x;
      }
      it++;
      if (tolerance > 0 && residual < tolerance) {
        break;
      }
    }
    d.solverIterations = it;
    d.solverResidual = residual;
    storeWarmStart(m, d);
  }

  /** Zero, or the previous step's impulses of the same contact slots. */
  private static void initialGuess(Model m, Data d, boolean warm) {
    int nf = m.opt().frictionDirections();
    for (int r = 0; r < d.nefc; r++) {
      d.efcImpulse[r] = 0;
      if (warm && d.efcType[r] == Constraints.NORMAL) {
        int slot = d.conSlot[d.efcId[r]];
        if (d.warmValid[slot] != 0) {
          d.efcImpulse[r] = d.warmImpulse[3 * slot];
          for (int f = 1; f <= nf && r + f < d.nefc && d.efcNormal[r + f] == r; f++) {
            d.efcImpulse[r + f] = d.warmImpulse[3 * slot + f];
          }
        }
      }
    }
  }

  private static void storeWarmStart(Model m, Data d) {
    java.util.Arrays.fill(d.warmValid, 0);
    int nf = m.opt().frictionDirections();
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] == Constraints.NORMAL) {
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
