package org.diffart.sim.task;

import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.optim.Objective;

/**
 * A motion task's loss as an {@link Objective} over its control knots: a value is one plain rollout
 * of T steps; a gradient is the adjoint's forward and backward sweep (every state kept, nothing
 * recomputed), the per-step control gradients summed over each knot's steps. It adds up the
 * adjoint's forward and backward times, whose ratio r prices a gradient at {@code T·(1 + r)}
 * simulated steps.
 */
public final class Rollouts implements Objective {
  private final MotionTask task;
  private final Loss loss;
  private final Loss.Gradient scratch;
  private double forwardMs, backwardMs;
  private long gradients;

  Rollouts(MotionTask task) {
    this.task = task;
    loss = task.loss();
    scratch = Loss.Gradient.of(task.model());
  }

  @Override
  public double evaluate(double[] x, double[] grad) {
    if (grad == null) {
      Data d = task.rollout(x);
      scratch.clear();
      return loss.terminal(task.model(), d.qpos, d.qvel, scratch);
    }
    GradientResult g = AdjointGradient.compute(task.problem(x), new Checkpointing.Every(1));
    forwardMs += g.forwardMs();
    backwardMs += g.backwardMs();
    gradients++;
    int nu = task.model().nu(), hold = task.hold();
    java.util.Arrays.fill(grad, 0);
    for (int t = 0; t < task.steps(); t++) {
      for (int k = 0; k < nu; k++) {
        grad[t / hold * nu + k] += g.ctrl()[t * nu + k];
      }
    }
    return g.loss();
  }

  /** The gradients evaluated so far. */
  public long gradients() {
    return gradients;
  }

  /** The adjoint's backward time over its forward time, summed over the gradients so far. */
  public double backwardOverForward() {
    return backwardMs / forwardMs;
  }
}
