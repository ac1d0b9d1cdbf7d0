package org.diffart.backends.capability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.LinearFeedback;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Closed-loop rollout gradients per backend, on their own (CapabilitiesTest runs every family): the
 * CPU claims them and its probe measures them against central differences; the OpenCL backend
 * refuses a problem with a control law, naming itself and the cpu backend.
 */
class ClosedLoopProbeTest {
  private static RolloutProblem closed(Model m) {
    RolloutProblem p = Probes.probeRollout(m);
    LinearFeedback law = new LinearFeedback(m);
    return p.withLaw(law, new double[law.parameters()]);
  }

  @Test
  void theCpuClaimsClosedLoopGradientsAndItsProbeMeasuresThem() {
    assertTrue(Capabilities.claims("cpu").contains(Capability.DERIVATIVE_CLOSED_LOOP));
    Model m = ModelLoader.load("builtin:pendulum:2");
    try (Backend b = Backends.create("cpu", m, 1)) {
      Verdict v = DerivativeProbes.closedLoop(b, Probes.probeRollout(m));
      assertTrue(v.claimed() && v.verified(), v.detail());
      assertTrue(v.detail().contains("central differences"), v.detail());
    }
  }

  @Test
  void openClRefusesAControlLawNamingItselfAndTheCpuBackend() {
    assertTrue(!Capabilities.claims("opencl").contains(Capability.DERIVATIVE_CLOSED_LOOP));
    Model m = ModelLoader.load("builtin:pendulum:2");
    try (Backend b = Backends.create("opencl", m, 1)) {
      UnsupportedOperationException e =
          assertThrows(
              UnsupportedOperationException.class,
              () -> b.gradients(List.of(closed(m)), "adjoint", new Checkpointing.Every(10)));
      assertTrue(e.getMessage().startsWith("the opencl backend"), e.getMessage());
      assertTrue(e.getMessage().contains("closed-loop gradients run on the cpu backend"));
      Verdict v =
          Probes.refusal(
              Capability.DERIVATIVE_CLOSED_LOOP,
              () -> DerivativeProbes.closedLoop(b, Probes.probeRollout(m)),
              "opencl");
      assertEquals(false, v.claimed());
      assertTrue(v.verified(), v.detail());
    }
  }
}
