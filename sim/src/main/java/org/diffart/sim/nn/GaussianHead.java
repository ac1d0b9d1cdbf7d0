package org.diffart.sim.nn;

/**
 * The output head of a probabilistic network as MBPO's ensemble has it: a network's 2K outputs are
 * K means and K raw log-variances, the raw ones pulled inside learned soft bounds, and the loss is
 * the Gaussian negative log-likelihood with that learned variance. Stateless; every method works on
 * rows of one batch.
 *
 * <p>Soft bounds (per output k, with softplus {@code sp(x) = log(1 + eˣ)}):
 *
 * <pre>
 *   v₁ = max_k − sp(max_k − raw)      (below max_k, smoothly)
 *   ℓ  = min_k + sp(v₁ − min_k)       (above min_k, smoothly)
 * </pre>
 *
 * with derivatives {@code ∂v₁/∂raw = σ(max_k − raw)}, {@code ∂v₁/∂max_k = 1 − σ(max_k − raw)},
 * {@code ∂ℓ/∂v₁ = σ(v₁ − min_k)}, {@code ∂ℓ/∂min_k = 1 − σ(v₁ − min_k)} (σ the logistic function).
 *
 * <p>Loss of one member on n rows of targets y (the NLL less its constant and factor ½):
 *
 * <pre>
 *   L = (1/nK) Σ_b Σ_k [ (μ_bk − y_bk)² e^{−ℓ_bk} + ℓ_bk ]
 *   ∂L/∂μ_bk = 2 (μ_bk − y_bk) e^{−ℓ_bk} / nK
 *   ∂L/∂ℓ_bk = (1 − (μ_bk − y_bk)² e^{−ℓ_bk}) / nK
 * </pre>
 */
public final class GaussianHead {
  private GaussianHead() {}

  /** {@code log(1 + eˣ)} without overflow. */
  static double softplus(double x) {
    return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
  }

  /** The logistic function {@code 1/(1 + e^{−x})}. */
  static double sigmoid(double x) {
    if (x >= 0) {
      return 1.0 / (1.0 + Math.exp(-x));
    }
    double e = Math.exp(x);
    return e / (1.0 + e);
  }

  /**
   * The bounded log-variance of one raw output.
   *
   * @param raw the network's raw log-variance output
   * @param max the learned soft upper bound
   * @param min the learned soft lower bound
   */
  public static double logVariance(double raw, double max, double min) {
    double v1 = max - softplus(max - raw);
    return min + softplus(v1 - min);
  }

  /**
   * Splits n rows of a network's outputs ({@code out}, n×2K: K means then K raw log-variances) into
   * means ({@code mean}, n×K) and bounded log-variances ({@code logVar}, n×K).
   *
   * @param bounds the soft bounds, 2K: K upper then K lower
   */
  public static void split(
      double[] out, int n, int k, double[] bounds, double[] mean, double[] logVar) {
    for (int b = 0; b < n; b++) {
      for (int i = 0; i < k; i++) {
        mean[b * k + i] = out[b * 2 * k + i];
        logVar[b * k + i] = logVariance(out[b * 2 * k + k + i], bounds[i], bounds[k + i]);
      }
    }
  }

  /**
   * The loss L of one member on n rows and, when {@code outBar} is not null, its gradients: with
   * respect to the network's outputs written into {@code outBar} (n×2K) and with respect to the
   * bounds added into {@code boundsBar} (2K).
   *
   * @param out the member's outputs on the rows (n×2K)
   * @param y the targets (n×K)
   * @param bounds the soft bounds, 2K: K upper then K lower
   */
  public static double loss(
      double[] out,
      double[] y,
      int n,
      int k,
      double[] bounds,
      double[] outBar,
      double[] boundsBar) {
    double scale = 1.0 / ((double) n * k);
    double sum = 0;
    for (int b = 0; b < n; b++) {
      for (int i = 0; i < k; i++) {
        double max = bounds[i];
        double min = bounds[k + i];
        double raw = out[b * 2 * k + k + i];
        double v1 = max - softplus(max - raw);
        double lv = min + softplus(v1 - min);
        double d = out[b * 2 * k + i] - y[b * k + i];
        double w = d * d * Math.exp(-lv);
        sum += w + lv;
        if (outBar != null) {
          double lvBar = (1.0 - w) * scale;
          double sMin = sigmoid(v1 - min);
          double sMax = sigmoid(max - raw);
          double v1Bar = lvBar * sMin;
          outBar[b * 2 * k + i] = 2.0 * d * Math.exp(-lv) * scale;
          outBar[b * 2 * k + k + i] = v1Bar * sMax;
          boundsBar[i] += v1Bar * (1.0 - sMax);
          boundsBar[k + i] += lvBar * (1.0 - sMin);
        }
      }
    }
    return sum * scale;
  }

  /** The mean squared error of n rows of means against targets, over rows and outputs. */
  public static double meanSquaredError(double[] out, double[] y, int n, int k) {
    double sum = 0;
    for (int b = 0; b < n; b++) {
      for (int i = 0; i < k; i++) {
        double d = out[b * 2 * k + i] - y[b * k + i];
        sum += d * d;
      }
    }
    return sum / ((double) n * k);
  }
}
