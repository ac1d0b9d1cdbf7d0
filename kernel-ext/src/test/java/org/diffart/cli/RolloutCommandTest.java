package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Set;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class RolloutCommandTest {

  @Test
  void jsonGivesWorldZerosFinalStateAndTiming() {
    Cli.Outcome r =
        Cli.run(
            "rollout",
            "--model",
            "builtin:pendulum:3",
            "--key",
            "hang",
            "--steps",
            "200",
            "--json");

    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    JsonObject o = r.json();
    assertEquals(
        Set.of("model", "backend", "worlds", "steps", "time", "ms", "final_qpos", "final_qvel"),
        o.keySet());
    assertEquals(200, o.get("steps").getAsInt());
    assertEquals("cpu", o.get("backend").getAsString());
    assertEquals(1, o.get("worlds").getAsInt());
    assertEquals(0.2, o.get("time").getAsDouble(), 1e-12);
    assertTrue(o.get("ms").getAsDouble() >= 0);
    assertEquals(3, r.vector("final_qpos").length);
    assertEquals(3, r.vector("final_qvel").length);
  }

  @Test
  void theFinalStateEqualsSteppingTheSameStartDirectly() {
    Model m = ModelLoader.load("builtin:laikago");
    Data d = new Data(m);
    d.resetToKey(m.keyId("stand"));
    d.qvel[2] = -0.5;
    String qvel = Cli.csv(d.qvel);
    for (int s = 0; s < 50; s++) {
      Step.step(m, d);
    }

    Cli.Outcome r =
        Cli.run(
            "rollout",
            "--model",
            "builtin:laikago",
            "--key",
            "stand",
            "--qvel",
            qvel,
            "--steps",
            "50",
            "--json");

    assertEquals(0, r.code(), r.err());
    assertArrayEquals(d.qpos, r.vector("final_qpos"));
    assertArrayEquals(d.qvel, r.vector("final_qvel"));
  }

  @Test
  void rolloutsAreDeterministic() {
    String[] args = {
      "rollout",
      "--model",
      "builtin:pendulum:4",
      "--qvel",
      "0.5,0,0,-1",
      "--ctrl",
      "0.2,0,0,0.1",
      "--steps",
      "300",
      "--json"
    };

    Cli.Outcome a = Cli.run(args);
    Cli.Outcome b = Cli.run(args);

    assertEquals(0, a.code(), a.err());
    assertArrayEquals(a.vector("final_qpos"), b.vector("final_qpos"));
    assertArrayEquals(a.vector("final_qvel"), b.vector("final_qvel"));
  }

  @Test
  void severalWorldsAddEveryWorldsFinalPositions() {
    Cli.Outcome r =
        Cli.run(
            "rollout",
            "--model",
            "builtin:pendulum:2",
            "--key",
            "hang",
            "--steps",
            "20",
            "--worlds",
            "3",
            "--json");

    assertEquals(0, r.code(), r.err());
    JsonArray all = r.json().getAsJsonArray("final_qpos_all");
    assertEquals(3, all.size());
    double[] world2 =
        all.get(2).getAsJsonArray().asList().stream().mapToDouble(e -> e.getAsDouble()).toArray();
    assertArrayEquals(r.vector("final_qpos"), world2);
  }

  @Test
  void aStrideRecordsWorldZerosTrajectory() {
    Cli.Outcome r =
        Cli.run(
            "rollout",
            "--model",
            "builtin:pendulum:2",
            "--key",
            "hang",
            "--steps",
            "10",
            "--stride",
            "4",
            "--json");

    assertEquals(0, r.code(), r.err());
    JsonObject trajectory = r.json().getAsJsonObject("trajectory");
    assertEquals(4, trajectory.getAsJsonArray("time").size(), "samples at steps 0, 4, 8, 10");
    JsonArray qpos = trajectory.getAsJsonArray("qpos");
    assertEquals(r.json().getAsJsonArray("final_qpos"), qpos.get(3));
  }

  @Test
  void withoutJsonPrintsAShortTable() {
    Cli.Outcome r = Cli.run("rollout", "--model", "builtin:pendulum:2", "--steps", "5");

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("pendulum2 on cpu: 5 steps x 1 worlds"), r.out());
    assertTrue(r.out().contains("qpos") && r.out().contains("qvel"), r.out());
    assertFalse(r.out().contains("{"), r.out());
  }

  @Test
  void stepsFollowOneRuleInEveryCommand() {
    for (String command : List.of("rollout", "grad")) {
      for (String steps : List.of("-3", "0")) {
        Cli.Outcome r =
            Cli.run(command, "--model", "builtin:pendulum:2", "--steps", steps, "--json");

        assertEquals(2, r.code(), command);
        assertEquals("", r.out());
        assertTrue(r.err().contains("--steps must be >= 1, got " + steps), r.err());
        assertTrue(r.err().contains("Usage: diffart " + command), r.err());
      }
    }
  }

  @Test
  void anUnknownBackendListsTheAvailableOnes() {
    Cli.Outcome r =
        Cli.run("rollout", "--model", "builtin:pendulum:2", "--steps", "1", "--backend", "tpu");

    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown backend 'tpu'; available: cpu"), r.err());
  }

  @Test
  void zeroWorldsAndZeroStrideAreArgumentErrors() {
    assertEquals(
        2,
        Cli.run("rollout", "--model", "builtin:pendulum:2", "--steps", "1", "--worlds", "0")
            .code());
    assertEquals(
        2,
        Cli.run("rollout", "--model", "builtin:pendulum:2", "--steps", "1", "--stride", "0")
            .code());
  }

  @Test
  void aMissingStepCountIsAnArgumentError() {
    Cli.Outcome r = Cli.run("rollout", "--model", "builtin:pendulum:2");

    assertEquals(2, r.code());
    assertTrue(r.err().contains("--steps"), r.err());
  }

  @Test
  void aBlowUpIsARuntimeErrorNamingTheStep() {
    Cli.Outcome r =
        Cli.run(
            "rollout", "--model", "builtin:pendulum:2", "--qvel", "1e150,1e150", "--steps", "10");

    assertEquals(1, r.code());
    assertTrue(r.err().contains("step"), r.err());
    assertFalse(r.err().contains("Usage:"), r.err());
  }

  @Test
  void sensordataIsThatOfEachRecordedState() {
    String walker = "../datasets/models/dm_control/walker.xml";
    Cli.Outcome r =
        Cli.run("rollout", "--model", walker, "--steps", "40", "--stride", "20", "--json");

    assertEquals(0, r.code(), r.err());
    JsonObject o = r.json();
    com.google.gson.JsonArray sensors =
        o.getAsJsonObject("trajectory").getAsJsonArray("sensordata");
    assertEquals(3, sensors.size(), "the start, step 20 and step 40");
    Model m = ModelLoader.load(walker);
    Data d = new Data(m);
    for (int s = 0; s < 40; s++) {
      Step.step(m, d);
    }
    Step.forward(m, d);
    assertArrayEquals(d.sensordata, r.vector("final_sensordata"));
    com.google.gson.JsonArray last = sensors.get(2).getAsJsonArray();
    for (int k = 0; k < m.nsensordata(); k++) {
      assertEquals(d.sensordata[k], last.get(k).getAsDouble());
    }
  }
}
