package org.diffart.sim.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ProbabilisticEnsembleTest {
  private static EnsembleConfig small(int maxEpochs) {
    return EnsembleConfig.paper().resized(3, 2, new int[] {16, 16}, maxEpochs);
  }

  /**
   * A noisy linear system: s' = s + A s + B a + noise (σ_s), r = c·s + d·a + noise (σ_r), rows
   * drawn from a fixed stream.
   */
  private record Data(double[] obs, double[] act, double[] rew, double[] next, int n) {
    static final double[][] A = {{0.1, -0.2}, {0.05, 0.3}};
    static final double[] B = {0.5, -0.4};
    static final double SIGMA_S = 0.1;
    static final double SIGMA_R = 0.15;

    static Data draw(int n, long seed) {
      Rng rng = new Rng(seed);
      double[] obs = new double[2 * n];
      double[] act = new double[n];
      double[] rew = new double[n];
      double[] next = new double[2 * n];
      for (int r = 0; r < n; r++) {
        double s0 = rng.uniform(-1, 1);
        double s1 = rng.uniform(-1, 1);
        double a = rng.uniform(-1, 1);
        obs[2 * r] = s0;
        obs[2 * r + 1] = s1;
        act[r] = a;
        next[2 * r] = s0 + A[0][0] * s0 + A[0][1] * s1 + B[0] * a + SIGMA_S * rng.normal();
        next[2 * r + 1] = s1 + A[1][0] * s0 + A[1][1] * s1 + B[1] * a + SIGMA_S * rng.normal();
        rew[r] = s0 - 0.5 * a + SIGMA_R * rng.normal();
      }
      return new Data(obs, act, rew, next, n);
    }

    ProbabilisticEnsemble.TrainResult train(ProbabilisticEnsemble m) {
      return m.train(obs, act, rew, next, n);
    }
  }

  @Test
  void objectiveGradientsMatchCentralDifferences() {
    ProbabilisticEnsemble m = new ProbabilisticEnsemble(small(0), 2, 1, 3);
    // bounds moved off their start so both soft bounds bend
    double[] bounds = m.bounds();
    for (int i = 0; i < bounds.length; i++) {
      bounds[i] = i < 3 ? -0.5 + 0.3 * i : -2.0 - 0.4 * i;
    }
    Rng rng = new Rng(11);
    int n = 6;
    double[] x = new double[n * 3];
    double[] y = new double[n * 3];
    for (int i = 0; i < x.length; i++) {
      x[i] = rng.uniform(-2, 2);
      y[i] = rng.uniform(-1, 1);
    }
    m.objective(x, y, n);
    double[] memberGrad = m.member(1).gradients().clone();
    double[] boundsGrad = m.boundsGradient().clone();
    double[] p = m.member(1).parameters();
    for (int i = 0; i < p.length; i += 7) {
      assertEquals(centralDifference(m, p, i, x, y, n), memberGrad[i], 1e-7, "parameter " + i);
    }
    for (int i = 0; i < bounds.length; i++) {
      assertEquals(centralDifference(m, bounds, i, x, y, n), boundsGrad[i], 1e-7, "bound " + i);
      assertNotEquals(0.0, boundsGrad[i], "bound " + i);
    }
  }

  /** The objective's central difference in {@code a[i]}, step 1e-6. */
  private static double centralDifference(
      ProbabilisticEnsemble m, double[] a, int i, double[] x, double[] y, int n) {
    double h = 1e-6;
    double keep = a[i];
    a[i] = keep + h;
    double up = m.objective(x, y, n);
    a[i] = keep - h;
    double down = m.objective(x, y, n);
    a[i] = keep;
    return (up - down) / (2 * h);
  }

  @Test
  void softBoundsStayInsideAndPassTheMiddleThrough() {
    assertEquals(0.0, GaussianHead.logVariance(0.0, 5.0, -5.0), 0.02);
    assertTrue(GaussianHead.logVariance(3.0, 0.5, -10.0) < 0.5);
    assertTrue(GaussianHead.logVariance(-13.0, 0.5, -10.0) > -10.0);
    assertEquals(0.5, GaussianHead.logVariance(100.0, 0.5, -10.0), 1e-4);
    assertEquals(-10.0, GaussianHead.logVariance(-100.0, 0.5, -10.0), 1e-12);
  }

  @Test
  void learnsANoisyLinearSystemItsMeanAndNoise() {
    ProbabilisticEnsemble m = new ProbabilisticEnsemble(small(400), 2, 1, 5);
    Data train = Data.draw(2000, 1);
    ProbabilisticEnsemble.TrainResult first =
        new ProbabilisticEnsemble(small(1), 2, 1, 5)
            .train(train.obs, train.act, train.rew, train.next, train.n);
    ProbabilisticEnsemble.TrainResult last = train.train(m);
    assertTrue(
        last.holdoutLoss() < first.holdoutLoss() - 1.0,
        "held-out loss after one epoch "
            + first.holdoutLoss()
            + ", after training "
            + last.holdoutLoss());
    // on fresh rows: the elite's mean near the noiseless map, its variance near the noise's
    Data test = Data.draw(200, 2);
    double[] x = new double[test.n * 3];
    for (int r = 0; r < test.n; r++) {
      x[3 * r] = test.obs[2 * r];
      x[3 * r + 1] = test.obs[2 * r + 1];
      x[3 * r + 2] = test.act[r];
    }
    double[] mean = new double[test.n * 3];
    double[] logVar = new double[test.n * 3];
    m.predict(m.elites()[0], x, test.n, mean, logVar);
    double meanErr = 0;
    double[] variance = new double[3];
    for (int r = 0; r < test.n; r++) {
      double s0 = x[3 * r];
      double s1 = x[3 * r + 1];
      double a = x[3 * r + 2];
      double[] truth = {
        s0 - 0.5 * a,
        Data.A[0][0] * s0 + Data.A[0][1] * s1 + Data.B[0] * a,
        Data.A[1][0] * s0 + Data.A[1][1] * s1 + Data.B[1] * a
      };
      for (int i = 0; i < 3; i++) {
        meanErr = Math.max(meanErr, Math.abs(mean[3 * r + i] - truth[i]));
        variance[i] += Math.exp(logVar[3 * r + i]) / test.n;
      }
    }
    assertTrue(meanErr < 0.15, "largest error of the mean " + meanErr);
    double[] noise = {Data.SIGMA_R, Data.SIGMA_S, Data.SIGMA_S};
    for (int i = 0; i < 3; i++) {
      double ratio = Math.sqrt(variance[i]) / noise[i];
      assertTrue(ratio > 0.6 && ratio < 1.6, "output " + i + ": predicted σ / true σ = " + ratio);
    }
  }

  @Test
  void sameSeedSameNumbersAndSaveRestoreContinuesExactly() throws IOException {
    Data data = Data.draw(300, 7);
    ProbabilisticEnsemble a = new ProbabilisticEnsemble(small(3), 2, 1, 9);
    ProbabilisticEnsemble b = new ProbabilisticEnsemble(small(3), 2, 1, 9);
    assertEquals(data.train(a), data.train(b));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    a.save(new DataOutputStream(bytes));
    ProbabilisticEnsemble c = new ProbabilisticEnsemble(small(3), 2, 1, 123);
    c.restore(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    ProbabilisticEnsemble.TrainResult ra = data.train(a);
    assertEquals(ra, data.train(c));
    double[] nextA = new double[2 * data.n];
    double[] rewA = new double[data.n];
    double[] nextC = new double[2 * data.n];
    double[] rewC = new double[data.n];
    a.sample(data.obs, data.act, data.n, nextA, rewA);
    c.sample(data.obs, data.act, data.n, nextC, rewC);
    assertArrayEquals(nextA, nextC);
    assertArrayEquals(rewA, rewC);
    assertArrayEquals(a.elites(), c.elites());
  }
}
