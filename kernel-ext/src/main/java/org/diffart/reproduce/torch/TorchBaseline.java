package org.diffart.reproduce.torch;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.model.Model;

/**
 * The PyTorch autodiff baseline of Qiao et al. 2021's speed and memory tables: diffart's Euler step
 * written for PyTorch autograd ({@code diffart_torch.py}, the same kinematics, forces, ABA,
 * contacts, limits and PGS as {@link Step#step}), run over W worlds of one model by Debian's {@code
 * python3-torch} in a process of its own, which builds the graph of T steps (the forward) and
 * backpropagates the loss {@code Σ_worlds 0.5 |q_T ⊖ 0|²} through it (the backward),
 * single-threaded.
 *
 * <p>Before its times are trusted, its trajectory is checked against diffart's: each world is
 * stepped here with the same controls for the first {@code checkSteps} steps (before the process
 * starts, so none of it is timed), and the configurations must agree within {@link
 * #TRAJECTORY_TOLERANCE}.
 */
public final class TorchBaseline {
  /**
   * The interpreter that has Debian's torch; the {@code python3} first on PATH may be another one.
   */
  public static final Path PYTHON = Path.of("/usr/bin/python3");

  /**
   * Largest difference of any qpos entry (m or rad) between PyTorch's trajectory and diffart's that
   * still counts as the same physics, over at most {@link #MAX_CHECK_STEPS} steps. Measured: 1e-16
   * on contact-free chains; on Laikagos standing on their feet, pushed by random joint velocities,
   * 2e-12 to 5.4e-10 within 100 steps (12 worlds, 3 seeds). The larger values come in bursts at
   * contact events that amplify rounding by 1e5 to 1e6, and they are not the port's: diffart
   * against itself, its initial velocity nudged by one ulp, bursts in the same worlds at the same
   * steps (3e-11 within 100 steps). 1e-8 keeps a factor of 20 above the worst of those, and a
   * porting error stands far above it: a sign error in the free joint's velocity product gave 3e-9
   * after one step, 5e-7 after six.
   */
  public static final double TRAJECTORY_TOLERANCE = 1e-8;

  /**
   * The most steps whose trajectory is checked. Beyond about a hundred steps contact events amplify
   * rounding past any fixed tolerance: over 500 steps diffart against itself with a one-ulp nudge
   * differs by up to 6e-4 in the same worlds.
   */
  public static final int MAX_CHECK_STEPS = 100;

  /** Time to start the interpreter, import torch, read the problem and write the result, s. */
  static final int STARTUP_SECONDS = 30;

  /**
   * How many times the budget the backward may take after a forward that fitted in it: measured on
   * Laikagos (1 to 10 worlds, 50 to 500 steps), the backward took 1.3 to 2.3 times as long as the
   * forward.
   */
  static final int BACKWARD_ALLOWANCE = 3;

  /**
   * Exit codes of diffart_torch.py that come with a result of their own: the model refused, torch
   * missing.
   */
  private static final int REFUSED = 3, NO_TORCH = 4;

  private static final String INSTALL = "install it with: apt-get install python3-torch (Debian)";
  private static final Pattern PROGRESS = Pattern.compile("^step (\\d+)$");
  private static volatile Optional<String> missing;

  private TorchBaseline() {}

  /**
   * Empty when {@code /usr/bin/python3 -c "import torch"} works, else what is missing and how to
   * install it. Asked once per JVM.
   */
  public static Optional<String> missing() {
    Optional<String> m = missing;
    if (m == null) {
      m = probe();
      missing = m;
    }
    return m;
  }

  private static Optional<String> probe() {
    return probe(PYTHON, "torch");
  }

