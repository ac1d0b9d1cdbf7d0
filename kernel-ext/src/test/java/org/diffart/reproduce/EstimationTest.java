package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The estimation experiment at CI's size: every task and method has its rows with the keys the
 * command line promises, the checks pass (friction within 1 %, mass within 0.5 %, the seed-001
 * medians at or below the seed's, the same error as mujoco.sysid), and the files are written. (Wall
 * times and rollout counts are reported, not judged here: no timed assertions.)
 */
class EstimationTest {
  private static final List<String> KEYS =
      List.of(
          "task",
          "method",
          "seed",
          "iterations",
          "simulated_steps",
          "wall_ms",
          "loss",
          "status",
          "parameter",
          "true",
          "estimate",
          "relative_error");

  @Test
  void everyTaskIsEstimatedTheChecksPassAndTheFilesAreWritten(@TempDir Path dir) throws Exception {
    List<String> progress = new ArrayList<>();
    Experiment e = Experiments.get("estimation");
    Report r = e.run(Size.QUICK, progress::add);

    assertEquals(e.measurements(Size.QUICK), progress.size(), progress.toString());
    List<EstimationRow> rows = r.rows(EstimationRow.class);
    int runs = Estimation.runs(Size.QUICK);
    // the box: 4 methods; pendulum2 and chain4: 4 and 8 parameters x (lm, gn, lbfgs, the optimum,
    // mujoco.sysid); seed 001: per run sgd and lm, the force's two components
    assertEquals(4 + 4 * 5 + 8 * 5 + runs * 2 * (2 + 1 + 1), rows.size());
    for (String task :
        List.of(
            "sliding-box",
            "pendulum2",
            "chain4",
            "seed001-force",
            "seed001-mass",
            "seed001-friction")) {
      assertTrue(rows.stream().anyMatch(x -> x.task().equals(task)), task);
    }
    for (Check c : r.checks()) {
      assertTrue(c.passed(), c.name() + ": " + c.detail());
    }
    assertEquals(5, r.checks().size());
    JsonObject json = r.toJson();
    assertEquals("estimation", json.get("name").getAsString());
    for (JsonElement row : json.getAsJsonArray("rows")) {
      for (String k : KEYS) {
        assertTrue(row.getAsJsonObject().has(k), k + " missing in " + row);
      }
    }
    // the least-squares and quasi-Newton runs converged; the fixed-budget descents (the seed's 100
    // SGD steps, the paper's rate on the box) end on their budget, and nothing failed
    for (EstimationRow x : rows) {
      boolean budgeted = x.method().equals("sgd") || x.method().startsWith("gd");
      assertTrue(
          x.ok() || (budgeted && x.status().equals("budget")),
          x.task() + " " + x.method() + ": " + x.status());
    }
    List<Path> files = r.write(dir);
    assertEquals(4, files.size());
    for (Path f : files) {
      assertTrue(Files.size(f) > 100, f.toString());
    }
    assertTrue(Files.readString(dir.resolve("estimation.csv")).contains("mujoco.sysid"));
  }
}
