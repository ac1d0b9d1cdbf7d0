package org.diffart.backends.capability;

import java.util.Map;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.io.ModelFormatException;

/** History (delays): refused by the model loader, for every backend, until a backend claims it. */
final class HistoryProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Capability c = Capability.HISTORY_ACTUATOR_DELAY;
    if (claims.contains(c)) {
      out.put(c, new Verdict(c, true, false, "claimed, but no probe exists"));
      return;
    }
    try {
      Probes.scene("delay.xml");
      out.put(c, new Verdict(c, false, false, "refused, but a motor with a delay loaded"));
    } catch (ModelFormatException e) {
      boolean clear = e.getMessage().contains("delay");
      out.put(c, new Verdict(c, false, clear, "the model loader refuses it: " + e.getMessage()));
    }
  }
}
