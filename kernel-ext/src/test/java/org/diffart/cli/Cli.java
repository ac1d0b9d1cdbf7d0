package org.diffart.cli;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@link Main} in-process with captured stdout and stderr. */
final class Cli {
  private Cli() {}

  /**
   * What one run left behind.
   *
   * @param code the exit code
   * @param out everything written to stdout
   * @param err everything written to stderr
   */
  record Outcome(int code, String out, String err) {
    /** Stdout as one JSON object (fails when stdout is not exactly one object). */
    JsonObject json() {
      return JsonParser.parseString(out).getAsJsonObject();
    }

    /** Stdout's JSON array {@code key} as doubles. */
    double[] vector(String key) {
      return json().getAsJsonArray(key).asList().stream()
          .mapToDouble(e -> e.getAsDouble())
          .toArray();
    }
  }

  /** Runs the command line with {@code args}. */
  static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Outcome(code, out.toString(), err.toString());
  }

  /** A comma-separated vector option value with every double in full precision. */
  static String csv(double[] v) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < v.length; i++) {
      s.append(i == 0 ? "" : ",").append(v[i]);
    }
    return s.toString();
  }
}
