package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class ModelLoaderTest {

  @Test
  void choosesTheFormatByExtensionOrBuiltinPrefix() {
    assertEquals(
        "defaults", ModelLoader.load(TestModels.path("mjcf/defaults.xml").toString()).name());
    Model urdf = ModelLoader.load(TestModels.path("urdf/floating.urdf").toString());
    assertEquals(JointType.FREE, urdf.jntType(0));
    assertEquals("pendulum4", ModelLoader.load("builtin:pendulum:4").name());
  }

  @Test
  void unknownExtensionIsRefusedWithTheAccepted() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ModelLoader.load(Path.of("robot.sdf")));
    assertTrue(
        e.getMessage().contains(".xml")
            && e.getMessage().contains(".urdf")
            && e.getMessage().contains("builtin:"),
        e.getMessage());
  }

  @Test
  void inlineMjcfLoads() {
    Model m =
        ModelLoader.loadMjcfString(
            "<mujoco model=\"cell\"><worldbody><body><joint/><geom size=\"1\"/>"
                + "</body></worldbody></mujoco>",
            "cell[1]");
    assertEquals("cell", m.name());
    assertEquals(1, m.nv());
  }
}
