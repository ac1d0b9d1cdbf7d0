package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.diffart.backends.Backends;
import org.diffart.backends.Rollout;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The magics installed as IJava would install them: into a plain basekernel host with its own
 * registry, called through the registry.
 */
class WorkbenchMagicsTest {

  /** The smallest basekernel host: no JShell, nothing of the diffart kernel. */
  private final PlainHost host = new PlainHost();

  private final Magics magics = new Magics();

  WorkbenchMagicsTest() {
    DiffartExtension.install(host, magics);
  }

  private <T> T line(String name, String... args) throws Exception {
    return magics.applyLineMagic(name, List.of(args));
  }

  @Test
  void modelMagicLoadsBuiltinsAndInlineMjcf() throws Exception {
    Model pendulum = line("model", "builtin:pendulum:2");
    assertEquals(2, pendulum.nq());
    Model inline =
        magics.applyCellMagic(
            "model",
            List.of(),
            """
            <mujoco model="slider">
              <worldbody>
                <body name="cart">
                  <joint name="x" type="slide" axis="1 0 0"/>
                  <geom type="box" size=".1 .1 .1" mass="1"/>
                </body>
              </worldbody>
              <actuator><motor name="push" joint="x"/></actuator>
            </mujoco>
            """);
    assertEquals("slider", inline.name());
    assertEquals(1, inline.nu());
  }

  @Test
  void modelMagicChoosesTheContactSolver() throws Exception {
    Model file = line("model", "../datasets/models/sdf/pebbles.xml");
    assertEquals(org.diffart.sim.model.ContactSolver.PDIPM, file.opt().solver());
    Model pgs = line("model", "../datasets/models/sdf/pebbles.xml", "--solver", "pgs");
    assertEquals(org.diffart.sim.model.ContactSolver.PGS, pgs.opt().solver());
    Model inline =
        magics.applyCellMagic(
            "model",
            List.of("--solver", "lcp-pdipm"),
            """
            <mujoco><worldbody><geom type="plane" size="1 1 .1"/>
              <body><freejoint/><geom size=".1"/></body></worldbody></mujoco>
            """);
    assertEquals(8, inline.opt().frictionDirections());
    assertUsage("use pgs or lcp-pdipm", () -> line("model", "builtin:ant", "--solver", "lemke"));
  }

  @Test
  void modelRendersAsItsSummaryTables() throws Exception {
    DisplayData shown = host.getRenderer().render(line("model", "builtin:pendulum:3"));
    String html = (String) shown.getData(MIMEType.TEXT_HTML);
    assertTrue(html.contains("<caption>joints</caption>") && html.contains("joint2"), html);
  }

  @Test
  void argumentErrorsGiveTheUsage() throws Exception {
    assertUsage("%model MODEL", () -> line("model"));
    assertUsage("no model yet", () -> line("rollout", "--steps", "100"));
    line("model", "builtin:pendulum:2");
    assertUsage("missing --steps", () -> line("rollout"));
    assertUsage("%rollout --steps N", () -> line("rollout", "--steps", "ten"));
    assertUsage("%rollout --steps N", () -> line("rollout", "--steps", "0"));
    assertUsage("%rollout --steps N", () -> line("rollout", "--steps", "5", "--speed", "2"));
    assertUsage("keyframes: [0 hang]", () -> line("rollout", "--steps", "5", "--key", "nokey"));
    assertUsage("available: cpu", () -> line("backend", "cpu,quantum"));
    assertUsage("%%model", () -> magics.applyCellMagic("model", List.of("extra"), "<mujoco/>"));
  }

  @Test
  void backendSelectionIsRemembered() throws Exception {
    assertEquals(List.of("cpu"), line("backend"));
    assertEquals(List.of("cpu"), line("backend", "cpu,", "cpu"));
  }

