package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the paper states about its RL curves (the seed's summary of Sec. 6; the curves themselves
 * are not in the seed and their numbers not in the paper's code), and our verdict on each from the
 * reproduced curves: agrees, differs, or not run.
 */
final class RlClaims {
  private RlClaims() {}

  /** The paper's statement about one curve, for the table's last column. */
  static String stated(String task, int links, String method) {
    if (task.equals("pendulum")) {
      return switch (method) {
        case "pe" -> "close to maximal reward at every link count";
        case "mbpo" ->
            links >= 6
                ? "not satisfactory"
                : links >= 4 ? "degrades from four links onward" : "(baseline)";
        case "se" -> "did not improve the pendulum's reward";
        default -> "(not in the paper)";
      };
    }
    return switch (method) {
      case "se" -> "converges faster than MBPO (four runs)";
      case "mbpo" -> "(baseline)";
      case "pe" -> "did not speed up the ant's convergence";
      default -> "(not in the paper)";
    };
  }

  /**
   * Each of the paper's statements with our verdict and the numbers behind it, judged on the final
   * mean returns as a fraction of the task's best possible return ({@code best}, per link count).
   */
  static List<String> verdicts(
      String task, List<RlCurves.Curve> curves, java.util.function.IntToDoubleFunction best) {
    List<String> out = new ArrayList<>();
    if (task.equals("pendulum")) {
      StringBuilder pe = new StringBuilder(), mbpo = new StringBuilder();
      boolean peHigh = true, mbpoBelow = true;
      int peRuns = 0, compared = 0;
      for (RlCurves.Curve c : curves) {
        double f = c.finalMean() / best.applyAsDouble(c.links());
        if (c.method().equals("pe")) {
          peRuns++;
          peHigh &= f >= 0.9;
          pe.append(String.format(Locale.ROOT, " n=%d: %.2f;", c.links(), f));
          RlCurves.Curve m = RlCurves.find(curves, c.links(), "mbpo");
          if (m != null && c.links() >= 4) {
            compared++;
            double g = m.finalMean() / best.applyAsDouble(c.links());
            mbpoBelow &= g < f;
            mbpo.append(
                String.format(Locale.ROOT, " n=%d: %.2f against pe's %.2f;", c.links(), g, f));
          }
        }
      }
      out.add(
          peRuns == 0
              ? "Paper: policy enhancement reaches close to maximal reward at every link count."
                  + " Ours: not run (pe not among the methods)."
              : "Paper: policy enhancement reaches close to maximal reward at every link count. Ours ("
                  + (peHigh ? "agrees" : "differs")
                  + "; final return, the mean of the last evaluations, as a fraction of the best possible, 0.9 or more counted as"
                  + " close):"
                  + pe);
      out.add(
          compared == 0
              ? "Paper: MBPO degrades from four links onward and fails at six and seven. Ours: not"
                  + " judged (needs pe and mbpo at four links or more)."
              : "Paper: MBPO degrades from four links onward and fails at six and seven. Ours ("
                  + (mbpoBelow ? "agrees" : "differs")
                  + "; MBPO's final fraction below policy enhancement's):"
                  + mbpo);
      out.add(
          "Paper: sample enhancement did not improve the pendulum's reward (run it with --methods"
              + " se,mbpo to compare).");
    } else {
      out.add(
          "Paper: on the ant, nine synthetic samples per real one (sample enhancement) converge"
              + " faster than MBPO over four runs: the check above judges it, or says why these"
              + " runs cannot (when MBPO did not learn).");
      out.add(
          "Paper: policy enhancement did not speed up the ant's convergence (run it with --methods"
              + " pe,mbpo to compare).");
    }
    return out;
  }
}
