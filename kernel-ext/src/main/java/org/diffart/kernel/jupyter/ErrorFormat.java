package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.kernel.util.StringStyler;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Formats a failed cell for the notebook the way Python's best errors read: one clear line first,
 * at most a short chain of causes, and where in the cell it happened; the Java stack trace only on
 * request ({@code %debug}).
 *
 * <ul>
 *   <li>Errors that explain themselves (a bad model, a bad argument, a magic's usage, a simulation
 *       or gradient that cannot go on) show their message alone; any other exception shows its
 *       simple class name first.
 *   <li>Compile errors name the line of the cell, with the line and a caret.
 *   <li>Interrupts and incomplete cells are one line.
 * </ul>
 */
final class ErrorFormat {

  /** Exceptions whose message is the whole story: shown without their class name. */
  private static final Set<String> SELF_EXPLAINING =
      Set.of(
          "java.lang.IllegalArgumentException",
          "java.lang.IllegalStateException",
          "java.lang.UnsupportedOperationException",
          "java.io.UncheckedIOException",
          "org.diffart.sim.io.ModelFormatException",
          "org.diffart.sim.data.SimulationException",
          "org.diffart.sim.tape.TapeBudgetExceededException",
          "org.diffart.sim.diff.NonFiniteAdjointException",
          "org.diffart.kernel.magic.MagicUsageException",
          "io.github.spencerpark.jupyter.kernel.magic.registry.MagicArgsParseException",
          "io.github.spencerpark.jupyter.kernel.magic.registry.UndefinedMagicException");

  /** The most causes listed under the first line. */
  static final int MAX_CAUSES = 3;

  private ErrorFormat() {}

  /**
   * The traceback lines of a failed cell.
   *
   * @param e the cell's error
   * @param styler colours for the headline
   * @param locate where a stack frame lies in the notebook ("line 3 of this cell"), or null outside
   *     it
   * @param fallback the default traceback, used for errors of the kernel itself
   * @return lines without line breaks
   */
  static List<String> lines(
      Exception e,
      StringStyler styler,
      Function<StackTraceElement, String> locate,
      Supplier<List<String>> fallback) {
    List<String> lines = new ArrayList<>();
    if (e instanceof EvaluationException ee) {
      lines.addAll(styler.primaryLines(headline(ee)));
      int causes = 0;
      for (Throwable t = ee.getCause();
          t != null && causes < MAX_CAUSES;
          t = t.getCause(), causes++) {
        lines.add(
            "  caused by: " + (t instanceof EvaluationException c ? headline(c) : t.toString()));
      }
      String where = where(ee, locate);
      if (where != null) {
        lines.add("  at " + where);
      }
      lines.addAll(styler.secondaryLines("  (%debug shows the full stack trace)"));
      return lines;
    }
    if (e instanceof CompilationException) {
      lines.addAll(styler.primaryLines("compile error at " + e.getMessage().strip()));
      return lines;
    }
    if (e instanceof IncompleteSourceException) {
      lines.addAll(styler.primaryLines("incomplete cell: " + e.getMessage()));
      return lines;
    }
    if (e instanceof InterruptedException) {
      lines.addAll(styler.primaryLines("interrupted"));
      return lines;
    }
    return fallback.get();
  }

  /** The errors of a magic's use: named {@code UsageError}, as IPython names them. */
  private static final Set<String> USAGE =
      Set.of(
          "org.diffart.kernel.magic.MagicUsageException",
          "io.github.spencerpark.jupyter.kernel.magic.registry.MagicArgsParseException",
          "io.github.spencerpark.jupyter.kernel.magic.registry.UndefinedMagicException");

  /**
   * The error's name for the reply and the error message ({@code ename}): the class the notebook
   * code threw (its simple name), {@code UsageError} for a magic's misuse, {@code CompileError},
   * {@code IncompleteInput}.
   */
  static String name(Exception e) {
    if (e instanceof EvaluationException ee) {
      String c = ee.exceptionClassName();
      return USAGE.contains(c) ? "UsageError" : c.substring(c.lastIndexOf('.') + 1);
    }
    if (e instanceof CompilationException) {
      return "CompileError";
    }
    if (e instanceof IncompleteSourceException) {
      return "IncompleteInput";
    }
    return USAGE.contains(e.getClass().getName()) ? "UsageError" : e.getClass().getSimpleName();
  }

  /**
   * The error's value for the reply and the error message ({@code evalue}): its first line, as the
   * cell shows it.
   */
  static String value(Exception e) {
    if (e instanceof EvaluationException ee) {
      return headline(ee);
    }
    if (e instanceof CompilationException) {
      return "compile error at " + e.getMessage().strip();
    }
    if (e instanceof InterruptedException) {
      return "interrupted";
    }
    return String.valueOf(e.getMessage());
  }

  /** The error's first line: its message, after the simple class name unless it explains itself. */
  static String headline(EvaluationException e) {
    String message = e.originalMessage();
    String simple = e.exceptionClassName().substring(e.exceptionClassName().lastIndexOf('.') + 1);
    if (SELF_EXPLAINING.contains(e.exceptionClassName()) && message != null && !message.isBlank()) {
      return message;
    }
    return message == null || message.isBlank() ? simple : simple + ": " + message;
  }

  /**
   * The places in the notebook the error passed through, innermost first, at most three: "line 2 of
   * cell 5, in check(), called from line 9 of this cell"; null when none.
   */
  private static String where(Throwable e, Function<StackTraceElement, String> locate) {
    List<String> places = new ArrayList<>();
    for (StackTraceElement frame : e.getStackTrace()) {
      String w = locate.apply(frame);
      if (w == null || places.size() == 3) {
        continue;
      }
      String method = frame.getMethodName();
      // JShell runs a cell's statements in do_it$ and wraps lambdas in lambda$...: only a declared
      // method is named
      boolean declared =
          !method.isEmpty()
              && !method.startsWith("do_it$")
              && !method.contains("$")
              && !method.startsWith("<");
      places.add(w + (declared ? ", in " + method + "()" : ""));
    }
    return places.isEmpty() ? null : String.join(", called from ", places);
  }

  /** The full stack trace of a cell's error, causes included, as {@code %debug} shows it. */
  static List<String> fullTrace(Exception e, Function<StackTraceElement, String> locate) {
    List<String> lines = new ArrayList<>();
    String prefix = "";
    for (Throwable t = e; t != null; t = t.getCause(), prefix = "caused by: ") {
      lines.add(prefix + (t instanceof EvaluationException ee ? ee.getMessage() : t.toString()));
      for (StackTraceElement frame : t.getStackTrace()) {
        String w = locate.apply(frame);
        String method = frame.getMethodName();
        boolean named = !method.isEmpty() && !method.equals("do_it$");
        lines.add(
            "    at " + (w != null ? w + (named ? " (" + method + ")" : "") : frame.toString()));
      }
    }
    return lines;
  }
}
