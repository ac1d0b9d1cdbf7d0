package org.diffart.sim.rl;

import java.util.SplittableRandom;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.model.Model;

/**
 * The CPU {@link VectorEnv} of a {@link Task}: one {@code Data} per world, stepped one after the
 * other, the action Jacobians by {@link StepJacobians} from each world's state at the start of its
 * last step. Stepping a world whose episode has ended continues it (its step count grows past the
 * limit and it stays truncated); callers reset it first.
 */
public final class TaskEnv implements VectorEnv {
  private final Task task;
  private final Model m;
  private final Data[] data;
  private final Data[] start;
  private final int[] steps;
  private final double[] lastAction;
  private boolean stepped;

  /**
   * W worlds of {@code task}, each at the task's reset from seed w until {@link #reset} is called.
   */
  public TaskEnv(Task task, int worlds) {
    if (worlds < 1) {
      throw new IllegalArgumentException("worlds must be >= 1, got " + worlds);
    }
    this.task = task;
    this.m = task.model();
    data = new Data[worlds];
    start = new Data[worlds];
    steps = new int[worlds];
    lastAction = new double[worlds * task.actionSize()];
    double[] obs = new double[worlds * task.observationSize()];
    for (int w = 0; w < worlds; w++) {
      data[w] = new Data(m);
      start[w] = new Data(m);
      reset(w, w, obs);
    }
  }

  /** The task the worlds run. */
  public Task task() {
    return task;
  }

  @Override
  public String name() {
    return task.name();
  }

  @Override
  public int worlds() {
    return data.length;
  }

  @Override
  public int observationSize() {
    return task.observationSize();
  }

  @Override
  public int actionSize() {
    return task.actionSize();
  }

  @Override
  public int maxEpisodeSteps() {
    return task.maxEpisodeSteps();
  }

  @Override
  public void reset(int world, long seed, double[] obs) {
    Data fresh = new Data(m);
    task.reset(new SplittableRandom(seed), fresh);
    data[world] = fresh;
    steps[world] = 0;
    task.observe(fresh, 0, obs, world * observationSize());
  }

  @Override
  public void step(double[] actions, StepResult out) {
    int na = actionSize();
    if (actions.length != worlds() * na) {
      throw new IllegalArgumentException(
          "actions must hold worlds×actionSize = "
              + worlds() * na
              + " numbers, got "
              + actions.length);
    }
    for (int w = 0; w < worlds(); w++) {
      Data d = data[w];
      for (int j = 0; j < na; j++) {
        double a = Math.max(-1, Math.min(1, actions[w * na + j]));
        lastAction[w * na + j] = a;
        d.ctrl[j] = task.controlOffset(j) + task.controlScale(j) * a;
      }
      start[w].copyStateFrom(d);
      for (int k = 0; k < task.substeps(); k++) {
        Step.step(m, d);
      }
      requireFinite(w, d);
      steps[w]++;
      outcome(task, w, start[w], d, steps[w], lastAction, out);
    }
    stepped = true;
  }

  /**
   * Writes world w's observation, reward and flags for its step from {@code before} to {@code
   * after}, the episode's {@code steps}-th.
   */
  static void outcome(
      Task task, int w, Data before, Data after, int steps, double[] actions, StepResult out) {
    boolean last = steps >= task.maxEpisodeSteps();
    task.observe(after, steps, out.observation(), w * task.observationSize());
    out.reward()[w] =
        task.reward(new Task.StepData(before, after, actions, w * task.actionSize(), last));
    out.terminated()[w] = task.terminated(after);
    out.truncated()[w] = last;
  }

  /**
   * @throws SimulationException naming the world when d's state is not finite
   */
  static void requireFinite(int world, Data d) {
    for (int i = 0; i < d.qpos.length; i++) {
      if (!Double.isFinite(d.qpos[i])) {
        throw new SimulationException(
            "world " + world + ": qpos[" + i + "] became " + d.qpos[i], d.nstep, -1);
      }
    }
    for (int i = 0; i < d.qvel.length; i++) {
      if (!Double.isFinite(d.qvel[i])) {
        throw new SimulationException(
            "world " + world + ": qvel[" + i + "] became " + d.qvel[i], d.nstep, i);
      }
    }
  }

  @Override
  public void actionJacobians(double[] dObsDa, double[] dRewardDa) {
    if (!stepped) {
      throw new IllegalStateException("actionJacobians before the first step of " + name());
    }
    int no = observationSize(), na = actionSize();
    for (int w = 0; w < worlds(); w++) {
      StepJacobians.compute(
          task,
          start[w],
          steps[w] - 1,
          lastAction,
          w * na,
          steps[w] >= maxEpisodeSteps(),
          dObsDa,
          w * no * na,
          dRewardDa);
    }
  }

  @Override
  public double[] saveState() {
    SavedState s = new SavedState(m, worlds(), actionSize());
    for (int w = 0; w < worlds(); w++) {
      s.put(data[w], start[w], steps[w]);
    }
    s.putActions(lastAction, stepped);
    return s.values();
  }

  @Override
  public void restoreState(double[] state) {
    SavedState s = SavedState.of(m, worlds(), actionSize(), state);
    for (int w = 0; w < worlds(); w++) {
      steps[w] = s.get(data[w], start[w]);
    }
    stepped = s.getActions(lastAction);
  }
}
