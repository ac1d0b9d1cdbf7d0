package org.diffart.sim.data;

/**
 * A step could not go on: it produced a non-finite value, or found more contacts than the model's
 * capacity ({@code Model.nconMax}). The message names the step and, for a non-finite value, the
 * quantity, the body and the degree of freedom, so the user can find the cause; the state before
 * the failing step is left in {@code Data} unchanged where possible.
 */
public final class SimulationException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final long step;
  private final int dof;

  public SimulationException(String message, long step, int dof) {
    super(message);
    this.step = step;
    this.dof = dof;
  }

  /** The step index (Data.nstep) at which the problem was detected. */
  public long step() {
    return step;
  }

  /** The degree of freedom (or -1). */
  public int dof() {
    return dof;
  }
}
