package org.diffart.sim.rl;

import java.util.SplittableRandom;
import org.diffart.sim.data.Data;

/**
 * What every {@link VectorEnv} of a {@link Task} shares, whichever backend advances its worlds: per
 * world the state its last step started from and the state now (host {@code Data}), the episode's
 * step count and the last clipped action; resets by seed, the outcome of a step (observation,
 * reward, flags from the task), the action Jacobians ({@link StepJacobians}) and the saved state
 * ({@link SavedState}). A subclass only advances the worlds ({@link #advance}) and mirrors resets
 * and restores where its worlds live elsewhere.
 *
 * <p>Stepping a world whose episode has ended continues it (its step count grows past the limit and
 * it stays truncated); callers reset it first.
 *
 * <p>A world whose state goes bad during a step ({@link #bad}: not finite, or beyond MuJoCo's
 * {@code mjMAXVAL}; a subclass marks it in {@link #diverged} and puts the state back to the one the
 * step started from) ends its episode there: terminated, reward 0, the observation of the last
 * finite state and zero Jacobians, as MuJoCo's Gymnasium environments end an episode whose
 * simulation went bad; {@link #divergences} counts them.
 */
public abstract class AbstractTaskEnv implements VectorEnv {
  /** The task the worlds run. */
  protected final Task task;

  /** Per world, the state its last step started from, with that step's controls. */
  protected final Data[] before;

  /** Per world, the state now. */
  protected final Data[] after;

  /** Per world, whether its last step diverged (its state put back to {@link #before}). */
  protected final boolean[] diverged;

  private final int[] steps;
  private final double[] lastAction;
  private boolean stepped;
  private long divergences;

  /**
   * W worlds of {@code task}, each at the task's reset from seed w (without {@link #resetDone}: a
   * subclass starts its own copies of the worlds from {@link #after}).
   */
  protected AbstractTaskEnv(Task task, int worlds) {
    if (worlds < 1) {
      throw new IllegalArgumentException("worlds must be >= 1, got " + worlds);
    }
    this.task = task;
    before = new Data[worlds];
    after = new Data[worlds];
    steps = new int[worlds];
    diverged = new boolean[worlds];
    lastAction = new double[worlds * task.actionSize()];
    for (int w = 0; w < worlds; w++) {
      before[w] = new Data(task.model());
      after[w] = initial(w);
    }
  }

  private Data initial(long seed) {
    Data d = new Data(task.model());
    task.reset(new SplittableRandom(seed), d);
    return d;
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
    return after.length;
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
    after[world] = initial(seed);
    steps[world] = 0;
    resetDone(world);
    task.observe(after[world], 0, obs, world * observationSize());
  }

