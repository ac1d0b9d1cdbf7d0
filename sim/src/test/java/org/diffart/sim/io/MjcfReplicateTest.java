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
 * MJCF 3's {@code <replicate>} against MuJoCo 3.14 (datasets/reference/elements314/replicate.json,
 * made by probes/elements_314.py): every case MuJoCo compiles and diffart follows gives the same
 * names with their suffixes, order, placements, actuator and sensor targets, and kinematics,
 * accelerations and sensor values at three states; the cases MuJoCo refuses, and those where it
 * copies elements outside the replicate (or keyframes), are refused at the element's line.
 */
class MjcfReplicateTest {
  /** Our refusal for each case MuJoCo refuses or compiles in a way diffart does not follow. */
  private static final Map<String, String> REFUSALS =
      Map.ofEntries(
          Map.entry("no_count", "r.xml:3: replicate: required attribute 'count' is missing"),
          Map.entry("name_clash", "r.xml:4: geom: repeated geom name 'g1'"),
          Map.entry(
              "actuator_names_template",
              "r.xml:3: motor: attribute 'joint' names joint 'j' inside a <replicate> (its copies"
                  + " are 'j0', ...): MuJoCo 3.14 then copies this element once per copy"),
          Map.entry(
              "sensor_names_template",
              "r.xml:3: jointpos: attribute 'joint' names joint 'j' inside a <replicate>"),
          Map.entry(
              "tendon_names_template",
              "r.xml:3: joint: attribute 'joint' names joint 'j' inside a <replicate>"),
          Map.entry(
              "exclude_names_template",
              "r.xml:3: exclude: attribute 'body2' names body 'b' inside a <replicate> (its"
                  + " copies are 'b0', ...)"),
          Map.entry("keyframe", "r.xml:3: key: a keyframe in a file that replicates"),
          Map.entry("keyframe_full_qpos", "r.xml:3: key: a keyframe in a file that replicates"),
          Map.entry(
              "unknown_attribute", "r.xml:3: replicate: unknown or unsupported attribute 'bogus'"));

  private static JsonObject cases() {
    return ReferenceFiles.json("elements314/replicate").getAsJsonObject("cases");
  }

  @Test
  void copiesAreNamedAndPlacedAsMujoco314() {
    JsonObject cases = cases();
    int compared = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      if (c.has("error") || REFUSALS.containsKey(name)) {
        continue;
      }
      compared++;
      Model m = MjcfLoader.loadString(c.get("xml").getAsString(), "r.xml");
      CompiledCase.assertSame(name, c, m, 1e-12);
    }
    assertEquals(10, compared);
  }

  @Test
  void refusesWhatMujoco314RefusesOrCopiesOutsideTheReplicate() {
    JsonObject cases = cases();
    for (Map.Entry<String, String> r : REFUSALS.entrySet()) {
      JsonObject c = cases.getAsJsonObject(r.getKey());
      ModelFormatException ex =
          assertThrows(
              ModelFormatException.class,
              () -> MjcfLoader.loadString(c.get("xml").getAsString(), "r.xml"),
              r.getKey());
      assertTrue(ex.getMessage().startsWith(r.getValue()), r.getKey() + ": " + ex.getMessage());
    }
    // what MuJoCo made of the cases diffart refuses though MuJoCo compiles them: copies
    assertEquals(
        "[\"a0\",\"a1\"]",
        cases.getAsJsonObject("actuator_names_template").get("actuator_name").toString());
    assertEquals(
        "[\"k0\",\"k1\",\"k\"]", cases.getAsJsonObject("keyframe").get("key_name").toString());
    for (String name : cases.keySet()) {
      assertTrue(
          !cases.getAsJsonObject(name).has("error") || REFUSALS.containsKey(name),
          name + " is refused by MuJoCo but not checked here");
    }
  }
}
