package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproduceCommandTest {
  @Test
  void backwardPerStepPrintsEveryMethodsRowAndWritesItsFiles(@TempDir Path dir) throws Exception {
    Cli.Outcome r =
        Cli.run("reproduce", "backward-per-step", "--quick", "--out", dir.toString(), "--json");

    JsonObject o = r.json();
    assertEquals("backward-per-step", o.get("name").getAsString());
    assertEquals("quick", o.get("size").getAsString());
    List<String> methods =
        o.getAsJsonArray("rows").asList().stream()
            .map(JsonElement::getAsJsonObject)
            .map(x -> x.get("method").getAsString() + "/" + x.get("backend").getAsString())
            .toList();
    assertEquals(
        List.of("adjoint/cpu", "adjoint/opencl", "tape/cpu", "fd/cpu", "pytorch/python"), methods);
    for (JsonElement e : o.getAsJsonArray("rows")) {
      JsonObject row = e.getAsJsonObject();
      for (String key :
          List.of(
              "method",
              "backend",
              "worlds",
              "steps",
              "checkpoint",
              "forward_ms",
              "backward_ms",
              "peak_bytes",
              "status")) {
        assertTrue(row.has(key), key + " in " + row);
      }
      assertEquals("ok", row.get("status").getAsString(), row.toString());
      assertEquals(50, row.get("steps").getAsInt());
    }
    assertEquals(
        r.code() == 0,
        o.getAsJsonArray("checks").asList().stream()
            .allMatch(c -> c.getAsJsonObject().get("passed").getAsBoolean()),
        r.err());
    for (String f :
        List.of(
            "backward-per-step.csv", "backward-per-step-vs-paper.csv", "backward-per-step.png")) {
      assertTrue(Files.size(dir.resolve(f)) > 100, f);
    }
  }

  @Test
  void anUnknownExperimentIsAnArgumentErrorListingThem() {
    Cli.Outcome r = Cli.run("reproduce", "table-9");

    assertEquals(2, r.code());
    assertTrue(
        r.err()
            .contains(
                "unknown experiment 'table-9'; available: time-memory-vs-steps,"
                    + " checkpoint-interval, backward-per-step"),
        r.err());
  }
}
