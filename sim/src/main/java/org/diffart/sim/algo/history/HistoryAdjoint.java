package org.diffart.sim.algo.history;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link History}: the bars of the buffers' values ({@code DataBar.historyBar}; the
 * times, cursors and headers pass none, since no state moves them but time). A read is linear in
 * the samples it touches (its weights depend on time alone), so its adjoint adds the read's bar to
 * those samples with the same weights; an insertion passes the bar of the slot it wrote to what it
 * wrote ({@code ctrl}, {@code sensorNow}) and clears it, since the value it overwrote is gone.
 * Every function reads the buffers as they stood before the step (the data's state).
 */
public final class HistoryAdjoint {
  private HistoryAdjoint() {}

  /**
   * Adds {@code bar} × ∂{@link History#read}/∂(sample values) to {@code hBar}: to one sample (zoh,
   * or clamped at an end), two (linear) or four (cubic: its two samples and, through their slopes,
   * their neighbours).
   */
  public static void read(
      double[] h,
      double[] hBar,
      int adr,
      int n,
      int dim,
      int interp,
      double time,
      int k,
      double bar) {
    int oldest = ((int) h[adr + 1] + 1) % n;
    int j = -1;
    for (int i = 0; i < n; i++) {
      if (h[adr + 2 + (oldest + i) % n] <= time + History.TOLERANCE) {
        j = i;
      }
    }
    if (j < 0) {
      add(hBar, adr, n, dim, oldest, 0, k, bar);
      return;
    }
    if (j == n - 1 || interp == History.ZOH) {
      add(hBar, adr, n, dim, oldest, j, k, bar);
      return;
    }
    double t0 = time(h, adr, n, oldest, j), t1 = time(h, adr, n, oldest, j + 1);
    double dt = t1 - t0, s = (time - t0) / dt;
    if (interp == History.LINEAR) {
      add(hBar, adr, n, dim, oldest, j, k, (1 - s) * bar);
      add(hBar, adr, n, dim, oldest, j + 1, k, s * bar);
      return;
    }
    double s2 = s * s, s3 = s2 * s;
    add(hBar, adr, n, dim, oldest, j, k, (2 * s3 - 3 * s2 + 1) * bar);
    add(hBar, adr, n, dim, oldest, j + 1, k, (-2 * s3 + 3 * s2) * bar);
    slope(h, hBar, adr, n, dim, oldest, j, k, (s3 - 2 * s2 + s) * dt * bar);
    slope(h, hBar, adr, n, dim, oldest, j + 1, k, (s3 - s2) * dt * bar);
  }

  /** Adds {@code bar} × ∂(the cubic's slope at sample i)/∂(sample values). */
  private static void slope(
      double[] h, double[] hBar, int adr, int n, int dim, int oldest, int i, int k, double bar) {
    if (i == 0 || i == n - 1) {
      return;
    }
    double w = bar / (time(h, adr, n, oldest, i + 1) - time(h, adr, n, oldest, i - 1));
    add(hBar, adr, n, dim, oldest, i + 1, k, w);
    add(hBar, adr, n, dim, oldest, i - 1, k, -w);
  }

  private static double time(double[] h, int adr, int n, int oldest, int i) {
    return h[adr + 2 + (oldest + i) % n];
  }

  private static void add(
      double[] hBar, int adr, int n, int dim, int oldest, int i, int k, double bar) {
    hBar[adr + 2 + n + dim * ((oldest + i) % n) + k] += bar;
  }

  /**
   * Adjoint of the control actuator a sees ({@link History#control}): {@code bar} goes to {@code
   * ctrlBar}, or through the delayed read to the buffer's samples.
   */
  public static void control(Model m, Data d, DataBar b, int a, double bar) {
    if (m.actHistoryNum(a) == 0) {
      b.ctrlBar[a] += bar;
      return;
    }
    read(
        d.history,
        b.historyBar,
        m.actHistoryAdr(a),
        m.actHistoryNum(a),
        1,
        m.actHistoryInterp(a),
        d.time - m.actDelay(a),
        0,
        bar);
  }

  /**
   * Adjoint of {@link History#readSensors}: a buffered sensor that reported a read passes its bar
   * to the samples read, and {@code sensorNowBar} (what the step inserted) joins the bars of the
   * sensors' current values; {@code sensordataBar} leaves as the bar of those values.
   */
  public static void readSensors(Model m, Data d, DataBar b) {
    for (int i = 0; i < m.nsensor(); i++) {
      int n = m.sensorHistoryNum(i), adr = m.sensorHistoryAdr(i);
      if (n == 0) {
        continue;
      }
      double delay = m.sensorDelay(i);
      if (delay == 0 && History.sampleDue(m, d, i)) {
        continue;
      }
      double time = delay == 0 ? Double.POSITIVE_INFINITY : d.time - delay;
      for (int k = 0; k < m.sensorDim(i); k++) {
        int s = m.sensorAdr(i) + k;
        read(
            d.history,
            b.historyBar,
            adr,
            n,
            m.sensorDim(i),
            m.sensorHistoryInterp(i),
            time,
            k,
            b.sensordataBar[s]);
        b.sensordataBar[s] = 0;
      }
    }
    for (int s = 0; s < m.nsensordata(); s++) {
      b.sensordataBar[s] += b.sensorNowBar[s];
      b.sensorNowBar[s] = 0;
    }
  }

  /**
   * Adjoint of {@link History#insertAll} from the state before it: the bar of each slot the step
   * wrote goes to the control or the sensor value written there, and the slot's bar is cleared.
   */
  public static void insertAll(Model m, Data d, DataBar b) {
    for (int a = 0; a < m.nu(); a++) {
      int n = m.actHistoryNum(a);
      if (n > 0) {
        b.ctrlBar[a] += take(d, b, m.actHistoryAdr(a), n, 1, 0);
      }
    }
    for (int i = 0; i < m.nsensor(); i++) {
      int n = m.sensorHistoryNum(i);
      if (n == 0 || !History.sampleDue(m, d, i)) {
        continue;
      }
      for (int k = 0; k < m.sensorDim(i); k++) {
        double bar = take(d, b, m.sensorHistoryAdr(i), n, m.sensorDim(i), k);
        if (m.opt().sensor()) {
          // (with sensors off the step inserts values no state moves)
          b.sensorNowBar[m.sensorAdr(i) + k] += bar;
        }
      }
    }
  }

  /** The bar of component k of the slot the next insertion writes, cleared. */
  private static double take(Data d, DataBar b, int adr, int n, int dim, int k) {
    int next = ((int) d.history[adr + 1] + 1) % n;
    int at = adr + 2 + n + dim * next + k;
    double bar = b.historyBar[at];
    b.historyBar[at] = 0;
    return bar;
  }
}
