package org.diffart.reproduce;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.diffart.sim.diff.GradientResult;

/**
 * How the experiments time and weigh a gradient method: warm-up runs until {@code warmMs} have
 * passed, then up to {@code reps} timed runs while they fit in {@code budgetMs}, at least one; the
 * median of the forward and of the backward times. What a run allocates is measured on a run of its
 * own.
 */
final class Measure {
  private Measure() {}

  /** The medians of repeated runs and the last result. */
  record Timing(double forwardMs, double backwardMs, GradientResult last, int reps) {}

  /**
   * Times {@code run} as the class comment says, after warm-up runs for {@code warmMs} (none when
   * 0).
   */
  static Timing time(Supplier<GradientResult> run, long warmMs, int reps, long budgetMs) {
    long start = System.nanoTime();
    while (System.nanoTime() - start < warmMs * 1_000_000L) {
      run.get();
    }
    List<GradientResult> runs = new ArrayList<>();
    long timed = System.nanoTime();
    while (runs.size() < reps
        && (runs.isEmpty() || System.nanoTime() - timed < budgetMs * 1_000_000L)) {
      runs.add(run.get());
    }
    double[] fwd = runs.stream().mapToDouble(GradientResult::forwardMs).toArray();
    double[] bwd = runs.stream().mapToDouble(GradientResult::backwardMs).toArray();
    return new Timing(median(fwd), median(bwd), runs.get(runs.size() - 1), runs.size());
  }

  /** The median (the upper one of an even count). */
  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  /** The bytes a run allocated, and the failure that ended the run, if one did. */
  record Heap(long bytes, RuntimeException failure) {}

  /**
   * The bytes the calling thread allocated on the heap during one call of {@code run}, measured by
   * the JVM ({@code ThreadMXBean.getThreadAllocatedBytes}): an upper bound of what the run held at
   * once, and equal to it for a method that allocates its storage once and then nothing in its
   * loops. (The heap pools' peak usage is no high-water mark here: G1 updates it only at
   * collections, so a run between two collections reads as 0.) A run that throws is measured up to
   * the throw.
   */
  static Heap allocated(Runnable run) {
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(tid);
    RuntimeException failure = null;
    try {
      run.run();
    } catch (RuntimeException e) {
      failure = e;
    }
    return new Heap(bean.getThreadAllocatedBytes(tid) - before, failure);
  }
}
