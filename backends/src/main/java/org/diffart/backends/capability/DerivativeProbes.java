package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.centralDifferences;
import static org.diffart.backends.capability.Probes.norm;
import static org.diffart.backends.capability.Probes.probeRollout;
import static org.diffart.backends.capability.Probes.refusal;
import static org.diffart.backends.capability.Probes.relative;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.LinearFeedback;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
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
      Probes.verdict(out, Capability.DERIVATIVE_CLOSED_LOOP, claims, name, () -> closedLoop(b, p));
    }
  }

  /**
   * The probe rollout closed by linear state feedback ({@code u_t = c_t + K x_t + k}, seeded
   * gains): the backend's adjoint with revolve checkpointing against the simulator's central
   * differences for θ and the initial state.
   */
  static Verdict closedLoop(Backend b, RolloutProblem open) {
    Model m = open.model();
    LinearFeedback law = new LinearFeedback(m);
    double[] theta = new double[law.parameters()];
    java.util.Random r = new java.util.Random(20261202);
    for (int i = 0; i < theta.length; i++) {
      theta[i] = 0.2 * r.nextGaussian();
    }
    RolloutProblem p = open.withLaw(law, theta);
    GradientResult g = b.gradient(p, "adjoint", new Checkpointing.Revolve(5));
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.QPOS0, Wrt.QVEL0), FiniteDifferenceGradient.Settings.defaults());
    double d =
        Math.max(
            largest(g.theta(), fd.theta()),
            Math.max(largest(g.qpos0(), fd.qpos0()), largest(g.qvel0(), fd.qvel0())));
    double size = largest(g.theta(), null);
    return new Verdict(
        Capability.DERIVATIVE_CLOSED_LOOP,
        true,
        d < 1e-6 && size > 0,
        String.format(
            Locale.ROOT,
            "200-step pendulum rollout closed by linear state feedback (%d gains), revolve"
                + " checkpointing: relative difference %.3g from central differences for θ and the"
                + " initial state",
            theta.length,
            d));
  }

  /** max|x - y| / max|y|, or max|x| without y. */
  private static double largest(double[] x, double[] y) {
    double diff = 0, scale = y == null ? 1 : 0;
    for (int i = 0; i < x.length; i++) {
      diff = Math.max(diff, Math.abs(x[i] - (y == null ? 0 : y[i])));
      scale = Math.max(scale, y == null ? 0 : Math.abs(y[i]));
    }
    return diff / scale;
  }
}
