package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.centralDifferences;
import static org.diffart.backends.capability.Probes.norm;
import static org.diffart.backends.capability.Probes.probeRollout;
import static org.diffart.backends.capability.Probes.refusal;
import static org.diffart.backends.capability.Probes.relative;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * Derivatives and checkpointing: claimed methods against the simulator's central differences,
 * checkpointed adjoints bitwise against the adjoint that stores every state, refused ones must fail
 * naming the backend.
 */
final class DerivativeProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.load("builtin:pendulum:2");
    RolloutProblem p = probeRollout(m);
    GradientResult reference = centralDifferences(p);
    try (Backend b = Backends.create(name, m, 1)) {
      GradientResult adjoint = null;
      for (Capability c :
          List.of(
              Capability.DERIVATIVE_FD,
              Capability.DERIVATIVE_ADJOINT,
              Capability.DERIVATIVE_TAPE,
              Capability.CHECKPOINTING_INTERVAL,
              Capability.CHECKPOINTING_REPLAY,
              Capability.CHECKPOINTING_REVOLVE)) {
        String method =
            c == Capability.DERIVATIVE_FD
                ? "fd"
                : c == Capability.DERIVATIVE_TAPE ? "tape" : "adjoint";
        Checkpointing schedule =
            c == Capability.CHECKPOINTING_INTERVAL
                ? new Checkpointing.Every(10)
                : c == Capability.CHECKPOINTING_REPLAY
                    ? new Checkpointing.Replay(10)
                    : c == Capability.CHECKPOINTING_REVOLVE
                        ? new Checkpointing.Revolve(5)
                        : new Checkpointing.Every(1);
        if (!claims.contains(c)) {
          out.put(c, refusal(c, () -> b.gradient(p, method, schedule), name));
          continue;
        }
        GradientResult r;
        try {
          r = b.gradient(p, method, schedule);
        } catch (RuntimeException e) {
          out.put(c, new Verdict(c, true, false, "failed: " + e));
          continue;
        }
        switch (c) {
          case DERIVATIVE_FD -> {
            double d = relative(r, reference);
            out.put(
                c,
                new Verdict(
                    c,
                    true,
                    d < 1e-9 && norm(r) > 1e-3,
                    String.format(
                        Locale.ROOT,
                        "central differences of a 200-step pendulum rollout, |grad qpos0| %.6g, relative difference %.3g"
                            + " from the simulator's",
                        norm(r),
                        d)));
          }
          case DERIVATIVE_ADJOINT -> {
            adjoint = r;
            double d = relative(r, reference);
            out.put(
                c,
                new Verdict(
                    c,
                    true,
                    d < 1e-6 && norm(r) > 1e-3,
                    String.format(
                        Locale.ROOT,
                        "200-step pendulum rollout: relative difference %.3g from central differences",
                        d)));
          }
          case DERIVATIVE_TAPE -> {
            double d = relative(r, adjoint);
            out.put(
                c,
                new Verdict(
                    c,
                    true,
                    d < 1e-9 && relative(r, reference) < 1e-6,
                    String.format(
                        Locale.ROOT,
                        "relative difference %.3g from the adjoint, %.3g from central differences",
                        d,
                        relative(r, reference))));
          }
          default -> {
            boolean same =
                adjoint != null
                    && java.util.Arrays.equals(r.qpos0(), adjoint.qpos0())
                    && r.recomputedSteps() > 0;
            out.put(
                c,
                new Verdict(
                    c,
                    true,
                    same,
                    (same ? "bitwise equal to" : "differs from")
                        + " the adjoint that stores every state, recomputing "
                        + r.recomputedSteps()
                        + " steps"));
          }
        }
      }
    }
  }
}
