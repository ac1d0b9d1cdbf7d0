package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Site actuator transmissions ({@code site}, {@code refsite}) against MuJoCo 3.14
 * (datasets/reference/sites314, made by probes/sites_314.py): a free body with four thrusters and
 * an arm with site actuators with and without reference sites (on another branch, on an ancestor,
 * on the world), gears with all six components; at random states every actuator's length, moment
 * arms, velocity and force, qfrc_actuator and qacc, then 300-step Euler trajectories of random
 * controls; and small files MuJoCo compiles or refuses.
 */
class SiteReferenceTest {
  private static final Path DIR = ReferenceFiles.repoRoot().resolve("datasets/reference/sites314");

  /**
   * What diffart says where MuJoCo 3.14 says something else or compiles what diffart refuses: a
   * site beside a joint or tendon (MuJoCo lets the site win, silently), a site on a muscle or an
   * adhesion, in a default class (MuJoCo's schema has none there).
   */
  private static final Map<String, String> REFUSALS =
      Map.ofEntries(
          Map.entry("site_and_joint", "exactly one of 'joint', 'tendon', 'site'"),
          Map.entry("site_and_tendon", "exactly one of 'joint', 'tendon', 'site'"),
          Map.entry("site_and_cranksite", "exactly one of 'joint', 'tendon', 'site'"),
          Map.entry("site_and_body", "unsupported attribute"),
          Map.entry("site_muscle", "unsupported attribute"),
          Map.entry("refsite_muscle", "unsupported attribute"),
          Map.entry("site_default_class", "unsupported attribute"),
          Map.entry("refsite_alone", "needs exactly one of"),
          Map.entry("site_unknown", "unknown site 'nowhere'"),
          Map.entry("refsite_unknown", "unknown reference site 'nowhere'"));

  private static JsonObject json(String file) throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve(file))).getAsJsonObject();
  }

  private static Model model(String name) {
    return ModelLoader.load(DIR.resolve(name + ".xml").toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"thrusters", "site_arm"})
  void forwardAtRandomStatesEqualsMujoco314(String name) throws IOException {
    Model m = model(name);
    Data d = new Data(m);
    int nu = m.nu(), nv = m.nv();
    double[] row = new double[nv];
    for (var e : json(name + ".json").getAsJsonArray("cases")) {
      JsonObject c = e.getAsJsonObject();
      System.arraycopy(ReferenceFiles.doubles(c.get("qpos")), 0, d.qpos, 0, m.nq());
      System.arraycopy(ReferenceFiles.doubles(c.get("qvel")), 0, d.qvel, 0, nv);
      System.arraycopy(ReferenceFiles.doubles(c.get("ctrl")), 0, d.ctrl, 0, nu);
      System.arraycopy(ReferenceFiles.doubles(c.get("act")), 0, d.act, 0, m.na());
      Step.forward(m, d);
      close(name + " actuator_length", c.get("actuator_length"), d.actuatorLength);
      close(name + " actuator_velocity", c.get("actuator_velocity"), d.actuatorVelocity);
      close(name + " actuator_force", c.get("actuator_force"), d.actuatorForce);
      close(name + " qfrc_actuator", c.get("qfrc_actuator"), d.qfrcActuator);
      close(name + " qacc", c.get("qacc"), d.qacc);
      close(name + " act_dot", c.get("act_dot"), d.actDot);
      JsonArray moment = c.getAsJsonArray("actuator_moment");
      for (int a = 0; a < nu; a++) {
        Forces.moment(m, d, a, row);
        close(name + " actuator_moment[" + a + "]", moment.get(a), row);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"thrusters", "site_arm"})
  void trajectoriesEqualMujoco314(String name) throws IOException {
    JsonObject ref = json(name + ".json");
    Model m = model(name);
    Data d = new Data(m);
    JsonObject start = ref.getAsJsonObject("start");
    System.arraycopy(ReferenceFiles.doubles(start.get("qpos")), 0, d.qpos, 0, m.nq());
    ReferenceFiles.assertTrajectory(name, m, d, ref, 1e-10);
    // the actuators move the model: a trajectory that stood still would prove nothing
    double moved = 0;
    for (int k = 0; k < m.nv(); k++) {
      moved += Math.abs(d.qvel[k]);
    }
    assertTrue(moved > 1e-2, name + " did not move");
  }

  @Test
  void smallFilesCompileOrFailAsMujoco314() throws IOException {
    JsonObject cases = json("cases.json").getAsJsonObject("cases");
    int[] counts =
        Mujoco314Cases.check(
            cases,
            REFUSALS,
            (name, want, m) -> {
              JsonArray trnid = want.getAsJsonArray("trnid");
              for (int a = 0; a < m.nu(); a++) {
                double[] id = ReferenceFiles.doubles(trnid.get(a));
                assertEquals((int) id[0], m.actSite(a), name + " site");
                assertEquals((int) id[1], m.actRefSite(a), name + " refsite");
                double[] gear = ReferenceFiles.doubles(want.getAsJsonArray("gear").get(a));
                double[] bias = ReferenceFiles.doubles(want.getAsJsonArray("biasprm").get(a));
                double[] lr = ReferenceFiles.doubles(want.getAsJsonArray("lengthrange").get(a));
                for (int k = 0; k < 6; k++) {
                  assertEquals(gear[k], m.actSiteGear(a, k), 0, name + " gear " + k);
                }
                for (int k = 0; k < 3; k++) {
                  // a dampratio servo's damping comes from the moment arms at qpos0 (mj_setConst)
                  assertEquals(
                      bias[k], m.actBias(a, k), 1e-12 * (1 + Math.abs(bias[k])), name + " bias");
                }
                assertEquals(lr[0], m.actLengthRange(a, 0), 0, name + " lengthrange");
                assertEquals(lr[1], m.actLengthRange(a, 1), 0, name + " lengthrange");
              }
              JsonObject f = cases.getAsJsonObject(name).getAsJsonObject("forward");
              Data d = new Data(m);
              System.arraycopy(ReferenceFiles.doubles(f.get("qpos")), 0, d.qpos, 0, m.nq());
              Step.forward(m, d);
              close(name + " actuator_length", f.get("actuator_length"), d.actuatorLength);
              double[] row = new double[m.nv()];
              for (int a = 0; a < m.nu(); a++) {
                Forces.moment(m, d, a, row);
                close(name + " moment", f.getAsJsonArray("actuator_moment").get(a), row);
              }
              return true;
            });
    assertEquals(9, counts[0], "cases compared");
    assertEquals(13, counts[1], "cases refused");
  }

  /** Asserts every entry within 1e-12 relative to 1 + |want|. */
  private static void close(String what, com.google.gson.JsonElement want, double[] got) {
    double[] w = ReferenceFiles.doubles(want);
    for (int i = 0; i < w.length; i++) {
      assertEquals(w[i], got[i], 1e-12 * (1 + Math.abs(w[i])), what + "[" + i + "]");
    }
  }
}
