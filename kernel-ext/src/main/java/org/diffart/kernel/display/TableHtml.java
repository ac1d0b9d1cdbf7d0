package org.diffart.kernel.display;

import tech.tablesaw.api.NumberColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Writes a Tablesaw {@link Table} as an HTML table, escaped, with at most a given number of rows
 * and numbers as {@link Readable} writes them.
 */
public final class TableHtml {
  private static final String NUMBER = "<td style=\"text-align:right;white-space:nowrap\">";
  private static final String TEXT = "<td style=\"text-align:left\">";

  private TableHtml() {}

  /**
   * The table as HTML: a caption with its name, a header row and the first {@code maxRows} rows,
   * followed by a note of how many rows were left out.
   *
   * @param table any table
   * @param maxRows the most rows written, at least 1
   * @return an HTML fragment
   */
  public static String of(Table full, int maxRows) {
    Table table = Readable.table(full, Math.max(1, maxRows));
    StringBuilder html = new StringBuilder("<table class=\"diffart\">\n");
    if (table.name() != null && !table.name().isBlank()) {
      html.append("<caption>").append(escape(table.name())).append("</caption>\n");
    }
    html.append("<thead><tr>");
    for (Column<?> column : table.columns()) {
      html.append("<th>").append(escape(column.name())).append("</th>");
    }
    html.append("</tr></thead>\n<tbody>\n");
    // numbers right-aligned and never broken across lines (1.85855e-08), text left-aligned
    // (Jupyter's style
    // right-aligns every cell)
    String[] style = new String[table.columnCount()];
    for (int c = 0; c < style.length; c++) {
      style[c] = table.column(c) instanceof NumberColumn ? NUMBER : TEXT;
    }
    int shown = table.rowCount();
    for (int row = 0; row < shown; row++) {
      html.append("<tr>");
      for (int c = 0; c < style.length; c++) {
        html.append(style[c]).append(escape(table.column(c).getString(row))).append("</td>");
      }
      html.append("</tr>\n");
    }
    html.append("</tbody>\n</table>\n");
    if (full.rowCount() > shown) {
      html.append("<p>")
          .append(full.rowCount() - shown)
          .append(" more rows of ")
          .append(full.rowCount())
          .append("</p>\n");
    }
    return html.toString();
  }

  /**
   * Escapes text for HTML element content and attribute values.
   *
   * @param text any text
   * @return the text with {@code & < > " '} replaced by entities
   */
  public static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
