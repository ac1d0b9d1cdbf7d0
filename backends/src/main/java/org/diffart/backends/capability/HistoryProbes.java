package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;
import static org.diffart.backends.capability.Probes.scene;

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
 * History (MuJoCo 3.14's delays): a slider whose motor acts two steps late against the CPU
 * reference, and on the backend the control arriving exactly two steps after it was set.
 */
final class HistoryProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = scene("delay.xml");
    int steps = 300;
    Run delayed = run(name, m, steps);
    // the undelayed actuatorfrc sensor after steps 1, 2, 3: the force of steps 0, 1, 2
    double[] force = new double[3];
    try (Backend b = Backends.create(name, m, 1)) {
      double[] sensors = new double[m.nsensordata()];
      b.setCtrl(new double[] {1.5});
      for (int s = 0; s < 3; s++) {
        b.step(1);
        b.getSensordata(sensors);
        force[s] = sensors[0];
      }
    } catch (RuntimeException e) {
      put(out, Capability.HISTORY_ACTUATOR_DELAY, claims, false, "the delayed slider failed: " + e);
      return;
    }
    boolean late = force[0] == 0 && force[1] == 0 && force[2] == 1.5;
    put(
        out,
        Capability.HISTORY_ACTUATOR_DELAY,
        claims,
        delayed.agrees() && late,
        String.format(
                Locale.ROOT,
                "a control of 1.5 set at step 0 acts with %.3g, %.3g, %.3g N in steps 0, 1, 2 (a 2-step"
                    + " delay: 0, 0, 1.5); ",
                force[0],
                force[1],
                force[2])
            + delayed.agreement(steps, 2));
  }
}
