package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.Map;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * MJCF 3's {@code <frame>} against MuJoCo 3.14 (datasets/reference/elements314/frame.json, made by
 * probes/elements_314.py): every case MuJoCo compiles gives the same names and order, the same
 * compiled placements of bodies, inertials, joints, geoms and sites, and the same kinematics and
 * accelerations at three states (contacts off); every case it refuses, and the frame attributes it
 * ignores, are refused at the element's line.
 */
class MjcfFrameTest {

  /** Our refusal for each case MuJoCo refuses or ignores, and the line it names. */
  private static final Map<String, String> REFUSALS =
      Map.ofEntries(
          Map.entry("joint_in_world_frame", "f.xml:3: joint: the world body cannot have joints"),
          Map.entry(
              "inertial_in_world_frame",
              "f.xml:3: inertial: the world body cannot have an <inertial>"),
          Map.entry("repeated_frame_name", "f.xml:4: frame: repeated frame name 'f'"),
          Map.entry("unknown_childclass", "f.xml:3: frame: unknown default class 'nope'"),
          Map.entry("unknown_class", "f.xml:3: frame: unknown default class 'nope'"),
          Map.entry("two_orientations", "f.xml:3: frame: multiple orientation specifiers"),
          Map.entry(
              "free_joint_below_frame_in_body",
              "f.xml:4: freejoint: a free joint is only allowed in a body whose parent is the"
                  + " world"),
          Map.entry(
              "unknown_attribute", "f.xml:3: frame: unknown or unsupported attribute 'bogus'"),
          Map.entry(
              "fromto_on_frame", "f.xml:3: frame: unknown or unsupported attribute 'fromto'"));

  @Test
  void framesPlaceWhatTheyHoldAsMujoco314() {
    JsonObject cases = ReferenceFiles.json("elements314/frame").getAsJsonObject("cases");
    int compiled = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      if (c.has("error") || REFUSALS.containsKey(name)) {
        continue;
      }
      compiled++;
      Model m = MjcfLoader.loadString(c.get("xml").getAsString(), "f.xml");
      // MuJoCo keeps mesh vertices in single precision (mesh_no_frame shows the same difference)
      double tol = name.startsWith("mesh") ? 1e-6 : 1e-12;
      CompiledCase.assertSame(name, c, m, tol);
    }
    assertEquals(10, compiled);
  }

  @Test
  void refusesWhatMujoco314RefusesOrIgnoresAtTheLine() {
    JsonObject cases = ReferenceFiles.json("elements314/frame").getAsJsonObject("cases");
    for (Map.Entry<String, String> r : REFUSALS.entrySet()) {
      JsonObject c = cases.getAsJsonObject(r.getKey());
      // MuJoCo ignores the two unknown attributes; it refuses the rest
      assertEquals(
          !r.getKey().endsWith("attribute") && !r.getKey().startsWith("fromto"),
          c.has("error"),
          r.getKey());
      ModelFormatException ex =
          assertThrows(
              ModelFormatException.class,
              () -> MjcfLoader.loadString(c.get("xml").getAsString(), "f.xml"),
              r.getKey());
      assertTrue(ex.getMessage().startsWith(r.getValue()), r.getKey() + ": " + ex.getMessage());
    }
    for (String name : cases.keySet()) {
      assertTrue(
          !cases.getAsJsonObject(name).has("error") || REFUSALS.containsKey(name),
          name + " is refused by MuJoCo but not checked here");
    }
  }
}
