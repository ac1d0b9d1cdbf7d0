package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.kernel.util.StringStyler;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Formats a failed cell for the notebook: notebook exceptions with their own class name and the stack
 * frames down to the cell, compile errors and interrupts as plain messages, and usage errors of
 * magics as their message alone.
 */
final class ErrorFormat {

  private static final Set<String> USAGE_ERRORS =
      Set.of(
          "org.diffart.kernel.magic.MagicUsageException",
          "io.github.spencerpark.jupyter.kernel.magic.registry.MagicArgsParseException",
          "io.github.spencerpark.jupyter.kernel.magic.registry.UndefinedMagicException");

  private ErrorFormat() {}

  /**
   * The traceback lines of a failed cell.
   *
   * @param e the cell's error
   * @param styler colours for the headline
   * @param fallback the default traceback, used for errors of the kernel itself
   * @return lines without line breaks
   */
  static List<String> lines(Exception e, StringStyler styler, Supplier<List<String>> fallback) {
    List<String> lines = new ArrayList<>();
    if (e instanceof EvaluationException ee) {
      lines.addAll(styler.primaryLines(ee.getMessage()));
      if (!USAGE_ERRORS.contains(ee.exceptionClassName())) {
        for (Throwable t = ee; t != null; t = t.getCause()) {
          if (t != ee) {
            lines.addAll(styler.primaryLines("Caused by: " + t.getMessage()));
          }
          addCellFrames(lines, t.getStackTrace());
        }
      }
      return lines;
    }
    if (e instanceof CompilationException
        || e instanceof IncompleteSourceException
        || e instanceof InterruptedException) {
      lines.addAll(styler.primaryLines(e.getClass().getSimpleName() + ": " + e.getMessage()));
      return lines;
    }
    return fallback.get();
  }

  /** Adds the frames JShell kept (it cuts them at the cell), naming cell frames by snippet. */
  private static void addCellFrames(List<String> lines, StackTraceElement[] frames) {
    for (StackTraceElement frame : frames) {
      boolean inCell = frame.getClassName().isEmpty() && frame.getFileName() != null;
      lines.add(
          inCell
              ? "    at cell snippet " + frame.getFileName() + ", line " + frame.getLineNumber()
              : "    at " + frame);
    }
  }
}
