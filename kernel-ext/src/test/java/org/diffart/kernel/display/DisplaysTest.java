package org.diffart.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.display.Renderer;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class DisplaysTest {

  private final Renderer renderer = new Renderer();

  DisplaysTest() {
    Displays.register(renderer);
  }

  @Test
  void tableRendersAsEscapedHtmlAndPlainText() {
    Table table =
        Table.create(
            "joints",
            StringColumn.create("name", "hinge<1>", "slide"),
            DoubleColumn.create("q", 0.5, -1));
    DisplayData data = renderer.render(table);
    String html = (String) data.getData(MIMEType.TEXT_HTML);
    assertTrue(html.contains("<caption>joints</caption>"), html);
    assertTrue(
        html.contains("<td style=\"text-align:left\">hinge&lt;1&gt;</td>"),
        "text reads from the left: " + html);
    assertTrue(
        html.contains("<td style=\"text-align:right;white-space:nowrap\">-1</td>"),
        "numbers align right and never break: " + html);
    assertTrue(html.contains("<th>q</th>"), html);
    assertTrue(((String) data.getData(MIMEType.TEXT_PLAIN)).contains("slide"));
  }

  @Test
  void longTablesAreCutWithANote() {
    Table table =
        Table.create("t", DoubleColumn.create("x", new double[Displays.MAX_TABLE_ROWS + 7]));
    String html = TableHtml.of(table, Displays.MAX_TABLE_ROWS);
    assertEquals(Displays.MAX_TABLE_ROWS, html.split("<tr><td", -1).length - 1);
    assertTrue(html.contains("7 more rows of " + (Displays.MAX_TABLE_ROWS + 7)), html);
  }

  /**
   * A chart renders as PNG and a text description only: nbconvert's HTML export prefers an SVG
   * beside it, and its sanitiser empties XChart's, which weighs hundreds of kilobytes besides.
   */
  @Test
  void chartRendersAsPngAndTextOnly() {
    XYChart chart = new XYChartBuilder().width(200).height(120).title("q").build();
    chart.addSeries("q0", new double[] {0, 1, 2}, new double[] {0, 1, 4});
    DisplayData data = renderer.render(chart);
    byte[] png = Base64.getDecoder().decode((String) data.getData(MIMEType.IMAGE_PNG));
    assertEquals((byte) 0x89, png[0]);
    assertEquals("PNG", new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII));
    assertFalse(data.hasDataForType(MIMEType.IMAGE_SVG));
    assertEquals("XYChart 'q' (200x120)", data.getData(MIMEType.TEXT_PLAIN));
  }

  @Test
  void chartCanBeRenderedAsSvgAlone() {
    XYChart chart = new XYChartBuilder().width(100).height(80).build();
    chart.addSeries("s", new double[] {0, 1}, new double[] {1, 0});
    DisplayData data = renderer.renderAs(chart, "image/svg+xml");
    assertTrue(
        ((String) data.getData(MIMEType.IMAGE_SVG)).startsWith("<svg"),
        "no XML declaration or doctype");
    assertFalse(data.hasDataForType(MIMEType.IMAGE_PNG));
  }
}
