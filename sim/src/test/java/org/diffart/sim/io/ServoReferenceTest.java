package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MuJoCo 3's servo attributes ({@code kv}, {@code dampratio}, {@code inheritrange} on position and
 * intvelocity) and its {@code autolimits} default against MuJoCo 3.14 (datasets/reference/servo314,
 * made by probes/servo_314.py): the compiled gains, biases and ranges of two probe models and of
 * small files, their 300-step Euler trajectories, and MuJoCo's errors, at the same line.
 */
class ServoReferenceTest {
  private static final Path DIR = ReferenceFiles.repoRoot().resolve("datasets/reference/servo314");

  /**
   * MuJoCo's errors and what diffart says instead where its words differ (its own autolimits
   * message; a refusal where MuJoCo 3.14 compiles something diffart cannot run or would misread).
   */
  private static final Map<String, String> REFUSALS =
      Map.of(
          "autolimits_false_joint_range", "'range' is given but not 'limited'",
          "autolimits_false_ctrlrange", "'ctrlrange' is given but not 'ctrllimited'",
          "position_inheritrange_unlimited_joint", "inheritrange used but target 'j1' has no range",
          "position_inheritrange_unlimited_tendon", "inheritrange used but target 't' has no range",
          "position_timeconst", "filterexact activation dynamics) is not supported",
          "intvelocity_inheritrange_and_ctrlrange",
              "both ctrlrange and inheritrange is not supported");

  /**
   * Files without a 3.x servo attribute where MuJoCo 3.14 and 2.2.2 part: diffart keeps 2.2.2's
   * biasprm (0, −2, x), measured with datasets/reference/bin/mjprobe (semantics § 3).
   */
  private static final Map<String, Double> MUJOCO_222_BIAS2 =
      Map.of(
          "position_after_default_velocity", 0.0,
          "position_after_default_general_bias", 0.0,
          "general_positive_biasprm2", 0.5);

  private static JsonObject json(String file) throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve(file))).getAsJsonObject();
  }

  @ParameterizedTest
  @ValueSource(strings = {"servo_arm", "servo_tendon"})
  void compiledServosEqualMujoco314(String name) throws IOException {
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    assertCompiled(name, json(name + ".json").getAsJsonObject("compiled"), m);
  }

  @ParameterizedTest
  @ValueSource(strings = {"servo_arm", "servo_tendon"})
  void trajectoriesEqualMujoco314(String name) throws IOException {
    JsonObject ref = json(name + ".json");
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    Data d = new Data(m);
    ReferenceFiles.assertTrajectory(name, m, d, ref, 1e-10);
    // the servos move the arm: a trajectory that stood still would prove nothing
    assertTrue(Math.abs(d.qvel[0]) + Math.abs(d.qpos[0]) > 1e-3, name + " did not move");
  }

  @Test
  void smallFilesCompileOrFailAsMujoco314() throws IOException {
    int[] counts =
        Mujoco314Cases.check(
            json("cases.json").getAsJsonObject("cases"),
            REFUSALS,
            (name, want, m) -> {
              if (MUJOCO_222_BIAS2.containsKey(name)) {
                // 2.2.2's meaning kept; MuJoCo 3.14's differs
                double mine = m.actBias(0, 2),
                    theirs =
                        want.getAsJsonArray("biasprm").get(0).getAsJsonArray().get(2).getAsDouble();
                assertEquals(MUJOCO_222_BIAS2.get(name), mine, 0, name);
                assertEquals(0.0, m.actBias(0, 0), 0, name);
                assertNotEquals(theirs, mine, name);
                return false;
              }
              assertCompiled(name, want, m);
              return true;
            });
    assertEquals(22, counts[0], "cases compared");
    assertEquals(12, counts[1], "cases refused");
  }

  /** A flag as MuJoCo's arrays give it: a number or a boolean. */
  private static boolean flag(com.google.gson.JsonElement e) {
    com.google.gson.JsonPrimitive p = e.getAsJsonPrimitive();
    return p.isBoolean() ? p.getAsBoolean() : p.getAsInt() != 0;
  }

  private static void assertCompiled(String name, JsonObject want, Model m) {
    JsonArray gain = want.getAsJsonArray("gainprm"), bias = want.getAsJsonArray("biasprm");
    assertEquals(gain.size(), m.nu(), name + " nu");
    for (int a = 0; a < m.nu(); a++) {
      double[] g = ReferenceFiles.doubles(gain.get(a)), b = ReferenceFiles.doubles(bias.get(a));
      for (int k = 0; k < g.length; k++) {
        // diffart keeps nine parameters; MuJoCo's tenth is 0 here
        double mg = k < 9 ? m.actGain(a, k) : 0, mb = k < 9 ? m.actBias(a, k) : 0;
        assertEquals(
            g[k], mg, 1e-12 * (1 + Math.abs(g[k])), name + " gainprm[" + a + "][" + k + "]");
        assertEquals(
            b[k], mb, 1e-12 * (1 + Math.abs(b[k])), name + " biasprm[" + a + "][" + k + "]");
      }
      boolean ctrl = flag(want.getAsJsonArray("ctrllimited").get(a));
      assertEquals(ctrl, m.actCtrlLimited(a), name + " ctrllimited " + a);
      boolean act = flag(want.getAsJsonArray("actlimited").get(a));
      assertEquals(act, m.actActLimited(a), name + " actlimited " + a);
      double[] cr = ReferenceFiles.doubles(want.getAsJsonArray("ctrlrange").get(a));
      double[] ar = ReferenceFiles.doubles(want.getAsJsonArray("actrange").get(a));
      for (int k = 0; k < 2; k++) {
        if (ctrl) {
          assertEquals(cr[k], m.actCtrlRange(a, k), 1e-12, name + " ctrlrange " + a);
        }
        if (act) {
          assertEquals(ar[k], m.actActRange(a, k), 1e-12, name + " actrange " + a);
        }
      }
    }
    JsonArray limited = want.getAsJsonArray("jnt_limited");
    for (int j = 0; j < limited.size(); j++) {
      boolean lim = flag(limited.get(j));
      assertEquals(lim, m.jntLimited(j), name + " jnt_limited " + j);
      double[] r = ReferenceFiles.doubles(want.getAsJsonArray("jnt_range").get(j));
      for (int k = 0; k < 2 && lim; k++) {
        assertEquals(r[k], m.jntRange(j, k), 1e-12, name + " jnt_range " + j);
      }
    }
    JsonArray tl = want.getAsJsonArray("tendon_limited");
    for (int t = 0; t < tl.size(); t++) {
      assertEquals(flag(tl.get(t)), m.tendonLimited(t), name + " tendon_limited " + t);
    }
  }
}