  /** Called after world w's state in {@link #after} was reset. */
  protected void resetDone(int world) {}

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
      Data d = after[w];
      for (int j = 0; j < na; j++) {
        double a = Math.max(-1, Math.min(1, actions[w * na + j]));
        lastAction[w * na + j] = a;
        d.ctrl[j] = task.controlOffset(j) + task.controlScale(j) * a;
      }
      before[w].copyStateFrom(d);
    }
    advance();
    for (int w = 0; w < worlds(); w++) {
      steps[w]++;
      outcome(w, out);
    }
    stepped = true;
  }

  /**
   * Advances every world by the task's substeps from {@link #after} (its controls set) and leaves
   * the new states there.
   *
   * @throws org.diffart.sim.data.SimulationException naming the world when its state becomes
   *     non-finite
   */
  protected abstract void advance();

  /**
   * The magnitude beyond which a state value counts as diverged: MuJoCo's {@code mjMAXVAL}, its
   * bound for a bad position, velocity or acceleration. Explicit integrators blow up past it within
   * a step or two while still finite (the 5-link pendulum at 1/60 s under bang-bang torques: joint
   * velocities 2·10⁴, 5·10⁶, 2·10¹¹, then a non-finite observation), so waiting for a non-finite
   * value lets a state of 10¹⁸ through to the reward and the learner.
   */
  public static final double MAX_VALUE = 1e10;

  /**
   * Whether d's position or velocity holds a value that is not finite or exceeds {@link
   * #MAX_VALUE}.
   */
  protected static boolean bad(Data d) {
    for (double[] a : new double[][] {d.qpos, d.qvel}) {
      for (double x : a) {
        if (!(Math.abs(x) <= MAX_VALUE)) {
          return true;
        }
      }
    }
    return false;
  }

  /** World w's observation, reward and flags for its last step. */
  private void outcome(int w, StepResult out) {
    boolean last = steps[w] >= task.maxEpisodeSteps();
    task.observe(after[w], steps[w], out.observation(), w * task.observationSize());
    if (diverged[w]) {
      divergences++;
      out.reward()[w] = 0;
      out.terminated()[w] = true;
    } else {
      out.reward()[w] =
          task.reward(new Task.StepData(before[w], after[w], lastAction, w * actionSize(), last));
      out.terminated()[w] = task.terminated(after[w]);
    }
    out.truncated()[w] = last;
  }

  /** The steps since this environment was built whose world diverged and ended its episode. */
  public long divergences() {
    return divergences;
  }

  @Override
  public void actionJacobians(double[] dObsDa, double[] dRewardDa) {
    if (!stepped) {
      throw new IllegalStateException("actionJacobians before the first step of " + name());
    }
    int no = observationSize(), na = actionSize();
    for (int w = 0; w < worlds(); w++) {
      if (diverged[w]) {
        java.util.Arrays.fill(dObsDa, w * no * na, (w + 1) * no * na, 0);
        java.util.Arrays.fill(dRewardDa, w * na, (w + 1) * na, 0);
      } else {
        StepJacobians.compute(task, lastStep(w), dObsDa, w * no * na, dRewardDa);
      }
    }
  }

  /**
   * For every world w, {@code actionBar[w] = obsBar[w]ᵀ ∂s'/∂a + rewardBar[w] · ∂r/∂a} of its last
   * step ({@link StepJacobians#vjp}: one adjoint rollout over the substeps per world), where a few
   * rows are needed rather than {@link #actionJacobians}' all (the paper's sample enhancement uses
   * one observation row and the reward's).
   *
   * @param obsBar W×observationSize
   * @param rewardBar W
   * @param actionBar W×actionSize, overwritten
   * @throws IllegalStateException before the first step
   */
  @Override
  public void actionVjp(double[] obsBar, double[] rewardBar, double[] actionBar) {
    if (!stepped) {
      throw new IllegalStateException("actionVjp before the first step of " + name());
    }
    java.util.Arrays.fill(actionBar, 0);
    for (int w = 0; w < worlds(); w++) {
      if (!diverged[w]) {
        StepJacobians.vjp(
            task, lastStep(w), obsBar, w * observationSize(), rewardBar[w], actionBar);
      }
    }
  }

  private StepJacobians.LastStep lastStep(int w) {
    return new StepJacobians.LastStep(
        before[w], steps[w] - 1, lastAction, w * actionSize(), steps[w] >= maxEpisodeSteps());
  }

  @Override
  public double[] saveState() {
    SavedState s = new SavedState(task.model(), worlds(), actionSize());
    for (int w = 0; w < worlds(); w++) {
      s.put(after[w], before[w], steps[w]);
    }
    s.putActions(lastAction, stepped);
    return s.values();
  }

  @Override
  public void restoreState(double[] state) {
    SavedState s = SavedState.of(task.model(), worlds(), actionSize(), state);
    for (int w = 0; w < worlds(); w++) {
      steps[w] = s.get(after[w], before[w]);
    }
    stepped = s.getActions(lastAction);
    restoreDone();
  }

  /** Called after every world's state in {@link #after} was restored. */
  protected void restoreDone() {}
}
