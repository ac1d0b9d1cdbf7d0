package org.diffart.reproduce;

import java.io.Serializable;
import java.util.List;

/**
 * What one unit gave: its rows (a failed unit's rows say so in their status), or a part of an
 * experiment's report that is not rows (an estimation's loss landscape) in {@code extra}.
 *
 * @param unit the unit
 * @param rows its measurements
 * @param extra what else the experiment's report needs of it, or null
 * @param failure null, or why the unit did not finish (its rows then carry the message)
 * @param wallMs how long it ran where it ran, ms
 */
public record UnitResult(
    UnitSpec unit, List<Measurement> rows, Serializable extra, String failure, double wallMs)
    implements Serializable {
  /** Copies the rows into a list that serializes. */
  public UnitResult {
    rows = List.copyOf(rows);
  }

  /** Whether the unit finished. */
  public boolean ok() {
    return failure == null;
  }
}
