package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The data of the side-by-side system identification against MuJoCo 3.14's {@code mujoco.sysid}
 * (datasets/reference/sysid314, made by probes/sysid_314.py): replaying the recorded controls from
 * the recorded initial state, diffart's joint positions are MuJoCo's noise-free measurements, with
 * the true parameters and with one link's mass ×1.2 set as diffart's estimation sets a mass (the
 * body's whole inertia scaled, as {@code Parameters.setMass}), which is what the JSON says {@code
 * mujoco.sysid}'s mass parameter does. A mass ×1.1 moves them far off.
 */
class Sysid314DataTest {
  private static final Path DIR = ReferenceFiles.repoRoot().resolve("datasets/reference/sysid314");

  /** Relative to 1 + |MuJoCo's value|; contact-free, double precision. */
  private static final double TOL = 1e-10;

  private static JsonObject json(String name) throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve(name + ".json"))).getAsJsonObject();
  }

  @ParameterizedTest
  @ValueSource(strings = {"pendulum2", "chain4"})
  void trueParametersReplayMujocosMeasurements(String name) throws IOException {
    JsonObject ref = json(name);
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    for (JsonElement e : ref.getAsJsonArray("parameters")) {
      JsonObject p = e.getAsJsonObject();
      String element = p.get("element").getAsString();
      double got =
          p.get("kind").getAsString().equals("mass")
              ? m.bodyMass(m.bodyId(element))
              : m.dofDamping(m.jntDofAdr(m.jointId(element)));
      assertEquals(p.get("true").getAsDouble(), got, 0, name + " " + p.get("name"));
    }
    JsonObject meas = ref.getAsJsonObject("measurements");
    double worst =
        replay(
            m,
            start(m, ref),
            ref,
            meas.getAsJsonArray("clean"),
            ref.getAsJsonObject("final_state"));
    System.out.printf("%s: worst relative difference %.2e%n", name, worst);
    assertTrue(worst < TOL, name + ": " + worst);
  }

  @ParameterizedTest
  @ValueSource(strings = {"pendulum2", "chain4"})
  void wholeInertiaScalingIsMujocoSysidsMass(String name) throws IOException {
    JsonObject ref = json(name);
    JsonObject perturbed = ref.getAsJsonObject("perturbed");
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    int body = m.bodyId(perturbed.get("body").getAsString());
    Data d = start(m, ref);
    scaleMass(d, body, perturbed.get("factor").getAsDouble());
    double worst =
        replay(
            m, d, ref, perturbed.getAsJsonArray("clean"), perturbed.getAsJsonObject("final_state"));
    System.out.printf("%s mass x1.2: worst relative difference %.2e%n", name, worst);
    assertTrue(worst < TOL, name + ": " + worst);

    // and the measurements see a mass ×1.1: the comparison can fail
    Data off = start(m, ref);
    scaleMass(off, body, 1.1);
    double far =
        replay(
            m,
            off,
            ref,
            ref.getAsJsonObject("measurements").getAsJsonArray("clean"),
            ref.getAsJsonObject("final_state"));
    System.out.printf("%s mass x1.1 against the true run: %.2e%n", name, far);
    assertTrue(far > 1e-3, name + ": mass x1.1 differs by only " + far);
  }

  /** The recorded initial state. */
  private static Data start(Model m, JsonObject ref) {
    JsonObject s = ref.getAsJsonObject("initial_state");
    Data d = new Data(m);
    d.time = s.get("time").getAsDouble();
    System.arraycopy(ReferenceFiles.doubles(s.get("qpos")), 0, d.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(s.get("qvel")), 0, d.qvel, 0, m.nv());
    return d;
  }

  /** Body i's mass times f with its whole spatial inertia (the 10 numbers) scaled along. */
  private static void scaleMass(Data d, int i, double f) {
    for (int k = 0; k < 10; k++) {
      d.bodyInert[10 * i + k] *= f;
    }
  }

  /**
   * Steps d through the recorded controls; returns the worst difference, relative to 1 + |want|, of
   * the joint positions after {@code measurements.steps[j]} steps against row j of {@code rows}
   * (read both from qpos and, as mujoco.rollout records it, from the sensors of the next step), and
   * of the final state.
   */
  private static double replay(Model m, Data d, JsonObject ref, JsonArray rows, JsonObject last) {
    JsonArray ctrl = ref.getAsJsonObject("controls").getAsJsonArray("values");
    double[] steps = ReferenceFiles.doubles(ref.getAsJsonObject("measurements").get("steps"));
    assertEquals(ref.get("steps").getAsInt(), ctrl.size());
    double worst = 0;
    int j = 0;
    for (int k = 0; k < ctrl.size(); k++) {
      double[] want =
          j < steps.length && steps[j] == k ? ReferenceFiles.doubles(rows.get(j)) : null;
      if (want != null) {
        worst = Math.max(worst, difference(d.qpos, want));
      }
      System.arraycopy(ReferenceFiles.doubles(ctrl.get(k)), 0, d.ctrl, 0, m.nu());
      Step.step(m, d);
      if (want != null) {
        worst = Math.max(worst, difference(d.sensordata, want));
        j++;
      }
    }
    assertEquals(steps.length, j, "every measurement row replayed");
    assertEquals(last.get("after_steps").getAsInt(), ctrl.size());
    worst = Math.max(worst, difference(d.qpos, ReferenceFiles.doubles(last.get("qpos"))));
    return Math.max(worst, difference(d.qvel, ReferenceFiles.doubles(last.get("qvel"))));
  }

  private static double difference(double[] got, double[] want) {
    double worst = 0;
    for (int i = 0; i < want.length; i++) {
      worst = Math.max(worst, Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i])));
    }
    return worst;
  }
}
