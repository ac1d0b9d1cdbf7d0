package org.diffart.sim.rl;

/**
 * W worlds of one episodic control task, with the conventions RL users know from Gymnasium's vector
 * environments: {@code reset} gives an observation, {@code step} an observation, a reward and
 * whether the episode terminated (the task failed or succeeded) or was truncated (its time limit).
 * Actions lie in {@code [−1, 1]} per coordinate; the environment scales them to controls. Worlds
 * are not reset automatically: after a step that ends a world's episode its observation is the
 * final one (what a critic bootstraps from) and the caller resets that world.
 *
 * <p>Beyond Gymnasium, the last step's exact first-order information: {@link #actionJacobians}
 * gives {@code ∂s'/∂a} and {@code ∂r/∂a} per world from the simulator's derivatives, not from
 * finite differences, and {@link #actionVjp} a combination of their rows (cheaper where only a few
 * rows are needed).
 *
 * <p>Arrays are world-major: world w's observation is {@code obs[w*observationSize() + i]}, its
 * action {@code actions[w*actionSize() + j]}.
 *
 * <p>Implementations: a {@link Task}'s worlds on the CPU ({@link TaskEnv}; {@link Pendulum#create},
 * {@link Ant#create}) or on any backend ({@code org.diffart.backends.rl.BackendEnv}); both are
 * {@link AbstractTaskEnv}s, whose {@link AbstractTaskEnv#actionVjp} is one adjoint rollout per
 * world instead of the whole Jacobians.
 */
public interface VectorEnv extends AutoCloseable {
  /** A short name for tables, e.g. {@code pendulum-3}. */
  String name();

  /** W. */
  int worlds();

  /** The length of an observation. */
  int observationSize();

  /** The length of an action. */
  int actionSize();

  /** The steps after which an episode is truncated. */
  int maxEpisodeSteps();

  /**
   * Starts a new episode in world w, its initial state drawn from a generator seeded by {@code
   * seed} alone (so that a seed fixes the episode whichever world runs it), and writes its
   * observation into {@code obs} at {@code w*observationSize()}.
   */
  void reset(int world, long seed, double[] obs);

  /**
   * Advances every world by one environment step with {@code actions} (W×actionSize, each in [−1,
   * 1]; values outside are clipped) and writes the outcome into {@code out}.
   *
   * @throws org.diffart.sim.data.SimulationException naming the world when its state becomes
   *     non-finite, where the environment cannot continue it (the CPU {@link TaskEnv} ends that
   *     world's episode instead: terminated, reward 0, see {@link AbstractTaskEnv})
   */
  void step(double[] actions, StepResult out);

  /**
   * The exact derivatives of the last step of every world with respect to its action: {@code
   * dObsDa[w*obs*act + i*act + j] = ∂s'_i/∂a_j} and {@code dRewardDa[w*act + j] = ∂r/∂a_j}, from
   * the step's transition ({@code B}, {@code D}) or reverse sweeps.
   *
   * @throws IllegalStateException before the first step
   */
  void actionJacobians(double[] dObsDa, double[] dRewardDa);

  /**
   * For every world w of the last step, {@code actionBar[w] = obsBar[w]ᵀ ∂s'/∂a + rewardBar[w] ·
   * ∂r/∂a}: e.g. a unit {@code obsBar[w]} and a zero {@code rewardBar} give one row of {@code
   * ∂s'/∂a}. This default computes {@link #actionJacobians} and contracts them; environments with
   * an adjoint (reverse) sweep override it with something cheaper.
   *
   * @param obsBar W×observationSize
   * @param rewardBar W
   * @param actionBar W×actionSize, overwritten
   * @throws IllegalStateException before the first step
   */
  default void actionVjp(double[] obsBar, double[] rewardBar, double[] actionBar) {
    int w = worlds();
    int obs = observationSize();
    int act = actionSize();
    double[] dObsDa = new double[w * obs * act];
    double[] dRewardDa = new double[w * act];
    actionJacobians(dObsDa, dRewardDa);
    for (int k = 0; k < w; k++) {
      for (int j = 0; j < act; j++) {
        double s = rewardBar[k] * dRewardDa[k * act + j];
        for (int i = 0; i < obs; i++) {
          s += obsBar[k * obs + i] * dObsDa[(k * obs + i) * act + j];
        }
        actionBar[k * act + j] = s;
      }
    }
  }

  /**
   * Everything that fixes how the worlds continue: each world's physical state, its episode's step
   * count and whatever its reset drew. {@link #restoreState} of it continues bit for bit, which is
   * how a long training run resumes from its last evaluation.
   */
  double[] saveState();

  /**
   * Continues from a {@link #saveState} of an environment built the same way.
   *
   * @throws IllegalArgumentException when the length does not match
   */
  void restoreState(double[] state);

  /** Releases what the worlds hold on a device; the CPU's hold nothing. */
  @Override
  default void close() {}

  /**
   * The outcome of one step of W worlds.
   *
   * @param observation W×observationSize, the observations after the step
   * @param reward W rewards
   * @param terminated W flags: the episode ended by the task's own condition
   * @param truncated W flags: the episode reached {@link #maxEpisodeSteps()}
   */
  record StepResult(
      double[] observation, double[] reward, boolean[] terminated, boolean[] truncated) {
    /** Buffers for env's worlds. */
    public static StepResult of(VectorEnv env) {
      int w = env.worlds();
      return new StepResult(
          new double[w * env.observationSize()], new double[w], new boolean[w], new boolean[w]);
    }

    /** Whether world w's episode ended at this step, terminated or truncated. */
    public boolean done(int w) {
      return terminated[w] || truncated[w];
    }
  }
}
