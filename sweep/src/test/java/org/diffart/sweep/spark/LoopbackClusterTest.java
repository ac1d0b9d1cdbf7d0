package org.diffart.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.diffart.reproduce.Experiments;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark standalone cluster on the loopback address, a master and two one-core workers
 * started by the test: a sweep submitted to it gives the in-process runner's rows, a unit that
 * throws is a failed row, and a worker killed in the middle of a sweep (with its executor) loses no
 * unit and counts none twice. The kill comes last: the cluster has one worker after it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LoopbackClusterTest {
  @TempDir static Path dir;
  private static LoopbackCluster cluster;
  private static SweepRunner spark;

  @BeforeAll
  static void start() throws IOException, InterruptedException {
    cluster = new LoopbackCluster(dir, 2);
    LoopbackCluster.driverSettings();
    spark = SweepRunners.create("spark", cluster.url());
  }

  @AfterAll
  static void stop() {
    try {
      if (spark != null) {
        spark.close();
      }
    } finally {
      LoopbackCluster.clearDriverSettings();
      cluster.close();
      SweepProbe.plan(List.of("v-0", "v-1", "v-2"));
    }
  }

  @Test
  @Order(1)
  void aSweepOnTheClusterGivesTheInProcessRunnersRows(@TempDir Path a, @TempDir Path b) {
    assertTrue(spark.describe().startsWith("spark " + cluster.url()), spark.describe());
    Report here = SparkRunnerTest.rl(new InProcessRunner(2), a);
    Report there = SparkRunnerTest.rl(spark, b);
    assertEquals(SparkRunnerTest.rowsWithoutTimes(here), SparkRunnerTest.rowsWithoutTimes(there));
  }

  @Test
  @Order(2)
  void aUnitThatThrowsOnTheClusterIsAFailedRow() {
    SweepProbe.plan(List.of("v-0", "fail-1", "v-2"));
    Report r = Experiments.get("sweep-probe").run(Size.QUICK, Selection.NONE, null, spark, l -> {});
    Report here =
        Experiments.get("sweep-probe")
            .run(Size.QUICK, Selection.NONE, null, new InProcessRunner(1), l -> {});
    assertEquals(here.rows(), r.rows());
    assertEquals(
        "failed: unit fail-1 fails on purpose", r.rows(SweepProbe.Value.class).get(1).status());
  }

  /**
   * Kills worker 0 once its executor is running a unit (the probe's units leave a file {@code
   * KEY.PID.NANOS} under {@code attempts} when they start and under {@code finished} when they
   * end), or after 20 s in any case.
   */
  private static void killWhileBusy(Path work) {
    long until = System.nanoTime() + 20_000_000_000L;
    try {
      while (System.nanoTime() < until && !running(work, cluster.executors(0))) {
        Thread.sleep(20);
      }
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException(e);
    } finally {
      cluster.kill(0);
    }
  }

  private static boolean running(Path work, java.util.Set<Long> pids) throws IOException {
    List<String> started = names(work.resolve("attempts")), ended = names(work.resolve("finished"));
    return started.stream()
        .anyMatch(a -> !ended.contains(a) && pids.contains(Long.parseLong(a.split("\\.")[1])));
  }

  private static List<String> names(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(f -> f.getFileName().toString()).toList();
    }
  }

  @Test
  @Order(3)
  void aWorkerKilledInTheMiddleLosesNoUnitAndCountsNoneTwice(@TempDir Path work)
      throws IOException {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      keys.add("sleep-2500-" + i);
    }
    SweepProbe.plan(keys);
    boolean[] killed = {false};
    List<String> lines = new ArrayList<>();
    Report r =
        Experiments.get("sweep-probe")
            .run(
                Size.QUICK,
                Selection.NONE,
                work,
                spark,
                line -> {
                  lines.add(line);
                  if (!killed[0] && Sweep.unitsFinished(line) == 1) {
                    killWhileBusy(work);
                    killed[0] = true;
                  }
                });
    assertTrue(killed[0]);
    List<SweepProbe.Value> rows = r.rows(SweepProbe.Value.class);
    assertEquals(
        keys, rows.stream().map(SweepProbe.Value::key).toList(), "every unit once, in order");
    assertTrue(rows.stream().allMatch(SweepProbe.Value::ok), rows.toString());
    SweepProbe.plan(keys.stream().map(k -> "v-" + k.substring(k.lastIndexOf('-') + 1)).toList());
    Report here =
        Experiments.get("sweep-probe")
            .run(Size.QUICK, Selection.NONE, null, new InProcessRunner(2), l -> {});
    for (int i = 0; i < keys.size(); i++) {
      assertEquals(
          here.rows(SweepProbe.Value.class).get(i).value(), rows.get(i).value(), keys.get(i));
    }
    assertEquals(6, lines.stream().filter(l -> Sweep.unitsFinished(l) > 0).count(), "" + lines);
    // the kill interrupted a unit: some unit was started twice, in two executors
    Map<String, Long> attempts;
    try (Stream<Path> files = Files.list(work.resolve("attempts"))) {
      attempts =
          files
              .map(f -> f.getFileName().toString())
              .map(f -> f.substring(0, f.indexOf('.')))
              .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
    assertTrue(attempts.values().stream().anyMatch(n -> n >= 2), "attempts " + attempts);
  }
}
