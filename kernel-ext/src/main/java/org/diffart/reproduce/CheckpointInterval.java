package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.diff.Checkpointing;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Peak memory and backward time against the checkpoint interval k, 10 Laikagos (Qiao et al. 2021,
 * App. B), with the paper's two models fitted to the measurements: {@code n/k·m_ckpt + m_sim} and
 * {@code (k+1)/2·t_fwd + t_bwd} per step. Three schemes: the paper's (replay:k, only the
 * checkpoints kept, each step replayed from its checkpoint), ours (the segment recomputed once and
 * kept: {@code ⌈n/k⌉ + k} states) and binomial checkpointing (revolve:S).
 */
final class CheckpointInterval implements Experiment {
  @Override
  public String name() {
    return "checkpoint-interval";
  }

  @Override
  public String title() {
    return "Peak memory and backward time against the checkpoint interval, 10 Laikagos (Qiao et al. 2021, App. B)";
  }

  static int steps(Size size) {
    return size == Size.QUICK ? 300 : 5000;
  }

  static int[] intervals(Size size) {
    return size == Size.QUICK ? new int[] {1, 2, 5, 10, 20} : new int[] {1, 2, 5, 10, 20, 50, 100};
  }

  static int[] slots(Size size) {
    return size == Size.QUICK ? new int[] {5, 20} : new int[] {10, 30, 100};
  }

  @Override
  public int measurements(Size size) {
    return 1 + 2 * intervals(size).length + slots(size).length;
  }

  @Override
  public Report run(Size size, Consumer<String> progress) {
    Runs.Timing timing = Runs.Timing.of(size);
    progress.accept("warming up");
    Runs.warmUp(size, 10);
    int n = steps(size);
    List<Row> rows = new ArrayList<>();
    for (int k : intervals(size)) {
      progress.accept("replay:" + k);
      rows.add(Runs.adjoint(10, n, new Checkpointing.Replay(k), timing));
    }
    for (int k : intervals(size)) {
      progress.accept("interval " + k + ", segment kept");
      rows.add(Runs.adjoint(10, n, new Checkpointing.Every(k), timing));
    }
    for (int s : slots(size)) {
      progress.accept("revolve:" + s);
      rows.add(Runs.adjoint(10, n, new Checkpointing.Revolve(s), timing));
    }
    Fits fits = Fits.of(rows, n);
    return new Report(
        name(),
        title(),
        size,
        rows,
        table(rows, fits, n),
        figure(rows, fits, n),
        checks(rows, fits, n, size),
        notes(fits));
  }

  /**
   * The paper's two models fitted to the replay rows, and the forward step time measured on its
   * own.
   */
  record Fits(LinearFit memory, LinearFit time, double forwardMsPerStep) {
    static Fits of(List<Row> rows, int n) {
      List<Row> replay = replay(rows);
      double[] perK = replay.stream().mapToDouble(r -> Math.ceil((double) n / k(r))).toArray();
      double[] half = replay.stream().mapToDouble(r -> (k(r) + 1) / 2.0).toArray();
      LinearFit mem = LinearFit.of(perK, replay.stream().mapToDouble(Row::peakBytes).toArray());
      LinearFit time =
          LinearFit.of(half, replay.stream().mapToDouble(Row::backwardMsPerStep).toArray());
      // every row's forward sweep is the same rollout: the median over them is the forward step
      // time
      double fwd =
          Measure.median(
              rows.stream().filter(Row::ok).mapToDouble(r -> r.forwardMs() / r.steps()).toArray());
      return new Fits(mem, time, fwd);
    }
  }

  static List<Row> replay(List<Row> rows) {
    return rows.stream().filter(r -> r.checkpoint().startsWith("replay:") && r.ok()).toList();
  }

  static List<Row> kept(List<Row> rows) {
    return rows.stream().filter(r -> r.checkpoint().matches("\\d+") && r.ok()).toList();
  }

  static List<Row> revolve(List<Row> rows) {
    return rows.stream().filter(r -> r.checkpoint().startsWith("revolve:") && r.ok()).toList();
  }

  static int k(Row r) {
    return Integer.parseInt(r.checkpoint().replaceAll("\\D+", ""));
  }

