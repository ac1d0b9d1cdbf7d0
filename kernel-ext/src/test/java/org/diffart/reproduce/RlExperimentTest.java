package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RL experiments' plumbing at CI's size on the real environments and agents: the rows carry the
 * issue's keys, every evaluation is a progress line and every unit one more, a finished sweep is
 * read back from its files rather than run again, and a selection the experiment does not have is
 * refused by name. (Whether the paper's shape holds is for the checks at the main job's size to
 * say.)
 */
class RlExperimentTest {
  @Test
  void aSweepKeepsItsRunsAndReadsThemBack(@TempDir Path dir) {
    Experiment e = Experiments.get("rl-pendulum");
    Selection s = Selection.parse("1", "1", "sac");
    List<String> progress = new ArrayList<>();
    Report first = e.run(Size.QUICK, s, dir, progress::add);

    // one unit (a run): a line per evaluation, then the unit's line
    assertEquals(1, e.measurements(Size.QUICK, s));
    List<RlPoint> rows = first.rows(RlPoint.class);
    assertEquals(rows.size() + 1, progress.size(), progress.toString());
    assertEquals(1, Sweep.unitsFinished(progress.get(progress.size() - 1)), progress.toString());
    assertEquals(0, rows.get(0).envSteps());
    for (RlPoint p : rows) {
      assertTrue(p.ok(), p.toString());
      assertTrue(Double.isFinite(p.meanReturn()), p.toString());
    }
    JsonObject json = rows.get(rows.size() - 1).toJson();
    for (String key :
        List.of("task", "links", "method", "seed", "env_steps", "wall_ms", "return", "status")) {
      assertTrue(json.has(key), key + " missing from " + json);
    }
    assertTrue(Files.exists(dir.resolve("rl-pendulum-runs/pendulum-1_sac_seed0.state")));
    assertTrue(Files.exists(dir.resolve("rl-pendulum-runs/pendulum-1_sac_seed0.csv")));
    assertTrue(first.failures().isEmpty(), first.failures().toString());

    // run again: the unit read back from the sweep's files, wall times included
    List<String> again1 = new ArrayList<>();
    Report again = e.run(Size.QUICK, s, dir, again1::add);
    assertEquals(List.of("[1/1] pendulum-1_sac_seed0 kept from an earlier run"), again1);
    assertEquals(first.rowsTable().toString(), again.rowsTable().toString());
  }

  @Test
  void theShapeCheckComparesStepsToTheBaselinesFinalReturnOnlyWhenTheBaselineLearned() {
    long[] steps = {0, 500, 1000, 1500, 2000};
    RlCurves.Curve mbpo = curve("mbpo", steps, new double[] {-5, -4, -2, -1, -1});
    RlCurves.Curve quick = curve("pe", steps, new double[] {-5, -0.5, 0, 0, 0});
    RlCurves.Curve slow = curve("pe", steps, new double[] {-5, -5, -5, -4, -0.5});
    Check faster = RlExperiment.reachesFaster("here", "pe", mbpo, quick);
    assertTrue(faster.judged() && faster.passed(), faster.toString());
    assertTrue(
        faster.detail().contains("by MBPO after 1500 steps, by pe after 500"), faster.detail());
    Check slower = RlExperiment.reachesFaster("here", "pe", mbpo, slow);
    assertTrue(slower.judged() && !slower.passed(), slower.toString());
    RlCurves.Curve unlearned = curve("mbpo", steps, new double[] {-1, -3, -2, -4, -3});
    Check none = RlExperiment.reachesFaster("here", "pe", unlearned, quick);
    assertTrue(!none.judged() && none.passed(), none.toString());
    assertEquals("not judged", none.result());
    assertTrue(none.detail().startsWith("MBPO did not learn"), none.detail());
  }

  /** One seed's curve; the last three evaluations make its final return. */
  private static RlCurves.Curve curve(String method, long[] steps, double[] returns) {
    double[] r = java.util.Arrays.copyOf(returns, steps.length);
    return new RlCurves.Curve(3, method, steps, new double[steps.length], List.of(r));
  }

  @Test
  void theAntHasNoLinksColumn() {
    RlPoint p = new RlPoint("ant", 0, "se", 2, 1000, 5.0, 12.5, "ok");
    assertFalse(p.toJson().has("links"));
    assertEquals("ant_se_seed2", p.run());
  }

  @Test
  void selectionsTheExperimentDoesNotHaveAreRefused() {
    Experiment pendulum = Experiments.get("rl-pendulum"), ant = Experiments.get("rl-ant");
    assertMessage("1 to 7 links", () -> pendulum.check(Selection.parse("8", null, null)));
    assertMessage("unknown method 'ppo'", () -> pendulum.check(Selection.parse(null, null, "ppo")));
    assertMessage("--links is the pendulum's", () -> ant.check(Selection.parse("3", null, null)));
    assertMessage(
        "takes no --links",
        () -> Experiments.get("motion-control").check(Selection.parse(null, "2", null)));
    assertMessage("--seeds must be", () -> Selection.parse(null, "0", null));
    assertMessage("--links takes", () -> Selection.parse("3,x", null, null));
  }

  private static void assertMessage(String part, org.junit.jupiter.api.function.Executable run) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, run);
    assertTrue(e.getMessage().contains(part), e.getMessage());
  }
}
