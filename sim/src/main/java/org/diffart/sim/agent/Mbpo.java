package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.diffart.sim.nn.Arrays64;
import org.diffart.sim.nn.ProbabilisticEnsemble;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.VectorEnv;

/**
 * Model-based policy optimisation (Janner et al. 2019) as the MBPO code runs it ({@code
 * mbpo/algorithms/mbpo.py}): SAC trained on batches that are mostly model-generated.
 *
 * <ol>
 *   <li>The first {@code initialExploration} environment steps take uniform random actions and
 *       train nothing.
 *   <li>Afterwards, at every environment step whose index t within its epoch (steps counted from
 *       the end of exploration) has {@code t mod modelTrainFreq = 0}: the {@link
 *       ProbabilisticEnsemble} is trained on every real transition, the rollout length L is set
 *       from the epoch by the schedule, the model pool is reallocated for L ({@link
 *       MbpoSettings#modelPoolCapacity}), and {@code rolloutBatchSize} real observations drawn
 *       uniformly start model rollouts of L steps: each step the policy samples an action, a random
 *       elite a transition, the task's {@link TerminationFn} decides the end, every predicted
 *       transition enters the model pool and the rollouts not ended continue.
 *   <li>Each environment step the policy samples the action (the world's next observation after a
 *       reset when an episode ended); the real transition enters the real pool with {@code
 *       terminal} = the environment's termination (a truncation is not terminal).
 *   <li>After each environment step past the exploration, {@code trainRepeat} SAC updates ({@link
 *       SacLearner}), each on a batch of {@code ⌊batchSize·realRatio⌋} real and the rest model
 *       transitions (all real while the model pool is empty). The model work of step 2 needs at
 *       least two real transitions; without exploration it waits for the next due step.
 * </ol>
 *
 * <p>The paper's sample enhancement ({@code mbpo/algorithms/glearn.py}, its ant's method) is this
 * loop with {@link AgentSettings#extraSamples} synthetic transitions ({@link SampleEnhancement})
 * added to the real pool after each real one: the model trains on them and rollouts start from them
 * too, as there. It is on when {@code extraSamples > 0}, and {@link #method} is then {@code
 * mbpo-se}; it gets the two rows of the step's Jacobians it uses by {@link VectorEnv#actionVjp}.
 *
 * <p>With W worlds one call of {@link VectorEnv#step} is W environment steps: the model work of
 * step 2 runs once before it when any of its W step indices is due, and {@code W·trainRepeat}
 * updates follow it. Every draw comes from one stream seeded by the run's seed (the ensemble has
 * its own, drawn from it), so a seed fixes the run.
 */
public final class Mbpo implements Agent {
  /** Rollout rows per policy forward pass. */
  private static final int CHUNK = 1024;

  private final MbpoSettings settings;
  private final VectorEnv env;
  private final int obsSize;
  private final int actSize;
  private final SacLearner learner;
  private final ProbabilisticEnsemble model;
  private final MbpoPool real;
  private final MbpoPool modelPool;
  private final Rng rng;
  private final double[] obs;
  private final double[] actions;
  private final double[] logProb;
  private final VectorEnv.StepResult result;
  private final ReplayBuffer.Batch batch;
  private final SampleEnhancement.Worlds enhancement;
  private final double[] syntheticAction;
  private final double[] syntheticNext;
  private long envSteps;
  private boolean started;
  private ProbabilisticEnsemble.TrainResult lastModelTraining;

  /**
   * MBPO on {@code env} (it owns the environment's worlds while training), fixed by {@code seed}.
   */
  public Mbpo(MbpoSettings settings, VectorEnv env, long seed) {
    this.settings = settings;
    this.env = env;
    this.obsSize = env.observationSize();
    this.actSize = env.actionSize();
    this.rng = new Rng(seed);
    AgentSettings sac = settings.sac();
    this.learner = new SacLearner(obsSize, actSize, sac, SacLearner.ActorLoss.SAC, rng);
    this.model = new ProbabilisticEnsemble(settings.model(), obsSize, actSize, rng.nextLong());
    this.real = new MbpoPool(obsSize, actSize, sac.replayCapacity());
    this.modelPool = new MbpoPool(obsSize, actSize, 1);
    int w = env.worlds();
    obs = new double[w * obsSize];
    actions = new double[w * actSize];
    logProb = new double[w];
    result = VectorEnv.StepResult.of(env);
    batch = new ReplayBuffer.Batch(sac.batchSize(), obsSize, actSize, false);
    enhancement =
        sac.extraSamples() > 0
            ? new SampleEnhancement.Worlds(
                env, sac.extraSamples(), sac.maxDelta(), sac.jacobianClip())
            : null;
    syntheticAction = new double[actSize];
    syntheticNext = new double[obsSize];
  }

  @Override
  public String method() {
    return enhancement == null ? "mbpo" : "mbpo-se";
  }

  @Override
  public long envSteps() {
    return envSteps;
  }

  /** The SAC learner (its policy acts). */
  public SacLearner learner() {
    return learner;
  }

  /** What the last model training did, or null before the first (diagnostic: not saved). */
  public ProbabilisticEnsemble.TrainResult lastModelTraining() {
    return lastModelTraining;
  }

  /** The transitions in the real pool, synthetic ones included. */
  public int realPoolSize() {
    return real.size();
  }

  /** The transitions in the model pool. */
  public int modelPoolSize() {
    return modelPool.size();
  }

  @Override
  public void trainUntil(long target) {
    if (!started) {
      for (int w = 0; w < env.worlds(); w++) {
        env.reset(w, rng.nextLong(), obs);
      }
      started = true;
    }
    while (envSteps < target) {
      vectorStep();
    }
  }

