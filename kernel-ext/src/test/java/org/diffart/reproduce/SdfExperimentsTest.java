package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seed-001 experiments run unit by unit: their rows carry the issue's columns, the bouncing
 * sphere's fit converges with time-of-contact gradients and does not move without them (no
 * gravity), and the pushed pebble's quantities are recovered.
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

  @Test
  void bothAreListedAndTheirReportsCheckWhatTheIssueAsks() {
    assertTrue(Experiments.names().containsAll(List.of("sdf-bounce", "sdf-sysid")));
    List<Check> checks = SdfBounce.checks(Size.QUICK, List.of(), null);
    assertTrue(
        checks.stream().anyMatch(c -> c.name().contains("mean error ≤ 0.01") && !c.passed()),
        "with no runs the bounce's checks fail: " + checks);
  }
}
