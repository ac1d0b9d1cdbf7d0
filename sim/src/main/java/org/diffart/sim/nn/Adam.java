package org.diffart.sim.nn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Adam over one flat parameter array, as PyTorch's {@code torch.optim.Adam} computes it (bias
 * corrections applied to the step, {@code ε} added to the corrected root of the second moment). The
 * moments and the step count are the whole state; {@link #save} and {@link #restore} keep it.
 */
public final class Adam {
  private final double[] m;
  private final double[] v;
  private final double beta1;
  private final double beta2;
  private final double epsilon;
  private double learningRate;
  private long steps;

  /** Adam for {@code n} parameters with PyTorch's defaults β = (0.9, 0.999), ε = 1e-8. */
  public Adam(int n, double learningRate) {
    this(n, learningRate, 0.9, 0.999, 1e-8);
  }

  /** Adam for {@code n} parameters. */
  public Adam(int n, double learningRate, double beta1, double beta2, double epsilon) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be non-negative, got " + n);
    }
    if (!(learningRate > 0)) {
      throw new IllegalArgumentException("learningRate must be positive, got " + learningRate);
    }
    if (!(beta1 >= 0 && beta1 < 1 && beta2 >= 0 && beta2 < 1)) {
      throw new IllegalArgumentException("betas must lie in [0, 1), got " + beta1 + ", " + beta2);
    }
    this.m = new double[n];
    this.v = new double[n];
    this.learningRate = learningRate;
    this.beta1 = beta1;
    this.beta2 = beta2;
    this.epsilon = epsilon;
  }

  /** The number of parameters. */
  public int size() {
    return m.length;
  }

  /** The steps taken so far. */
  public long steps() {
    return steps;
  }

  /** The learning rate. */
  public double learningRate() {
    return learningRate;
  }

  /** Sets the learning rate for the following steps. */
  public void setLearningRate(double learningRate) {
    this.learningRate = learningRate;
  }

  /**
   * One descent step: {@code params -= lr·m̂/(√v̂ + ε)} with the moments updated by {@code
   * gradients}.
   *
   * @throws IllegalArgumentException when an array's length is not {@link #size()}
   */
  public void step(double[] params, double[] gradients) {
    if (params.length != m.length || gradients.length != m.length) {
      throw new IllegalArgumentException(
          "params and gradients must have length "
              + m.length
              + ", got "
              + params.length
              + " and "
              + gradients.length);
    }
    steps++;
    double c1 = 1.0 - Math.pow(beta1, steps);
    double c2 = 1.0 - Math.pow(beta2, steps);
    double stepSize = learningRate / c1;
    double rootC2 = Math.sqrt(c2);
    double b1 = beta1;
    double b2 = beta2;
    for (int i = 0; i < m.length; i++) {
      double g = gradients[i];
      double mi = b1 * m[i] + (1 - b1) * g;
      double vi = b2 * v[i] + (1 - b2) * g * g;
      m[i] = mi;
      v[i] = vi;
      params[i] -= stepSize * mi / (Math.sqrt(vi) / rootC2 + epsilon);
    }
  }

  /** Writes the moments, the step count and the learning rate. */
  public void save(DataOutput out) throws IOException {
    out.writeLong(steps);
    out.writeDouble(learningRate);
    Arrays64.write(out, m);
    Arrays64.write(out, v);
  }

  /** Reads what {@link #save} wrote. */
  public void restore(DataInput in) throws IOException {
    steps = in.readLong();
    learningRate = in.readDouble();
    Arrays64.read(in, m, "Adam first moments");
    Arrays64.read(in, v, "Adam second moments");
  }
}