  /**
   * Empty when {@code python -c "import module"} works, else what is missing and how to install it.
   */
  static Optional<String> probe(Path python, String module) {
    if (!Files.isExecutable(python)) {
      return Optional.of("PyTorch baseline: " + python + " is missing; " + INSTALL);
    }
    try {
      Process p =
          new ProcessBuilder(python.toString(), "-c", "import " + module)
              .redirectErrorStream(true)
              .start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return Optional.of(
            "PyTorch baseline: '"
                + python
                + " -c \"import "
                + module
                + "\"' did not finish in 120 s");
      }
      if (p.exitValue() != 0) {
        return Optional.of(
            "PyTorch baseline: "
                + python
                + " cannot import "
                + module
                + " ("
                + lastLines(out, 1)
                + "); "
                + INSTALL
                + ". The python3 first on PATH is not used.");
      }
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of(
          "PyTorch baseline: cannot run " + python + " (" + e.getMessage() + "); " + INSTALL);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.of("PyTorch baseline: interrupted while probing for " + module);
    }
  }

  /**
   * What a PyTorch run gave.
   *
   * @param status {@code "ok"}, or what went wrong and where: a refusal of the model, {@code out of
   *     memory at step t of T: ...}, {@code over the time budget of S s at step t of T}, {@code
   *     killed after N s (time budget) at step t of T}, {@code trajectory differs from diffart's by
   *     X at step t (tolerance Y)}, a crash with the last lines the process wrote
   * @param stepsReached the steps the forward completed
   * @param steps T, the steps asked for
   * @param worlds W
   * @param forwardMs wall time of the forward (building the graph of T steps and the loss), ms; NaN
   *     if not reached
   * @param backwardMs wall time of {@code loss.backward()}, ms; NaN if not reached
   * @param loss {@code Σ_worlds 0.5 |q_T ⊖ 0|²}; NaN if not reached
   * @param gradCtrl the loss's gradient with respect to every control, step-major T×W×nu (entry
   *     {@code (t·W + w)·nu + a}); empty if not reached
   * @param gradQvel0 the gradient with respect to the initial velocities, W×nv; empty if not
   *     reached
   * @param peakRssBytes the process's peak resident memory since the baseline (VmHWM, reset at the
   *     baseline)
   * @param baselineRssBytes its resident memory once torch was loaded and the problem read, before
   *     the rollout (the high-water mark is reset there, so that importing torch's own peak does
   *     not hide the rollout's)
   * @param trajectoryMaxDiff the largest difference of a qpos entry from diffart's over the checked
   *     steps (NaN when none were checked)
   * @param torchVersion torch's version string, or empty
   */
  public record Result(
      String status,
      int stepsReached,
      int steps,
      int worlds,
      double forwardMs,
      double backwardMs,
      double loss,
      double[] gradCtrl,
      double[] gradQvel0,
      long peakRssBytes,
      long baselineRssBytes,
      double trajectoryMaxDiff,
      String torchVersion) {

    /** Whether the run completed and its trajectory agreed with diffart's. */
    public boolean ok() {
      return "ok".equals(status);
    }

    /**
     * Resident memory the rollout added per step, bytes: {@code (peak - baseline) / stepsReached}.
     */
    public double rssGrowthPerStep() {
      return stepsReached > 0
          ? (double) (peakRssBytes - baselineRssBytes) / stepsReached
          : Double.NaN;
    }

    Result withStatus(String s) {
      return new Result(
          s,
          stepsReached,
          steps,
          worlds,
          forwardMs,
          backwardMs,
          loss,
          gradCtrl,
          gradQvel0,
          peakRssBytes,
          baselineRssBytes,
          trajectoryMaxDiff,
          torchVersion);
    }

    static Result failed(String status, int steps, int worlds) {
      return new Result(
          status,
          0,
          steps,
          worlds,
          Double.NaN,
          Double.NaN,
          Double.NaN,
          new double[0],
          new double[0],
          0,
          0,
          Double.NaN,
          "");
    }
  }

  /**
   * Runs T steps of W worlds in PyTorch, forward and backward, after checking that PyTorch steps
   * them as diffart does. Never throws for what happens in PyTorch: every failure is a {@link
   * Result#status}.
   *
   * <p>The time budget bounds the forward: PyTorch stops the rollout when it runs past it ({@code
   * over the time budget ...}) and then skips the backward. A forward within the budget is followed
   * by its backward, which costs more ({@link #BACKWARD_ALLOWANCE}); the process is killed {@link
   * #STARTUP_SECONDS} plus {@code 1 + BACKWARD_ALLOWANCE} times the budget after it starts ({@code
   * killed after N s (time budget) ...}).
   *
   * @param m the model; one the port does not support gives a status naming the feature ({@link
   *     TorchProblem#unsupported})
   * @param starts each world's initial state (qpos, qvel, qfrcApplied) and parameters (inertias,
   *     damping, friction, restitution)
   * @param controls every world's controls at every step, step-major: T×W×nu, entry {@code (t·W +
   *     w)·nu + a}
   * @param steps T
   * @param checkSteps how many of the first steps to check against diffart's {@link Step#step} (at
   *     most T and {@link #MAX_CHECK_STEPS})
   * @param budget the time the forward may take
   * @param memoryCapBytes the address space (RLIMIT_AS) the rollout may add to what the process
   *     maps once torch is loaded, bytes; 0 or less for no cap. Torch's libraries alone map far
   *     more than they keep resident, so a cap on the whole process would measure them rather than
   *     the graph.
   * @throws IllegalArgumentException if the sizes disagree or more than {@link #MAX_CHECK_STEPS}
   *     steps are to be checked
   */
  public static Result run(
      Model m,
      List<Data> starts,
      double[] controls,
      int steps,
      int checkSteps,
      Duration budget,
      long memoryCapBytes) {
    int w = starts.size();
    if (w < 1 || steps < 0 || checkSteps < 0 || checkSteps > Math.min(steps, MAX_CHECK_STEPS)) {
      throw new IllegalArgumentException(
          "need at least one world and 0 <= checkSteps <= min(steps, "
              + MAX_CHECK_STEPS
              + "), got "
              + w
              + " worlds, "
              + checkSteps
              + " check steps of "
              + steps
              + " (longer checks meet the rounding that contacts amplify, see TorchBaseline.MAX_CHECK_STEPS)");
    }
    if (controls.length != (long) steps * w * m.nu()) {
      throw new IllegalArgumentException(
          "controls must hold steps×worlds×nu = "
              + steps
              + "×"
              + w
              + "×"
              + m.nu()
              + " numbers, got "
              + controls.length);
    }
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("the time budget must be positive, got " + budget);
    }
    Optional<String> refusal = TorchProblem.unsupported(m).or(TorchBaseline::missing);
    if (refusal.isPresent()) {
      return Result.failed(refusal.get(), steps, w);
    }
    double[][][] reference;
    try {
      reference = reference(m, starts, controls, checkSteps);
    } catch (SimulationException e) {
      return Result.failed(
          "diffart's own rollout of the check steps failed: " + e.getMessage(), steps, w);
    }
    Path dir = null;
    try {
      dir = Files.createTempDirectory("diffart-torch");
      Path script = dir.resolve("diffart_torch.py"), problem = dir.resolve("problem.json");
      Path result = dir.resolve("result.json"), log = dir.resolve("stderr.txt");
      try (InputStream in = TorchBaseline.class.getResourceAsStream("diffart_torch.py")) {
        if (in == null) {
          throw new IllegalStateException("diffart_torch.py is not on the class path");
        }
        Files.copy(in, script);
      }
      double seconds = budget.toNanos() / 1e9;
      Files.writeString(
          problem,
          TorchProblem.json(m, starts, controls, steps, checkSteps, seconds, memoryCapBytes));
      ProcessBuilder pb =
          new ProcessBuilder(
                  PYTHON.toString(), script.toString(), problem.toString(), result.toString())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      pb.environment().put("OMP_NUM_THREADS", "1");
      pb.environment().put("MKL_NUM_THREADS", "1");
      Process p = pb.start();
      long limit = STARTUP_SECONDS + (long) Math.ceil((1 + BACKWARD_ALLOWANCE) * seconds);
      long t0 = System.nanoTime();
      boolean finished = p.waitFor(limit, TimeUnit.SECONDS);
      if (!finished) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
        long held = Math.round((System.nanoTime() - t0) / 1e9);
        return Result.failed(
            "killed after " + held + " s (time budget) " + whereItWas(log, steps), steps, w);
      }
      if (!Files.exists(result)) {
        return Result.failed(
            "the PyTorch process "
                + exit(p.exitValue())
                + " "
                + whereItWas(log, steps)
                + " without a result: "
                + lastLines(Files.readString(log), 5),
            steps,
            w);
      }
      Result r = parse(Files.readString(result), steps, w, reference);
      int code = p.exitValue();
      if (code != 0 && code != REFUSED && code != NO_TORCH) {
        // an unexpected failure: the traceback's last lines say where
        String why =
            (r.ok() ? "" : r.status() + "; ")
                + "the PyTorch process "
                + exit(code)
                + ": "
                + lastLines(Files.readString(log), 4);
        return r.withStatus(why);
      }
      return r;
    } catch (IOException e) {
      throw new UncheckedIOException("PyTorch baseline: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Result.failed("interrupted", steps, w);
    } finally {
      delete(dir);
    }
  }

  /** Each world stepped by diffart for the check steps: qpos after each, [world][step][nq]. */
  private static double[][][] reference(
      Model m, List<Data> starts, double[] controls, int checkSteps) {
    int w = starts.size(), nu = m.nu();
    double[][][] q = new double[w][checkSteps][];
    for (int k = 0; k < w; k++) {
      Data d = new Data(m);
      d.copyStateFrom(starts.get(k));
      d.copyParametersFrom(starts.get(k));
      for (int t = 0; t < checkSteps; t++) {
        System.arraycopy(controls, (t * w + k) * nu, d.ctrl, 0, nu);
        Step.step(m, d);
        q[k][t] = d.qpos.clone();
      }
    }
    return q;
  }

  /** The result file's contents, its trajectory compared with diffart's ([world][step][nq]). */
  static Result parse(String json, int steps, int w, double[][][] reference) {
    JsonObject o = JsonParser.parseString(json).getAsJsonObject();
    String status = text(o, "status");
    int reached = o.has("steps_reached") ? o.get("steps_reached").getAsInt() : 0;
    // compare the recorded configurations with diffart's, step by step
    JsonArray traj = o.has("trajectory") ? o.getAsJsonArray("trajectory") : new JsonArray();
    int checked = Math.min(traj.size(), reference.length == 0 ? 0 : reference[0].length);
    double worst = checked == 0 ? Double.NaN : 0;
    int firstBad = -1;
    double firstBadDiff = 0;
    for (int t = 0; t < checked; t++) {
      JsonArray worlds = traj.get(t).getAsJsonArray();
      double diff = 0;
      for (int k = 0; k < w; k++) {
        JsonArray q = worlds.get(k).getAsJsonArray();
        for (int i = 0; i < q.size(); i++) {
          double x = q.get(i).getAsDouble(), y = reference[k][t][i];
          // a NaN on either side counts as infinitely far
          double e =
              Double.isNaN(x) || Double.isNaN(y) ? Double.POSITIVE_INFINITY : Math.abs(x - y);
          diff = Math.max(diff, e);
        }
      }
      worst = Math.max(worst, diff);
      if (firstBad < 0 && diff > TRAJECTORY_TOLERANCE) {
        firstBad = t;
        firstBadDiff = diff;
      }
    }
    if (firstBad >= 0) {
      String was = "ok".equals(status) ? "" : " (the run itself: " + status + ")";
      status =
          String.format(
              Locale.ROOT,
              "trajectory differs from diffart's by %.3g at step %d (tolerance %.0e)%s",
              firstBadDiff,
              firstBad,
              TRAJECTORY_TOLERANCE,
              was);
    } else if ("ok".equals(status) && reference.length > 0 && checked < reference[0].length) {
      status =
          "PyTorch sent "
              + checked
              + " of the "
              + reference[0].length
              + " steps of trajectory to check";
    }
    return new Result(
        status,
        reached,
        steps,
        w,
        number(o, "forward_ms"),
        number(o, "backward_ms"),
        number(o, "loss"),
        numbers(o, "grad_ctrl"),
        numbers(o, "grad_qvel0"),
        (long) number(o, "peak_rss_bytes"),
        (long) number(o, "baseline_rss_bytes"),
        worst,
        text(o, "torch_version"));
  }

  private static String text(JsonObject o, String key) {
    JsonElement e = o.get(key);
    return e == null || e.isJsonNull() ? "" : e.getAsString();
  }

  private static double number(JsonObject o, String key) {
    JsonElement e = o.get(key);
    return e == null || e.isJsonNull() ? Double.NaN : e.getAsDouble();
  }

  private static double[] numbers(JsonObject o, String key) {
    JsonElement e = o.get(key);
    if (e == null || !e.isJsonArray()) {
      return new double[0];
    }
    JsonArray a = e.getAsJsonArray();
    double[] x = new double[a.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = a.get(i).getAsDouble();
    }
    return x;
  }

  /**
   * "at step t of T" from the last progress line, or "in the backward pass", or "before the first
   * step".
   */
  static String whereItWas(Path log, int steps) throws IOException {
    List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
    for (int i = lines.size() - 1; i >= 0; i--) {
      String line = lines.get(i).strip();
      if (line.equals("backward")) {
        return "in the backward pass after " + steps + " steps";
      }
      Matcher mt = PROGRESS.matcher(line);
      if (mt.matches()) {
        return "at step " + mt.group(1) + " of " + steps;
      }
    }
    return "before the first step";
  }

  private static String exit(int code) {
    return code > 128
        ? "died of signal " + (code - 128) + " (exit code " + code + ")"
        : "exited with code " + code;
  }

  private static String lastLines(String text, int n) {
    List<String> lines = text.strip().lines().toList();
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }
}
