package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.RandomModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransitionTest {

  private static double relativeError(double[][] a, double[][] b) {
    double err = 0, scale = 1e-300;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        err = Math.max(err, Math.abs(a[i][j] - b[i][j]));
        scale = Math.max(scale, Math.abs(b[i][j]));
      }
    }
    return err / scale;
  }

  @ParameterizedTest
  @CsvSource({"builtin:laikago, stand, 300", "builtin:humanoid, '', 40", "builtin:pendulum:5, hang, 0",
      "builtin:ant, init, 80"})
  void exactMatchesCentralDifferences(String spec, String key, int warmup) {
    Model m = ModelLoader.load(spec);
    Data d = new Data(m);
    if (!key.isEmpty()) {
      d.resetToKey(m.keyLookup(key));
    }
    for (int k = 0; k < m.nu(); k++) {
      d.ctrl[k] = 0.3 * Math.sin(k + 1.0);
    }
    for (int s = 0; s < warmup; s++) {
      Step.step(m, d);
    }
    Transition exact = Transition.exact(m, d), fd = Transition.finiteDifferences(m, d, true, 1e-6);
    assertEquals(2 * m.nv(), exact.A().length);
    assertEquals(m.nu(), exact.B()[0].length);
    double ea = relativeError(exact.A(), fd.A()), eb = relativeError(exact.B(), fd.B());
    assertTrue(ea < 1e-5, spec + ": A exact vs central differences " + ea);
    assertTrue(eb < 1e-5, spec + ": B exact vs central differences " + eb);
    // the reverse sweeps leave nothing behind: a second evaluation is identical
    Transition again = Transition.exact(m, d);
    for (int i = 0; i < exact.A().length; i++) {
      assertEquals(0, relativeError(new double[][] {exact.A()[i]}, new double[][] {again.A()[i]}), 0);
    }
  }

  @Test
  void identityPartOfAContactFreeStep() {
    // for a tiny time step, A ≈ [[1, dt], [0, 1]] in the tangent space, on a tree with every joint type
    Model m = RandomModels.tree(RandomModels.Spec.full(6), 3);
    m = m.withOptions(m.opt().toBuilder().timestep(1e-7).build());
    Data d = new Data(m);
    RandomModels.randomState(m, d, 3);
    Transition t = Transition.exact(m, d);
    int nv = m.nv();
    for (int i = 0; i < 2 * nv; i++) {
      for (int j = 0; j < 2 * nv; j++) {
        double expected = i == j ? 1 : (i < nv && j == i + nv ? 1e-7 : 0);
        assertEquals(expected, t.A()[i][j], 1e-5, "A[" + i + "][" + j + "]");
      }
    }
  }

  @Test
  void preparedReversePgsEqualsUndoingTheSweeps() {
    Model m = ModelLoader.load("builtin:laikago");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    for (int s = 0; s < 300; s++) {
      Step.step(m, d);
    }
    Transition exact = Transition.exact(m, d);
    // row by row through the plain step adjoint, without the prepared basis
    Data next = new Data(m), work = new Data(m);
    next.copyStateFrom(d);
    Step.step(m, next);
    work.copyStateFrom(d);
    Step.dynamics(m, work);
    assertTrue(work.nefc > 0, "contact rows");
    int nv = m.nv();
    for (int i = 0; i < 2 * nv; i++) {
      org.diffart.sim.data.DataBar b = new org.diffart.sim.data.DataBar(m);
      if (i < nv) {
        double[] seed = new double[nv];
        seed[i] = 1;
        org.diffart.sim.algo.Configuration.ambientSeed(m, next.qpos, seed, b.qposBar);
      } else {
        b.qvelBar[i - nv] = 1;
      }
      org.diffart.sim.algo.StepAdjoint.step(m, work, b);
      double[] row = new double[nv];
      org.diffart.sim.algo.Configuration.tangentGradient(m, work.qpos, b.qposBar, row);
      for (int j = 0; j < nv; j++) {
        assertEquals(row[j], exact.A()[i][j], 1e-12 * (1 + Math.abs(row[j])), "A[" + i + "][" + j + "]");
        assertEquals(b.qvelBar[j], exact.A()[i][nv + j], 1e-12 * (1 + Math.abs(b.qvelBar[j])));
      }
      for (int j = 0; j < m.nu(); j++) {
        assertEquals(b.ctrlBar[j], exact.B()[i][j], 1e-12 * (1 + Math.abs(b.ctrlBar[j])));
      }
    }
  }
}
