package org.diffart.sim.compiler;

/** The checks MuJoCo 3.14's compiler makes of a history buffer's settings. */
final class HistorySpec {
  private HistorySpec() {}

  static void check(String what, double delay, int nsample, int interp, double interval) {
    if (nsample < 0) {
      throw new IllegalArgumentException(what + ": nsample must be non-negative, got " + nsample);
    }
    if (delay > 0 && nsample == 0) {
      throw new IllegalArgumentException(
          what + ": a delay of " + delay + " s needs a history buffer (nsample > 0), as in MuJoCo");
    }
    if (interp < 0 || interp > 2) {
      throw new IllegalArgumentException(
          what + ": interp must be 0 (zoh), 1 (linear) or 2 (cubic), got " + interp);
    }
    if (!(interval >= 0)) {
      throw new IllegalArgumentException(what + ": interval must be non-negative, got " + interval);
    }
    if (!Double.isFinite(delay)) {
      throw new IllegalArgumentException(what + ": delay must be finite, got " + delay);
    }
  }
}
