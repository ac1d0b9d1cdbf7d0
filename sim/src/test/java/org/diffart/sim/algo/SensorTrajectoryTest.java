package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sensors our steps record against MuJoCo 2.2.2's {@code mj_step} trajectories ({@code
 * datasets/reference/trajectories}, from {@code mjtraj}): after a step {@code sensordata} holds the
 * sensors of the state it started from as {@code mj_forward} gives them. These models are damped,
 * so the Euler step integrates with {@code M + dt B} while the accelerometers, force and torque
 * sensors and frame accelerations read plain M's accelerations ({@link Step#separateOutputs}). The
 * Control Suite's files run with every constraint off (MuJoCo's soft limits and equalities are not
 * our hard ones).
 */
class SensorTrajectoryTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "damped_sensors, datasets/reference/models/damped_sensors.xml",
    "humanoid, datasets/models/dm_control/humanoid.xml",
    "humanoid_CMU, datasets/models/dm_control/humanoid_CMU.xml",
    "quadruped, datasets/models/dm_control/quadruped.xml"
  })
  void stepRecordedSensorsEqualMujocos(String name, String file) throws IOException {
    JsonObject ref =
        JsonParser.parseString(
                Files.readString(
                    ReferenceFiles.repoRoot()
                        .resolve("datasets/reference/trajectories/" + name + ".json")))
            .getAsJsonObject();
    Model loaded = ModelLoader.load(ReferenceFiles.repoRoot().resolve(file));
    boolean constraint = !ref.get("generator").getAsString().contains("--no-constraint");
    Model m =
        constraint
            ? loaded
            : loaded.withOptions(
                loaded.opt().toBuilder()
                    .contact(false)
                    .limit(false)
                    .frictionLoss(false)
                    .equality(false)
                    .build());
    assertTrue(Step.separateOutputs(m, new Data(m)), name + ": damped, with acceleration sensors");
    Data d = new Data(m);
    String key = ref.get("key").getAsString();
    if (!key.isEmpty()) {
      d.resetToKey(m.keyLookup(key));
    }
    int step = 0, accelerationRows = 0;
    for (JsonElement e : ref.getAsJsonArray("frames")) {
      JsonObject f = e.getAsJsonObject();
      for (int target = f.get("step").getAsInt(); step < target; step++) {
        Step.step(m, d);
      }
      double[] qvel = ReferenceFiles.doubles(f.get("qvel")),
          sensors = ReferenceFiles.doubles(f.get("sensordata"));
      for (int k = 0; k < m.nv(); k++) {
        assertEquals(
            qvel[k],
            d.qvel[k],
            1e-9 * (1 + Math.abs(qvel[k])),
            name + " step " + step + " qvel[" + k + "]");
      }
      for (int s = 0; s < m.nsensor(); s++) {
        // every value within 1e-9 of the sensor's own scale
        int a = m.sensorAdr(s), n = m.sensorDim(s);
        double scale = 0;
        for (int r = 0; r < n; r++) {
          scale = Math.max(scale, Math.abs(sensors[a + r]));
        }
        for (int r = 0; r < n; r++) {
          assertEquals(
              sensors[a + r],
              d.sensordata[a + r],
              1e-9 * (1 + scale),
              name
                  + " step "
                  + step
                  + " sensor "
                  + s
                  + " ("
                  + m.sensorType(s).mjcfName()
                  + ")["
                  + r
                  + "]");
        }
        accelerationRows += m.sensorType(s).stage == SensorType.Stage.ACC ? n : 0;
      }
    }
    assertTrue(accelerationRows > 0, name + ": acceleration sensors compared");
  }
}
