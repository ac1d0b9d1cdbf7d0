package org.diffart.sweep;

import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * Runs the units in this JVM, side by side on a fixed number of threads, one unit per thread at a
 * time: today's behaviour of the RL sweeps, and what {@code --runner inprocess} chooses.
 */
public final class InProcessRunner implements SweepRunner {
  private final int threads;

  /**
   * @param threads how many units run at once, at least 1
   */
  public InProcessRunner(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("an in-process runner needs >= 1 thread, got " + threads);
    }
    this.threads = threads;
  }

  /** One thread per core of this machine. */
  public static InProcessRunner perCore() {
    return new InProcessRunner(Runtime.getRuntime().availableProcessors());
  }

  @Override
  public String describe() {
    return "in-process, " + threads + (threads == 1 ? " thread" : " threads");
  }

  @Override
  public <U extends Serializable, R extends Serializable> void run(
      List<U> units, UnitWork<U, R> work, Consumer<String> progress, Done<R> done)
      throws InterruptedException {
    if (units.isEmpty()) {
      return;
    }
    Consumer<String> serial =
        line -> {
          synchronized (progress) {
            progress.accept(line);
          }
        };
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, units.size()));
    try {
      CompletionService<Integer> finished = new ExecutorCompletionService<>(pool);
      @SuppressWarnings("unchecked")
      R[] results = (R[]) new Serializable[units.size()];
      for (int i = 0; i < units.size(); i++) {
        int k = i;
        finished.submit(
            () -> {
              results[k] = work.run(units.get(k), serial);
              return k;
            });
      }
      for (int n = 0; n < units.size(); n++) {
        int k = finished.take().get();
        done.accept(k, results[k]);
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("a unit of the sweep failed: " + e.getCause(), e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  @Override
  public void close() {}
}
