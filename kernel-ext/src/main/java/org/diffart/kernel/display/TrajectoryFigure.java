package org.diffart.kernel.display;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diffart.backends.Rollout;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A recorded trajectory as small multiples, one quantity per axis: a floating base's position (m)
 * and orientation (roll, pitch, yaw in rad), then the hinge angles (rad) and slide positions (m)
 * grouped by the branch of the tree they move (a leg, an arm; {@link #branches}), named only when a
 * model has more than one, at most {@value #MAX_SERIES} series a panel, a larger group split
 * evenly; ball joints as rotation vectors (rad). The panels tile two across in one PNG ({@link
 * Figure}).
 */
public final class TrajectoryFigure {
  /** The most series one panel shows; a larger group is split. */
  public static final int MAX_SERIES = 6;

  /** Size of one panel, pixels. */
  public static final int WIDTH = 520, HEIGHT = 260;

  private TrajectoryFigure() {}

  /** The figure of world 0's recorded trajectory of one rollout. */
  public static Figure of(Model m, Rollout.Result r) {
    String who = m.name() + " on " + r.backend();
    List<XYChart> panels = new ArrayList<>();
    double[] t = r.times();
    double[][] q = r.qpos();
    Map<Integer, String> branchOf = branches(m);
    // a kind of joint whose joints all lie in one branch needs no branch in its title
    Map<JointType, Long> branchesPerKind = new java.util.EnumMap<>(JointType.class);
    for (JointType kind : JointType.values()) {
      branchesPerKind.put(
          kind,
          branchOf.entrySet().stream()
              .filter(e -> m.jntType(e.getKey()) == kind)
              .map(Map.Entry::getValue)
              .distinct()
              .count());
    }
    // groups of (label, series) per panel, by quantity and branch
    Map<String, List<Series>> groups = new LinkedHashMap<>();
    for (int j = 0; j < m.njnt(); j++) {
      int a = m.jntQposAdr(j);
      String name = m.jntName(j).isBlank() ? "joint " + j : m.jntName(j);
      String branch = branchesPerKind.get(m.jntType(j)) > 1 ? ", " + branchOf.get(j) : "";
      switch (m.jntType(j)) {
        case FREE -> {
          String base = m.bodyName(m.jntBody(j));
          List<Series> pos = groups.computeIfAbsent(base + " position (m)", k -> new ArrayList<>());
          for (int k = 0; k < 3; k++) {
            pos.add(new Series("xyz".charAt(k) + "", column(q, a + k)));
          }
          double[][] rpy = rollPitchYaw(q, a + 3);
          List<Series> rot =
              groups.computeIfAbsent(base + " orientation (rad)", k -> new ArrayList<>());
          rot.add(new Series("roll", rpy[0]));
          rot.add(new Series("pitch", rpy[1]));
          rot.add(new Series("yaw", rpy[2]));
        }
        case BALL -> {
          double[][] rv = rotationVector(q, a);
          List<Series> g =
              groups.computeIfAbsent("ball joints" + branch + " (rad)", k -> new ArrayList<>());
          for (int k = 0; k < 3; k++) {
            g.add(new Series(name + " " + "xyz".charAt(k), rv[k]));
          }
        }
        case HINGE ->
            groups
                .computeIfAbsent("hinge angles" + branch + " (rad)", k -> new ArrayList<>())
                .add(new Series(name, column(q, a)));
        case SLIDE ->
            groups
                .computeIfAbsent("slide positions" + branch + " (m)", k -> new ArrayList<>())
                .add(new Series(name, column(q, a)));
      }
    }
    for (Map.Entry<String, List<Series>> g : groups.entrySet()) {
      List<Series> all = g.getValue();
      // a group too large for one panel is split evenly, 7 as 4 + 3 rather than 6 + 1
      int parts = (all.size() + MAX_SERIES - 1) / MAX_SERIES;
      for (int p = 0; p < parts; p++) {
        List<Series> part = all.subList(p * all.size() / parts, (p + 1) * all.size() / parts);
        String label = g.getKey();
        String unit = label.substring(label.lastIndexOf('('));
        String what =
            label.substring(0, label.lastIndexOf('(')).strip()
                + (parts > 1 ? " " + (p + 1) + "/" + parts : "");
        String u = unit.substring(1, unit.length() - 1);
        panels.add(
            panel(
                who + ": " + what,
                (u.equals("m") ? "position" : "angle") + " (" + u + ")",
                t,
                part));
      }
    }
    return new Figure("trajectory of " + who, panels);
  }

  /**
   * The branch of the kinematic tree each joint other than a free one moves, named by the body at
   * its top. A tree's branches start below its floating base (a leg, an arm) or at its root; a
   * branch with more than {@link #MAX_SERIES} joints is split where it forks: the joints above the
   * fork form one branch, each subtree below it another (a humanoid's waist, then each leg). An
   * unforked chain stays one branch.
   */
  static Map<Integer, String> branches(Model m) {
    List<List<Integer>> children = new ArrayList<>();
    for (int b = 0; b < m.nbody(); b++) {
      children.add(new ArrayList<>());
    }
    for (int b = 1; b < m.nbody(); b++) {
      children.get(m.bodyParent(b)).add(b);
    }
    Map<Integer, String> out = new java.util.TreeMap<>();
    for (int root : children.get(0)) {
      boolean floating = m.bodyJntNum(root) == 1 && m.jntType(m.bodyJntAdr(root)) == JointType.FREE;
      if (floating) {
        for (int c : children.get(root)) {
          split(m, children, c, out);
        }
      } else {
        split(m, children, root, out);
      }
    }
    return out;
  }

  /**
   * Assigns the joints below body {@code top} (itself included) to branches, splitting at forks
   * when too many.
   */
  private static void split(
      Model m, List<List<Integer>> children, int top, Map<Integer, String> out) {
    List<Integer> all = joints(m, children, top);
    if (all.size() <= MAX_SERIES) {
      all.forEach(j -> out.put(j, m.bodyName(top)));
      return;
    }
    // down the chain to the first body with more than one child that moves
    int b = top;
    List<Integer> chain = new ArrayList<>();
    while (true) {
      chain.addAll(own(m, b));
      List<Integer> moving =
          children.get(b).stream().filter(c -> !joints(m, children, c).isEmpty()).toList();
      if (moving.size() == 1) {
        b = moving.get(0);
        continue;
      }
      chain.forEach(j -> out.put(j, m.bodyName(top)));
      for (int c : moving) {
        split(m, children, c, out);
      }
      return;
    }
  }

  /** The joints of body b that are not free ones. */
  private static List<Integer> own(Model m, int b) {
    List<Integer> out = new ArrayList<>();
    for (int j = m.bodyJntAdr(b); j < m.bodyJntAdr(b) + m.bodyJntNum(b); j++) {
      if (m.jntType(j) != JointType.FREE) {
        out.add(j);
      }
    }
    return out;
  }

  /** The joints, not free ones, of body b and every body below it. */
  private static List<Integer> joints(Model m, List<List<Integer>> children, int b) {
    List<Integer> out = new ArrayList<>(own(m, b));
    for (int c : children.get(b)) {
      out.addAll(joints(m, children, c));
    }
    return out;
  }

  private record Series(String name, double[] values) {}

  private static XYChart panel(String title, String yTitle, double[] t, List<Series> series) {
    XYChart c =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("time (s)")
            .yAxisTitle(yTitle)
            .build();
    ChartStyle.apply(c.getStyler());
    double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      c.addSeries(s.name(), t, s.values()).setMarker(SeriesMarkers.NONE);
      for (double v : s.values()) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    ChartStyle.roundAxes(c, t[0], t[t.length - 1], lo, hi);
    return c;
  }

  private static double[] column(double[][] q, int k) {
    double[] c = new double[q.length];
    for (int i = 0; i < q.length; i++) {
      c[i] = q[i][k];
    }
    return c;
  }

  /** Z-Y-X Euler angles of the quaternions at qpos address a, unwrapped in time. */
  private static double[][] rollPitchYaw(double[][] q, int a) {
    double[][] out = new double[3][q.length];
    for (int i = 0; i < q.length; i++) {
      double w = q[i][a], x = q[i][a + 1], y = q[i][a + 2], z = q[i][a + 3];
      out[0][i] = Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
      out[1][i] = Math.asin(Math.max(-1, Math.min(1, 2 * (w * y - z * x))));
      out[2][i] = Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z));
    }
    for (double[] angle : out) {
      unwrap(angle);
    }
    return out;
  }

  /** Rotation vectors (body frame, from the identity) of the quaternions at qpos address a. */
  private static double[][] rotationVector(double[][] q, int a) {
    double[][] out = new double[3][q.length];
    double[] id = {1, 0, 0, 0}, v = new double[3];
    for (int i = 0; i < q.length; i++) {
      Quat.difference(v, 0, q[i], a, id, 0);
      for (int k = 0; k < 3; k++) {
        out[k][i] = v[k];
      }
    }
    return out;
  }

  private static void unwrap(double[] angle) {
    for (int i = 1; i < angle.length; i++) {
      double d = angle[i] - angle[i - 1];
      angle[i] -= 2 * Math.PI * Math.rint(d / (2 * Math.PI));
    }
  }
}
