package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import java.util.List;
import org.diffart.kernel.display.Readable;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/** {@code %grad}: the methods side by side, through the magics as a host kernel installs them. */
class GradMagicTest {
  private final PlainHost host = new PlainHost();
  private final Magics magics = new Magics();

  GradMagicTest() {
    DiffartExtension.install(host, magics);
  }

  @SuppressWarnings("unchecked")
  private <T> T line(String name, String... args) throws Exception {
    return (T) magics.applyLineMagic(name, List.of(args));
  }

  private static void assertUsage(String expected, org.junit.jupiter.api.function.Executable call) {
    MagicUsageException e = assertThrows(MagicUsageException.class, call);
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(e.getMessage().contains("%grad --steps N"), e.getMessage());
  }

  @Test
  void theThreeMethodsAgreeOnASmoothRolloutAndShowSideBySide() throws Exception {
    Model m = line("model", "builtin:pendulum:2");
    GradReport r = line("grad", "--steps", "300", "--key", "hang");

    assertEquals(List.of("adjoint", "tape", "fd"), r.methods());
    assertEquals("tape", r.reference());
    assertTrue(r.difference("adjoint") < 1e-9, "adjoint vs tape " + r.difference("adjoint"));
    assertTrue(r.difference("fd") < 1e-6, "fd vs tape " + r.difference("fd"));
    assertEquals(0, r.difference("tape"));
    // the same numbers as the sim's own API
    Data start = new Data(m);
    start.resetToKey(0);
    double[] direct =
        AdjointGradient.compute(
                RolloutProblem.of(m, start, 300, Loss.finalConfiguration()),
                new Checkpointing.Every(1))
            .grad(Wrt.QPOS0);
    assertEquals(
        List.of(direct[0], direct[1]), List.of(r.gradient("adjoint")[0], r.gradient("adjoint")[1]));
    assertTrue(Math.abs(direct[0]) > 1e-3, "a gradient worth comparing");

    assertEquals(3, r.table().rowCount());
    assertEquals(2, r.figure().panels().size(), "adjoint norms per step, and the gradients");
    assertEquals(301, r.result("adjoint").adjointNorms().length);
    DisplayData shown = host.getRenderer().render(r);
    String html = (String) shown.getData(MIMEType.TEXT_HTML);
    assertTrue(
        html.contains("max |Δgrad| / max |grad tape|")
            && html.contains("<img src=\"data:image/png"),
        html);
    String text = (String) shown.getData(MIMEType.TEXT_PLAIN);
    // times and memory to three significant digits in human units, the values themselves in ms and
    // bytes
    assertTrue(
        text.contains("peak memory")
            && text.contains(Readable.bytes(r.result("adjoint").peakBytes())),
        text);
    assertTrue(text.contains(Readable.duration(r.result("tape").forwardMs())), text);
    assertTrue(text.matches("(?s).*\\| +\\d+(\\.\\d+)? (KiB|MiB) +\\|.*"), text);
    assertEquals(r.result("adjoint").peakBytes(), r.table().longColumn("peak memory").get(0));
  }

  @Test
  void checkpointedAdjointsAreBitwiseTheSameAndATapeOverBudgetBecomesARow() throws Exception {
    line("model", "builtin:pendulum:3");
    GradReport r =
        line(
            "grad",
            "--steps",
            "200",
            "--key",
            "hang",
            "--methods",
            "adjoint,adjoint@10,adjoint@revolve:4,tape,fd",
            "--tape-budget",
            "64K",
            "--wrt",
            "qvel0",
            "--forward-differences",
            "--eps",
            "1e-7");

    assertArrayEquals(r.gradient("adjoint"), r.gradient("adjoint@10")); // bit for bit
    assertArrayEquals(r.gradient("adjoint"), r.gradient("adjoint@revolve:4"));
    assertTrue(
        r.result("adjoint@10").recomputedSteps() > 0 && r.result("adjoint").recomputedSteps() == 0);
    GradReport.Run tape = r.runs().get(3);
    assertNull(tape.result());
    assertTrue(tape.failure().contains("tape exceeded 64.0 KiB at step"), tape.failure());
    assertEquals("fd", r.reference(), "the tape failed, so fd is the reference");
    assertTrue(
        r.difference("adjoint") < 1e-4,
        "forward differences, eps 1e-7: " + r.difference("adjoint"));
    assertTrue(r.result("fd").detail().contains("forward"), r.result("fd").detail());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> r.result("tape"));
    assertTrue(e.getMessage().contains("tape failed: tape exceeded"), e.getMessage());
    assertTrue(r.table().stringColumn("how").get(3).startsWith("failed: tape exceeded"));
  }

  @Test
  void withTheOpenClBackendSelectedTheAdjointAlsoRunsOnTheDeviceBitForBit() throws Exception {
    line("model", "builtin:laikago");
    line("backend", "cpu,opencl");
    GradReport r = line("grad", "--steps", "60", "--key", "stand", "--methods", "adjoint@10,tape");

    assertEquals(
        List.of("adjoint@10", "tape", "adjoint@10 on opencl", "tape on opencl"), r.methods());
    assertArrayEquals(r.gradient("adjoint@10"), r.gradient("adjoint@10 on opencl"));
    assertTrue(r.difference("adjoint@10 on opencl") < 1e-9, "against the tape");
    GradReport.Run tape = r.runs().get(3);
    assertNull(tape.result());
    assertTrue(tape.failure().contains("differentiates by the adjoint only"), tape.failure());
    // every method that ran was built and warmed up before it was timed, in a column of its own
    var setup = r.table().doubleColumn("build + warm-up");
    for (int i = 0; i < 3; i++) {
      assertTrue(setup.get(i) > 0 && setup.get(i) == r.runs().get(i).setupMs(), r.table()::print);
    }
  }

  @Test
  void badArgumentsGiveTheUsage() throws Exception {
    assertUsage("no model yet", () -> line("grad", "--steps", "10"));
    line("model", "builtin:pendulum:2");
    assertUsage("--steps must be >= 1", () -> line("grad", "--steps", "0"));
    assertUsage(
        "unknown method 'autodiff'",
        () -> line("grad", "--steps", "10", "--methods", "adjoint,autodiff"));
    assertUsage("given once each", () -> line("grad", "--steps", "10", "--methods", "fd,fd"));
    assertUsage("unknown --wrt 'torque'", () -> line("grad", "--steps", "10", "--wrt", "torque"));
    assertUsage(
        "'tape' is not among",
        () -> line("grad", "--steps", "10", "--methods", "adjoint,fd", "--reference", "tape"));
    assertUsage("revolve:S", () -> line("grad", "--steps", "10", "--checkpoint", "every"));
    assertUsage("2G, 512M", () -> line("grad", "--steps", "10", "--tape-budget", "lots"));
    assertUsage("--eps takes a number", () -> line("grad", "--steps", "10", "--eps", "small"));
    assertUsage("keyframes", () -> line("grad", "--steps", "10", "--key", "nokey"));
  }
}
