package org.diffart.reproduce;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diffart.kernel.display.Displays;
import org.diffart.kernel.display.Figure;
import org.diffart.kernel.display.TableHtml;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * What an experiment measured: its rows, the table of ours beside the paper's, the figure, and the
 * checks of the reproduced shape. Shown in a notebook as the table, the figure and the checks;
 * {@link #write} saves CSV and PNG.
 *
 * @param name the experiment's name
 * @param title what it reproduces
 * @param size the size it ran at
 * @param rows every measurement, failures included
 * @param table ours beside the paper's, with ratios
 * @param figure the paper's figure redrawn from our measurements
 * @param checks the shape that must hold
 * @param notes what to know when reading it (machine, settings, where we differ from the paper)
 */
public record Report(
    String name,
    String title,
    Size size,
    List<? extends Measurement> rows,
    Table table,
    Figure figure,
    List<Check> checks,
    List<String> notes)
    implements DisplayDataRenderable {

  /** Copies the lists. */
  public Report {
    rows = List.copyOf(rows);
    checks = List.copyOf(checks);
    notes = List.copyOf(notes);
  }

  /**
   * Every row as a table, one column per key of the rows' JSON in the first row's order: numbers
   * (integers when every value is one), text otherwise; a key a row lacks is missing there.
   */
  public Table rowsTable() {
    return rowsTable(name + ": measurements", rows);
  }

  /** Rows as {@link #rowsTable()} makes them into a table called {@code title}. */
  static Table rowsTable(String title, List<? extends Measurement> rows) {
    Table t = Table.create(title);
    List<JsonObject> json = rows.stream().map(Measurement::toJson).toList();
    if (json.isEmpty()) {
      return t;
    }
    for (String key : json.get(0).keySet()) {
      List<JsonElement> values =
          json.stream().map(o -> o.has(key) ? o.get(key) : JsonNull.INSTANCE).toList();
      t.addColumns(column(key, values));
    }
    return t;
  }

  private static Column<?> column(String key, List<JsonElement> values) {
    boolean numbers = true, integers = true;
    for (JsonElement v : values) {
      if (v.isJsonNull()) {
        continue;
      }
      boolean number = v.isJsonPrimitive() && v.getAsJsonPrimitive().isNumber();
      numbers &= number;
      integers &= number && v.getAsDouble() == Math.rint(v.getAsDouble());
    }
    if (numbers && integers) {
      LongColumn c = LongColumn.create(key);
      values.forEach(v -> c.append(v.isJsonNull() ? null : v.getAsLong()));
      return c;
    }
    if (numbers) {
      DoubleColumn c = DoubleColumn.create(key);
      values.forEach(v -> c.append(v.isJsonNull() ? Double.NaN : v.getAsDouble()));
      return c;
    }
    StringColumn c = StringColumn.create(key);
    values.forEach(
        v -> c.append(v.isJsonNull() ? "" : v.isJsonPrimitive() ? v.getAsString() : v.toString()));
    return c;
  }

  /**
   * The rows, each cast to the type the experiment makes.
   *
   * @throws ClassCastException when a row is of another type
   */
  public <R extends Measurement> List<R> rows(Class<R> type) {
    return rows.stream().map(type::cast).toList();
  }

  static final double MIB = 1 << 20;

  /** The checks that failed. */
  public List<Check> failures() {
    return checks.stream().filter(c -> !c.passed()).toList();
  }

  /**
   * Throws when a check failed, naming each failed check with its numbers: the end of a notebook
   * calls it so that a wrong shape fails the run.
   */
  public Report requireChecks() {
    List<Check> failed = failures();
    if (!failed.isEmpty()) {
      List<String> lines = new ArrayList<>();
      for (Check c : failed) {
        lines.add("FAILED: " + c.name() + " (" + c.detail() + ")");
      }
      throw new IllegalStateException(
          name
              + ": "
              + failed.size()
              + " of "
              + checks.size()
              + " checks failed\n"
              + String.join("\n", lines));
    }
    return this;
  }

  /** The checks as a table. */
  public Table checksTable() {
    return Table.create(name + ": checks")
        .addColumns(
            StringColumn.create("check", checks.stream().map(Check::name)),
            StringColumn.create("result", checks.stream().map(Check::result)),
            StringColumn.create("numbers", checks.stream().map(Check::detail)));
  }

  /** {@code {name, size, rows, checks}} as the command line's JSON prints it. */
  public JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("name", name);
    o.addProperty("size", size.name().toLowerCase(java.util.Locale.ROOT));
    JsonArray rs = new JsonArray();
    rows.forEach(r -> rs.add(r.toJson()));
    o.add("rows", rs);
    JsonArray cs = new JsonArray();
    for (Check c : checks) {
      JsonObject j = new JsonObject();
      j.addProperty("check", c.name());
      j.addProperty("passed", c.passed());
      j.addProperty("judged", c.judged());
      j.addProperty("detail", c.detail());
      cs.add(j);
    }
    o.add("checks", cs);
    return o;
  }

  /**
   * Writes {@code NAME.csv} (every row), {@code NAME-vs-paper.csv} (the table), {@code
   * NAME-checks.csv} and {@code NAME.png} (the figure) into dir, creating it; returns the files
   * written.
   */
  public List<Path> write(Path dir) {
    try {
      Files.createDirectories(dir);
      Path rowsCsv = dir.resolve(name + ".csv"), tableCsv = dir.resolve(name + "-vs-paper.csv");
      Path checksCsv = dir.resolve(name + "-checks.csv"), png = dir.resolve(name + ".png");
      csv(rowsTable(), rowsCsv);
      csv(table, tableCsv);
      csv(checksTable(), checksCsv);
      Files.write(png, figure.png());
      return List.of(rowsCsv, tableCsv, checksCsv, png);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write " + name + "'s files into " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes a table as CSV; a table without columns (an experiment with no rows) as an empty file.
   */
  static void csv(Table t, Path file) throws IOException {
    if (t.columnCount() == 0) {
      // Tablesaw's writer fails on a table without columns
      Files.writeString(file, "");
    } else {
      t.write().csv(file.toFile());
    }
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML);
  }

  @Override
  public void render(RenderContext ctx) {
    ctx.renderIfRequested(
        MIMEType.TEXT_HTML,
        () -> {
          StringBuilder html =
              new StringBuilder("<h4>").append(TableHtml.escape(title)).append("</h4>\n");
          html.append(TableHtml.of(table, Displays.MAX_TABLE_ROWS));
          if (!figure.panels().isEmpty()) {
            html.append(figure.html());
          }
          html.append("<ul>\n");
          for (Check c : checks) {
            html.append("<li>")
                .append(
                    !c.judged()
                        ? "<b>? not judged</b> "
                        : c.passed() ? "&#10003; " : "<b>&#10007; FAILED</b> ")
                .append(TableHtml.escape(c.name()))
                .append(": ")
                .append(TableHtml.escape(c.detail()))
                .append("</li>\n");
          }
          html.append("</ul>\n");
          return html.toString();
        });
    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, this::toString);
  }

  @Override
  public String toString() {
    StringBuilder s =
        new StringBuilder(title)
            .append(" (")
            .append(size.name().toLowerCase(java.util.Locale.ROOT))
            .append(")\n")
            .append(Displays.text(table))
            .append('\n');
    for (Check c : checks) {
      s.append(c.result())
          .append(": ")
          .append(c.name())
          .append(" (")
          .append(c.detail())
          .append(")\n");
    }
    return s.toString();
  }
}
