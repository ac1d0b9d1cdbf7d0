package org.diffart.sim.task;

import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.RolloutProblem;
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
  private double forwardMs, backwardMs;
  private long gradients;

  Rollouts(MotionTask task) {
    this.task = task;
  }

  @Override
  public double evaluate(double[] x, double[] grad) {
    RolloutProblem p = task.problem(x);
    if (grad == null) {
      return FiniteDifferenceGradient.loss(p, p.start(), p.controls());
    }
    GradientResult g = AdjointGradient.compute(p, new Checkpointing.Every(1));
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
