package org.diffart.kernel.jupyter;

/** A cell that javac rejected; the message carries javac's diagnostics with the offending line. */
public final class CompilationException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param diagnostics javac's messages, each followed by the source line and a caret
   */
  public CompilationException(String diagnostics) {
    super(diagnostics);
  }
}
