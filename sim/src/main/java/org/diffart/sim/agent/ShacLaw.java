package org.diffart.sim.agent;

import org.diffart.sim.data.Data;
import org.diffart.sim.diff.ControlLaw;
import org.diffart.sim.model.Model;
import org.diffart.sim.rl.Task;

/**
 * SHAC's policy as a closed-loop control law over one episode segment of a window: at each env step
 * j (model step {@code t = j·k}, k the task's substeps, held for k steps) the observation of the
 * state after {@code firstStep + j} steps of the episode, normalised by fixed statistics, gives
 * {@code a_j = tanh(μ + σ·ε_j)} with the reparameterised noise ε_j fixed in advance, and the
 * controls {@code offset + scale·a_j}. A pure function of the state and θ, so the adjoint's
 * recomputations reproduce it bit for bit.
 */
final class ShacLaw implements ControlLaw {
  private final Task task;
  private final ShacPolicy policy;
  private final ShacNormalizer norm;
  private final double[] eps;
  private final int epsOffset, firstStep;
  private final double[] raw, obs, a, aBar, rawBar;

  /**
   * @param eps the noise, ε_j's actions at {@code epsOffset + j·actions}
   * @param firstStep the episode's step count at the segment's start
   */
  ShacLaw(
      Task task,
      ShacPolicy policy,
      ShacNormalizer norm,
      double[] eps,
      int epsOffset,
      int firstStep) {
    this.task = task;
    this.policy = policy;
    this.norm = norm;
    this.eps = eps;
    this.epsOffset = epsOffset;
    this.firstStep = firstStep;
    raw = new double[task.observationSize()];
    obs = new double[task.observationSize()];
    a = new double[task.actionSize()];
    aBar = new double[task.actionSize()];
    rawBar = new double[task.observationSize()];
  }

  @Override
  public int parameters() {
    return policy.parameters();
  }

  @Override
  public int interval() {
    return task.substeps();
  }

  /** The action a_j of env step j from state d into {@code out}. */
  void action(Data d, int j, double[] theta, double[] out) {
    observe(d, j);
    policy.act(theta, obs, eps, epsOffset + j * a.length, out);
  }

  private void observe(Data d, int j) {
    task.observe(d, firstStep + j, raw, 0);
    norm.normalize(raw, 0, obs, 0);
  }

  @Override
  public void control(Model m, int t, Data d, double[] theta, double[] u) {
    action(d, t / task.substeps(), theta, a);
    for (int c = 0; c < a.length; c++) {
      u[c] = task.controlOffset(c) + task.controlScale(c) * a[c];
    }
  }

  @Override
  public void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out) {
    int j = t / task.substeps();
    observe(d, j);
    for (int c = 0; c < a.length; c++) {
      aBar[c] = uBar[c] * task.controlScale(c);
    }
    double[] obsBar =
        policy.actAdjoint(theta, obs, eps, epsOffset + j * a.length, aBar, out.theta());
    for (int i = 0; i < rawBar.length; i++) {
      rawBar[i] = obsBar[i] * norm.scale(i);
    }
    task.observationVjp(d, firstStep + j, rawBar, 0, new Task.StateBars(out.qpos(), out.qvel()));
  }

  @Override
  public String toString() {
    return "SHAC policy on " + task.name() + " from episode step " + firstStep;
  }
}
