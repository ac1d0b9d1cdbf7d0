package org.diffart.reproduce;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.reproduce.torch.TorchBaseline;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.TapeBudgetExceededException;

/**
 * Runs one gradient method on the paper's scene and measures it into a {@link Row}. The scene:
 * Laikagos standing on their four feet (settled from the {@code stand} key) with their stance held
 * as controls, loss {@code 0.5|q_T|²} (tangent space). One Laikago is {@code builtin:laikago}; ten
 * are {@code builtin:laikago10} (one model, ten robots on a grid) on the CPU, and ten worlds of
 * {@code builtin:laikago} (alike) where the backend batches worlds (OpenCL) and for PyTorch, whose
 * step is batched over worlds. A method that fails becomes a row with the failure's message.
 */
final class Runs {
  /** Warm-up, repetitions and time budget of the timed runs. */
  record Timing(long warmMs, int reps, long budgetMs) {
    static Timing of(Size size) {
      return size == Size.QUICK ? new Timing(500, 3, 2_000) : new Timing(2_000, 5, 20_000);
    }
  }

  private Runs() {}

  /**
   * Brings the simulator's step, its adjoint and the tape to compiled code on the scenes an
   * experiment times, before anything is timed: adjoint (both interval schemes) and tape gradients
   * of 200-step rollouts of each scene, for two seconds each (six at full size).
   */
  static void warmUp(Size size, int... robots) {
    for (int n : robots) {
      RolloutProblem p = scene(n, 200);
      long until = System.nanoTime() + (size == Size.QUICK ? 2_000_000_000L : 6_000_000_000L);
      while (System.nanoTime() < until) {
        AdjointGradient.compute(p, new Checkpointing.Every(1));
        AdjointGradient.compute(p, new Checkpointing.Replay(4));
        TapeGradient.compute(p, TapeGradient.defaultBudget());
      }
    }
  }

  private static final Map<String, Data> SETTLED = new ConcurrentHashMap<>();

  static final int SETTLE_STEPS = 500;

  /**
   * The Laikagos standing on their feet: the {@code stand} key (feet 4 cm above the floor) with its
   * stance held for {@value #SETTLE_STEPS} steps, when every foot is on the floor; computed once
   * per model.
   */
  static Data settled(Model m) {
    Data s =
        SETTLED.computeIfAbsent(
            m.name(),
            k -> {
              Data d = new Data(m);
              d.resetToKey(m.keyLookup("stand"));
              for (int t = 0; t < SETTLE_STEPS; t++) {
                Step.step(m, d);
              }
              d.time = 0;
              d.nstep = 0;
              return d;
            });
    Data copy = new Data(m);
    copy.copyStateFrom(s);
    copy.copyParametersFrom(s);
    return copy;
  }

  /** The one-model scene of n Laikagos (1 or 10) for the CPU, standing. */
  static RolloutProblem scene(int n, int steps) {
    Model m = ModelLoader.load(n == 1 ? "builtin:laikago" : n == 10 ? "builtin:laikago10" : null);
    return RolloutProblem.of(m, settled(m), steps, Loss.finalConfiguration());
  }

  /**
   * n worlds of one standing Laikago, all alike. (Lifting them by a millimetre or two made each
   * land with a contact event, where rounding differences grow in bursts past the PyTorch
   * baseline's trajectory tolerance.)
   */
  static List<RolloutProblem> worlds(int n, int steps) {
    Model m = ModelLoader.load("builtin:laikago");
    List<RolloutProblem> out = new ArrayList<>();
    for (int w = 0; w < n; w++) {
      out.add(RolloutProblem.of(m, settled(m), steps, Loss.finalConfiguration()));
    }
    return out;
  }

  /** The adjoint on the simulator (the CPU backend's gradient, one thread). */
  static Row adjoint(int robots, int steps, Checkpointing schedule, Timing timing) {
    RolloutProblem p = scene(robots, steps);
    return measured(
        "adjoint",
        "cpu",
        robots,
        steps,
        schedule.toString(),
        p.model().name(),
        () -> AdjointGradient.compute(p, schedule),
        timing);
  }

