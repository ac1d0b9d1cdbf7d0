package org.diffart.sim.nn;

/**
 * The shape and training constants of a {@link ProbabilisticEnsemble}.
 *
 * @param members E, the networks in the ensemble
 * @param elites the members used for prediction (≤ E)
 * @param hidden the hidden layers' widths
 * @param weightDecays λ_l per dense layer (hidden.length + 1 of them)
 * @param learningRate Adam's step size
 * @param batchSize rows per minibatch per member
 * @param holdoutRatio the fraction of rows held out for validation
 * @param maxHoldout the most rows held out
 * @param patience epochs without an improving snapshot before training stops
 * @param maxEpochs a cap on the epochs of one {@link ProbabilisticEnsemble#train} call, 0 for none
 *     (the paper's)
 */
public record EnsembleConfig(
    int members,
    int elites,
    int[] hidden,
    double[] weightDecays,
    double learningRate,
    int batchSize,
    double holdoutRatio,
    int maxHoldout,
    int patience,
    int maxEpochs) {
  /** Checks the sizes. */
  public EnsembleConfig {
    if (members < 1 || elites < 1 || elites > members) {
      throw new IllegalArgumentException(
          "need 1 ≤ elites ≤ members, got elites=" + elites + ", members=" + members);
    }
    if (weightDecays.length != hidden.length + 1) {
      throw new IllegalArgumentException(
          "weightDecays needs one per dense layer ("
              + (hidden.length + 1)
              + "), got "
              + weightDecays.length);
    }
    if (batchSize < 1 || patience < 0 || maxEpochs < 0 || maxHoldout < 1) {
      throw new IllegalArgumentException("batchSize, maxHoldout ≥ 1, patience, maxEpochs ≥ 0");
    }
    if (!(holdoutRatio > 0 && holdoutRatio < 1)) {
      throw new IllegalArgumentException("holdoutRatio must lie in (0, 1), got " + holdoutRatio);
    }
    hidden = hidden.clone();
    weightDecays = weightDecays.clone();
  }

  /** The paper's: 7 members, 5 elites, 4×200 swish, its decays, Adam 1e-3, batch 256. */
  public static EnsembleConfig paper() {
    return new EnsembleConfig(
        7,
        5,
        new int[] {200, 200, 200, 200},
        new double[] {2.5e-5, 5e-5, 7.5e-5, 7.5e-5, 1e-4},
        1e-3,
        256,
        0.2,
        5000,
        5,
        0);
  }

  /**
   * The same training constants with other sizes and an epoch cap; the decays λ_l are kept per
   * layer from the first (the output layer's from the last).
   */
  public EnsembleConfig resized(int members, int elites, int[] hidden, int maxEpochs) {
    double[] decays = new double[hidden.length + 1];
    for (int l = 0; l < decays.length; l++) {
      decays[l] =
          l == hidden.length
              ? weightDecays[weightDecays.length - 1]
              : weightDecays[Math.min(l, weightDecays.length - 2)];
    }
    return new EnsembleConfig(
        members,
        elites,
        hidden,
        decays,
        learningRate,
        batchSize,
        holdoutRatio,
        maxHoldout,
        patience,
        maxEpochs);
  }
}
