package org.diffart.cli;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The {@code --json} option and the writing of a command's result: one compact JSON object on a
 * line of its own, or readable text. Doubles are written in full precision (the shortest text that
 * reads back to the same double); a key set to JSON null is printed with null.
 */
final class Output {
  // a key whose value is JSON null (a reproduce row's time that failed, a target not reached) is
  // printed as null, not dropped
  private static final Gson GSON =
      new GsonBuilder().disableHtmlEscaping().serializeNulls().create();

  @Option(names = "--json", description = "Print the result as one JSON object.")
  private boolean json;

  @Spec(Spec.Target.MIXEE)
  private CommandSpec command;

  /**
   * Prints the result on stdout.
   *
   * @param result the result as JSON, printed with {@code --json}
   * @param text the result as text, printed otherwise
   */
  void print(JsonObject result, Supplier<String> text) {
    PrintWriter out = command.commandLine().getOut();
    out.println(json ? GSON.toJson(result) : text.get());
    out.flush();
  }

  /** A JSON array of the values. */
  static JsonArray array(double[] v) {
    return slice(v, 0, v.length);
  }

  /** A JSON array of the names. */
  static JsonArray strings(String[] names) {
    JsonArray a = new JsonArray(names.length);
    for (String n : names) {
      a.add(n);
    }
    return a;
  }

  /** A JSON array of {@code v[from..from+n)}. */
  static JsonArray slice(double[] v, int from, int n) {
    JsonArray a = new JsonArray(n);
    for (int i = from; i < from + n; i++) {
      a.add(v[i]);
    }
    return a;
  }

  /** Row-major nested arrays of a flat {@code rows×cols} array. */
  static JsonArray rows(double[] flat, int rows, int cols) {
    JsonArray a = new JsonArray(rows);
    for (int r = 0; r < rows; r++) {
      a.add(slice(flat, r * cols, cols));
    }
    return a;
  }

  /** Row-major nested arrays of a matrix. */
  static JsonArray matrix(double[][] a) {
    JsonArray rows = new JsonArray(a.length);
    for (double[] r : a) {
      rows.add(array(r));
    }
    return rows;
  }

  /** {@code [rows, cols]} of a matrix whose rows all have {@code cols} entries. */
  static JsonArray shape(int rows, int cols) {
    JsonArray a = new JsonArray(2);
    a.add(rows);
    a.add(cols);
    return a;
  }

  /** A matrix as text: {@code name =}, then one line per row. */
  static void text(StringBuilder s, String name, double[][] a) {
    s.append(name).append(" =\n");
    for (double[] r : a) {
      for (double x : r) {
        s.append(String.format(Locale.ROOT, " %11.4g", x));
      }
      s.append('\n');
    }
  }
}
