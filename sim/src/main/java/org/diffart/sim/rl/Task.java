package org.diffart.sim.rl;

import java.util.SplittableRandom;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * One episodic control task on a model: what an environment needs beyond the simulator, with the
 * first-order information an analytic policy gradient needs to go through it.
 *
 * <p>An environment step holds the controls {@code ctrl = controlOffset + controlScale·a} (a
 * clipped to [−1, 1]) for {@link #substeps()} steps of the model ({@code Step.step}). The
 * observation is a function of the state after the step and its step count; the reward of the
 * states before and after the step and the action; termination of the state after it.
 *
 * <p>Gradients are given as vector–Jacobian products into {@code (qpos, qvel)} bars, the qpos bars
 * in qpos's own coordinates (nq numbers; a quaternion's four), as {@code DataBar.qposBar} holds
 * them: {@code Configuration.tangentGradient} turns them into tangent-space rows. The products add
 * to the bars they are given, so several terms accumulate.
 */
public interface Task {
  /** A short name for tables, e.g. {@code pendulum-3}. */
  String name();

  /** The model every world runs. */
  Model model();

  /** The length of an observation. */
  int observationSize();

  /** The length of an action (the model's nu). */
  default int actionSize() {
    return model().nu();
  }

  /** Model steps per environment step, the controls held. */
  int substeps();

  /** The steps after which an episode is truncated. */
  int maxEpisodeSteps();

  /** The control of action coordinate j at a = 0. */
  default double controlOffset(int j) {
    return 0;
  }

  /** ∂ctrl_j/∂a_j. */
  default double controlScale(int j) {
    return 1;
  }

  /**
   * Sets d's initial state (qpos, qvel, act, time; d arrives as a fresh {@code Data}) from draws of
   * {@code random} alone.
   */
  void reset(SplittableRandom random, Data d);

  /**
   * Writes the observation of state d after {@code step} environment steps of its episode into
   * {@code obs} at {@code offset}.
   */
  void observe(Data d, int step, double[] obs, int offset);

  /**
   * Adds {@code obsBarᵀ ∂obs/∂(qpos, qvel)} at state d (after {@code step} steps) to {@code bars};
   * obsBar is read at {@code offset}.
   */
  void observationVjp(Data d, int step, double[] obsBar, int offset, StateBars bars);

  /** The reward of step s. */
  double reward(StepData s);

  /**
   * Adds the reward's gradient with respect to the state before the step (to {@code beforeBars}),
   * the state after it ({@code afterBars}) and the action ({@code actionBar}, actionSize numbers
   * from index 0).
   */
  void rewardGradient(StepData s, StateBars beforeBars, StateBars afterBars, double[] actionBar);

  /** Whether the episode ends by the task's own condition at state d. */
  boolean terminated(Data d);

  /**
   * One environment step as a reward sees it: the states before and after it, the action (read at
   * {@code offset}, already clipped) and whether the step ends the episode by its time limit.
   */
  record StepData(Data before, Data after, double[] action, int offset, boolean last) {
    /** Action coordinate j. */
    public double a(int j) {
      return action[offset + j];
    }
  }

  /** Bars of a state: qpos in its own coordinates (nq) and qvel (nv). */
  record StateBars(double[] qpos, double[] qvel) {
    /** Zero bars for model m. */
    public static StateBars of(Model m) {
      return new StateBars(new double[m.nq()], new double[m.nv()]);
    }
  }
}
