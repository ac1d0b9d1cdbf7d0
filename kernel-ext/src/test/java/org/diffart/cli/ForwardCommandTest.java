package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Set;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class ForwardCommandTest {
  /**
   * Laikago's stand pose lowered until its feet penetrate the floor, so that contacts change qacc.
   */
  private static final double SUNK_HEIGHT = 0.38;

  @Test
  void qaccEqualsStepForwardOnTheSameStateWithContacts() {
    Model m = ModelLoader.load("builtin:laikago");
    Data d = new Data(m);
    d.resetToKey(m.keyId("stand"));
    d.qpos[2] = SUNK_HEIGHT;
    d.qvel[0] = 0.3;
    Step.forward(m, d);

    Cli.Outcome r =
        Cli.run(
            "forward",
            "--model",
            "builtin:laikago",
            "--key",
            "stand",
            "--qpos",
            Cli.csv(d.qpos),
            "--qvel",
            Cli.csv(d.qvel),
            "--json");

    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    assertTrue(
        r.json().keySet().containsAll(Set.of("qacc", "qpos", "qvel", "ctrl", "ncon")), r.out());
    assertTrue(d.ncon > 0, "the sunk pose must touch the floor");
    assertEquals(d.ncon, r.json().get("ncon").getAsInt());
    assertArrayEquals(d.qacc, r.vector("qacc"));
    assertArrayEquals(d.qaccSmooth, r.vector("qacc_smooth"));
    assertArrayEquals(d.ctrl, r.vector("ctrl"));
    assertFalse(Arrays.equals(d.qacc, d.qaccSmooth), "contacts must change qacc");
  }

  @Test
  void noContactEvaluatesTheContactFreeModel() {
    Model m = ModelLoader.load("builtin:laikago");
    Model free = m.withOptions(m.opt().toBuilder().contact(false).build());
    Data d = new Data(free);
    d.resetToKey(m.keyId("stand"));
    d.qpos[2] = SUNK_HEIGHT;
    Step.forward(free, d);

    Cli.Outcome r =
        Cli.run(
            "forward",
            "--model",
            "builtin:laikago",
            "--qpos",
            Cli.csv(d.qpos),
            "--key",
            "0",
            "--no-contact",
            "--json");

    assertEquals(0, r.code(), r.err());
    assertEquals(0, r.json().get("ncon").getAsInt());
    assertFalse(r.json().get("contact").getAsBoolean());
    assertArrayEquals(d.qacc, r.vector("qacc"));
    assertArrayEquals(d.qaccSmooth, r.vector("qacc"));
  }

  @Test
  void aKeyframeSetsTheStateAndExplicitVectorsReplaceTheirPart() {
    Model m = ModelLoader.load("builtin:pendulum:3");
    int hang = m.keyId("hang");

    Cli.Outcome r =
        Cli.run(
            "forward",
            "--model",
            "builtin:pendulum:3",
            "--key",
            "hang",
            "--qvel",
            "1,-2,0.5",
            "--json");

    assertEquals(0, r.code(), r.err());
    assertArrayEquals(m.keyQpos(hang), r.vector("qpos"));
    assertArrayEquals(new double[] {1, -2, 0.5}, r.vector("qvel"));
    assertArrayEquals(m.keyCtrl(hang), r.vector("ctrl"));
  }

  @Test
  void theDefaultStateIsQpos0AtRest() {
    Model m = ModelLoader.load("builtin:pendulum:2");

    Cli.Outcome r = Cli.run("forward", "--model", "builtin:pendulum:2", "--json");

    assertArrayEquals(m.qpos0(), r.vector("qpos"));
    assertArrayEquals(new double[2], r.vector("qvel"));
    assertArrayEquals(new double[2], r.vector("ctrl"));
  }

  @Test
  void aVectorOfTheWrongLengthNamesOptionExpectedAndGivenCounts() {
    Cli.Outcome r = Cli.run("forward", "--model", "builtin:pendulum:3", "--ctrl", "1,2", "--json");

    assertEquals(2, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().contains("--ctrl needs exactly 3 values (nu of the model), got 2"), r.err());
    assertTrue(r.err().contains("Usage: diffart forward"), r.err());
  }

  @Test
  void nonNumericAndNonFiniteEntriesAreArgumentErrors() {
    Cli.Outcome word = Cli.run("forward", "--model", "builtin:pendulum:2", "--qpos", "0.1,abc");
    Cli.Outcome nan = Cli.run("forward", "--model", "builtin:pendulum:2", "--qvel", "NaN,0");

    assertEquals(2, word.code());
    assertTrue(
        word.err().contains("--qpos") && word.err().contains("entry 2 'abc' is not a number"),
        word.err());
    assertEquals(2, nan.code());
    assertTrue(nan.err().contains("entry 1 'NaN' is not a finite number"), nan.err());
  }

  @Test
  void anUnknownKeyframeListsTheAvailableOnes() {
    Cli.Outcome r = Cli.run("forward", "--model", "builtin:pendulum:2", "--key", "stand");

    assertEquals(2, r.code());
    assertTrue(
        r.err().contains("unknown keyframe 'stand' of model pendulum2; available: hang (0)"),
        r.err());
    assertTrue(r.err().contains("Usage:"), r.err());
  }

  @Test
  void aStateThatBlowsUpIsARuntimeErrorNamingTheDof() {
    Cli.Outcome r =
        Cli.run("forward", "--model", "builtin:pendulum:2", "--qvel", "1e300,1e300", "--json");

    assertEquals(1, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().contains("dof 0"), r.err());
  }

  @Test
  void withoutJsonPrintsTheAccelerationTable() {
    Cli.Outcome r = Cli.run("forward", "--model", "builtin:pendulum:2", "--key", "hang");

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("qacc") && r.out().contains("joint1"), r.out());
  }

  /**
   * The DeepMind Control Suite's walker, unchanged: its sensors at a MuJoCo reference state equal
   * MuJoCo's.
   */
  @Test
  void sensordataEqualsMujocosOnTheControlSuitesWalker() throws Exception {
    com.google.gson.JsonObject ref =
        com.google.gson.JsonParser.parseString(
                java.nio.file.Files.readString(
                    java.nio.file.Path.of("../datasets/reference/dm_control/walker.json")))
            .getAsJsonObject();
    com.google.gson.JsonObject c = ref.getAsJsonArray("cases").get(1).getAsJsonObject();

    Cli.Outcome r =
        Cli.run(
            "forward",
            "--model",
            "../datasets/models/dm_control/walker.xml",
            "--qpos",
            csv(c, "qpos"),
            "--qvel",
            csv(c, "qvel"),
            "--ctrl",
            csv(c, "ctrl"),
            "--no-contact",
            "--json");

    assertEquals(0, r.code(), r.err());
    double[] expected = doubles(c, "sensordata"), got = r.vector("sensordata");
    assertEquals(expected.length, got.length);
    for (int k = 0; k < got.length; k++) {
      assertEquals(
          expected[k], got[k], 1e-9 * Math.max(1, Math.abs(expected[k])), "sensordata[" + k + "]");
    }
    Cli.Outcome text = Cli.run("forward", "--model", "../datasets/models/dm_control/walker.xml");
    assertTrue(text.out().contains("torso_subtreelinvel.x"), text.out());
  }

  private static double[] doubles(com.google.gson.JsonObject o, String key) {
    com.google.gson.JsonArray a = o.getAsJsonArray(key);
    double[] v = new double[a.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = a.get(i).getAsDouble();
    }
    return v;
  }

  private static String csv(com.google.gson.JsonObject o, String key) {
    return Cli.csv(doubles(o, key));
  }
}
