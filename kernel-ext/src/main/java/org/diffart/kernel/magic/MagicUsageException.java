package org.diffart.kernel.magic;

/** A magic called with arguments it cannot use; the message ends with the magic's usage line. */
public final class MagicUsageException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param problem what is wrong with the arguments
   * @param usage the magic's usage line, e.g. {@code %rollout --steps N [--key K]}
   */
  public MagicUsageException(String problem, String usage) {
    super(problem + "\nusage: " + usage);
  }
}
