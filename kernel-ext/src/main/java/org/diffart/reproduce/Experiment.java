package org.diffart.reproduce;

import java.nio.file.Path;
import java.util.function.Consumer;

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
}
