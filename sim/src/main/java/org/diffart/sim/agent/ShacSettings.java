package org.diffart.sim.agent;

import java.util.Arrays;

/**
 * What fixes a SHAC run besides its environment and seed (Xu et al. 2022; the names of its configs
 * in parentheses). Networks use tanh hidden layers: SHAC's ELU and the actor's LayerNorm are not
 * among {@code sim.nn}'s layers.
 *
 * @param actorHidden the hidden widths of the policy's mean network ({@code actor_mlp.units})
 * @param criticHidden the hidden widths of the value network ({@code critic_mlp.units})
 * @param actorLearningRate Adam's initial step for the policy ({@code actor_learning_rate})
 * @param criticLearningRate Adam's initial step for the critic ({@code critic_learning_rate})
 * @param beta1 Adam's first-moment decay ({@code betas[0]})
 * @param beta2 Adam's second-moment decay ({@code betas[1]})
 * @param windows the windows over which both learning rates fall linearly to 1e-5 ({@code
 *     max_epochs}, {@code lr_schedule: linear}); later windows keep 1e-5
 * @param horizon env steps per window h ({@code steps_num})
 * @param discount γ ({@code gamma})
 * @param lambda TD(λ)'s λ for the critic's targets ({@code lambda})
 * @param criticIterations passes over a window's states per critic update ({@code
 *     critic_iterations})
 * @param criticBatches mini-batches per pass ({@code num_batch})
 * @param targetAlpha the target critic's keep factor per window: {@code target ← α·target + (1 −
 *     α)·critic} ({@code target_critic_alpha})
 * @param gradNorm the largest gradient norm of an update, both networks ({@code grad_norm})
 * @param normalizeObservations whether observations are normalised by running statistics ({@code
 *     obs_rms})
 * @param logStdInit the policy's initial state-independent log standard deviation ({@code
 *     actor_logstd_init})
 * @param checkpointInterval the adjoint's checkpoint interval in model steps over a window
 * @param truncationTerminal whether an episode's time limit ends it for good (no bootstrap from the
 *     critic there): the paper's pendulum, whose last step carries a penalty of its own; SHAC
 *     bootstraps at time limits, as for the ant
 */
