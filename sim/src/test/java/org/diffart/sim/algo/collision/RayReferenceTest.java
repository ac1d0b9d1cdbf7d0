package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Ray} against MuJoCo 2.2.2's {@code mj_ray} on the same poses and rays ({@code
 * datasets/reference/rays}, made by {@code mjray.c}): every ray hits the same geom at the same
 * distance, or misses (-1) in both; and a few cases worked out by hand. {@code ray_zoo} has every
 * primitive; {@code ray_hfield} has height fields ({@code mj_rayHfield}, 2.2.2's x-wall row-stride
 * quirk included) with rays aimed at them from every side and from inside.
 */
class RayReferenceTest {
  /** Relative tolerance on a distance (absolute below 1). */
  static final double TOL = 1e-12;

  static Path dir() {
    return ReferenceFiles.repoRoot().resolve("datasets/reference/rays");
  }

  static List<String> references() {
    return ReferenceFiles.jsonStems(dir());
  }

  @ParameterizedTest
  @MethodSource("references")
  void raysEqualMujocos(String name) throws IOException {
    JsonObject ref =
        JsonParser.parseString(Files.readString(dir().resolve(name + ".json"))).getAsJsonObject();
    Model m = ModelLoader.load(dir().resolve(name + ".xml"));
    Data d = new Data(m);
    int cases = 0, rays = 0, hits = 0, hfieldHits = 0;
    for (JsonElement ce : ref.getAsJsonArray("cases")) {
      JsonObject k = ce.getAsJsonObject();
      String at = name + " case " + cases++;
      System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
      Kinematics.forward(m, d);
      Kinematics.geoms(m, d);
      int i = 0;
      for (JsonElement e : k.getAsJsonArray("rays")) {
        JsonObject r = e.getAsJsonObject();
        double[] p = ReferenceFiles.doubles(r.get("pnt")), v = ReferenceFiles.doubles(r.get("vec"));
        int exclude = r.get("bodyexclude").getAsInt(), geom = r.get("geomid").getAsInt();
        double dist = r.get("dist").getAsDouble();
        String what = at + " ray " + i++ + " (MuJoCo: geom " + geom + " at " + dist + ")";
        double x = Ray.ray(m, d, p[0], p[1], p[2], v[0], v[1], v[2], exclude);
        int g = Ray.hitGeom(m, d, p[0], p[1], p[2], v[0], v[1], v[2], exclude);
        assertEquals(geom, g, what + ": geom hit");
        if (geom < 0) {
          assertEquals(-1.0, dist, what + ": MuJoCo's miss");
          assertEquals(-1.0, x, what + ": miss");
        } else {
          assertEquals(dist, x, TOL * Math.max(1, Math.abs(dist)), what + ": distance");
          hits++;
          if (m.geomType(geom) == GeomType.HFIELD) {
            hfieldHits++;
          }
        }
        rays++;
      }
    }
    assertTrue(hits >= rays / 2, name + ": most rays hit, got " + hits + " of " + rays);
    boolean hasHfield = false;
    for (int g = 0; g < m.ngeom(); g++) {
      hasHfield |= m.geomType(g) == GeomType.HFIELD;
    }
    if (hasHfield) {
      assertTrue(
          hfieldHits >= rays / 4,
          name + ": many rays hit a height field, got " + hfieldHits + " of " + rays);
    }
  }

  // ---- by hand ----

  /** A world of fixed geoms, poses computed. */
  static Data world(Model m) {
    Data d = new Data(m);
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    return d;
  }

  static Model model(String geoms) {
    return ModelLoader.loadMjcfString(
        "<mujoco><worldbody>" + geoms + "</worldbody></mujoco>", "ray test");
  }

  @Test
  void sphereFromOutsideHitsTheNearSide() {
    Model m = model("<geom type='sphere' size='0.5' pos='0 0 1'/>");
    Data d = world(m);
    assertEquals(1.5, Ray.ray(m, d, 0, 0, 3, 0, 0, -1, -1), 1e-15);
    assertEquals(0, Ray.hitGeom(m, d, 0, 0, 3, 0, 0, -1, -1));
    // in units of |v|
    assertEquals(0.75, Ray.ray(m, d, 0, 0, 3, 0, 0, -2, -1), 1e-15);
    // pointing away, or passing beside it
    assertEquals(-1, Ray.ray(m, d, 0, 0, 3, 0, 0, 1, -1));
    assertEquals(-1, Ray.ray(m, d, 0.6, 0, 3, 0, 0, -1, -1));
    assertEquals(-1, Ray.hitGeom(m, d, 0.6, 0, 3, 0, 0, -1, -1));
    // the world body excluded
    assertEquals(-1, Ray.ray(m, d, 0, 0, 3, 0, 0, -1, 0));
  }

  @Test
  void sphereFromInsideHitsTheExit() {
    Model m = model("<geom type='sphere' size='0.5' pos='0 0 1'/>");
    Data d = world(m);
    assertEquals(0.3, Ray.ray(m, d, 0, 0, 1.2, 0, 0, 1, -1), 1e-15);
    assertEquals(0.7, Ray.ray(m, d, 0, 0, 1.2, 0, 0, -1, -1), 1e-15);
    assertEquals(0.5, Ray.ray(m, d, 0, 0, 1, 1, 0, 0, -1), 1e-15);
  }

