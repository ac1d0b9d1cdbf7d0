package org.diffart.sim.algo.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.testing.DataTape;
import org.diffart.sim.testing.RandomModels;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The smooth dynamics' adjoint (ABA through RNEA's vector-Jacobian product, forces, kinematics):
 * against the tape, central differences (the dot-product test), and the identity {@code ∂q̈/∂τ =
 * M̃⁻¹}.
 */
class AbaAdjointTest {
  private static final String[] IN = {
    "qpos", "qvel", "ctrl", "qfrcApplied", "bodyInert", "dofDamping"
  };

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void smoothDynamicsAdjointMatchesTapeAndDifferences(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(9), seed);
    double h = 0.01;
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    Random rnd = new Random(seed);
    double[] w = TapeCheck.random(rnd, m.nv(), 1);
    Step.smooth(m, d, h);
    DataBar b = new DataBar(m);
    System.arraycopy(w, 0, b.qaccSmoothBar, 0, m.nv());
    StepAdjoint.smooth(m, d, b, h);

    Data td = new Data(m);
    td.copyStateFrom(d);
    double[][] tape = new double[IN.length][];
    try (Tape t = Tape.begin(1L << 26)) {
      double[][] vars = DataTape.box(t, td, IN);
      try {
        org.diffart.sim.tape.Taped.handle(
                Step.class.getName(),
                "smooth",
                java.lang.invoke.MethodType.methodType(
                    void.class, Model.class, Data.class, double.class))
            .invoke(m, td, h);
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
      DataTape.seed(t, td, new String[] {"qaccSmooth"}, new double[][] {w});
      t.reverse();
      for (int f = 0; f < IN.length; f++) {
        tape[f] = DataTape.adjoints(t, vars[f]);
      }
    }
    for (int f = 0; f < IN.length; f++) {
      double[] hand = DataTape.field(b, IN[f] + "Bar");
      if (hand.length == 0) {
        continue;
      }
      assertTrue(TapeCheck.maxAbs(tape[f]) > 1e-6, IN[f] + ": non-trivial");
      double err = TapeCheck.relativeError(hand, tape[f]);
      assertTrue(err < 1e-11, IN[f] + ": adjoint vs tape " + err);
    }
    // dot-product test: <w, J v> by central differences = <J^T w, v> for a random direction in
    // (qpos, qvel, tau)
    double[] vq = TapeCheck.random(rnd, m.nq(), 1), vv = TapeCheck.random(rnd, m.nv(), 1);
    double[] vt = TapeCheck.random(rnd, m.nv(), 1);
    double eps = 1e-6;
    double[] f = new double[2];
    for (int s = 0; s < 2; s++) {
      Data p = new Data(m);
      p.copyStateFrom(d);
      double sg = s == 0 ? eps : -eps;
      for (int k = 0; k < m.nq(); k++) {
        p.qpos[k] += sg * vq[k];
      }
      for (int k = 0; k < m.nv(); k++) {
        p.qvel[k] += sg * vv[k];
        p.qfrcApplied[k] += sg * vt[k];
      }
      Step.smooth(m, p, h);
      for (int k = 0; k < m.nv(); k++) {
        f[s] += w[k] * p.qaccSmooth[k];
      }
    }
    double fd = (f[0] - f[1]) / (2 * eps), adj = 0;
    for (int k = 0; k < m.nq(); k++) {
      adj += b.qposBar[k] * vq[k];
    }
    for (int k = 0; k < m.nv(); k++) {
      adj += b.qvelBar[k] * vv[k] + b.qfrcAppliedBar[k] * vt[k];
    }
    assertTrue(Math.abs(fd - adj) < 1e-6 * (1 + Math.abs(adj)), "fd " + fd + " vs adjoint " + adj);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void forceBarsAreTheRowsOfTheInverseMassMatrix(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(8), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    double h = 0.005;
    Step.smooth(m, d, h);
    Crba.massMatrix(m, d);
    MassMatrixFactor.factor(m, d);
    int nv = m.nv();
    for (int i = 0; i < nv; i++) {
      double[] e = new double[nv];
      e[i] = 1;
      MassMatrixFactor.solve(m, d, e);
      DataBar b = new DataBar(m);
      b.qaccSmoothBar[i] = 1;
      AbaAdjoint.forward(m, d, b);
      for (int k = 0; k < nv; k++) {
        assertEquals(
            e[k],
            b.qfrcSmoothBar[k],
            1e-10 * (1 + Math.abs(e[k])),
            "(M + h B)⁻¹ row " + i + ", col " + k);
      }
    }
  }
}
