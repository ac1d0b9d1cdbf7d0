package org.diffart.sim.algo.dynamics;

import org.diffart.sim.model.Model;

/**
 * In-place LU factorisation without pivoting of an nv×nv matrix with the tree pattern of M (entry
 * (k, l) nonzero only when one dof is an ancestor of the other), not necessarily symmetric: dofs
 * are eliminated from the leaves to the root, so that, as in {@link MassMatrixFactor}, there is no
 * fill-in. Cost O(Σ depth²). The implicit integrators' {@code M̃ = M - dt D} is such a matrix.
 *
 * <p>After {@link #factor}, entry (k, k) holds the pivot {@code p_k}, entry (k, i) for an ancestor
 * i of k the row multiplier {@code A_ki / p_k} and entry (i, k) the column multiplier {@code A_ik /
 * p_k} (A as updated by the eliminations of k's descendants).
 */
public final class TreeLu {
  private TreeLu() {}

  /** Factors a (row-major nv×nv, tree pattern; other entries are neither read nor written). */
  public static void factor(Model m, double[] a) {
    int nv = m.nv();
    for (int k = nv - 1; k >= 0; k--) {
      double p = a[nv * k + k];
      // eliminate dof k from its ancestors' rows: A_ij -= A_ik A_kj / p for i, j ancestors of k
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        double c = a[nv * i + k] / p;
        for (int j = m.dofParent(k); j >= 0; j = m.dofParent(j)) {
          a[nv * i + j] -= c * a[nv * k + j];
        }
      }
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        a[nv * k + i] /= p;
        a[nv * i + k] /= p;
      }
    }
  }

  /**
   * x ← A⁻¹ x, or with {@code transpose} x ← A⁻ᵀ x (the factors of Aᵀ are those of A with the row
   * and column multipliers swapped). Requires {@link #factor}.
   */
  public static void solve(Model m, double[] lu, double[] x, boolean transpose) {
    int nv = m.nv();
    // eliminate, leaves to root
    for (int k = nv - 1; k >= 0; k--) {
      double xk = x[k];
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        x[i] -= (transpose ? lu[nv * k + i] : lu[nv * i + k]) * xk;
      }
    }
    // back-substitute, root to leaves
    for (int k = 0; k < nv; k++) {
      double s = x[k] / lu[nv * k + k];
      for (int i = m.dofParent(k); i >= 0; i = m.dofParent(i)) {
        s -= (transpose ? lu[nv * i + k] : lu[nv * k + i]) * x[i];
      }
      x[k] = s;
    }
  }
}
