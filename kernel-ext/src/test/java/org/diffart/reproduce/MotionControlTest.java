package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The motion-control experiment at CI's size: every task, method and seed runs from the same start
 * to its target or its budget, the rows carry the keys the issue names, and the checks name their
 * numbers. (Whether the paper's shape holds is for the checks to say, in notebook 07 and
 * BENCHMARKS.md: it depends on times and on how the optimisers fare, not asserted here.)
 */
class MotionControlTest {
  @Test
  void everyMethodRunsFromTheSameStartWithinTheSameBudget() {
    List<String> progress = new ArrayList<>();
    Experiment e = Experiments.get("motion-control");
    Report r = e.run(Size.QUICK, progress::add);

    // a unit per task, each with a line when it finishes
    assertEquals(2, e.measurements(Size.QUICK));
    assertEquals(
        2, progress.stream().filter(l -> Sweep.unitsFinished(l) > 0).count(), progress.toString());
    List<ControlRun> rows = r.rows(ControlRun.class);
    assertEquals(2 * 3 * MotionControl.seeds(Size.QUICK), rows.size());
    for (ControlRun row : rows) {
      assertTrue(row.ok(), row.task() + " " + row.method() + ": " + row.status());
      // the same start for every method of a task and seed
      for (ControlRun other : rows) {
        if (other.task().equals(row.task()) && other.seed() == row.seed()) {
          assertEquals(
              row.trace().iterations().get(0).loss(), other.trace().iterations().get(0).loss());
        }
      }
      // the budget is not overrun by more than one evaluation
      MotionControl.Setup s =
          MotionControl.setups(Size.QUICK).stream()
              .filter(x -> x.task().equals(row.task()))
              .findFirst()
              .orElseThrow();
      double budget = (double) s.budget() * s.steps();
      assertTrue(
          row.simulatedSteps(row.trace().last()) < budget + row.stepsPerGradient() + 1,
          row.toJson().toString());
      assertTrue(row.stepsPerGradient() > row.stepsPerValue());
    }
    JsonObject json = rows.get(0).toJson();
    for (String key :
        List.of(
            "task",
            "method",
            "seed",
            "iterations",
            "simulated_steps",
            "wall_ms",
            "loss",
            "iterations_to_target",
            "simulated_steps_to_target",
            "status")) {
      assertTrue(json.has(key), key + " in " + json);
    }
    assertEquals(rows.size(), r.rowsTable().rowCount());
    assertEquals(6, r.table().rowCount());
    Check ran = r.checks().get(r.checks().size() - 1);
    assertTrue(ran.passed(), ran.toString());
    for (Check c : r.checks()) {
      assertFalse(c.detail().isBlank(), c.name());
    }
    assertEquals(6, r.figure().panels().size());
  }
}
