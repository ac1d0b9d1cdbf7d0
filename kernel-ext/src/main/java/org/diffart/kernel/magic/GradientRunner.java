package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.DisplayStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.kernel.display.Progress;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.NonFiniteAdjointException;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.tape.TapeBudgetExceededException;

/**
 * Runs one rollout gradient by several methods, one after the other, for {@code %grad} and for
 * notebooks that bring their own loss or controls ({@link #compare}).
 *
 * <p>A method is {@code adjoint} (with the settings' checkpointing), {@code adjoint@K}, {@code
 * adjoint@replay:K} or {@code adjoint@revolve:S} (that checkpointing), {@code tape} or {@code fd}.
 * A method that fails the expected ways — the tape past its budget, an adjoint that stops
 * non-finite — becomes a row that says so; the others still run.
 */
public final class GradientRunner {
  private GradientRunner() {}

  /**
   * How the methods run.
   *
   * @param checkpoint plain {@code adjoint}'s checkpointing
   * @param truncate backpropagate the adjoint through the last H steps only (0: all)
   * @param tapeBudget the most bytes the tape may hold
   * @param fd the finite differences' step and kind
   * @param tolerance the largest relative difference from the reference before a method is flagged
   *     ({@link GradReport#warnings})
   */
  public record Settings(
      Checkpointing checkpoint,
      int truncate,
      long tapeBudget,
      FiniteDifferenceGradient.Settings fd,
      double tolerance) {
    /**
     * Interval 1, no truncation, the tape's default budget, central differences with ε = 1e-6,
     * methods flagged beyond {@link GradReport#TOLERANCE}.
     */
    public static Settings defaults() {
      return new Settings(
          new Checkpointing.Every(1),
          0,
          TapeGradient.defaultBudget(),
          FiniteDifferenceGradient.Settings.defaults(),
          GradReport.TOLERANCE);
    }

    /** The same settings with another checkpointing for plain {@code adjoint}. */
    public Settings withCheckpoint(Checkpointing c) {
      return new Settings(c, truncate, tapeBudget, fd, tolerance);
    }

    /** The same settings with a truncation horizon. */
    public Settings withTruncate(int h) {
      return new Settings(checkpoint, h, tapeBudget, fd, tolerance);
    }

    /** The same settings with another tape budget, bytes. */
    public Settings withTapeBudget(long bytes) {
      return new Settings(checkpoint, truncate, bytes, fd, tolerance);
    }

    /** The same settings with other finite differences. */
    public Settings withFd(FiniteDifferenceGradient.Settings s) {
      return new Settings(checkpoint, truncate, tapeBudget, s, tolerance);
    }

    /** The same settings with another tolerance. */
    public Settings withTolerance(double t) {
      return new Settings(checkpoint, truncate, tapeBudget, fd, t);
    }
  }

  /**
   * The gradient of {@code p} with respect to {@code wrt} by each method, compared with {@code
   * reference}.
   *
   * @param p the rollout and its loss
   * @param start where the start state came from, for titles (e.g. {@code key stand})
   * @param wrt the gradient to compare
   * @param methods method names (see the class comment), each at most once
   * @param reference the method the others are compared with; null: {@code tape} if it succeeds,
   *     else {@code fd}, else the first that succeeds
   * @param s the settings
   * @param display where progress shows while it takes more than a second; null for none
   * @throws IllegalArgumentException for an unknown or repeated method, or a reference that is not
   *     among them
   */
  public static GradReport compare(
      RolloutProblem p,
      String start,
      Wrt wrt,
      List<String> methods,
      String reference,
      Settings s,
      DisplayStream display) {
    return compare(p, start, wrt, methods, reference, s, List.of("cpu"), display);
  }

  /**
   * As {@link #compare(RolloutProblem, String, Wrt, List, String, Settings, DisplayStream)} on each
   * backend: the {@code cpu} rows are the simulator's own methods, named as given; another
   * backend's rows are named {@code "method on backend"}, computed by that backend ({@link
   * Backend#gradient}), or say why it refuses them.
   */
  public static GradReport compare(
      RolloutProblem p,
      String start,
      Wrt wrt,
      List<String> methods,
      String reference,
      Settings s,
      List<String> backends,
      DisplayStream display) {
    List<String> names = List.copyOf(new LinkedHashSet<>(methods));
    if (names.isEmpty() || names.size() != methods.size()) {
      throw new IllegalArgumentException("methods must be given once each, got " + methods);
    }
    names.forEach(n -> checkpointOf(n, s));
    List<String> labels = new ArrayList<>();
    for (String backend : backends) {
      for (String name : names) {
        labels.add(backend.equals("cpu") ? name : name + " on " + backend);
      }
    }
    if (reference != null && !labels.contains(reference)) {
      throw new IllegalArgumentException(
          "reference method '" + reference + "' is not among the methods " + labels);
    }
    List<GradReport.Run> runs = new ArrayList<>();
    try (Progress progress =
        display == null
            ? null
            : Progress.start(
                display, "gradients of " + p.model().name(), labels.size(), "methods")) {
      for (String backend : backends) {
        for (String name : names) {
          runs.add(backend.equals("cpu") ? run(p, wrt, name, s) : onBackend(p, name, s, backend));
          if (progress != null) {
            progress.update(runs.size());
          }
        }
      }
    }
    String ref = reference;
    if (ref == null) {
      List<String> ok =
          runs.stream().filter(r -> r.result() != null).map(GradReport.Run::method).toList();
      ref =
          ok.contains("tape")
              ? "tape"
              : ok.contains("fd") ? "fd" : ok.isEmpty() ? names.get(0) : ok.get(0);
    }
    return new GradReport(p.model(), start, p.steps(), wrt, ref, runs, s.tolerance());
  }

