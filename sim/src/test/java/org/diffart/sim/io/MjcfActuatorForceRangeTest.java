package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * MuJoCo 3's joint-level clamp of the total actuator force ({@code actuatorfrcrange}, {@code
 * actuatorfrclimited}) against MuJoCo 3.14 (datasets/reference/actfrc314, made by
 * probes/actfrc_314.py): what its compiler makes of small files (auto limits, reversed and empty
 * ranges, ball joints, default classes) and their clamped {@code qfrc_actuator}; 300 steps of an
 * arm whose joints clip the sum of several actuators (a joint clipped in 250, 84 and 180 of them);
 * the adjoint through the clamp equals the tape.
 */
class MjcfActuatorForceRangeTest {
  private static final Path DIR = ReferenceFiles.repoRoot().resolve("datasets/reference/actfrc314");

  /** diffart's words where MuJoCo refuses a file. */
  private static final Map<String, String> REFUSALS =
      Map.of(
          "limited_true_no_range", "actuatorfrcrange needs range[0] < range[1]",
          "reversed_true", "actuatorfrcrange needs range[0] < range[1]",
          "no_autolimits", "'actuatorfrcrange' is given but not 'actuatorfrclimited'");

  private static JsonObject json(String file) throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve(file))).getAsJsonObject();
  }

  @Test
  void smallFilesCompileAndClampAsMujoco314() throws IOException {
    JsonObject cases = json("cases.json").getAsJsonObject("cases");
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      String xml = c.get("xml").getAsString();
      if (c.has("error")) {
        ModelFormatException e =
            org.junit.jupiter.api.Assertions.assertThrows(
                ModelFormatException.class, () -> MjcfLoader.loadString(xml, name + ".xml"), name);
        assertTrue(e.getMessage().contains(REFUSALS.get(name)), name + ": " + e.getMessage());
        continue;
      }
      Model m = MjcfLoader.loadString(xml, name + ".xml");
      double[] limited = ReferenceFiles.doubles(c.get("limited"));
      JsonArray range = c.getAsJsonArray("range");
      for (int j = 0; j < m.njnt(); j++) {
        assertEquals(limited[j] != 0, m.jntActFrcLimited(j), name + " joint " + j);
        if (m.jntActFrcLimited(j)) {
          assertArrayEquals(
              ReferenceFiles.doubles(range.get(j)),
              new double[] {m.jntActFrcRange(j, 0), m.jntActFrcRange(j, 1)},
              name);
        }
      }
      for (int u : new int[] {5, -5}) {
        Data d = new Data(m);
        java.util.Arrays.fill(d.ctrl, u);
        Step.forward(m, d);
        assertArrayEquals(
            ReferenceFiles.doubles(c.get("qfrc_actuator_" + u)),
            java.util.Arrays.copyOf(d.qfrcActuator, m.nv()),
            1e-12,
            name + " ctrl " + u);
      }
      if (name.startsWith("ball")) {
        assertTrue(
            m.warnings().stream().anyMatch(w -> w.contains("no effect on a ball joint")),
            String.join("\n", m.warnings()));
      }
    }
  }

  @Test
  void trajectoryEqualsMujoco314() throws IOException {
    JsonObject ref = json("actfrc_arm.json");
    Model m = ModelLoader.load(DIR.resolve("actfrc_arm.xml").toString());
    ReferenceFiles.assertTrajectory("actfrc_arm", m, new Data(m), ref, 1e-10);
  }

  @Test
  void adjointThroughTheClampEqualsTheTape() {
    Model m = ModelLoader.load(DIR.resolve("actfrc_arm.xml").toString());
    int steps = 80;
    Data d = new Data(m);
    double[] u = TapeCheck.controlsInRange(m, steps, new Random(3));
    RolloutProblem p = new RolloutProblem(m, d, u, steps, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(8));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    TapeCheck.assertAgrees(m.name(), adjoint, tape, 1e-10, Wrt.CTRL, Wrt.QPOS0, Wrt.QVEL0);
    // a clipped step passes nothing back from its joint: some control gradients are exactly zero
    long zeros = java.util.Arrays.stream(adjoint.ctrl()).filter(g -> g == 0).count();
    assertTrue(zeros > 0 && zeros < adjoint.ctrl().length, "zero control gradients " + zeros);
  }
}
