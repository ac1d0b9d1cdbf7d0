package org.diffart.backends.bench;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * Times {@link Step#step} the way {@code datasets/reference/mjbench.c} times MuJoCo's {@code
 * mj_step}, so the two can run side by side: load, reset to a keyframe, W warm-up steps, save the
 * state; then at least two seconds of JIT warm-up reps; then R reps of N steps, each from the saved
 * state. Reports µs per step (median, min, max over reps), the contact count, and the bytes
 * allocated per rep (must be 0). The state must stay finite: a blown-up state would time the wrong
 * thing, and {@link Step} throws on it.
 */
public final class StepBenchmark {
  private StepBenchmark() {}

  /**
   * The result of one benchmark.
   *
   * @param model the model spec
   * @param usMedian median µs per step over the reps
   * @param usMin fastest rep, µs per step
   * @param usMax slowest rep, µs per step
   * @param nconStart contacts at the saved state
   * @param nconMean mean contacts over the last rep's steps
   * @param allocatedBytesPerRep bytes the thread allocated during a timed rep (max over reps)
   */
  public record Result(
      String model,
      String key,
      int nv,
      int nstep,
      int nrep,
      double usMedian,
      double usMin,
      double usMax,
      int nconStart,
      double nconMean,
      long allocatedBytesPerRep) {
    /** One JSON line, in the same spirit as mjbench's. */
    public String toJson() {
      return String.format(
          Locale.ROOT,
          "{\"model\": \"%s\", \"key\": \"%s\", \"nv\": %d, \"nstep\": %d, \"nrep\": %d,"
              + " \"us_median\": %.4f, \"us_min\": %.4f, \"us_max\": %.4f, \"ncon_start\": %d, \"ncon_mean\": %.2f,"
              + " \"allocated_bytes_per_rep\": %d, \"finite\": true}",
          model,
          key,
          nv,
          nstep,
          nrep,
          usMedian,
          usMin,
          usMax,
          nconStart,
          nconMean,
          allocatedBytesPerRep);
    }
  }

  /** Runs one benchmark; {@code key} may be null for qpos0. */
  public static Result run(String spec, String key, int warmup, int nstep, int nrep) {
    Model m = ModelLoader.load(spec);
    Data d = new Data(m);
    if (key != null) {
      int k = m.keyId(key);
      if (k < 0) {
        throw new IllegalArgumentException("model " + spec + " has no keyframe '" + key + "'");
      }
      d.resetToKey(k);
    }
    for (int s = 0; s < warmup; s++) {
      Step.step(m, d);
    }
    Data saved = new Data(m);
    saved.copyStateFrom(d);
    Step.forward(m, d);
    int nconStart = d.ncon;
    // JIT warm-up: at least 2 s of full reps
    long until = System.nanoTime() + 2_000_000_000L;
    while (System.nanoTime() < until) {
      d.copyStateFrom(saved);
      for (int s = 0; s < nstep; s++) {
        Step.step(m, d);
      }
    }
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    double[] us = new double[nrep];
    long maxAlloc = 0;
    long contacts = 0;
    for (int r = 0; r < nrep; r++) {
      d.copyStateFrom(saved);
      contacts = 0;
      long bytes = bean.getThreadAllocatedBytes(tid);
      long t0 = System.nanoTime();
      for (int s = 0; s < nstep; s++) {
        Step.step(m, d);
        contacts += d.ncon;
      }
      long t1 = System.nanoTime();
      maxAlloc = Math.max(maxAlloc, bean.getThreadAllocatedBytes(tid) - bytes);
      us[r] = (t1 - t0) / 1e3 / nstep;
    }
    double[] sorted = us.clone();
    Arrays.sort(sorted);
    return new Result(
        spec,
        key == null ? "" : key,
        m.nv(),
        nstep,
        nrep,
        sorted[nrep / 2],
        sorted[0],
        sorted[nrep - 1],
        nconStart,
        contacts / (double) nstep,
        maxAlloc);
  }

  /** {@code StepBenchmark MODEL NSTEP NREP [KEY] [--warmup W]}: prints one JSON line. */
  public static void main(String[] args) {
    if (args.length < 3) {
      System.err.println("usage: StepBenchmark MODEL NSTEP NREP [KEY] [--warmup W]");
      System.exit(2);
    }
    String key = null;
    int warmup = 0;
    for (int i = 3; i < args.length; i++) {
      if (args[i].equals("--warmup")) {
        warmup = Integer.parseInt(args[++i]);
      } else {
        key = args[i];
      }
    }
    Result r = run(args[0], key, warmup, Integer.parseInt(args[1]), Integer.parseInt(args[2]));
    System.out.println(r.toJson());
  }
}
