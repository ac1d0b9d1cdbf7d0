package org.diffart.kernel.display;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Plain values as a researcher reads them, where Java would print {@code [D@2eefb4a4}: arrays with
 * their type and length, elided in the middle ({@link Readable#vector}), numbers to {@link
 * Readable#DIGITS} significant digits, matrices ({@code double[][]}) row by row with their shape,
 * lists, maps and records element by element (a record as {@code Name[component=value, ...]}),
 * whatever they nest.
 */
public final class Values {
  /** Rows and columns of a matrix shown before the middle ones are elided. */
  public static final int MAX_MATRIX = 12;

  private Values() {}

  /**
   * The value as text: {@code double[7] [0.1, 0.2, 0.3, …, 0.6, 0.7]}, a matrix on several lines, a
   * record as its components.
   */
  public static String text(Object v) {
    if (v instanceof double[][] m) {
      return matrixText(m);
    }
    return inline(v);
  }

  /** The value on one line. */
  static String inline(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Double || v instanceof Float) {
      return Readable.number(((Number) v).doubleValue());
    }
    if (v instanceof double[] a) {
      return "double[" + a.length + "] " + Readable.vector(a, a.length);
    }
    if (v.getClass().isArray()) {
      int n = Array.getLength(v);
      List<String> items = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        items.add(inline(Array.get(v, i)));
      }
      // int[3], double[4][] (the length goes to the first bracket)
      String type = v.getClass().getComponentType().getSimpleName();
      int nested = type.indexOf('[');
      String shape =
          nested < 0
              ? type + "[" + n + "]"
              : type.substring(0, nested) + "[" + n + "]" + type.substring(nested);
      return shape + " " + elided(items, "[", "]");
    }
    if (v instanceof Collection<?> c) {
      return elided(c.stream().map(Values::inline).toList(), "[", "]");
    }
    if (v instanceof Map<?, ?> map) {
      List<String> items = new ArrayList<>();
      map.forEach((k, x) -> items.add(inline(k) + "=" + inline(x)));
      return elided(items, "{", "}");
    }
    if (v instanceof Record r) {
      List<String> items = new ArrayList<>();
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        items.add(c.getName() + "=" + inline(component(r, c)));
      }
      return r.getClass().getSimpleName() + "[" + String.join(", ", items) + "]";
    }
    return String.valueOf(v);
  }

  /**
   * {@code [a, b, c, …, y, z] (n)} when longer than {@link Readable#MAX_VECTOR}, else {@code [a, b,
   * c]}.
   */
  private static String elided(List<String> items, String open, String close) {
    int n = items.size();
    if (n <= Readable.MAX_VECTOR) {
      return open + String.join(", ", items) + close;
    }
    return open
        + String.join(", ", items.subList(0, 3))
        + ", …, "
        + String.join(", ", items.subList(n - 2, n))
        + close
        + " ("
        + n
        + ")";
  }

  /**
   * A matrix row by row, columns aligned, its shape first; the middle rows and columns elided when
   * many.
   */
  static String matrixText(double[][] m) {
    return matrixText(
        "double[" + m.length + "][" + (m.length == 0 ? 0 : m[0].length) + "]",
        m,
        new String[0],
        new String[0]);
  }

  /**
   * A matrix under a title, row by row with its row and column labels (or none), columns aligned;
   * the middle rows and columns elided when many.
   */
  public static String matrixText(
      String title, double[][] m, String[] rowLabels, String[] colLabels) {
    String[][] cells = cells(m, rowLabels, colLabels);
    int[] width = new int[cells.length == 0 ? 0 : cells[0].length];
    for (String[] row : cells) {
      for (int j = 0; j < row.length; j++) {
        width[j] = Math.max(width[j], row[j].length());
      }
    }
    StringBuilder s = new StringBuilder(title);
    for (String[] row : cells) {
      s.append('\n');
      for (int j = 0; j < row.length; j++) {
        s.append(j == 0 ? "" : "  ").append(" ".repeat(width[j] - row[j].length())).append(row[j]);
      }
    }
    return s.toString();
  }

  /**
   * The cells a matrix shows: numbers as {@link Readable} writes them, with a leading column of row
   * labels and a leading row of column labels when given (one per row or column of the matrix, or
   * none), and {@code …} where middle rows or columns are elided.
   */
  static String[][] cells(double[][] m, String[] rowLabels, String[] colLabels) {
    int rows = m.length, cols = rows == 0 ? 0 : m[0].length;
    int[] ri = shown(rows), ci = shown(cols);
    boolean rl = rowLabels.length > 0, cl = colLabels.length > 0;
    String[][] out = new String[ri.length + (cl ? 1 : 0)][ci.length + (rl ? 1 : 0)];
    if (cl) {
      if (rl) {
        out[0][0] = "";
      }
      for (int j = 0; j < ci.length; j++) {
        out[0][j + (rl ? 1 : 0)] = ci[j] < 0 ? "…" : colLabels[ci[j]];
      }
    }
    for (int i = 0; i < ri.length; i++) {
      String[] row = out[i + (cl ? 1 : 0)];
      if (rl) {
        row[0] = ri[i] < 0 ? "…" : rowLabels[ri[i]];
      }
      for (int j = 0; j < ci.length; j++) {
        row[j + (rl ? 1 : 0)] = ri[i] < 0 || ci[j] < 0 ? "…" : Readable.number(m[ri[i]][ci[j]]);
      }
    }
    return out;
  }

  /**
   * The indices shown of n: all up to {@link #MAX_MATRIX}, else the first and last few with -1
   * between.
   */
  private static int[] shown(int n) {
    if (n <= MAX_MATRIX) {
      return java.util.stream.IntStream.range(0, n).toArray();
    }
    int head = MAX_MATRIX / 2, tail = MAX_MATRIX - head - 1;
    int[] out = new int[MAX_MATRIX];
    for (int i = 0; i < head; i++) {
      out[i] = i;
    }
    out[head] = -1;
    for (int i = 0; i < tail; i++) {
      out[head + 1 + i] = n - tail + i;
    }
    return out;
  }

  /** A matrix as an HTML table, with its labels (or indices) and caption. */
  public static String matrixHtml(
      String caption, double[][] m, String[] rowLabels, String[] colLabels) {
    int cols = m.length == 0 ? 0 : m[0].length;
    String[] rl = rowLabels.length > 0 ? rowLabels : indices(m.length);
    String[] cl = colLabels.length > 0 ? colLabels : indices(cols);
    String[][] cells = cells(m, rl, cl);
    StringBuilder s =
        new StringBuilder("<table class=\"diffart-matrix\">\n<caption>")
            .append(TableHtml.escape(caption))
            .append("</caption>\n");
    for (int i = 0; i < cells.length; i++) {
      s.append("<tr>");
      for (int j = 0; j < cells[i].length; j++) {
        boolean head = i == 0 || j == 0;
        String tag = head ? "th" : "td";
        s.append('<')
            .append(tag)
            .append(head ? "" : " style=\"text-align:right;white-space:nowrap\"")
            .append('>')
            .append(TableHtml.escape(cells[i][j]))
            .append("</")
            .append(tag)
            .append('>');
      }
      s.append("</tr>\n");
    }
    return s.append("</table>\n").toString();
  }

  private static String[] indices(int n) {
    return java.util.stream.IntStream.range(0, n)
        .mapToObj(Integer::toString)
        .toArray(String[]::new);
  }

  private static Object component(Record r, RecordComponent c) {
    try {
      return c.getAccessor().invoke(r);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return "?";
    }
  }
}
