package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code <compiler>} against MuJoCo 3.14 (datasets/reference/mjcf3_314/compiler.json, made by
 * probes/mjcf3_314.py): asset files resolve against assetdir, meshdir and strippath as MuJoCo
 * resolves them, and every attribute MuJoCo knows is honoured or refused by name, none accepted and
 * ignored.
 */
class MjcfCompilerTest {
  @TempDir Path dir;

  private static JsonObject reference() {
    return ReferenceFiles.json("mjcf3_314/compiler");
  }

  /** The probe's asset directories: a tetrahedron of edge `scale` and an hfield of scale+1 rows. */
  private static final Map<String, Integer> SCALES =
      Map.of("", 1, "a", 2, "m", 3, "t", 4, "sub/a", 5);

  private void writeAssets() throws IOException {
    for (Map.Entry<String, Integer> e : SCALES.entrySet()) {
      Path d = dir.resolve(e.getKey());
      Files.createDirectories(d);
      int s = e.getValue();
      Files.writeString(
          d.resolve("t.obj"),
          "v 0 0 0\nv "
              + s
              + " 0 0\nv 0 "
              + s
              + " 0\nv 0 0 "
              + s
              + "\n"
              + "f 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
      int n = s + 1;
      ByteBuffer b = ByteBuffer.allocate(8 + 8 * n).order(ByteOrder.LITTLE_ENDIAN);
      b.putInt(n).putInt(2);
      for (int i = 0; i < 2 * n; i++) {
        b.putFloat(0.5f);
      }
      Files.write(d.resolve("h.bin"), b.array());
    }
  }

  private static String dirOf(int scale) {
    return SCALES.entrySet().stream()
        .filter(e -> e.getValue() == scale)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse("?");
  }

  @Test
  void assetFilesResolveAsMujoco314ResolvesThem() throws IOException {
    writeAssets();
    JsonObject cases = reference().getAsJsonObject("resolution");
    assertTrue(cases.size() >= 12, "the probe's cases");
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      StringBuilder comps = new StringBuilder();
      for (JsonElement x : c.getAsJsonArray("compiler")) {
        comps.append(x.getAsString().replace("<tmp>", dir.toString()));
      }
      boolean withDir = name.equals("strippath_file_with_dir") || name.equals("file_with_dir");
      String xml =
          "<mujoco>"
              + comps
              + "<asset><mesh name=\"t\" file=\""
              + (withDir ? "nowhere/" : "")
              + "t.obj\"/><hfield name=\"h\" file=\""
              + (withDir ? "nowhere/" : "")
              + "h.bin\" size=\"1 1 1 0.1\"/></asset><worldbody><geom type=\"mesh\" mesh=\"t\"/>"
              + "<geom type=\"hfield\" hfield=\"h\"/></worldbody></mujoco>";
      Path file = Files.writeString(dir.resolve("model_" + name + ".xml"), xml);
      if (c.has("error")) {
        ModelFormatException ex =
            assertThrows(ModelFormatException.class, () -> ModelLoader.load(file), name);
        assertTrue(ex.getMessage().contains("nowhere/t.obj"), name + ": " + ex.getMessage());
        continue;
      }
      Model m = ModelLoader.load(file);
      double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY, ext = 0;
      for (int k = 0; k < 3; k++) {
        lo = Double.POSITIVE_INFINITY;
        hi = Double.NEGATIVE_INFINITY;
        for (int v = 0; v < m.meshVertNum(0); v++) {
          lo = Math.min(lo, m.meshVert(0, v, k));
          hi = Math.max(hi, m.meshVert(0, v, k));
        }
        ext = Math.max(ext, hi - lo);
      }
      assertEquals(
          c.get("mesh_dir").getAsString(),
          dirOf((int) Math.round(ext / Math.sqrt(2))),
          name + ": mesh directory");
      assertEquals(
          c.get("hfield_dir").getAsString(), dirOf(m.hfieldNrow(0) - 1), name + ": hfield dir");
    }
  }

  /** The attributes whose values change the compiled model, each with a model that shows it. */
  private static final Map<String, String[]> CHANGES_MODEL =
      Map.of(
          "angle",
          new String[] {"angle=\"radian\"", "<body euler=\"0 0 1\"><geom size=\"1\"/>"},
          "eulerseq",
          new String[] {"eulerseq=\"zyx\"", "<body euler=\"30 20 10\"><geom size=\"1\"/>"},
          "autolimits",
          new String[] {"autolimits=\"false\"", "<body><joint range=\"-1 1\"/><geom size=\"1\"/>"},
          "inertiafromgeom",
          new String[] {
            "inertiafromgeom=\"true\"",
            "<body><inertial pos=\"0 0 0\" mass=\"3\" diaginertia=\"1 1 1\"/><geom size=\"1\"/>"
          },
          "settotalmass",
          new String[] {"settotalmass=\"7\"", "<body><geom size=\"1\"/>"},
          "exactmeshinertia",
          new String[] {"exactmeshinertia=\"true\"", "<body><geom type=\"mesh\" mesh=\"t\"/>"});