  private static Table table(List<Row> rows, Fits f, int n) {
    double[] modelMem = new double[rows.size()], modelTime = new double[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      boolean replay = r.checkpoint().startsWith("replay:");
      modelMem[i] = replay ? f.memory().at(Math.ceil((double) n / k(r))) / Report.MIB : Double.NaN;
      modelTime[i] = replay ? f.time().at((k(r) + 1) / 2.0) : Double.NaN;
    }
    return Table.create(
            "checkpointing schemes, 10 Laikagos x " + n + " steps, with the paper's models")
        .addColumns(
            StringColumn.create(
                "scheme",
                rows.stream()
                    .map(
                        r ->
                            r.checkpoint().startsWith("replay:")
                                ? "paper's interval"
                                : r.checkpoint().startsWith("revolve:")
                                    ? "binomial (revolve)"
                                    : "interval, segment kept")),
            StringColumn.create("checkpoint", rows.stream().map(Row::checkpoint)),
            DoubleColumn.create(
                "peak MiB", rows.stream().mapToDouble(r -> r.peakBytes() / Report.MIB)),
            DoubleColumn.create("model MiB", modelMem),
            DoubleColumn.create(
                "measured MiB", rows.stream().mapToDouble(r -> r.measuredBytes() / Report.MIB)),
            DoubleColumn.create(
                "backward ms per step", rows.stream().mapToDouble(Row::backwardMsPerStep)),
            DoubleColumn.create("model ms per step", modelTime),
            DoubleColumn.create("backward s", rows.stream().mapToDouble(r -> r.backwardMs() / 1e3)),
            StringColumn.create("status", rows.stream().map(Row::status)));
  }

  private static Figure figure(List<Row> rows, Fits f, int n) {
    XYChart mem =
        ChartStyle.xyChart(
            "peak memory against k", "checkpoint interval k (log)", "peak memory (MiB)");
    XYChart time =
        ChartStyle.xyChart(
            "backward time per step against k", "checkpoint interval k (log)", "ms per step");
    XYChart trade =
        ChartStyle.xyChart(
            "backward time against memory", "peak memory (MiB, log)", "backward ms per step (log)");
    mem.getStyler().setXAxisLogarithmic(true).setMarkerSize(7);
    time.getStyler().setXAxisLogarithmic(true).setMarkerSize(7);
    trade.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setMarkerSize(7);
    List<Row> replay = replay(rows), kept = kept(rows);
    if (replay.size() >= 2) {
      double[] ks =
          IntStream.rangeClosed(1, k(replay.get(replay.size() - 1))).asDoubleStream().toArray();
      line(
          mem,
          "model n/k m_ckpt + m_sim",
          ks,
          IntStream.range(0, ks.length)
              .mapToDouble(i -> f.memory().at(Math.ceil(n / ks[i])) / Report.MIB)
              .toArray());
      line(
          time,
          "model (k+1)/2 t_fwd + t_bwd",
          ks,
          IntStream.range(0, ks.length).mapToDouble(i -> f.time().at((ks[i] + 1) / 2)).toArray());
    }
    for (var part : List.of(replay, kept)) {
      if (part.isEmpty()) {
        continue;
      }
      String name = part == replay ? "paper's interval (replay)" : "interval, segment kept";
      double[] ks = part.stream().mapToDouble(CheckpointInterval::k).toArray();
      points(mem, name, ks, part.stream().mapToDouble(r -> r.peakBytes() / Report.MIB).toArray());
      points(time, name, ks, part.stream().mapToDouble(Row::backwardMsPerStep).toArray());
      points(
          trade,
          name,
          part.stream().mapToDouble(r -> r.peakBytes() / Report.MIB).toArray(),
          part.stream().mapToDouble(Row::backwardMsPerStep).toArray());
    }
    List<Row> rev = revolve(rows);
    if (!rev.isEmpty()) {
      points(
          trade,
          "revolve",
          rev.stream().mapToDouble(r -> r.peakBytes() / Report.MIB).toArray(),
          rev.stream().mapToDouble(Row::backwardMsPerStep).toArray());
    }
    return new Figure("checkpointing: memory and time against k", List.of(mem, time, trade));
  }

  private static void line(XYChart c, String name, double[] x, double[] y) {
    XYSeries s = c.addSeries(name, x, y);
    s.setLineColor(ChartStyle.PALETTE[0]);
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    s.setMarker(SeriesMarkers.NONE);
  }

  private static void points(XYChart c, String name, double[] x, double[] y) {
    XYSeries s = c.addSeries(name, x, y);
    // one colour per scheme in every panel (the model lines take the first)
    s.setMarkerColor(
        ChartStyle.PALETTE[name.startsWith("paper") ? 1 : name.startsWith("interval") ? 2 : 3]);
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    s.setMarker(SeriesMarkers.CIRCLE);
  }

