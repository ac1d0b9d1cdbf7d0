package org.diffart.reproduce;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.task.BouncingSphere;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * DiffSDFSim's Table 1 (Strecke and Stueckler 2021, {@code optim_sphere.py}): a bouncing sphere's
 * radius recovered from its trajectory ({@link BouncingSphere}), with and without gravity, with and
 * without time-of-contact gradients, 50 runs each (10 at the quick size), beside the numbers the
 * seed's repository publishes. A sweep of independent units: each run, and the loss landscape of
 * one truth.
 */
final class SdfBounce implements Swept {
  /** The variants in the seed's table's order: gravity then not, without then with TOC. */
  static final List<BouncingSphere> VARIANTS =
      List.of(
          new BouncingSphere(true, false),
          new BouncingSphere(true, true),
          new BouncingSphere(false, false),
          new BouncingSphere(false, true));

  /**
   * The seed's radius errors (min, mean, max) per variant, from its repository's {@code RESULTS.md}
   * (EmbodiedVision/diffsdfsim @ 38f6aea, recomputed there with a newer PyTorch3D); null where the
   * fit "fails".
   */
  static final double[][] SEED = {
    {9e-5, 0.038, 0.219}, {2e-6, 0.006, 0.047}, null, {2e-4, 0.002, 0.006}
  };

  /** The landscape's truth, and its range of radii. */
  static final double LANDSCAPE_TRUTH = 1.3, LANDSCAPE_LO = 0.9, LANDSCAPE_HI = 1.8;

  private static final String LANDSCAPE = "landscape";

  @Override
  public String name() {
    return "sdf-bounce";
  }

  @Override
  public String title() {
    return "A bouncing sphere's radius from its trajectory, with and without gravity and"
        + " time-of-contact gradients (DiffSDFSim's Table 1)";
  }

  /** Runs per variant: the seed's 50, 10 for CI. */
  static int runs(Size size) {
    return size == Size.QUICK ? 10 : 50;
  }

  @Override
  public List<UnitSpec> units(Size size, Selection selection, java.nio.file.Path work) {
    check(selection);
    List<UnitSpec> units = new ArrayList<>();
    units.add(new UnitSpec(name(), size, LANDSCAPE, null));
    for (BouncingSphere v : VARIANTS) {
      for (int seed = 0; seed < runs(size); seed++) {
        units.add(new UnitSpec(name(), size, v.variant() + "_seed" + seed, null));
      }
    }
    return units;
  }

