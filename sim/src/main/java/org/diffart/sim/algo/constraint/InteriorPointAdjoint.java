package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.constraint.InteriorPoint.Problem;
import org.diffart.sim.algo.constraint.InteriorPoint.Solution;
import org.ejml.data.DMatrixRMaj;

/**
 * The implicit adjoint of {@link InteriorPoint} at its solution (OptNet, Amos and Kolter 2017; as
 * DiffSDFSim's LCP layer): no iteration is reversed. The solution satisfies {@code R = 0} with
 *
 * <pre>
 *   R_x = Q x + p + Gᵀ z + Aᵀ y,   R_z = D(z) (G x + F z − h),   R_y = A x − b,
 * </pre>
 *
 * so {@code dL = −wᵀ (∂R/∂θ) dθ} with {@code Kᵀ w = (x̄, z̄, ȳ)} and K = ∂R/∂(x, z, y). Scaling the
 * middle rows by {@code D(z)⁻¹} turns K into the Newton matrix at the solution, {@code [Q Gᵀ Aᵀ; G
 * F − D(s/z) 0; A 0 0]}; with {@code w̃_z = z ∘ w_z} the bars are
 *
 * <pre>
 *   p̄ = −w_x                 Q̄ = −½ (w_x xᵀ + x w_xᵀ)
 *   Ḡ = −(z w_xᵀ + w̃_z xᵀ)    h̄ = w̃_z               F̄ = −w̃_z zᵀ
 *   Ā = −(y w_xᵀ + w_y xᵀ)    b̄ = w_y
 * </pre>
 *
 * Where a pair is degenerate (s and z both zero) K is singular; as the seed's code, s and z are
 * clamped at 1e-8 in {@code s/z}.
 */
public final class InteriorPointAdjoint {
  /** The clamp of s and z in the ratio {@code s/z} (qpth's). */
  static final double CLAMP = 1e-8;

  private InteriorPointAdjoint() {}

  /** The bars of every input of a {@link Problem}, shaped as the inputs. */
  public record Bars(
      DMatrixRMaj q,
      double[] p,
      DMatrixRMaj g,
      double[] h,
      DMatrixRMaj f,
      DMatrixRMaj a,
      double[] b) {}

  /**
   * The bars of the problem's inputs for the solution's bars x̄ (n) and z̄ (m, or null for none).
   */
  public static Bars backward(Problem pr, Solution sol, double[] xBar, double[] zBar) {
    int n = pr.nx(), m = pr.nz(), k = pr.ny(), size = n + m + k;
    double[] x = sol.x(), z = sol.z(), y = sol.y(), w = new double[size];
    double[] zb = zBar == null ? new double[m] : zBar;
    boolean ok =
        solve(
            n,
            m,
            k,
            InteriorPoint.data(pr.q()),
            InteriorPoint.data(pr.g()),
            InteriorPoint.data(pr.f()),
            InteriorPoint.data(pr.a()),
            z,
            sol.s(),
            xBar,
            zb,
            w,
            new double[size * size],
            new int[size]);
    if (!ok) {
      throw new IllegalArgumentException("interior point adjoint: the KKT system is singular");
    }
    DMatrixRMaj qBar = new DMatrixRMaj(n, n), gBar = new DMatrixRMaj(m, n);
    DMatrixRMaj fBar = new DMatrixRMaj(m, m), aBar = new DMatrixRMaj(k, n);
    double[] pBar = new double[n], hBar = new double[m], bBar = new double[k];
    for (int i = 0; i < n; i++) {
      pBar[i] = -w[i];
      for (int j = 0; j < n; j++) {
        qBar.set(i, j, -0.5 * (w[i] * x[j] + x[i] * w[j]));
      }
    }
    for (int r = 0; r < m; r++) {
      double wz = w[n + r];
      hBar[r] = wz;
      for (int j = 0; j < n; j++) {
        gBar.set(r, j, -(z[r] * w[j] + wz * x[j]));
      }
      for (int c = 0; c < m; c++) {
        fBar.set(r, c, -wz * z[c]);
      }
    }
    for (int r = 0; r < k; r++) {
      double wy = w[n + m + r];
      bBar[r] = wy;
      for (int j = 0; j < n; j++) {
        aBar.set(r, j, -(y[r] * w[j] + wy * x[j]));
      }
    }
    return new Bars(qBar, pBar, gBar, hBar, fBar, aBar, bBar);
  }

  /**
   * The adjoint system on flat arrays, allocation-free: {@code K̃ᵀ w = (x̄, z̄, 0)} with K̃ the
   * Newton matrix at the solution (z, s), so w = (w_x, w̃_z, w_y) in {@code w} (n + m + k); {@code
   * work} holds (n+m+k)² doubles, {@code pivot} n + m + k ints. Returns false when K̃ is singular.
   */
  public static boolean solve(
      int n,
      int m,
      int k,
      double[] q,
      double[] g,
      double[] f,
      double[] a,
      double[] z,
      double[] s,
      double[] xBar,
      double[] zBar,
      double[] w,
      double[] work,
      int[] pivot) {
    int size = n + m + k;
    // K̃ᵀ = [Q Gᵀ Aᵀ; G Fᵀ−D 0; A 0 0]: Q and D symmetric, G and A in both places
    for (int i = 0; i < size * size; i++) {
      work[i] = 0;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        work[size * i + j] = q[n * j + i];
      }
    }
    for (int r = 0; r < m; r++) {
      for (int j = 0; j < n; j++) {
        work[size * j + n + r] = g[n * r + j];
        work[size * (n + r) + j] = g[n * r + j];
      }
      for (int c = 0; c < m; c++) {
        work[size * (n + c) + n + r] = f[m * r + c];
      }
      work[size * (n + r) + n + r] -= Math.max(s[r], CLAMP) / Math.max(z[r], CLAMP);
    }
    for (int r = 0; r < k; r++) {
      for (int j = 0; j < n; j++) {
        work[size * j + n + m + r] = a[n * r + j];
        work[size * (n + m + r) + j] = a[n * r + j];
      }
    }
    // Kᵀ = K̃ᵀ diag(1, D(z), 1): the right-hand side (x̄, z̄, 0) stays, the solve gives w̃_z
    for (int i = 0; i < n; i++) {
      w[i] = xBar[i];
    }
    for (int r = 0; r < m; r++) {
      w[n + r] = zBar[r];
    }
    for (int r = 0; r < k; r++) {
      w[n + m + r] = 0;
    }
    if (!DenseLu.factor(work, 0, size, pivot)) {
      return false;
    }
    DenseLu.solve(work, 0, size, pivot, w, 0);
    return true;
  }
}
