package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * {@code user} attributes and {@code <size nuser_*>} against MuJoCo 3.14
 * (datasets/reference/mjcf3_314/user.json, made by probes/mjcf3_314.py): on bodies, joints, geoms,
 * sites, tendons, actuators and sensors, default classes included, the same padded arrays; every
 * case MuJoCo refuses refused with the file, line and attribute.
 */
class MjcfUserTest {
  /** Per kind: the model's nuser and one element's row. */
  private record Kind(
      Function<Model, Integer> nuser,
      BiFunction<Model, Integer, double[]> row,
      Function<Model, Integer> count) {}

  private static final Map<String, Kind> KINDS =
      Map.of(
          "body", new Kind(Model::nuserBody, Model::bodyUser, Model::nbody),
          "jnt", new Kind(Model::nuserJnt, Model::jntUser, Model::njnt),
          "geom", new Kind(Model::nuserGeom, Model::geomUser, Model::ngeom),
          "site", new Kind(Model::nuserSite, Model::siteUser, Model::nsite),
          "tendon", new Kind(Model::nuserTendon, Model::tendonUser, Model::ntendon),
          "actuator", new Kind(Model::nuserActuator, Model::actUser, Model::nu),
          "sensor", new Kind(Model::nuserSensor, Model::sensorUser, Model::nsensor));

  /** What our refusal says for each case MuJoCo refuses. */
  private static final Map<String, String> REFUSALS =
      Map.of(
          "body_too_many", "body: attribute 'user' has 2 values, more than <size nuser_body=\"1\">",
          "joint_too_many",
              "joint: attribute 'user' has 1 values, more than <size nuser_jnt=\"0\">",
          "sensor_too_many",
              "jointpos: attribute 'user' has 3 values, more than <size nuser_sensor=\"2\">",
          "actuator_too_many",
              "motor: attribute 'user' has 2 values, more than <size nuser_actuator=\"1\">",
          "nuser_below_minus_one", "size: attribute 'nuser_geom' must be >= -1, got -2",
          "default_too_many",
              "geom: attribute 'user' has 2 values (from a default class), more than <size"
                  + " nuser_geom=\"1\">",
          "bad_number", "geom: attribute 'user': 'x' is not a number");

  @Test
  void userValuesAreWhatMujoco314Makes() {
    JsonObject ref = ReferenceFiles.json("mjcf3_314/user");
    String world = ref.get("world").getAsString();
    JsonObject cases = ref.getAsJsonObject("cases");
    int refused = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      String w = world;
      for (String k : new String[] {"b", "j", "g", "s", "t", "a", "n"}) {
        JsonObject attrs = c.getAsJsonObject("attrs");
        w = w.replace("{" + k + "}", attrs.has(k) ? attrs.get(k).getAsString() : "");
      }
      String xml = "<mujoco>\n" + c.get("head").getAsString() + "\n" + w + "</mujoco>";
      if (c.has("error")) {
        refused++;
        ModelFormatException ex =
            assertThrows(
                ModelFormatException.class, () -> MjcfLoader.loadString(xml, "u.xml"), name);
        assertTrue(ex.getMessage().startsWith("u.xml:"), ex.getMessage());
        assertTrue(ex.getMessage().contains(REFUSALS.get(name)), name + ": " + ex.getMessage());
        continue;
      }
      Model m = MjcfLoader.loadString(xml, "u.xml");
      for (Map.Entry<String, Kind> e : KINDS.entrySet()) {
        String k = e.getKey();
        int n = c.get("nuser_" + k).getAsInt();
        assertEquals(n, e.getValue().nuser().apply(m), name + ": nuser_" + k);
        double[] want = ReferenceFiles.doubles(c.get(k + "_user"));
        int count = e.getValue().count().apply(m);
        double[] got = new double[count * n];
        for (int i = 0; i < count; i++) {
          System.arraycopy(e.getValue().row().apply(m, i), 0, got, i * n, n);
        }
        assertArrayEquals(want, got, name + ": " + k + "_user");
      }
    }
    assertEquals(REFUSALS.size(), refused, "every refusal checked");
  }
}
