package org.diffart.reproduce;

/** How large an experiment runs: CI's size, the main job's, or the paper's. */
public enum Size {
  /** Small enough for CI: a few seconds to a few minutes per experiment. */
  QUICK,
  /**
   * What the main job runs and {@code BENCHMARKS.md} records: the paper's sizes where they take
   * minutes (the timing tables, motion control, estimation); for the RL curves, whose paper size
   * takes days here, a cut that fits in about an hour and says what it cuts.
   */
  DEFAULT,
  /**
   * The paper's sizes, all of them: for the RL curves many hours (each experiment states how many).
   */
  FULL;

  /**
   * The size a name gives: {@code quick}, {@code default} or {@code full}.
   *
   * @throws IllegalArgumentException naming what is accepted
   */
  public static Size named(String name) {
    for (Size s : values()) {
      if (s.label().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("size must be quick, default or full, got '" + name + "'");
  }

  /** The lower-case name. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
