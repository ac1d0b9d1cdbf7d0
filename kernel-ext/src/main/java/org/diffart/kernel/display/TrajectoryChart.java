package org.diffart.kernel.display;

import java.util.ArrayList;
import java.util.List;
import org.diffart.backends.Rollout;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Plots a recorded trajectory against simulation time: each hinge and slide coordinate under its
 * joint's name, and the height ({@code z}) of each free joint's body.
 */
public final class TrajectoryChart {

  /** The most series one chart shows; further joints are left out. */
  public static final int MAX_SERIES = 16;

  private TrajectoryChart() {}

  /**
   * The chart of world 0's recorded trajectory.
   *
   * @param m the model that was run
   * @param r the rollout, with its samples ({@code times}, {@code qpos})
   * @return a line chart, 640×360, x in seconds
   */
  public static XYChart of(Model m, Rollout.Result r) {
    XYChart chart =
        new XYChartBuilder()
            .width(640)
            .height(360)
            .title(m.name() + " on " + r.backend())
            .xAxisTitle("time (s)")
            .yAxisTitle("qpos (rad, m)")
            .build();
    chart.getStyler().setXAxisDecimalPattern("0.###").setXAxisTickMarkSpacingHint(100);
    chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    int series = 0;
    for (int j = 0; j < m.njnt() && series < MAX_SERIES; j++) {
      JointType type = m.jntType(j);
      int adr = m.jntQposAdr(j);
      if (type == JointType.HINGE || type == JointType.SLIDE) {
        add(chart, m.jntName(j), r, adr);
        series++;
      } else if (type == JointType.FREE) {
        add(chart, m.bodyName(m.jntBody(j)) + " z", r, adr + 2);
        series++;
      }
    }
    return chart;
  }

  private static void add(XYChart chart, String name, Rollout.Result r, int coordinate) {
    List<Double> values = new ArrayList<>(r.qpos().length);
    for (double[] sample : r.qpos()) {
      values.add(sample[coordinate]);
    }
    List<Double> times = new ArrayList<>(r.times().length);
    for (double t : r.times()) {
      times.add(t);
    }
    chart.addSeries(name.isBlank() ? "q" + coordinate : name, times, values).setMarker(SeriesMarkers.NONE);
  }
}
