package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.diffart.sim.nn.Arrays64;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.VectorEnv;

/**
 * SAC on W worlds stepping in parallel, and the paper's two gradient-enhanced variants on top of
 * it: each environment step acts in every world (uniformly random actions for the first {@link
 * AgentSettings#initialExploration} steps, then samples of the policy), stores the W transitions,
 * resets the worlds whose episodes ended, and then, once exploration is over, makes {@code
 * trainRepeat × W} {@link SacLearner#update}s on batches from the replay buffer.
 *
 * <ul>
 *   <li>{@code sac}: SAC.
 *   <li>{@code pe}: policy enhancement ({@code GLearnOld}): the buffer also keeps each transition's
 *       {@code ∂s'/∂a}, {@code ∂r/∂a} from {@link VectorEnv#actionJacobians}, and the policy
 *       descends {@link SacLearner.ActorLoss#POLICY_ENHANCEMENT}. As in the paper's code this is
 *       SAC with another actor loss, no model; on MBPO, the actor's batches must come from real
 *       transitions (model rollouts carry no Jacobians).
 *   <li>{@code se}: sample enhancement ({@code GLearn}'s sampler): each real transition is stored
 *       with {@link AgentSettings#extraSamples} synthetic ones made by {@link SampleEnhancement}
 *       from two rows of the step's Jacobians ({@link VectorEnv#actionVjp}).
 * </ul>
 *
 * <p>Three random streams split from the seed fix a run: one for the worlds' episode seeds, one for
 * acting (exploration, policy noise, synthetic samples), one for training (batches, update noise).
 */
public final class Sac implements Agent {
  /** The three methods this class runs. */
  public enum Variant {
    /** Soft actor-critic. */
    SAC("sac"),
    /** The paper's policy enhancement. */
    POLICY_ENHANCEMENT("pe"),
    /** The paper's sample enhancement. */
    SAMPLE_ENHANCEMENT("se");

    private final String method;

    Variant(String method) {
      this.method = method;
    }

    /** The CLI's and rows' name. */
    public String method() {
      return method;
    }
  }

  private final AgentSettings settings;
  private final VectorEnv env;
  private final Variant variant;
  private final int worlds;
  private final int obs;
  private final int act;
  private final Rng episodes;
  private final Rng acting;
  private final Rng training;
  private final SacLearner learner;
  private final ReplayBuffer buffer;
  private final ReplayBuffer.Batch batch;
  private final double[] observation;
  private final double[] actions;
  private final double[] logProb;
  private final VectorEnv.StepResult result;
  private final double[] dObsDa;
  private final double[] dRewardDa;
  private final SampleEnhancement.Worlds enhancement;
  private final double[] syntheticAction;
  private final double[] syntheticNext;
  private long envSteps;

  /** An agent of {@code variant} training on {@code env}, its run fixed by {@code seed}. */
  public Sac(Variant variant, AgentSettings settings, VectorEnv env, long seed) {
    this.settings = settings;
    this.env = env;
    this.variant = variant;
    this.worlds = env.worlds();
    this.obs = env.observationSize();
    this.act = env.actionSize();
    Rng root = new Rng(seed);
    Rng init = root.split();
    episodes = root.split();
    acting = root.split();
    training = root.split();
    SacLearner.ActorLoss loss =
        variant == Variant.POLICY_ENHANCEMENT
            ? SacLearner.ActorLoss.POLICY_ENHANCEMENT
            : SacLearner.ActorLoss.SAC;
    learner = new SacLearner(obs, act, settings, loss, init);
    boolean pe = variant == Variant.POLICY_ENHANCEMENT;
    buffer = new ReplayBuffer(obs, act, settings.replayCapacity(), pe);
    batch = new ReplayBuffer.Batch(settings.batchSize(), obs, act, pe);
    observation = new double[worlds * obs];
    actions = new double[worlds * act];
    logProb = new double[worlds];
    result = VectorEnv.StepResult.of(env);
    dObsDa = pe ? new double[worlds * obs * act] : null;
    dRewardDa = pe ? new double[worlds * act] : null;
    enhancement =
        variant == Variant.SAMPLE_ENHANCEMENT
            ? new SampleEnhancement.Worlds(
                env, settings.extraSamples(), settings.maxDelta(), settings.jacobianClip())
            : null;
    syntheticAction = new double[act];
    syntheticNext = new double[obs];
    for (int w = 0; w < worlds; w++) {
      env.reset(w, episodes.nextLong(), observation);
    }
  }

