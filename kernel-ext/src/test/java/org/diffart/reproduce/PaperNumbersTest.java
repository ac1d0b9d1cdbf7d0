package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

/** The paper's numbers as the jar packages them: what the seed states, and nothing it does not. */
class PaperNumbersTest {
  @Test
  void backwardPerStepHoldsThePapersFiveNumbersWithTheirSource() {
    Table t = PaperNumbers.table("backward-per-step");
    for (var e :
        List.of(
            List.of("ours", "0.6"),
            List.of("CppAD", "2.9"),
            List.of("JAX", "4.9"),
            List.of("Ceres", "30.7"),
            List.of("PyTorch", "285.9"))) {
      var row = PaperNumbers.find(t, "method", e.get(0)).orElseThrow();
      assertEquals(
          Double.parseDouble(e.get(1)),
          PaperNumbers.number(row, "backward_ms_per_step").getAsDouble());
      assertTrue(row.getString("source").startsWith("Appendix G"), row.getString("source"));
      assertTrue(row.getString("note").contains("not verified against the PDF"));
    }
    var adf = PaperNumbers.find(t, "method", "ADF").orElseThrow();
    assertFalse(PaperNumbers.number(adf, "backward_ms_per_step").isPresent());
    assertTrue(adf.getString("status").contains("10 minutes"));
  }

  @Test
  void theFigureOnlyNumbersAreEmptyCellsWithANote() {
    Table t = PaperNumbers.table("time-memory-vs-steps");
    assertEquals(50, t.rowCount());
    for (var row : t) {
      for (String c : List.of("forward_ms", "backward_ms", "peak_bytes")) {
        assertFalse(PaperNumbers.number(row, c).isPresent(), "no invented number: " + row);
      }
      assertFalse(row.getString("note").isBlank());
      boolean crash =
          row.getString("method").equals("PyTorch") && row.getString("steps").equals("5000");
      assertEquals(crash, !row.getString("status").isEmpty(), row.toString());
    }
  }

  @Test
  void motionControlHoldsTheSeedsFourIterationCounts() {
    Table t = PaperNumbers.table("motion-control");
    assertEquals(4, t.rowCount());
    for (var e :
        List.of(
            List.of("throw", "gradient descent", "20"),
            List.of("golf", "gradient descent", "50"),
            List.of("throw", "CMA-ES", "500"),
            List.of("golf", "CMA-ES", "1500"))) {
      var row = PaperNumbers.find(t, "task", e.get(0), "method", e.get(1)).orElseThrow();
      assertEquals(
          Double.parseDouble(e.get(2)), PaperNumbers.number(row, "iterations").getAsDouble());
      assertTrue(row.getString("note").contains("not verified against the PDF"));
    }
  }

  @Test
  void diffSdfSimsSystemIdentificationHoldsTheSeedsSixMeans() {
    Table t = PaperNumbers.table("diffsdfsim", "sysid");
    assertEquals(3, t.rowCount());
    for (var e :
        List.of(
            List.of("force", "1.55", "0.01"),
            List.of("mass", "0.07", "0.002"),
            List.of("friction", "0.08", "1e-4"))) {
      var row = PaperNumbers.find(t, "quantity", e.get(0)).orElseThrow();
      assertEquals(
          Double.parseDouble(e.get(1)), PaperNumbers.number(row, "initial_error").getAsDouble());
      assertEquals(
          Double.parseDouble(e.get(2)), PaperNumbers.number(row, "final_error").getAsDouble());
      assertTrue(row.getString("source").contains("seeds/001"), row.getString("source"));
      assertEquals("50", row.getString("runs"));
    }
  }

  @Test
  void linesAreFittedExactlyAndDeviationsMeasured() {
    LinearFit exact = LinearFit.of(new double[] {1, 2, 4}, new double[] {3, 5, 9});
    assertEquals(1, exact.a(), 1e-12);
    assertEquals(2, exact.b(), 1e-12);
    assertEquals(0, exact.maxRelativeError(), 1e-12);
    assertEquals(1, exact.r2(), 1e-12);
    LinearFit off = LinearFit.of(new double[] {0, 1, 2, 3}, new double[] {1, 1, 1, 2});
    assertTrue(off.maxRelativeError() > 0.1 && off.r2() < 0.9, "a kinked series deviates: " + off);
  }
}
