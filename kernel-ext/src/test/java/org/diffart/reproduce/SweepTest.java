package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.diffart.sweep.InProcessRunner;
import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.UnitWork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep's rows come in the units' order, whatever runs them; finished units are kept. */
class SweepTest {
  @TempDir Path dir;

  private final Swept probe = (Swept) Experiments.get("sweep-probe");

  @AfterEach
  void resetPlan() {
    SweepProbe.plan(List.of("v-0", "v-1", "v-2"));
  }

  private static List<String> keys(Report r) {
    return r.rows(SweepProbe.Value.class).stream().map(SweepProbe.Value::key).toList();
  }

  private static long attempts(Path work, String key) throws IOException {
    Path a = work.resolve("attempts");
    if (!Files.isDirectory(a)) {
      return 0;
    }
    try (Stream<Path> files = Files.list(a)) {
      return files.filter(f -> f.getFileName().toString().startsWith(key + ".")).count();
    }
  }

  @Test
  void rowsComeInTheUnitsOrderWhateverOrderTheyFinishIn() {
    // the first unit sleeps, so the others finish before it on two threads
    SweepProbe.plan(List.of("sleep-300-7", "v-1", "v-2", "v-3"));
    List<String> lines = new ArrayList<>();
    Report r = probe.run(Size.QUICK, Selection.NONE, null, new InProcessRunner(2), lines::add);
    assertEquals(List.of("sleep-300-7", "v-1", "v-2", "v-3"), keys(r));
    List<Integer> counts = lines.stream().map(Sweep::unitsFinished).filter(k -> k >= 0).toList();
    assertEquals(List.of(1, 2, 3, 4), counts, lines.toString());
    assertTrue(lines.get(lines.size() - 1).contains("sleep-300-7"), lines.toString());
    // the same values on one thread
    Report one = probe.run(Size.QUICK, Selection.NONE, null, new InProcessRunner(1), l -> {});
    assertEquals(r.rows(), one.rows());
  }

  @Test
  void aUnitThatThrowsIsAFailedRowAndTheOthersFinish() {
    SweepProbe.plan(List.of("v-0", "fail-1", "v-2"));
    List<String> lines = new ArrayList<>();
    Report r = probe.run(Size.QUICK, Selection.NONE, null, new InProcessRunner(2), lines::add);
    List<SweepProbe.Value> rows = r.rows(SweepProbe.Value.class);
    assertEquals(3, rows.size());
    assertEquals("failed: unit fail-1 fails on purpose", rows.get(1).status());
    assertTrue(rows.get(0).ok() && rows.get(2).ok());
    assertTrue(
        lines.stream().anyMatch(l -> l.matches("\\[\\d/3] fail-1 failed: .*")), lines.toString());
  }

  @Test
  void aRerunReadsFinishedUnitsBackAndRunsOnlyTheRest() throws IOException {
    SweepProbe.plan(List.of("v-0", "fail-1", "v-2"));
    Report first = probe.run(Size.QUICK, Selection.NONE, dir, new InProcessRunner(2), l -> {});
    Path kept = dir.resolve("sweep-probe-sweep");
    assertTrue(Files.exists(kept.resolve("v-0.csv")) && Files.exists(kept.resolve("v-0.unit")));
    assertTrue(Files.readString(kept.resolve("v-2.csv")).startsWith("key,value,status"));
    assertTrue(!Files.exists(kept.resolve("fail-1.unit")), "a failed unit is not kept");

    List<String> lines = new ArrayList<>();
    Report again = probe.run(Size.QUICK, Selection.NONE, dir, new InProcessRunner(2), lines::add);
    assertEquals(first.rows(), again.rows(), "read back exactly");
    assertEquals(1, attempts(dir, "v-0"));
    assertEquals(1, attempts(dir, "v-2"));
    assertEquals(2, attempts(dir, "fail-1"), "a failed unit is tried again");
    assertEquals(
        2, lines.stream().filter(l -> l.endsWith("kept from an earlier run")).count(), "" + lines);
    // another size is another unit
    probe.run(Size.DEFAULT, Selection.NONE, dir, new InProcessRunner(2), l -> {});
    assertEquals(2, attempts(dir, "v-0"));
  }

  @Test
  void anExperimentThatIsNotASweepRefusesAnotherRunner() {
    SweepRunner elsewhere =
        new SweepRunner() {
          @Override
          public String describe() {
            return "elsewhere";
          }

          @Override
          public <U extends java.io.Serializable, R extends java.io.Serializable> void run(
              List<U> units,
              UnitWork<U, R> work,
              java.util.function.Consumer<String> progress,
              Done<R> done) {
            throw new AssertionError("not to be called");
          }

          @Override
          public void close() {}
        };
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Experiments.get("backward-per-step")
                    .run(Size.QUICK, Selection.NONE, null, elsewhere, l -> {}));
    assertTrue(e.getMessage().contains("runs in-process only"), e.getMessage());
  }

  @Test
  void theRlSweepNamesItsUnitsByRunAndRunsAnyFromItsKey() {
    Swept rl = (Swept) Experiments.get("rl-pendulum");
    List<UnitSpec> units = rl.units(Size.QUICK, Selection.parse("1", "2", "shac"), null);
    assertEquals(
        List.of("pendulum-1_shac_seed0", "pendulum-1_shac_seed1"),
        units.stream().map(UnitSpec::key).toList());
    UnitResult r = Sweep.execute(units.get(1), l -> {});
    assertTrue(r.ok(), r.failure());
    RlPoint last = (RlPoint) r.rows().get(r.rows().size() - 1);
    assertEquals("pendulum-1_shac_seed1", last.run());
    UnitResult bad =
        Sweep.execute(new UnitSpec("rl-pendulum", Size.QUICK, "pendulum-9_x", null), l -> {});
    assertTrue(!bad.ok() && bad.failure().contains("has no run 'pendulum-9_x'"), "" + bad);
  }
}
