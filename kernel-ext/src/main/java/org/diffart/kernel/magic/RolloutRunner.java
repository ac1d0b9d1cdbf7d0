package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.DisplayStream;
import org.diffart.backends.Backend;
import org.diffart.backends.Rollout;
import org.diffart.kernel.display.Progress;

/**
 * Runs {@link Rollout#run} with its progress shown in the cell and stopped soon after the notebook
 * thread is interrupted (the rollout hears of each chunk of about {@link Rollout#CHUNK_NANOS}).
 */
final class RolloutRunner {

  /** About how many trajectory samples a rollout records. */
  static final int SAMPLES = 500;

  /** The most steps a backend takes to warm up before its rollout is timed. */
  static final int WARM_UP_STEPS = 100;

  private RolloutRunner() {}

  /**
   * Rolls out one backend from {@code start}, sampled every {@code max(1, steps / SAMPLES)} steps.
   *
   * @throws InterruptedException when the notebook thread is interrupted
   */
  static Rollout.Result run(Backend b, Rollout.Start start, int steps, DisplayStream display)
      throws InterruptedException {
    return run(b, start, 0, steps, display);
  }

  /**
   * Warms a new backend up from {@code start}: up to {@link #WARM_UP_STEPS} steps, so that what a
   * first launch costs (PoCL compiles an OpenCL program's kernels then, the JVM compiles the step)
   * is not timed as stepping.
   */
  static void warmUp(Backend b, Rollout.Start start, double perturbation, int steps)
      throws InterruptedException {
    Rollout.run(
        b,
        start,
        perturbation,
        0,
        Math.min(steps, WARM_UP_STEPS),
        Math.max(1, Math.min(steps, WARM_UP_STEPS)),
        done -> {
          if (Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("interrupted while warming up " + b.name());
          }
        });
  }

  /**
   * As {@link #run(Backend, Rollout.Start, int, DisplayStream)}, worlds w > 0 perturbed by {@code
   * perturbation} (seed 0, the same on every backend).
   */
  static Rollout.Result run(
      Backend b, Rollout.Start start, double perturbation, int steps, DisplayStream display)
      throws InterruptedException {
    int stride = Math.max(1, steps / SAMPLES);
    try (Progress progress = Progress.start(display, "rollout " + b.name(), steps, "steps")) {
      return Rollout.run(
          b,
          start,
          perturbation,
          0,
          steps,
          stride,
          done -> {
            if (Thread.currentThread().isInterrupted()) {
              throw new InterruptedException("rollout interrupted after " + done + " steps");
            }
            progress.update(done);
          });
    }
  }
}
