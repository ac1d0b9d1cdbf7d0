package org.diffart.reproduce;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.diff.Checkpointing;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Forward time, backward time and peak memory against the number of steps, for 1 and 10 Laikagos
 * (Qiao et al. 2021, Sec. 6, "Comparison with Autodiff Tools"): our adjoint (a checkpoint every
 * step, as the paper) on the CPU and on OpenCL, our tape, and PyTorch's autograd through the same
 * step.
 */
final class TimeMemoryVsSteps implements Experiment {
  private static final int[] ROBOTS = {1, 10};

  @Override
  public String name() {
    return "time-memory-vs-steps";
  }

  @Override
  public String title() {
    return "Forward/backward time and peak memory against steps, 1 and 10 Laikagos (Qiao et al. 2021, Sec. 6)";
  }

  static int[] steps(Size size) {
    return size == Size.QUICK ? new int[] {25, 50, 100} : new int[] {50, 100, 500, 1000, 5000};
  }

  @Override
  public int measurements(Size size) {
    return 1 + ROBOTS.length * steps(size).length * 4;
  }

  @Override
  public Report run(Size size, Consumer<String> progress) {
    Runs.Timing timing = Runs.Timing.of(size);
    progress.accept("warming up");
    Runs.warmUp(size, 1, 10);
    Duration torchBudget = Duration.ofSeconds(size == Size.QUICK ? 120 : 300);
    long torchCap = size == Size.QUICK ? 4L << 30 : 12L << 30;
    List<Row> rows = new ArrayList<>();
    for (int robots : ROBOTS) {
      Row torchFailed = null;
      for (int t : steps(size)) {
        String at = robots + (robots == 1 ? " Laikago, " : " Laikagos, ") + t + " steps: ";
        progress.accept(at + "adjoint on cpu");
        rows.add(Runs.adjoint(robots, t, new Checkpointing.Every(1), timing));
        progress.accept(at + "adjoint on opencl");
        rows.add(Runs.adjointOpenCl(robots, t, new Checkpointing.Every(1), timing));
        progress.accept(at + "tape");
        rows.add(Runs.tape(robots, t, timing));
        progress.accept(at + "pytorch");
        if (torchFailed != null) {
          // a longer rollout cannot succeed where a shorter one ran out of time or memory
          rows.add(
              new Row(
                  "pytorch",
                  "python",
                  robots,
                  t,
                  "",
                  Double.NaN,
                  Double.NaN,
                  0,
                  0,
                  0,
                  "not run: failed at "
                      + torchFailed.steps()
                      + " steps already ("
                      + torchFailed.status()
                      + ")",
                  ""));
          continue;
        }
        Row torch = Runs.pytorch(robots, t, size, torchBudget, torchCap);
        rows.add(torch);
        if (!torch.ok() && !torch.status().startsWith("not run")) {
          torchFailed = torch;
        }
      }
    }
    return new Report(
        name(), title(), size, rows, table(rows), figure(rows), checks(rows, size), notes());
  }

  /**
   * Each measurement with its ratios to our adjoint at the same size, and what the paper says of
   * it.
   */
  private static Table table(List<Row> rows) {
    Table paper = PaperNumbers.table("time-memory-vs-steps");
    List<String> paperSays = new ArrayList<>();
    double[] memRatio = new double[rows.size()], bwdRatio = new double[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      Optional<Row> adj = adjoint(rows, r.worlds(), r.steps());
      memRatio[i] =
          adj.isPresent() && r.peakBytes() > 0
              ? (double) r.peakBytes() / adj.get().peakBytes()
              : Double.NaN;
      bwdRatio[i] =
          adj.isPresent() && r.ok() ? r.backwardMs() / adj.get().backwardMs() : Double.NaN;
      String paperMethod =
          r.method().equals("adjoint") && r.backend().equals("cpu")
              ? "ours"
              : r.method().equals("pytorch") ? "PyTorch" : "";
      paperSays.add(
          paperMethod.isEmpty()
              ? ""
              : PaperNumbers.find(
                      paper,
                      "method",
                      paperMethod,
                      "worlds",
                      Integer.toString(r.worlds()),
                      "steps",
                      Integer.toString(r.steps()))
                  .map(
                      p ->
                          p.getString("status").isEmpty()
                              ? "figure only (not available)"
                              : p.getString("status"))
                  .orElse(""));
    }
    return Table.create("time and memory against steps: ours, the tape and PyTorch")
        .addColumns(
            StringColumn.create("method", rows.stream().map(Row::label)),
            IntColumn.create("robots", rows.stream().mapToInt(Row::worlds).toArray()),
            IntColumn.create("steps", rows.stream().mapToInt(Row::steps).toArray()),
            DoubleColumn.create("forward ms", rows.stream().mapToDouble(Row::forwardMs)),
            DoubleColumn.create("backward ms", rows.stream().mapToDouble(Row::backwardMs)),
            DoubleColumn.create(
                "peak MiB", rows.stream().mapToDouble(r -> r.peakBytes() / Report.MIB)),
            DoubleColumn.create(
                "measured MiB", rows.stream().mapToDouble(r -> r.measuredBytes() / Report.MIB)),
            DoubleColumn.create("memory x adjoint", memRatio),
            DoubleColumn.create("backward x adjoint", bwdRatio),
            StringColumn.create("status", rows.stream().map(Row::status)),
            StringColumn.create("paper", paperSays));
  }

