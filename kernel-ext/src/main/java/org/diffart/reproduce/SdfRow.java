package org.diffart.reproduce;

import com.google.gson.JsonObject;

/**
 * One run of a seed-001 (DiffSDFSim) experiment: an estimated parameter against the hidden truth.
 *
 * @param experiment {@code sdf-bounce}, …
 * @param variant the setting, e.g. {@code gravity+toc}
 * @param seed the run
 * @param iterations the optimiser's steps
 * @param parameter what is estimated
 * @param truth its true value (a vector's norm)
 * @param start where the estimate started (a vector's norm)
 * @param estimate where it ended
 * @param error its error, {@code |estimate − truth|} (a vector's: the norm of the difference)
 * @param startError the start's
 * @param loss the final loss
 * @param status {@code converged}, {@code iterations} (the budget ran out), or why it failed
 * @param wallMs the run's wall time, ms
 */
record SdfRow(
    String experiment,
    String variant,
    int seed,
    int iterations,
    String parameter,
    double truth,
    double start,
    double estimate,
    double error,
    double startError,
    double loss,
    String status,
    double wallMs)
    implements Measurement {

  /** A run counts as {@code ok} when it ended by converging or by its budget. */
  @Override
  public boolean ok() {
    return status.equals("converged") || status.equals("iterations");
  }

  @Override
  public JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("experiment", experiment);
    o.addProperty("variant", variant);
    o.addProperty("seed", seed);
    o.addProperty("iterations", iterations);
    o.addProperty("parameter", parameter);
    Measurement.number(o, "true", truth);
    Measurement.number(o, "start", start);
    Measurement.number(o, "estimate", estimate);
    Measurement.number(o, "error", error);
    Measurement.number(o, "start_error", startError);
    Measurement.number(o, "loss", loss);
    o.addProperty("status", status);
    Measurement.number(o, "wall_ms", wallMs);
    return o;
  }

  /** The row a run that failed with {@code message} leaves: its numbers missing. */
  static SdfRow failed(
      String experiment, String variant, int seed, String parameter, String message) {
    double nan = Double.NaN;
    return new SdfRow(
        experiment,
        variant,
        seed,
        0,
        parameter,
        nan,
        nan,
        nan,
        nan,
        nan,
        nan,
        "failed: " + message,
        nan);
  }

  /** Every unit's rows, in the units' order. */
  static java.util.List<SdfRow> of(java.util.List<UnitResult> results) {
    java.util.List<SdfRow> rows = new java.util.ArrayList<>();
    for (UnitResult r : results) {
      for (Measurement m : r.rows()) {
        rows.add((SdfRow) m);
      }
    }
    return rows;
  }
}
