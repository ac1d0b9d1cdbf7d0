package org.diffart.kernel.jupyter;

import jdk.jshell.EvalException;

/**
 * An exception thrown by notebook code. Its message starts with the class name of the original
 * exception, and its stack trace and causes are those of the original.
 */
public final class EvaluationException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String exceptionClassName;
  private final String originalMessage;

  /**
   * Wraps what JShell reports for an exception thrown by a snippet.
   *
   * @param e JShell's report, which names the original class
   */
  EvaluationException(EvalException e) {
    super(e.getExceptionClassName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    this.exceptionClassName = e.getExceptionClassName();
    this.originalMessage = e.getMessage();
    setStackTrace(e.getStackTrace());
    if (e.getCause() instanceof EvalException cause) {
      initCause(new EvaluationException(cause));
    }
  }

  /** The message of the exception the notebook code threw (without its class name), or null. */
  public String originalMessage() {
    return originalMessage;
  }

  /** The fully qualified class name of the exception the notebook code threw. */
  public String exceptionClassName() {
    return exceptionClassName;
  }
}
