package org.diffart.sim.io;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.diffart.sim.compiler.HfieldSpec;
import org.diffart.sim.compiler.ModelBuilder;

/**
 * MJCF {@code <asset><hfield>} with MuJoCo 2.2.2's meaning: name, nrow, ncol, size (radius x,
 * radius y, elevation, base: four positive values) and file. Without a file, {@code nrow × ncol}
 * zero elevations (MuJoCo's height field for data set at run time: flat). A file ending in {@code
 * .png} (any case) is read as MuJoCo reads it: the grey value is the red channel (the high byte of
 * 16-bit samples), image row 0 is the row of largest y; any other file is MuJoCo's binary format:
 * int32 nrow, int32 ncol (little-endian), then nrow·ncol float32 elevations row-major. The path is
 * resolved against the compiler's meshdir and the directory of the file that holds the element.
 */
final class MjcfHfields {
  static final Set<String> ATTRIBUTES = Set.of("name", "file", "nrow", "ncol", "size");

  private final Map<String, HfieldSpec> byName = new HashMap<>();

  /** The height field named {@code name}, or null. */
  HfieldSpec get(String name) {
    return byName.get(name);
  }

  /** Reads one {@code <hfield>} into the builder. */
  void read(XmlElement e, ModelBuilder b, MjcfCompiler compiler, NamedElements names) {
    e.requireAttributesIn(ATTRIBUTES);
    String file = e.string("file", "").strip();
    String name = MjcfAssetFiles.name(e, file, "hfield", names);
    double[] size = e.numbers("size", 4);
    for (double v : size) {
      if (!(v > 0)) {
        throw e.error(
            "size needs 4 positive values (radius x, radius y, elevation, base), got " + v);
      }
    }
    int nrow = e.integer("nrow", 0), ncol = e.integer("ncol", 0);
    float[] data;
    if (!file.isEmpty()) {
      if (e.has("nrow") || e.has("ncol")) {
        throw e.error("a height field is given by its file or by nrow and ncol, not both");
      }
      Path path = MjcfAssetFiles.path(e, compiler, file);
      int[] dims = new int[2];
      data =
          file.toLowerCase(java.util.Locale.ROOT).endsWith(".png")
              ? png(e, path, dims)
              : binary(e, path, dims);
      nrow = dims[0];
      ncol = dims[1];
    } else {
      if (nrow < 2 || ncol < 2) {
        throw e.error(
            "a height field without a file needs nrow and ncol of at least 2, got "
                + nrow
                + " and "
                + ncol);
      }
      data = new float[nrow * ncol];
    }
    if (nrow < 2 || ncol < 2) {
      throw e.error(
          "height field file "
              + file
              + " has "
              + nrow
              + " rows and "
              + ncol
              + " columns; at least 2 of"
              + " each are needed");
    }
    byName.put(name, b.addHfield(name, nrow, ncol, size, data));
  }

  /**
   * A PNG's grey values, flipped so that the image's last row is row 0 (smallest y); dims gets
   * nrow, ncol.
   */
  private static float[] png(XmlElement e, Path path, int[] dims) {
    BufferedImage img;
    try {
      img = ImageIO.read(path.toFile());
    } catch (IOException ex) {
      throw e.error("cannot read height field image " + path + ": " + ex.getMessage());
    }
    if (img == null) {
      throw e.error(
          "height field file "
              + path
              + " is not a PNG image "
              + (Files.exists(path) ? "Java can decode" : "(no such file)"));
    }
    int w = img.getWidth(), h = img.getHeight();
    Raster raster = img.getRaster();
    boolean palette = img.getColorModel() instanceof IndexColorModel;
    int bits = img.getColorModel().getComponentSize(0);
    float[] data = new float[w * h];
    for (int r = 0; r < h; r++) {
      for (int c = 0; c < w; c++) {
        int v;
        if (palette) {
          v = (img.getRGB(c, r) >> 16) & 0xff;
        } else {
          int sample = raster.getSample(c, r, 0);
          v = bits == 16 ? sample >> 8 : bits == 8 ? sample : sample * 255 / ((1 << bits) - 1);
        }
        data[c + (h - 1 - r) * w] = v;
      }
    }
    dims[0] = h;
    dims[1] = w;
    return data;
  }

  /**
   * MuJoCo's binary height field: int32 nrow, int32 ncol, float32 data, little-endian; dims gets
   * nrow, ncol.
   */
  private static float[] binary(XmlElement e, Path path, int[] dims) {
    byte[] bytes = MjcfAssetFiles.read(e, path, "height field");
    if (bytes.length < 8) {
      throw e.error(
          "height field file " + path + " is missing its header (int32 nrow, int32 ncol)");
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int nrow = buf.getInt(), ncol = buf.getInt();
    if (nrow < 1 || ncol < 1 || (long) nrow * ncol * 4 + 8 != bytes.length) {
      throw e.error(
          "height field file "
              + path
              + ": header says "
              + nrow
              + " x "
              + ncol
              + ", so "
              + ((long) nrow * ncol * 4 + 8)
              + " bytes are expected, the file has "
              + bytes.length);
    }
    float[] data = new float[nrow * ncol];
    buf.asFloatBuffer().get(data);
    dims[0] = nrow;
    dims[1] = ncol;
    return data;
  }
}
