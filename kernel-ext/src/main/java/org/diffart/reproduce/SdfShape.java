package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.task.ThrownShape;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * DiffSDFSim's shape from a trajectory ({@code optim_shapespace.py}): the latent code of a learned
 * shape recovered from the trajectory of a body of that shape thrown against a wall ({@link
 * ThrownShape}), by Adam with time-of-contact gradients through the body's contacts, mass and
 * inertia. Each of the nine shapes of the shipped family is the truth of one run per seed (the
 * orientation and the start drawn by the seed); two variants: contacts by signed distance ({@code
 * surface}, the seed's) and through the shape's mesh ({@code mesh}). Quick: three shapes, one seed,
 * by signed distance only.
 */
final class SdfShape implements Swept {
  /** The shapes of the quick size: a corner of the family, its centre, another corner. */
  static final List<String> QUICK_SHAPES =
      List.of("e1-0.5_e2-0.5", "e1-1.0_e2-1.0", "e1-1.5_e2-0.5");

  @Override
  public String name() {
    return "sdf-shape";
  }

  @Override
  public String title() {
    return "A learned shape's latent code from a thrown body's trajectory (DiffSDFSim's shape"
        + " space)";
  }

  static int seeds(Size size) {
    return size == Size.QUICK ? 1 : 3;
  }

  static List<String> variants(Size size) {
    return size == Size.QUICK ? List.of("surface") : List.of("surface", "mesh");
  }

  static List<String> shapes(Size size) {
    return size == Size.QUICK
        ? QUICK_SHAPES
        : List.copyOf(org.diffart.sim.sdf.NeuralSdfFamily.shipped().codes().keySet());
  }

  @Override
  public List<UnitSpec> units(Size size, Selection selection, java.nio.file.Path work) {
    check(selection);
    List<UnitSpec> units = new ArrayList<>();
    for (String variant : variants(size)) {
      for (int seed = 0; seed < seeds(size); seed++) {
        for (String shape : shapes(size)) {
          units.add(new UnitSpec(name(), size, variant + "_" + shape + "_seed" + seed, null));
        }
      }
    }
    return units;
  }

  private static String variant(String key) {
    return key.substring(0, key.indexOf('_'));
  }

  private static String shape(String key) {
    return key.substring(key.indexOf('_') + 1, key.lastIndexOf("_seed"));
  }

  private static int seed(String key) {
    return Integer.parseInt(key.substring(key.lastIndexOf("_seed") + 5));
  }

  /**
   * The draw of a run: its shape's place in the family and the seed (the same in both variants).
   */
  private static long draw(String shape, int seed) {
    return 1000L * seed + shape.hashCode();
  }

  @Override
  public UnitResult runUnit(UnitSpec unit, Consumer<String> progress) {
    long t0 = System.nanoTime();
    String variant = variant(unit.key()), truth = shape(unit.key());
    int seed = seed(unit.key());
    long draw = draw(truth, seed);
    ThrownShape task =
        ThrownShape.standard(ThrownShape.randomOrientation(draw), variant.equals("surface"));
    ThrownShape.Fit f = task.fit(truth, task.startCode(draw), 100);
    String status =
        switch (f.trace().status()) {
          case "budget" -> "iterations";
          case "ok" -> "converged";
          default -> f.trace().status();
        };
    double ms = (System.nanoTime() - t0) / 1e6;
    int iterations = f.trace().last().iteration();
    double startSurface = task.shapeError(f.start(), f.code());
    double fitSurface = task.shapeError(f.estimate(), f.code());
    SdfRow code =
        new SdfRow(
            name(),
            variant + ":" + truth,
            seed,
            iterations,
            "latent code",
            norm(f.code()),
            norm(f.start()),
            norm(f.estimate()),
            f.codeError(),
            f.startError(),
            f.trace().bestLoss(),
            status,
            ms);
    SdfRow surface =
        new SdfRow(
            name(),
            variant + ":" + truth,
            seed,
            iterations,
            "surface distance (m)",
            0,
            startSurface,
            fitSurface,
            fitSurface,
            startSurface,
            f.trace().bestLoss(),
            status,
            ms);
    double[] path = {
      f.start()[0],
      f.start()[1],
      f.estimate()[0],
      f.estimate()[1],
      variant.equals("surface") ? 1 : 0
    };
    return new UnitResult(unit, List.of(code, surface), path, null, ms);
  }

  private static double norm(double[] v) {
    return Math.sqrt(v[0] * v[0] + v[1] * v[1]);
  }

  @Override
  public List<Measurement> failedRows(UnitSpec unit, String message) {
    return List.of(
        SdfRow.failed(
            name(),
            variant(unit.key()) + ":" + shape(unit.key()),
            seed(unit.key()),
            "latent code",
            message));
  }

  @Override
  public Report report(Size size, Selection selection, List<UnitResult> results, String runner) {
    List<SdfRow> rows = SdfRow.of(results);
    List<double[]> paths = new ArrayList<>();
    for (UnitResult r : results) {
      if (r.extra() instanceof double[] p) {
        paths.add(p);
      }
    }
    return new Report(
        name(),
        title(),
        size,
        rows,
        table(rows),
        figure(paths),
        checks(size, rows),
        notes(size, runner));
  }

  /** The finished runs of a variant, one row each (the surface distance's). */
  static List<SdfRow> surface(List<SdfRow> rows, String variant) {
    return rows.stream()
        .filter(
            r ->
                r.variant().startsWith(variant + ":")
                    && r.parameter().startsWith("surface")
                    && r.ok())
        .toList();
  }

  static Table table(List<SdfRow> rows) {
    StringColumn what = StringColumn.create("contacts"), error = StringColumn.create("error");
    IntColumn runs = IntColumn.create("runs"), converged = IntColumn.create("converged");
    DoubleColumn start = DoubleColumn.create("at the start, mean"),
        min = DoubleColumn.create("fitted min"),
        median = DoubleColumn.create("fitted median"),
        mean = DoubleColumn.create("fitted mean"),
        max = DoubleColumn.create("fitted max"),
        iters = DoubleColumn.create("iterations mean");
    for (String v : List.of("surface", "mesh")) {
      for (String p : List.of("latent code", "surface distance")) {
        List<SdfRow> ok =
            rows.stream()
                .filter(r -> r.variant().startsWith(v + ":") && r.parameter().startsWith(p))
                .filter(SdfRow::ok)
                .toList();
        if (ok.isEmpty()) {
          continue;
        }
        double[] e = ok.stream().mapToDouble(SdfRow::error).toArray();
        what.append(v.equals("surface") ? "by signed distance" : "through the mesh");
        error.append(p.equals("latent code") ? "|z − z*|" : "surface distance (m)");
        runs.append(ok.size());
        converged.append((int) ok.stream().filter(r -> r.status().equals("converged")).count());
        start.append(ok.stream().mapToDouble(SdfRow::startError).average().orElse(Double.NaN));
        min.append(EstimationReport.quantile(e, 0));
        median.append(EstimationReport.quantile(e, 0.5));
        mean.append(java.util.Arrays.stream(e).average().orElse(Double.NaN));
        max.append(EstimationReport.quantile(e, 1));
        iters.append(ok.stream().mapToInt(SdfRow::iterations).average().orElse(Double.NaN));
      }
    }
    return Table.create(
        "sdf-shape: the learned shape's code from a thrown body's trajectory",
        what,
        error,
        runs,
        converged,
        start,
        min,
        median,
        mean,
        max,
        iters);
  }

  static Figure figure(List<double[]> paths) {
    List<XYChart> charts = new ArrayList<>();
    for (String v : List.of("surface", "mesh")) {
      boolean surface = v.equals("surface");
      List<double[]> mine = paths.stream().filter(p -> (p[4] == 1) == surface).toList();
      if (mine.isEmpty()) {
        continue;
      }
      XYChart c =
          ChartStyle.xyChart(
              surface ? "contacts by signed distance" : "contacts through the mesh", "z₁", "z₂", 3);
      c.getStyler().setMarkerSize(9);
      var codes = org.diffart.sim.sdf.NeuralSdfFamily.shipped().codes().values();
      XYSeries learned =
          c.addSeries(
              "the family's codes (the truths)",
              codes.stream().mapToDouble(z -> z[0]).toArray(),
              codes.stream().mapToDouble(z -> z[1]).toArray());
      learned.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      learned.setMarker(SeriesMarkers.CIRCLE);
      learned.setMarkerColor(java.awt.Color.LIGHT_GRAY);
      int k = 0;
      for (double[] p : mine) {
        XYSeries s =
            c.addSeries("run " + k++, new double[] {p[0], p[2]}, new double[] {p[1], p[3]});
        s.setLineColor(ChartStyle.PALETTE[0]);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineStyle(SeriesLines.SOLID);
        s.setShowInLegend(false);
      }
      XYSeries starts =
          c.addSeries(
              "starts",
              mine.stream().mapToDouble(p -> p[0]).toArray(),
              mine.stream().mapToDouble(p -> p[1]).toArray());
      starts.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      starts.setMarker(SeriesMarkers.CROSS);
      starts.setMarkerColor(ChartStyle.PALETTE[0]);
      XYSeries fitted =
          c.addSeries(
              "fitted codes",
              mine.stream().mapToDouble(p -> p[2]).toArray(),
              mine.stream().mapToDouble(p -> p[3]).toArray());
      fitted.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      fitted.setMarker(SeriesMarkers.DIAMOND);
      fitted.setMarkerColor(ChartStyle.PALETTE[1]);
      c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
      charts.add(c);
    }
    return new Figure(
        "sdf-shape: each run from its start (near the codes' mean) to its fitted code; the truths are"
            + " the family's codes",
        charts);
  }

  static List<Check> checks(Size size, List<SdfRow> rows) {
    List<Check> checks = new ArrayList<>();
    int n = shapes(size).size() * seeds(size);
    List<SdfRow> surface = surface(rows, "surface");
    checks.add(
        new Check(
            "every run by signed distance finished (" + n + ")",
            surface.size() == n,
            rows.stream().filter(r -> !r.ok() && r.variant().startsWith("surface:")).count()
                + " failed"));
    // a start within a millimetre of the truth (the family's centre is the codes' mean) has
    // nothing to halve
    List<SdfRow> far = surface.stream().filter(r -> r.startError() > 1e-3).toList();
    long better = far.stream().filter(r -> r.error() < 0.5 * r.startError()).count();
    checks.add(
        new Check(
            "by signed distance the fit at least halves the surface distance in two of three runs"
                + " that start more than 1 mm from the truth",
            better * 3 >= 2L * far.size() && !far.isEmpty(),
            better + " of " + far.size()));
    double median =
        EstimationReport.quantile(surface.stream().mapToDouble(SdfRow::error).toArray(), 0.5);
    checks.add(
        new Check(
            "by signed distance the median fitted shape lies within 2 mm of the truth (shapes 20 cm"
                + " across)",
            median < 2e-3,
            String.format(Locale.ROOT, "median surface distance %.3g m", median)));
    return checks;
  }

  static List<String> notes(Size size, String runner) {
    return List.of(
        "Setup (after the seed's trajectory_fitting/optim_shapespace.py): a body of one of the nine"
            + " learned superellipsoids (datasets/models/sdf/superellipsoids.nsdf; semi-axes 0.1,"
            + " 0.08, 0.06 m, exponents {0.5, 1, 1.5}²) at a random orientation, thrown from the"
            + " origin at 1 m/s without spin against a wall 0.5 m away, no gravity, e = 0.5, μ ="
            + " 0.25, 1 s at 1/30 s in steps without penetration; loss Σ_t |p_t − p_t*|²/(T ℓ²) +"
            + " 1e-4 |z|² (the seed's latent regulariser; ℓ = 0.2 m, our shapes' size, puts the"
            + " positions in body lengths as the seed's 1 m shapes do); Adam, step "
            + ThrownShape.RATE
            + " (the seed's 1e-3 on its wider codes), at most 100 iterations, stopped when the loss"
            + " changes by less than 1e-8, time-of-contact gradients; the start the codes' mean plus"
            + " a tenth of their spread in noise (the seed's init_mode 'normal'). "
            + seeds(size)
            + " seed(s) per shape"
            + (size == Size.QUICK ? " (quick: three shapes, by signed distance only)." : "."),
        "The surface distance is the largest |φ_fit − φ_true| on the true shape's mesh: two codes"
            + " that make nearly the same shape are a fit, whatever their distance in the latent"
            + " space. The seed shows its ShapeNet and duck/cow fits as chamfer distances and"
            + " renderings; its shapes and numbers are not these. Runner: "
            + runner
            + ".");
  }
}