public record ShacSettings(
    int[] actorHidden,
    int[] criticHidden,
    double actorLearningRate,
    double criticLearningRate,
    double beta1,
    double beta2,
    int windows,
    int horizon,
    double discount,
    double lambda,
    int criticIterations,
    int criticBatches,
    double targetAlpha,
    double gradNorm,
    boolean normalizeObservations,
    double logStdInit,
    int checkpointInterval,
    boolean truncationTerminal) {
  /** Checks the values. */
  public ShacSettings {
    actorHidden = actorHidden.clone();
    criticHidden = criticHidden.clone();
    for (int h : actorHidden) {
      require(h > 0, "actorHidden widths must be positive, got " + Arrays.toString(actorHidden));
    }
    for (int h : criticHidden) {
      require(h > 0, "criticHidden widths must be positive, got " + Arrays.toString(criticHidden));
    }
    require(actorLearningRate > 0, "actorLearningRate must be positive, got " + actorLearningRate);
    require(
        criticLearningRate > 0, "criticLearningRate must be positive, got " + criticLearningRate);
    require(beta1 >= 0 && beta1 < 1, "beta1 must lie in [0, 1), got " + beta1);
    require(beta2 >= 0 && beta2 < 1, "beta2 must lie in [0, 1), got " + beta2);
    require(windows > 0, "windows must be positive, got " + windows);
    require(horizon > 0, "horizon must be positive, got " + horizon);
    require(discount >= 0 && discount <= 1, "discount must lie in [0, 1], got " + discount);
    require(lambda >= 0 && lambda < 1, "lambda must lie in [0, 1), got " + lambda);
    require(criticIterations >= 0, "criticIterations must be non-negative");
    require(criticBatches > 0, "criticBatches must be positive, got " + criticBatches);
    require(targetAlpha >= 0 && targetAlpha < 1, "targetAlpha must lie in [0, 1)");
    require(gradNorm > 0, "gradNorm must be positive, got " + gradNorm);
    require(checkpointInterval > 0, "checkpointInterval must be positive");
  }

  @Override
  public int[] actorHidden() {
    return actorHidden.clone();
  }

  @Override
  public int[] criticHidden() {
    return criticHidden.clone();
  }

  /**
   * SHAC's ant config ({@code cfg/shac/ant.yaml}): actor 128×64×32, critic 64×64, both learning
   * rates 2e-3 falling linearly over 2000 windows of 32 steps, γ = 0.99, λ = 0.95, 16 critic passes
   * of 4 mini-batches, target α = 0.2, gradient norm 1, betas (0.7, 0.95), observation
   * normalisation, initial log σ = −1 (SHAC runs 64 worlds); the time limit bootstraps.
   */
  public static ShacSettings antDefaults() {
    return new ShacSettings(
        new int[] {128, 64, 32},
        new int[] {64, 64},
        2e-3,
        2e-3,
        0.7,
        0.95,
        2000,
        32,
        0.99,
        0.95,
        16,
        4,
        0.2,
        1.0,
        true,
        -1.0,
        1,
        false);
  }

  /**
   * For the n-link pendulum, after SHAC's smallest task's config ({@code
   * cfg/shac/cartpole_swing_up.yaml}, a swing-up of a cart pole): actor and critic 64×64, critic
   * step 1e-3, both falling linearly over 500 windows; the time limit is terminal (the pendulum's
   * last step carries its own penalty); the rest as {@link #antDefaults}. Two changes, from our
   * runs: the actor's step is the ant's 2e-3 (the cart pole's 1e-2 reached a return of 4.2 of at
   * most 4.5 on the 3-link pendulum within 12,800 steps, then fell back below −2 for the rest of
   * the run), and the window is the whole episode, h = 100, so the critic never closes a window
   * (episodes start together and never terminate). The return depends on the final state alone
   * ({@code dist_0 − 2·dist_T}): with SHAC's h = 32 and the critic closing each window, the 1-link
   * pendulum's evaluation return swung between −1.5 and 0.5 over 40 windows of 16 worlds instead of
   * settling at 0.5, which windows of the whole episode reach within a few windows.
   */
  public static ShacSettings pendulumDefaults() {
    return new ShacSettings(
        new int[] {64, 64},
        new int[] {64, 64},
        2e-3,
        1e-3,
        0.7,
        0.95,
        500,
        100,
        0.99,
        0.95,
        16,
        4,
        0.2,
        1.0,
        true,
        -1.0,
        1,
        true);
  }

  /**
   * A smaller preset for runs on two cores: 32×32 networks, 4 critic passes, the schedule over
   * {@code windows} windows; otherwise {@code base}.
   */
  public static ShacSettings small(ShacSettings base, int windows) {
    return new ShacSettings(
        new int[] {32, 32},
        new int[] {32, 32},
        base.actorLearningRate,
        base.criticLearningRate,
        base.beta1,
        base.beta2,
        windows,
        base.horizon,
        base.discount,
        base.lambda,
        4,
        base.criticBatches,
        base.targetAlpha,
        base.gradNorm,
        base.normalizeObservations,
        base.logStdInit,
        base.checkpointInterval,
        base.truncationTerminal);
  }

  /**
   * The settings {@link Agents#create} gives SHAC for a SAC-family configuration of a task: the
   * ant's defaults for an environment named {@code ant}, the pendulum's otherwise; the small preset
   * when the SAC networks are at most 64 wide; the schedule over the run's windows ({@code
   * totalSteps / (worlds·h)}, at least one); the time limit terminal as {@code s} says.
   */
  public static ShacSettings forRun(AgentSettings s, String envName, int worlds) {
    ShacSettings base = envName.startsWith("ant") ? antDefaults() : pendulumDefaults();
    long perWindow = (long) worlds * base.horizon;
    int windows = (int) Math.max(1, Math.min(Integer.MAX_VALUE, s.totalSteps() / perWindow));
    boolean small = Arrays.stream(s.hidden()).allMatch(h -> h <= 64);
    base = base.withTruncationTerminal(s.truncationTerminal());
    return small ? small(base, windows) : base.withWindows(windows);
  }

  /** A copy with the learning-rate schedule over {@code n} windows. */
  public ShacSettings withWindows(int n) {
    return with(n, horizon, truncationTerminal);
  }

  /** A copy with {@code truncationTerminal} replaced. */
  public ShacSettings withTruncationTerminal(boolean terminal) {
    return with(windows, horizon, terminal);
  }

  /** A copy with another horizon h. */
  public ShacSettings withHorizon(int h) {
    return with(windows, h, truncationTerminal);
  }

  private ShacSettings with(int n, int h, boolean terminal) {
    return new ShacSettings(
        actorHidden,
        criticHidden,
        actorLearningRate,
        criticLearningRate,
        beta1,
        beta2,
        n,
        h,
        discount,
        lambda,
        criticIterations,
        criticBatches,
        targetAlpha,
        gradNorm,
        normalizeObservations,
        logStdInit,
        checkpointInterval,
        terminal);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShacSettings s && toString().equals(s.toString());
  }

  @Override
  public int hashCode() {
    return toString().hashCode();
  }

  @Override
  public String toString() {
    return "ShacSettings[actor="
        + Arrays.toString(actorHidden)
        + ", critic="
        + Arrays.toString(criticHidden)
        + ", lr="
        + actorLearningRate
        + "/"
        + criticLearningRate
        + ", betas="
        + beta1
        + "/"
        + beta2
        + ", windows="
        + windows
        + ", h="
        + horizon
        + ", gamma="
        + discount
        + ", lambda="
        + lambda
        + ", critic="
        + criticIterations
        + "x"
        + criticBatches
        + ", alpha="
        + targetAlpha
        + ", gradNorm="
        + gradNorm
        + ", obsNorm="
        + normalizeObservations
        + ", logStd0="
        + logStdInit
        + ", checkpoint="
        + checkpointInterval
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
