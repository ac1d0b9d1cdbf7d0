package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.diffart.sim.nn.Arrays64;

/**
 * Running observation statistics as SHAC keeps them ({@code obs_rms}): a mean and a (biased)
 * variance per coordinate merged batch by batch with the parallel algorithm, starting from mean 0,
 * variance 1 and a count of 1e-4; an observation is normalised to {@code (x − mean)/√(var + 1e-5)}.
 * Disabled, it is the identity. Updates are in the caller's order, so a run stays fixed by its
 * seed.
 */
final class ShacNormalizer {
  private static final double EPSILON = 1e-5;
  private final boolean enabled;
  private final double[] mean;
  private final double[] var;
  private double count = 1e-4;

  ShacNormalizer(int size, boolean enabled) {
    this.enabled = enabled;
    mean = new double[size];
    var = new double[size];
    java.util.Arrays.fill(var, 1);
  }

  /** A copy of the current statistics (what a window normalises with while this one updates). */
  ShacNormalizer copy() {
    ShacNormalizer c = new ShacNormalizer(mean.length, enabled);
    System.arraycopy(mean, 0, c.mean, 0, mean.length);
    System.arraycopy(var, 0, c.var, 0, var.length);
    c.count = count;
    return c;
  }

  /** Merges {@code rows} observations read from {@code x} at {@code offset} (row-major). */
  void update(double[] x, int offset, int rows) {
    if (!enabled || rows == 0) {
      return;
    }
    int n = mean.length;
    for (int i = 0; i < n; i++) {
      double m = 0;
      for (int r = 0; r < rows; r++) {
        m += x[offset + r * n + i];
      }
      m /= rows;
      double v = 0;
      for (int r = 0; r < rows; r++) {
        double e = x[offset + r * n + i] - m;
        v += e * e;
      }
      v /= rows;
      double delta = m - mean[i], total = count + rows;
      mean[i] += delta * rows / total;
      var[i] = (var[i] * count + v * rows + delta * delta * count * rows / total) / total;
    }
    count += rows;
  }

  /** ∂normalised_i/∂x_i. */
  double scale(int i) {
    return enabled ? 1 / Math.sqrt(var[i] + EPSILON) : 1;
  }

  /** Writes the normalised {@code x[from..from+n)} into {@code out[to..to+n)}. */
  void normalize(double[] x, int from, double[] out, int to) {
    for (int i = 0; i < mean.length; i++) {
      out[to + i] = enabled ? (x[from + i] - mean[i]) * scale(i) : x[from + i];
    }
  }

  void save(DataOutput out) throws IOException {
    Arrays64.write(out, mean);
    Arrays64.write(out, var);
    out.writeDouble(count);
  }

  void restore(DataInput in) throws IOException {
    Arrays64.read(in, mean, "observation means");
    Arrays64.read(in, var, "observation variances");
    count = in.readDouble();
  }
}
