package org.diffart.backends.capability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The kinematic Jacobian and the internal derivatives per backend, on their own (CapabilitiesTest
 * runs every family): the CPU claims both and its probe measures them against central differences;
 * the OpenCL backend refuses both, naming itself.
 */
class LocalDerivativeProbesTest {
  static List<String> backends() {
    return Backends.names();
  }

  @ParameterizedTest
  @MethodSource("backends")
  void claimsAreMeasuredAndRefusalsFireNamingTheBackend(String backend) {
    Set<Capability> claims = Capabilities.claims(backend);
    Map<Capability, Verdict> out = new EnumMap<>(Capability.class);
    new LocalDerivativeProbes().verify(backend, claims, out);
    assertEquals(
        Set.of(
            Capability.DERIVATIVE_JACOBIAN,
            Capability.DERIVATIVE_SMOOTH,
            Capability.DERIVATIVE_TRANSITION),
        out.keySet());
    for (Verdict v : out.values()) {
      assertTrue(v.verified(), backend + " " + v.capability().key() + ": " + v.detail());
      assertEquals(claims.contains(v.capability()), v.claimed());
      if (v.claimed()) {
        assertTrue(v.detail().contains("central differences"), v.detail());
      } else {
        assertTrue(
            v.detail().startsWith("fails as it should: the " + backend + " backend"), v.detail());
      }
    }
  }

  @Test
  void theCpuClaimsBothAndOpenClNeither() {
    Set<Capability> both =
        Set.of(
            Capability.DERIVATIVE_JACOBIAN,
            Capability.DERIVATIVE_SMOOTH,
            Capability.DERIVATIVE_TRANSITION);
    assertTrue(Capabilities.claims("cpu").containsAll(both));
    assertTrue(Capabilities.claims("opencl").stream().noneMatch(both::contains));
  }
}
