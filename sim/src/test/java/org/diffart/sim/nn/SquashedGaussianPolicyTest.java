package org.diffart.sim.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SquashedGaussianPolicyTest {
  private static final int OBS = 4;
  private static final int ACT = 3;
  private static final int BATCH = 5;

  private static double[] normals(Rng rng, int n, double scale) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = scale * rng.normal();
    }
    return a;
  }

  private static SquashedGaussianPolicy policy() {
    SquashedGaussianPolicy p =
        new SquashedGaussianPolicy(OBS, ACT, new int[] {8, 8}, Activation.RELU);
    p.network().initialize(new Rng(21));
    return p;
  }

  /** L = Σ c·a + Σ d·log π with the noise fixed. */
  private static double loss(
      SquashedGaussianPolicy p, double[] obs, double[] noise, double[] c, double[] d) {
    double[] a = new double[BATCH * ACT];
    double[] lp = new double[BATCH];
    p.sampleWithNoise(obs, BATCH, noise, a, lp);
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += c[i] * a[i];
    }
    for (int b = 0; b < BATCH; b++) {
      s += d[b] * lp[b];
    }
    return s;
  }

  @Test
  void logProbabilityIsTheChangeOfVariables() {
    SquashedGaussianPolicy p = policy();
    double[] obs = normals(new Rng(4), BATCH * OBS, 1);
    double[] noise = normals(new Rng(5), BATCH * ACT, 1);
    double[] a = new double[BATCH * ACT];
    double[] lp = new double[BATCH];
    p.sampleWithNoise(obs, BATCH, noise, a, lp);
    double[] y = p.network().forward(obs, BATCH).clone();
    for (int b = 0; b < BATCH; b++) {
      double expected = 0;
      for (int j = 0; j < ACT; j++) {
        double mu = y[b * 2 * ACT + j];
        double ls = y[b * 2 * ACT + ACT + j];
        double sigma = Math.exp(ls);
        double u = mu + sigma * noise[b * ACT + j];
        assertEquals(Math.tanh(u), a[b * ACT + j], 1e-15);
        double gauss = -0.5 * Math.pow((u - mu) / sigma, 2) - ls - 0.5 * Math.log(2 * Math.PI);
        expected += gauss - Math.log(1 - Math.tanh(u) * Math.tanh(u));
      }
      assertEquals(expected, lp[b], 1e-10);
    }
  }

  @Test
  void gradientsMatchCentralDifferences() {
    SquashedGaussianPolicy p = policy();
    Rng rng = new Rng(8);
    double[] obs = normals(rng, BATCH * OBS, 1);
    double[] noise = normals(rng, BATCH * ACT, 1);
    double[] c = normals(rng, BATCH * ACT, 1);
    double[] d = normals(rng, BATCH, 1);
    loss(p, obs, noise, c, d);
    p.network().zeroGradients();
    double[] obsBar = new double[obs.length];
    p.backward(c, d, obsBar);
    double[] g = p.network().gradients().clone();
    CentralDifferences.check(
        p.network().parameters(), g, () -> loss(p, obs, noise, c, d), 1e-6, "parameter");
    CentralDifferences.check(obs, obsBar, () -> loss(p, obs, noise, c, d), 1e-6, "observation");
  }

  @Test
  void clampedLogStdPassesNoGradient() {
    SquashedGaussianPolicy p = new SquashedGaussianPolicy(1, 1, new int[] {2}, Activation.TANH);
    double[] w = p.network().parameters();
    java.util.Arrays.fill(w, 0);
    w[p.network().biasOffset(1) + 1] = 5; // log std 5 > 2: clamped
    double[] a = new double[1];
    double[] lp = new double[1];
    p.sampleWithNoise(new double[] {0.3}, 1, new double[] {0.1}, a, lp);
    assertEquals(Math.tanh(Math.exp(2) * 0.1), a[0], 1e-15);
    p.network().zeroGradients();
    p.backward(new double[] {1}, new double[] {1}, null);
    assertEquals(0, p.network().gradients()[p.network().biasOffset(1) + 1], 0.0);
    assertTrue(p.network().gradients()[p.network().biasOffset(1)] != 0);
  }

  @Test
  void meanActionIsTanhOfTheMean() {
    SquashedGaussianPolicy p = policy();
    double[] obs = normals(new Rng(2), OBS, 1);
    double[] a = new double[ACT];
    p.mean(obs, 1, a);
    double[] y = p.network().forward(obs, 1);
    for (int j = 0; j < ACT; j++) {
      assertEquals(Math.tanh(y[j]), a[j], 0.0);
    }
  }
}