  /** What a model looks like to these tests: the first body's mass, inertia and orientation. */
  private static final ToDoubleFunction<Model> SIGNATURE =
      m ->
          m.bodyMass(1)
              + 3 * m.bodyInertia(1, 0)
              + 5 * m.bodyInertia(1, 2)
              + 7 * m.bodyQuat(1, 0)
              + 11 * m.bodyQuat(1, 1)
              + 13 * m.bodyQuat(1, 3)
              + (m.njnt() > 0 && m.jntLimited(0) ? 17 : 0);

  /** The attributes that cannot change diffart's compiled model, with the reason documented. */
  private static final Set<String> NO_EFFECT =
      Set.of("texturedir", "usethread", "saveinertial", "conflict", "convexhull");

  /** Read into the asset paths; {@link #assetFilesResolveAsMujoco314ResolvesThem} shows each. */
  private static final Set<String> PATHS = Set.of("meshdir", "assetdir", "strippath", "coordinate");

  @Test
  void everyAttributeMujoco314KnowsIsHonouredOrRefused() throws IOException {
    Set<String> known = new TreeSet<>();
    reference()
        .getAsJsonObject("attributes")
        .entrySet()
        .forEach(
            e -> {
              if (e.getValue().getAsString().equals("accepted")) {
                known.add(e.getKey());
              }
            });
    assertEquals(21, known.size(), "MuJoCo 3.14's compiler attributes: " + known);
    Set<String> ours = new HashSet<>(MjcfCompiler.ATTRIBUTES);
    assertTrue(ours.containsAll(known), "unknown to the loader: " + known);
    ours.removeAll(known);
    assertEquals(Set.of("convexhull", "exactmeshinertia"), ours, "MuJoCo 2.2.2's alone");
    // a partition: each attribute has exactly one decision
    for (String a : MjcfCompiler.ATTRIBUTES) {
      int decisions =
          (CHANGES_MODEL.containsKey(a) ? 1 : 0)
              + (NO_EFFECT.contains(a) ? 1 : 0)
              + (PATHS.contains(a) ? 1 : 0)
              + (MjcfCompiler.DEFAULT_ONLY.containsKey(a) ? 1 : 0);
      assertEquals(1, decisions, a);
    }
  }

  @Test
  void honouredAttributesChangeTheModel() throws IOException {
    writeAssets();
    for (Map.Entry<String, String[]> e : CHANGES_MODEL.entrySet()) {
      String body = e.getValue()[1] + "</body>";
      String asset = "<asset><mesh name=\"t\" file=\"t.obj\"/></asset>";
      String with = "<mujoco><compiler " + e.getValue()[0] + "/>" + asset;
      String without = "<mujoco>" + asset;
      String world = "<worldbody>" + body + "</worldbody></mujoco>";
      Path a = Files.writeString(dir.resolve("with.xml"), with + world);
      Path b = Files.writeString(dir.resolve("without.xml"), without + world);
      if (e.getKey().equals("autolimits")) {
        // MuJoCo 3's default (autolimits on) limits a joint with a range alone; autolimits="false"
        // refuses it, as 2.2.2's default does
        assertThrows(ModelFormatException.class, () -> ModelLoader.load(a));
        assertTrue(ModelLoader.load(b).jntLimited(0));
        continue;
      }
      assertNotEquals(
          SIGNATURE.applyAsDouble(ModelLoader.load(b)),
          SIGNATURE.applyAsDouble(ModelLoader.load(a)),
          e.getKey());
    }
  }

  @Test
  void defaultOnlyAttributesAreRefusedByNameAwayFromTheirDefault() {
    for (Map.Entry<String, String[]> e : MjcfCompiler.DEFAULT_ONLY.entrySet()) {
      String a = e.getKey(), dflt = e.getValue()[0];
      String other = dflt.equals("false") ? "true" : dflt.equals("0") ? "0.01" : "0 2";
      MjcfLoader.loadString(
          "<mujoco><compiler " + a + "=\"" + dflt + "\"/><worldbody/></mujoco>", "ok.xml");
      ModelFormatException ex =
          assertThrows(
              ModelFormatException.class,
              () ->
                  MjcfLoader.loadString(
                      "<mujoco>\n<compiler " + a + "=\"" + other + "\"/><worldbody/></mujoco>",
                      "bad.xml"),
              a);
      assertTrue(
          ex.getMessage().startsWith("bad.xml:2: compiler: compiler attribute '" + a + "'"),
          ex.getMessage());
      assertTrue(ex.getMessage().contains(e.getValue()[1]), ex.getMessage());
    }
  }

  @Test
  void noEffectAttributesStillRefuseInvalidValues() {
    for (String bad :
        new String[] {
          "usethread=\"yes\"",
          "saveinertial=\"1\"",
          "conflict=\"bogus\"",
          "convexhull=\"maybe\"",
          "strippath=\"no\"",
          "coordinate=\"global\""
        }) {
      assertThrows(
          ModelFormatException.class,
          () -> MjcfLoader.loadString("<mujoco><compiler " + bad + "/><worldbody/></mujoco>", "x"),
          bad);
    }
    // MuJoCo 3.14 gives the same three conflict keywords
    MjcfLoader.loadString("<mujoco><compiler conflict=\"merge\"/><worldbody/></mujoco>", "x");
  }
}
