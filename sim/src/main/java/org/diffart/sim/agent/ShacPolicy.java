package org.diffart.sim.agent;

import org.diffart.sim.nn.Activation;
import org.diffart.sim.nn.Mlp;
import org.diffart.sim.nn.Rng;

/**
 * SHAC's stochastic actor on a flat parameter vector θ = (the mean network's parameters, then one
 * state-independent log standard deviation per action): {@code a = tanh(μ(o; θ) + exp(logσ)·ε)} for
 * a normalised observation o and a standard normal draw ε (ε = 0: the deterministic action). Every
 * call computes from the θ it is given (its network is scratch), so a control law built on it is a
 * pure function of θ.
 */
final class ShacPolicy {
  private final Mlp net;
  private final int actions;
  private final double[] mu, sBar, obsBar;

  ShacPolicy(int observations, int actions, int[] hidden) {
    net = Mlp.of(observations, hidden, actions, Activation.TANH);
    this.actions = actions;
    mu = new double[actions];
    sBar = new double[actions];
    obsBar = new double[observations];
  }

  /** The length of θ. */
  int parameters() {
    return net.parameterCount() + actions;
  }

  int actions() {
    return actions;
  }

  int observations() {
    return net.inputSize();
  }

  /** θ with the mean network initialised from rng and every log σ at {@code logStd}. */
  double[] initial(Rng rng, double logStd) {
    net.initialize(rng);
    double[] theta = new double[parameters()];
    System.arraycopy(net.parameters(), 0, theta, 0, net.parameterCount());
    java.util.Arrays.fill(theta, net.parameterCount(), theta.length, logStd);
    return theta;
  }

  private double[] mean(double[] theta, double[] obs, int rows) {
    System.arraycopy(theta, 0, net.parameters(), 0, net.parameterCount());
    return net.forward(obs, rows);
  }

  /**
   * The action of one normalised observation ({@code obs}, from index 0) with noise {@code eps}
   * read at {@code epsOffset}, written into {@code a}.
   */
  void act(double[] theta, double[] obs, double[] eps, int epsOffset, double[] a) {
    double[] m = mean(theta, obs, 1);
    int p = net.parameterCount();
    for (int j = 0; j < actions; j++) {
      a[j] = Math.tanh(m[j] + Math.exp(theta[p + j]) * eps[epsOffset + j]);
    }
  }

  /**
   * The product of {@link #act}: adds {@code aBarᵀ ∂a/∂θ} to {@code thetaBar} and returns {@code
   * aBarᵀ ∂a/∂obs} (an array reused by the next call).
   */
  double[] actAdjoint(
      double[] theta, double[] obs, double[] eps, int epsOffset, double[] aBar, double[] thetaBar) {
    double[] m = mean(theta, obs, 1);
    int p = net.parameterCount();
    for (int j = 0; j < actions; j++) {
      double sigma = Math.exp(theta[p + j]);
      double a = Math.tanh(m[j] + sigma * eps[epsOffset + j]);
      sBar[j] = aBar[j] * (1 - a * a);
      thetaBar[p + j] += sBar[j] * sigma * eps[epsOffset + j];
      mu[j] = sBar[j];
    }
    net.zeroGradients();
    java.util.Arrays.fill(obsBar, 0); // backward adds into the input's bar
    net.backward(mu, obsBar, true);
    double[] g = net.gradients();
    for (int i = 0; i < p; i++) {
      thetaBar[i] += g[i];
    }
    return obsBar;
  }

  /** The deterministic actions {@code tanh(μ)} of {@code rows} normalised observations. */
  void meanActions(double[] theta, double[] obs, int rows, double[] a) {
    double[] m = mean(theta, obs, rows);
    for (int i = 0; i < rows * actions; i++) {
      a[i] = Math.tanh(m[i]);
    }
  }
}
