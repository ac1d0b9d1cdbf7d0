package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpointing experiment at CI's size: every scheme runs, the paper's memory model fits the
 * counted bytes exactly, the measured allocation agrees with the count, and the files are written.
 * (Its timing checks are judged in notebook 05 and BENCHMARKS.md, not here: no timed assertions in
 * unit tests.)
 */
class CheckpointIntervalTest {
  @Test
  void thePapersMemoryModelFitsTheCountedBytesAndTheFilesAreWritten(@TempDir Path dir)
      throws Exception {
    List<String> progress = new ArrayList<>();
    Report r = Experiments.get("checkpoint-interval").run(Size.QUICK, progress::add);

    assertEquals(
        Experiments.get("checkpoint-interval").measurements(Size.QUICK),
        progress.size(),
        progress.toString());
    assertEquals(12, r.rows(Row.class).size());
    assertTrue(r.rows().stream().allMatch(Measurement::ok), r.rows().toString());
    Check memory = r.checks().get(0);
    assertTrue(memory.passed(), memory.toString());
    // one stored state of 10 laikagos: 190 positions, 180 velocities and the time, 8 bytes each
    assertTrue(memory.detail().startsWith("fit m_ckpt 2968 bytes"), memory.detail());
    for (Row row : r.rows(Row.class)) {
      double ratio = (double) row.measuredBytes() / row.peakBytes();
      assertTrue(
          ratio >= 0.99 && ratio < 1.05,
          "allocated vs counted for " + row.checkpoint() + ": " + ratio);
    }
    List<Path> files = r.write(dir);
    assertEquals(4, files.size());
    for (Path f : files) {
      assertTrue(Files.size(f) > 100, f.toString());
    }
    assertTrue(Files.readString(dir.resolve("checkpoint-interval.csv")).contains("replay:20"));
  }
}
