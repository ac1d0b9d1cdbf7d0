package org.diffart.reproduce;

/** How large an experiment runs: the paper's sizes, or the CI's. */
public enum Size {
  /** Small enough for CI: a few seconds to a minute per experiment. */
  QUICK,
  /** The paper's sizes (what the main job and {@code BENCHMARKS.md} use): minutes. */
  FULL
}
