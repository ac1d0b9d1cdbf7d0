package org.diffart.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.display.Renderer;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

class ModelSummaryTest {

  private static Model pendulum() {
    ModelBuilder b = new ModelBuilder("pendulum");
    BodySpec link = b.addBody(0, "link").pos(0, 0, 1);
    int hinge =
        b.addJoint(link.id(), JointType.HINGE, "hinge")
            .axis(0, 1, 0)
            .range(-1, 1)
            .damping(0.1)
            .id();
    b.addGeom(link.id(), GeomType.CAPSULE, "rod").size(0.02).fromto(0, 0, 0, 0, 0, -0.5).mass(1);
    b.addActuator(ActuatorType.MOTOR, hinge, "torque").gear(2).ctrlRange(-3, 3);
    return b.build();
  }

  @Test
  void tablesListBodiesJointsAndActuators() {
    Model m = pendulum();
    Table bodies = ModelSummary.bodies(m);
    assertEquals(2, bodies.rowCount());
    assertEquals("world", bodies.stringColumn("parent").get(1));
    assertEquals(1.0, bodies.doubleColumn("mass (kg)").get(1), 1e-12);
    Table joints = ModelSummary.joints(m);
    assertEquals("hinge", joints.stringColumn("type").get(0));
    assertEquals("link", joints.stringColumn("body").get(0));
    assertEquals(0.1, joints.doubleColumn("damping").get(0), 1e-12);
    assertTrue(joints.stringColumn("range").get(0).startsWith("[-1"), joints.print());
    Table actuators = ModelSummary.actuators(m);
    assertEquals("motor", actuators.stringColumn("type").get(0));
    assertEquals(2.0, actuators.doubleColumn("gear").get(0), 1e-12);
  }

  @Test
  void siteActuatorsNameTheirSites() {
    Table actuators =
        ModelSummary.actuators(
            org.diffart.sim.io.ModelLoader.load("../datasets/reference/sites314/site_arm.xml"));
    assertEquals("site tip", actuators.stringColumn("joint").get(0));
    assertEquals("site tip in side_ref", actuators.stringColumn("joint").get(1));
  }

  @Test
  void modelsRenderAsTheirSummary() {
    Renderer renderer = new Renderer();
    Displays.register(renderer);
    DisplayData data = renderer.render(pendulum());
    String html = (String) data.getData(MIMEType.TEXT_HTML);
    assertTrue(html.contains("pendulum: nq=1 nv=1 nu=1 nbody=2 njnt=1 ngeom=1"), html);
    assertTrue(html.contains("<caption>actuators</caption>"), html);
    assertTrue(((String) data.getData(MIMEType.TEXT_PLAIN)).contains("torque"));
  }

  /**
   * A model's warnings read in plain text too, not only in HTML (a terminal front end or a CI log
   * shows them).
   */
  @Test
  void warningsShowInTextAndHtml() {
    Model m =
        org.diffart.sim.io.ModelLoader.loadMjcfString(
            "<mujoco>\n  <option impratio=\"10\"/>\n  <worldbody>\n"
                + "    <body><joint type=\"hinge\"/><geom size=\"0.1\"/></body>\n  </worldbody>\n</mujoco>",
            "cell");
    String warning = "warning: cell:2: option impratio=\"10\" ignored";
    assertTrue(ModelSummary.text(m).contains("\n" + warning), ModelSummary.text(m));
    assertTrue(ModelSummary.html(m).contains(TableHtml.escape(warning)), ModelSummary.html(m));
  }

  @Test
  void sensorsAreListedWithWhatTheyRead() {
    Model m =
        org.diffart.sim.io.ModelLoader.load(
            java.nio.file.Path.of("../datasets/models/dm_control/hopper.xml"));
    Table sensors = ModelSummary.sensors(m);
    assertEquals(m.nsensor(), sensors.rowCount());
    assertEquals("touch", sensors.stringColumn("type").get(1));
    assertEquals("site touch_toe", sensors.stringColumn("reads").get(1));
    assertTrue(ModelSummary.html(m).contains("<caption>sensors</caption>"));
    assertTrue(ModelSummary.sizes(m).contains("nsensor=3"), ModelSummary.sizes(m));
  }
}
