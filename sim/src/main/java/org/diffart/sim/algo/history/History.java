package org.diffart.sim.algo.history;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * MuJoCo 3.14's history buffers ({@code Data.history}): delayed controls and delayed, sampled
 * sensors. A buffer at {@code adr} holds a time header, the index of its newest sample, {@code n}
 * sample times and {@code n × dim} values, sample-major, in a ring. The forward pass reads a
 * delayed quantity at {@code t − delay} ({@link #read}); the step inserts the current values once,
 * after its forward pass, with the time the step started from ({@link #insert}). What MuJoCo does
 * here was measured: {@code datasets/reference/mujoco-314-semantics.md} § 1.
 */
public final class History {
  /** MuJoCo's {@code mjMINVAL}: a sample this far after a time still counts as at that time. */
  static final double TOLERANCE = 1e-15;

  /** The interpolations, as MJCF {@code interp} and {@code Model.actHistoryInterp} number them. */
  public static final int ZOH = 0, LINEAR = 1, CUBIC = 2;

  private History() {}

  /**
   * Component k of the buffer at {@code adr} ({@code n} samples of {@code dim} values) at {@code
   * time}: before the oldest sample the oldest value, at or after the newest the newest; between,
   * the newest sample at or before the time (zero-order hold), the line through the two around it
   * (linear) or the Hermite cubic through them with slopes {@code (p_j+1 − p_j−1) / (t_j+1 −
   * t_j−1)} at inner samples and 0 at the ends (cubic).
   */
  public static double read(double[] h, int adr, int n, int dim, int interp, double time, int k) {
    int oldest = ((int) h[adr + 1] + 1) % n;
    // the last sample (in time order) at or before the time
    int j = -1;
    for (int i = 0; i < n; i++) {
      if (h[adr + 2 + (oldest + i) % n] <= time + TOLERANCE) {
        j = i;
      }
    }
    if (j < 0) {
      return value(h, adr, n, dim, oldest, 0, k);
    }
    if (j == n - 1 || interp == ZOH) {
      return value(h, adr, n, dim, oldest, j, k);
    }
    double t0 = sampleTime(h, adr, n, oldest, j), t1 = sampleTime(h, adr, n, oldest, j + 1);
    double p0 = value(h, adr, n, dim, oldest, j, k), p1 = value(h, adr, n, dim, oldest, j + 1, k);
    double dt = t1 - t0, s = (time - t0) / dt;
    if (interp == LINEAR) {
      return p0 + s * (p1 - p0);
    }
    double m0 = slope(h, adr, n, dim, oldest, j, k), m1 = slope(h, adr, n, dim, oldest, j + 1, k);
    double s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * p0
        + (s3 - 2 * s2 + s) * dt * m0
        + (-2 * s3 + 3 * s2) * p1
        + (s3 - s2) * dt * m1;
  }

  /** The cubic's slope at sample i (in time order): 0 at the ends, else its neighbours' secant. */
  private static double slope(double[] h, int adr, int n, int dim, int oldest, int i, int k) {
    if (i == 0 || i == n - 1) {
      return 0;
    }
    return (value(h, adr, n, dim, oldest, i + 1, k) - value(h, adr, n, dim, oldest, i - 1, k))
        / (sampleTime(h, adr, n, oldest, i + 1) - sampleTime(h, adr, n, oldest, i - 1));
  }

  private static double sampleTime(double[] h, int adr, int n, int oldest, int i) {
    return h[adr + 2 + (oldest + i) % n];
  }

  private static double value(double[] h, int adr, int n, int dim, int oldest, int i, int k) {
    return h[adr + 2 + n + dim * ((oldest + i) % n) + k];
  }

  /**
   * Writes {@code dim} values {@code src[so ..]} as the newest sample of the buffer at {@code adr},
   * at {@code time}, over its oldest.
   */
  public static void insert(
      double[] h, int adr, int n, int dim, double time, double[] src, int so) {
    int next = ((int) h[adr + 1] + 1) % n;
    h[adr + 2 + next] = time;
    for (int k = 0; k < dim; k++) {
      h[adr + 2 + n + dim * next + k] = src[so + k];
    }
    h[adr + 1] = next;
  }

  /**
   * What a step does to the buffers after its forward pass, at the time it started from: every
   * delayed control's raw {@code ctrl} is inserted, and every buffered sensor's current value
   * ({@code sensorNow}) when its interval has passed since its last sample (then the time header
   * advances by exactly one interval: MuJoCo's phase-locked schedule) or when it has none.
   */
  public static void insertAll(Model m, Data d) {
    for (int a = 0; a < m.nu(); a++) {
      if (m.actHistoryNum(a) > 0) {
        insert(d.history, m.actHistoryAdr(a), m.actHistoryNum(a), 1, d.time, d.ctrl, a);
      }
    }
    for (int i = 0; i < m.nsensor(); i++) {
      int n = m.sensorHistoryNum(i);
      if (n == 0) {
        continue;
      }
      if (!sampleDue(m, d, i)) {
        continue;
      }
      int adr = m.sensorHistoryAdr(i);
      d.history[adr] += m.sensorInterval(i);
      insert(d.history, adr, n, m.sensorDim(i), d.time, d.sensorNow, m.sensorAdr(i));
    }
  }

  /**
   * The positions in {@code Data.history} of every buffer's sample values, buffer by buffer
   * (actuators, then sensors), each in storage order: ring slot by slot, {@code dim} values each.
   */
  public static int[] sampleValues(Model m) {
    java.util.List<Integer> at = new java.util.ArrayList<>();
    for (int a = 0; a < m.nu(); a++) {
      int n = m.actHistoryNum(a);
      for (int k = 0; k < n; k++) {
        at.add(m.actHistoryAdr(a) + 2 + n + k);
      }
    }
    for (int i = 0; i < m.nsensor(); i++) {
      int n = m.sensorHistoryNum(i);
      for (int k = 0; k < n * m.sensorDim(i); k++) {
        at.add(m.sensorHistoryAdr(i) + 2 + n + k);
      }
    }
    return at.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Whether some sensor has a buffer. */
  public static boolean sensorBuffers(Model m) {
    for (int i = 0; i < m.nsensor(); i++) {
      if (m.sensorHistoryNum(i) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether buffered sensor i takes a sample at the data's time: every step without an interval,
   * else once its interval has passed since the time header, compared exactly as MuJoCo does (a
   * step whose time lands a rounding error short of the schedule waits for the next one).
   */
  static boolean sampleDue(Model m, Data d, int i) {
    double interval = m.sensorInterval(i);
    return interval == 0 || d.time >= d.history[m.sensorHistoryAdr(i)] + interval;
  }

  /**
   * Writes every delayed control's current {@code ctrl} into all its samples, keeping their times
   * (MuJoCo's {@code mj_initCtrlHistory} with those values).
   */
  public static void fillControls(Model m, Data d) {
    for (int a = 0; a < m.nu(); a++) {
      int n = m.actHistoryNum(a);
      if (n > 0) {
        java.util.Arrays.fill(
            d.history, m.actHistoryAdr(a) + 2 + n, m.actHistoryAdr(a) + 2 + 2 * n, d.ctrl[a]);
      }
    }
  }

  /**
   * Writes every buffered sensor's current value ({@code sensorNow}, as the sensors of the state
   * computed it) into all its samples, keeping their times and the time header (MuJoCo's {@code
   * mj_initSensorHistory} with those values and the header as phase).
   */
  public static void fillSensors(Model m, Data d) {
    for (int i = 0; i < m.nsensor(); i++) {
      int n = m.sensorHistoryNum(i), dim = m.sensorDim(i);
      for (int j = 0; j < n; j++) {
        System.arraycopy(
            d.sensorNow, m.sensorAdr(i), d.history, m.sensorHistoryAdr(i) + 2 + n + j * dim, dim);
      }
    }
  }

  /** Control a as the actuator sees it at the data's time: its delayed read, or {@code ctrl}. */
  public static double control(Model m, Data d, int a) {
    if (m.actHistoryNum(a) == 0) {
      return d.ctrl[a];
    }
    return read(
        d.history,
        m.actHistoryAdr(a),
        m.actHistoryNum(a),
        1,
        m.actHistoryInterp(a),
        d.time - m.actDelay(a),
        0);
  }

  /**
   * What the buffered sensors report, keeping their current values in {@code sensorNow} for the
   * step to insert: a delayed sensor its buffer's read at {@code time − delay} (before this step's
   * sample is in it); an undelayed one its current value when a sample is due (every step without
   * an interval), else its last sample, held. MuJoCo 3.14 does both, measured ({@code
   * mujoco-314-semantics.md} § 1).
   */
  public static void readSensors(Model m, Data d) {
    System.arraycopy(d.sensordata, 0, d.sensorNow, 0, m.nsensordata());
    for (int i = 0; i < m.nsensor(); i++) {
      int n = m.sensorHistoryNum(i), adr = m.sensorHistoryAdr(i);
      if (n == 0) {
        continue;
      }
      double delay = m.sensorDelay(i);
      if (delay == 0 && sampleDue(m, d, i)) {
        continue;
      }
      double time = delay == 0 ? Double.POSITIVE_INFINITY : d.time - delay;
      for (int k = 0; k < m.sensorDim(i); k++) {
        d.sensordata[m.sensorAdr(i) + k] =
            read(d.history, adr, n, m.sensorDim(i), m.sensorHistoryInterp(i), time, k);
      }
    }
  }
}
