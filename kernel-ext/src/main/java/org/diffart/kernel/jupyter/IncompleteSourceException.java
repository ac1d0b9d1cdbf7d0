package org.diffart.kernel.jupyter;

/** A cell whose source ends in the middle of a statement or declaration. */
public final class IncompleteSourceException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param source the incomplete trailing source
   */
  public IncompleteSourceException(String source) {
    super("incomplete source: " + source);
  }
}
