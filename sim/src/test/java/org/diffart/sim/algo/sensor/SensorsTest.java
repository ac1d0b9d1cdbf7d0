package org.diffart.sim.algo.sensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * Sensors by physics and by their definitions, beside the comparison with MuJoCo ({@code
 * MujocoReferenceTest}, {@code DmControlSuiteTest}), which has contacts off: the touch and force
 * sensors of a box resting on the floor carry its weight, an accelerometer at rest reads +g, and
 * sensors never change the motion.
 */
class SensorsTest {
  private static final String BOX_ON_FLOOR =
      """
      <mujoco>
        <option timestep="0.001"/>
        <worldbody>
          <geom type="plane" size="1 1 0.1"/>
          <body name="box" pos="0 0 0.1">
            <freejoint/>
            <geom type="box" size="0.1 0.1 0.1" mass="2"/>
            <site name="bottom" type="box" size="0.11 0.11 0.02" pos="0 0 -0.1"/>
            <site name="top" type="sphere" size="0.02" pos="0 0 0.1"/>
            <site name="centre"/>
          </body>
        </worldbody>
        <sensor>
          <touch site="bottom"/>
          <touch site="top"/>
          <accelerometer site="centre"/>
          <force site="centre"/>
          <torque site="centre"/>
          <subtreecom body="box"/>
        </sensor>
      </mujoco>
      """;

