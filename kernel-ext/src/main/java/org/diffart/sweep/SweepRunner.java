package org.diffart.sweep;

import java.io.Serializable;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs a sweep's units, each exactly once as far as its caller sees: in this JVM's threads or on a
 * cluster. The results do not depend on the runner; only when and where each unit runs does.
 */
public interface SweepRunner extends AutoCloseable {
  /**
   * What runs the units, in words, e.g. {@code in-process, 2 threads} or {@code spark local[2]}.
   */
  String describe();

  /**
   * Runs work on every unit and hands each result to {@code done} as it arrives, one call at a time
   * (never two at once), in the order the units finish. Returns when every unit has finished.
   *
   * @param units the units, each independent of the others
   * @param work what to do with one unit
   * @param progress receives progress lines, one at a time
   * @param done receives each unit's index in {@code units} and its result, once per unit
   * @throws InterruptedException when the calling thread is interrupted: the units still running
   *     are cancelled and the results handed to {@code done} so far are all there is
   * @throws IllegalStateException when a unit could not be run (its work threw, or the cluster gave
   *     up on it)
   */
  <U extends Serializable, R extends Serializable> void run(
      List<U> units, UnitWork<U, R> work, Consumer<String> progress, Done<R> done)
      throws InterruptedException;

  /** Receives a finished unit's result. */
  @FunctionalInterface
  interface Done<R> {
    /** Unit {@code index} finished with {@code result}. */
    void accept(int index, R result);
  }

  /** Releases what the runner holds (a Spark context); the in-process runner holds nothing. */
  @Override
  void close();
}
