package org.diffart.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.diffart.reproduce.Experiments;
import org.diffart.reproduce.Measurement;
import org.diffart.reproduce.Report;
import org.diffart.reproduce.Selection;
import org.diffart.reproduce.Size;
import org.diffart.reproduce.Sweep;
import org.diffart.reproduce.SweepProbe;
import org.diffart.sweep.InProcessRunner;
import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.SweepRunners;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded engine ({@code local[2]}): a real RL sweep gives the in-process runner's rows, a
 * unit that throws is a failed row while the rest finish, and an interrupted sweep cancels its
 * jobs.
 */
class SparkRunnerTest {
  private static SweepRunner spark;

  @BeforeAll
  static void start() {
    spark = SweepRunners.create("spark", "local[2]");
  }

  @AfterAll
  static void stop() {
    spark.close();
    SweepProbe.plan(List.of("v-0", "v-1", "v-2"));
  }

  /** The rows as JSON without the measured wall times, which no two runs share. */
  static List<JsonObject> rowsWithoutTimes(Report r) {
    List<JsonObject> rows = new ArrayList<>();
    for (Measurement m : r.rows()) {
      JsonObject o = m.toJson();
      o.remove("wall_ms");
      rows.add(o);
    }
    return rows;
  }

  static Report rl(SweepRunner runner, Path out) {
    return Experiments.get("rl-pendulum")
        .run(Size.QUICK, Selection.parse("1", "2", "shac,sac"), out, runner, line -> {});
  }

  @Test
  void theEmbeddedEngineGivesTheInProcessRunnersRows(@TempDir Path a, @TempDir Path b) {
    assertTrue(spark.describe().startsWith("spark local[2], 2 cores"), spark.describe());
    Report here = rl(new InProcessRunner(2), a);
    Report there = rl(spark, b);
    assertEquals(16, here.rows().size());
    assertEquals(rowsWithoutTimes(here), rowsWithoutTimes(there));
    assertTrue(
        there.notes().stream().anyMatch(n -> n.contains("spark local[2]")), "" + there.notes());
  }

  @Test
  void aUnitThatThrowsIsAFailedRowAndTheOthersFinish() {
    SweepProbe.plan(List.of("v-0", "fail-1", "v-2", "v-3"));
    List<String> lines = new ArrayList<>();
    Report r =
        Experiments.get("sweep-probe").run(Size.QUICK, Selection.NONE, null, spark, lines::add);
    List<SweepProbe.Value> rows = r.rows(SweepProbe.Value.class);
    assertEquals(
        List.of("v-0", "fail-1", "v-2", "v-3"), rows.stream().map(SweepProbe.Value::key).toList());
    assertEquals("failed: unit fail-1 fails on purpose", rows.get(1).status());
    Report here =
        Experiments.get("sweep-probe")
            .run(Size.QUICK, Selection.NONE, null, new InProcessRunner(1), l -> {});
    assertEquals(here.rows(), r.rows(), "bit for bit, the failure's message included");
    assertEquals(4, lines.stream().filter(l -> Sweep.unitsFinished(l) > 0).count(), "" + lines);
  }

  @Test
  void anInterruptedSweepCancelsItsJobs() throws InterruptedException {
    SweepProbe.plan(List.of("sleep-60000-0", "sleep-60000-1", "sleep-60000-2"));
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread t =
        new Thread(
            () -> {
              try {
                Experiments.get("sweep-probe")
                    .run(Size.QUICK, Selection.NONE, null, spark, l -> {});
              } catch (Throwable e) {
                thrown.set(e);
              }
            });
    long t0 = System.nanoTime();
    t.start();
    Thread.sleep(3000);
    t.interrupt();
    t.join(30_000);
    assertTrue(!t.isAlive(), "the sweep returned after its interruption");
    assertTrue(thrown.get() instanceof IllegalStateException, "" + thrown.get());
    assertTrue(
        thrown.get().getMessage().contains("interrupted after 0 of 3 units"),
        thrown.get().getMessage());
    assertTrue((System.nanoTime() - t0) / 1e9 < 50, "it did not wait for the 60 s units");
    // the engine is free again: a new sweep runs at once
    SweepProbe.plan(List.of("v-4"));
    Report r = Experiments.get("sweep-probe").run(Size.QUICK, Selection.NONE, null, spark, l -> {});
    assertEquals(1, r.rows().size());
  }

  @Test
  void aMasterSparkDoesNotKnowIsRefusedByName() {
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> SweepRunners.create("spark", "mars://x"));
    assertTrue(e.getMessage().contains("--master mars://x"), e.getMessage());
  }
}
