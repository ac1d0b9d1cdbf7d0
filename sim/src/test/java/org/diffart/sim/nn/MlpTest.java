package org.diffart.sim.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class MlpTest {
  /** A fixed linear functional of the outputs, L = Σ c·y, whose output bar is c. */
  private static double loss(Mlp net, double[] x, int batch, double[] c) {
    double[] y = net.forward(x, batch);
    double s = 0;
    for (int i = 0; i < batch * net.outputSize(); i++) {
      s += c[i] * y[i];
    }
    return s;
  }

  private static double[] randoms(Rng rng, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = rng.normal();
    }
    return a;
  }

  private static void checkGradients(Activation act, int batch) {
    Rng rng = new Rng(7);
    Mlp net = new Mlp(new int[] {5, 9, 7, 3}, act);
    net.initialize(rng);
    double[] x = randoms(rng, batch * 5);
    double[] c = randoms(rng, batch * 3);
    net.forward(x, batch);
    net.zeroGradients();
    double[] xBar = new double[batch * 5];
    net.backward(c, xBar, true);
    double[] g = net.gradients().clone();
    CentralDifferences.check(
        net.parameters(), g, () -> loss(net, x, batch, c), 1e-7, act + " parameter");
    CentralDifferences.check(x, xBar, () -> loss(net, x, batch, c), 1e-7, act + " input");
  }

  @Test
  void tanhGradientsMatchCentralDifferences() {
    checkGradients(Activation.TANH, 6); // a four-row block and a tail of two
  }

  @Test
  void reluGradientsMatchCentralDifferences() {
    checkGradients(Activation.RELU, 7);
  }

  @Test
  void swishGradientsMatchCentralDifferences() {
    checkGradients(Activation.SWISH, 5);
  }

  @Test
  void forwardIsTheLayersWrittenOut() {
    Mlp net = new Mlp(new int[] {2, 2, 1}, Activation.RELU);
    // W0 input-major: W[k][j]; layer 0: y_j = b_j + Σ_k x_k W[k][j]
    double[] p = net.parameters();
    System.arraycopy(new double[] {1, -1, 2, 3, 0.5, -10, 2, -1, 0.25}, 0, p, 0, 9);
    // x = (1, 1): hidden = relu(0.5 + 1 + 2, -10 - 1 + 3) = (3.5, 0); out = 0.25 + 2*3.5 = 7.25
    double[] y = net.forward(new double[] {1, 1}, 1);
    assertEquals(7.25, y[0], 0.0);
    assertEquals(net.biasOffset(1), 8);
    assertEquals(9, net.parameterCount());
  }

  @Test
  void batchRowsAreIndependentOfTheirNeighbours() {
    Rng rng = new Rng(3);
    Mlp net = Mlp.of(4, new int[] {8, 8}, 2, Activation.TANH);
    net.initialize(rng);
    double[] x = randoms(rng, 9 * 4);
    double[] all = net.forward(x, 9).clone();
    for (int b = 0; b < 9; b++) {
      double[] row = java.util.Arrays.copyOfRange(x, b * 4, b * 4 + 4);
      double[] y = net.forward(row, 1);
      assertEquals(all[2 * b], y[0], 1e-15);
      assertEquals(all[2 * b + 1], y[1], 1e-15);
    }
  }

  /**
   * PyTorch's nn.Linear default: weights and biases uniform in ±1/√fan_in, so mean 0 and variance
   * 1/(3·fan_in).
   */
  @Test
  void initialisationIsPyTorchsUniformDistribution() {
    Mlp net = Mlp.of(64, new int[] {256}, 16, Activation.RELU);
    net.initialize(new Rng(11));
    double[] p = net.parameters();
    double bound = 1 / Math.sqrt(64);
    int end = net.biasOffset(0) + 256;
    double sum = 0;
    double sq = 0;
    for (int i = 0; i < end; i++) {
      assertTrue(Math.abs(p[i]) <= bound, "parameter " + i);
      sum += p[i];
      sq += p[i] * p[i];
    }
    double mean = sum / end;
    double var = sq / end - mean * mean;
    assertEquals(0, mean, 4 * bound / Math.sqrt(3 * end));
    assertEquals(bound * bound / 3, var, 0.02 * bound * bound / 3);
    double bound1 = 1 / Math.sqrt(256);
    double max1 = 0;
    for (int i = net.weightOffset(1); i < p.length; i++) {
      max1 = Math.max(max1, Math.abs(p[i]));
    }
    assertTrue(max1 <= bound1 && max1 > 0.9 * bound1, "second layer bound " + max1);
  }

  @Test
  void softUpdateMovesByTau() {
    Mlp a = Mlp.of(2, new int[] {3}, 1, Activation.RELU);
    Mlp b = Mlp.of(2, new int[] {3}, 1, Activation.RELU);
    a.initialize(new Rng(1));
    b.initialize(new Rng(2));
    double[] before = a.parameters().clone();
    a.softUpdateFrom(b, 0.25);
    for (int i = 0; i < before.length; i++) {
      assertEquals(0.75 * before[i] + 0.25 * b.parameters()[i], a.parameters()[i], 1e-15);
    }
    a.copyParametersFrom(b);
    assertArrayEquals(b.parameters(), a.parameters());
    Mlp c = Mlp.of(2, new int[] {4}, 1, Activation.RELU);
    assertThrows(IllegalArgumentException.class, () -> c.copyParametersFrom(a));
  }

  @Test
  void saveRestoreIsExact() throws IOException {
    Mlp a = Mlp.of(3, new int[] {5}, 2, Activation.TANH);
    a.initialize(new Rng(5));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    a.save(new DataOutputStream(bytes));
    Mlp b = Mlp.of(3, new int[] {5}, 2, Activation.TANH);
    b.restore(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertArrayEquals(a.parameters(), b.parameters());
  }

  @Test
  void rejectsTooShortInputsAndBackwardFirst() {
    Mlp a = Mlp.of(3, new int[] {5}, 2, Activation.TANH);
    assertThrows(IllegalStateException.class, () -> a.backward(new double[2], null, true));
    assertThrows(IllegalArgumentException.class, () -> a.forward(new double[5], 2));
  }
}
