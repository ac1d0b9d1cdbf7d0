package org.diffart.reproduce;

import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import java.io.Serializable;

/**
 * One row an experiment measured: a timing ({@link Row}), an optimiser's run, an estimate. Its JSON
 * is what {@code diffart reproduce --json} prints and what {@link Report#rowsTable} shows.
 * Serializable, so that a sweep's unit may run in another JVM and its rows come back exactly.
 */
public interface Measurement extends Serializable {
  /** {@code ok}, or why it did not run to the end. */
  String status();

  /** Whether it ran to the end. */
  default boolean ok() {
    return status().equals("ok");
  }

  /** The row as the command line's JSON prints it: its keys are the table's columns, in order. */
  JsonObject toJson();

  /** Adds v under key to a row's JSON, or null when v is not finite (a failed measurement). */
  static void number(JsonObject o, String key, double v) {
    if (Double.isFinite(v)) {
      o.addProperty(key, v);
    } else {
      o.add(key, JsonNull.INSTANCE);
    }
  }
}
