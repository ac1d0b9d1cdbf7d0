package org.diffart.backends.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.tape.TapeBudgetExceededException;

/**
 * Times rollout gradients as {@code BENCHMARKS.md} reports them: for one model, T steps from a
 * keyframe and each method (the adjoint with a checkpoint schedule, or the tape), untimed runs to
 * warm the JIT up (at least 3 and 3 s), then R timed runs; prints one JSON line per method with the
 * medians of the forward and backward times, their ratio, and the counted peak bytes. A tape that
 * outgrows its budget is reported with its message, not as a missing row.
 */
public final class GradientBenchmark {
  private GradientBenchmark() {}

  /** One method's measurements. */
  public record Row(
      String model,
      String method,
      String checkpoint,
      int steps,
      int reps,
      double forwardMs,
      double backwardMs,
      double backwardPerForward,
      long peakBytes,
      long recomputedSteps,
      String status) {
    /** One JSON line. */
    public String toJson() {
      return String.format(
          Locale.ROOT,
          "{\"model\": \"%s\", \"method\": \"%s\", \"checkpoint\": \"%s\", \"steps\": %d,"
              + " \"reps\": %d, \"forward_ms\": %.3f, \"backward_ms\": %.3f, \"backward_per_forward\": %.3f,"
              + " \"peak_bytes\": %d, \"recomputed_steps\": %d, \"status\": \"%s\"}",
          model,
          method,
          checkpoint,
          steps,
          reps,
          forwardMs,
          backwardMs,
          backwardPerForward,
          peakBytes,
          recomputedSteps,
          status.replace("\"", "'"));
    }
  }

  /** Runs method {@code adjoint:K}, {@code adjoint:revolve:S} or {@code tape}. */
  public static Row run(
      String spec, String key, int steps, int reps, String method, long tapeBudget) {
    return run(spec, (String) null, key, steps, reps, method, tapeBudget);
  }

  /** As {@link #run(String, String, int, int, String, long)} with the contact solver named. */
  public static Row run(
      String spec, String solver, String key, int steps, int reps, String method, long tapeBudget) {
    return run(spec, new Settings(solver, -1, -1, -1), key, steps, reps, method, tapeBudget);
  }

  /**
   * The model's settings a run overrides: the contact solver (null: the model's), time-of-contact
   * gradients, impact bisections and contacts by signed distance (0 or 1; negative: the model's).
   */
  public record Settings(String solver, int timeOfContact, int bisections, int sdfSurface) {}

  /** As {@link #run(String, String, String, int, int, String, long)} with the settings given. */
  public static Row run(
      String spec,
      Settings settings,
      String key,
      int steps,
      int reps,
      String method,
      long tapeBudget) {
    Model loaded = ModelLoader.load(spec);
    Options.Builder o = loaded.opt().toBuilder();
    String label = spec;
    if (settings.solver() != null) {
      o.solver(ContactSolver.ofLabel(settings.solver()));
      label += " (" + settings.solver() + ")";
    }
    if (settings.timeOfContact() >= 0) {
      o.timeOfContact(settings.timeOfContact() == 1);
      label += settings.timeOfContact() == 1 ? " time of contact" : " no time of contact";
    }
    if (settings.bisections() >= 0) {
      o.impactBisections(settings.bisections());
      label += settings.bisections() > 0 ? " bisections " + settings.bisections() : " fixed steps";
    }
    if (settings.sdfSurface() >= 0) {
      o.sdfSurface(settings.sdfSurface() == 1);
      label += settings.sdfSurface() == 1 ? " by signed distance" : " through meshes";
    }
    Model m = loaded.withOptions(o.build());
    Data d = new Data(m);
    if (key != null) {
      d.resetToKey(m.keyLookup(key));
    }
    RolloutProblem p = RolloutProblem.of(m, d, steps, Loss.finalConfiguration());
    boolean tape = method.equals("tape");
    Checkpointing c = tape ? null : Checkpointing.parse(method.substring("adjoint:".length()));
    List<GradientResult> runs = new ArrayList<>();
    try {
      // warm the JIT up: at least 3 runs and 3 s (the taped step's large methods compile late)
      long until = System.nanoTime() + 3_000_000_000L;
      for (int w = 0; w < 3 || System.nanoTime() < until; w++) {
        compute(p, c, tapeBudget);
      }
      for (int r = 0; r < reps; r++) {
        runs.add(compute(p, c, tapeBudget));
      }
    } catch (TapeBudgetExceededException e) {
      return new Row(
          spec,
          "tape",
          "",
          steps,
          0,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          e.budgetBytes(),
          0,
          e.getMessage());
    }
    double[] fwd = runs.stream().mapToDouble(GradientResult::forwardMs).sorted().toArray();
    double[] bwd = runs.stream().mapToDouble(GradientResult::backwardMs).sorted().toArray();
    double[] ratio =
        runs.stream().mapToDouble(g -> g.backwardMs() / g.forwardMs()).sorted().toArray();
    GradientResult last = runs.get(runs.size() - 1);
    String status =
        last.detail().contains("not finite")
            ? "ok ("
                + last.detail()
                    .replaceAll(".*(state adjoint not" + " finite from step \\d+ back).*", "$1")
                + ")"
            : "ok";
    return new Row(
        label,
        tape ? "tape" : "adjoint",
        tape ? "" : c.toString(),
        steps,
        runs.size(),
        median(fwd),
        median(bwd),
        median(ratio),
        last.peakBytes(),
        last.recomputedSteps(),
        status);
  }

  private static GradientResult compute(RolloutProblem p, Checkpointing c, long tapeBudget) {
    return c == null
        ? TapeGradient.compute(p, tapeBudget)
        : AdjointGradient.compute(p, c, 0, false);
  }

  private static double median(double[] sorted) {
    return sorted[sorted.length / 2];
  }

  /**
   * {@code GradientBenchmark MODEL STEPS REPS METHOD... [--key K] [--solver S] [--tape-budget
   * BYTES]}, methods {@code adjoint:1}, {@code adjoint:revolve:20}, {@code tape}: one JSON line per
   * method.
   */
  public static void main(String[] args) {
    if (args.length < 4) {
      System.err.println(
          "usage: GradientBenchmark MODEL STEPS REPS METHOD... [--key K] [--solver S]"
              + " [--timeofcontact 0|1] [--impactbisections N] [--sdfsurface 0|1]"
              + " [--tape-budget BYTES]");
      System.exit(2);
    }
    String key = null, solver = null;
    int toc = -1, bisections = -1, surface = -1;
    long budget = TapeGradient.defaultBudget();
    List<String> methods = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      switch (args[i]) {
        case "--key" -> key = args[++i];
        case "--solver" -> solver = args[++i];
        case "--timeofcontact" -> toc = Integer.parseInt(args[++i]);
        case "--impactbisections" -> bisections = Integer.parseInt(args[++i]);
        case "--sdfsurface" -> surface = Integer.parseInt(args[++i]);
        case "--tape-budget" -> budget = Long.parseLong(args[++i]);
        default -> methods.add(args[i]);
      }
    }
    for (String method : methods) {
      System.out.println(
          run(
                  args[0],
                  new Settings(solver, toc, bisections, surface),
                  key,
                  Integer.parseInt(args[1]),
                  Integer.parseInt(args[2]),
                  method,
                  budget)
              .toJson());
      System.out.flush();
    }
    System.err.println("GradientBenchmark: " + Arrays.toString(args) + " done");
  }
}
