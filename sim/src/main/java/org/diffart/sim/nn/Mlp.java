package org.diffart.sim.nn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A multilayer perceptron on batches of rows: dense layers with a ReLU, tanh or swish activation
 * after each hidden layer and a linear output, its parameters one flat array (what {@link Adam}
 * steps), its gradients another of the same layout.
 *
 * <p>Layer l with fan-in n and fan-out m holds its weights input-major, {@code W[k][j]} at {@code
 * weightOffset(l) + k*m + j} (the transpose of PyTorch's {@code nn.Linear.weight}), then its m
 * biases; the layers follow one another. Batches are row-major: row b of an input is {@code
 * x[b*inputSize() + k]}.
 *
 * <p>{@link #forward} keeps every layer's activations in a cache that {@link #backward} reads, so a
 * backward pass belongs to the forward pass just before it. The cache grows to the largest batch
 * seen and is reused: in steady state neither pass allocates. The loops run input-major (row, then
 * fan-in, then fan-out innermost over contiguous memory) in four-row blocks so that each weight row
 * loaded serves four batch rows; a network is not thread-safe.
 */
public final class Mlp {
  private final int[] sizes;
  private final Activation activation;
  private final int[] weightOffsets;
  private final int[] biasOffsets;
  private final double[] params;
  private final double[] grads;
  private double[][] acts = new double[0][];
  private double[][] deltas = new double[0][];
  // swish's σ(x) of each hidden pre-activation x, which its derivative needs (else null)
  private double[][] pre = new double[0][];
  private double[] transposed = new double[0];
  private int capacity;
  private int batch = -1;

  /**
   * A network with layer widths {@code sizes} (input, hidden..., output), its parameters zero until
   * {@link #initialize}.
   *
   * @throws IllegalArgumentException when fewer than two sizes are given or one is not positive
   */
  public Mlp(int[] sizes, Activation activation) {
    if (sizes.length < 2) {
      throw new IllegalArgumentException("sizes must name at least input and output widths");
    }
    for (int s : sizes) {
      if (s <= 0) {
        throw new IllegalArgumentException("sizes must be positive, got " + s);
      }
    }
    this.sizes = sizes.clone();
    this.activation = activation;
    int layers = sizes.length - 1;
    weightOffsets = new int[layers];
    biasOffsets = new int[layers];
    int off = 0;
    for (int l = 0; l < layers; l++) {
      weightOffsets[l] = off;
      off += sizes[l] * sizes[l + 1];
      biasOffsets[l] = off;
      off += sizes[l + 1];
    }
    params = new double[off];
    grads = new double[off];
  }

  /** A network {@code in → hidden... → out}. */
  public static Mlp of(int in, int[] hidden, int out, Activation activation) {
    int[] s = new int[hidden.length + 2];
    s[0] = in;
    System.arraycopy(hidden, 0, s, 1, hidden.length);
    s[s.length - 1] = out;
    return new Mlp(s, activation);
  }

  /** The input width. */
  public int inputSize() {
    return sizes[0];
  }

  /** The output width. */
  public int outputSize() {
    return sizes[sizes.length - 1];
  }

  /** The number of dense layers. */
  public int layers() {
    return sizes.length - 1;
  }

  /** The layer widths, input first. */
  public int[] sizes() {
    return sizes.clone();
  }

  /** The hidden layers' activation. */
  public Activation activation() {
    return activation;
  }

  /** Where layer l's weights start in {@link #parameters()}. */
  public int weightOffset(int layer) {
    return weightOffsets[layer];
  }

  /** Where layer l's biases start in {@link #parameters()}. */
  public int biasOffset(int layer) {
    return biasOffsets[layer];
  }

  /** The live flat parameter array. */
  public double[] parameters() {
    return params;
  }

  /** The live flat gradient array, accumulated by {@link #backward}. */
  public double[] gradients() {
    return grads;
  }

  /** The number of parameters. */
  public int parameterCount() {
    return params.length;
  }

  /**
   * Draws the parameters as PyTorch's {@code nn.Linear} does by default: every weight and bias of a
   * layer with fan-in n uniform in {@code [−1/√n, 1/√n)}.
   */
  public void initialize(Rng rng) {
    for (int l = 0; l < layers(); l++) {
      double bound = 1.0 / Math.sqrt(sizes[l]);
      int end = biasOffsets[l] + sizes[l + 1];
      for (int i = weightOffsets[l]; i < end; i++) {
        params[i] = rng.uniform(-bound, bound);
      }
    }
  }

  /** Sets every gradient to zero. */
  public void zeroGradients() {
    java.util.Arrays.fill(grads, 0.0);
  }

  /** Copies the parameters of a network of the same shape. */
  public void copyParametersFrom(Mlp source) {
    requireSameShape(source);
    System.arraycopy(source.params, 0, params, 0, params.length);
  }

  /** Polyak averaging towards {@code source}: {@code θ ← (1 − τ)θ + τ·θ_source}. */
  public void softUpdateFrom(Mlp source, double tau) {
    requireSameShape(source);
    double[] s = source.params;
    for (int i = 0; i < params.length; i++) {
      params[i] += tau * (s[i] - params[i]);
    }
  }

  /**
   * The network on {@code batch} rows of {@code x}; returns the cache's output array (its first
   * {@code batch*outputSize()} entries), valid until the next forward pass.
   *
   * @throws IllegalArgumentException when {@code x} holds fewer than {@code batch} rows
   */
  public double[] forward(double[] x, int batch) {
    if (batch <= 0 || x.length < batch * sizes[0]) {
      throw new IllegalArgumentException(
          "x must hold batch=" + batch + " rows of " + sizes[0] + ", has length " + x.length);
    }
    ensureCapacity(batch);
    this.batch = batch;
    System.arraycopy(x, 0, acts[0], 0, batch * sizes[0]);
    int last = layers() - 1;
    for (int l = 0; l <= last; l++) {
      denseForward(l, acts[l], acts[l + 1], batch);
      if (l < last) {
        activate(l + 1, batch * sizes[l + 1]);
      }
    }
    return acts[last + 1];
  }

  /**
   * The backward pass of the last {@link #forward}: given {@code outBar} (batch×out, the loss's
   * gradient with respect to the outputs) it adds the loss's gradient with respect to the
   * parameters into {@link #gradients()} when {@code parameterGradients} is set, and with respect
   * to the inputs into {@code inBar} (batch×in) unless that is null.
   *
   * @throws IllegalStateException when no forward pass came before
   */
  public void backward(double[] outBar, double[] inBar, boolean parameterGradients) {
    if (batch < 0) {
      throw new IllegalStateException("backward needs a forward pass first");
    }
    int last = layers() - 1;
    double[] g = deltas[last + 1];
    System.arraycopy(outBar, 0, g, 0, batch * sizes[last + 1]);
    for (int l = last; l >= 0; l--) {
      if (l < last) {
        activateBackward(l + 1, g, batch * sizes[l + 1]);
      }
      if (parameterGradients) {
        denseParameterGradients(l, acts[l], g, batch);
      }
      if (l > 0 || inBar != null) {
        double[] gIn = l > 0 ? deltas[l] : inBar;
        denseInputGradients(l, g, gIn, batch, l > 0);
        g = gIn;
      }
    }
  }

  private void denseForward(int l, double[] x, double[] y, int n) {
    int in = sizes[l];
    int out = sizes[l + 1];
    for (int b = 0; b < n; b++) {
      System.arraycopy(params, biasOffsets[l], y, b * out, out);
    }
    Gemm.multiplyAdd(x, 0, params, weightOffsets[l], y, 0, n, in, out);
  }

  /** dW += Xᵀ·G through a transposed copy of X; db += the column sums of G. */
  private void denseParameterGradients(int l, double[] x, double[] g, int n) {
    int in = sizes[l];
    int out = sizes[l + 1];
    int bo = biasOffsets[l];
    for (int b = 0; b < n; b++) {
      int g0 = b * out;
      for (int j = 0; j < out; j++) {
        grads[bo + j] += g[g0 + j];
      }
    }
    Gemm.transpose(x, 0, n, in, transposed, 0);
    Gemm.multiplyAdd(transposed, 0, g, 0, grads, weightOffsets[l], in, n, out);
  }

  /** X̄ (+)= G·Wᵀ through a transposed copy of W. */
  private void denseInputGradients(int l, double[] g, double[] gIn, int n, boolean overwrite) {
    int in = sizes[l];
    int out = sizes[l + 1];
    if (overwrite) {
      java.util.Arrays.fill(gIn, 0, n * in, 0.0);
    }
    Gemm.transpose(params, weightOffsets[l], in, out, transposed, 0);
    Gemm.multiplyAdd(g, 0, transposed, 0, gIn, 0, n, out, in);
  }

  private void activate(int layer, int n) {
    double[] y = acts[layer];
    if (activation == Activation.RELU) {
      for (int i = 0; i < n; i++) {
        y[i] = Math.max(0.0, y[i]);
      }
    } else if (activation == Activation.TANH) {
      for (int i = 0; i < n; i++) {
        y[i] = Math.tanh(y[i]);
      }
    } else {
      double[] sigma = pre[layer];
      for (int i = 0; i < n; i++) {
        double s = 1.0 / (1.0 + Math.exp(-y[i]));
        sigma[i] = s;
        y[i] *= s;
      }
    }
  }

  private void activateBackward(int layer, double[] g, int n) {
    double[] y = acts[layer];
    if (activation == Activation.RELU) {
      for (int i = 0; i < n; i++) {
        if (y[i] <= 0.0) {
          g[i] = 0.0;
        }
      }
    } else if (activation == Activation.TANH) {
      for (int i = 0; i < n; i++) {
        g[i] *= 1.0 - y[i] * y[i];
      }
    } else {
      // d(xσ)/dx = σ + xσ(1 − σ) = σ + y(1 − σ)
      double[] sigma = pre[layer];
      for (int i = 0; i < n; i++) {
        double s = sigma[i];
        g[i] *= s + y[i] * (1.0 - s);
      }
    }
  }

  private void ensureCapacity(int n) {
    if (n <= capacity) {
      return;
    }
    int layers = layers();
    acts = new double[layers + 1][];
    deltas = new double[layers + 1][];
    pre = new double[layers + 1][];
    for (int l = 0; l <= layers; l++) {
      acts[l] = new double[n * sizes[l]];
      deltas[l] = l == 0 ? null : new double[n * sizes[l]];
      boolean hidden = l > 0 && l < layers;
      pre[l] = activation == Activation.SWISH && hidden ? new double[n * sizes[l]] : null;
    }
    int widest = 0;
    for (int l = 0; l < layers; l++) {
      widest = Math.max(widest, Math.max(n, sizes[l + 1]) * sizes[l]);
    }
    transposed = new double[widest];
    capacity = n;
  }

  private void requireSameShape(Mlp other) {
    if (!java.util.Arrays.equals(sizes, other.sizes)) {
      throw new IllegalArgumentException(
          "networks differ in shape: "
              + java.util.Arrays.toString(sizes)
              + " vs "
              + java.util.Arrays.toString(other.sizes));
    }
  }

  /** Writes the parameters (gradients are transient and not written). */
  public void save(DataOutput out) throws IOException {
    Arrays64.write(out, params);
  }

  /** Reads what {@link #save} wrote. */
  public void restore(DataInput in) throws IOException {
    Arrays64.read(in, params, "Mlp parameters " + java.util.Arrays.toString(sizes));
  }
}
