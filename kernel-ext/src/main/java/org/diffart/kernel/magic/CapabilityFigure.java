package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.kernel.display.ChartImages;
import org.diffart.kernel.magic.CapabilityReport.Cell;

/**
 * The capability matrix as a 16:9 image for a slide (1920 × 1080): capabilities as rows under their
 * group's heading, in side-by-side panels, one column of cells per backend, each cell a coloured
 * square with its symbol (✓ verified, ✗ refused and the refusal verified, ! probe failed), a legend
 * and a title that counts them. Drawn with Java2D: XChart has no categorical grid of symbols.
 */
public final class CapabilityFigure implements DisplayDataRenderable {
  /** The image's size, pixels: 16:9. */
  public static final int WIDTH = 1920, HEIGHT = 1080;

  private static final Color INK = new Color(0x222222), MUTED = new Color(0x666666);
  private static final Color BAND = new Color(0xEEF1F5), RULE = new Color(0xD0D4DA);
  private static final int MARGIN = 48, TOP = 140, GAP = 64;

  private final CapabilityReport report;

  CapabilityFigure(CapabilityReport report) {
    this.report = report;
  }

  /** The colour of a cell's square (Okabe and Ito's green and vermilion, greys). */
  static Color fill(Cell c) {
    return switch (c) {
      case VERIFIED -> new Color(0x009E73);
      case REFUSED -> new Color(0x8C8C8C);
      case FAILED -> new Color(0xD55E00);
      case CLAIMED, NOT_TRIED -> Color.WHITE;
    };
  }

  /** The rows in reading order: a group's name (capability null) then its capabilities. */
  private record Line(String group, Capability capability) {}

