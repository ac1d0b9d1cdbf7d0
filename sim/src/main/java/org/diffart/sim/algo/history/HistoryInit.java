package org.diffart.sim.algo.history;

import java.util.Locale;

/**
 * How the history buffers start ({@code Step.initHistory}). Both keep MuJoCo 3.14's timestamps
 * before the start time; they differ in the values, which decide what a delayed actuator applies
 * and a delayed sensor reports until its delay has passed.
 */
public enum HistoryInit {
  /**
   * Every value 0: MuJoCo 3.14's {@code mj_resetData}, also from a keyframe (measured, {@code
   * datasets/reference/mujoco-314-semantics.md} § 1). The default.
   */
  ZERO,

  /**
   * Every sample holds the start's own value: its control, and each buffered sensor's current value
   * at the start state (with the controls' buffers already filled). What MuJoCo 3.14 gives after
   * {@code mj_initCtrlHistory} and {@code mj_initSensorHistory} with those values, and what a
   * backend that copies the initial data into its buffers does.
   */
  FILLED;

  /** Its name on the command line and in magics: {@code zero} or {@code filled}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The initialisation named {@code s} ({@code zero} or {@code filled}).
   *
   * @throws IllegalArgumentException naming the value and the choices
   */
  public static HistoryInit parse(String s) {
    for (HistoryInit h : values()) {
      if (h.label().equals(s)) {
        return h;
      }
    }
    throw new IllegalArgumentException(
        "unknown history initialisation '"
            + s
            + "': one of zero (MuJoCo 3.14's mj_resetData: every value 0) or filled (every sample"
            + " the start's own control and sensor value)");
  }
}
