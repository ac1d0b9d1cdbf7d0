package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
 * mujoco.sysid}'s mass parameter does; a mass ×1.1 moves them far off. The objective the JSON
 * writes down, evaluated on diffart's replays, is the one {@code mujoco.sysid} evaluated at the
 * truth and at its start.
 */
class Sysid314DataTest {
  private static final Path DIR = ReferenceFiles.repoRoot().resolve("datasets/reference/sysid314");

  /** Relative to 1 + |MuJoCo's value|; contact-free, double precision. */
  private static final double TOL = 1e-10;

  /** The joint positions at the measured steps, and the state after the last of the steps. */
  private record Replay(double[][] rows, double[] qpos, double[] qvel, int steps) {}

  @ParameterizedTest
  @ValueSource(strings = {"pendulum2", "chain4"})
  void trueParametersReplayMujocosMeasurements(String name) throws IOException {
    JsonObject ref = json(name);
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    for (JsonElement e : ref.getAsJsonArray("parameters")) {
      JsonObject p = e.getAsJsonObject();
      assertEquals(p.get("true").getAsDouble(), value(m, p), 0, name + " " + p.get("name"));
    }
    Replay r = replay(m, start(m, ref), ref);
    double worst =
        difference(
            r,
            ref.getAsJsonObject("measurements").getAsJsonArray("clean"),
            ref.getAsJsonObject("final_state"));
    System.out.printf("%s: worst relative difference %.2e%n", name, worst);
    assertTrue(worst < TOL, name + ": " + worst);
  }

  @ParameterizedTest
  @ValueSource(strings = {"pendulum2", "chain4"})
  void wholeInertiaScalingIsMujocoSysidsMass(String name) throws IOException {
    JsonObject ref = json(name);
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    JsonObject perturbed = ref.getAsJsonObject("perturbed");
    int body = m.bodyId(perturbed.get("body").getAsString());
    Data d = start(m, ref);
    scaleMass(d, body, perturbed.get("factor").getAsDouble());
    double worst =
        difference(
            replay(m, d, ref),
            perturbed.getAsJsonArray("clean"),
            perturbed.getAsJsonObject("final_state"));
    System.out.printf("%s mass x1.2: worst relative difference %.2e%n", name, worst);
    assertTrue(worst < TOL, name + ": " + worst);

    // and the measurements see a mass ×1.1: the comparison can fail
    Data off = start(m, ref);
    scaleMass(off, body, 1.1);
    double far =
        difference(
            replay(m, off, ref),
            ref.getAsJsonObject("measurements").getAsJsonArray("clean"),
            ref.getAsJsonObject("final_state"));
    System.out.printf("%s mass x1.1 against the true run: %.2e%n", name, far);
    assertTrue(far > 1e-3, name + ": mass x1.1 differs by only " + far);
  }

  /**
   * {@code objective.formula}, {@code ½ Σ_c Σ_j ((y_jc − ŷ_jc(θ)) / s_c)²} with {@code s_c =
   * ‖y_·c‖₂/√2} on the noisy measurements, evaluated on diffart's replays, equals what {@code
   * mujoco.sysid}'s residual gave at the truth and at its start (masses scaled with their whole
   * inertia, dampings set per dof).
   */
  @ParameterizedTest
  @ValueSource(strings = {"pendulum2", "chain4"})
  void objectiveIsMujocoSysids(String name) throws IOException {
    JsonObject ref = json(name);
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    JsonArray noisy = ref.getAsJsonObject("measurements").getAsJsonArray("noisy");
    JsonObject objective = ref.getAsJsonObject("objective");
    double[] s = new double[m.nq()];
    for (JsonElement row : noisy) {
      double[] y = ReferenceFiles.doubles(row);
      for (int c = 0; c < s.length; c++) {
        s[c] += y[c] * y[c];
      }
    }
    for (int c = 0; c < s.length; c++) {
      s[c] = Math.sqrt(s[c] / 2);
    }
    assertArrayEquals(ReferenceFiles.doubles(objective.get("scale")), s, 1e-13, name + " s_c");

    Data truth = start(m, ref);
    Data begin = start(m, ref);
    for (JsonElement e : ref.getAsJsonArray("parameters")) {
      JsonObject p = e.getAsJsonObject();
      double f = p.get("start").getAsDouble() / p.get("true").getAsDouble();
      String element = p.get("element").getAsString();
      if (p.get("kind").getAsString().equals("mass")) {
        scaleMass(begin, m.bodyId(element), f);
      } else {
        begin.dofDamping[m.jntDofAdr(m.jointId(element))] *= f;
      }
    }
    double atTruth = cost(replay(m, truth, ref), noisy, s);
    double atStart = cost(replay(m, begin, ref), noisy, s);
    System.out.printf(
        "%s: objective at the truth %.6e, at the start %.6e%n", name, atTruth, atStart);
    assertEquals(objective.get("cost_at_truth").getAsDouble(), atTruth, 1e-9 * atTruth, name);
    assertEquals(objective.get("cost_at_start").getAsDouble(), atStart, 1e-9 * atStart, name);
  }