  /** The most steps of the warm-up run before a method is timed. */
  static final int WARM_UP_STEPS = 10;

  private static GradReport.Run run(RolloutProblem p, Wrt wrt, String name, Settings s) {
    long t0 = System.nanoTime();
    try {
      java.util.function.Function<RolloutProblem, GradientResult> method =
          q ->
              switch (name) {
                case "tape" -> TapeGradient.compute(q, s.tapeBudget());
                case "fd" -> FiniteDifferenceGradient.compute(q, EnumSet.of(wrt), s.fd());
                default -> AdjointGradient.compute(q, checkpointOf(name, s), s.truncate());
              };
      method.apply(warmUp(p));
      double setup = (System.nanoTime() - t0) / 1e6;
      return new GradReport.Run(name, method.apply(p), null, setup);
    } catch (TapeBudgetExceededException | NonFiniteAdjointException e) {
      return new GradReport.Run(name, null, e.getMessage(), Double.NaN);
    }
  }

  /**
   * One method on a backend other than the CPU's: its gradient, or the reason it refuses. The
   * backend is built (an OpenCL program) and warmed up on a few steps before the timed run.
   */
  private static GradReport.Run onBackend(
      RolloutProblem p, String name, Settings s, String backend) {
    String label = name + " on " + backend;
    Checkpointing c = checkpointOf(name, s);
    String method = c != null ? "adjoint" : name;
    Checkpointing schedule = c != null ? c : s.checkpoint();
    long t0 = System.nanoTime();
    try (Backend b = Backends.create(backend, p.model(), 1)) {
      b.gradient(warmUp(p), method, schedule);
      double setup = (System.nanoTime() - t0) / 1e6;
      return new GradReport.Run(label, b.gradient(p, method, schedule), null, setup);
    } catch (UnsupportedOperationException | NonFiniteAdjointException e) {
      return new GradReport.Run(label, null, e.getMessage(), Double.NaN);
    }
  }

  /** The problem's first few steps, with its start, controls and loss: what a warm-up runs. */
  private static RolloutProblem warmUp(RolloutProblem p) {
    int steps = Math.min(p.steps(), WARM_UP_STEPS);
    double[] u = java.util.Arrays.copyOf(p.controls(), steps * p.model().nu());
    return new RolloutProblem(p.model(), p.start(), u, steps, p.loss());
  }

  /** The checkpointing of an adjoint method's name; checks every name. */
  private static Checkpointing checkpointOf(String name, Settings s) {
    if (name.equals("adjoint")) {
      return s.checkpoint();
    }
    if (name.startsWith("adjoint@")) {
      return Checkpointing.parse(name.substring("adjoint@".length()));
    }
    if (name.equals("tape") || name.equals("fd")) {
      return null;
    }
    throw new IllegalArgumentException(
        "unknown method '"
            + name
            + "'; available: adjoint, adjoint@K,"
            + " adjoint@replay:K, adjoint@revolve:S, tape, fd");
  }

  /**
   * A byte count with an optional K, M or G suffix (powers of 1024), as {@code --tape-budget} takes
   * it.
   *
   * @throws IllegalArgumentException when it is not a positive count
   */
  public static long bytes(String s) {
    String t = s.strip().toUpperCase(java.util.Locale.ROOT);
    long unit = 1;
    if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
      unit = t.endsWith("K") ? 1L << 10 : t.endsWith("M") ? 1L << 20 : 1L << 30;
      t = t.substring(0, t.length() - 1);
    }
    long v;
    try {
      v = Math.multiplyExact(Long.parseLong(t), unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "--tape-budget takes a byte count such as 2G, 512M or 1000000, got '" + s + "'");
    }
    if (v <= 0) {
      throw new IllegalArgumentException("--tape-budget must be positive, got " + s);
    }
    return v;
  }
}
