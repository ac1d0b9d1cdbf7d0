package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.diffart.sim.optim.Trace;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The motion-control figure: per task, the loss against iterations, against simulated steps and
 * against wall time, every seed's run a thin line in its method's colour, the target loss dashed.
 */
final class MotionControlFigure {
  private MotionControlFigure() {}

  static Figure of(List<ControlRun> rows) {
    List<XYChart> panels = new ArrayList<>();
    for (String t : MotionControl.tasks(rows)) {
      panels.add(panel(rows, t, "iterations", "iteration", it -> it.iteration(), null));
      panels.add(panel(rows, t, "simulated steps", "simulated steps (millions)", null, 1e-6));
      panels.add(panel(rows, t, "wall time", "wall time (s)", it -> it.wallMs() / 1e3, null));
    }
    return new Figure("loss against iterations, simulated steps and wall time", panels);
  }

  private static XYChart panel(
      List<ControlRun> rows,
      String task,
      String what,
      String xTitle,
      ToDoubleFunction<Trace.Iterate> x,
      Double stepScale) {
    XYChart c = ChartStyle.xyChart(task + ": loss against " + what, xTitle, "loss (log)");
    c.getStyler().setYAxisLogarithmic(true);
    double xmax = 0;
    for (int m = 0; m < MotionControl.METHODS.length; m++) {
      boolean first = true;
      for (ControlRun r : MotionControl.of(rows, task, MotionControl.METHODS[m])) {
        List<Trace.Iterate> its = r.trace().iterations();
        double[] xs = new double[its.size()], ys = new double[its.size()];
        for (int i = 0; i < xs.length; i++) {
          Trace.Iterate it = its.get(i);
          xs[i] = stepScale != null ? r.simulatedSteps(it) * stepScale : x.applyAsDouble(it);
          ys[i] = Math.max(it.loss(), 1e-6);
        }
        xmax = Math.max(xmax, xs[xs.length - 1]);
        XYSeries s = c.addSeries(r.method() + " seed " + r.seed(), xs, ys);
        s.setLineColor(ChartStyle.PALETTE[m]);
        s.setLineWidth(1f);
        s.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.SOLID);
        s.setMarker(SeriesMarkers.NONE);
        s.setShowInLegend(first);
        if (first) {
          s.setLabel(r.method());
        }
        first = false;
      }
    }
    double target = rows.stream().filter(r -> r.task().equals(task)).findFirst().get().targetLoss();
    XYSeries goal =
        c.addSeries("target loss", new double[] {0, xmax}, new double[] {target, target});
    goal.setLineColor(java.awt.Color.GRAY);
    goal.setMarker(SeriesMarkers.NONE);
    goal.setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
    ChartStyle.roundX(c);
    return c;
  }
}
