package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;
import static org.diffart.backends.capability.Probes.velocities;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.model.Model;

/**
 * Tendons: a limited fixed tendon between two pushed sliders, a ball on a rope, a rope wrapped on a
 * drum.
 */
final class TendonProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    // a rope (limited tendon) holding the sum of two pushed sliders: Newton gives +2/3 and -2/3
    // m/s² on the bound
    Model rope = Probes.scene("rope.xml");
    Run roped = run(name, rope, 2000);
    // the accelerations: the velocity change over the last step
    double[][] v = velocities(name, rope, new double[] {3, 1}, 1999, 2000);
    double dt = rope.opt().timestep();
    double[] acc =
        v == null ? null : new double[] {(v[1][0] - v[0][0]) / dt, (v[1][1] - v[0][1]) / dt};
    boolean newton =
        acc != null && Math.abs(acc[0] - 2.0 / 3) < 1e-3 && Math.abs(acc[1] + 2.0 / 3) < 1e-3;
    put(
        out,
        Capability.TENDONS_FIXED,
        claims,
        roped.agrees() && newton,
        (acc == null
                ? "the pushed sliders failed; "
                : String.format(
                    Locale.ROOT,
                    "sliders pushed against a limited tendon accelerate at %.4f and %.4f m/s² on"
                        + " the bound (Newton: 0.6667 and -0.6667); ",
                    acc[0],
                    acc[1]))
            + roped.agreement(2000, 2));
    swing(name, claims, out);
    drum(name, claims, out);
  }

  /**
   * Spatial tendons: a ball on a rope swings against the CPU reference, and after 1000 steps on the
   * backend it is where a rope puts it: 0.5 m from the anchor (within 2 mm), having swung past the
   * anchor's vertical.
   */
  private static void swing(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("swing.xml");
    int steps = 1000;
    Run swung = run(name, m, steps);
    double[] q = new double[m.nq()];
    try (Backend b = Backends.create(name, m, 1)) {
      b.step(steps);
      b.getQpos(q);
    } catch (RuntimeException e) {
      put(out, Capability.TENDONS_SPATIAL, claims, false, "failed: " + e);
      return;
    }
    double r = Math.sqrt(q[0] * q[0] + q[1] * q[1] + (q[2] - 2) * (q[2] - 2));
    boolean rope = Math.abs(r - 0.5) < 2e-3 && q[0] < 0;
    put(
        out,
        Capability.TENDONS_SPATIAL,
        claims,
        swung.agrees() && rope,
        String.format(
                Locale.ROOT,
                "a ball on a 0.5 m rope is %.4f m from the anchor at x = %.3f m after %d steps; ",
                r,
                q[0],
                steps)
            + swung.agreement(steps, 2));
  }

  /**
   * Wrapping: a block hanging from a rope over a drum against the CPU reference, and its first step
   * from rest against Newton: the rope leaves the drum vertically above the block, so its moment
   * arm on the block's height is exactly -1 and a motor tension u (negative: pulling) gives {@code
   * z'' = −g − u}, only if the tangent point is right.
   */
  private static void drum(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("drum.xml");
    Run run = run(name, m, 1000);
    double[][] v = velocities(name, m, new double[] {-5, 0}, 1);
    double g = -m.opt().gravity()[2],
        dt = m.opt().timestep(),
        pulled = dt * (-g + 5),
        free = -dt * g;
    boolean newton =
        v != null && Math.abs(v[0][0] - pulled) < 1e-9 && Math.abs(v[0][1] - free) < 1e-9;
    put(
        out,
        Capability.TENDONS_WRAPPING,
        claims,
        run.agrees() && newton,
        (v == null
                ? "the drum failed; "
                : String.format(
                    Locale.ROOT,
                    "a 1 kg block on a rope over a drum, pulled with 5 N, moves at %.9g m/s after"
                        + " one step (Newton %.9g; unpulled %.9g, Newton %.9g); ",
                    v[0][0],
                    pulled,
                    v[0][1],
                    free))
            + run.agreement(1000, 2));
  }
}
