package org.diffart.kernel.display;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Encodes XChart charts and images the way Jupyter carries them: PNG as base64, SVG as text. */
public final class ChartImages {

  private ChartImages() {}

  /**
   * The chart as a PNG image.
   *
   * @param chart any XChart chart; needs no display ({@code java.awt.headless=true} is fine)
   * @return the PNG bytes, base64-encoded, as Jupyter's {@code image/png} expects
   */
  public static String pngBase64(Chart<?, ?> chart) {
    try {
      return Base64.getEncoder()
          .encodeToString(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * An image as PNG bytes.
   *
   * @param image any image
   * @return its PNG encoding
   */
  public static byte[] png(java.awt.image.RenderedImage image) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      javax.imageio.ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * The chart as an SVG element.
   *
   * @param chart any XChart chart
   * @return SVG markup from {@code <svg} on, as Jupyter's {@code image/svg+xml} expects: without
   *     the XML declaration and doctype, which nbconvert's HTML export refuses
   */
  public static String svg(Chart<?, ?> chart) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      VectorGraphicsEncoder.saveVectorGraphic(
          chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String svg = out.toString(StandardCharsets.UTF_8);
    return svg.substring(Math.max(0, svg.indexOf("<svg")));
  }
}
