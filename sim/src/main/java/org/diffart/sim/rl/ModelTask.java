package org.diffart.sim.rl;

import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Any model as a task, given a reward and a termination in Java: the observation is the state
 * {@code (qpos, qvel)} (nq + nv numbers), an action coordinate in [−1, 1] spans its actuator's
 * control range when the range is limited (the middle at 0) and is the control itself otherwise; a
 * reset starts at the model's {@code qpos0} moved by {@code U(−noise, noise)} along every tangent
 * direction, with velocities {@code N(0, noise²)}, as Gymnasium's MuJoCo environments reset.
 *
 * <pre>{@code
 * Task t = ModelTask.builder(ModelLoader.load("builtin:ant"))
 *     .reward(myReward).terminated(d -> d.qpos[2] < 0.2).substeps(5).build();
 * VectorEnv env = new TaskEnv(t, 16);
 * }</pre>
 */
public final class ModelTask implements Task {
  /** A reward with its exact gradient (see {@link Task#reward} and {@link Task#rewardGradient}). */
  /** A reward with its exact gradient, as {@link Task#reward} and {@link Task#rewardGradient}. */
  public interface Reward {
    /** The reward of step s. */
    double value(StepData s);

    /** Adds the reward's gradient to the bars. */
    void gradient(StepData s, StateBars beforeBars, StateBars afterBars, double[] actionBar);
  }

  private final Builder b;

  private ModelTask(Builder b) {
    this.b = b;
  }

  /** A task on model m; {@link Builder#reward} is required. */
  public static Builder builder(Model m) {
    return new Builder(m);
  }

  /** What a {@link ModelTask} is made of. */
  public static final class Builder {
    private final Model model;
    private String name;
    private int substeps = 1;
    private int maxEpisodeSteps = 1000;
    private double noise = 0.1;
    private Reward reward;
    private Predicate<Data> terminated = d -> false;

    private Builder(Model model) {
      this.model = model;
      this.name = model.name();
    }

    /** The name in tables (default: the model's). */
    public Builder name(String name) {
      this.name = name;
      return this;
    }

    /** Model steps per environment step (default 1). */
    public Builder substeps(int substeps) {
      if (substeps < 1) {
        throw new IllegalArgumentException("substeps must be >= 1, got " + substeps);
      }
      this.substeps = substeps;
      return this;
    }

    /** The episode's time limit in environment steps (default 1000). */
    public Builder maxEpisodeSteps(int steps) {
      if (steps < 1) {
        throw new IllegalArgumentException("maxEpisodeSteps must be >= 1, got " + steps);
      }
      this.maxEpisodeSteps = steps;
      return this;
    }

    /** The reset's noise scale (default 0.1; 0 starts every episode at qpos0 at rest). */
    public Builder resetNoise(double noise) {
      if (!(noise >= 0)) {
        throw new IllegalArgumentException("resetNoise must be >= 0, got " + noise);
      }
      this.noise = noise;
      return this;
    }

    /** The reward (required). */
    public Builder reward(Reward reward) {
      this.reward = reward;
      return this;
    }

    /** When an episode ends by its own condition (default: never). */
    public Builder terminated(Predicate<Data> terminated) {
      this.terminated = terminated;
      return this;
    }

    /**
     * @throws IllegalStateException without a reward, or for a model without actuators
     */
    public ModelTask build() {
      if (reward == null) {
        throw new IllegalStateException("ModelTask of model " + model.name() + " needs a reward");
      }
      if (model.nu() == 0) {
        throw new IllegalStateException(
            "model " + model.name() + " has no actuators: an environment needs actions");
      }
      return new ModelTask(this);
    }
  }

  @Override
  public String name() {
    return b.name;
  }

  @Override
  public Model model() {
    return b.model;
  }

  @Override
  public int observationSize() {
    return b.model.nq() + b.model.nv();
  }

  @Override
  public int substeps() {
    return b.substeps;
  }

  @Override
  public int maxEpisodeSteps() {
    return b.maxEpisodeSteps;
  }

  @Override
  public double controlOffset(int j) {
    return b.model.actCtrlLimited(j) ? 0.5 * (range(j, 0) + range(j, 1)) : 0;
  }

  @Override
  public double controlScale(int j) {
    return b.model.actCtrlLimited(j) ? 0.5 * (range(j, 1) - range(j, 0)) : 1;
  }

  private double range(int j, int k) {
    return b.model.actCtrlRange(j, k);
  }

  @Override
  public void reset(SplittableRandom random, Data d) {
    Model m = b.model;
    double[] move = new double[m.nv()];
    for (int i = 0; i < m.nq(); i++) {
      d.qpos[i] = m.qpos0(i);
    }
    for (int i = 0; i < move.length; i++) {
      move[i] = random.nextDouble(-1, 1) * b.noise;
    }
    Configuration.integratePos(m, d.qpos, move, 1);
    for (int i = 0; i < move.length; i++) {
      d.qvel[i] = b.noise * random.nextGaussian();
    }
    d.time = 0;
  }

  @Override
  public void observe(Data d, int step, double[] obs, int offset) {
    System.arraycopy(d.qpos, 0, obs, offset, d.qpos.length);
    System.arraycopy(d.qvel, 0, obs, offset + d.qpos.length, d.qvel.length);
  }

  @Override
  public void observationVjp(Data d, int step, double[] obsBar, int offset, StateBars bars) {
    int nq = d.qpos.length;
    for (int i = 0; i < nq; i++) {
      bars.qpos()[i] += obsBar[offset + i];
    }
    for (int i = 0; i < d.qvel.length; i++) {
      bars.qvel()[i] += obsBar[offset + nq + i];
    }
  }

  @Override
  public double reward(StepData s) {
    return b.reward.value(s);
  }

  @Override
  public void rewardGradient(
      StepData s, StateBars beforeBars, StateBars afterBars, double[] actionBar) {
    b.reward.gradient(s, beforeBars, afterBars, actionBar);
  }

  @Override
  public boolean terminated(Data d) {
    return b.terminated.test(d);
  }
}