  /** The tape, with its default budget (half the heap). */
  static Row tape(int robots, int steps, Timing timing) {
    RolloutProblem p = scene(robots, steps);
    long budget = TapeGradient.defaultBudget();
    return measured(
        "tape",
        "cpu",
        robots,
        steps,
        "",
        p.model().name() + ", tape budget " + (budget >> 20) + " MiB",
        () -> TapeGradient.compute(p, budget),
        timing);
  }

  /** Central finite differences with respect to the controls and the initial velocity. */
  static Row fd(int robots, int steps, Timing timing) {
    RolloutProblem p = scene(robots, steps);
    return measured(
        "fd",
        "cpu",
        robots,
        steps,
        "",
        p.model().name()
            + ", central differences of the "
            + (steps * p.model().nu() + p.model().nv())
            + " controls and initial velocities",
        () ->
            FiniteDifferenceGradient.compute(
                p, EnumSet.of(Wrt.CTRL, Wrt.QVEL0), FiniteDifferenceGradient.Settings.defaults()),
        timing);
  }

  /** The adjoint of {@code worlds} Laikago worlds on the OpenCL device, one batch. */
  static Row adjointOpenCl(int worlds, int steps, Checkpointing schedule, Timing timing) {
    List<RolloutProblem> problems = worlds(worlds, steps);
    try (Backend b = Backends.create("opencl", problems.get(0).model(), worlds)) {
      return measured(
          "adjoint",
          "opencl",
          worlds,
          steps,
          schedule.toString(),
          worlds + " worlds of laikago in one batch",
          () -> b.gradients(problems, "adjoint", schedule).get(0),
          timing);
    } catch (RuntimeException e) {
      return failed("adjoint", "opencl", worlds, steps, schedule.toString(), e);
    }
  }

  /**
   * PyTorch's autograd through the same step, in its own process: one run (a fresh process each),
   * or at full size the median of three for rollouts of at most 100 steps; its trajectory is
   * checked against ours before its times count.
   */
  static Row pytorch(int worlds, int steps, Size size, Duration budget, long memoryCap) {
    var missing = TorchBaseline.missing();
    if (missing.isPresent()) {
      return new Row(
          "pytorch",
          "python",
          worlds,
          steps,
          "",
          Double.NaN,
          Double.NaN,
          0,
          0,
          0,
          "not run: " + missing.get(),
          "");
    }
    List<RolloutProblem> problems = worlds(worlds, steps);
    Model m = problems.get(0).model();
    List<Data> starts = problems.stream().map(RolloutProblem::start).toList();
    double[] controls = new double[steps * worlds * m.nu()];
    for (int i = 0; i < controls.length; i++) {
      controls[i] = starts.get(0).ctrl[i % m.nu()];
    }
    int reps = size != Size.QUICK && steps <= 100 ? 3 : 1;
    List<TorchBaseline.Result> runs = new ArrayList<>();
    for (int r = 0; r < reps; r++) {
      TorchBaseline.Result res =
          TorchBaseline.run(m, starts, controls, steps, Math.min(steps, 50), budget, memoryCap);
      runs.add(res);
      if (!res.ok()) {
        break;
      }
    }
    TorchBaseline.Result last = runs.get(runs.size() - 1);
    String note =
        String.format(
            Locale.ROOT,
            "%d worlds of laikago, torch %s, %s; trajectory within %.1e of"
                + " ours over the first %d steps",
            worlds,
            last.torchVersion(),
            runs.size() == 1 ? "one run" : "median of " + runs.size() + " runs",
            last.trajectoryMaxDiff(),
            Math.min(steps, 50));
    if (last.ok()) {
      note +=
          String.format(
              Locale.ROOT,
              "; gradient (controls, initial velocities) within %.1e of our adjoint's,"
                  + " relative",
              gradientDifference(problems, last));
    }
    long grown = Math.max(0, last.peakRssBytes() - last.baselineRssBytes());
    if (!last.ok()) {
      return new Row(
          "pytorch",
          "python",
          worlds,
          steps,
          "",
          Double.NaN,
          Double.NaN,
          grown,
          grown,
          0,
          last.status(),
          note);
    }
    double fwd =
        Measure.median(runs.stream().mapToDouble(TorchBaseline.Result::forwardMs).toArray());
    double bwd =
        Measure.median(runs.stream().mapToDouble(TorchBaseline.Result::backwardMs).toArray());
    return new Row("pytorch", "python", worlds, steps, "", fwd, bwd, grown, grown, 0, "ok", note);
  }