  @Override
  public String method() {
    return variant.method();
  }

  @Override
  public long envSteps() {
    return envSteps;
  }

  /** The learner (networks and update), e.g. for inspection. */
  public SacLearner learner() {
    return learner;
  }

  /** The replay buffer, for tests. */
  ReplayBuffer buffer() {
    return buffer;
  }

  /** The transitions stored so far, synthetic ones included (up to the capacity). */
  public int bufferSize() {
    return buffer.size();
  }

  @Override
  public void trainUntil(long target) {
    while (envSteps < target) {
      step();
    }
  }

  /** One environment step of every world, then its updates. */
  private void step() {
    if (envSteps < settings.initialExploration()) {
      for (int i = 0; i < worlds * act; i++) {
        actions[i] = acting.uniform(-1, 1);
      }
    } else {
      learner.policy().sample(observation, worlds, acting, actions, logProb);
    }
    env.step(actions, result);
    if (dObsDa != null) {
      env.actionJacobians(dObsDa, dRewardDa);
    }
    if (enhancement != null) {
      enhancement.prepare(env, acting);
    }
    for (int w = 0; w < worlds; w++) {
      store(w);
    }
    for (int w = 0; w < worlds; w++) {
      if (result.done(w)) {
        env.reset(w, episodes.nextLong(), observation);
      } else {
        System.arraycopy(result.observation(), w * obs, observation, w * obs, obs);
      }
    }
    envSteps += worlds;
    if (envSteps >= settings.initialExploration()) {
      long updates = (long) settings.trainRepeat() * worlds;
      for (long u = 0; u < updates; u++) {
        buffer.sample(training, batch);
        learner.update(batch, training);
      }
    }
  }

  private void store(int w) {
    double reward = result.reward()[w];
    boolean terminal =
        result.terminated()[w] || (settings.truncationTerminal() && result.truncated()[w]);
    double[] next = result.observation();
    buffer.add(
        observation,
        w * obs,
        actions,
        w * act,
        reward,
        next,
        w * obs,
        terminal,
        dObsDa,
        w * obs * act,
        dRewardDa,
        w * act);
    if (enhancement == null) {
      return;
    }
    for (int k = 0; k < settings.extraSamples(); k++) {
      double r =
          enhancement.synthesize(w, k, actions, reward, next, syntheticAction, syntheticNext);
      buffer.add(
          observation,
          w * obs,
          syntheticAction,
          0,
          r,
          syntheticNext,
          0,
          terminal,
          null,
          0,
          null,
          0);
    }
  }

  @Override
  public double evaluate(VectorEnv evalEnv, int count, long seed) {
    return Evaluation.meanReturn(evalEnv, learner.policy(), count, seed);
  }

  @Override
  public void save(DataOutput out) throws IOException {
    out.writeUTF(method());
    out.writeLong(envSteps);
    out.writeLong(episodes.state);
    out.writeLong(acting.state);
    out.writeLong(training.state);
    Arrays64.write(out, observation);
    Arrays64.write(out, env.saveState());
    learner.save(out);
    buffer.save(out);
  }

  @Override
  public void restore(DataInput in) throws IOException {
    String m = in.readUTF();
    if (!m.equals(method())) {
      throw new IOException("saved agent is " + m + ", this one " + method());
    }
    envSteps = in.readLong();
    episodes.state = in.readLong();
    acting.state = in.readLong();
    training.state = in.readLong();
    Arrays64.read(in, observation, "agent observations");
    int n = in.readInt();
    double[] state = new double[n];
    for (int i = 0; i < n; i++) {
      state[i] = in.readDouble();
    }
    env.restoreState(state);
    learner.restore(in);
    buffer.restore(in);
  }
}
