package org.diffart.sim.algo.history;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * The history buffers against MuJoCo 3.14's measured semantics (datasets/reference/history314/
 * probes.json, made by probes/history_314.py): reads, reset, the step's order, purity, refusals.
 */
class HistoryTest {
  private static final JsonObject PROBES;

  static {
    try {
      PROBES =
          JsonParser.parseString(
                  Files.readString(
                      ReferenceFiles.repoRoot()
                          .resolve("datasets/reference/history314/probes.json")))
              .getAsJsonObject();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static Model model(String probe) {
    return ModelLoader.loadMjcfString(
        PROBES.getAsJsonObject(probe).get("xml").getAsString(), probe + ".xml");
  }

  @Test
  void readsInterpolateAsMujocoWithItsToleranceAndClampAtTheEnds() {
    JsonObject p = PROBES.getAsJsonObject("read_ctrl_interpolation");
    double[] h = ReferenceFiles.doubles(p.get("history"));
    for (JsonElement r : p.getAsJsonArray("reads")) {
      JsonObject o = r.getAsJsonObject();
      double t = o.get("time").getAsDouble();
      assertEquals(o.get("zoh").getAsDouble(), History.read(h, 0, 5, 1, History.ZOH, t, 0), 1e-12);
      assertEquals(
          o.get("linear").getAsDouble(), History.read(h, 0, 5, 1, History.LINEAR, t, 0), 1e-12);
      assertEquals(
          o.get("cubic").getAsDouble(), History.read(h, 0, 5, 1, History.CUBIC, t, 0), 1e-12);
    }
    JsonObject u = PROBES.getAsJsonObject("read_ctrl_cubic_uneven");
    double[] times = ReferenceFiles.doubles(u.get("times")),
        values = ReferenceFiles.doubles(u.get("values"));
    double[] buf = new double[2 + 10];
    buf[1] = 4;
    System.arraycopy(times, 0, buf, 2, 5);
    System.arraycopy(values, 0, buf, 7, 5);
    for (JsonElement r : u.getAsJsonArray("reads")) {
      JsonObject o = r.getAsJsonObject();
      assertEquals(
          o.get("cubic").getAsDouble(),
          History.read(buf, 0, 5, 1, History.CUBIC, o.get("time").getAsDouble(), 0),
          1e-12);
    }
    // a sample 1e-15 after the query counts as at it, one 3e-15 after it does not
    double[] grid = {0, 3, 0, 0.01, 0.02, 0.03, 10, 11, 12, 13};
    assertEquals(11, History.read(grid, 0, 4, 1, History.ZOH, 0.01 - 1e-15, 0));
    assertEquals(10, History.read(grid, 0, 4, 1, History.ZOH, 0.01 - 3e-15, 0));
  }

  @Test
  void resetBuffersAndTheFirstStepsAreMujocos() {
    for (String probe :
        new String[] {"layout_actuator_delay2_n4", "layout_sensor_interval2_n5_delay3"}) {
      JsonObject p = PROBES.getAsJsonObject(probe);
      Model m = model(probe);
      Data d = new Data(m);
      assertArrayEquals(ReferenceFiles.doubles(p.get("reset_history")), d.history, 1e-15, probe);
      for (JsonElement e : p.getAsJsonArray("steps")) {
        JsonObject s = e.getAsJsonObject();
        d.ctrl[0] = s.get("ctrl").getAsDouble();
        Step.step(m, d);
        assertEquals(s.get("actuator_force").getAsDouble(), d.actuatorForce[0], 1e-12, probe);
        assertArrayEquals(ReferenceFiles.doubles(s.get("sensordata")), d.sensordata, 1e-12, probe);
        assertArrayEquals(ReferenceFiles.doubles(s.get("history")), d.history, 1e-12, probe);
      }
    }
  }

  @Test
  void sensorsSampleOnMujocosScheduleAndAnIntervalWithoutBufferDoesNothing() {
    for (String probe :
        new String[] {
          "sensor_delay2_n4",
          "sensor_interval3_n3",
          "sensor_interval3_nobuffer",
          "sensor_interval2.5_n3",
          "sensor_interval2_delay1_linear",
          "actuator_delay0.005_linear",
          "actuator_delay0.015_cubic",
          "rk4_actuator_delay2_linear"
        }) {
      JsonObject p = PROBES.getAsJsonObject(probe);
      Model m = model(probe);
      Data d = new Data(m);
      for (JsonElement e : p.getAsJsonArray("steps")) {
        JsonObject s = e.getAsJsonObject();
        d.ctrl[0] = s.get("ctrl").getAsDouble();
        Step.step(m, d);
        assertEquals(s.get("actuator_force").getAsDouble(), d.actuatorForce[0], 1e-12, probe);
        assertEquals(ReferenceFiles.doubles(s.get("sensordata"))[0], d.sensordata[0], 1e-12, probe);
      }
    }
  }

  @Test
  void forwardLeavesTheBuffersAloneAndAKeyframeResetEmptiesThem() {
    Model m = model("forward_and_reset");
    Data d = new Data(m);
    d.ctrl[0] = 3;
    for (int s = 0; s < 3; s++) {
      Step.step(m, d);
    }
    double[] before = d.history.clone();
    d.qpos[0] = 5;
    d.ctrl[0] = 99;
    Step.forward(m, d);
    assertArrayEquals(before, d.history);
    d.reset();
    assertArrayEquals(
        ReferenceFiles.doubles(PROBES.getAsJsonObject("forward_and_reset").get("fresh_history")),
        d.history,
        1e-15);
    Model k = model("keyframe_reset");
    Data dk = new Data(k);
    dk.resetToKey(0);
    assertArrayEquals(
        ReferenceFiles.doubles(PROBES.getAsJsonObject("keyframe_reset").get("history")),
        dk.history,
        1e-15);
  }

  @Test
  void aDelayWithoutABufferIsRefusedAndTransitionsThroughHistoryAreRefusedAsMujocoDoes() {
    ModelFormatException e =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    "<mujoco><worldbody><body><joint name=\"h\" type=\"slide\"/><geom size=\"1\"/>"
                        + "</body></worldbody><actuator><motor joint=\"h\" delay=\"0.02\"/>"
                        + "</actuator></mujoco>",
                    "nobuffer.xml"));
    assertTrue(
        e.getMessage().contains("nobuffer.xml:1") && e.getMessage().contains("nsample > 0"),
        e.getMessage());
    Model m = model("layout_actuator_delay2_n4");
    Data d = new Data(m);
    UnsupportedOperationException r =
        assertThrows(UnsupportedOperationException.class, () -> Transition.exact(m, d));
    assertTrue(r.getMessage().contains("delays are not supported"), r.getMessage());
    assertThrows(
        UnsupportedOperationException.class, () -> Transition.finiteDifferences(m, d, true, 1e-6));
  }
}