  private static Optional<Row> adjoint(List<Row> rows, int worlds, int steps) {
    return rows.stream()
        .filter(
            r ->
                r.method().equals("adjoint")
                    && r.backend().equals("cpu")
                    && r.ok()
                    && r.worlds() == worlds
                    && r.steps() == steps)
        .findFirst();
  }

  /**
   * Log-log panels as the paper draws them: forward time, backward time and memory (counted, and
   * measured) against steps; PyTorch's memory is its process's peak RSS growth in both.
   */
  private static Figure figure(List<Row> rows) {
    List<XYChart> panels = new ArrayList<>();
    panels.add(panel(rows, "forward time", "ms", Row::forwardMs));
    panels.add(panel(rows, "backward time", "ms", Row::backwardMs));
    panels.add(panel(rows, "peak memory, counted", "MiB", r -> r.peakBytes() / Report.MIB));
    panels.add(panel(rows, "memory, measured", "MiB", r -> r.measuredBytes() / Report.MIB));
    return new Figure("time and memory against steps", panels);
  }

  private static XYChart panel(List<Row> rows, String what, String unit, ToDoubleFunction<Row> y) {
    XYChart c =
        ChartStyle.xyChart(
            what + " against steps",
            "steps (log)",
            what.replaceAll(",.*", "") + " (" + unit + ", log)");
    c.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setMarkerSize(6);
    Map<String, List<Row>> series = new LinkedHashMap<>();
    for (Row r : rows) {
      if (r.ok() && y.applyAsDouble(r) > 0) {
        series
            .computeIfAbsent(
                r.label() + ", " + r.worlds() + (r.worlds() == 1 ? " robot" : " robots"),
                k -> new ArrayList<>())
            .add(r);
      }
    }
    for (var e : series.entrySet()) {
      c.addSeries(
              e.getKey(),
              e.getValue().stream().mapToDouble(Row::steps).toArray(),
              e.getValue().stream().mapToDouble(y).toArray())
          .setMarker(SeriesMarkers.CIRCLE);
    }
    return c;
  }

  private static List<Check> checks(List<Row> rows, Size size) {
    List<Check> checks = new ArrayList<>();
    int[] ts = steps(size);
    int last = ts[ts.length - 1];
    for (int robots : ROBOTS) {
      List<Row> adj =
          rows.stream()
              .filter(
                  r ->
                      r.method().equals("adjoint")
                          && r.backend().equals("cpu")
                          && r.worlds() == robots)
              .toList();
      boolean allOk = adj.stream().allMatch(Row::ok);
      LinearFit fit =
          LinearFit.of(
              adj.stream().mapToDouble(Row::steps).toArray(),
              adj.stream().mapToDouble(Row::peakBytes).toArray());
      checks.add(
          new Check(
              "adjoint memory is linear in steps, " + robots + (robots == 1 ? " robot" : " robots"),
              allOk && fit.b() > 0 && fit.maxRelativeError() <= 0.05,
              String.format(
                  Locale.ROOT,
                  "%.0f bytes per step" + " + %.3g MiB; largest deviation from the line %.2g%%",
                  fit.b(),
                  fit.a() / Report.MIB,
                  100 * fit.maxRelativeError())));
      Row a = adjoint(rows, robots, last).orElse(null);
      Row tape =
          rows.stream()
              .filter(r -> r.method().equals("tape") && r.worlds() == robots && r.steps() == last)
              .findFirst()
              .orElseThrow();
      double ratio = a == null ? Double.NaN : (double) tape.peakBytes() / a.peakBytes();
      checks.add(
          new Check(
              "adjoint memory at least 100x below the tape's at "
                  + last
                  + " steps, "
                  + robots
                  + (robots == 1 ? " robot" : " robots"),
              ratio >= 100,
              String.format(
                  Locale.ROOT,
                  "tape %s%.4g MiB," + " adjoint %.4g MiB: %s%.0fx",
                  tape.ok() ? "" : "over its budget of ",
                  tape.peakBytes() / Report.MIB,
                  a == null ? Double.NaN : a.peakBytes() / Report.MIB,
                  tape.ok() ? "" : "at least ",
                  ratio)));
    }
    List<String> slower = new ArrayList<>();
    boolean tenfold = true;
    int compared = 0;
    for (Row t : rows) {
      Optional<Row> a = adjoint(rows, t.worlds(), t.steps());
      if (t.method().equals("pytorch") && t.ok() && a.isPresent()) {
        double x = t.forwardMs() / a.get().forwardMs();
        tenfold &= x >= 10;
        compared++;
        slower.add(
            String.format(Locale.ROOT, "%d robot(s) x %d steps: %.0fx", t.worlds(), t.steps(), x));
      }
    }
    checks.add(
        new Check(
            "our forward simulation at least 10x faster than PyTorch's (the paper's claim)",
            tenfold && compared > 0,
            compared == 0 ? "PyTorch ran nowhere" : String.join(", ", slower)));
    return checks;
  }

  private static List<String> notes() {
    return List.of(
        "One core of a shared 2-vCPU guest, float64 throughout (the paper stores float32 between steps).",
        "10 robots: builtin:laikago10 (one model) for our CPU methods; 10 worlds of builtin:laikago in one batch"
            + " for OpenCL and for PyTorch, whose step is batched over worlds.",
        "Counted memory: checkpoints, tape and scratch our methods hold (device buffers on OpenCL); measured: the"
            + " heap bytes the JVM counted the run allocating (an upper bound of what it held at once), the process's"
            + " peak RSS growth for PyTorch.");
  }
}
