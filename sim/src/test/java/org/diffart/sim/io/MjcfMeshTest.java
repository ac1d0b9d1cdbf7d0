package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mesh assets as MuJoCo 2.2.2 reads and compiles them: OBJ, binary STL, MSH and inline vertices and
 * faces; the geom at the mesh's centre of mass and principal axes; its mass and inertia (MuJoCo's
 * inertia box by default, the mesh's own volume with {@code exactmeshinertia}). The numbers are
 * MuJoCo 2.2.2's, measured with a probe on the same files.
 */
class MjcfMeshTest {
  @TempDir Path dir;

  /** A 3 x 1 x 2 box spanning x 1..4, y 2..3, z 3..5, as six quads. */
  private static final String BOX_OBJ =
      """
      v 1 2 3
      v 4 2 3
      v 4 3 3
      v 1 3 3
      v 1 2 5
      v 4 2 5
      v 4 3 5
      v 1 3 5
      f 1 4 3 2
      f 5 6 7 8
      f 1 2 6 5
      f 2 3 7 6
      f 3 4 8 7
      f 4 1 5 8
      """;

  private Model load(String assets, String body) throws IOException {
    Path p = dir.resolve("m.xml");
    Files.writeString(
        p,
        "<mujoco>\n<asset>"
            + assets
            + "</asset>\n<worldbody><body><freejoint/>"
            + body
            + "</body></worldbody></mujoco>");
    return ModelLoader.load(p);
  }

  private static double[] inertia(Model m) {
    return new double[] {m.bodyInertia(1, 0), m.bodyInertia(1, 1), m.bodyInertia(1, 2)};
  }

  @Test
  void anObjBoxSitsAtItsCentreOfMassAlongItsPrincipalAxes() throws IOException {
    Files.writeString(dir.resolve("box.obj"), BOX_OBJ);
    Model m = load("<mesh file=\"box.obj\"/>", "<geom type=\"mesh\" mesh=\"box\"/>");
    assertEquals(GeomType.MESH, m.geomType(0));
    assertEquals(
        36,
        m.meshVertNum(0),
        "each triangle corner a vertex of its own, as tinyobjloader gives them");
    assertEquals(12, m.meshFaceNum(0));
    // single-precision vertices, as MuJoCo's: 6000 to 2e-8
    assertEquals(6000, m.bodyMass(1), 1e-3);
    assertArrayEquals(new double[] {6500, 5000, 2500}, inertia(m), 1e-3);
    // MuJoCo: geom_pos (2.5, 2.5, 4.00000006), geom_quat (.5, .5, .5, .5), size (0.5, 1, 1.5)
    assertArrayEquals(
        new double[] {2.5, 2.5, 4},
        new double[] {m.geomPos(0, 0), m.geomPos(0, 1), m.geomPos(0, 2)},
        1e-6);
    assertArrayEquals(
        new double[] {0.5, 0.5, 0.5, 0.5},
        new double[] {m.geomQuat(0, 0), m.geomQuat(0, 1), m.geomQuat(0, 2), m.geomQuat(0, 3)},
        1e-12);
    assertArrayEquals(
        new double[] {0.5, 1, 1.5},
        new double[] {m.geomSize(0, 0), m.geomSize(0, 1), m.geomSize(0, 2)},
        1e-6);
  }

  @Test
  void aTetrahedronHasMujocosInertiaBoxByDefaultAndItsOwnVolumeWhenExact() throws IOException {
    String tet =
        "<mesh name=\"t\" vertex=\"0 0 0 1 0 0 0 1 0 0 0 1\" face=\"0 2 1 0 1 3 0 3 2 1 2 3\"/>";
    Model m = load(tet, "<geom type=\"mesh\" mesh=\"t\"/>");
    // MuJoCo 2.2.2 (default exactmeshinertia="false"): mass 232.379001, inertia (23.2379, 14.5237,
    // 14.5237)
    assertEquals(232.379001, m.bodyMass(1), 1e-6);
    assertArrayEquals(new double[] {23.2379, 14.5237, 14.5237}, inertia(m), 1e-4);
    assertArrayEquals(
        new double[] {0.25, 0.25, 0.25},
        new double[] {m.geomPos(0, 0), m.geomPos(0, 1), m.geomPos(0, 2)},
        1e-7);
    Path p = dir.resolve("exact.xml");
    Files.writeString(
        p,
        "<mujoco><compiler exactmeshinertia=\"true\"/><asset>"
            + tet
            + "</asset><worldbody><body>"
            + "<freejoint/><geom type=\"mesh\" mesh=\"t\"/></body></worldbody></mujoco>");
    Model exact = ModelLoader.load(p);
    // MuJoCo: 166.666668 (1000/6 in its single-precision vertices)
    assertEquals(166.666668, exact.bodyMass(1), 1e-6);
    assertArrayEquals(new double[] {16.6667, 10.4167, 10.4167}, inertia(exact), 1e-4);
  }

