package org.diffart.backends.capability;

import java.util.Map;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;

/**
 * A family of capability probes: it runs its scenes on a backend and gives a verdict for each
 * capability it covers.
 */
interface ProbeFamily {
  /**
   * Verifies this family's capabilities on backend {@code backend}: a claimed one holds, a refused
   * one fails clearly.
   *
   * @param claims what the backend claims ({@link Capabilities#claims})
   * @param out the verdicts, by capability
   */
  void verify(String backend, Set<Capability> claims, Map<Capability, Verdict> out);
}
