package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/** Equality constraints: connect, weld and joint coupling hold on the backend. */
final class EqualityProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    equality(name, claims, out);
  }

  /**
   * Equality constraints: the tied model from rest (the pendulum swings, the slider is pushed)
   * agrees with the CPU reference, and after 1000 steps on the backend every constraint holds: the
   * largest violation of its rows, evaluated at the backend's final positions, stays below 2 mm (or
   * rad) while the bodies have moved.
   */
  private static void equality(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("tied.xml");
    int steps = 1000;
    Run tied = run(name, m, steps);
    double[] q = new double[m.nq()];
    try (Backend b = Backends.create(name, m, 1)) {
      b.setCtrl(new double[] {0.5});
      b.step(steps);
      b.getQpos(q);
    } catch (RuntimeException e) {
      put(out, Capability.CONSTRAINTS_EQUALITY, claims, false, "failed: " + e);
      return;
    }
    Data d = new Data(m);
    System.arraycopy(q, 0, d.qpos, 0, m.nq());
    Step.forward(m, d);
    double violation = 0;
    for (int r = 0; r < d.nefc; r++) {
      violation = Math.max(violation, Math.abs(d.efcDist[r]));
    }
    // how far the pendulum turned (its orientation's distance from the start) and the slider went
    double turned = 2 * Math.acos(Math.min(1, Math.abs(q[3]))), pushed = q[m.nq() - 1];
    boolean held = d.nefc == m.neqRows() && violation < 2e-3 && turned > 0.3 && pushed > 0.05;
    put(
        out,
        Capability.CONSTRAINTS_EQUALITY,
        claims,
        tied.agrees() && held,
        String.format(
                Locale.ROOT,
                "a connected pendulum turned by %.3g rad, a welded ball and a coupled hinge whose slider moved %.3g m: largest"
                    + " violation %.3g after %d steps; ",
                turned,
                pushed,
                violation,
                steps)
            + tied.agreement(steps, 2));
  }
}
