package org.diffart.sim.sdf;

/**
 * A neural SDF with a latent shape code (DeepSDF's auto-decoder, trained as IGR is: {@link
 * NeuralSdfTraining}): {@code φ(x; z) = c f([x/c; z])}, c the largest half-extent of the box (so
 * that the network sees points of the unit box and distances in its units), f a multilayer
 * perceptron of two tanh layers of H units on the point and the code, {@code f(u) = w₃·tanh(W₂
 * tanh(W₁ u + b₁) + b₂) + b₃}. The shape parameters θ are the code z; the weights are fixed once
 * trained. Its gradients in the point and in the code are one reverse pass through the network. Not
 * an exact distance: Eikonal training makes {@code |∇ₓφ| ≈ 1} near the shapes it was trained on.
 *
 * @param latent the code's size k
 * @param hidden the units H per layer
 * @param weights {@code W₁ (H×(3+k), row-major), b₁, W₂ (H×H), b₂, w₃, b₃} ({@link #weightCount})
 * @param code z, the shape parameters
 * @param box the box around every shape of the family, {@code (lo x, lo y, lo z, hi x, hi y, hi z)}
 */
public record NeuralSdf(int latent, int hidden, double[] weights, double[] code, double[] box)
    implements Sdf {
  /** Validates the sizes and copies the arrays. */
  public NeuralSdf {
    if (latent < 0 || hidden < 1) {
      throw new IllegalArgumentException(
          "neural SDF: latent size >= 0 and hidden units >= 1, got " + latent + ", " + hidden);
    }
    if (weights.length != weightCount(latent, hidden)) {
      throw new IllegalArgumentException(
          "neural SDF of "
              + latent
              + " latent and "
              + hidden
              + " hidden units needs "
              + weightCount(latent, hidden)
              + " weights, got "
              + weights.length);
    }
    if (code.length != latent || box.length != 6) {
      throw new IllegalArgumentException(
          "neural SDF: a code of "
              + latent
              + " numbers and a box of 6, got "
              + code.length
              + " and "
              + box.length);
    }
    weights = weights.clone();
    code = code.clone();
    box = box.clone();
  }

  /** The weights (a copy). */
  @Override
  public double[] weights() {
    return weights.clone();
  }

  /** The code z (a copy). */
  @Override
  public double[] code() {
    return code.clone();
  }

  /** The box (a copy). */
  @Override
  public double[] box() {
    return box.clone();
  }

  /** The number of weights of a network with k latent inputs and H units per layer. */
  public static int weightCount(int latent, int hidden) {
    return hidden * (3 + latent) + hidden + hidden * hidden + hidden + hidden + 1;
  }

  /** c: the largest half-extent of the box, the network's unit of length. */
  public double scale() {
    return 0.5 * Math.max(box[3] - box[0], Math.max(box[4] - box[1], box[5] - box[2]));
  }

  private Pass at(double[] x, int xo) {
    Pass p = new Pass(this);
    double c = scale();
    p.input(new double[] {x[xo] / c, x[xo + 1] / c, x[xo + 2] / c}, 0, code);
    return p;
  }

  @Override
  public double value(double[] x, int xo) {
    return scale() * at(x, xo).forward(weights);
  }

  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    Pass p = at(x, xo);
    double f = p.forward(weights);
    p.inputGradient(weights);
    System.arraycopy(p.gu, 0, grad, go, 3);
    return scale() * f;
  }

  /**
   * The network's second-order reverse pass ({@link Pass#backward} with {@code ḡ = v}): the
   * gradient of {@code v·∂f/∂u} in the input, its point part over c, its code part as is.
   */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    Pass p = at(x, xo);
    p.forward(weights);
    p.inputGradient(weights);
    double[] uBar = new double[3 + latent];
    p.backward(
        weights, 0, new double[] {v[vo], v[vo + 1], v[vo + 2]}, new double[weights.length], uBar);
    double c = scale();
    for (int k = 0; k < 3; k++) {
      hv[ho + k] = uBar[k] / c;
    }
    System.arraycopy(uBar, 3, tv, to, latent);
  }

  @Override
  public double[] params() {
    return code.clone();
  }

  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    Pass p = at(x, xo);
    p.forward(weights);
    p.inputGradient(weights);
    double c = scale();
    for (int j = 0; j < latent; j++) {
      out[oo + j] = c * p.gu[3 + j];
    }
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new NeuralSdf(latent, hidden, weights, theta, box);
  }

  @Override
  public double[] bounds() {
    return box.clone();
  }

  /**
   * One evaluation of the network with what its reverse passes need: the input u, the layers'
   * activations h and their slopes s = 1 − h², and the input gradient {@code ∂f/∂u}. {@link
   * #backward} is the reverse pass of {@code f̄·f + ḡ·(∂f/∂x)} into the weights and the input, the
   * second-order pass the Eikonal and normal losses need.
   */
  static final class Pass {
    final int in, h;
    final double[] u, h1, h2, s1, s2, gu;
    private final double[] d1, d2, c1, h1Bar, h2Bar, d1Bar, c1Bar;
    // offsets of W₁, b₁, W₂, b₂, w₃, b₃
    final int ow1, ob1, ow2, ob2, ow3, ob3;

    Pass(NeuralSdf net) {
      this(net.latent, net.hidden);
    }

    Pass(int latent, int hidden) {
      in = 3 + latent;
      h = hidden;
      u = new double[in];
      gu = new double[in];
      h1 = new double[h];
      h2 = new double[h];
      s1 = new double[h];
      s2 = new double[h];
      d1 = new double[h];
      d2 = new double[h];
      c1 = new double[h];
      h1Bar = new double[h];
      h2Bar = new double[h];
      d1Bar = new double[h];
      c1Bar = new double[h];
      ow1 = 0;
      ob1 = h * in;
      ow2 = ob1 + h;
      ob2 = ow2 + h * h;
      ow3 = ob2 + h;
      ob3 = ow3 + h;
    }

    void input(double[] x, int xo, double[] z) {
      u[0] = x[xo];
      u[1] = x[xo + 1];
      u[2] = x[xo + 2];
      System.arraycopy(z, 0, u, 3, in - 3);
    }

    double forward(double[] w) {
      for (int j = 0; j < h; j++) {
        double a = w[ob1 + j];
        for (int i = 0; i < in; i++) {
          a += w[ow1 + in * j + i] * u[i];
        }
        h1[j] = StrictMath.tanh(a);
        s1[j] = 1 - h1[j] * h1[j];
      }
      double f = w[ob3];
      for (int m = 0; m < h; m++) {
        double a = w[ob2 + m];
        for (int j = 0; j < h; j++) {
          a += w[ow2 + h * m + j] * h1[j];
        }
        h2[m] = StrictMath.tanh(a);
        s2[m] = 1 - h2[m] * h2[m];
        f += w[ow3 + m] * h2[m];
      }
      return f;
    }

    /** {@code gu = ∂f/∂u = W₁ᵀ (s₁ ∘ W₂ᵀ (s₂ ∘ w₃))}, after {@link #forward}. */
    void inputGradient(double[] w) {
      for (int m = 0; m < h; m++) {
        d2[m] = s2[m] * w[ow3 + m];
      }
      for (int j = 0; j < h; j++) {
        double c = 0;
        for (int m = 0; m < h; m++) {
          c += w[ow2 + h * m + j] * d2[m];
        }
        c1[j] = c;
        d1[j] = s1[j] * c;
      }
      for (int i = 0; i < in; i++) {
        double g = 0;
        for (int j = 0; j < h; j++) {
          g += w[ow1 + in * j + i] * d1[j];
        }
        gu[i] = g;
      }
    }

    /**
     * Accumulates into {@code wBar} and {@code uBar} the gradient of {@code fBar·f + gBar·∂f/∂x}
     * (gBar 3 numbers, or null), after {@link #forward} and {@link #inputGradient}.
     */
    void backward(double[] w, double fBar, double[] gBar, double[] wBar, double[] uBar) {
      java.util.Arrays.fill(h1Bar, 0);
      java.util.Arrays.fill(h2Bar, 0);
      if (gBar != null) {
        // gu = W₁ᵀ δ₁ (its point part): W̄₁ += δ₁ ḡᵀ, δ̄₁ = W₁ ḡ
        for (int j = 0; j < h; j++) {
          double s = 0;
          for (int i = 0; i < 3; i++) {
            wBar[ow1 + in * j + i] += d1[j] * gBar[i];
            s += w[ow1 + in * j + i] * gBar[i];
          }
          d1Bar[j] = s;
        }
        // δ₁ = s₁ ∘ c₁, c₁ = W₂ᵀ δ₂, δ₂ = s₂ ∘ w₃, s = 1 − h²
        for (int j = 0; j < h; j++) {
          h1Bar[j] += -2 * h1[j] * d1Bar[j] * c1[j];
          c1Bar[j] = d1Bar[j] * s1[j];
        }
        for (int m = 0; m < h; m++) {
          double d2Bar = 0;
          for (int j = 0; j < h; j++) {
            wBar[ow2 + h * m + j] += d2[m] * c1Bar[j];
            d2Bar += w[ow2 + h * m + j] * c1Bar[j];
          }
          h2Bar[m] += -2 * h2[m] * d2Bar * w[ow3 + m];
          wBar[ow3 + m] += d2Bar * s2[m];
        }
      }
      // f = w₃·h₂ + b₃
      wBar[ob3] += fBar;
      for (int m = 0; m < h; m++) {
        wBar[ow3 + m] += fBar * h2[m];
        h2Bar[m] += fBar * w[ow3 + m];
      }
      // h₂ = tanh(W₂ h₁ + b₂)
      for (int m = 0; m < h; m++) {
        double a = h2Bar[m] * s2[m];
        wBar[ob2 + m] += a;
        for (int j = 0; j < h; j++) {
          wBar[ow2 + h * m + j] += a * h1[j];
          h1Bar[j] += w[ow2 + h * m + j] * a;
        }
      }
      // h₁ = tanh(W₁ u + b₁)
      for (int j = 0; j < h; j++) {
        double a = h1Bar[j] * s1[j];
        wBar[ob1 + j] += a;
        for (int i = 0; i < in; i++) {
          wBar[ow1 + in * j + i] += a * u[i];
          if (uBar != null) {
            uBar[i] += w[ow1 + in * j + i] * a;
          }
        }
      }
    }
  }
}