  @Test
  void planeHitsOnlyFromTheFront() {
    Model m = model("<geom type='plane' size='0 0 1'/>");
    Data d = world(m);
    assertEquals(2, Ray.ray(m, d, 0.3, -7, 2, 0, 0, -1, -1), 1e-15);
    assertEquals(4, Ray.ray(m, d, 0, 0, 2, 0.6, 0, -0.5, -1), 1e-15);
    // from behind, going up through it; parallel; going away
    assertEquals(-1, Ray.ray(m, d, 0, 0, -1, 0, 0, 1, -1));
    assertEquals(-1, Ray.ray(m, d, 0, 0, 1, 1, 0, 0, -1));
    assertEquals(-1, Ray.ray(m, d, 0, 0, 1, 0, 0, 1, -1));
  }

  @Test
  void finitePlaneIsMissedBeyondItsSize() {
    Model m =
        model(
            "<geom type='plane' size='0.5 0.2 0.1'/><geom type='plane' size='0.5 0 0.1' pos='5 0 0'/>");
    Data d = world(m);
    assertEquals(1, Ray.ray(m, d, 0.4, 0.1, 1, 0, 0, -1, -1), 1e-15);
    assertEquals(-1, Ray.ray(m, d, 0.6, 0, 1, 0, 0, -1, -1));
    assertEquals(-1, Ray.ray(m, d, 0, 0.3, 1, 0, 0, -1, -1));
    // the second plane is finite in x only
    assertEquals(1, Ray.ray(m, d, 5, 100, 1, 0, 0, -1, -1), 1e-15);
    assertEquals(1, Ray.hitGeom(m, d, 5, 100, 1, 0, 0, -1, -1));
    assertEquals(-1, Ray.ray(m, d, 5.6, 0, 1, 0, 0, -1, -1));
  }

  @Test
  void nearestGeomWinsAndTiesGoToTheLowerId() {
    Model m =
        model(
            "<geom type='box' size='0.5 0.5 0.5' pos='0 0 3'/><geom type='sphere' size='0.5' pos='0 0 1'/>"
                + "<geom type='sphere' size='0.5' pos='0 0 1'/>");
    Data d = world(m);
    assertEquals(0.5, Ray.ray(m, d, 0, 0, 0, 0, 0, 1, -1), 1e-15);
    assertEquals(1, Ray.hitGeom(m, d, 0, 0, 0, 0, 0, 1, -1));
    assertEquals(1.5, Ray.ray(m, d, 0, 0, 5, 0, 0, -1, -1), 1e-15);
    assertEquals(0, Ray.hitGeom(m, d, 0, 0, 5, 0, 0, -1, -1));
  }

  /**
   * A flat height field (no file: all elevations 0) of half-extents 1 × 0.5, elevation 0.2 and base
   * 0.1, at (0.3, −0.2, 0.5) turned 30° about z: its surface is the plane z = 0.5, its base the
   * plane z = 0.4.
   */
  static Model flatHfield() {
    return ModelLoader.loadMjcfString(
        "<mujoco><asset><hfield name='flat' nrow='5' ncol='7' size='1 0.5 0.2 0.1'/>"
            + "</asset><worldbody><geom type='hfield' hfield='flat' pos='0.3 -0.2 0.5' euler='0 0 30'/></worldbody>"
            + "</mujoco>",
        "ray test");
  }

  @Test
  void verticalRayHitsAFlatHeightFieldAtItsSurface() {
    Model m = flatHfield();
    Data d = world(m);
    assertEquals(1.5, Ray.ray(m, d, 0.4, -0.1, 2, 0, 0, -1, -1), 1e-12);
    assertEquals(0, Ray.hitGeom(m, d, 0.4, -0.1, 2, 0, 0, -1, -1));
    assertEquals(0.75, Ray.ray(m, d, 0.4, -0.1, 2, 0, 0, -2, -1), 1e-12);
    // from inside the top box (above the surface), down
    assertEquals(0.1, Ray.ray(m, d, 0.4, -0.1, 0.6, 0, 0, -1, -1), 1e-12);
    // beside the field, or going up from above it
    assertEquals(-1, Ray.ray(m, d, 0.3 + 1.2, -0.2, 2, 0, 0, -1, -1));
    assertEquals(-1, Ray.ray(m, d, 0.4, -0.1, 2, 0, 0, 1, -1));
    // the world body excluded
    assertEquals(-1, Ray.ray(m, d, 0.4, -0.1, 2, 0, 0, -1, 0));
  }

  @Test
  void rayFromBelowHitsTheHeightFieldsBase() {
    Model m = flatHfield();
    Data d = world(m);
    assertEquals(1.4, Ray.ray(m, d, 0.4, -0.1, -1, 0, 0, 1, -1), 1e-12);
    assertEquals(0, Ray.hitGeom(m, d, 0.4, -0.1, -1, 0, 0, 1, -1));
    assertEquals(-1, Ray.ray(m, d, 0.4, -0.1, -1, 0, 0, -1, -1));
    // from inside the base box, up: it leaves the base where the surface is
    assertEquals(0.05, Ray.ray(m, d, 0.4, -0.1, 0.45, 0, 0, 1, -1), 1e-12);
  }

  @Test
  void horizontalRaysMissAFlatHeightFieldAboveItAndHitTheBaseSide() {
    Model m = flatHfield();
    Data d = world(m);
    // through the centre along world x: in the field's frame the direction is (cos 30°, −sin 30°),
    // which meets the
    // y sides (|y| = 0.5) 1.0 from the centre, before the x sides (1/cos 30° ≈ 1.155)
    assertEquals(-1, Ray.ray(m, d, -3, -0.2, 0.6, 1, 0, 0, -1));
    assertEquals(3.3 - 1.0, Ray.ray(m, d, -3, -0.2, 0.45, 1, 0, 0, -1), 1e-12);
  }
}
