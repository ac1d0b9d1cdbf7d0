package org.diffart.sim.algo.constraint;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.testing.DataTape;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reverse PGS on the contact rows of a standing laikago (held normal rows, sticking and sliding
 * friction rows), against the tape and central differences of the impulses with respect to A, b and
 * the friction coefficients.
 */
class ProjectedGaussSeidelAdjointTest {
  private static final String[] IN = {"efcA", "efcB", "efcLo", "efcHi"};

  @ParameterizedTest
  @CsvSource({"150, 50", "400, 50", "150, 7", "150, 1"})
  void reversePgsMatchesTapeAndDifferences(int warmup, int iterations) {
    Model base = ModelLoader.load("builtin:laikago");
    Model m = base.withOptions(base.opt().toBuilder().iterations(iterations).build());
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    for (int s = 0; s < warmup; s++) {
      Step.step(m, d);
    }
    Step.dynamics(m, d);
    int ne = d.nefc;
    assertTrue(ne > 0, "contact rows");
    Random rnd = new Random(warmup + iterations);
    double[] w = TapeCheck.random(rnd, ne, 1);
    DataBar b = new DataBar(m);
    System.arraycopy(w, 0, b.efcImpulseBar, 0, ne);
    ProjectedGaussSeidelAdjoint.solve(m, d, b);

    Data td = new Data(m);
    td.copyStateFrom(d);
    Step.dynamics(m, td);
    double[][] tape = new double[IN.length][];
    try (Tape t = Tape.begin(1L << 26)) {
      double[][] vars = DataTape.box(t, td, IN);
      DataTape.run(ProjectedGaussSeidel.class, "solve", m, td);
      DataTape.seed(t, td, new String[] {"efcImpulse"}, new double[][] {w});
      t.reverse();
      for (int f = 0; f < IN.length; f++) {
        tape[f] = DataTape.adjoints(t, vars[f]);
      }
    }
    for (int f = 0; f < IN.length; f++) {
      double[] hand = java.util.Arrays.copyOf(DataTape.field(b, IN[f] + "Bar"), tape[f].length);
      double err = TapeCheck.relativeError(hand, tape[f]);
      assertTrue(
          err < 1e-11 || TapeCheck.maxAbs(tape[f]) == 0, IN[f] + ": reverse PGS vs tape " + err);
    }
    assertTrue(TapeCheck.maxAbs(tape[1]) > 1e-6, "b passes a gradient");
    // central differences of <w, p> along b
    double[] v = TapeCheck.random(rnd, ne, 1);
    double eps = 1e-9, adj = 0;
    double[] f = new double[2];
    for (int s = 0; s < 2; s++) {
      Data p = new Data(m);
      p.copyStateFrom(d);
      Step.dynamics(m, p);
      for (int r = 0; r < ne; r++) {
        p.efcB[r] += (s == 0 ? eps : -eps) * v[r];
      }
      ProjectedGaussSeidel.solve(m, p);
      for (int r = 0; r < ne; r++) {
        f[s] += w[r] * p.efcImpulse[r];
      }
    }
    for (int r = 0; r < ne; r++) {
      adj += b.efcBBar[r] * v[r];
    }
    double fd = (f[0] - f[1]) / (2 * eps);
    assertTrue(Math.abs(fd - adj) < 1e-5 * (1 + Math.abs(adj)), "fd " + fd + " vs adjoint " + adj);
  }
}
