package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;
import static org.diffart.backends.capability.Probes.velocities;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;

/** Fluid forces: a box tumbling in wind, and Stokes' terminal velocity of a sinking cube. */
final class FluidProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    // fluid forces: a tumbling box in wind against the reference, and Stokes' terminal velocity of
    // a sinking cube
    Run gust = run(name, Probes.scene("gust.xml"), 1000);
    double[][] sunk = velocities(name, Probes.scene("sink.xml"), new double[1], 3000);
    double stokes = -100 * 9.81 / (3 * Math.PI * 50),
        sinking = sunk == null ? Double.NaN : sunk[0][0];
    put(
        out,
        Capability.FORCES_FLUID,
        claims,
        gust.agrees() && Math.abs(sinking - stokes) < 1e-5 * -stokes,
        String.format(
                Locale.ROOT,
                "a cube sinks at %.6g m/s after 3 s (Stokes: %.6g); a box tumbling in wind, ",
                sinking,
                stokes)
            + gust.agreement(1000, 2));
  }
}
