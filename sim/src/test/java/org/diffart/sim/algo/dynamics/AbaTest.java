package org.diffart.sim.algo.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.RandomModels;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AbaTest {

  /** Relative max-norm difference. */
  static double relErr(double[] a, double[] b, int n) {
    double num = 0, den = 0;
    for (int i = 0; i < n; i++) {
      num = Math.max(num, Math.abs(a[i] - b[i]));
      den = Math.max(den, Math.max(Math.abs(a[i]), Math.abs(b[i])));
    }
    return num / Math.max(den, 1e-300);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
  void abaMatchesCrbaSolveOnRandomTrees(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(12), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed + 100);
    Step.smooth(m, d);
    Rnea.bias(m, d);
    Crba.massMatrix(m, d);
    MassMatrixFactor.factor(m, d);
    double[] x = new double[m.nv()];
    for (int k = 0; k < m.nv(); k++) {
      x[k] = d.qfrcSmooth[k] - d.qfrcBias[k];
    }
    MassMatrixFactor.solve(m, d, x);
    double err = relErr(d.qaccSmooth, x, m.nv());
    assertTrue(err < 1e-10, "seed " + seed + ": ABA vs CRBA solve relative error " + err);
  }

  @ParameterizedTest
  @ValueSource(longs = {11, 12, 13, 14, 15})
  void rneaInvertsAba(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(15), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    Step.smooth(m, d);
    double[] tau = new double[m.nv()];
    Rnea.inverse(m, d, d.qaccSmooth, tau);
    double err = relErr(tau, d.qfrcSmooth, m.nv());
    assertTrue(err < 1e-10, "seed " + seed + ": Rnea(Aba(tau)) relative error " + err);
  }

  @ParameterizedTest
  @ValueSource(longs = {21, 22, 23})
  void crbaMatchesRneaColumnsAndIsSymmetricPositiveDefinite(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(10), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    Step.smooth(m, d);
    Crba.massMatrix(m, d);
    int nv = m.nv();
    Rnea.bias(m, d);
    double[] e = new double[nv];
    double[] col = new double[nv];
    double scale = 0;
    for (int k = 0; k < nv * nv; k++) {
      scale = Math.max(scale, Math.abs(d.qM[k]));
    }
    for (int c = 0; c < nv; c++) {
      java.util.Arrays.fill(e, 0);
      e[c] = 1;
      Rnea.inverse(m, d, e, col);
      for (int r = 0; r < nv; r++) {
        assertEquals(
            col[r] - d.qfrcBias[r], d.qM[nv * r + c], 1e-11 * scale, "M(" + r + "," + c + ")");
        assertEquals(d.qM[nv * r + c], d.qM[nv * c + r], 1e-14 * scale);
      }
    }
    MassMatrixFactor.factor(m, d);
    for (int k = 0; k < nv; k++) {
      assertTrue(d.qLDiagInv[k] > 0, "D must be positive");
    }
  }
}
