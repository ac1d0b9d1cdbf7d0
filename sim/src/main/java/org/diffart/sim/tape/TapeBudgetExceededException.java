package org.diffart.sim.tape;

/** Thrown when a {@link Tape} would grow past its byte budget; the recording is abandoned, the JVM keeps running. */
public final class TapeBudgetExceededException extends RuntimeException {
  private final long budgetBytes;
  private final int nodes;

  TapeBudgetExceededException(long budgetBytes, int nodes) {
    super("tape exceeded " + budgetBytes + " bytes (" + nodes + " nodes of " + Tape.BYTES_PER_NODE + " bytes)");
    this.budgetBytes = budgetBytes;
    this.nodes = nodes;
  }

  /** The budget that was exceeded, bytes. */
  public long budgetBytes() {
    return budgetBytes;
  }

  /** Nodes recorded when the budget ran out. */
  public int nodes() {
    return nodes;
  }
}
