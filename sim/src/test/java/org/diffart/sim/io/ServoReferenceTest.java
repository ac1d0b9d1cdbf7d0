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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diffart.sim.algo.Step;
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
  private static final Pattern LINE = Pattern.compile("line (\\d+)");

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
    JsonArray ctrl = ref.getAsJsonArray("ctrl"), states = ref.getAsJsonArray("states");
    double worst = 0;
    for (int t = 0; t < ref.get("steps").getAsInt(); t++) {
      System.arraycopy(ReferenceFiles.doubles(ctrl.get(t)), 0, d.ctrl, 0, m.nu());
      Step.step(m, d);
      JsonObject s = states.get(t).getAsJsonObject();
      for (String f : new String[] {"qpos", "qvel", "act"}) {
        double[] want = ReferenceFiles.doubles(s.get(f));
        double[] got = f.equals("qpos") ? d.qpos : f.equals("qvel") ? d.qvel : d.act;
        for (int i = 0; i < want.length; i++) {
          double rel = Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i]));
          assertTrue(
              rel < 1e-10,
              name + " step " + (t + 1) + " " + f + "[" + i + "]: " + got[i] + " vs " + want[i]);
          worst = Math.max(worst, rel);
        }
      }
    }
    // the servos move the arm: a trajectory that stood still would prove nothing
    assertTrue(Math.abs(d.qvel[0]) + Math.abs(d.qpos[0]) > 1e-3, name + " did not move");
  }

  @Test
  void smallFilesCompileOrFailAsMujoco314() throws IOException {
    JsonObject cases = json("cases.json").getAsJsonObject("cases");
    int compared = 0, refused = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      String xml = c.get("xml").getAsString();
      if (c.has("error") || REFUSALS.containsKey(name)) {
        String fragment =
            REFUSALS.containsKey(name)
                ? REFUSALS.get(name)
                : mujocoWords(c.get("error").getAsString());
        ModelFormatException e =
            org.junit.jupiter.api.Assertions.assertThrows(
                ModelFormatException.class,
                () -> MjcfLoader.loadString(xml, name + ".xml"),
                name + " should be refused");
        assertTrue(e.detail().contains(fragment), name + ": '" + fragment + "' not in " + e);
        assertTrue(e.file().endsWith(name + ".xml"), name + ": " + e);
        if (c.has("error")) {
          Matcher line = LINE.matcher(c.get("error").getAsString());
          assertTrue(line.find());
          assertEquals(Integer.parseInt(line.group(1)), e.line(), name + ": " + e);
        }
        refused++;
        continue;
      }
      Model m = MjcfLoader.loadString(xml, name + ".xml");
      JsonObject want = c.getAsJsonObject("compiled");
      if (MUJOCO_222_BIAS2.containsKey(name)) {
        // 2.2.2's meaning kept; MuJoCo 3.14's differs
        double mine = m.actBias(0, 2),
            theirs = want.getAsJsonArray("biasprm").get(0).getAsJsonArray().get(2).getAsDouble();
        assertEquals(MUJOCO_222_BIAS2.get(name), mine, 0, name);
        assertEquals(0.0, m.actBias(0, 0), 0, name);
        assertNotEquals(theirs, mine, name);
        continue;
      }
      assertCompiled(name, want, m);
      compared++;
    }
    assertEquals(22, compared, "cases compared");
    assertEquals(12, refused, "cases refused");
  }

  /** MuJoCo's message without its prefix and location: "kv cannot be negative". */
  private static String mujocoWords(String error) {
    String first = error.split("\n")[0].replaceFirst("^(XML )?Error: ", "");
    int in = first.indexOf(" in actuator");
    return in > 0 ? first.substring(0, in) : first;
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
