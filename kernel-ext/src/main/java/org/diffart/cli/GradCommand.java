package org.diffart.cli;

import com.google.gson.JsonObject;
import java.util.EnumSet;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.kernel.magic.GradientRunner;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code diffart grad --model M --steps N [--method adjoint|tape|fd] [state] [--wrt W]
 * [--checkpoint K|replay:K|revolve:S]}: the gradient of a rollout's loss.
 */
@Command(
    name = "grad",
    description =
        "Gradient of the loss of an N-step rollout, by the adjoint method, the tape or finite differences.",
    footer = {
      "",
      "Loss: 0.5*|qpos_T|^2 over the final configuration, measured in the tangent space from the zero configuration"
          + " (hinge and slide values, free-joint positions, each quaternion's rotation vector from the identity).",
      "The state is qpos0 with zero velocity and controls, or keyframe K; --qpos/--qvel/--ctrl then replace their"
          + " part; the controls are held at every step.",
      "Layout of grad: ctrl step-major (N x nu, the control applied at step t), qpos0 in the tangent space (nv),"
          + " qvel0 (nv), friction and restitution per geom, mass per body (world first; the inertia scales with"
          + " it), damping per dof.",
      "JSON keys: model, method, wrt, steps, checkpoint, loss, grad, norm, forward_ms, backward_ms, peak_bytes"
          + " (bytes the method held for the gradient, counted), recomputed_steps, adjoint_norms (adjoint: |state"
          + " adjoint| per step 0..N), detail."
    })
final class GradCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private StateOptions state;
  @Mixin private Output output;

  @Option(
      names = "--steps",
      required = true,
      paramLabel = "N",
      description = "Number of time steps (>= 1).")
  private int steps;

  @Option(
      names = "--method",
      paramLabel = "adjoint|tape|fd",
      description =
          "adjoint (hand-derived reverse mode with checkpointing; the default), tape (operator-overloading"
              + " reverse mode that records every operation) or fd (finite differences).")
  private String method = "adjoint";

  @Option(
      names = "--wrt",
      paramLabel = "W",
      defaultValue = "qpos0",
      description =
          "ctrl, qpos0, qvel0, friction, mass, damping or restitution (default: ${DEFAULT-VALUE}).")
  private String wrt;

  @Option(
      names = "--backend",
      paramLabel = "B",
      defaultValue = "cpu",
      description =
          "Backend: cpu (default), or opencl, which runs the adjoint on the device (bit for bit the cpu's)"
              + " and refuses the tape and finite differences.")
  private String backend;

  @Option(
      names = "--checkpoint",
      paramLabel = "K|replay:K|revolve:S",
      defaultValue = "1",
      description =
          "adjoint: store the state every K steps (recompute each segment once), replay:K as the paper"
              + " (store every K steps only, replay from the checkpoint for each step), or binomial checkpointing with S"
              + " slots (default: ${DEFAULT-VALUE}).")
  private String checkpoint;

  @Option(
      names = "--truncate",
      paramLabel = "H",
      defaultValue = "0",
      description = "adjoint: backpropagate through the last H steps only (0: all).")
  private int truncate;

  @Option(
      names = "--tape-budget",
      paramLabel = "BYTES",
      description =
          "tape: the most bytes the tape may hold, e.g. 2G or 512M (default: half the JVM's max heap).")
  private String tapeBudget;

  @Option(
      names = "--eps",
      paramLabel = "E",
      defaultValue = "1e-6",
      description = "fd: the step (default: ${DEFAULT-VALUE}).")
  private double eps;

  @Option(
      names = "--forward-differences",
      description = "fd: forward instead of central differences.")
  private boolean forward;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    if (steps < 1) {
      throw usage("--steps must be >= 1, got " + steps);
    }
    Wrt w;
    Checkpointing c;
    try {
      w = Wrt.parse(wrt);
      c = Checkpointing.parse(checkpoint);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    if (!method.equals("adjoint") && !method.equals("tape") && !method.equals("fd")) {
      throw usage("unknown --method '" + method + "'; available: adjoint, tape, fd");
    }
    if (!Backends.names().contains(backend)) {
      throw usage(
          "unknown backend '" + backend + "'; available: " + String.join(", ", Backends.names()));
    }
    long budget = tapeBudget == null ? TapeGradient.defaultBudget() : bytes(tapeBudget);
    Model m = model.load();
    if (!backend.equals("cpu") && truncate != 0) {
      throw usage("--truncate runs on the cpu backend only");
    }
    Data start = state.initial(m);
    RolloutProblem p = RolloutProblem.of(m, start, steps, Loss.finalConfiguration());
    String task = method + " gradient of " + m.name() + " on " + backend + ": " + steps + " steps";
    GradientResult r =
        TerminalProgress.during(
            spec.commandLine().getErr(),
            task,
            () -> {
              if (!backend.equals("cpu")) {
                // the backend's own derivatives: it runs or refuses them, saying why
                try (Backend b = Backends.create(backend, m, 1)) {
                  return b.gradient(p, method, c);
                }
              }
              return switch (method) {
                case "adjoint" -> AdjointGradient.compute(p, c, truncate);
                case "tape" -> TapeGradient.compute(p, budget);
                default ->
                    FiniteDifferenceGradient.compute(
                        p, EnumSet.of(w), new FiniteDifferenceGradient.Settings(eps, !forward));
              };
            });
    double[] g = r.grad(w);
    JsonObject o = new JsonObject();
    o.addProperty("model", m.name());
    o.addProperty("method", r.method());
    o.addProperty("wrt", w.cliName());
    o.addProperty("steps", steps);
    o.addProperty("checkpoint", method.equals("adjoint") ? c.toString() : null);
    o.addProperty("loss", r.loss());
    o.add("grad", Output.array(g));
    o.addProperty("norm", norm(g));
    o.addProperty("forward_ms", r.forwardMs());
    o.addProperty("backward_ms", r.backwardMs());
    o.addProperty("peak_bytes", r.peakBytes());
    o.addProperty("recomputed_steps", r.recomputedSteps());
    o.add("adjoint_norms", Output.array(r.adjointNorms()));
    o.addProperty("detail", r.detail());
    output.print(
        o,
        () ->
            String.format(
                Locale.ROOT,
                "%s gradient of %s over %d steps with respect to %s (%d numbers)%nloss %.17g, |grad| %.6g%n"
                    + "forward %.3f ms, backward %.3f ms, peak %d bytes (%s)%ngrad %s",
                r.method(),
                m.name(),
                steps,
                w.cliName(),
                g.length,
                r.loss(),
                norm(g),
                r.forwardMs(),
                r.backwardMs(),
                r.peakBytes(),
                r.detail(),
                java.util.Arrays.toString(g)));
    return 0;
  }

  private static double norm(double[] g) {
    double s = 0;
    for (double x : g) {
      s += x * x;
    }
    return Math.sqrt(s);
  }

  private long bytes(String s) {
    try {
      return GradientRunner.bytes(s);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
