package org.diffart.sim.rl;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.model.Model;

/**
 * The CPU {@link VectorEnv} of a {@link Task}: one {@code Data} per world, stepped one after the
 * other by {@code Step.step}; everything else as {@link AbstractTaskEnv}.
 */
public final class TaskEnv extends AbstractTaskEnv {
  /** W worlds of {@code task}, each at the task's reset from seed w until {@link #reset}. */
  public TaskEnv(Task task, int worlds) {
    super(task, worlds);
  }

  /**
   * Steps every world; a world whose state goes {@link #bad} (or whose step throws on a non-finite
   * value) is put back to the state its step started from and marked {@link #diverged}.
   */
  @Override
  protected void advance() {
    Model m = task.model();
    for (int w = 0; w < worlds(); w++) {
      Data d = after[w];
      try {
        for (int k = 0; k < task.substeps(); k++) {
          Step.step(m, d);
        }
        diverged[w] = bad(d);
      } catch (SimulationException e) {
        diverged[w] = true;
      }
      if (diverged[w]) {
        d.copyStateFrom(before[w]);
      }
    }
  }
}
