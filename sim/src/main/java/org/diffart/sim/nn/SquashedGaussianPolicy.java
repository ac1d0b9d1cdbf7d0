package org.diffart.sim.nn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * SAC's tanh-squashed Gaussian policy: an {@link Mlp} maps an observation to a mean {@code μ} and a
 * log standard deviation {@code ℓ} (clamped to [{@value #LOG_STD_MIN}, {@value #LOG_STD_MAX}]) per
 * action coordinate; a sample is {@code a = tanh(u)}, {@code u = μ + e^ℓ·ε}, {@code ε ~ N(0, 1)}
 * (reparameterised, so gradients reach μ and ℓ), with log-probability
 *
 * <pre>log π(a|s) = Σ_j [−ε_j²/2 − ℓ_j − ½·log 2π − log(1 − tanh² u_j)]</pre>
 *
 * where the last term, the change of variables through tanh, is evaluated stably as {@code 2(log 2
 * − u − softplus(−2u))}. The deterministic action is {@code tanh(μ)}.
 *
 * <p>The network's outputs are row-major per observation: the {@code n} means, then the {@code n}
 * log standard deviations. {@link #backward} belongs to the last {@link #sample}.
 */
public final class SquashedGaussianPolicy {
  /** The lower clamp of the log standard deviation. */
  public static final double LOG_STD_MIN = -20;

  /** The upper clamp of the log standard deviation. */
  public static final double LOG_STD_MAX = 2;

  private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
  private static final double LOG_2 = Math.log(2);

  private final Mlp net;
  private final int act;
  private double[] eps = new double[0];
  private double[] std = new double[0];
  private double[] squashed = new double[0];
  private boolean[] clamped = new boolean[0];
  private double[] outBar = new double[0];
  private int batch = -1;

  /** A policy for observations of length {@code obs} and actions of length {@code act}. */
  public SquashedGaussianPolicy(int obs, int act, int[] hidden, Activation activation) {
    this.net = Mlp.of(obs, hidden, 2 * act, activation);
    this.act = act;
  }

  /** The network (its parameters and gradients are the policy's). */
  public Mlp network() {
    return net;
  }

  /** The observation length. */
  public int observationSize() {
    return net.inputSize();
  }

  /** The action length. */
  public int actionSize() {
    return act;
  }

  /**
   * Draws a reparameterised action for each of {@code batch} observations, its noise from {@code
   * rng}; writes the actions (batch×act) and their log-probabilities (batch).
   */
  public void sample(double[] obs, int batch, Rng rng, double[] actions, double[] logProb) {
    ensureCapacity(batch);
    for (int i = 0; i < batch * act; i++) {
      eps[i] = rng.normal();
    }
    sampleWithNoise(obs, batch, eps, actions, logProb);
  }

  /**
   * As {@link #sample} with the standard normal noise given (batch×act), for tests and for callers
   * that draw it themselves.
   */
  public void sampleWithNoise(
      double[] obs, int batch, double[] noise, double[] actions, double[] logProb) {
    ensureCapacity(batch);
    if (noise != eps) {
      System.arraycopy(noise, 0, eps, 0, batch * act);
    }
    double[] y = net.forward(obs, batch);
    for (int b = 0; b < batch; b++) {
      int o = b * 2 * act;
      double lp = 0;
      for (int j = 0; j < act; j++) {
        int i = b * act + j;
        double raw = y[o + act + j];
        double ls = Math.min(LOG_STD_MAX, Math.max(LOG_STD_MIN, raw));
        clamped[i] = raw < LOG_STD_MIN || raw > LOG_STD_MAX;
        double s = Math.exp(ls);
        std[i] = s;
        double e = eps[i];
        double u = y[o + j] + s * e;
        double a = Math.tanh(u);
        squashed[i] = a;
        actions[i] = a;
        lp += -0.5 * e * e - ls - HALF_LOG_2PI - 2 * (LOG_2 - u - softplus(-2 * u));
      }
      logProb[b] = lp;
    }
    this.batch = batch;
  }

  /** The deterministic actions {@code tanh(μ)} for {@code batch} observations. */
  public void mean(double[] obs, int batch, double[] actions) {
    double[] y = net.forward(obs, batch);
    for (int b = 0; b < batch; b++) {
      for (int j = 0; j < act; j++) {
        actions[b * act + j] = Math.tanh(y[b * 2 * act + j]);
      }
    }
    this.batch = -1;
  }

  /**
   * The backward pass of the last {@link #sample}: given the loss's gradients with respect to the
   * actions (batch×act) and the log-probabilities (batch; either may be null for zero), adds the
   * parameter gradients into {@code network().gradients()} and, unless {@code obsBar} is null, the
   * observation gradients into {@code obsBar} (the noise held fixed).
   *
   * @throws IllegalStateException when no sample came before
   */
  public void backward(double[] actionBar, double[] logProbBar, double[] obsBar) {
    if (batch < 0) {
      throw new IllegalStateException("backward needs a sample first");
    }
    for (int b = 0; b < batch; b++) {
      double lpBar = logProbBar == null ? 0 : logProbBar[b];
      int o = b * 2 * act;
      for (int j = 0; j < act; j++) {
        int i = b * act + j;
        double a = squashed[i];
        double aBar = actionBar == null ? 0 : actionBar[i];
        // ∂a/∂u = 1 − a²; ∂logπ/∂u = 2a (the tanh correction); ∂logπ/∂ℓ = −1 beside u's share
        double uBar = aBar * (1 - a * a) + lpBar * 2 * a;
        outBar[o + j] = uBar;
        outBar[o + act + j] = clamped[i] ? 0 : uBar * std[i] * eps[i] - lpBar;
      }
    }
    net.backward(outBar, obsBar, true);
  }

  private static double softplus(double x) {
    return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
  }

  private void ensureCapacity(int n) {
    if (eps.length >= n * act) {
      return;
    }
    eps = new double[n * act];
    std = new double[n * act];
    squashed = new double[n * act];
    clamped = new boolean[n * act];
    outBar = new double[n * 2 * act];
  }

  /** Writes the network's parameters. */
  public void save(DataOutput out) throws IOException {
    net.save(out);
  }

  /** Reads what {@link #save} wrote. */
  public void restore(DataInput in) throws IOException {
    net.restore(in);
  }
}