  @Test
  void stlAndMshFilesGiveTheSameMesh() throws IOException {
    float[][] v = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    int[][] f = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
    ByteBuffer stl = ByteBuffer.allocate(84 + 50 * 4).order(ByteOrder.LITTLE_ENDIAN);
    stl.position(80);
    stl.putInt(4);
    for (int[] t : f) {
      stl.putFloat(0).putFloat(0).putFloat(0);
      for (int k : t) {
        stl.putFloat(v[k][0]).putFloat(v[k][1]).putFloat(v[k][2]);
      }
      stl.putShort((short) 0);
    }
    Files.write(dir.resolve("t.STL"), stl.array());
    ByteBuffer msh = ByteBuffer.allocate(16 + 12 * 4 + 12 * 4).order(ByteOrder.LITTLE_ENDIAN);
    msh.putInt(4).putInt(0).putInt(0).putInt(4);
    for (float[] p : v) {
      msh.putFloat(p[0]).putFloat(p[1]).putFloat(p[2]);
    }
    for (int[] t : f) {
      msh.putInt(t[0]).putInt(t[1]).putInt(t[2]);
    }
    Files.write(dir.resolve("t.msh"), msh.array());
    Model a = load("<mesh file=\"t.STL\"/>", "<geom type=\"mesh\" mesh=\"t\"/>");
    assertEquals(4, a.meshVertNum(0), "the STL's repeated corners merged");
    Model b = load("<mesh file=\"t.msh\"/>", "<geom type=\"mesh\" mesh=\"t\"/>");
    assertEquals(232.379001, a.bodyMass(1), 1e-6);
    assertEquals(a.bodyMass(1), b.bodyMass(1), 0);
    assertArrayEquals(inertia(a), inertia(b), 0);
  }

  @Test
  void scaleRefposAndRefquatTransformTheVerticesAsMujoco() throws IOException {
    Files.writeString(dir.resolve("box.obj"), BOX_OBJ);
    // MuJoCo (exact mode): refpos="1 2 3" gives geom_pos (1.5, .5, 1); scale="2 1 1" (5, 2.5, 4),
    // mass 12000
    Model moved =
        load("<mesh file=\"box.obj\" refpos=\"1 2 3\"/>", "<geom type=\"mesh\" mesh=\"box\"/>");
    assertArrayEquals(
        new double[] {1.5, 0.5, 1},
        new double[] {moved.geomPos(0, 0), moved.geomPos(0, 1), moved.geomPos(0, 2)},
        1e-6);
    Model scaled =
        load("<mesh file=\"box.obj\" scale=\"2 1 1\"/>", "<geom type=\"mesh\" mesh=\"box\"/>");
    assertArrayEquals(
        new double[] {5, 2.5, 4},
        new double[] {scaled.geomPos(0, 0), scaled.geomPos(0, 1), scaled.geomPos(0, 2)},
        1e-6);
    assertEquals(12000, scaled.bodyMass(1), 1e-3);
    Model turned =
        load(
            "<mesh file=\"box.obj\" refquat=\"0.7071067811865476 0 0 0.7071067811865476\"/>",
            "<geom type=\"mesh\" mesh=\"box\"/>");
    assertArrayEquals(
        new double[] {2.5, -2.5, 4},
        new double[] {turned.geomPos(0, 0), turned.geomPos(0, 1), turned.geomPos(0, 2)},
        1e-6);
  }

  @Test
  void aMeshBoxRestsOnTheFloorOnThreeVertices() throws IOException {
    Files.writeString(dir.resolve("box.obj"), BOX_OBJ);
    Path p = dir.resolve("rest.xml");
    Files.writeString(
        p,
        "<mujoco><asset><mesh file=\"box.obj\" refpos=\"2.5 2.5 4\"/></asset><worldbody>"
            + "<geom type=\"plane\" size=\"0 0 1\"/><body pos=\"0 0 0.999\"><freejoint/><geom type=\"mesh\""
            + " mesh=\"box\"/></body></worldbody></mujoco>");
    Model m = ModelLoader.load(p);
    Data d = new Data(m);
    org.diffart.sim.algo.Step.forward(m, d);
    assertEquals(3, d.ncon, "the deepest vertex and two more, as MuJoCo's plane-mesh");
    for (int c = 0; c < d.ncon; c++) {
      assertEquals(-0.001, d.conDist[c], 1e-6);
    }
    for (int s = 0; s < 1000; s++) {
      org.diffart.sim.algo.Step.step(m, d);
    }
    assertEquals(1, d.qpos[2], 3e-3, "it rests on the floor");
  }

  @Test
  void badMeshesAreRefusedWithTheirLine() throws IOException {
    TestModels.assertFormatError(
        () -> load("<mesh file=\"none.obj\"/>", ""), "m.xml", 2, "mesh", "none.obj: no such file");
    Files.writeString(dir.resolve("x.ply"), "ply");
    TestModels.assertFormatError(
        () -> load("<mesh file=\"x.ply\"/>", ""), "m.xml", 2, "mesh", "unknown mesh file type");
    TestModels.assertFormatError(
        () -> load("<mesh name=\"v\" vertex=\"0 0 0 1 0 0 0 1 0 1 1 0\"/>", ""),
        "m.xml",
        2,
        "mesh",
        "has no faces, and its convex hull has none: the vertices lie in a plane");
    TestModels.assertFormatError(
        () -> load("<mesh name=\"v\" vertex=\"0 0 0 1 0 0 0 1 0 0 0 1\" face=\"0 1 7\"/>", ""),
        "m.xml",
        2,
        "mesh",
        "out of range");
    TestModels.assertFormatError(
        () -> load("", "<geom type=\"mesh\" mesh=\"k\"/>"), "m.xml", 3, "geom", "unknown mesh 'k'");
  }
}