  /**
   * What the paper's section shows. The recomputation each scheme does is counted exactly, so its
   * checks hold at every size; the times follow from it only at the paper's size: at CI's, a few
   * milliseconds per row, load on the machine moves them more than the schemes do, so their checks
   * are kept for the full size.
   */
  private static List<Check> checks(List<Row> rows, Fits f, int n, Size size) {
    List<Check> checks = new ArrayList<>();
    List<Row> replay = replay(rows), kept = kept(rows);
    boolean falling = true;
    for (int i = 1; i < replay.size(); i++) {
      falling &= replay.get(i).peakBytes() <= replay.get(i - 1).peakBytes();
    }
    checks.add(
        new Check(
            "memory falls as n/k toward m_sim (paper's interval)",
            falling
                && f.memory().b() > 0
                && f.memory().a() > 0
                && f.memory().maxRelativeError() <= 0.05,
            String.format(
                Locale.ROOT,
                "fit m_ckpt %.0f bytes, m_sim %.3g MiB, largest deviation %.2g%%; k = %d holds %.3g MiB",
                f.memory().b(),
                f.memory().a() / Report.MIB,
                100 * f.memory().maxRelativeError(),
                k(replay.get(replay.size() - 1)),
                replay.get(replay.size() - 1).peakBytes() / Report.MIB)));
    checks.add(
        recomputed(
            "each backward step replays (k-1)/2 steps: (k+1)/2 forward steps with its own (paper's"
                + " interval)",
            replay,
            n,
            k -> n * (k - 1) / 2));
    checks.add(
        recomputed(
            "keeping the segment replays each step at most once: n (k-1)/k steps in all",
            kept,
            n,
            k -> n * (k - 1) / k));
    if (size != Size.QUICK) {
      double ratio = f.time().b() / f.forwardMsPerStep();
      checks.add(
          new Check(
              "backward time rises as (k+1)/2 forward steps (paper's interval)",
              f.time().r2() >= 0.9 && ratio >= 0.5 && ratio <= 2,
              String.format(
                  Locale.ROOT,
                  "fit t_fwd %.3g ms (a forward step, median of the forward sweeps: %.3g ms, ratio %.2f), t_bwd %.3g ms;"
                      + " R² %.3f, largest deviation %.2g%%",
                  f.time().b(),
                  f.forwardMsPerStep(),
                  ratio,
                  f.time().a(),
                  f.time().r2(),
                  100 * f.time().maxRelativeError())));
      double lo = kept.stream().mapToDouble(Row::backwardMs).min().orElse(Double.NaN);
      double hi = kept.stream().mapToDouble(Row::backwardMs).max().orElse(Double.NaN);
      checks.add(
          new Check(
              "keeping the segment removes the (k+1)/2: backward time within 2.5x over every k",
              hi / lo <= 2.5 && kept.size() == intervals(rows).length,
              String.format(Locale.ROOT, "%.3g to %.3g s", lo / 1e3, hi / 1e3)));
    }
    checks.add(
        new Check(
            "every scheme ran",
            rows.stream().allMatch(Row::ok),
            rows.stream()
                .filter(r -> !r.ok())
                .map(r -> r.checkpoint() + ": " + r.status())
                .reduce((a, b) -> a + "; " + b)
                .orElse("all ok")));
    return checks;
  }

  /** Every row's recomputed steps equal {@code expected(k)}, n a multiple of every k. */
  private static Check recomputed(
      String name, List<Row> part, int n, java.util.function.IntUnaryOperator expected) {
    List<String> off = new ArrayList<>();
    for (Row r : part) {
      if (n % k(r) != 0 || r.recomputedSteps() != expected.applyAsInt(k(r))) {
        off.add(
            String.format(
                Locale.ROOT,
                "k = %d: %d, expected %d",
                k(r),
                r.recomputedSteps(),
                expected.applyAsInt(k(r))));
      }
    }
    String detail =
        part.stream()
            .map(
                r ->
                    String.format(
                        Locale.ROOT,
                        "k = %d: %.3g per step",
                        k(r),
                        r.recomputedSteps() / (double) n))
            .reduce((a, b) -> a + ", " + b)
            .orElse("no rows");
    return new Check(
        name, off.isEmpty() && !part.isEmpty(), off.isEmpty() ? detail : String.join("; ", off));
  }

  private static int[] intervals(List<Row> rows) {
    return rows.stream()
        .filter(r -> r.checkpoint().startsWith("replay:"))
        .mapToInt(CheckpointInterval::k)
        .toArray();
  }

  private static List<String> notes(Fits f) {
    return List.of(
        "builtin:laikago10 (10 robots in one model) on one core, float64; gradients of every input,"
            + " bitwise equal whatever the scheme.",
        "The paper's models are fitted by least squares to the paper's"
            + " scheme (replay): memory against ceil(n/k), backward time per step against (k+1)/2.");
  }
}
