package org.diffart.kernel.display;

import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.Renderer;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.knowm.xchart.internal.chartpart.Chart;
import tech.tablesaw.api.Table;

/**
 * Rich renderings for the workbench's value types: a Tablesaw {@link Table} as {@code text/html}
 * and {@code text/plain}, an XChart chart as {@code image/png} (SVG only when asked for, {@code
 * render(chart, "image/svg+xml")}: nbconvert's HTML export prefers an SVG to the PNG beside it and
 * its sanitiser empties XChart's, and each weighs hundreds of kilobytes of text drawn as paths), a
 * simulator {@link Model} as its {@link ModelSummary}, a {@link Data} as its {@link DataSummary},
 * and plain values (arrays, matrices, lists, maps, records) as {@link Values} writes them.
 */
public final class Displays {

  /** The most table rows a rendering shows. */
  public static final int MAX_TABLE_ROWS = 50;

  private Displays() {}

  /**
   * Registers the renderings with a kernel's renderer (ours or IJava's).
   *
   * @param renderer the kernel's renderer
   */
  public static void register(Renderer renderer) {
    renderer
        .createRegistration(Table.class)
        .preferring(MIMEType.TEXT_HTML)
        .supporting(MIMEType.TEXT_PLAIN)
        .register(
            (table, ctx) -> {
              ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> TableHtml.of(table, MAX_TABLE_ROWS));
              ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> text(table));
            });
    renderer
        .createRegistration(Chart.class)
        .preferring(MIMEType.IMAGE_PNG, MIMEType.TEXT_PLAIN)
        .supporting(MIMEType.IMAGE_SVG)
        .register(
            (chart, ctx) -> {
              ctx.renderIfRequested(MIMEType.IMAGE_PNG, () -> ChartImages.pngBase64(chart));
              ctx.renderIfRequested(MIMEType.IMAGE_SVG, () -> ChartImages.svg(chart));
              ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> describe(chart));
            });
    // plain values where Java prints [D@2eefb4a4: arrays, matrices, lists, maps and records element
    // by element
    // (the renderer finds a registration by the class and its superclasses: arrays of objects are
    // listed each)
    for (Class<?> type :
        List.of(
            double[].class,
            float[].class,
            int[].class,
            long[].class,
            short[].class,
            byte[].class,
            char[].class,
            boolean[].class,
            float[][].class,
            int[][].class,
            long[][].class,
            boolean[][].class,
            double[][][].class,
            Object[].class,
            String[].class,
            Double[].class,
            Integer[].class,
            Long[].class,
            Boolean[].class,
            Collection.class,
            Map.class,
            Record.class)) {
      renderer
          .createRegistration(type)
          .preferring(MIMEType.TEXT_PLAIN)
          .register(
              (value, ctx) -> ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> Values.text(value)));
    }
    renderer
        .createRegistration(double[][].class)
        .preferring(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
        .register(
            (matrix, ctx) -> {
              ctx.renderIfRequested(
                  MIMEType.TEXT_HTML,
                  () ->
                      Values.matrixHtml(
                          "double["
                              + matrix.length
                              + "]["
                              + (matrix.length == 0 ? 0 : matrix[0].length)
                              + "]",
                          matrix,
                          new String[0],
                          new String[0]));
              ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> Values.text(matrix));
            });
    renderer
        .createRegistration(Data.class)
        .preferring(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
        .register(
            (data, ctx) -> {
              ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> DataSummary.html(data));
              ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> DataSummary.text(data));
            });
    renderer
        .createRegistration(Model.class)
        .preferring(MIMEType.TEXT_HTML)
        .supporting(MIMEType.TEXT_PLAIN)
        .register(
            (model, ctx) -> {
              ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> ModelSummary.html(model));
              ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> ModelSummary.text(model));
            });
  }

  /**
   * Renders a report: its table above its figure in HTML, the figure alone as PNG (when it has
   * panels), the table as text.
   */
  public static void renderTableAndFigure(RenderContext ctx, Table table, Figure figure) {
    renderTableAndFigure(ctx, List.of(), table, figure);
  }

  /**
   * As {@link #renderTableAndFigure(RenderContext, Table, Figure)}, with warnings above the table
   * (in HTML and text alike), each on a line of its own starting "warning: ".
   */
  public static void renderTableAndFigure(
      RenderContext ctx, List<String> warnings, Table table, Figure figure) {
    String png =
        figure.panels().isEmpty()
            ? null
            : java.util.Base64.getEncoder().encodeToString(figure.png());
    StringBuilder html = new StringBuilder(), text = new StringBuilder();
    for (String w : warnings) {
      html.append("<p style=\"color:#b00020\"><b>warning:</b> ")
          .append(TableHtml.escape(w))
          .append("</p>\n");
      text.append("warning: ").append(w).append('\n');
    }
    ctx.renderIfRequested(
        MIMEType.TEXT_HTML,
        () ->
            html
                + TableHtml.of(table, MAX_TABLE_ROWS)
                + (png == null ? "" : "<img src=\"data:image/png;base64," + png + "\"/>\n"));
    if (png != null) {
      ctx.renderIfRequested(MIMEType.IMAGE_PNG, () -> png);
    }
    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> text + text(table));
  }

  /** A table as text, numbers as {@link Readable} writes them, with the count of rows left out. */
  public static String text(Table table) {
    String s = Readable.table(table, MAX_TABLE_ROWS).printAll();
    return table.rowCount() > MAX_TABLE_ROWS
        ? s + "\n" + (table.rowCount() - MAX_TABLE_ROWS) + " more rows of " + table.rowCount()
        : s;
  }

  private static String describe(Chart<?, ?> chart) {
    String title =
        chart.getTitle() == null || chart.getTitle().isBlank() ? "" : " '" + chart.getTitle() + "'";
    return chart.getClass().getSimpleName()
        + title
        + " ("
        + chart.getWidth()
        + "x"
        + chart.getHeight()
        + ")";
  }
}