  @Override
  public UnitResult runUnit(UnitSpec unit, Consumer<String> progress) {
    long t0 = System.nanoTime();
    if (unit.key().equals(LANDSCAPE)) {
      Landscape l = Landscape.of(unit.size() == Size.QUICK ? 0.05 : 0.02);
      return new UnitResult(unit, List.of(), l, null, (System.nanoTime() - t0) / 1e6);
    }
    int cut = unit.key().lastIndexOf("_seed");
    String variant = unit.key().substring(0, cut);
    int seed = Integer.parseInt(unit.key().substring(cut + 5));
    BouncingSphere v =
        VARIANTS.stream()
            .filter(x -> x.variant().equals(variant))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException(name() + " has no unit " + unit.key()));
    double[] draw = BouncingSphere.draw(seed);
    BouncingSphere.Fit f = v.fit(draw[0], draw[1], 100);
    SdfRow row =
        new SdfRow(
            name(),
            variant,
            seed,
            f.iterations(),
            "radius",
            f.truth(),
            f.start(),
            f.estimate(),
            f.error(),
            Math.abs(f.start() - f.truth()),
            f.losses()[f.losses().length - 1],
            f.status(),
            (System.nanoTime() - t0) / 1e6);
    return new UnitResult(unit, List.of(row), null, null, row.wallMs());
  }

  @Override
  public List<Measurement> failedRows(UnitSpec unit, String message) {
    if (unit.key().equals(LANDSCAPE)) {
      return List.of();
    }
    int cut = unit.key().lastIndexOf("_seed");
    return List.of(
        SdfRow.failed(
            name(),
            unit.key().substring(0, cut),
            Integer.parseInt(unit.key().substring(cut + 5)),
            "radius",
            message));
  }

  @Override
  public Report report(Size size, Selection selection, List<UnitResult> results, String runner) {
    List<SdfRow> rows = SdfRow.of(results);
    Landscape landscape = null;
    for (UnitResult r : results) {
      if (r.extra() instanceof Landscape l) {
        landscape = l;
      }
    }
    return new Report(
        name(),
        title(),
        size,
        rows,
        table(rows),
        figure(rows, landscape),
        checks(size, rows, landscape),
        notes(size, runner));
  }

  /** The rows of a variant that ran to the end. */
  static List<SdfRow> of(List<SdfRow> rows, String variant) {
    return rows.stream().filter(r -> r.variant().equals(variant) && r.ok()).toList();
  }

  static double mean(List<SdfRow> rows) {
    return rows.stream().mapToDouble(SdfRow::error).average().orElse(Double.NaN);
  }

  /** Ours beside the seed's: per variant the runs, how many converged, min / mean / max error. */
  static Table table(List<SdfRow> rows) {
    StringColumn variant = StringColumn.create("variant");
    IntColumn runs = IntColumn.create("runs"), converged = IntColumn.create("converged");
    DoubleColumn min = DoubleColumn.create("error min"),
        mean = DoubleColumn.create("error mean"),
        max = DoubleColumn.create("error max");
    DoubleColumn iters = DoubleColumn.create("iterations mean");
    StringColumn seed = StringColumn.create("seed's min / mean / max");
    for (int i = 0; i < VARIANTS.size(); i++) {
      String v = VARIANTS.get(i).variant();
      List<SdfRow> ok = of(rows, v);
      variant.append(v);
      runs.append(ok.size());
      converged.append((int) ok.stream().filter(r -> r.status().equals("converged")).count());
      min.append(ok.stream().mapToDouble(SdfRow::error).min().orElse(Double.NaN));
      mean.append(mean(ok));
      max.append(ok.stream().mapToDouble(SdfRow::error).max().orElse(Double.NaN));
      iters.append(ok.stream().mapToInt(SdfRow::iterations).average().orElse(Double.NaN));
      double[] s = SEED[i];
      seed.append(
          s == null ? "fails" : String.format(Locale.ROOT, "%.1g / %.3g / %.3g", s[0], s[1], s[2]));
    }
    return Table.create(
        "sdf-bounce: radius error |r − r*| (m), ours beside DiffSDFSim's RESULTS.md",
        variant,
        runs,
        converged,
        min,
        mean,
        max,
        iters,
        seed);
  }

  static Figure figure(List<SdfRow> rows, Landscape l) {
    List<XYChart> panels = new ArrayList<>();
    if (l != null) {
      XYChart loss =
          ChartStyle.xyChart(
              String.format(Locale.ROOT, "loss against the radius (truth %.1f m)", l.truth()),
              "radius r (m)",
              "loss (log)");
      loss.getStyler().setYAxisLogarithmic(true);
      line(loss, "steps without penetration", l.radii(), floor(l.lossPieces()), 0, false);
      line(loss, "fixed steps", l.radii(), floor(l.lossFixed()), 1, false);
      ChartStyle.roundX(loss);
      panels.add(loss);
      XYChart grad =
          ChartStyle.xyChart(
              "dL/dr: the adjoint with and without time of contact", "radius r (m)", "dL/dr");
      line(grad, "central differences of the loss", l.radii(), l.differences(), 2, true);
      line(grad, "adjoint with time of contact", l.radii(), l.gradToc(), 0, false);
      line(grad, "adjoint without", l.radii(), l.gradPlain(), 1, false);
      ChartStyle.roundX(grad);
      panels.add(grad);
    }
    XYChart errors = ChartStyle.xyChart("radius error per run", "variant", "|r − r*| (m, log)", 4);
    errors.getStyler().setYAxisLogarithmic(true);
    errors.getStyler().setMarkerSize(7);
    for (int i = 0; i < VARIANTS.size(); i++) {
      List<SdfRow> ok = of(rows, VARIANTS.get(i).variant());
      if (ok.isEmpty()) {
        continue;
      }
      double[] x = new double[ok.size()], y = new double[ok.size()];
      for (int k = 0; k < x.length; k++) {
        x[k] = i + 1 + 0.3 * (k / (double) Math.max(1, x.length - 1) - 0.5);
        y[k] = Math.max(ok.get(k).error(), 1e-6);
      }
      XYSeries s = errors.addSeries(i + 1 + ": " + VARIANTS.get(i).variant(), x, y);
      s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      s.setMarker(SeriesMarkers.CIRCLE);
      s.setMarkerColor(ChartStyle.PALETTE[i]);
      s.setLineStyle(SeriesLines.NONE);
    }
    errors.getStyler().setXAxisMin(0.5).setXAxisMax(VARIANTS.size() + 0.5);
    panels.add(errors);
    return new Figure("sdf-bounce: the bouncing sphere's radius from its trajectory", panels);
  }

  private static double[] floor(double[] v) {
    double[] f = v.clone();
    for (int k = 0; k < f.length; k++) {
      f[k] = Math.max(f[k], 1e-6);
    }
    return f;
  }

  private static void line(
      XYChart c, String name, double[] x, double[] y, int colour, boolean dashed) {
    XYSeries s = c.addSeries(name, x, y);
    s.setLineColor(ChartStyle.PALETTE[colour]);
    s.setMarker(SeriesMarkers.NONE);
    s.setLineStyle(dashed ? SeriesLines.DASH_DASH : SeriesLines.SOLID);
  }

  static List<Check> checks(Size size, List<SdfRow> rows, Landscape l) {
    List<Check> checks = new ArrayList<>();
    double gravityToc = mean(of(rows, "gravity+toc")), gravity = mean(of(rows, "gravity"));
    double freeToc = mean(of(rows, "no-gravity+toc")), free = mean(of(rows, "no-gravity"));
    int n = runs(size);
    boolean all = VARIANTS.stream().allMatch(v -> of(rows, v.variant()).size() == n);
    checks.add(
        new Check(
            "every run finished (" + n + " per variant)",
            all,
            rows.stream().filter(r -> !r.ok()).count() + " failed"));
    checks.add(
        new Check(
            "with gravity, time-of-contact gradients recover the radius to a mean error ≤ 0.01 m",
            gravityToc <= 0.01,
            String.format(Locale.ROOT, "mean |r − r*| = %.4f m (the seed's 0.006)", gravityToc)));
    checks.add(
        new Check(
            "with gravity, the fit with time-of-contact gradients beats the fit without",
            gravityToc < gravity,
            String.format(
                Locale.ROOT,
                "mean error %.4f with, %.4f without (the seed's 0.006, 0.038)",
                gravityToc,
                gravity)));
    checks.add(
        new Check(
            "without gravity only the fit with time-of-contact gradients converges (mean error ≤"
                + " 0.01 m with, above 0.1 m without)",
            freeToc <= 0.01 && free > 0.1,
            String.format(
                Locale.ROOT,
                "mean error %.4f with, %.4f without (the seed's 0.002 and \"fails\")",
                freeToc,
                free)));
    if (l != null) {
      double[] with = l.agreement(l.gradToc()), without = l.agreement(l.gradPlain());
      checks.add(
          new Check(
              "the time-of-contact gradient follows the loss's slope (median relative difference"
                  + " from central differences below 0.2: it leaves out how the impact's speed moves"
                  + " with its time); the plain adjoint's does not (above 0.5)",
              with[0] < 0.2 && without[0] > 0.5,
              String.format(
                  Locale.ROOT,
                  "median relative difference %.3f with, %.3f without, over %d radii",
                  with[0],
                  without[0],
                  (int) with[1])));
    }
    return checks;
  }

  static List<String> notes(Size size, String runner) {
    return List.of(
        "Setup (the seed's optim_sphere.py): an SDF sphere from (0, 0, 5) at 5 m/s along x, a wall"
            + " at x = 4.5 and a floor at z = 0 (planes), e = 0.5, μ = 0.25, 1.5 s at 1/30 s; truth"
            + " and start drawn from U(0.4, 2.0) (SplittableRandom(seed), truth first); loss Σ_t"
            + " |p_t − p_t*|²/T over the centre after each step; gradient descent with step 0.1,"
            + " at most 100 iterations, stopped when the loss changes by less than 1e-5, the radius"
            + " kept in [0.4, 2]. "
            + runs(size)
            + " runs per variant.",
        "As the seed: steps without penetration (a step that starts a contact deeper than 1e-8 m is"
            + " halved, at most 10 times; the contact margin is 1 mm), the lcp-pdipm solver with 8"
            + " friction directions, restitution on the velocity before the step. Unlike the seed:"
            + " z-up; the sphere meets the planes as the exact sphere (the seed: Frank–Wolfe on the"
            + " floor's and wall's meshes against its SDF); the loss compares the states after each"
            + " 1/30 s step (the seed's its variable steps by the nearest time); the gradient runs"
            + " through every bounce (the seed detaches the state after its second contact step);"
            + " the sphere's density is 1 kg/m³.",
        "The landscape: one truth (1.3 m) under gravity; the loss of steps without penetration is"
            + " continuous in r but the plain adjoint holds each impact's time fixed, so its slope"
            + " is not the loss's; fixed steps make the loss itself jump where an impact crosses a"
            + " step.",
        "The seed's numbers are those of its repository's RESULTS.md (recomputed there with a newer"
            + " PyTorch3D; the paper's own may differ slightly). Runner: "
            + runner
            + ".");
  }

  /**
   * The loss of one truth over a range of radii: with steps without penetration and with fixed
   * steps, the adjoint's dL/dr with and without time of contact, and central differences (±10⁻³ m)
   * of the loss.
   */
  record Landscape(
      double truth,
      double[] radii,
      double[] lossPieces,
      double[] lossFixed,
      double[] gradToc,
      double[] gradPlain,
      double[] differences)
      implements Serializable {
    static Landscape of(double step) {
      int n = (int) Math.round((LANDSCAPE_HI - LANDSCAPE_LO) / step) + 1;
      BouncingSphere toc = new BouncingSphere(true, true),
          plain = new BouncingSphere(true, false),
          fixed = new BouncingSphere(true, false, 0);
      double[] target = toc.trajectory(LANDSCAPE_TRUTH),
          targetFixed = fixed.trajectory(LANDSCAPE_TRUTH);
      double[] r = new double[n], lp = new double[n], lf = new double[n];
      double[] gt = new double[n], gp = new double[n], fd = new double[n];
      double h = 1e-3;
      for (int i = 0; i < n; i++) {
        r[i] = LANDSCAPE_LO + i * step;
        double[] a = toc.lossAndGradient(r[i], target);
        lp[i] = a[0];
        gt[i] = a[1];
        gp[i] = plain.lossAndGradient(r[i], target)[1];
        lf[i] = fixed.loss(r[i], targetFixed);
        fd[i] = (toc.loss(r[i] + h, target) - toc.loss(r[i] - h, target)) / (2 * h);
      }
      return new Landscape(LANDSCAPE_TRUTH, r, lp, lf, gt, gp, fd);
    }

    /**
     * The median over the radii (away from the truth, where the slope vanishes) of |g − d| / |d|, d
     * the central differences; and how many radii.
     */
    double[] agreement(double[] g) {
      List<Double> rel = new ArrayList<>();
      for (int i = 0; i < radii.length; i++) {
        if (Math.abs(radii[i] - truth) > 0.05 && Math.abs(differences[i]) > 1e-3) {
          rel.add(Math.abs(g[i] - differences[i]) / Math.abs(differences[i]));
        }
      }
      rel.sort(null);
      double median = rel.isEmpty() ? Double.NaN : rel.get(rel.size() / 2);
      return new double[] {median, rel.size()};
    }
  }
}
