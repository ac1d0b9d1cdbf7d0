package org.diffart.sim.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A control sequence in a CSV file: line t holds the {@code nu} comma-separated numbers given at
 * step t. Blank lines and lines starting with {@code #} are skipped (a header comment may say what
 * the columns are).
 */
public final class ControlFile {
  private ControlFile() {}

  /**
   * The controls in {@code file}, one row per step.
   *
   * @throws IllegalArgumentException naming the file and line of a row with another number of
   *     values than {@code nu} or an entry that is not a finite number, or a file without rows
   * @throws UncheckedIOException when the file cannot be read
   */
  public static double[][] read(Path file, int nu) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the control file " + file + ": " + e, e);
    }
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      rows.add(row(file, i + 1, line, nu));
    }
    if (rows.isEmpty()) {
      throw new IllegalArgumentException(
          file + ": no controls (one line of " + nu + " numbers per step)");
    }
    return rows.toArray(double[][]::new);
  }

  private static double[] row(Path file, int lineNo, String line, int nu) {
    String[] parts = line.split(",", -1);
    if (parts.length != nu) {
      throw new IllegalArgumentException(
          file
              + " line "
              + lineNo
              + ": "
              + parts.length
              + " values, the model has nu = "
              + nu
              + " controls");
    }
    double[] u = new double[nu];
    for (int k = 0; k < nu; k++) {
      String s = parts[k].strip();
      try {
        u[k] = Double.parseDouble(s);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            file + " line " + lineNo + ", value " + (k + 1) + ": '" + s + "' is not a number");
      }
      if (!Double.isFinite(u[k])) {
        throw new IllegalArgumentException(
            file + " line " + lineNo + ", value " + (k + 1) + ": '" + s + "' is not finite");
      }
    }
    return u;
  }
}
