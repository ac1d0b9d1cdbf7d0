package org.diffart.sim.agent;

import org.diffart.sim.nn.EnsembleConfig;

/**
 * What fixes an MBPO run besides its environment and seed: SAC's settings, the dynamics ensemble's,
 * and MBPO's own (the MBPO code's names in parentheses).
 *
 * @param sac the SAC learner's settings, epochs and exploration
 * @param model the probabilistic ensemble ({@code num_networks}, {@code num_elites}, {@code
 *     hidden_dim})
 * @param realRatio the share of real transitions in each SAC batch ({@code real_ratio}); the rest
 *     come from model rollouts
 * @param rolloutSchedule {@code (min epoch, max epoch, min length, max length)}: the model
 *     rollouts' length grows linearly from min to max length between the two epochs ({@code
 *     rollout_schedule})
 * @param modelTrainFreq environment steps between model trainings, counted within an epoch ({@code
 *     model_train_freq})
 * @param modelRetainEpochs epochs of model rollouts the model pool keeps ({@code
 *     model_retain_epochs})
 * @param rolloutBatchSize real start states per model rollout batch ({@code rollout_batch_size})
 * @param termination the task's termination on a predicted observation ({@code termination_fn})
 */
public record MbpoSettings(
    AgentSettings sac,
    EnsembleConfig model,
    double realRatio,
    int[] rolloutSchedule,
    int modelTrainFreq,
    int modelRetainEpochs,
    int rolloutBatchSize,
    TerminationFn termination) {
  /** Checks the values. */
  public MbpoSettings {
    if (!(realRatio >= 0 && realRatio <= 1)) {
      throw new IllegalArgumentException("realRatio must lie in [0, 1], got " + realRatio);
    }
    if (rolloutSchedule.length != 4
        || rolloutSchedule[2] < 1
        || rolloutSchedule[3] < rolloutSchedule[2]
        || rolloutSchedule[1] <= rolloutSchedule[0]) {
      throw new IllegalArgumentException(
          "rolloutSchedule must be (min epoch < max epoch, 1 ≤ min length ≤ max length), got "
              + java.util.Arrays.toString(rolloutSchedule));
    }
    if (modelTrainFreq < 1 || modelRetainEpochs < 1 || rolloutBatchSize < 1) {
      throw new IllegalArgumentException(
          "modelTrainFreq, modelRetainEpochs and rolloutBatchSize must be positive");
    }
    rolloutSchedule = rolloutSchedule.clone();
  }

  @Override
  public int[] rolloutSchedule() {
    return rolloutSchedule.clone();
  }

  /**
   * The model rollouts' length at {@code epoch} (counted from the end of the initial exploration),
   * as MBPO's {@code _set_rollout_length}: the min length up to the min epoch, then linear to the
   * max length at the max epoch, truncated to an integer.
   */
  public int rolloutLength(long epoch) {
    int minEpoch = rolloutSchedule[0];
    if (epoch <= minEpoch) {
      return rolloutSchedule[2];
    }
    double dx = Math.min(1.0, (double) (epoch - minEpoch) / (rolloutSchedule[1] - minEpoch));
    return (int) (dx * (rolloutSchedule[3] - rolloutSchedule[2]) + rolloutSchedule[2]);
  }

  /**
   * The model pool's capacity for rollouts of {@code length}, as MBPO's {@code
   * _reallocate_model_pool}: {@code retain × ⌊length × rolloutBatchSize × epochLength / freq⌋}.
   */
  public int modelPoolCapacity(int length) {
    double perEpoch = (double) rolloutBatchSize * sac.epochLength() / modelTrainFreq;
    long capacity = modelRetainEpochs * (long) (length * perEpoch);
    if (capacity > Integer.MAX_VALUE / 64) {
      throw new IllegalArgumentException(
          "a model pool of " + capacity + " transitions is too large");
    }
    return (int) Math.max(1, capacity);
  }

  /**
   * The paper's n-link pendulum ({@code pendulumours/8_n.py}): SAC's {@link
   * AgentSettings#pendulumPaper}, 7 models / 5 elites, real ratio 0.05, rollouts [1, 15, 1, 10],
   * model trained every 250 steps (with 100-step epochs: at each epoch's start), one epoch
   * retained, 100 000 rollouts; a rollout ends when the observation's last coordinate (the step
   * count / 100) passes 1, as the paper's {@code static/pendulumours.py}.
   *
   * @param observationSize the pendulum's observation length, {@code 1 + n + 3(n + 1)}
   */
  public static MbpoSettings pendulumPaper(int links, int observationSize) {
    return new MbpoSettings(
        AgentSettings.pendulumPaper(links),
        EnsembleConfig.paper(),
        0.05,
        new int[] {1, 15, 1, 10},
        250,
        1,
        100_000,
        TerminationFn.outside(observationSize - 1, Double.NEGATIVE_INFINITY, 1.0));
  }

  /**
   * The paper's ant ({@code antours/final_3.py}): SAC's {@link AgentSettings#antPaper} (its nine
   * synthetic samples per real one are on: {@link #withExtraSamples} 0 for plain MBPO), 7 models /
   * 5 elites, real ratio 0.05, rollouts [20, 100, 1, 25], model trained every 250 steps, one epoch
   * retained, 100 000 rollouts; a rollout ends when the torso height (observation coordinate 4)
   * leaves [0.2, 1.0], as the paper's {@code static/antours.py}.
   */
  public static MbpoSettings antPaper() {
    return new MbpoSettings(
        AgentSettings.antPaper(),
        EnsembleConfig.paper(),
        0.05,
        new int[] {20, 100, 1, 25},
        250,
        1,
        100_000,
        TerminationFn.outside(4, 0.2, 1.0));
  }

  /**
   * The same MBPO constants on other SAC settings, a smaller ensemble and fewer rollouts: for runs
   * on two cores.
   */
  public MbpoSettings scaled(AgentSettings sac, EnsembleConfig model, int rollouts) {
    return new MbpoSettings(
        sac,
        model,
        realRatio,
        rolloutSchedule,
        modelTrainFreq,
        modelRetainEpochs,
        rollouts,
        termination);
  }

  /** The same settings with SAC's {@code extraSamples} replaced (0: no sample enhancement). */
  public MbpoSettings withExtraSamples(int extraSamples) {
    return new MbpoSettings(
        sac.withExtraSamples(extraSamples),
        model,
        realRatio,
        rolloutSchedule,
        modelTrainFreq,
        modelRetainEpochs,
        rolloutBatchSize,
        termination);
  }
}
