package org.diffart.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Shows on stderr that a long command is still working: after {@link #SHOW_AFTER}, a line with the
 * task and the elapsed time, rewritten in place every {@link #EVERY}, and finally how long the task
 * took. Only when the process talks to a terminal ({@code System.console() != null}), so that logs
 * and pipes stay clean.
 */
final class TerminalProgress {
  /** How long a task runs before progress appears. */
  static final Duration SHOW_AFTER = Duration.ofSeconds(1);

  /** Interval between two updates of the line. */
  static final Duration EVERY = Duration.ofMillis(500);

  private final PrintWriter err;
  private final String task;
  private final long startNanos = System.nanoTime();
  private boolean shown;
  private boolean finished;

  private TerminalProgress(PrintWriter err, String task) {
    this.err = err;
    this.task = task;
  }

  /**
   * Runs {@code work}, showing its progress on {@code err} if the process has a terminal.
   *
   * @param err the command's stderr
   * @param task what is being done, e.g. {@code "rollout of pendulum3 on cpu: 1000 steps x 1
   *     worlds"}
   * @param work the long computation
   * @return what {@code work} returns
   */
  static <T> T during(PrintWriter err, String task, Supplier<T> work) {
    return during(err, task, SHOW_AFTER, EVERY, System.console() != null, work);
  }

  /**
   * As {@link #during(PrintWriter, String, Supplier)} with explicit timing and decision whether to
   * show.
   */
  static <T> T during(
      PrintWriter err,
      String task,
      Duration showAfter,
      Duration every,
      boolean enabled,
      Supplier<T> work) {
    if (!enabled) {
      return work.get();
    }
    TerminalProgress p = new TerminalProgress(err, task);
    ScheduledExecutorService ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "diffart-progress");
              t.setDaemon(true);
              return t;
            });
    ticker.scheduleAtFixedRate(p::tick, showAfter.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
    try {
      return work.get();
    } finally {
      ticker.shutdownNow();
      p.finish();
    }
  }

  private synchronized void tick() {
    if (finished) {
      return;
    }
    shown = true;
    err.print("\r" + task + ", " + seconds() + " s\u001b[K");
    err.flush();
  }

  /**
   * Stops the updates; a line that was shown ends with the total time, so later messages start
   * afresh.
   */
  private synchronized void finish() {
    finished = true;
    if (shown) {
      err.println("\r" + task + ": " + seconds() + " s in all\u001b[K");
      err.flush();
    }
  }

  private String seconds() {
    return String.format(Locale.ROOT, "%.1f", (System.nanoTime() - startNanos) / 1e9);
  }
}
