package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.constraint.InteriorPoint.Problem;
import org.diffart.sim.algo.constraint.InteriorPoint.Solution;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

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
    double[] x = sol.x(), z = sol.z(), s = sol.s(), y = sol.y();
    // Kᵀ of the scaled system: Q and the zero block are symmetric, G and A appear transposed
    DMatrixRMaj kt = new DMatrixRMaj(size, size);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        kt.data[size * i + j] = pr.q().get(j, i);
      }
    }
    for (int r = 0; r < m; r++) {
      for (int j = 0; j < n; j++) {
        kt.data[size * j + n + r] = pr.g().get(r, j);
        kt.data[size * (n + r) + j] = pr.g().get(r, j);
      }
      for (int c = 0; c < m; c++) {
        kt.data[size * (n + c) + n + r] = pr.f().get(r, c);
      }
      kt.data[size * (n + r) + n + r] -= Math.max(s[r], CLAMP) / Math.max(z[r], CLAMP);
    }
    for (int r = 0; r < k; r++) {
      for (int j = 0; j < n; j++) {
        kt.data[size * j + n + m + r] = pr.a().get(r, j);
        kt.data[size * (n + m + r) + j] = pr.a().get(r, j);
      }
    }
    // Kᵀ = K̃ᵀ diag(1, D(z), 1): the right-hand side (x̄, z̄, 0) stays, the solve gives w̃_z
    DMatrixRMaj rhs = new DMatrixRMaj(size, 1), w = new DMatrixRMaj(size, 1);
    System.arraycopy(xBar, 0, rhs.data, 0, n);
    if (zBar != null) {
      for (int r = 0; r < m; r++) {
        rhs.data[n + r] = zBar[r];
      }
    }
    LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(size);
    if (!lu.setA(kt)) {
      throw new IllegalArgumentException("interior point adjoint: the KKT system is singular");
    }
    lu.solve(rhs, w);
    double[] wx = java.util.Arrays.copyOfRange(w.data, 0, n);
    double[] wz = java.util.Arrays.copyOfRange(w.data, n, n + m);
    double[] wy = java.util.Arrays.copyOfRange(w.data, n + m, size);

    DMatrixRMaj qBar = new DMatrixRMaj(n, n), gBar = new DMatrixRMaj(m, n);
    DMatrixRMaj fBar = new DMatrixRMaj(m, m), aBar = new DMatrixRMaj(k, n);
    double[] pBar = new double[n], hBar = new double[m], bBar = new double[k];
    for (int i = 0; i < n; i++) {
      pBar[i] = -wx[i];
      for (int j = 0; j < n; j++) {
        qBar.set(i, j, -0.5 * (wx[i] * x[j] + x[i] * wx[j]));
      }
    }
    for (int r = 0; r < m; r++) {
      hBar[r] = wz[r];
      for (int j = 0; j < n; j++) {
        gBar.set(r, j, -(z[r] * wx[j] + wz[r] * x[j]));
      }
      for (int c = 0; c < m; c++) {
        fBar.set(r, c, -wz[r] * z[c]);
      }
    }
    for (int r = 0; r < k; r++) {
      bBar[r] = wy[r];
      for (int j = 0; j < n; j++) {
        aBar.set(r, j, -(y[r] * wx[j] + wy[r] * x[j]));
      }
    }
    return new Bars(qBar, pBar, gBar, hBar, fBar, aBar, bBar);
  }
}