  /**
   * The largest difference between PyTorch's gradient and our adjoint's, with respect to every
   * world's controls and initial velocity, relative to the largest entry of ours.
   */
  static double gradientDifference(List<RolloutProblem> problems, TorchBaseline.Result torch) {
    int w = problems.size(), nu = problems.get(0).model().nu(), nv = problems.get(0).model().nv();
    int steps = problems.get(0).steps();
    double diff = 0, scale = 0;
    for (int i = 0; i < w; i++) {
      GradientResult ours = AdjointGradient.compute(problems.get(i), new Checkpointing.Every(1));
      for (int t = 0; t < steps; t++) {
        for (int a = 0; a < nu; a++) {
          double x = ours.ctrl()[t * nu + a];
          diff = Math.max(diff, Math.abs(x - torch.gradCtrl()[(t * w + i) * nu + a]));
          scale = Math.max(scale, Math.abs(x));
        }
      }
      for (int k = 0; k < nv; k++) {
        diff = Math.max(diff, Math.abs(ours.qvel0()[k] - torch.gradQvel0()[i * nv + k]));
        scale = Math.max(scale, Math.abs(ours.qvel0()[k]));
      }
    }
    return diff / scale;
  }

  /**
   * Measures what a method allocates on its first run, then times it; a failure becomes the row's
   * status.
   */
  private static Row measured(
      String method,
      String backend,
      int worlds,
      int steps,
      String checkpoint,
      String note,
      Supplier<GradientResult> run,
      Timing timing) {
    // the first run is measured for what it allocates, and is the first warm-up run; a failure ends
    // the row there
    long t0 = System.nanoTime();
    Measure.Heap heap = Measure.allocated(run::get);
    if (heap.failure() != null) {
      long counted = heap.failure() instanceof TapeBudgetExceededException e ? e.budgetBytes() : 0;
      return new Row(
          method,
          backend,
          worlds,
          steps,
          checkpoint,
          Double.NaN,
          Double.NaN,
          counted,
          heap.bytes(),
          0,
          message(heap.failure()),
          note);
    }
    long warmLeft = Math.max(0, timing.warmMs() - (System.nanoTime() - t0) / 1_000_000);
    try {
      Measure.Timing t = Measure.time(run, warmLeft, timing.reps(), timing.budgetMs());
      return new Row(
          method,
          backend,
          worlds,
          steps,
          checkpoint,
          t.forwardMs(),
          t.backwardMs(),
          t.last().peakBytes(),
          heap.bytes(),
          t.last().recomputedSteps(),
          "ok",
          note + ", median of " + t.reps() + (t.reps() == 1 ? " run" : " runs"));
    } catch (RuntimeException e) {
      return failed(method, backend, worlds, steps, checkpoint, e);
    }
  }

  private static Row failed(
      String method, String backend, int worlds, int steps, String checkpoint, RuntimeException e) {
    return new Row(
        method,
        backend,
        worlds,
        steps,
        checkpoint,
        Double.NaN,
        Double.NaN,
        0,
        0,
        0,
        message(e),
        "");
  }

  private static String message(RuntimeException e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }
}
