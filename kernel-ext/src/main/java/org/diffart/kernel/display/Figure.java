package org.diffart.kernel.display;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Small multiples: charts of one quantity each, tiled two across in one PNG. {@link #panels()}
 * gives them one by one, to restyle or save.
 */
public final class Figure implements DisplayDataRenderable {
  private final String title;
  private final List<Chart<?, ?>> panels;

  /**
   * A figure of the given panels.
   *
   * @param title what the figure shows, for its text form
   * @param panels the charts, in reading order
   */
  public Figure(String title, List<? extends Chart<?, ?>> panels) {
    this.title = title;
    this.panels = List.copyOf(panels);
  }

  /** The panels, one quantity each. */
  public List<Chart<?, ?>> panels() {
    return panels;
  }

  /** The panels tiled two across, each cell as large as the largest panel. */
  public BufferedImage image() {
    int cols = panels.size() > 1 ? 2 : 1, rows = (panels.size() + cols - 1) / cols;
    int w = panels.stream().mapToInt(Chart::getWidth).max().orElse(1);
    int h = panels.stream().mapToInt(Chart::getHeight).max().orElse(1);
    BufferedImage img =
        new BufferedImage(cols * w, Math.max(1, rows) * h, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    for (int i = 0; i < panels.size(); i++) {
      g.drawImage(
          BitmapEncoder.getBufferedImage(panels.get(i)), (i % cols) * w, (i / cols) * h, null);
    }
    g.dispose();
    return img;
  }

  /** The tiled image as PNG bytes. */
  public byte[] png() {
    return ChartImages.png(image());
  }

  /** An HTML {@code img} element holding the PNG. */
  public String html() {
    return "<img src=\"data:image/png;base64,"
        + Base64.getEncoder().encodeToString(png())
        + "\"/>\n";
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
    return title + ": " + panels.size() + (panels.size() == 1 ? " panel" : " panels");
  }
}
