package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.kernel.magic.CapabilityReport.Cell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The matrix shows every capability as a row and every backend as a column, each cell the symbol of
 * its verdict, with a legend and the details; the figure is a 16:9 PNG whose cells carry their
 * colours.
 */
class CapabilityReportTest {
  private static final Capability BROKEN = Capability.HISTORY_SENSOR_CUBIC;
  private static final String MESSAGE = "max relative |reading − formula| 0.0312";

  /** cpu claims all and verifies all; gpu refuses the tape (verified) and its cubic probe fails. */
  private static CapabilityReport report(boolean verified) {
    Map<String, List<Verdict>> verdicts = new LinkedHashMap<>();
    for (String b : List.of("cpu", "gpu")) {
      List<Verdict> vs = new ArrayList<>();
      for (Capability c : Capability.values()) {
        boolean claimed = !(b.equals("gpu") && c == Capability.DERIVATIVE_TAPE);
        boolean failed = b.equals("gpu") && c == BROKEN;
        vs.add(new Verdict(c, claimed, !failed, failed ? MESSAGE : "measured " + c.key()));
      }
      verdicts.put(b, vs);
    }
    return new CapabilityReport(verdicts, verified);
  }

  @Test
  void cellsAreTheVerdictsSymbolsCapabilitiesAsRowsBackendsAsColumns() {
    CapabilityReport r = report(true);
    var t = r.table();
    assertEquals(List.of("group", "key", "capability", "cpu", "gpu"), t.columnNames());
    assertEquals(Capability.values().length, t.rowCount());
    assertEquals("✓", t.stringColumn("gpu").get(Capability.JOINT_FREE.ordinal()));
    assertEquals("✗", t.stringColumn("gpu").get(Capability.DERIVATIVE_TAPE.ordinal()));
    assertEquals("!", t.stringColumn("gpu").get(BROKEN.ordinal()));
    assertEquals("✓", t.stringColumn("cpu").get(BROKEN.ordinal()));
    assertEquals(Cell.FAILED, r.cell("gpu", BROKEN));
    assertEquals(List.of("✓", "✗", "!"), r.legend().stringColumn("symbol").asList());
    // the failed probe's message is in the details, beside its symbol
    var d = r.details();
    int row = Capability.values().length + BROKEN.ordinal();
    assertEquals("gpu", d.stringColumn("backend").get(row));
    assertEquals("! probe failed", d.stringColumn("status").get(row));
    assertEquals(MESSAGE, d.stringColumn("what the probe measured or saw").get(row));
    assertEquals(1, r.failures().size());
    int n = Capability.values().length;
    assertTrue(
        r.summary().endsWith((2 * n - 2) + " verified, 1 refused, 1 probe failed"), r.summary());
  }

  @Test
  void withoutProbesTheCellsSayClaimedOrRefusedNotTried() {
    CapabilityReport r = report(false);
    assertEquals("?", r.table().stringColumn("gpu").get(BROKEN.ordinal()));
    assertEquals("–", r.table().stringColumn("gpu").get(Capability.DERIVATIVE_TAPE.ordinal()));
    assertEquals(List.of("?", "–"), r.legend().stringColumn("symbol").asList());
    assertEquals(List.of(), r.failures());
  }

  @Test
  void theHtmlShowsEveryRowTheLegendAndTheFailureAsATooltip() {
    String html = report(true).html();
    for (Capability c : Capability.values()) {
      assertTrue(html.contains(">" + c.key() + "</td>"), c.key());
    }
    assertTrue(html.contains("title=\"probe failed: " + MESSAGE + "\""), html);
    for (Cell c : List.of(Cell.VERIFIED, Cell.REFUSED, Cell.FAILED)) {
      assertTrue(html.contains(c.meaning()), c.name());
    }
  }

  @Test
  void theFigureIsASixteenByNinePngWithItsCellsColoured(@TempDir Path dir) throws Exception {
    CapabilityFigure f = report(true).figure();
    byte[] png = f.png();
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(1920, img.getWidth());
    assertEquals(1080, img.getHeight());
    assertTrue(count(img, CapabilityFigure.fill(Cell.VERIFIED).getRGB()) > 20_000);
    assertTrue(count(img, CapabilityFigure.fill(Cell.REFUSED).getRGB()) > 500);
    assertTrue(count(img, CapabilityFigure.fill(Cell.FAILED).getRGB()) > 500);
    // as declared: no probe ran, so nothing is green or vermilion
    BufferedImage clean = report(false).figure().image();
    assertEquals(0, count(clean, CapabilityFigure.fill(Cell.FAILED).getRGB()));
    assertEquals(0, count(clean, CapabilityFigure.fill(Cell.VERIFIED).getRGB()));
    Path file = f.write(dir.resolve("sub/caps.png"));
    assertTrue(Files.size(file) > 10_000);
    assertEquals(1920, ImageIO.read(file.toFile()).getWidth());
    assertFalse(f.toString().isBlank());
  }

  private static int count(BufferedImage img, int rgb) {
    int n = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        n += (img.getRGB(x, y) & 0xFFFFFF) == (rgb & 0xFFFFFF) ? 1 : 0;
      }
    }
    return n;
  }
}
