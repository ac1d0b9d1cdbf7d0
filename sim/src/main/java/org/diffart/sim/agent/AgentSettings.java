package org.diffart.sim.agent;

import java.util.Arrays;

/**
 * What fixes a SAC-family run besides its environment and seed (softlearning's names in parentheses
 * where the paper's configs set them).
 *
 * @param hidden the hidden widths of the policy and of each critic (ReLU)
 * @param learningRate Adam's step for the policy, the critics and the temperature ({@code lr})
 * @param batchSize transitions per update
 * @param discount γ ({@code discount})
 * @param tau the target critics' Polyak step per update ({@code tau})
 * @param targetEntropy the entropy the temperature is tuned towards ({@code target_entropy}); NaN
 *     for softlearning's {@code 'auto'}, minus the action length
 * @param trainRepeat gradient updates per environment step, counted over worlds ({@code
 *     n_train_repeat})
 * @param initialExploration environment steps of uniform random actions before the policy acts and
 *     updates start ({@code n_initial_exploration_steps})
 * @param replayCapacity transitions the replay buffer keeps, synthetic ones included
 * @param epochs the paper's epochs ({@code n_epochs}); with {@code epochLength} the run's length
 * @param epochLength environment steps per epoch ({@code epoch_length})
 * @param extraSamples synthetic transitions per real one for sample enhancement ({@code num_ext})
 * @param maxDelta the half-width of sample enhancement's action perturbation ({@code maxdelta})
 * @param jacobianClip sample enhancement's clip of its Jacobian rows (the ant env's {@code clip})
 * @param truncationTerminal whether a transition that reaches the time limit is stored as terminal
 *     (no bootstrap): the paper's pendulum reports its 100th step as done, so its code stores it
 *     so; the ant's time limit is the sampler's and is not stored as terminal
 */
