package org.diffart.sim.agent;

import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.model.Model;
import org.diffart.sim.nn.Mlp;
import org.diffart.sim.rl.Task;

/**
 * SHAC's actor loss over one episode segment of a window as a rollout loss of {@code len·k} model
 * steps (k the task's substeps): {@code −Σ_{j<len} γ^j r_j − γ^len V(o_len)}, V the target critic
 * on the normalised observation of the segment's last state, left out when the episode terminated
 * there (SHAC bootstraps from zero then).
 *
 * <p>A reward {@code r_j = r(x_j, x_{j+1}, a_j)} reads the states before and after env step j,
 * while a rollout loss sees one state at a time: its value is charged at the state after the step,
 * and its gradient is split between the two states, each part evaluated with the other state and
 * the action as the segment's forward run recorded them ({@code states}, {@code actions}). The law
 * is pure, so the adjoint's sweep passes through exactly those states and the gradient is the
 * loss's exact gradient at this trajectory; its value as a function of θ elsewhere is not the
 * segment's loss (differentiate the segment's own rollout for that).
 */
final class ShacWindowLoss implements Loss {
  private final Task task;
  private final int len, k, firstStep, nq, nv;
  private final double gamma;
  private final double[] states, actions;
  private final Mlp critic;
  private final ShacNormalizer norm;
  private final Data here, other;
  private final Task.StateBars beforeBars, afterBars;
  private final double[] actionBar, raw, obs, rawBar, seed = new double[1];

  /**
   * @param states x_0..x_len, each (qpos, qvel) in a row of nq + nv numbers
   * @param actions a_0..a_{len−1}, row-major
   * @param critic the critic closing the segment, or null when it terminated
   */
  ShacWindowLoss(
      Task task,
      int len,
      int firstStep,
      double gamma,
      double[] states,
      double[] actions,
      Mlp critic,
      ShacNormalizer norm) {
    this.task = task;
    this.len = len;
    this.firstStep = firstStep;
    this.gamma = gamma;
    this.states = states;
    this.actions = actions;
    this.critic = critic;
    this.norm = norm;
    Model m = task.model();
    k = task.substeps();
    nq = m.nq();
    nv = m.nv();
    here = new Data(m);
    other = new Data(m);
    beforeBars = Task.StateBars.of(m);
    afterBars = Task.StateBars.of(m);
    actionBar = new double[task.actionSize()];
    raw = new double[task.observationSize()];
    obs = new double[task.observationSize()];
    rawBar = new double[task.observationSize()];
  }

  private static void load(Data d, double[] qpos, double[] qvel) {
    System.arraycopy(qpos, 0, d.qpos, 0, qpos.length);
    System.arraycopy(qvel, 0, d.qvel, 0, qvel.length);
  }

  private Data recorded(int j) {
    int o = j * (nq + nv);
    System.arraycopy(states, o, other.qpos, 0, nq);
    System.arraycopy(states, o + nq, other.qvel, 0, nv);
    return other;
  }

  private Task.StepData step(int j, Data before, Data after) {
    boolean last = firstStep + j + 1 >= task.maxEpisodeSteps();
    return new Task.StepData(before, after, actions, j * actionBar.length, last);
  }

  private void gradient(Task.StepData s) {
    java.util.Arrays.fill(beforeBars.qpos(), 0);
    java.util.Arrays.fill(beforeBars.qvel(), 0);
    java.util.Arrays.fill(afterBars.qpos(), 0);
    java.util.Arrays.fill(afterBars.qvel(), 0);
    java.util.Arrays.fill(actionBar, 0);
    task.rewardGradient(s, beforeBars, afterBars, actionBar);
  }

  private static void addScaled(Task.StateBars from, double scale, Gradient g) {
    for (int i = 0; i < from.qpos().length; i++) {
      g.qpos()[i] += scale * from.qpos()[i];
    }
    for (int i = 0; i < from.qvel().length; i++) {
      g.qvel()[i] += scale * from.qvel()[i];
    }
  }

  /** −γ^j r_j with the state after step j in {@code here}; its gradient there into g. */
  private double endOfStep(int j, Gradient g) {
    Task.StepData s = step(j, recorded(j), here);
    double w = -Math.pow(gamma, j);
    double r = task.reward(s);
    gradient(s);
    addScaled(afterBars, w, g);
    return w * r;
  }

  /** −γ^j r_j's gradient with respect to the state before step j (in {@code here}) and a_j. */
  private void startOfStep(int j, Gradient g) {
    Task.StepData s = step(j, here, recorded(j + 1));
    double w = -Math.pow(gamma, j);
    gradient(s);
    addScaled(beforeBars, w, g);
    for (int c = 0; c < actionBar.length; c++) {
      g.ctrl()[c] += w * actionBar[c] / task.controlScale(c);
    }
  }

  @Override
  public double running(Model m, int t, double[] qpos, double[] qvel, double[] ctrl, Gradient g) {
    if (t % k != 0) {
      return 0;
    }
    int j = t / k;
    load(here, qpos, qvel);
    double value = j >= 1 ? endOfStep(j - 1, g) : 0;
    if (j < len) {
      load(here, qpos, qvel);
      startOfStep(j, g);
    }
    return value;
  }

  @Override
  public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
    load(here, qpos, qvel);
    double value = endOfStep(len - 1, g);
    if (critic == null) {
      return value;
    }
    load(here, qpos, qvel);
    task.observe(here, firstStep + len, raw, 0);
    norm.normalize(raw, 0, obs, 0);
    double w = -Math.pow(gamma, len);
    value += w * critic.forward(obs, 1)[0];
    seed[0] = w;
    java.util.Arrays.fill(rawBar, 0); // backward adds into the input's bar
    critic.backward(seed, rawBar, false);
    for (int i = 0; i < rawBar.length; i++) {
      rawBar[i] *= norm.scale(i);
    }
    task.observationVjp(here, firstStep + len, rawBar, 0, new Task.StateBars(g.qpos(), g.qvel()));
    return value;
  }

  @Override
  public String toString() {
    return "SHAC actor loss over " + len + " steps of " + task.name();
  }
}
