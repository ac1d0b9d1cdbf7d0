package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Height field assets as MuJoCo 2.2.2 reads them: its binary format, PNG images, nrow × ncol zeros,
 * and errors.
 */
class MjcfHfieldTest {
  @TempDir Path dir;

  private static String model(String hfield, String geomBody) {
    return "<mujoco>\n<asset>"
        + hfield
        + "</asset>\n<worldbody>"
        + geomBody
        + "</worldbody></mujoco>";
  }

  private Path write(String name, String xml) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, xml);
    return p;
  }

  /** MuJoCo's binary height field: int32 nrow, int32 ncol, float32 values, little-endian. */
  private Path binary(String name, int nrow, int ncol, float... v) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(8 + 4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    b.putInt(nrow).putInt(ncol);
    for (float x : v) {
      b.putFloat(x);
    }
    Path p = dir.resolve(name);
    Files.write(p, b.array());
    return p;
  }

  @Test
  void binaryFilesAreReadRowMajorAndNormalised() throws IOException {
    binary("h.bin", 2, 3, 1, 2, 3, 4, 5, 7);
    Model m =
        ModelLoader.load(
            write(
                "m.xml",
                model(
                    "<hfield file=\"h.bin\" size=\"1 2 0.5 0.1\"/>",
                    "<geom type=\"hfield\" hfield=\"h\"/>")));
    assertEquals(1, m.nhfield());
    assertEquals(GeomType.HFIELD, m.geomType(0));
    assertEquals(2, m.hfieldNrow(0));
    assertEquals(3, m.hfieldNcol(0));
    // minus the minimum, over the range (single precision); row 1 along +y
    assertEquals(0, m.hfieldData(0, 0, 0));
    assertEquals((float) 2 / 6, m.hfieldData(0, 0, 2), 0);
    assertEquals((float) 4 / 6, m.hfieldData(0, 1, 1), 0);
    assertEquals(1, m.hfieldData(0, 1, 2));
    // MuJoCo's geom size: the half-extents and half the height from base to top; no bounding sphere
    assertEquals(1, m.geomSize(0, 0));
    assertEquals(2, m.geomSize(0, 1));
    assertEquals(0.3, m.geomSize(0, 2), 1e-15);
    assertEquals(0, m.geomRbound(0));
  }

  @Test
  void pngImagesGiveTheRedChannelWithTheTopRowAtLargestY() throws IOException {
    BufferedImage img = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
    int[][] red = {{10, 20, 30}, {40, 50, 250}};
    for (int r = 0; r < 2; r++) {
      for (int c = 0; c < 3; c++) {
        // green and blue differ, so that only red can give these values
        img.setRGB(c, r, red[r][c] << 16 | (255 - red[r][c]) << 8 | 77);
      }
    }
    ImageIO.write(img, "png", dir.resolve("terrain.PNG").toFile());
    Model m =
        ModelLoader.load(
            write(
                "m.xml",
                model(
                    "<hfield file=\"terrain.PNG\" size=\"1 1 1 1\"/>",
                    "<geom type=\"hfield\" hfield=\"terrain\"/>")));
    assertEquals(2, m.hfieldNrow(0));
    assertEquals(3, m.hfieldNcol(0));
    // image row 0 is the last row (largest y)
    assertEquals((float) (40 - 10) / 240, m.hfieldData(0, 0, 0), 0);
    assertEquals(0, m.hfieldData(0, 1, 0));
    assertEquals(1, m.hfieldData(0, 0, 2));
  }

  @Test
  void withoutAFileNrowAndNcolGiveAFlatField() throws IOException {
    Model m =
        ModelLoader.load(
            write(
                "m.xml",
                model(
                    "<hfield name=\"flat\" nrow=\"3\" ncol=\"4\" size=\"1 1 1 1\"/>",
                    "<geom type=\"hfield\" hfield=\"flat\"/>")));
    assertEquals(3, m.hfieldNrow(0));
    assertEquals(0, m.hfieldData(0, 2, 3));
  }

  @Test
  void badHeightFieldsAreRefusedWithTheirLine() throws IOException {
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write("a.xml", model("<hfield file=\"none.bin\"" + " size=\"1 1 1 1\"/>", ""))),
        "a.xml",
        2,
        "hfield",
        "none.bin: no such file");
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write(
                    "b.xml",
                    model("<hfield name=\"h\" nrow=\"3\"" + " ncol=\"3\" size=\"1 1 1\"/>", ""))),
        "b.xml",
        2,
        "hfield",
        "size");
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write(
                    "c.xml",
                    model("<hfield name=\"h\" nrow=\"3\"" + " ncol=\"3\" size=\"1 1 0 1\"/>", ""))),
        "c.xml",
        2,
        "hfield",
        "4 positive values");
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write("d.xml", model("<hfield name=\"h\"" + " size=\"1 1 1 1\"/>", ""))),
        "d.xml",
        2,
        "hfield",
        "needs nrow and ncol");
    binary("short.bin", 2, 2, 1, 2, 3);
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write("e.xml", model("<hfield file=\"short.bin\"" + " size=\"1 1 1 1\"/>", ""))),
        "e.xml",
        2,
        "hfield",
        "24 bytes are expected, the file has 20");
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write(
                    "f.xml",
                    model(
                        "<hfield name=\"h\" nrow=\"3\"" + " ncol=\"3\" size=\"1 1 1 1\"/>",
                        "<geom type=\"hfield\" hfield=\"k\"/>"))),
        "f.xml",
        3,
        "geom",
        "unknown height field 'k'");
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write(
                    "g.xml",
                    model(
                        "<hfield name=\"h\" nrow=\"3\"" + " ncol=\"3\" size=\"1 1 1 1\"/>",
                        "<body><freejoint/><geom type=\"hfield\" hfield=\"h\"/></body>"))),
        "g.xml",
        3,
        "geom",
        "only allowed in static bodies");
    TestModels.assertFormatError(
        () ->
            ModelLoader.load(
                write(
                    "h.xml",
                    model(
                        "<hfield name=\"h\" nrow=\"3\"" + " ncol=\"3\" size=\"1 1 1 1\"/>",
                        "<geom size=\"1\" hfield=\"h\"/>"))),
        "h.xml",
        3,
        "geom",
        "only a geom of type hfield");
  }
}