  /** The image. */
  public BufferedImage image() {
    BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_LCD_HRGB);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, HEIGHT);
    header(g);
    List<List<Line>> panels = panels();
    int rows = panels.stream().mapToInt(List::size).max().orElse(1);
    double rowH = Math.min(34, (HEIGHT - TOP - 44 - MARGIN) / (double) rows);
    int panelW = (WIDTH - 2 * MARGIN - (panels.size() - 1) * GAP) / panels.size();
    for (int p = 0; p < panels.size(); p++) {
      panel(g, panels.get(p), MARGIN + p * (panelW + GAP), TOP, panelW, rowH);
    }
    failures(g, (int) Math.round(TOP + 44 + rows * rowH) + 30);
    g.dispose();
    return img;
  }

  /** The title, the counts and the legend. */
  private void header(Graphics2D g) {
    g.setColor(INK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 38));
    g.drawString(
        report.verified()
            ? "diffart capability matrix"
            : "diffart capability matrix, as declared (no probe run)",
        MARGIN,
        MARGIN + 34);
    g.setColor(MUTED);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 21));
    g.drawString(report.summary(), MARGIN, MARGIN + 70);
    // the legend, right-aligned on the title's line
    List<Cell> kinds = report.legendCells();
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 21));
    FontMetrics fm = g.getFontMetrics();
    int x = WIDTH - MARGIN, y = MARGIN + 8, box = 28;
    for (int i = kinds.size() - 1; i >= 0; i--) {
      Cell c = kinds.get(i);
      x -= fm.stringWidth(c.word()) + box + 10;
      cell(g, c, x, y, box, box);
      g.setColor(INK);
      g.drawString(c.word(), x + box + 10, y + box - 7);
      x -= 32;
    }
  }

  /**
   * Under the panels, from {@code y}: the failed probes, one line each (as many as fit), with the
   * start of their message.
   */
  private void failures(Graphics2D g, int y) {
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 19));
    FontMetrics fm = g.getFontMetrics();
    List<String> lines = new ArrayList<>();
    for (String b : report.backends()) {
      for (Capability c : Capability.values()) {
        if (report.cell(b, c) == Cell.FAILED) {
          lines.add("! " + c.key() + " on " + b + ": " + report.detail(b, c));
        }
      }
    }
    int room = Math.max(0, (HEIGHT - 16 - y) / 26 + 1);
    for (int i = 0; i < Math.min(lines.size(), room); i++) {
      String line =
          i == room - 1 && lines.size() > room
              ? (lines.size() - i) + " more failed probes: see the details table"
              : lines.get(i);
      int max = WIDTH - 2 * MARGIN;
      if (fm.stringWidth(line) > max) {
        while (line.length() > 1 && fm.stringWidth(line + "…") > max) {
          line = line.substring(0, line.length() - 1);
        }
        line += "…";
      }
      g.setColor(fill(Cell.FAILED));
      g.drawString(line, MARGIN, y + 26 * i);
    }
  }

  /** One panel: the backends' names over their columns, then its lines. */
  private void panel(Graphics2D g, List<Line> lines, int x0, int y0, int w, double rowH) {
    List<String> backends = report.backends();
    int cellW = Math.min(100, (int) (w * 0.5) / Math.max(1, backends.size()));
    int cellsX = x0 + w - cellW * backends.size();
    int fontPx = (int) Math.round(Math.min(22, rowH * 0.62));
    Font label = new Font(Font.SANS_SERIF, Font.PLAIN, fontPx);
    Font bold = new Font(Font.SANS_SERIF, Font.BOLD, fontPx);
    g.setFont(bold);
    g.setColor(INK);
    for (int b = 0; b < backends.size(); b++) {
      FontMetrics fm = g.getFontMetrics();
      String name = backends.get(b);
      g.drawString(name, cellsX + b * cellW + (cellW - fm.stringWidth(name)) / 2, y0 + 26);
    }
    g.setColor(RULE);
    g.fillRect(x0, y0 + 36, w, 2);
    double y = y0 + 44;
    for (Line line : lines) {
      int top = (int) Math.round(y), h = (int) Math.round(y + rowH) - top;
      int base = top + (h + fontPx) / 2 - 3;
      if (line.capability() == null) {
        g.setColor(BAND);
        g.fillRect(x0, top + 1, w, h - 2);
        g.setColor(INK);
        g.setFont(bold);
        g.drawString(line.group(), x0 + 8, base);
      } else {
        g.setColor(INK);
        g.setFont(label);
        String key = line.capability().key();
        g.drawString(key.substring(key.indexOf('.') + 1), x0 + 24, base);
        for (int b = 0; b < backends.size(); b++) {
          Cell c = report.cell(backends.get(b), line.capability());
          int pad = Math.max(2, h / 10);
          cell(g, c, cellsX + b * cellW + 6, top + pad, cellW - 12, h - 2 * pad);
        }
      }
      y += rowH;
    }
  }

  /** A cell's square with its symbol, drawn as strokes so that no font needs the glyphs. */
  static void cell(Graphics2D g, Cell c, int x, int y, int w, int h) {
    Color fill = fill(c);
    g.setColor(fill);
    g.fillRoundRect(x, y, w, h, 6, 6);
    if (fill.equals(Color.WHITE)) {
      g.setColor(new Color(0x9A9A9A));
      g.setStroke(new BasicStroke(1.5f));
      g.drawRoundRect(x, y, w, h, 6, 6);
    }
    Color ink = fill.equals(Color.WHITE) ? new Color(0x7A7A7A) : Color.WHITE;
    double s = Math.min(w, h) * 0.78, cx = x + w / 2.0, cy = y + h / 2.0;
    g.setColor(ink);
    g.setStroke(
        new BasicStroke(
            (float) Math.max(2, s * 0.16), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
    Path2D p = new Path2D.Double();
    switch (c) {
      case CLAIMED -> {
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, (int) Math.round(s * 1.1)));
        FontMetrics fm = g.getFontMetrics();
        g.drawString("?", (float) (cx - fm.stringWidth("?") / 2.0), (float) (cy + s * 0.4));
      }
      case VERIFIED -> {
        p.moveTo(cx - s * 0.42, cy + s * 0.02);
        p.lineTo(cx - s * 0.12, cy + s * 0.32);
        p.lineTo(cx + s * 0.45, cy - s * 0.34);
      }
      case REFUSED -> {
        p.moveTo(cx - s * 0.3, cy - s * 0.3);
        p.lineTo(cx + s * 0.3, cy + s * 0.3);
        p.moveTo(cx + s * 0.3, cy - s * 0.3);
        p.lineTo(cx - s * 0.3, cy + s * 0.3);
      }
      case NOT_TRIED -> {
        p.moveTo(cx - s * 0.3, cy);
        p.lineTo(cx + s * 0.3, cy);
      }
      case FAILED -> {
        p.moveTo(cx, cy - s * 0.42);
        p.lineTo(cx, cy + s * 0.12);
        p.moveTo(cx, cy + s * 0.4);
        p.lineTo(cx, cy + s * 0.41);
      }
    }
    g.draw(p);
  }

  /**
   * The lines split into panels at group boundaries, as evenly as they go: as many panels as keep
   * each under about 30 lines (two to four), so that the labels stay large enough for a slide.
   */
  private List<List<Line>> panels() {
    List<List<Line>> groups = new ArrayList<>();
    String current = null;
    for (Capability c : Capability.values()) {
      if (!c.group().equals(current)) {
        current = c.group();
        groups.add(new ArrayList<>(List.of(new Line(current, null))));
      }
      groups.get(groups.size() - 1).add(new Line(current, c));
    }
    int total = groups.stream().mapToInt(List::size).sum();
    int count = Math.max(2, Math.min(4, (total + 29) / 30)), target = (total + count - 1) / count;
    List<List<Line>> out = new ArrayList<>();
    List<Line> panel = new ArrayList<>();
    int done = 0;
    for (List<Line> group : groups) {
      // start a new panel when this group would end further past the target than before it
      int end = done + panel.size() + group.size(), goal = target * (out.size() + 1);
      if (!panel.isEmpty()
          && out.size() < count - 1
          && Math.abs(end - goal) > Math.abs(done + panel.size() - goal)) {
        done += panel.size();
        out.add(panel);
        panel = new ArrayList<>();
      }
      panel.addAll(group);
    }
    out.add(panel);
    return out;
  }

  /** The image as PNG bytes. */
  public byte[] png() {
    return ChartImages.png(image());
  }

  /** Writes the PNG to {@code file}, creating its folder; returns the file. */
  public Path write(Path file) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      if (dir != null) {
        Files.createDirectories(dir);
      }
      return Files.write(file, png());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.IMAGE_PNG);
  }

  @Override
  public void render(RenderContext ctx) {
    ctx.renderIfRequested(MIMEType.IMAGE_PNG, () -> Base64.getEncoder().encodeToString(png()));
    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, this::toString);
  }

  @Override
  public String toString() {
    return "capability matrix, " + WIDTH + "x" + HEIGHT + " PNG: " + report.summary();
  }
}
