package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.IntStream;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Displays;
import org.diffart.kernel.display.Figure;
import org.diffart.kernel.display.Readable;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.model.Model;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What {@code %grad} returns: one rollout gradient by several methods side by side. It shows as a
 * table (loss, gradient norm, largest difference from the reference method, times, memory) above a
 * figure of the per-step adjoint norms and the gradients themselves; in Java, {@link #result},
 * {@link #gradient}, {@link #difference}, {@link #table()} and {@link #figure()} give the numbers
 * and figures.
 *
 * @param model the model
 * @param start where the start state came from, e.g. {@code key stand}
 * @param steps T
 * @param wrt the gradient compared
 * @param reference the method the others are compared with
 * @param runs one per method, in the order they ran
 * @param tolerance the largest {@link #difference} from the reference a method may show before it
 *     is flagged
 */
public record GradReport(
    Model model,
    String start,
    int steps,
    Wrt wrt,
    String reference,
    List<Run> runs,
    double tolerance)
    implements DisplayDataRenderable {

  /**
   * The default {@link #tolerance}: what central differences of a smooth rollout reach, and exact
   * methods beat.
   */
  public static final double TOLERANCE = 1e-4;

  /**
   * How far a state adjoint's norm may grow over its seed at step T before it is flagged as
   * exploding.
   */
  public static final double EXPLODES = 1e6;

  /**
   * One method's outcome.
   *
   * @param method its name, e.g. {@code adjoint@10}
   * @param result the gradient, or null when the method failed
   * @param failure why it failed (the tape's budget, a non-finite adjoint), or null
   * @param setupMs the wall time before the timed run: creating the backend (an OpenCL program
   *     build included) and a warm-up run of the same method on a few steps, ms
   */
  public record Run(String method, GradientResult result, String failure, double setupMs) {}

  /** Copies the list. */
  public GradReport {
    runs = List.copyOf(runs);
  }

  /**
   * The result of one method.
   *
   * @throws IllegalArgumentException when it did not run or failed, saying why
   */
  public GradientResult result(String method) {
    Run run =
        runs.stream()
            .filter(r -> r.method().equals(method))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "method " + method + " did not run; ran: " + methods()));
    if (run.result() == null) {
      throw new IllegalArgumentException("method " + method + " failed: " + run.failure());
    }
    return run.result();
  }

  /** One method's gradient with respect to {@link #wrt} (its flat layout, see {@link Wrt}). */
  public double[] gradient(String method) {
    return result(method).grad(wrt).clone();
  }

  /**
   * {@code max_i |g_i - r_i| / max_i |r_i|} of one method's gradient g against the reference's r.
   */
  public double difference(String method) {
    double[] g = result(method).grad(wrt), r = result(reference).grad(wrt);
    double diff = 0, scale = 0;
    for (int i = 0; i < r.length; i++) {
      diff = Math.max(diff, Math.abs(g[i] - r[i]));
      scale = Math.max(scale, Math.abs(r[i]));
    }
    return scale == 0 ? (diff == 0 ? 0 : Double.POSITIVE_INFINITY) : diff / scale;
  }

  /**
   * What a reader should not miss: each method whose gradient differs from the reference's beyond
   * {@link #tolerance}, and each whose state adjoint explodes backwards in time ({@link
   * #explosion}); empty when all is well.
   */
  public List<String> warnings() {
    List<String> out = new ArrayList<>();
    for (Run run : runs) {
      if (run.result() == null) {
        continue;
      }
      if (disagrees(run.method())) {
        out.add(
            String.format(
                Locale.ROOT,
                "%s differs from %s by %s (max |Δgrad| / max |grad %s|), beyond the"
                    + " tolerance %s",
                run.method(),
                reference,
                Readable.number(difference(run.method())),
                reference,
                Readable.number(tolerance)));
      }
      String explosion = explosion(run.method());
      if (explosion != null) {
        out.add(run.method() + ": " + explosion);
      }
    }
    return out;
  }

  /** Whether a method that ran differs from the reference (which ran) beyond {@link #tolerance}. */
  public boolean disagrees(String method) {
    return !method.equals(reference) && referenceRan() && !(difference(method) <= tolerance);
  }

  private boolean referenceRan() {
    return runs.stream().anyMatch(r -> r.method().equals(reference) && r.result() != null);
  }

  /**
   * Where a method's state adjoint explodes: the first step t, going back from T, at which {@code
   * |(q̄_t, v̄_t)|} exceeds {@link #EXPLODES} times its seed (the norm at T, or the last nonzero
   * one before it), as a sentence with the largest growth; null when it stays within that, or the
   * method keeps no norms.
   */
  public String explosion(String method) {
    double[] a = result(method).adjointNorms();
    int seedStep = a.length - 1;
    while (seedStep >= 0 && !(a[seedStep] > 0)) {
      seedStep--;
    }
    if (seedStep <= 0) {
      return null;
    }
    double seed = a[seedStep], largest = 0;
    int crossed = -1, largestStep = -1;
    for (int t = seedStep; t >= 0; t--) {
      if (crossed < 0 && a[t] > EXPLODES * seed) {
        crossed = t;
      }
      if (a[t] > largest) {
        largest = a[t];
        largestStep = t;
      }
    }
    if (crossed < 0) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the state adjoint explodes: |(q̄_t, v̄_t)| passes %s × its value at step %d"
            + " at step %d and reaches %s (× %s) at step %d",
        Readable.number(EXPLODES),
        seedStep,
        crossed,
        Readable.number(largest),
        Readable.number(largest / seed),
        largestStep);
  }

  /** The methods that ran, in order. */
  public List<String> methods() {
    return runs.stream().map(Run::method).toList();
  }

  /**
   * One row per method: loss, gradient norm, largest relative difference from the reference, the
   * time to build and warm up, forward and backward time after it (ms, shown as {@link
   * Readable#duration}), peak memory (bytes, shown as {@link Readable#bytes}), recomputed steps,
   * how it was computed, and whether it failed.
   */
  public Table table() {
    StringColumn method = StringColumn.create("method");
    DoubleColumn loss = DoubleColumn.create("loss");
    DoubleColumn norm = DoubleColumn.create("|grad " + wrt.cliName() + "|");
    DoubleColumn diff = DoubleColumn.create("max |Δgrad| / max |grad " + reference + "|");
    DoubleColumn setup = Readable.durations(DoubleColumn.create("build + warm-up"));
    DoubleColumn forward = Readable.durations(DoubleColumn.create("forward"));
    DoubleColumn backward = Readable.durations(DoubleColumn.create("backward"));
    LongColumn peak = Readable.sizes(LongColumn.create("peak memory"));
    LongColumn recomputed = LongColumn.create("recomputed steps");
    StringColumn check = StringColumn.create("check");
    StringColumn detail = StringColumn.create("how");
    boolean referenceOk = referenceRan();
    for (Run run : runs) {
      method.append(run.method());
      setup.append(run.setupMs());
      GradientResult r = run.result();
      check.append(checkOf(run));
      if (r == null) {
        loss.appendMissing();
        norm.appendMissing();
        diff.appendMissing();
        forward.appendMissing();
        backward.appendMissing();
        peak.appendMissing();
        recomputed.appendMissing();
        detail.append("failed: " + run.failure());
        continue;
      }
      double[] g = r.grad(wrt);
      loss.append(r.loss());
      norm.append(Math.sqrt(IntStream.range(0, g.length).mapToDouble(i -> g[i] * g[i]).sum()));
      if (referenceOk) {
        diff.append(difference(run.method()));
      } else {
        diff.appendMissing();
      }
      forward.append(r.forwardMs());
      backward.append(r.backwardMs());
      peak.append(r.peakBytes());
      recomputed.append(r.recomputedSteps());
      detail.append(r.detail());
    }
    return Table.create(
        wrt.cliName() + " gradient of " + model.name() + ", " + steps + " steps from " + start,
        method,
        loss,
        norm,
        diff,
        check,
        setup,
        forward,
        backward,
        peak,
        recomputed,
        detail);
  }

  /** One method's check, in a few words: reference, ok, failed, or what is wrong. */
  private String checkOf(Run run) {
    if (run.result() == null) {
      return "failed";
    }
    List<String> wrong = new ArrayList<>();
    if (disagrees(run.method())) {
      wrong.add("differs > " + Readable.number(tolerance));
    }
    if (explosion(run.method()) != null) {
      wrong.add("adjoint explodes");
    }
    return !wrong.isEmpty()
        ? String.join(", ", wrong)
        : run.method().equals(reference) ? "reference" : referenceRan() ? "ok" : "no reference";
  }

  /**
   * The per-step adjoint norms {@code |(q̄_t, v̄_t)|} of each method that has them (on a log scale
   * when they span more than two decades; zeros, before a truncation horizon, left out), and each
   * method's gradient against its index (with up to 60 entries as dots, the methods side by side
   * around each index).
   */
  public Figure figure() {
    List<XYChart> panels = new ArrayList<>();
    XYChart norms =
        ChartStyle.xyChart(model.name() + ": state adjoint per step", "step t", "|(q̄_t, v̄_t)|");
    double lo = Double.POSITIVE_INFINITY, hi = 0;
    for (Run run : runs) {
      double[] a = run.result() == null ? new double[0] : run.result().adjointNorms();
      int[] keep =
          IntStream.range(0, a.length).filter(t -> a[t] > 0 && Double.isFinite(a[t])).toArray();
      if (keep.length > 0) {
        norms.addSeries(
            run.method(),
            IntStream.of(keep).asDoubleStream().toArray(),
            IntStream.of(keep).mapToDouble(t -> a[t]).toArray());
        for (int t : keep) {
          lo = Math.min(lo, a[t]);
          hi = Math.max(hi, a[t]);
        }
      }
    }
    if (!norms.getSeriesMap().isEmpty()) {
      norms.getStyler().setLegendVisible(norms.getSeriesMap().size() > 1);
      if (hi > 100 * lo) { // growth or decay over decades: a log axis shows it
        norms.getStyler().setYAxisLogarithmic(true);
        norms.setYAxisTitle("|(q̄_t, v̄_t)| (log scale)");
        ChartStyle.roundX(norms);
      } else {
        ChartStyle.roundAxes(norms);
      }
      panels.add(norms);
    }
    // methods that differ from the reference get a panel of their own beside it, so that an outlier
    // does not
    // flatten the methods that agree
    List<Run> ok = runs.stream().filter(r -> r.result() != null).toList();
    List<Run> agree = ok.stream().filter(r -> !disagrees(r.method())).toList();
    List<Run> differ =
        ok.stream().filter(r -> disagrees(r.method()) || r.method().equals(reference)).toList();
    gradientPanel(panels, agree, model.name() + ": gradient with respect to " + wrt.cliName());
    if (differ.size() > 1) {
      gradientPanel(
          panels, differ, model.name() + ": methods beyond the tolerance, beside " + reference);
    }
    return new Figure(wrt.cliName() + " gradient of " + model.name(), panels);
  }

  /** A panel of the gradients of some methods against their index. */
  private void gradientPanel(List<XYChart> panels, List<Run> ok, String title) {
    XYChart grads =
        ChartStyle.xyChart(title, "index (" + layout() + ")", "∂loss/∂" + wrt.cliName());
    int length = ok.isEmpty() ? 0 : ok.get(0).result().grad(wrt).length;
    boolean few = length <= 60;
    for (int k = 0; k < ok.size(); k++) {
      double[] g = ok.get(k).result().grad(wrt);
      // a few entries: dots side by side around each index, so that methods that agree do not hide
      // each other
      double offset = few && ok.size() > 1 ? 0.5 * (k / (ok.size() - 1.0) - 0.5) : 0;
      XYSeries s =
          grads.addSeries(
              ok.get(k).method(),
              IntStream.range(0, g.length).mapToDouble(i -> i + offset).toArray(),
              g);
      if (few) {
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter)
            .setMarker(SeriesMarkers.CIRCLE);
      }
    }
    if (!ok.isEmpty()) {
      grads.getStyler().setMarkerSize(few ? 7 : 0);
      ChartStyle.roundAxes(grads);
      if (few) {
        grads.getStyler().setXAxisMin(-0.5).setXAxisMax(length - 0.5);
      }
      grads.getStyler().setLegendVisible(true);
      panels.add(grads);
    }
  }

  private String layout() {
    return switch (wrt) {
      case CTRL -> "step-major: t·nu + actuator";
      case QPOS0, QVEL0, DAMPING -> "dof";
      case FRICTION, RESTITUTION -> "geom";
      case MASS -> "body";
      case ACT0 -> "activation";
      case SHAPE -> "shape parameter of the SDF geoms";
    };
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML, MIMEType.IMAGE_PNG);
  }

  @Override
  public void render(RenderContext ctx) {
    Displays.renderTableAndFigure(ctx, warnings(), table(), figure());
  }

  @Override
  public String toString() {
    return "GradReport["
        + wrt.cliName()
        + " gradient of "
        + model.name()
        + ", "
        + steps
        + " steps, "
        + methods()
        + "]";
  }
}