  /** One step of every world, with the model work due before it and the updates after it. */
  private void vectorStep() {
    int worlds = env.worlds();
    AgentSettings sac = settings.sac();
    long after = envSteps - sac.initialExploration();
    long due =
        after >= 0 && settings.realRatio() < 1 && real.size() >= 2
            ? firstModelStep(after, worlds)
            : -1;
    if (due >= 0) {
      long epoch = due / sac.epochLength();
      lastModelTraining = trainModel();
      rollout(settings.rolloutLength(epoch));
    }
    if (envSteps < sac.initialExploration()) {
      for (int i = 0; i < actions.length; i++) {
        actions[i] = rng.uniform(-1, 1);
      }
    } else {
      learner.policy().sample(obs, worlds, rng, actions, logProb);
    }
    env.step(actions, result);
    if (enhancement != null) {
      enhancement.prepare(env, rng);
    }
    for (int w = 0; w < worlds; w++) {
      store(w);
    }
    envSteps += worlds;
    for (int w = 0; w < worlds; w++) {
      if (result.done(w)) {
        env.reset(w, rng.nextLong(), obs);
      } else {
        System.arraycopy(result.observation(), w * obsSize, obs, w * obsSize, obsSize);
      }
    }
    if (after >= 0 && real.size() >= 2) {
      for (long u = 0; u < (long) worlds * sac.trainRepeat(); u++) {
        fillBatch();
        learner.update(batch, rng);
      }
    }
  }

  /** World w's real transition into the real pool, and its synthetic ones under enhancement. */
  private void store(int w) {
    double reward = result.reward()[w];
    boolean terminal = result.terminated()[w];
    double[] next = result.observation();
    real.add(obs, w * obsSize, actions, w * actSize, reward, next, w * obsSize, terminal);
    if (enhancement == null) {
      return;
    }
    for (int k = 0; k < settings.sac().extraSamples(); k++) {
      double r =
          enhancement.synthesize(w, k, actions, reward, next, syntheticAction, syntheticNext);
      real.add(obs, w * obsSize, syntheticAction, 0, r, syntheticNext, 0, terminal);
    }
  }

  /**
   * The first of the W step indices {@code after … after+W−1} (counted from the end of exploration)
   * whose index within its epoch is a multiple of the model training frequency, or −1.
   */
  private long firstModelStep(long after, int worlds) {
    int epochLength = settings.sac().epochLength();
    for (long t = after; t < after + worlds; t++) {
      if ((t % epochLength) % settings.modelTrainFreq() == 0) {
        return t;
      }
    }
    return -1;
  }

  /** Trains the ensemble on the whole real pool. */
  private ProbabilisticEnsemble.TrainResult trainModel() {
    double[][] t = real.all();
    return model.train(t[0], t[1], t[2], t[3], real.size());
  }

  /** Model rollouts of {@code length} steps from real observations into the model pool. */
  private void rollout(int length) {
    modelPool.resize(settings.modelPoolCapacity(length));
    int n = settings.rolloutBatchSize();
    double[] s = real.sampleObservations(rng, n);
    double[] a = new double[n * actSize];
    double[] s1 = new double[n * obsSize];
    double[] r = new double[n];
    double[] chunkObs = new double[CHUNK * obsSize];
    double[] chunkAct = new double[CHUNK * actSize];
    double[] chunkLogProb = new double[CHUNK];
    for (int step = 0; step < length && n > 0; step++) {
      for (int start = 0; start < n; start += CHUNK) {
        int c = Math.min(CHUNK, n - start);
        System.arraycopy(s, start * obsSize, chunkObs, 0, c * obsSize);
        learner.policy().sample(chunkObs, c, rng, chunkAct, chunkLogProb);
        System.arraycopy(chunkAct, 0, a, start * actSize, c * actSize);
      }
      model.sample(s, a, n, s1, r);
      int alive = 0;
      for (int i = 0; i < n; i++) {
        boolean done = settings.termination().ends(s1, i * obsSize, obsSize);
        modelPool.add(s, i * obsSize, a, i * actSize, r[i], s1, i * obsSize, done);
        if (!done) {
          System.arraycopy(s1, i * obsSize, s, alive * obsSize, obsSize);
          alive++;
        }
      }
      n = alive;
    }
  }

  /** A SAC batch: ⌊batchSize·realRatio⌋ real transitions, then model transitions. */
  private void fillBatch() {
    int size = batch.size();
    int nReal = modelPool.size() == 0 ? size : (int) (size * settings.realRatio());
    real.sample(rng, batch, 0, nReal);
    if (nReal < size) {
      modelPool.sample(rng, batch, nReal, size - nReal);
    }
  }

  @Override
  public double evaluate(VectorEnv evalEnv, int episodes, long seed) {
    return Evaluation.meanReturn(evalEnv, learner.policy(), episodes, seed);
  }

  // ---- save and restore ----

  @Override
  public void save(DataOutput out) throws IOException {
    out.writeLong(envSteps);
    out.writeBoolean(started);
    rng.save(out);
    learner.save(out);
    model.save(out);
    real.save(out);
    modelPool.save(out);
    Arrays64.write(out, obs);
    Arrays64.write(out, env.saveState());
  }

  @Override
  public void restore(DataInput in) throws IOException {
    envSteps = in.readLong();
    started = in.readBoolean();
    rng.restore(in);
    learner.restore(in);
    model.restore(in);
    real.restore(in);
    modelPool.restore(in);
    Arrays64.read(in, obs, "MBPO current observations");
    int n = in.readInt();
    double[] state = new double[n];
    for (int i = 0; i < n; i++) {
      state[i] = in.readDouble();
    }
    env.restoreState(state);
  }
}