  @Test
  void aBoxRestingOnTheFloorWeighsOnItsBottomTouchSensor() {
    Model m = ModelLoader.loadMjcfString(BOX_ON_FLOOR, "box");
    Data d = new Data(m);
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
    }
    Step.forward(m, d);
    double weight = 2 * 9.81;
    assertEquals(weight, d.sensordata[0], 1e-3 * weight, "touch under the box");
    assertEquals(0, d.sensordata[1], "touch on top");
    // at rest the accelerometer reads +g; the interaction force with the (world) parent is 0: the
    // floor carries it
    assertArrayEquals(new double[] {0, 0, 9.81}, slice(d.sensordata, 2, 3), 1e-3);
    assertArrayEquals(new double[] {0, 0, 0}, slice(d.sensordata, 5, 3), 1e-3 * weight);
    assertArrayEquals(new double[] {0, 0, 0}, slice(d.sensordata, 8, 3), 1e-3 * weight);
    assertArrayEquals(
        new double[] {d.xpos[3], d.xpos[4], d.xpos[5]}, slice(d.sensordata, 11, 3), 1e-15);
  }

  @Test
  void sensorsNeverChangeTheMotion() throws IOException {
    String withSensors =
        Files.readString(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/sensors.xml"));
    String without = withSensors.replaceAll("(?s)<sensor>.*</sensor>", "");
    Model a = ModelLoader.loadMjcfString(withSensors, "with"),
        b = ModelLoader.loadMjcfString(without, "without");
    assertEquals(0, b.nsensor());
    Data da = new Data(a), db = new Data(b);
    da.qvel[3] = db.qvel[3] = 1.5;
    da.ctrl[0] = db.ctrl[0] = 0.7;
    for (int s = 0; s < 300; s++) {
      Step.step(a, da);
      Step.step(b, db);
    }
    assertArrayEquals(db.qpos, da.qpos);
    assertArrayEquals(db.qvel, da.qvel);
  }

  @Test
  void sensorsReadTheStartOfTheStep() {
    Model m =
        ModelLoader.loadMjcfString(BOX_ON_FLOOR.replace("pos=\"0 0 0.1\"", "pos=\"0 0 1\""), "box");
    Data d = new Data(m);
    double z = d.qpos[2];
    Step.step(m, d);
    assertEquals(z, d.sensordata[13], "subtreecom z before the step");
    assertFalse(d.qpos[2] == z);
  }

  @Test
  void raysMeetTheSolidShapes() {
    // from outside towards the shape, away from it, and from inside
    double[] towards = {0, 0, 2, 0, 0, -1},
        away = {0, 0, 2, 0, 0, 1},
        inside = {0.01, 0, 0, 0, 1, 0};
    double[] beside = {2, 0, 2, 0, 0, -1};
    for (GeomType t :
        new GeomType[] {
          GeomType.SPHERE, GeomType.ELLIPSOID, GeomType.BOX, GeomType.CYLINDER, GeomType.CAPSULE
        }) {
      assertTrue(Sensors.rayMeetsShape(t, 0.5, 0.5, 0.5, towards.clone()), t + " towards");
      assertFalse(Sensors.rayMeetsShape(t, 0.5, 0.5, 0.5, away.clone()), t + " away");
      assertTrue(Sensors.rayMeetsShape(t, 0.5, 0.5, 0.5, inside.clone()), t + " inside");
      assertFalse(Sensors.rayMeetsShape(t, 0.5, 0.5, 0.5, beside.clone()), t + " beside");
    }
    // a capsule's caps reach half-length + radius; a cylinder's end is flat
    double[] alongAxis = {0, 0, 0.9, 0, 1, 0};
    assertTrue(Sensors.rayMeetsShape(GeomType.CAPSULE, 0.5, 0.5, 0, alongAxis.clone()));
    assertFalse(Sensors.rayMeetsShape(GeomType.CYLINDER, 0.5, 0.5, 0, alongAxis.clone()));
  }

  /**
   * MuJoCo's {@code <flag sensor="disable"/>}: no step or forward evaluation writes {@code
   * sensordata}, the motion is the same, and a damped step has no evaluation of its own to run for
   * its sensors.
   */
  @Test
  void theSensorFlagTurnsTheSensorsOff() throws IOException {
    String xml =
        Files.readString(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/damped_sensors.xml"));
    Model on = ModelLoader.loadMjcfString(xml, "on");
    Model off =
        ModelLoader.loadMjcfString(
            xml.replace(
                "<option timestep=\"0.01\"/>",
                "<option timestep=\"0.01\"><flag sensor=\"disable\"/></option>"),
            "off");
    assertFalse(off.opt().sensor());
    Data a = new Data(on), b = new Data(off);
    a.resetToKey(0);
    b.resetToKey(0);
    assertTrue(Step.separateOutputs(on, a) && !Step.separateOutputs(off, b));
    for (int s = 0; s < 50; s++) {
      Step.step(on, a);
      Step.step(off, b);
    }
    assertArrayEquals(a.qpos, b.qpos);
    assertArrayEquals(a.qvel, b.qvel);
    assertArrayEquals(new double[off.nsensordata()], b.sensordata);
    assertTrue(java.util.Arrays.stream(a.sensordata).anyMatch(v -> v != 0));
    for (double[] row : org.diffart.sim.diff.Transition.exact(off, b).C()) {
      assertArrayEquals(new double[row.length], row, "no sensors, no rows of C");
    }
  }

  @Test
  void refusalsNameTheSensor() {
    ModelFormatException e =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    "<mujoco>\n<worldbody/>\n<sensor>\n<gyro site=\"nowhere\"/>\n</sensor>\n</mujoco>",
                    "cell"));
    assertEquals(4, e.line());
    assertTrue(e.detail().contains("unknown site 'nowhere'"), e.getMessage());
    e =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    "<mujoco>\n<worldbody><site name=\"s\"/></worldbody>\n<sensor>\n<sonar site=\"s\"/>\n</sensor>\n"
                        + "</mujoco>",
                    "cell"));
    assertTrue(
        e.detail().contains("unsupported sensor <sonar> (supported: touch, accelerometer"),
        e.getMessage());
    e =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    "<mujoco>\n<worldbody/>\n<sensor>\n<user objtype=\"site\" objname=\"s\" dim=\"2\"/>\n</sensor>\n"
                        + "</mujoco>",
                    "cell"));
    assertTrue(
        e.detail().contains("user sensors are written by MuJoCo's sensor callback"),
        e.getMessage());
    // as MuJoCo 2.2.2's compiler: ball sensors read ball joints, limit sensors limited joints and
    // tendons
    String joints =
        "<mujoco>\n<worldbody><body><joint name=\"h\"/><joint name=\"b\" type=\"ball\"/>"
            + "<geom size=\"1\"/></body></worldbody>\n<tendon><fixed name=\"t\"><joint joint=\"h\" coef=\"1\"/></fixed>"
            + "</tendon>\n<sensor>\n%s\n</sensor>\n</mujoco>";
    for (String[] c :
        new String[][] {
          {"<ballquat joint=\"h\"/>", "it reads ball joints"},
          {"<ballangvel joint=\"h\"/>", "it reads ball joints"},
          {"<jointpos joint=\"b\"/>", "hinge and slide"},
          {"<jointlimitfrc joint=\"h\"/>", "joint 'h' is not limited"},
          {"<tendonlimitpos tendon=\"t\"/>", "tendon 't' is not limited"}
        }) {
      e =
          assertThrows(
              ModelFormatException.class,
              () -> ModelLoader.loadMjcfString(joints.formatted(c[0]), "cell"),
              c[0]);
      assertTrue(e.getMessage().contains(c[1]), e.getMessage());
    }
    e =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    "<mujoco>\n<worldbody><body><freejoint name=\"f\"/><geom size=\"1\"/></body></worldbody>\n<sensor>\n"
                        + "<jointpos joint=\"f\"/>\n</sensor>\n</mujoco>",
                    "cell"));
    assertTrue(e.detail().contains("joint sensors read hinge and slide joints"), e.getMessage());
  }

  /**
   * The limit sensors on violated limits ({@code trajectories/limit_sensors}): distances and
   * velocities equal MuJoCo 2.2.2's; the forces are ours (hard limits, where MuJoCo's are soft) and
   * push away from the bounds; within range every one reads 0.
   */
  @Test
  void limitSensorsReadTheViolatedLimitsAsMujoco() throws IOException {
    java.nio.file.Path dir = ReferenceFiles.repoRoot().resolve("datasets/reference/trajectories");
    Model m = ModelLoader.load(dir.resolve("limit_sensors.xml"));
    com.google.gson.JsonObject ref =
        com.google.gson.JsonParser.parseString(Files.readString(dir.resolve("limit_sensors.json")))
            .getAsJsonObject();
    double[] expected =
        ReferenceFiles.doubles(
            ref.getAsJsonArray("frames").get(0).getAsJsonObject().get("sensordata"));
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("violated"));
    Step.step(m, d);
    for (int i = 0; i < m.nsensor(); i++) {
      String what = m.sensorType(i).mjcfName() + " " + i;
      if (m.sensorType(i).stage == org.diffart.sim.model.SensorType.Stage.ACC) {
        assertTrue(d.sensordata[i] > 1, what + " pushes back: " + d.sensordata[i]);
      } else {
        assertTrue(expected[i] != 0, what);
        assertEquals(expected[i], d.sensordata[i], 1e-12, what);
      }
    }
    d.resetToKey(m.keyLookup("inside"));
    Step.step(m, d);
    assertArrayEquals(new double[m.nsensordata()], d.sensordata, "within range");
  }

  private static double[] slice(double[] a, int from, int n) {
    return java.util.Arrays.copyOfRange(a, from, from + n);
  }
}
