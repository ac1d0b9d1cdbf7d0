package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InfoCommandTest {

  @Test
  void jsonGivesSizesJointsActuatorsAndKeyframes() {
    Cli.Outcome r = Cli.run("info", "--model", "builtin:pendulum:3", "--json");

    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    JsonObject o = r.json();
    assertTrue(
        o.keySet()
            .containsAll(
                Set.of(
                    "nq",
                    "nv",
                    "nu",
                    "nbody",
                    "njnt",
                    "ngeom",
                    "joints",
                    "name",
                    "timestep",
                    "integrator",
                    "actuators",
                    "keyframes",
                    "total_mass",
                    "warnings")),
        o.keySet().toString());
    assertEquals(3, o.get("nq").getAsInt());
    assertEquals(3, o.get("nv").getAsInt());
    assertEquals(3, o.get("nu").getAsInt());
    assertEquals(4, o.get("nbody").getAsInt());
    assertEquals(0.001, o.get("timestep").getAsDouble());
    assertEquals("euler", o.get("integrator").getAsString());
    assertEquals(1 + 2 * 2.16, o.get("total_mass").getAsDouble(), 1e-12);
    JsonObject joint = o.getAsJsonArray("joints").get(2).getAsJsonObject();
    assertEquals(Set.of("name", "type", "body", "qposadr", "dofadr"), joint.keySet());
    assertEquals("hinge", joint.get("type").getAsString());
    assertEquals(2, joint.get("qposadr").getAsInt());
    assertEquals(
        "hang", o.getAsJsonArray("keyframes").get(0).getAsJsonObject().get("name").getAsString());
    JsonObject motor = o.getAsJsonArray("actuators").get(0).getAsJsonObject();
    assertEquals(10, motor.get("gear").getAsDouble());
    assertEquals(-1, motor.getAsJsonArray("ctrlrange").get(0).getAsDouble());
  }

  @Test
  void limitedJointsHaveARangeAndTheFreeJointNone() {
    JsonArray joints =
        Cli.run("info", "--model", "builtin:laikago", "--json").json().getAsJsonArray("joints");

    JsonObject root = joints.get(0).getAsJsonObject();
    assertEquals("free", root.get("type").getAsString());
    assertFalse(root.has("range"));
    JsonObject knee = joints.get(3).getAsJsonObject();
    JsonArray range = knee.getAsJsonArray("range");
    assertEquals(2, range.size());
    assertTrue(range.get(0).getAsDouble() < range.get(1).getAsDouble());
    assertEquals(7, joints.get(1).getAsJsonObject().get("qposadr").getAsInt());
    assertEquals(6, joints.get(1).getAsJsonObject().get("dofadr").getAsInt());
  }

  @Test
  void siteActuatorsGiveTheirSitesAndSixGearComponents() {
    JsonArray actuators =
        Cli.run("info", "--model", "../datasets/reference/sites314/site_arm.xml", "--json")
            .json()
            .getAsJsonArray("actuators");

    JsonObject wrench = actuators.get(0).getAsJsonObject();
    assertEquals("tip", wrench.get("site").getAsString());
    assertFalse(wrench.has("refsite"));
    assertFalse(wrench.has("tendon"));
    assertEquals(6, wrench.getAsJsonArray("gear").size());
    assertEquals(0.03, wrench.getAsJsonArray("gear").get(5).getAsDouble());
    JsonObject servo = actuators.get(1).getAsJsonObject();
    assertEquals("side_ref", servo.get("refsite").getAsString());
  }

  @Test
  void withoutJsonPrintsTables() {
    Cli.Outcome r = Cli.run("info", "--model", "builtin:pendulum:2");

    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("pendulum2: nq=2 nv=2 nu=2"), r.out());
    assertTrue(
        r.out().contains("joints") && r.out().contains("actuators") && r.out().contains("joint1"),
        r.out());
    assertTrue(r.out().contains("keyframe 0: hang"), r.out());
  }

  @Test
  void aMalformedModelFileIsARuntimeErrorNamingFileAndLine(@TempDir Path dir) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("bad.xml"),
            "<mujoco>\n  <worldbody>\n    <body name=\"b\">\n      <bogus/>\n    </body>\n  </worldbody>\n</mujoco>\n");

    Cli.Outcome r = Cli.run("info", "--model", file.toString(), "--json");

    assertEquals(1, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().contains(file + ":4: bogus:"), r.err());
    assertFalse(r.err().contains("Usage:"), r.err());
  }

  @Test
  void aMissingModelFileIsARuntimeError(@TempDir Path dir) {
    Cli.Outcome r = Cli.run("info", "--model", dir.resolve("none.xml").toString());

    assertEquals(1, r.code());
    assertTrue(r.err().contains("none.xml"), r.err());
  }
}