  @Test
  void rolloutReportsFinalStateTimingAndTrajectory() throws Exception {
    line("model", "builtin:pendulum:2");
    RolloutReport report = line("rollout", "--steps", "300", "--key", "hang", "--worlds", "2");
    assertEquals(List.of("cpu"), report.backends());
    assertEquals("key hang, worlds w > 0 perturbed by 0.001", report.start());
    Rollout.Result cpu = report.result("cpu");
    assertEquals(300, cpu.steps());
    assertEquals(0.3, cpu.times()[cpu.times().length - 1], 1e-9);
    assertNotEquals(Math.PI / 2, report.finalQpos()[0]);
    assertEquals(
        1, report.figure().panels().size(), "two hinges of one chain: one panel of angles");
    assertEquals(
        2,
        report.figure().panels().get(0).getSeriesMap().values().stream()
            .filter(org.knowm.xchart.internal.series.Series::isShowInLegend)
            .count());
    assertEquals(1, report.table().rowCount());
    DisplayData shown = host.getRenderer().render(report);
    assertTrue(
        ((String) shown.getData(MIMEType.TEXT_HTML)).contains("<img src=\"data:image/png;base64,"));
    assertTrue(shown.hasDataForType(MIMEType.IMAGE_PNG));
    assertTrue(((String) shown.getData(MIMEType.TEXT_PLAIN)).contains("final qpos, world 0 (rad)"));
  }

  @Test
  void cpuAndOpenClSideBySideFromPerturbedWorldsAgreeBitForBit() throws Exception {
    Model m = line("model", "builtin:laikago");
    assertEquals(List.of("cpu", "opencl"), line("backend", "cpu,opencl"));
    RolloutReport report = line("rollout", "--steps", "200", "--key", "stand", "--worlds", "3");

    assertEquals(List.of("cpu", "opencl"), report.backends());
    double[] cpu = report.result("cpu").finalQpos(), opencl = report.result("opencl").finalQpos();
    assertArrayEquals(cpu, opencl, "the same worlds, the same bits");
    assertNotEquals(cpu[2], cpu[m.nq() + 2], "world 1 starts perturbed");
    var table = report.table();
    assertEquals(0.0, table.doubleColumn("max |Δ final qpos| vs cpu, all worlds").get(1));
    assertTrue(table.doubleColumn("world-steps per second").get(1) > 0);
    assertTrue(report.start().contains("perturbed by 0.001"), report.start());
    // each backend is built and warmed up before its rollout is timed, and that time has its own
    // column
    assertEquals(report.setupMs(), table.doubleColumn("build + warm-up").asList());
    // a quaternion has no unit: the columns say which parts are which
    assertTrue(
        table.columnNames().contains("final qpos, world 0 (m, quaternion, rad)"),
        table.columnNames()::toString);
    assertTrue(
        table.columnNames().contains("final qvel, world 0 (m/s, rad/s)"),
        table.columnNames()::toString);
    // panels name the branches of a legged robot, never a chain's root body alone
    List<String> titles = report.figure().panels().stream().map(c -> c.getTitle()).toList();
    assertTrue(
        titles.contains("laikago on cpu: torso position")
            && titles.contains("laikago on cpu: hinge angles, FR_hip"),
        titles::toString);
    assertTrue(report.setupMs().stream().allMatch(ms -> ms > 0), report.setupMs()::toString);
  }

  @Test
  void capabilitiesShowTheMatrixVerifiedByRunningIt() throws Exception {
    CapabilityReport declared = line("capabilities", "--declared");
    assertEquals(
        List.of("group", "key", "capability", "cpu", "opencl"), declared.table().columnNames());
    assertEquals(
        "–",
        declared
            .table()
            .stringColumn("opencl")
            .get(org.diffart.backends.Capability.DERIVATIVE_TAPE.ordinal()));
    assertEquals(
        CapabilityReport.Cell.NOT_TRIED,
        declared.cell("opencl", org.diffart.backends.Capability.DERIVATIVE_TAPE));

    CapabilityReport cpu = line("capabilities", "--backend", "cpu");
    assertEquals(List.of(), cpu.failures());
    assertEquals("✓", cpu.table().stringColumn("cpu").get(0));
    for (org.diffart.backends.Capability c : org.diffart.backends.Capability.values()) {
      if (c.group().equals("history")) {
        assertEquals(CapabilityReport.Cell.VERIFIED, cpu.cell("cpu", c), c.key());
      }
    }
    assertTrue(
        cpu.details()
            .stringColumn("what the probe measured or saw")
            .get(0)
            .contains("bitwise equal"));
    assertUsage("unknown backend 'tpu'", () -> line("capabilities", "--backend", "tpu"));
  }

