package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import java.util.List;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/**
 * %forward, %transition, %jac, %derivatives and %info, the command line's one-state commands as
 * magics, on the current model.
 */
class StateMagicsTest {
  private final PlainHost host = new PlainHost();
  private final Magics magics = new Magics();

  StateMagicsTest() {
    DiffartExtension.install(host, magics);
  }

  private <T> T line(String name, String... args) throws Exception {
    return magics.applyLineMagic(name, List.of(args));
  }

  @Test
  void forwardGivesTheAccelerationsAndTheSensorsByName() throws Exception {
    Model m = line("model", "../datasets/reference/models/sensors.xml");
    ForwardReport r = line("forward", "--qvel", "1,0,0,0,0,0,0.5,0.2,0,0,0", "--no-contact");
    Data d = new Data(m.withOptions(m.opt().toBuilder().contact(false).build()));
    d.qvel[0] = 1;
    d.qvel[6] = 0.5;
    d.qvel[7] = 0.2;
    Step.forward(d.model, d);
    assertArrayEquals(d.qacc, r.qacc());
    assertArrayEquals(
        new double[] {
          d.sensordata[m.sensorAdr(1)],
          d.sensordata[m.sensorAdr(1) + 1],
          d.sensordata[m.sensorAdr(1) + 2]
        },
        r.sensor("acc_imu"));
    assertTrue(r.start().contains("qvel given"), r.start());
    DisplayData shown = host.getRenderer().render(r);
    String html = (String) shown.getData(MIMEType.TEXT_HTML);
    assertTrue(html.contains(">acc_imu.x</td>") && html.contains(">free.vx</td>"), html);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> r.sensor("compass"));
    assertTrue(e.getMessage().contains("compass_imu"), e.getMessage());
    MagicUsageException bad =
        assertThrows(MagicUsageException.class, () -> line("forward", "--qvel", "1,x"));
    assertTrue(bad.getMessage().contains("'x' is not a number"), bad.getMessage());
  }

  @Test
  void transitionShowsItsFourMatricesWithNamedRowsAndColumns() throws Exception {
    Model m = line("model", "../datasets/reference/models/damped_sensors.xml");
    TransitionReport r = line("transition", "--key", "swing", "--method", "adjoint");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("swing"));
    Transition exact = Transition.exact(m, d);
    assertArrayEquals(exact.A()[3], r.transition().A()[3]);
    String html = (String) host.getRenderer().render(r).getData(MIMEType.TEXT_HTML);
    for (String part :
        List.of(
            "A = ∂x′/∂x",
            "D = ∂y/∂u",
            "<th>q shoulder.rx</th>",
            "<th>v hinge</th>",
            "<th>elbow_motor</th>",
            "<th>accelerometer1.x</th>")) {
      assertTrue(html.contains(part), part + " in\n" + html);
    }
    String text = (String) host.getRenderer().render(r).getData(MIMEType.TEXT_PLAIN);
    assertTrue(
        text.startsWith("transition of damped_sensors from key swing by adjoint: nx = 10"), text);
    assertFalse(text.contains("@"), "no object identities: " + text);
    assertThrows(MagicUsageException.class, () -> line("transition", "--method", "tape"));
  }

  @Test
  void jacShowsTheJacobianWithTheDofsNamed() throws Exception {
    Model m = line("model", "../datasets/reference/derivatives314/floating.xml");
    String qpos = "0.1,0.2,0.9,0.8,0.2,-0.3,0.1,0.6,0.4,0.2,-0.1,0.7";
    JacobianReport r = line("jac", "--site", "end", "--qpos", qpos);
    Data d = new Data(m);
    System.arraycopy(
        new double[] {0.1, 0.2, 0.9, 0.8, 0.2, -0.3, 0.1, 0.6, 0.4, 0.2, -0.1, 0.7},
        0,
        d.qpos,
        0,
        12);
    KinematicJacobian exact = Derivatives.siteJacobian(m, d, m.siteId("end"));
    for (int k = 0; k < 3; k++) {
      assertArrayEquals(exact.translation()[k], r.jacobian().translation()[k]);
      assertArrayEquals(exact.rotation()[k], r.jacobian().rotation()[k]);
    }
    String html = (String) host.getRenderer().render(r).getData(MIMEType.TEXT_HTML);
    for (String part :
        List.of(
            "jacp: point velocity / qvel",
            "jacr: angular velocity / qvel",
            "<th>root.wz</th>",
            "<th>ball.wx</th>",
            "<th>hinge</th>")) {
      assertTrue(html.contains(part), part + " in\n" + html);
    }
    String text = (String) host.getRenderer().render(r).getData(MIMEType.TEXT_PLAIN);
    assertTrue(
        text.startsWith("jacobian of site end of derivative_floating (qpos0 at rest, qpos given)"),
        text);
    JacobianReport com = line("jac", "--body", "tip", "--com");
    assertEquals("body_com", com.jacobian().frame());
    MagicUsageException unknown =
        assertThrows(MagicUsageException.class, () -> line("jac", "--site", "nose"));
    assertTrue(
        unknown
            .getMessage()
            .contains(
                "--site: unknown site 'nose' of model derivative_floating; sites: [imu, end]"),
        unknown.getMessage());
    MagicUsageException point =
        assertThrows(
            MagicUsageException.class, () -> line("jac", "--body", "tip", "--point", "1,2"));
    assertTrue(point.getMessage().contains("--point needs exactly 3 values"), point.getMessage());
    assertThrows(MagicUsageException.class, () -> line("jac"));
  }

  @Test
  void derivativesShowTheFiveMatricesWithNamedRowsAndColumns() throws Exception {
    Model m = line("model", "../datasets/reference/derivatives314/arm.xml");
    DerivativesReport r = line("derivatives", "--qvel", "1,-2,0.5", "--act", "0.3");
    Data d = new Data(m);
    d.qvel[0] = 1;
    d.qvel[1] = -2;
    d.qvel[2] = 0.5;
    d.act[0] = 0.3;
    SmoothDerivatives exact = Derivatives.smooth(m, d);
    assertEquals("adjoint", r.derivatives().method());
    for (int i = 0; i < m.nv(); i++) {
      assertArrayEquals(exact.qfrcSmoothDqvel()[i], r.derivatives().qfrcSmoothDqvel()[i]);
      assertArrayEquals(exact.qaccDctrl()[i], r.derivatives().qaccDctrl()[i]);
    }
    String html = (String) host.getRenderer().render(r).getData(MIMEType.TEXT_HTML);
    for (String part :
        List.of(
            "∂qfrc_smooth/∂qvel = qDeriv (3×3)",
            "∂qacc/∂act (3×1)",
            "∂qacc/∂ctrl (3×4)",
            "<th>act wrist</th>",
            "<th>couple</th>",
            "<th>elbow</th>")) {
      assertTrue(html.contains(part), part + " in\n" + html);
    }
    DerivativesReport fd = line("derivatives", "--method", "fd", "--eps", "1e-5");
    assertEquals("fd", fd.derivatives().method());
    assertThrows(MagicUsageException.class, () -> line("derivatives", "--method", "tape"));
  }

  @Test
  void infoDescribesTheCurrentModelOrAnother() throws Exception {
    line("model", "builtin:pendulum:2");
    Table t = line("info");
    assertEquals("2, 2, 2, 0", t.stringColumn("value").get(0));
    Table other = line("info", "../datasets/models/dm_control/dog.xml");
    assertEquals("dog", other.name());
    assertTrue(
        other.stringColumn("field").asList().contains("warning"),
        "the dog's soft-contact options warn");
  }

  @Test
  void transitionTakesTheHistoryIntoItsStateWhenAskedAndNamesItsColumns() throws Exception {
    Model m = line("model", "../datasets/reference/history314/delayed_arm.xml");
    MagicUsageException none =
        assertThrows(MagicUsageException.class, () -> line("transition", "--history-init", "x"));
    assertTrue(none.getMessage().contains("'x'"), none.getMessage());
    TransitionReport r =
        line("transition", "--history", "--history-init", "filled", "--method", "adjoint");
    Data d = new Data(m);
    Step.initHistory(m, d, org.diffart.sim.algo.history.HistoryInit.FILLED);
    Transition exact = Transition.exact(m, d, true);
    assertArrayEquals(exact.A()[10], r.transition().A()[10]);
    assertTrue(r.start().contains("history filled"), r.start());
    String html = (String) host.getRenderer().render(r).getData(MIMEType.TEXT_HTML);
    assertTrue(html.contains(">h framepos3[1].z</th>"), "a named history column");
    assertTrue(r.title().contains("the history's samples"), r.title());
  }
}
