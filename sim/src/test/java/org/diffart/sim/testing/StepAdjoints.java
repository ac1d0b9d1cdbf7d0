package org.diffart.sim.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.tape.Taped;

/** The adjoint of one step against the tape's, shared by the stage tests. */
public final class StepAdjoints {
  private static final String[] IN = {
    "qpos",
    "qvel",
    "ctrl",
    "bodyInert",
    "dofDamping",
    "geomFriction",
    "geomRestitution",
    "warmImpulse"
  };

  private StepAdjoints() {}

  /**
   * Steps {@code warmup} times, then compares the adjoint of the next step with the tape's; returns
   * #contacts.
   */
  public static int compare(Model m, Data start, int warmup, long seed, double tol) {
    Data d = new Data(m);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    for (int s = 0; s < warmup; s++) {
      Step.step(m, d);
    }
    Random rnd = new Random(seed);
    double[] qb = TapeCheck.random(rnd, m.nq(), 1), vb = TapeCheck.random(rnd, m.nv(), 1);
    double[] wb = TapeCheck.random(rnd, 3 * m.nslot(), 1);
    // tape
    Data td = new Data(m);
    td.copyStateFrom(d);
    td.copyParametersFrom(d);
    double[][] tape = new double[IN.length][];
    try (Tape t = Tape.begin(1L << 30)) {
      double[][] h = DataTape.box(t, td, IN);
      Taped.step(m, td);
      DataTape.seed(
          t, td, new String[] {"qpos", "qvel", "warmImpulse"}, new double[][] {qb, vb, wb});
      t.reverse();
      for (int f = 0; f < IN.length; f++) {
        tape[f] = DataTape.adjoints(t, h[f]);
      }
    }
    // adjoint
    Data ad = new Data(m);
    ad.copyStateFrom(d);
    ad.copyParametersFrom(d);
    Step.dynamics(m, ad);
    DataBar b = new DataBar(m);
    System.arraycopy(qb, 0, b.qposBar, 0, qb.length);
    System.arraycopy(vb, 0, b.qvelBar, 0, vb.length);
    System.arraycopy(wb, 0, b.warmImpulseBar, 0, wb.length);
    StepAdjoint.step(m, ad, b);
    double scale = 0;
    for (double[] g : tape) {
      scale = Math.max(scale, TapeCheck.maxAbs(g));
    }
    assertTrue(scale > 1e-3, "non-trivial gradient");
    for (int f = 0; f < IN.length; f++) {
      double[] hand = DataTape.field(b, IN[f] + "Bar");
      double err = 0;
      for (int k = 0; k < hand.length; k++) {
        err = Math.max(err, Math.abs(hand[k] - tape[f][k]));
      }
      assertTrue(
          err <= tol * scale,
          m.name()
              + " after "
              + warmup
              + " steps ("
              + ad.ncon
              + " contacts, "
              + ad.nefc
              + " rows): "
              + IN[f]
              + " adjoint vs tape "
              + err / scale
              + " relative to "
              + scale);
    }
    return ad.ncon;
  }
}
