package org.diffart.sim.algo.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Delayed actuators and delayed, sampled, interpolated sensors against MuJoCo 3.14: 1000 steps of
 * seeded random controls of a three-link arm (datasets/reference/history314, made by
 * probes/history_trajectories_314.py), every 10th state and sensor reading and the final buffers.
 */
class HistoryReferenceTest {
  private static final Path DIR =
      ReferenceFiles.repoRoot().resolve("datasets/reference/history314");

  @ParameterizedTest
  @ValueSource(strings = {"delayed_arm", "delayed_arm_rk4"})
  void trajectoriesSensorsAndBuffersEqualMujoco314(String name) throws IOException {
    JsonObject ref =
        JsonParser.parseString(Files.readString(DIR.resolve(name + ".json"))).getAsJsonObject();
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    assertEquals(ref.get("nhistory").getAsInt(), m.nhistory());
    Data d = new Data(m);
    JsonArray ctrl = ref.getAsJsonArray("ctrl"), states = ref.getAsJsonArray("states");
    int row = 0;
    double worst = 0;
    for (int t = 0; t < ref.get("steps").getAsInt(); t++) {
      double[] u = ReferenceFiles.doubles(ctrl.get(t));
      System.arraycopy(u, 0, d.ctrl, 0, m.nu());
      Step.step(m, d);
      JsonObject s = states.get(row).getAsJsonObject();
      if (s.get("step").getAsInt() == t + 1) {
        worst = Math.max(worst, compare(name + " step " + (t + 1), s, d));
        row++;
      }
    }
    double[] buffers = ReferenceFiles.doubles(ref.get("history_end"));
    for (int i = 0; i < buffers.length; i++) {
      assertEquals(
          buffers[i],
          d.history[i],
          1e-12 * (1 + Math.abs(buffers[i])),
          name + " history[" + i + "]");
    }
    assertTrue(worst < 1e-12, name + ": worst relative difference " + worst);
  }

  private static double compare(String where, JsonObject s, Data d) {
    double worst = 0;
    for (String f : new String[] {"qpos", "qvel", "act", "sensordata"}) {
      double[] want = ReferenceFiles.doubles(s.get(f));
      double[] got =
          f.equals("qpos")
              ? d.qpos
              : f.equals("qvel") ? d.qvel : f.equals("act") ? d.act : d.sensordata;
      for (int i = 0; i < want.length; i++) {
        double rel = Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i]));
        assertTrue(
            rel < 1e-12,
            where + ": " + f + "[" + i + "] " + got[i] + " against MuJoCo's " + want[i]);
        worst = Math.max(worst, rel);
      }
    }
    return worst;
  }
}