public record AgentSettings(
    int[] hidden,
    double learningRate,
    int batchSize,
    double discount,
    double tau,
    double targetEntropy,
    int trainRepeat,
    int initialExploration,
    int replayCapacity,
    int epochs,
    int epochLength,
    int extraSamples,
    double maxDelta,
    double jacobianClip,
    boolean truncationTerminal) {
  /** Checks the values. */
  public AgentSettings {
    hidden = hidden.clone();
    for (int h : hidden) {
      require(h > 0, "hidden widths must be positive, got " + Arrays.toString(hidden));
    }
    require(learningRate > 0, "learningRate must be positive, got " + learningRate);
    require(batchSize > 0, "batchSize must be positive, got " + batchSize);
    require(discount >= 0 && discount <= 1, "discount must lie in [0, 1], got " + discount);
    require(tau > 0 && tau <= 1, "tau must lie in (0, 1], got " + tau);
    require(trainRepeat >= 0, "trainRepeat must be non-negative, got " + trainRepeat);
    require(initialExploration >= 0, "initialExploration must be non-negative");
    require(replayCapacity > 0, "replayCapacity must be positive, got " + replayCapacity);
    require(epochs > 0 && epochLength > 0, "epochs and epochLength must be positive");
    require(extraSamples >= 0, "extraSamples must be non-negative, got " + extraSamples);
    require(maxDelta >= 0, "maxDelta must be non-negative, got " + maxDelta);
    require(jacobianClip > 0, "jacobianClip must be positive, got " + jacobianClip);
  }

  @Override
  public int[] hidden() {
    return hidden.clone();
  }

  /** The run's length in environment steps, {@code epochs × epochLength}. */
  public long totalSteps() {
    return (long) epochs * epochLength;
  }

  /** The target entropy for actions of length {@code actionSize}, resolving {@code 'auto'}. */
  public double targetEntropyFor(int actionSize) {
    return Double.isNaN(targetEntropy) ? -actionSize : targetEntropy;
  }

  /**
   * The paper's n-link pendulum config ({@code examples/config/pendulumours/8_n.py}): 100·n epochs
   * of 100 steps, 5 updates per step, γ = 1, τ = 5e-3, target entropy −1e-2, 500 exploration steps;
   * softlearning's defaults for the rest (256×256, lr 3e-4, batch 256, a pool of 1e6). The model
   * settings of that config (7 nets, 5 elites, real ratio 0.05, rollouts [1, 15, 1, 10]) are
   * MBPO's.
   */
  public static AgentSettings pendulumPaper(int links) {
    require(links >= 1, "links must be at least 1, got " + links);
    return new AgentSettings(
        new int[] {256, 256},
        3e-4,
        256,
        1.0,
        5e-3,
        -1e-2,
        5,
        500,
        1_000_000,
        100 * links,
        100,
        0,
        1e-2,
        10,
        true);
  }

  /**
   * The paper's ant config ({@code examples/config/antours/final_3.py}): 100 epochs of 1000 steps,
   * 20 updates per step, γ = 0.99, target entropy −4, 5000 exploration steps, nine synthetic
   * samples per real one within ±0.01, Jacobian rows clipped to ±10; softlearning's defaults for
   * the rest. The model settings (rollouts [20, 100, 1, 25]) are MBPO's.
   */
  public static AgentSettings antPaper() {
    return new AgentSettings(
        new int[] {256, 256},
        3e-4,
        256,
        0.99,
        5e-3,
        -4,
        20,
        5000,
        1_000_000,
        100,
        1000,
        9,
        1e-2,
        10,
        false);
  }

  /**
   * A smaller pendulum preset for runs on two cores: 64×64 networks, batch 128, one update per
   * step, 200 exploration steps, {@code epochs} epochs of 100 steps; the paper's γ, τ and target
   * entropy, and a learning rate of 1e-3 for the fewer updates.
   */
  public static AgentSettings pendulumSmall(int epochs) {
    return new AgentSettings(
        new int[] {64, 64},
        1e-3,
        128,
        1.0,
        5e-3,
        -1e-2,
        1,
        200,
        200_000,
        epochs,
        100,
        0,
        1e-2,
        10,
        true);
  }

  /**
   * A smaller ant preset for runs on two cores: 64×64 networks, batch 128, two updates per step,
   * 1000 exploration steps, {@code epochs} epochs of 1000 steps, learning rate 1e-3; the paper's γ,
   * target entropy and sample enhancement.
   */
  public static AgentSettings antSmall(int epochs) {
    return new AgentSettings(
        new int[] {64, 64},
        1e-3,
        128,
        0.99,
        5e-3,
        -4,
        2,
        1000,
        500_000,
        epochs,
        1000,
        9,
        1e-2,
        10,
        false);
  }

  /** A copy with {@code hidden}, {@code batchSize} and {@code trainRepeat} replaced. */
  public AgentSettings withSizes(int[] hidden, int batchSize, int trainRepeat) {
    return copy(hidden, batchSize, trainRepeat, initialExploration, extraSamples);
  }

  /** The same settings with {@code steps} environment steps of uniform exploration first. */
  public AgentSettings withInitialExploration(int steps) {
    return copy(hidden, batchSize, trainRepeat, steps, extraSamples);
  }

  /** The same settings with {@code extraSamples} synthetic transitions per real one (0: none). */
  public AgentSettings withExtraSamples(int extraSamples) {
    return copy(hidden, batchSize, trainRepeat, initialExploration, extraSamples);
  }

  private AgentSettings copy(
      int[] hidden, int batchSize, int trainRepeat, int initialExploration, int extraSamples) {
    return new AgentSettings(
        hidden,
        learningRate,
        batchSize,
        discount,
        tau,
        targetEntropy,
        trainRepeat,
        initialExploration,
        replayCapacity,
        epochs,
        epochLength,
        extraSamples,
        maxDelta,
        jacobianClip,
        truncationTerminal);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AgentSettings s
        && Arrays.equals(hidden, s.hidden)
        && toString().equals(s.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }

  @Override
  public String toString() {
    return "AgentSettings[hidden="
        + Arrays.toString(hidden)
        + ", lr="
        + learningRate
        + ", batch="
        + batchSize
        + ", discount="
        + discount
        + ", tau="
        + tau
        + ", targetEntropy="
        + targetEntropy
        + ", trainRepeat="
        + trainRepeat
        + ", initialExploration="
        + initialExploration
        + ", replayCapacity="
        + replayCapacity
        + ", epochs="
        + epochs
        + ", epochLength="
        + epochLength
        + ", extraSamples="
        + extraSamples
        + ", maxDelta="
        + maxDelta
        + ", jacobianClip="
        + jacobianClip
        + ", truncationTerminal="
        + truncationTerminal
        + "]";
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