  @Test
  void capabilitiesWritesAndShowsTheMatrixAsAFigureForASlide(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("caps.png");
    CapabilityReport declared =
        line("capabilities", "--declared", "--png", file.toString(), "--backend", "opencl");
    assertEquals(List.of("opencl"), declared.backends());
    java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(file.toFile());
    assertEquals(1920, img.getWidth());
    assertEquals(1080, img.getHeight());
  }

  @Test
  void rolloutWithProgressEqualsAPlainRollout() throws Exception {
    Model m = line("model", "builtin:pendulum:3");
    Rollout.Start start = Rollout.Start.key(m, 0);
    int steps = 3 * RolloutRunner.SAMPLES + 7; // a stride of 3 and a partial last stride
    Rollout.Result whole = Rollout.run(Backends.create("cpu", m, 1), start, steps, 3);
    Rollout.Result chunked =
        RolloutRunner.run(Backends.create("cpu", m, 1), start, steps, host.getIO().display);
    assertArrayEquals(whole.finalQpos(), chunked.finalQpos());
    assertArrayEquals(whole.finalQvel(), chunked.finalQvel());
    assertArrayEquals(whole.times(), chunked.times());
    assertArrayEquals(whole.qpos(), chunked.qpos());
  }

  @Test
  void anInterruptStopsALongRollout() throws Exception {
    line("model", "builtin:pendulum:2");
    CompletableFuture<Throwable> outcome = new CompletableFuture<>();
    Thread worker =
        new Thread(
            () -> {
              try {
                line("rollout", "--steps", "100000000");
                outcome.complete(null);
              } catch (Throwable t) {
                outcome.complete(t);
              }
            });
    worker.start();
    Thread.sleep(300);
    worker.interrupt();
    assertInstanceOf(InterruptedException.class, outcome.get(30, TimeUnit.SECONDS));
  }

  @Test
  void anInterruptStopsASweepSayingHowFarItGot() throws Exception {
    org.diffart.reproduce.SweepProbe.plan(List.of("v-0", "sleep-60000-1", "sleep-60000-2"));
    CompletableFuture<Throwable> outcome = new CompletableFuture<>();
    Thread worker =
        new Thread(
            () -> {
              try {
                line("reproduce", "sweep-probe", "--quick", "--runner", "inprocess");
                outcome.complete(null);
              } catch (Throwable t) {
                outcome.complete(t);
              }
            });
    worker.start();
    Thread.sleep(1000);
    worker.interrupt();
    Throwable t = outcome.get(30, TimeUnit.SECONDS);
    org.diffart.reproduce.SweepProbe.plan(List.of("v-0", "v-1", "v-2"));
    assertInstanceOf(IllegalStateException.class, t);
    assertTrue(t.getMessage().contains("interrupted after 1 of 3 units"), t.getMessage());
  }

  @Test
  void anUnknownRunnerIsAUsageError() {
    assertUsage("--runner", () -> line("reproduce", "sweep-probe", "--quick", "--runner", "ray"));
  }

  private static void assertUsage(String expected, ThrowingSupplier call) {
    MagicUsageException e = assertThrows(MagicUsageException.class, call::get);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().contains("usage: %"), e.getMessage());
  }

  @FunctionalInterface
  private interface ThrowingSupplier {
    Object get() throws Exception;
  }
}
