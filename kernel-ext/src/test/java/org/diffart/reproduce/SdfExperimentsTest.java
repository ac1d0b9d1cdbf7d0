package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seed-001 experiments run unit by unit: their rows carry the issue's columns, the bouncing
 * sphere's fit converges with time-of-contact gradients and does not move without them (no
 * gravity), the pushed pebble's quantities are recovered, and so is a learned shape's code.
 */
class SdfExperimentsTest {
  private static SdfRow run(Swept e, String key) {
    UnitResult r = e.runUnit(new UnitSpec(e.name(), Size.QUICK, key, null), line -> {});
    assertTrue(r.ok(), key + ": " + r.failure());
    assertEquals(1, r.rows().size());
    return (SdfRow) r.rows().get(0);
  }

  @Test
  void theBouncingSphereIsFoundWithTimeOfContactOnly() {
    SdfBounce e = new SdfBounce();
    SdfRow toc = run(e, "no-gravity+toc_seed1"), plain = run(e, "no-gravity_seed1");
    assertTrue(toc.error() < 0.01, "with time of contact: " + toc);
    assertTrue(plain.error() > 0.1, "without: " + plain);
    assertEquals(toc.truth(), plain.truth(), 0, "the same draw");
    JsonObject o = toc.toJson();
    for (String k :
        List.of(
            "experiment",
            "variant",
            "seed",
            "iterations",
            "parameter",
            "true",
            "estimate",
            "error",
            "status")) {
      assertTrue(o.has(k), k + " in " + o);
    }
    assertEquals("sdf-bounce", o.get("experiment").getAsString());
    assertEquals("no-gravity+toc", o.get("variant").getAsString());
  }

  @Test
  void thePushedPebblesForceMassAndFrictionAreRecovered() {
    SdfSysid e = new SdfSysid();
    for (String q : List.of("force", "mass", "friction")) {
      SdfRow r = run(e, q + "_seed3");
      assertTrue(r.startError() > 1e-3, q + " starts wrong: " + r);
      assertTrue(r.error() < 1e-6, q + ": " + r);
    }
  }

  /**
   * A corner of the learned family (exponents 0.5, 0.5) from the seed's start near the codes' mean:
   * by signed distance the fit closes most of the surface distance; the rows say which shape and
   * which contacts.
   */
  @Test
  void aLearnedShapesCodeIsRecoveredFromItsTrajectory() {
    SdfShape e = new SdfShape();
    UnitResult r =
        e.runUnit(
            new UnitSpec(e.name(), Size.QUICK, "surface_e1-0.5_e2-0.5_seed0", null), line -> {});
    assertTrue(r.ok(), r.failure());
    SdfRow code = (SdfRow) r.rows().get(0), surface = (SdfRow) r.rows().get(1);
    assertEquals("surface:e1-0.5_e2-0.5", code.variant());
    assertTrue(surface.startError() > 0.01, "starts a centimetre off: " + surface);
    assertTrue(surface.error() < 0.1 * surface.startError(), "fitted: " + surface);
    assertTrue(code.error() < 0.1 * code.startError(), "code: " + code);
  }

  @Test
  void theyAreListedAndTheirReportsCheckWhatTheIssueAsks() {
    assertTrue(Experiments.names().containsAll(List.of("sdf-bounce", "sdf-sysid", "sdf-shape")));
    assertEquals(3, new SdfShape().units(Size.QUICK, Selection.NONE, null).size());
    assertTrue(
        SdfShape.checks(Size.QUICK, List.of()).stream().noneMatch(Check::passed),
        "with no runs the shape fit's checks fail");
    List<Check> checks = SdfBounce.checks(Size.QUICK, List.of(), null);
    assertTrue(
        checks.stream().anyMatch(c -> c.name().contains("mean error ≤ 0.01") && !c.passed()),
        "with no runs the bounce's checks fail: " + checks);
  }
}
