package org.diffart.sweep.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.diffart.reproduce.Experiments;
import org.diffart.reproduce.Selection;
import org.diffart.reproduce.Size;
import org.diffart.reproduce.SweepProbe;
import org.diffart.sweep.InProcessRunner;
import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.SweepRunners;

/**
 * What {@code bin/bench-sweep} prints for BENCHMARKS.md: fixed RL and estimation sweeps (CI's size,
 * nothing kept, so every unit runs) on one thread, on two, on an embedded Spark with two cores and
 * on a loopback standalone cluster of two one-core workers, each the median of R runs after one of
 * warm-up, with the speed-up over one thread; and the cost per unit of each runner, from a sweep of
 * N units that compute for a few milliseconds each. Markdown on standard output.
 */
public final class SweepBenchmark {
  private SweepBenchmark() {}

  private record Sweep(String label, String experiment, Selection selection, int units) {}

  public static void main(String[] args) throws Exception {
    int reps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int trivial = 40;
    List<Sweep> sweeps =
        List.of(
            new Sweep(
                "RL: rl-pendulum --quick --links 1,2 --methods sac,pe,shac --seeds 2",
                "rl-pendulum",
                Selection.parse("1,2", "2", "sac,pe,shac"),
                12),
            new Sweep("estimation --quick", "estimation", Selection.NONE, 36));
    List<String> names = new ArrayList<>();
    for (int i = 0; i < trivial; i++) {
      names.add("v-" + i);
    }
    SweepProbe.plan(names);
    // warm-up of the JIT on this JVM's side: each sweep once
    try (SweepRunner one = new InProcessRunner(1)) {
      for (Sweep s : sweeps) {
        run(s, one);
      }
    }
    List<String> rows = new ArrayList<>();
    double[][] baseline = new double[sweeps.size() + 1][];
    Path dir = Files.createTempDirectory("diffart-bench-sweep");
    try (LoopbackCluster cluster = new LoopbackCluster(dir, 2)) {
      List<String> runners =
          List.of(
              "in-process, 1 thread",
              "in-process, 2 threads",
              "spark local[2]",
              "loopback cluster");
      for (String label : runners) {
        long t0 = System.nanoTime();
        SweepRunner runner =
            switch (label) {
              case "in-process, 1 thread" -> new InProcessRunner(1);
              case "in-process, 2 threads" -> new InProcessRunner(2);
              case "spark local[2]" -> SweepRunners.create("spark", "local[2]");
              default -> {
                LoopbackCluster.driverSettings();
                yield SweepRunners.create("spark", cluster.url());
              }
            };
        double startS = (System.nanoTime() - t0) / 1e9;
        try (runner) {
          for (int k = 0; k <= sweeps.size(); k++) {
            Sweep s =
                k < sweeps.size()
                    ? sweeps.get(k)
                    : new Sweep(
                        trivial + " probe units of a few ms",
                        "sweep-probe",
                        Selection.NONE,
                        trivial);
            double[] t = new double[reps];
            for (int r = 0; r < reps; r++) {
              t[r] = time(() -> run(s, runner));
            }
            double median = median(t);
            if (baseline[k] == null) {
              baseline[k] = new double[] {median};
            }
            rows.add(
                String.format(
                    Locale.ROOT,
                    "| %s | %s | %.2f | %.2f | %.0f | %s |",
                    s.label(),
                    runner.describe(),
                    median,
                    baseline[k][0] / median,
                    1000 * median / s.units(),
                    k == 0 ? String.format(Locale.ROOT, "%.1f", startS) : ""));
          }
        } finally {
          LoopbackCluster.clearDriverSettings();
        }
      }
    }
    System.out.println(
        "| sweep | runner | median s ("
            + reps
            + " runs) | speed-up over 1 thread | ms per unit"
            + " | runner start s |");
    System.out.println("| --- | --- | --- | --- | --- | --- |");
    rows.forEach(System.out::println);
  }

  private static Object run(Sweep s, SweepRunner runner) {
    return Experiments.get(s.experiment()).run(Size.QUICK, s.selection(), null, runner, l -> {});
  }

  private static double time(Supplier<Object> f) {
    long t0 = System.nanoTime();
    f.get();
    return (System.nanoTime() - t0) / 1e9;
  }

  private static double median(double[] t) {
    double[] s = t.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
