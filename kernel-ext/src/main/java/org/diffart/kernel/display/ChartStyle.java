package org.diffart.kernel.display;

import java.awt.Color;
import java.awt.Font;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

/**
 * The look of every chart the workbench draws: white background, the Okabe–Ito colours
 * (distinguishable with colour vision deficiencies and on white), the legend outside the plot, tick
 * labels spaced so they never overlap, and readable fonts.
 */
public final class ChartStyle {
  /** Okabe and Ito's palette without its yellow, which is too light on white, then grey. */
  public static final Color[] PALETTE = {
    new Color(0x0072B2),
    new Color(0xD55E00),
    new Color(0x009E73),
    new Color(0xCC79A7),
    new Color(0xE69F00),
    new Color(0x56B4E9),
    new Color(0x000000),
    new Color(0x999999)
  };

  private ChartStyle() {}

  /**
   * A styled, empty line chart of 640 x 320 pixels; add series, then {@link #roundAxes(XYChart)}.
   *
   * @param title what is plotted and for which model
   * @param xTitle the x quantity with its unit, e.g. {@code "time (s)"}
   * @param yTitle the y quantity with its unit
   */
  public static XYChart xyChart(String title, String xTitle, String yTitle) {
    return xyChart(title, xTitle, yTitle, 0);
  }

  /**
   * As {@link #xyChart(String, String, String)}, tall enough for a legend of {@code series} entries
   * beside the plot (the legend is not scrolled: entries beyond the chart's height would be cut
   * off).
   */
  public static XYChart xyChart(String title, String xTitle, String yTitle, int series) {
    XYChart c =
        new XYChartBuilder()
            .width(640)
            .height(Math.max(320, 40 + 22 * series))
            .title(title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    apply(c.getStyler());
    c.getStyler().setMarkerSize(0);
    return c;
  }

  /**
   * A styled, empty bar chart of 720 x 360 pixels with a logarithmic y axis when {@code logY}.
   *
   * @param title what is plotted and for which models
   * @param xTitle what the categories are
   * @param yTitle the bar quantity with its unit
   */
  public static CategoryChart barChart(String title, String xTitle, String yTitle, boolean logY) {
    CategoryChart c =
        new CategoryChartBuilder()
            .width(720)
            .height(360)
            .title(title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    apply(c.getStyler());
    c.getStyler()
        .setYAxisLogarithmic(logY)
        .setXAxisLabelRotation(30)
        .setXAxisTickMarkSpacingHint(0);
    if (!logY) {
      c.setCustomYAxisTickLabelsFormatter(Readable::number);
    }
    return c;
  }

  /** Applies the style to an XY or category chart's styler. */
  public static void apply(AxesChartStyler s) {
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderColor(new Color(0xBBBBBB));
    s.setPlotGridLinesColor(new Color(0xE5E5E5));
    s.setSeriesColors(PALETTE);
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setLegendBorderColor(Color.WHITE);
    s.setLegendBackgroundColor(Color.WHITE);
    s.setChartTitleBoxVisible(false);
    s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
    s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    s.setXAxisTickMarkSpacingHint(110);
    s.setYAxisTickMarkSpacingHint(45);
    s.setAntiAlias(true);
  }

  /**
   * Bounds an axis to whole multiples of a 1-2-5 step around {@code [lo, hi]} that gives about
   * {@code ticks} ticks, so XChart's ticks fall on round numbers.
   *
   * @return {lower bound, upper bound}
   */
  public static double[] niceBounds(double lo, double hi, int ticks) {
    if (!(hi > lo)) {
      double pad = Math.max(Math.abs(lo) * 0.1, 1e-3);
      lo -= pad;
      hi += pad;
    }
    double raw = (hi - lo) / Math.max(1, ticks - 1),
        mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double f = raw / mag, step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag;
    // a bound already on a multiple of the step stays there, whatever the rounding of lo / step
    return new double[] {Math.floor(lo / step + 1e-9) * step, Math.ceil(hi / step - 1e-9) * step};
  }

  /**
   * Round axis bounds around all of an XY chart's series, tick labels in {@link Readable}'s
   * numbers; the legend is hidden when there is a single series (the axis title names it).
   */
  public static void roundAxes(XYChart c) {
    double xmin = Double.POSITIVE_INFINITY, xmax = Double.NEGATIVE_INFINITY;
    double ymin = Double.POSITIVE_INFINITY, ymax = Double.NEGATIVE_INFINITY;
    for (XYSeries s : c.getSeriesMap().values()) {
      xmin = Math.min(xmin, s.getXMin());
      xmax = Math.max(xmax, s.getXMax());
      ymin = Math.min(ymin, s.getYMin());
      ymax = Math.max(ymax, s.getYMax());
    }
    if (c.getSeriesMap().isEmpty()) {
      throw new IllegalArgumentException(
          "roundAxes: the chart '" + c.getTitle() + "' has no series yet");
    }
    c.getStyler().setLegendVisible(c.getSeriesMap().size() > 1);
    roundAxes(c, xmin, xmax, ymin, ymax);
  }

  /**
   * Round x-axis bounds around all of an XY chart's series, tick labels in {@link Readable}'s
   * numbers; the y axis is left as it is (for a logarithmic one).
   */
  public static void roundX(XYChart c) {
    double xmin = c.getSeriesMap().values().stream().mapToDouble(XYSeries::getXMin).min().orElse(0);
    double xmax = c.getSeriesMap().values().stream().mapToDouble(XYSeries::getXMax).max().orElse(1);
    double[] x = niceBounds(xmin, xmax, 6);
    c.getStyler().setXAxisMin(x[0]).setXAxisMax(x[1]);
    c.setCustomXAxisTickLabelsFormatter(Readable::number);
    spaceTicksByTheHint(c);
  }

  /**
   * XChart 3.8.8 puts x ticks on the data when all series share equally spaced x values (steps 0,
   * 1, 2, ...), as densely as their labels fit, ignoring the tick spacing hint: 23 labels across
   * 640 pixels. One invisible point off that grid (no marker, no line, not in the legend) makes it
   * space the ticks by the hint again.
   */
  private static void spaceTicksByTheHint(XYChart c) {
    java.util.TreeSet<Double> xs = new java.util.TreeSet<>();
    double y = Double.NaN;
    for (XYSeries s : c.getSeriesMap().values()) {
      for (double x : s.getXData()) {
        xs.add(x);
      }
      if (Double.isNaN(y) && s.getYData().length > 0) {
        y = s.getYData()[0];
      }
    }
    if (xs.size() < 3 || Double.isNaN(y) || c.getSeriesMap().containsKey(" ")) {
      return;
    }
    double first = xs.first(), second = xs.higher(first);
    XYSeries off = c.addSeries(" ", new double[] {first + (second - first) / 3}, new double[] {y});
    off.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE).setShowInLegend(false);
    off.setLineColor(new Color(0, 0, 0, 0));
  }

  /**
   * Round axis bounds for an XY chart around the given ranges, tick labels in {@link Readable}'s
   * numbers.
   */
  public static void roundAxes(XYChart c, double xmin, double xmax, double ymin, double ymax) {
    double[] x = niceBounds(xmin, xmax, 6), y = niceBounds(ymin, ymax, 5);
    c.getStyler().setXAxisMin(x[0]).setXAxisMax(x[1]).setYAxisMin(y[0]).setYAxisMax(y[1]);
    c.setCustomXAxisTickLabelsFormatter(Readable::number);
    c.setCustomYAxisTickLabelsFormatter(Readable::number);
    spaceTicksByTheHint(c);
  }
}
