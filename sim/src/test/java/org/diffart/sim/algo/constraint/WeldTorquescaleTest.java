package org.diffart.sim.algo.constraint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.MjcfLoader;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * A weld's {@code torquescale} against MuJoCo 3.14 (datasets/reference/elements314/weld.json, made
 * by probes/elements_314.py; semantics § 7): the rows' Jacobians are 3.14's, the orientation rows
 * scaled by the torque scale; their violation is MuJoCo 2.2.2's unscaled one, which 3.14 multiplies
 * by the torque scale; and torque scale 0 leaves the relative rotation free while the weld still
 * holds the two bodies' points together.
 */
class WeldTorquescaleTest {
  private static JsonObject cases() {
    return ReferenceFiles.json("elements314/weld").getAsJsonObject("cases");
  }

  @Test
  void rowsAreMujoco314sWithTheUnscaledOrientationError() {
    JsonObject cases = cases();
    JsonArray unscaled = cases.getAsJsonObject("torquescale_1").getAsJsonArray("states");
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      double ts = Double.parseDouble(name.substring("torquescale_".length()));
      Model m = MjcfLoader.loadString(c.get("xml").getAsString(), "w.xml");
      JsonArray states = c.getAsJsonArray("states");
      for (int t = 0; t < states.size(); t++) {
        JsonObject s = states.get(t).getAsJsonObject();
        Data d = new Data(m);
        System.arraycopy(ReferenceFiles.doubles(s.get("qpos")), 0, d.qpos, 0, m.nq());
        System.arraycopy(ReferenceFiles.doubles(s.get("qvel")), 0, d.qvel, 0, m.nv());
        Step.forward(m, d);
        double[] pos = ReferenceFiles.doubles(s.get("efc_pos"));
        double[] pos1 = ReferenceFiles.doubles(unscaled.get(t).getAsJsonObject().get("efc_pos"));
        JsonArray jac = s.getAsJsonArray("efc_J");
        assertEquals(pos.length, d.nefc, name);
        for (int r = 0; r < d.nefc; r++) {
          String at = name + " state " + t + " row " + r;
          assertEquals(Rows.EQUALITY, d.efcType[r], at);
          boolean rotation = r % 6 >= 3;
          // 3.14's rotational violation is ts times the unscaled one ours keeps (as 2.2.2)
          assertEquals(pos1[r], d.efcDist[r], 1e-12, at + " violation");
          if (!rotation || ts == 1) {
            assertEquals(pos[r], d.efcDist[r], 1e-12, at + " violation as 3.14");
          } else {
            assertEquals(ts * pos1[r], pos[r], 1e-12, at + " 3.14 scales the violation");
          }
          double[] want = ReferenceFiles.doubles(jac.get(r));
          for (int k = 0; k < m.nv(); k++) {
            double ours = k >= d.efcDofLo[r] && k < d.efcDofHi[r] ? d.efcJ[m.nv() * r + k] : 0;
            assertEquals(want[k], ours, 1e-12, at + " J " + k);
          }
        }
      }
    }
  }

  /** The two free bodies of weld.json welded with this torque scale, b spun relative to a. */
  private static double[] relativeMotion(String ts) {
    String xml = cases().getAsJsonObject("torquescale_" + ts).get("xml").getAsString();
    Model m = MjcfLoader.loadString(xml, "w.xml");
    Data d = new Data(m);
    // a spin of b about the line through both centres (its x axis at rest)
    d.qvel[6 + 3] = 2;
    Kinematics.forward(m, d);
    double[] rel0 = relative(d);
    double[] p0 = anchor(d);
    for (int s = 0; s < 500; s++) {
      Step.step(m, d);
    }
    Kinematics.forward(m, d);
    double[] rel = relative(d);
    double[] p = anchor(d);
    double dot =
        Math.abs(rel0[0] * rel[0] + rel0[1] * rel[1] + rel0[2] * rel[2] + rel0[3] * rel[3]);
    double gap = 0;
    for (int k = 0; k < 3; k++) {
      gap = Math.max(gap, Math.abs(p[k] - p0[k]));
    }
    return new double[] {2 * Math.acos(Math.min(1, dot)), gap};
  }

  /** q_b⁻¹ ⊗ q_a. */
  private static double[] relative(Data d) {
    double[] c = new double[4], r = new double[4];
    Quat.conjugate(c, 0, d.xquat, 8);
    Quat.mul(r, 0, c, 0, d.xquat, 4);
    return r;
  }

  /** b's origin in a's frame (the weld's anchor point): R_aᵀ (x_b − x_a). */
  private static double[] anchor(Data d) {
    double[] out = new double[3];
    for (int i = 0; i < 3; i++) {
      for (int k = 0; k < 3; k++) {
        out[i] += d.xmat[9 + 3 * k + i] * (d.xpos[6 + k] - d.xpos[3 + k]);
      }
    }
    return out;
  }

  @Test
  void torquescaleZeroFreesTheRelativeRotationAndKeepsThePointsTogether() {
    double[] held = relativeMotion("1"), free = relativeMotion("0");
    assertTrue(held[0] < 1e-3, "torquescale 1: relative turn " + held[0]);
    assertTrue(free[0] > 0.5, "torquescale 0: relative turn " + free[0]);
    assertTrue(held[1] < 1e-3 && free[1] < 1e-3, "the points part: " + held[1] + ", " + free[1]);
  }

  /**
   * The angle (rad) between b and a after {@code steps} steps of a weld of relative pose identity
   * that starts 20° off about z.
   */
  private static double misalignment(String ts, int steps) {
    Model m =
        MjcfLoader.loadString(
            "<mujoco><option><flag contact=\"disable\" gravity=\"disable\"/></option><worldbody>"
                + "<body name=\"a\" pos=\"0 0 1\"><freejoint/><geom type=\"box\" size=\"0.1 0.2"
                + " 0.3\"/></body><body name=\"b\" pos=\"0.3 0 1\" euler=\"0 0 20\"><freejoint/>"
                + "<geom type=\"box\" size=\"0.1 0.1 0.1\"/></body></worldbody><equality><weld"
                + " body1=\"a\" body2=\"b\" relpose=\"0.3 0 0 1 0 0 0\" torquescale=\""
                + ts
                + "\"/></equality></mujoco>",
            "w.xml");
    Data d = new Data(m);
    for (int s = 0; s < steps; s++) {
      Step.step(m, d);
    }
    Kinematics.forward(m, d);
    double[] r = relative(d);
    return 2 * Math.acos(Math.min(1, Math.abs(r[0])));
  }

  @Test
  void aSmallerTorquescaleCorrectsTheOrientationFaster() {
    // diffart's hard rows: ts J ω = −(erp/h) e, so the orientation error e decays at a rate ∝ 1/ts
    double start = Math.toRadians(20);
    double fast = misalignment("0.5", 200), slow = misalignment("2", 200);
    assertTrue(fast < slow, "torquescale 0.5: " + fast + ", 2: " + slow);
    assertTrue(slow < 0.9 * start, "torquescale 2 still corrects: " + slow);
    assertTrue(misalignment("2", 3000) < 1e-3, "torquescale 2 welds in the end");
  }

  @Test
  void aNegativeTorquescaleIsRefusedByName() {
    String xml =
        cases()
            .getAsJsonObject("torquescale_1")
            .get("xml")
            .getAsString()
            .replace("\"1\"", "\"-1\"");
    ModelFormatException ex =
        assertThrows(ModelFormatException.class, () -> MjcfLoader.loadString(xml, "w.xml"));
    assertTrue(
        ex.getMessage().contains("weld: attribute 'torquescale' must be non-negative, got -1.0"),
        ex.getMessage());
  }
}
