package org.diffart.sim.algo.dynamics;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Tree-sparse factorisation {@code M = Lᵀ D L} (L unit lower triangular, nonzero only where the
 * column is an ancestor dof of the row), which has no fill-in (Featherstone 2005, "Efficient
 * factorization of the joint-space inertia matrix"; MuJoCo's {@code mj_factorM}). Cost O(Σ depth²).
 */
public final class MassMatrixFactor {
  private MassMatrixFactor() {}

  /**
   * Factors {@code qM} into {@code qLD} and {@code qLDiagInv}. Requires {@link Crba#massMatrix}.
   */
  public static void factor(Model m, Data d) {
    int nv = m.nv();
    double[] ld = d.qLD;
    // copy the tree pattern of qM
    for (int k = 0; k < nv; k++) {
      for (int j = k; j >= 0; j = m.dofParent(j)) {
        ld[nv * k + j] = d.qM[nv * k + j];
      }
    }
    for (int k = nv - 1; k >= 0; k--) {
      double dk = ld[nv * k + k];
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        double t = ld[nv * k + i] / dk;
        for (int j = i; j >= 0; j = m.dofParent(j)) {
          ld[nv * i + j] -= t * ld[nv * k + j];
        }
        ld[nv * k + i] = t;
      }
    }
    for (int k = 0; k < nv; k++) {
      d.qLDiagInv[k] = 1 / ld[nv * k + k];
    }
  }

  /** x ← L⁻ᵀ x (back substitution, leaves to root). */
  public static void solveLt(Model m, Data d, double[] x, int xo) {
    solveLt(m, d, x, xo, 0, m.nv());
  }

  /**
   * x ← L⁻ᵀ x for an x that is zero outside dofs {@code [lo, hi)} and whose nonzero dofs have all
   * their ancestors in that range (a path to the root, say); entries outside the range are neither
   * read nor written.
   */
  public static void solveLt(Model m, Data d, double[] x, int xo, int lo, int hi) {
    int nv = m.nv();
    for (int k = hi - 1; k >= lo; k--) {
      double xk = x[xo + k];
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        x[xo + i] -= d.qLD[nv * k + i] * xk;
      }
    }
  }

  /** x ← L⁻¹ x (forward substitution, root to leaves). */
  public static void solveL(Model m, Data d, double[] x, int xo) {
    solveL(m, d, x, xo, 0, m.nv());
  }

  /**
   * x ← L⁻¹ x for an x that is zero outside dofs {@code [lo, hi)}, a range closed under ancestors
   * (whole trees): the result is zero outside it too, and entries outside are neither read nor
   * written.
   */
  public static void solveL(Model m, Data d, double[] x, int xo, int lo, int hi) {
    int nv = m.nv();
    for (int k = lo; k < hi; k++) {
      double s = x[xo + k];
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        s -= d.qLD[nv * k + i] * x[xo + i];
      }
      x[xo + k] = s;
    }
  }

  /** x ← M⁻¹ x. Requires {@link #factor}. */
  public static void solve(Model m, Data d, double[] x) {
    solveLt(m, d, x, 0);
    for (int k = 0; k < m.nv(); k++) {
      x[k] *= d.qLDiagInv[k];
    }
    solveL(m, d, x, 0);
  }
}
