package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import org.diffart.kernel.display.ChartStyle;
import org.diffart.kernel.display.Figure;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The RL curves: per link count (or the ant) the mean return over the seeds against environment
 * steps, each method a thick line in its colour with its seeds as thin lines; and, for the task the
 * checks judge, the same against training wall time.
 */
final class RlFigure {
  private RlFigure() {}

  /**
   * @param task {@code pendulum} or {@code ant}
   * @param curves the curves
   * @param methods the methods in colour order
   * @param wallLinks the link count whose curves are also drawn against wall time (0 for the ant)
   */
  static Figure of(String task, List<RlCurves.Curve> curves, List<String> methods, int wallLinks) {
    List<XYChart> panels = new ArrayList<>();
    List<Integer> links = curves.stream().map(RlCurves.Curve::links).distinct().sorted().toList();
    for (int n : links) {
      String name = task.equals("pendulum") ? n + "-link pendulum" : "ant";
      panels.add(
          panel(
              name + ": return against environment steps",
              "environment steps",
              curves,
              n,
              methods,
              false));
      if (n == wallLinks) {
        panels.add(
            panel(
                name + ": return against training wall time",
                "wall time (s)",
                curves,
                n,
                methods,
                true));
      }
    }
    return new Figure(task + ": evaluation return against environment steps", panels);
  }

  private static XYChart panel(
      String title,
      String xTitle,
      List<RlCurves.Curve> curves,
      int links,
      List<String> methods,
      boolean wall) {
    XYChart c = ChartStyle.xyChart(title, xTitle, "return (mean over seeds)", methods.size());
    for (int m = 0; m < methods.size(); m++) {
      RlCurves.Curve cu = RlCurves.find(curves, links, methods.get(m));
      if (cu == null) {
        continue;
      }
      double[] x = new double[cu.envSteps().length];
      for (int k = 0; k < x.length; k++) {
        x[k] = wall ? cu.wallMs()[k] / 1e3 : cu.envSteps()[k];
      }
      for (int s = 0; s < cu.seeds(); s++) {
        XYSeries seed = c.addSeries(cu.method() + " seed " + s, x, cu.returns().get(s));
        style(seed, m, 0.75f);
        seed.setLineStyle(SeriesLines.DOT_DOT);
        seed.setShowInLegend(false);
      }
      XYSeries mean = c.addSeries(cu.method() + " (" + cu.seeds() + " seeds)", x, cu.means());
      style(mean, m, 2.5f);
    }
    ChartStyle.roundX(c);
    return c;
  }

  private static void style(XYSeries s, int m, float width) {
    s.setLineColor(ChartStyle.PALETTE[m % ChartStyle.PALETTE.length]);
    s.setLineWidth(width);
    s.setLineStyle(SeriesLines.SOLID);
    s.setMarker(SeriesMarkers.NONE);
  }
}
