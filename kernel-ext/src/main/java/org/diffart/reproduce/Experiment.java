package org.diffart.reproduce;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.diffart.sweep.InProcessRunner;
import org.diffart.sweep.SweepRunner;

/** One of the paper's tables or figures, measured here. */
public interface Experiment {
  /** The command-line name, e.g. {@code backward-per-step}. */
  String name();

  /** What it reproduces, in one line. */
  String title();

  /** How many measurements (rows) it makes at a size: one progress line each. */
  int measurements(Size size);

  /**
   * Runs it.
   *
   * @param size the paper's size or CI's
   * @param progress receives a line before each measurement
   * @return the measurements beside the paper's numbers, the figure and the checks
   */
  Report run(Size size, Consumer<String> progress);

  /**
   * Runs the part of it a selection chooses, keeping what long runs need to resume under {@code
   * work} (the RL experiments: each run's finished evaluations and its state at the last one). The
   * default refuses any selection and keeps nothing.
   *
   * @throws IllegalArgumentException when the selection names what the experiment does not have
   */
  default Report run(Size size, Selection selection, Path work, Consumer<String> progress) {
    check(selection);
    return run(size, progress);
  }

  /**
   * Refuses a selection the experiment cannot run, before anything runs; the default refuses any.
   *
   * @throws IllegalArgumentException naming the option and value
   */
  default void check(Selection selection) {
    selection.refuseFor(name());
  }

  /** How many progress lines {@link #run(Size, Selection, Path, Consumer)} gives. */
  default int measurements(Size size, Selection selection) {
    check(selection);
    return measurements(size);
  }

  /**
   * Runs it with a sweep runner. An experiment that is one indivisible measurement (the timing
   * tables, which must not share the machine with anything) runs in this JVM and refuses any other
   * runner; a {@link Swept} experiment runs its units on the runner.
   *
   * @throws IllegalArgumentException when the experiment cannot run on that runner
   */
  default Report run(
      Size size, Selection selection, Path work, SweepRunner runner, Consumer<String> progress) {
    if (!(runner instanceof InProcessRunner)) {
      throw new IllegalArgumentException(
          "--runner: "
              + name()
              + " is not a sweep of independent units and runs in-process only (asked for "
              + runner.describe()
              + ")");
    }
    return run(size, selection, work, progress);
  }
}
