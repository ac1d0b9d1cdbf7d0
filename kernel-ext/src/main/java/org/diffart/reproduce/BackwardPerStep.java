package org.diffart.reproduce;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.diff.Checkpointing;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Backward time per step, one Laikago, 50 steps (Qiao et al. 2021, App. G): our adjoint (CPU and
 * OpenCL), our tape, central finite differences and PyTorch's autograd through the same step,
 * beside the paper's ours, CppAD, JAX, Ceres and PyTorch.
 */
final class BackwardPerStep implements Experiment {
  static final int STEPS = 50;

  @Override
  public String name() {
    return "backward-per-step";
  }

  @Override
  public String title() {
    return "Backward time per step, 1 Laikago, 50 steps (Qiao et al. 2021, App. G)";
  }

  @Override
  public int measurements(Size size) {
    return 6;
  }

  @Override
  public Report run(Size size, Consumer<String> progress) {
    Runs.Timing timing = Runs.Timing.of(size);
    progress.accept("warming up");
    Runs.warmUp(size, 1);
    List<Row> rows = new ArrayList<>();
    progress.accept("adjoint on cpu");
    rows.add(Runs.adjoint(1, STEPS, new Checkpointing.Every(1), timing));
    progress.accept("adjoint on opencl");
    rows.add(Runs.adjointOpenCl(1, STEPS, new Checkpointing.Every(1), timing));
    progress.accept("tape");
    rows.add(Runs.tape(1, STEPS, timing));
    progress.accept("finite differences");
    rows.add(Runs.fd(1, STEPS, timing));
    progress.accept("pytorch");
    rows.add(
        Runs.pytorch(1, STEPS, size, Duration.ofSeconds(size == Size.QUICK ? 120 : 300), 8L << 30));
    Table paper = PaperNumbers.table("backward-per-step");
    Row ours = rows.get(0);
    double paperOurs =
        PaperNumbers.find(paper, "method", "ours")
            .flatMap(r -> box(PaperNumbers.number(r, "backward_ms_per_step")))
            .orElse(Double.NaN);

    // ours beside the paper's: our methods first, then the paper's that have no counterpart here
    List<String> method = new ArrayList<>(), status = new ArrayList<>();
    List<Double> here = new ArrayList<>(), hereRatio = new ArrayList<>(), there = new ArrayList<>();
    List<Double> thereRatio = new ArrayList<>();
    String[][] counterpart = {
      {"adjoint", "ours"},
      {"adjoint on opencl", ""},
      {"tape", ""},
      {"fd", ""},
      {"pytorch", "PyTorch"}
    };
    for (int i = 0; i < rows.size(); i++) {
      Row r = rows.get(i);
      method.add(r.label());
      here.add(r.ok() ? r.backwardMsPerStep() : Double.NaN);
      hereRatio.add(
          r.ok() && ours.ok() ? r.backwardMsPerStep() / ours.backwardMsPerStep() : Double.NaN);
      double p =
          counterpart[i][1].isEmpty()
              ? Double.NaN
              : PaperNumbers.find(paper, "method", counterpart[i][1])
                  .flatMap(x -> box(PaperNumbers.number(x, "backward_ms_per_step")))
                  .orElse(Double.NaN);
      there.add(p);
      thereRatio.add(p / paperOurs);
      status.add(r.status());
    }
    for (tech.tablesaw.api.Row p : paper) {
      String m = p.getString("method");
      if (m.equals("ours") || m.equals("PyTorch")) {
        continue;
      }
      double v = box(PaperNumbers.number(p, "backward_ms_per_step")).orElse(Double.NaN);
      method.add(m);
      here.add(Double.NaN);
      hereRatio.add(Double.NaN);
      there.add(v);
      thereRatio.add(v / paperOurs);
      status.add(
          "not run here: no "
              + m
              + " baseline in this stack"
              + (p.getString("status").equals("ok") ? "" : "; paper: " + p.getString("status")));
    }
    Table table =
        Table.create("backward ms per step, 1 Laikago, " + STEPS + " steps: here and in the paper")
            .addColumns(
                StringColumn.create("method", method),
                DoubleColumn.create(
                    "here: ms/step", here.stream().mapToDouble(Double::doubleValue)),
                DoubleColumn.create(
                    "here: x our adjoint", hereRatio.stream().mapToDouble(Double::doubleValue)),
                DoubleColumn.create(
                    "paper: ms/step", there.stream().mapToDouble(Double::doubleValue)),
                DoubleColumn.create(
                    "paper: x ours", thereRatio.stream().mapToDouble(Double::doubleValue)),
                StringColumn.create("status", status));

    // dots rather than bars: a log axis; a missing value is NaN (XChart refuses null on a log axis,
    // skips NaN)
    CategoryChart dots =
        ChartStyle.barChart(
            "backward time per step, 1 Laikago, 50 steps", "method", "ms per step (log)", true);
    dots.getStyler()
        .setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Scatter)
        .setMarkerSize(10);
    dots.addSeries("here", method, here);
    dots.addSeries("paper (Qiao et al. 2021)", method, there);
    Figure figure = new Figure(title(), List.of(dots));

    List<Check> checks = new ArrayList<>();
    Row torch = rows.get(4);
    double speedup =
        torch.ok() && ours.ok() ? torch.backwardMsPerStep() / ours.backwardMsPerStep() : Double.NaN;
    checks.add(
        new Check(
            "our adjoint is at least 10x faster than PyTorch per backward step",
            speedup >= 10,
            torch.ok()
                ? String.format(
                    Locale.ROOT,
                    "PyTorch %.3g ms, adjoint %.3g ms per step: %.0fx",
                    torch.backwardMsPerStep(),
                    ours.backwardMsPerStep(),
                    speedup)
                : "PyTorch: " + torch.status()));
    checks.add(
        new Check(
            "every method ran",
            rows.stream().allMatch(Row::ok),
            rows.stream()
                .filter(r -> !r.ok())
                .map(r -> r.label() + ": " + r.status())
                .reduce((a, b) -> a + "; " + b)
                .orElse("all ok")));
    List<String> notes =
        List.of(
            "Here: one core of a shared 2-vCPU AMD EPYC guest, float64 throughout; the paper:"
                + " its own machine, float32 state between steps.",
            "fd: central differences of the "
                + STEPS
                + " x 12 controls and 18 initial velocities; the adjoint and the tape give every input's gradient in the"
                + " same sweep.");
    return new Report(name(), title(), size, rows, table, figure, checks, notes);
  }

  private static java.util.Optional<Double> box(OptionalDouble d) {
    return d.isPresent() ? java.util.Optional.of(d.getAsDouble()) : java.util.Optional.empty();
  }
}
