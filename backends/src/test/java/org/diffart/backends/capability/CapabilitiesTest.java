package org.diffart.backends.capability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every backend's every claim is verified by its probe, and every refusal fires with a clear error.
 */
class CapabilitiesTest {
  static List<String> backends() {
    return Backends.names();
  }

  @ParameterizedTest
  @MethodSource("backends")
  void everyClaimAndEveryRefusalIsVerifiedByRunningIt(String backend) {
    List<Verdict> verdicts = Capabilities.verify(backend);

    assertEquals(Capability.values().length, verdicts.size());
    List<String> failed =
        verdicts.stream()
            .filter(v -> !v.verified())
            .map(v -> v.capability().key() + ": " + v.detail())
            .toList();
    assertEquals(List.of(), failed, backend);
    for (Verdict v : verdicts) {
      assertEquals(
          Capabilities.claims(backend).contains(v.capability()), v.claimed(), v.capability().key());
      assertFalse(v.detail().isBlank(), v.capability().key());
      if (!v.claimed()) {
        // a refusal is verified only by the error it gives, which the verdict quotes
        assertTrue(
            v.detail().startsWith("fails as it should: ")
                || v.detail().startsWith("the model loader refuses"),
            v.detail());
      }
    }
  }

  @ParameterizedTest
  @MethodSource("backends")
  void everyBackendHasTheAdjointAndHistoryOnlyTheCpuTheTapeAndHistorysSensorDerivatives(
      String backend) {
    boolean cpu = backend.equals("cpu");
    assertTrue(Capabilities.claims(backend).contains(Capability.DERIVATIVE_ADJOINT));
    assertTrue(Capabilities.claims(backend).contains(Capability.CHECKPOINTING_REVOLVE));
    assertEquals(cpu, Capabilities.claims(backend).contains(Capability.DERIVATIVE_TAPE));
    assertEquals(cpu, Capabilities.claims(backend).contains(Capability.DERIVATIVE_FD));
    // every backend runs history; only the cpu's derivatives reach the sensors and transitions
    Set<Capability> cpuOnly =
        Set.of(Capability.HISTORY_GRADIENT_SENSOR, Capability.HISTORY_TRANSITION);
    for (Capability c : Capability.values()) {
      if (c.group().equals("history")) {
        assertEquals(
            cpu || !cpuOnly.contains(c), Capabilities.claims(backend).contains(c), c.key());
      }
    }
  }

  @ParameterizedTest
  @MethodSource("backends")
  void theRegistryReadsABackendsClaimsWithoutStartingIt(String backend) {
    assertEquals(Backends.capabilities(backend), Capabilities.claims(backend));
  }
}
