package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * Sensors by physics and by their definitions, beside the comparison with MuJoCo ({@code MujocoReferenceTest},
 * {@code DmControlSuiteTest}), which has contacts off: the touch and force sensors of a box resting on the floor
 * carry its weight, an accelerometer at rest reads +g, and sensors never change the motion.
 */
class SensorsTest {
  private static final String BOX_ON_FLOOR = """
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
    // at rest the accelerometer reads +g; the interaction force with the (world) parent is 0: the floor carries it
    assertArrayEquals(new double[] {0, 0, 9.81}, slice(d.sensordata, 2, 3), 1e-3);
    assertArrayEquals(new double[] {0, 0, 0}, slice(d.sensordata, 5, 3), 1e-3 * weight);
    assertArrayEquals(new double[] {0, 0, 0}, slice(d.sensordata, 8, 3), 1e-3 * weight);
    assertArrayEquals(new double[] {d.xpos[3], d.xpos[4], d.xpos[5]}, slice(d.sensordata, 11, 3), 1e-15);
  }

  @Test
  void sensorsNeverChangeTheMotion() throws IOException {
    String withSensors = Files.readString(ReferenceFiles.repoRoot().resolve("datasets/reference/models/sensors.xml"));
    String without = withSensors.replaceAll("(?s)<sensor>.*</sensor>", "");
    Model a = ModelLoader.loadMjcfString(withSensors, "with"), b = ModelLoader.loadMjcfString(without, "without");
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
    Model m = ModelLoader.loadMjcfString(BOX_ON_FLOOR.replace("pos=\"0 0 0.1\"", "pos=\"0 0 1\""), "box");
    Data d = new Data(m);
    double z = d.qpos[2];
    Step.step(m, d);
    assertEquals(z, d.sensordata[13], "subtreecom z before the step");
    assertFalse(d.qpos[2] == z);
  }

  @Test
  void raysMeetTheSolidShapes() {
    // from outside towards the shape, away from it, and from inside
    double[] towards = {0, 0, 2, 0, 0, -1}, away = {0, 0, 2, 0, 0, 1}, inside = {0.01, 0, 0, 0, 1, 0};
    double[] beside = {2, 0, 2, 0, 0, -1};
    for (GeomType t : new GeomType[] {GeomType.SPHERE, GeomType.ELLIPSOID, GeomType.BOX, GeomType.CYLINDER,
        GeomType.CAPSULE}) {
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

  @Test
  void refusalsNameTheSensor() {
    ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelLoader.loadMjcfString(
        "<mujoco>\n<worldbody/>\n<sensor>\n<gyro site=\"nowhere\"/>\n</sensor>\n</mujoco>", "cell"));
    assertEquals(4, e.line());
    assertTrue(e.detail().contains("unknown site 'nowhere'"), e.getMessage());
    e = assertThrows(ModelFormatException.class, () -> ModelLoader.loadMjcfString(
        "<mujoco>\n<worldbody><site name=\"s\"/></worldbody>\n<sensor>\n<magnetometer site=\"s\"/>\n</sensor>\n"
            + "</mujoco>", "cell"));
    assertTrue(e.detail().contains("unsupported sensor <magnetometer> (supported: touch, accelerometer"),
        e.getMessage());
    e = assertThrows(ModelFormatException.class, () -> ModelLoader.loadMjcfString(
        "<mujoco>\n<worldbody><body><freejoint name=\"f\"/><geom size=\"1\"/></body></worldbody>\n<sensor>\n"
            + "<jointpos joint=\"f\"/>\n</sensor>\n</mujoco>", "cell"));
    assertTrue(e.detail().contains("joint sensors read hinge and slide joints"), e.getMessage());
  }

  private static double[] slice(double[] a, int from, int n) {
    return java.util.Arrays.copyOfRange(a, from, from + n);
  }
}
