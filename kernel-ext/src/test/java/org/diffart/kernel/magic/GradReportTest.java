package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * What a %grad report flags: methods that disagree beyond its tolerance, and adjoints that explode.
 */
class GradReportTest {
  private final Model m = ModelLoader.load("builtin:pendulum:2");

  private static GradientResult result(String method, double[] qpos0, double[] norms) {
    double[] none = new double[0];
    return new GradientResult(
        method,
        1,
        qpos0,
        new double[2],
        none,
        none,
        none,
        none,
        none,
        none,
        1.5,
        2.5,
        4096,
        norms,
        0,
        method);
  }

  private GradReport report(List<GradReport.Run> runs) {
    return new GradReport(m, "qpos0 at rest", 4, Wrt.QPOS0, "tape", runs, GradReport.TOLERANCE);
  }

  @Test
  void aMethodBeyondTheToleranceIsFlaggedAndDrawnApart() {
    double[] calm = {1, 1, 1, 1, 1};
    GradReport r =
        report(
            List.of(
                new GradReport.Run(
                    "adjoint", result("adjoint", new double[] {1, -2}, calm), null, 1),
                new GradReport.Run(
                    "tape", result("tape", new double[] {1, -2 + 1e-9}, new double[0]), null, 1),
                new GradReport.Run(
                    "fd", result("fd", new double[] {1, 300}, new double[0]), null, 1)));
    assertEquals(
        List.of(
            "fd differs from tape by 151 (max |Δgrad| / max |grad tape|), beyond the tolerance"
                + " 0.0001"),
        r.warnings());
    assertEquals(
        List.of("ok", "reference", "differs > 0.0001"), r.table().stringColumn("check").asList());
    // the outlier has a panel of its own with the reference, so that it does not flatten the
    // methods that agree
    var panels = r.figure().panels();
    assertEquals(3, panels.size(), "adjoint norms, the methods that agree, the one that does not");
    assertEquals(List.of("adjoint", "tape"), shown(panels.get(1)));
    assertEquals(List.of("tape", "fd"), shown(panels.get(2)));
  }

  /** The series of a panel its legend names (the axis rounding adds a hidden one). */
  private static List<String> shown(org.knowm.xchart.internal.chartpart.Chart<?, ?> c) {
    return c.getSeriesMap().values().stream()
        .filter(org.knowm.xchart.internal.series.Series::isShowInLegend)
        .map(org.knowm.xchart.internal.series.Series::getName)
        .toList();
  }

  @Test
  void anExplodingAdjointIsFlaggedWithItsStep() {
    GradReport r =
        report(
            List.of(
                new GradReport.Run(
                    "adjoint",
                    result("adjoint", new double[] {1, 2}, new double[] {3e9, 2e7, 1e3, 2, 1}),
                    null,
                    1),
                new GradReport.Run(
                    "tape", result("tape", new double[] {1, 2}, new double[0]), null, 1)));
    assertEquals(
        "the state adjoint explodes: |(q̄_t, v̄_t)| passes 1e+06 × its value at step 4 at step 1 and"
            + " reaches 3e+09 (× 3e+09) at step 0",
        r.explosion("adjoint"));
    assertEquals(List.of("adjoint: " + r.explosion("adjoint")), r.warnings());
    assertEquals("adjoint explodes", r.table().stringColumn("check").get(0));
    assertNull(r.explosion("tape"), "no norms, nothing to flag");
    String text = org.diffart.kernel.display.Displays.text(r.table());
    assertTrue(text.contains("4 KiB") || text.contains("4.00 KiB"), text);
  }
}
