package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The evaluations of an RL experiment gathered into curves: per (links, method) the seeds' returns
 * at each evaluation, their mean and spread, and where a mean curve first reaches a return.
 */
final class RlCurves {
  /**
   * One (links, method) curve over its seeds, evaluation by evaluation.
   *
   * @param links the pendulum's links (0 for the ant)
   * @param method the method
   * @param envSteps the environment steps of each evaluation (seed 0's)
   * @param wallMs the mean training wall time over the seeds at each evaluation, ms
   * @param returns per seed, the return at each evaluation
   */
  record Curve(int links, String method, long[] envSteps, double[] wallMs, List<double[]> returns) {
    /** The mean over the seeds at evaluation k. */
    double mean(int k) {
      double s = 0;
      for (double[] r : returns) {
        s += r[k];
      }
      return s / returns.size();
    }

    /** The mean over the seeds at every evaluation. */
    double[] means() {
      double[] m = new double[envSteps.length];
      for (int k = 0; k < m.length; k++) {
        m[k] = mean(k);
      }
      return m;
    }

    /** How many of the last evaluations a final return averages. */
    static final int FINAL_EVALUATIONS = 3;

    /**
     * The final return: the mean over the seeds and over the last {@link #FINAL_EVALUATIONS}
     * evaluations (fewer when the run has fewer), since one evaluation of a policy still learning
     * swings far from the next.
     */
    double finalMean() {
      int n = Math.min(FINAL_EVALUATIONS, envSteps.length), last = envSteps.length - 1;
      double s = 0;
      for (int k = last - n + 1; k <= last; k++) {
        s += mean(k);
      }
      return s / n;
    }

    /** The final return of each seed (as {@link #finalMean}), their sample standard deviation. */
    double finalStd() {
      int n = Math.min(FINAL_EVALUATIONS, envSteps.length), last = envSteps.length - 1;
      double[] f = new double[returns.size()];
      double m = 0;
      for (int s = 0; s < f.length; s++) {
        for (int k = last - n + 1; k <= last; k++) {
          f[s] += returns.get(s)[k] / n;
        }
        m += f[s] / f.length;
      }
      if (f.length < 2) {
        return 0;
      }
      double v = 0;
      for (double x : f) {
        v += (x - m) * (x - m);
      }
      return Math.sqrt(v / (f.length - 1));
    }

    /**
     * The environment steps at which the mean curve of the trained policies first reaches {@code
     * target}, or -1 when it never does: the untrained policy's evaluation (step 0) does not count,
     * so a target every policy starts above is reached at the first evaluation after training
     * starts, not at 0.
     */
    long stepsToReach(double target) {
      for (int k = 1; k < envSteps.length; k++) {
        if (mean(k) >= target) {
          return envSteps[k];
        }
      }
      return -1;
    }

    int seeds() {
      return returns.size();
    }
  }

  private RlCurves() {}

  /**
   * The curves of the runs that finished every evaluation, in the order the points come; a run with
   * fewer evaluations than the others of its curve (a failed one) is left out of it.
   */
  static List<Curve> of(List<RlPoint> points) {
    Map<String, Map<Long, List<RlPoint>>> runs = new LinkedHashMap<>();
    for (RlPoint p : points) {
      runs.computeIfAbsent(p.links() + "/" + p.method(), k -> new LinkedHashMap<>())
          .computeIfAbsent(p.seed(), k -> new ArrayList<>())
          .add(p);
    }
    List<Curve> curves = new ArrayList<>();
    for (Map<Long, List<RlPoint>> bySeed : runs.values()) {
      int n = bySeed.values().stream().mapToInt(List::size).max().orElse(0);
      List<List<RlPoint>> whole =
          bySeed.values().stream()
              .filter(r -> r.size() == n && r.stream().allMatch(RlPoint::ok))
              .toList();
      if (whole.isEmpty()) {
        continue;
      }
      List<RlPoint> first = whole.get(0);
      long[] steps = new long[n];
      double[] wall = new double[n];
      List<double[]> returns = new ArrayList<>();
      for (List<RlPoint> r : whole) {
        double[] ret = new double[n];
        for (int k = 0; k < n; k++) {
          ret[k] = r.get(k).meanReturn();
          wall[k] += r.get(k).wallMs() / whole.size();
        }
        returns.add(ret);
      }
      for (int k = 0; k < n; k++) {
        steps[k] = first.get(k).envSteps();
      }
      curves.add(new Curve(first.get(0).links(), first.get(0).method(), steps, wall, returns));
    }
    return curves;
  }

  /** The curve of (links, method), or null. */
  static Curve find(List<Curve> curves, int links, String method) {
    for (Curve c : curves) {
      if (c.links() == links && c.method().equals(method)) {
        return c;
      }
    }
    return null;
  }
}
