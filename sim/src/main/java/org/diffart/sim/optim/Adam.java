package org.diffart.sim.optim;

/**
 * Adam (Kingma and Ba, ICLR 2015, Algorithm 1), with the bias-corrected moment estimates:
 *
 * <pre>
 *   m_t = β₁ m_{t−1} + (1 − β₁) g_t,   v_t = β₂ v_{t−1} + (1 − β₂) g_t²
 *   x_t = x_{t−1} − α · (m_t / (1 − β₁ᵗ)) / (√(v_t / (1 − β₂ᵗ)) + ε)
 * </pre>
 *
 * Written here because no maintained Java library has it: Hipparchus has none, and Tribuo's is tied
 * to its own sparse tensors. One gradient evaluation per iteration; iteration t's loss is the
 * objective at x_t (evaluated with the gradient the next update uses).
 */
public final class Adam {
  private Adam() {}

  /**
   * Adam's constants.
   *
   * @param learningRate α
   * @param beta1 β₁, decay of the first moment
   * @param beta2 β₂, decay of the second moment
   * @param epsilon ε
   */
  public record Settings(double learningRate, double beta1, double beta2, double epsilon) {
    /** Validates α > 0, β in [0, 1), ε > 0. */
    public Settings {
      if (!(learningRate > 0) || !(epsilon > 0)) {
        throw new IllegalArgumentException(
            "Adam: learning rate and epsilon must be > 0, got " + learningRate + ", " + epsilon);
      }
      if (!(beta1 >= 0 && beta1 < 1 && beta2 >= 0 && beta2 < 1)) {
        throw new IllegalArgumentException(
            "Adam: beta1 and beta2 must be in [0, 1), got " + beta1 + ", " + beta2);
      }
    }

    /** The paper's defaults (β₁ 0.9, β₂ 0.999, ε 1e-8) with learning rate α. */
    public static Settings of(double learningRate) {
      return new Settings(learningRate, 0.9, 0.999, 1e-8);
    }
  }

  /** Minimises f from x0 until {@code stop} ends the run. */
  public static Trace minimize(Objective f, double[] x0, Settings s, Stop stop) {
    Run run = new Run("adam", f, x0, stop);
    int n = x0.length;
    double[] x = x0.clone(), g = new double[n], m = new double[n], v = new double[n];
    double loss = run.gradient(x, g);
    double b1t = 1, b2t = 1;
    for (int t = 1; !run.record(t - 1, loss); t++) {
      b1t *= s.beta1();
      b2t *= s.beta2();
      for (int i = 0; i < n; i++) {
        m[i] = s.beta1() * m[i] + (1 - s.beta1()) * g[i];
        v[i] = s.beta2() * v[i] + (1 - s.beta2()) * g[i] * g[i];
        x[i] -= s.learningRate() * (m[i] / (1 - b1t)) / (Math.sqrt(v[i] / (1 - b2t)) + s.epsilon());
      }
      loss = run.gradient(x, g);
    }
    return run.trace();
  }
}