  private static JsonObject json(String name) throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve(name + ".json"))).getAsJsonObject();
  }

  /** The model's value of one entry of {@code parameters}: a body's mass or a joint's damping. */
  private static double value(Model m, JsonObject p) {
    String element = p.get("element").getAsString();
    return p.get("kind").getAsString().equals("mass")
        ? m.bodyMass(m.bodyId(element))
        : m.dofDamping(m.jntDofAdr(m.jointId(element)));
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
   * Steps d through the recorded controls, keeping the joint positions after {@code
   * measurements.steps[j]} steps; the step after reports them as its sensors, as mujoco.rollout
   * records them (asserted).
   */
  private static Replay replay(Model m, Data d, JsonObject ref) {
    JsonArray ctrl = ref.getAsJsonObject("controls").getAsJsonArray("values");
    double[] steps = ReferenceFiles.doubles(ref.getAsJsonObject("measurements").get("steps"));
    assertEquals(ref.get("steps").getAsInt(), ctrl.size());
    double[][] rows = new double[steps.length][];
    int j = 0;
    for (int k = 0; k < ctrl.size(); k++) {
      boolean measured = j < steps.length && steps[j] == k;
      if (measured) {
        rows[j] = d.qpos.clone();
      }
      System.arraycopy(ReferenceFiles.doubles(ctrl.get(k)), 0, d.ctrl, 0, m.nu());
      Step.step(m, d);
      if (measured) {
        assertArrayEquals(rows[j], Arrays.copyOf(d.sensordata, m.nq()), 0, "sensors of step " + k);
        j++;
      }
    }
    assertEquals(steps.length, j, "every measurement row replayed");
    return new Replay(rows, d.qpos.clone(), d.qvel.clone(), ctrl.size());
  }

  /**
   * The worst difference, relative to 1 + |want|, of the replay's rows against {@code rows} and of
   * its final state against {@code last} (the state after every step).
   */
  private static double difference(Replay r, JsonArray rows, JsonObject last) {
    assertEquals(r.rows().length, rows.size());
    assertEquals(last.get("after_steps").getAsInt(), r.steps());
    double worst = 0;
    for (int j = 0; j < rows.size(); j++) {
      worst = Math.max(worst, difference(r.rows()[j], ReferenceFiles.doubles(rows.get(j))));
    }
    worst = Math.max(worst, difference(r.qpos(), ReferenceFiles.doubles(last.get("qpos"))));
    return Math.max(worst, difference(r.qvel(), ReferenceFiles.doubles(last.get("qvel"))));
  }

  private static double difference(double[] got, double[] want) {
    double worst = 0;
    for (int i = 0; i < want.length; i++) {
      worst = Math.max(worst, Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i])));
    }
    return worst;
  }

  /** {@code ½ Σ_j Σ_c ((y_jc − ŷ_jc) / s_c)²}. */
  private static double cost(Replay r, JsonArray noisy, double[] s) {
    double f = 0;
    for (int j = 0; j < noisy.size(); j++) {
      double[] y = ReferenceFiles.doubles(noisy.get(j));
      for (int c = 0; c < s.length; c++) {
        double e = (y[c] - r.rows()[j][c]) / s[c];
        f += 0.5 * e * e;
      }
    }
    return f;
  }
}
