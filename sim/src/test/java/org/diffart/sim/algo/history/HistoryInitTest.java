package org.diffart.sim.algo.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The two initialisations of the history buffers against MuJoCo 3.14 (history314/init.json, made by
 * probes/history_init_314.py): the delayed arm from a non-zero start, its buffers zeroed
 * (mj_resetData) or filled with the start's values (mj_initCtrlHistory, mj_initSensorHistory).
 */
class HistoryInitTest {
  private static final Path DIR =
      ReferenceFiles.repoRoot().resolve("datasets/reference/history314");

  private static JsonObject reference() throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve("init.json"))).getAsJsonObject();
  }

  private static Model arm() {
    return ModelLoader.load(DIR.resolve("delayed_arm.xml").toString());
  }

  /** The start of the reference: its qpos and first control, buffers as {@code init} makes them. */
  private static Data start(Model m, JsonObject ref, HistoryInit init) {
    Data d = new Data(m);
    System.arraycopy(ReferenceFiles.doubles(ref.get("qpos0")), 0, d.qpos, 0, m.nq());
    System.arraycopy(
        ReferenceFiles.doubles(ref.getAsJsonArray("ctrl").get(0)), 0, d.ctrl, 0, m.nu());
    Step.initHistory(m, d, init);
    return d;
  }

  @ParameterizedTest
  @EnumSource(HistoryInit.class)
  void buffersAndTrajectoryEqualMujoco314(HistoryInit init) throws IOException {
    JsonObject ref = reference(), run = ref.getAsJsonObject(init.label());
    Model m = arm();
    Data d = start(m, ref, init);
    assertArrayEquals(ReferenceFiles.doubles(run.get("history0")), d.history, 1e-15, "buffers");
    JsonArray ctrl = ref.getAsJsonArray("ctrl"), states = run.getAsJsonArray("states");
    for (int t = 0; t < states.size(); t++) {
      System.arraycopy(ReferenceFiles.doubles(ctrl.get(t)), 0, d.ctrl, 0, m.nu());
      Step.step(m, d);
      JsonObject s = states.get(t).getAsJsonObject();
      close(init + " step " + t + " qpos", s.get("qpos"), d.qpos);
      close(init + " step " + t + " qvel", s.get("qvel"), d.qvel);
      close(init + " step " + t + " sensordata", s.get("sensordata"), d.sensordata);
      close(init + " step " + t + " actuator force", s.get("actuator_force"), d.actuatorForce);
    }
  }

  private static void close(String what, com.google.gson.JsonElement want, double[] got) {
    double[] w = ReferenceFiles.doubles(want);
    for (int i = 0; i < w.length; i++) {
      assertTrue(
          Math.abs(got[i] - w[i]) <= 1e-12 * (1 + Math.abs(w[i])),
          what + "[" + i + "]: " + got[i] + " against MuJoCo's " + w[i]);
    }
  }

  /**
   * The two part at step 0, and each delayed actuator's force is the same in both from the first
   * step whose read touches only samples taken after the start: a zoh delay of 2 steps from step 2;
   * a linear read 1.5 steps back from step 2 (at step 1 it interpolates the sample before the
   * start); a cubic read 3.5 steps back from step 5 (its slopes reach one sample further on each
   * side). Before that step the two differ at every step.
   */
  @Test
  void theInitialisationsPartAtTheStartAndAgreeOnceTheDelayHasPassed() throws IOException {
    JsonObject ref = reference();
    Model m = arm();
    Data zero = start(m, ref, HistoryInit.ZERO), filled = start(m, ref, HistoryInit.FILLED);
    JsonArray ctrl = ref.getAsJsonArray("ctrl");
    int[] firstEqual = {-1, -1, -1};
    for (int t = 0; t < 20; t++) {
      for (Data d : new Data[] {zero, filled}) {
        System.arraycopy(ReferenceFiles.doubles(ctrl.get(t)), 0, d.ctrl, 0, m.nu());
        Step.step(m, d);
      }
      if (t == 0) {
        assertNotEquals(zero.qacc[0], filled.qacc[0], "the first step's accelerations");
      }
      for (int a = 0; a < m.nu(); a++) {
        boolean same = zero.actuatorForce[a] == filled.actuatorForce[a];
        if (firstEqual[a] < 0 && same) {
          firstEqual[a] = t;
        }
        assertEquals(
            firstEqual[a] >= 0, same, "actuator " + a + " at step " + t + " after agreeing");
      }
    }
    assertArrayEquals(
        new int[] {2, 2, 5}, firstEqual, "the first step each actuator's force agrees");
    // MuJoCo's own forces part and agree at the same steps
    JsonArray z = ref.getAsJsonObject("zero").getAsJsonArray("states");
    JsonArray f = ref.getAsJsonObject("filled").getAsJsonArray("states");
    for (int a = 0; a < m.nu(); a++) {
      for (int t = 0; t < 20; t++) {
        double fz = ReferenceFiles.doubles(z.get(t).getAsJsonObject().get("actuator_force"))[a];
        double ff = ReferenceFiles.doubles(f.get(t).getAsJsonObject().get("actuator_force"))[a];
        assertEquals(t >= firstEqual[a], fz == ff, "MuJoCo's actuator " + a + " at step " + t);
      }
    }
  }

  @Test
  void theOptionIsNamedOnTheCommandLineAndBadNamesAreRefused() {
    assertEquals(HistoryInit.FILLED, HistoryInit.parse("filled"));
    assertEquals(HistoryInit.ZERO, HistoryInit.parse(HistoryInit.ZERO.label()));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> HistoryInit.parse("mujoco"));
    assertTrue(
        e.getMessage().contains("'mujoco'") && e.getMessage().contains("zero"), e.getMessage());
  }
}
