package org.diffart.reproduce;

/**
 * One check of the reproduced shape at the end of an experiment.
 *
 * @param name what must hold, in words
 * @param passed whether it holds (true for a check not judged: it does not fail the run)
 * @param judged false when the runs cannot decide it (the detail says why): a comparison with a
 *     baseline that did not learn, say
 * @param detail the numbers it was judged on
 */
public record Check(String name, boolean passed, boolean judged, String detail) {
  /** A judged check. */
  public Check(String name, boolean passed, String detail) {
    this(name, passed, true, detail);
  }

  /** A check the runs cannot decide, with the numbers that say why. */
  public static Check notJudged(String name, String detail) {
    return new Check(name, true, false, detail);
  }

  /** "passed", "FAILED" or "not judged". */
  public String result() {
    return !judged ? "not judged" : passed ? "passed" : "FAILED";
  }
}
