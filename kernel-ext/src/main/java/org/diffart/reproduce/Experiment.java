package org.diffart.reproduce;

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
}
