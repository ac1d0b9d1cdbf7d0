package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.optim.Trace;
import org.diffart.sim.task.PushedBlock;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * DiffSDFSim's system identification (Strecke and Stueckler 2021, {@code optim_sysid.py}) of an SDF
 * body: a superellipsoid pebble pushed across a floor by a constant force for 1 s ({@link
 * PushedBlock#SDF_MJCF}), its force, mass or friction recovered from its positions by the seed's
 * SGD (rates 0.1, 0.01, 0.001; 100 steps; the adjoint gradient), 50 runs per quantity (10 at the
 * quick size), the errors' distribution beside the seed summary's means.
 */
final class SdfSysid implements Swept {
  @Override
  public String name() {
    return "sdf-sysid";
  }

  @Override
  public String title() {
    return "System identification of an SDF body: force, mass and friction of a pushed pebble"
        + " (DiffSDFSim)";
  }

  /** Runs per quantity: the seed's 50, 10 for CI. */
  static int runs(Size size) {
    return size == Size.QUICK ? 10 : 50;
  }

  static String variant(PushedBlock.Unknown u) {
    return u.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public List<UnitSpec> units(Size size, Selection selection, java.nio.file.Path work) {
    check(selection);
    List<UnitSpec> units = new ArrayList<>();
    for (PushedBlock.Unknown u : PushedBlock.Unknown.values()) {
      for (int seed = 0; seed < runs(size); seed++) {
        units.add(new UnitSpec(name(), size, variant(u) + "_seed" + seed, null));
      }
    }
    return units;
  }

  private PushedBlock.Unknown unknown(String key) {
    String v = key.substring(0, key.lastIndexOf("_seed"));
    for (PushedBlock.Unknown u : PushedBlock.Unknown.values()) {
      if (variant(u).equals(v)) {
        return u;
      }
    }
    throw new IllegalArgumentException(name() + " has no unit '" + key + "'");
  }

  private static int seed(String key) {
    return Integer.parseInt(key.substring(key.lastIndexOf("_seed") + 5));
  }

  @Override
  public UnitResult runUnit(UnitSpec unit, Consumer<String> progress) {
    long t0 = System.nanoTime();
    PushedBlock.Unknown u = unknown(unit.key());
    int seed = seed(unit.key());
    PushedBlock task = PushedBlock.of(u, seed, true);
    double[] start = task.start(seed);
    Trace sgd = task.seedSgd(start, 100);
    double[] truth = task.truth().of(u), est = sgd.best();
    String status =
        switch (sgd.status()) {
          case "budget" -> "iterations";
          case "ok" -> "converged";
          default -> sgd.status();
        };
    SdfRow row =
        new SdfRow(
            name(),
            variant(u),
            seed,
            sgd.last().iteration(),
            u == PushedBlock.Unknown.FORCE ? "force |(fx, fy)| (N)" : variant(u),
            norm(truth),
            norm(start),
            norm(est),
            task.error(est),
            task.error(start),
            sgd.bestLoss(),
            status,
            (System.nanoTime() - t0) / 1e6);
    return new UnitResult(unit, List.of(row), null, null, row.wallMs());
  }

  private static double norm(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x * x;
    }
    return Math.sqrt(s);
  }

  @Override
  public List<Measurement> failedRows(UnitSpec unit, String message) {
    String v = variant(unknown(unit.key()));
    return List.of(SdfRow.failed(name(), v, seed(unit.key()), v, message));
  }

  @Override
  public Report report(Size size, Selection selection, List<UnitResult> results, String runner) {
    List<SdfRow> rows = SdfRow.of(results);
    Table seed = PaperNumbers.table("diffsdfsim", "sysid");
    return new Report(
        name(),
        title(),
        size,
        rows,
        table(rows, seed),
        figure(rows),
        checks(size, rows, seed),
        notes(size, runner));
  }

  static List<SdfRow> of(List<SdfRow> rows, PushedBlock.Unknown u) {
    return rows.stream().filter(r -> r.variant().equals(variant(u)) && r.ok()).toList();
  }

  static double[] errors(List<SdfRow> rows, boolean start) {
    return rows.stream().mapToDouble(r -> start ? r.startError() : r.error()).toArray();
  }

  static double mean(double[] a) {
    return java.util.Arrays.stream(a).average().orElse(Double.NaN);
  }

  static double seedNumber(Table seed, PushedBlock.Unknown u, String column) {
    return PaperNumbers.find(seed, "quantity", variant(u))
        .map(r -> PaperNumbers.number(r, column).orElse(Double.NaN))
        .orElseThrow(
            () -> new IllegalStateException("diffsdfsim/sysid.csv has no row for " + variant(u)));
  }

  /** Per quantity: the start's errors, the final errors' distribution, the seed's means. */
  static Table table(List<SdfRow> rows, Table seed) {
    StringColumn q = StringColumn.create("quantity");
    IntColumn runs = IntColumn.create("runs");
    DoubleColumn start = DoubleColumn.create("initial error mean"),
        min = DoubleColumn.create("final min"),
        q1 = DoubleColumn.create("final Q1"),
        median = DoubleColumn.create("final median"),
        q3 = DoubleColumn.create("final Q3"),
        max = DoubleColumn.create("final max"),
        mean = DoubleColumn.create("final mean"),
        seedStart = DoubleColumn.create("seed's initial mean"),
        seedFinal = DoubleColumn.create("seed's final mean");
    for (PushedBlock.Unknown u : PushedBlock.Unknown.values()) {
      List<SdfRow> ok = of(rows, u);
      double[] e = errors(ok, false);
      q.append(variant(u));
      runs.append(ok.size());
      start.append(mean(errors(ok, true)));
      min.append(EstimationReport.quantile(e, 0));
      q1.append(EstimationReport.quantile(e, 0.25));
      median.append(EstimationReport.quantile(e, 0.5));
      q3.append(EstimationReport.quantile(e, 0.75));
      max.append(EstimationReport.quantile(e, 1));
      mean.append(mean(e));
      seedStart.append(seedNumber(seed, u, "initial_error"));
      seedFinal.append(seedNumber(seed, u, "final_error"));
    }
    return Table.create(
        "sdf-sysid: absolute errors (force: the norm of both components), ours beside the seed"
            + " summary's means",
        q,
        runs,
        start,
        min,
        q1,
        median,
        q3,
        max,
        mean,
        seedStart,
        seedFinal);
  }

  static Figure figure(List<SdfRow> rows) {
    XYChart c =
        ChartStyle.xyChart(
            "error per run: start (circles), after SGD (diamonds)",
            "quantity",
            "error (log, floored at 1e-12)",
            6);
    c.getStyler().setYAxisLogarithmic(true).setMarkerSize(7);
    PushedBlock.Unknown[] us = PushedBlock.Unknown.values();
    for (int i = 0; i < us.length; i++) {
      List<SdfRow> ok = of(rows, us[i]);
      if (ok.isEmpty()) {
        continue;
      }
      for (boolean start : new boolean[] {true, false}) {
        double[] x = new double[ok.size()], y = new double[ok.size()];
        double[] e = errors(ok, start);
        for (int k = 0; k < x.length; k++) {
          x[k] =
              i + 1 + (start ? -0.2 : 0.2) + 0.15 * (k / (double) Math.max(1, x.length - 1) - 0.5);
          y[k] = Math.max(e[k], 1e-12);
        }
        XYSeries s =
            c.addSeries((i + 1) + ": " + variant(us[i]) + (start ? ", start" : ", fitted"), x, y);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(start ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
        s.setMarkerColor(ChartStyle.PALETTE[i]);
        s.setLineStyle(SeriesLines.NONE);
      }
    }
    c.getStyler().setXAxisMin(0.5).setXAxisMax(us.length + 0.5);
    return new Figure("sdf-sysid: force, mass and friction of a pushed SDF pebble", List.of(c));
  }

  static List<Check> checks(Size size, List<SdfRow> rows, Table seed) {
    List<Check> checks = new ArrayList<>();
    int n = runs(size);
    boolean all =
        java.util.Arrays.stream(PushedBlock.Unknown.values())
            .allMatch(u -> of(rows, u).size() == n);
    checks.add(
        new Check(
            "every run finished (" + n + " per quantity)",
            all,
            rows.stream().filter(r -> !r.ok()).count() + " failed"));
    for (PushedBlock.Unknown u : PushedBlock.Unknown.values()) {
      List<SdfRow> ok = of(rows, u);
      double[] e = errors(ok, false);
      double fin = mean(e), median = EstimationReport.quantile(e, 0.5);
      double init = mean(errors(ok, true));
      double seedFinal = seedNumber(seed, u, "final_error");
      String detail =
          String.format(
              Locale.ROOT,
              "mean error %.3g → %.3g, median %.3g (the seed summary's mean %.3g → %.3g)",
              init,
              fin,
              median,
              seedNumber(seed, u, "initial_error"),
              seedFinal);
      if (u == PushedBlock.Unknown.FORCE) {
        // the force's mean carries the runs whose motion locks to a face of the friction cone
        checks.add(
            new Check(
                "force: the seed's SGD brings the median error to the seed's mean or below",
                median <= seedFinal,
                detail));
      } else {
        checks.add(
            new Check(
                variant(u) + ": the seed's SGD brings the mean error to the seed's mean or below",
                fin <= seedFinal,
                detail));
      }
    }
    return checks;
  }

  static List<String> notes(Size size, String runner) {
    return List.of(
        "Setup (the seed's optim_sysid.py): a body on a floor pushed by a constant horizontal force"
            + " (fx, fy) for 1 s at 1/30 s, observed by its position after every step; the truth"
            + " drawn from force U[2, 5]² N, mass U[0.9, 1.1] kg, μ U[0.01, 0.25], the unknown's start"
            + " drawn again from its range, the others true; loss Σ_t |p_t − p_t*|²; SGD at the"
            + " seed's rates (force 0.1, mass 0.01, friction 0.001), 100 steps. "
            + runs(size)
            + " runs per quantity.",
        "Ours: the body is an SDF superellipsoid pebble (semi-axes 0.12, 0.09, 0.06 m, exponents"
            + " 0.5, 0.8, meshed at 16 cells) on three slides, its contacts its mesh's lowest vertices"
            + " against the floor, the lcp-pdipm solver with 8 friction directions; the seed's body"
            + " is a neural SDF of a duck or a cow on a free joint. Time of contact does not enter:"
            + " the body is in contact from the first step to the last. The gradient is exact (the"
            + " trajectory's residual Jacobian by forward sensitivities).",
        "The force is not identifiable everywhere: with the seed's polyhedral friction cone of 8"
            + " edges a sliding body's direction locks to one of the cone's 8 face normals for a"
            + " range of force directions (the friction then lies anywhere on that face), so runs"
            + " whose target slides along a face normal end where the loss is 1e-10 but the force"
            + " is off along the face; with SGD's fixed rate a few others stall. Their errors carry"
            + " the force's mean; the check is on the median.",
        "The seed's numbers are its summary's means (datasets/paper/diffsdfsim/sysid.csv), not"
            + " verified against its figure. Runner: "
            + runner
            + ".");
  }
}
