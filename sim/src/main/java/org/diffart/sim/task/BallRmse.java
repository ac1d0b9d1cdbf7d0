package org.diffart.sim.task;

import org.diffart.sim.diff.Loss;
import org.diffart.sim.model.Model;

/**
 * The motion tasks' terminal loss, as the paper's scripts compute it: {@code sqrt(mean((p_T −
 * target)²))} over the three coordinates of the ball's final position p_T; no running cost.
 *
 * @param ball the qpos address of the ball's free joint (its position first)
 * @param target the target position (3 numbers, world frame)
 */
record BallRmse(int ball, double[] target) implements Loss {
  @Override
  public boolean hasRunningCost() {
    return false;
  }

  @Override
  public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
    double s = 0;
    for (int k = 0; k < 3; k++) {
      s += (qpos[ball + k] - target[k]) * (qpos[ball + k] - target[k]);
    }
    double l = Math.sqrt(s / 3);
    // dL/dp = (p − target) / (3 L); zero at the target itself
    for (int k = 0; k < 3 && l > 0; k++) {
      g.qpos()[ball + k] = (qpos[ball + k] - target[k]) / (3 * l);
    }
    return l;
  }

  @Override
  public String toString() {
    return "sqrt(mean((ball_T - target)^2))";
  }
}
