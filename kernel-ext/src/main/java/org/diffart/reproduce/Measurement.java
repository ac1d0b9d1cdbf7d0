package org.diffart.reproduce;

import com.google.gson.JsonObject;

/**
 * One row an experiment measured: a timing ({@link Row}), an optimiser's run, an estimate. Its JSON
 * is what {@code diffart reproduce --json} prints and what {@link Report#rowsTable} shows.
 */
public interface Measurement {
  /** {@code ok}, or why it did not run to the end. */
  String status();

  /** Whether it ran to the end. */
  default boolean ok() {
    return status().equals("ok");
  }

  /** The row as the command line's JSON prints it: its keys are the table's columns, in order. */
  JsonObject toJson();
}
