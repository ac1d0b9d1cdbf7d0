package org.diffart.sim.tape;

/**
 * Thrown when a {@link Tape} would grow past its byte budget; the recording is abandoned, the JVM
 * keeps running.
 */
public final class TapeBudgetExceededException extends RuntimeException {
  private final long budgetBytes;
  private final int nodes;

  TapeBudgetExceededException(long budgetBytes, int nodes) {
    this(budgetBytes, nodes, "(" + nodes + " nodes of " + Tape.BYTES_PER_NODE + " bytes)");
  }

  /**
   * The budget failure of a recording, with where it happened (for example "at step 812 of 5000").
   */
  public TapeBudgetExceededException(long budgetBytes, int nodes, String where) {
    super("tape exceeded " + ByteSize.of(budgetBytes) + " " + where);
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
