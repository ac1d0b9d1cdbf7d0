package org.diffart.kernel.jupyter;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import jdk.jshell.UnresolvedReferenceException;

/**
 * Evaluates Java source with a JShell that runs in this JVM, and returns live result objects.
 *
 * <p>A cell is split into snippets with JShell's own completeness analysis and evaluated one by one;
 * the first failing snippet ends the cell with an exception. The value of a cell is the value of its
 * last snippet when that snippet is an expression, else null.
 */
final class Evaluator implements AutoCloseable {

  private final NotebookExecutionControl control = new NotebookExecutionControl();
  private final JShell shell;

  /**
   * Starts a JShell whose own messages go to {@link System#out} and {@link System#err} as they are
   * at the time of writing (the kernel swaps them per cell).
   *
   * @param compilerOptions extra javac options
   */
  Evaluator(List<String> compilerOptions) {
    this.shell =
        JShell.builder()
            .executionEngine(control.provider(), java.util.Map.of())
            .out(new PrintStream(new CurrentStream(true), true))
            .err(new PrintStream(new CurrentStream(false), true))
            .compilerOptions(compilerOptions.toArray(String[]::new))
            .build();
  }

  /** The JShell analysis service, for completion and documentation. */
  SourceCodeAnalysis analysis() {
    return shell.sourceCodeAnalysis();
  }

  /**
   * Adds a jar or folder to the classpath of later snippets (compile and run time).
   *
   * @param path a file system path
   */
  void addToClasspath(String path) {
    shell.addToClasspath(path);
  }

  /**
   * Evaluates a cell of Java source.
   *
   * @param code Java statements, declarations and expressions, magics already rewritten
   * @return the live value of the last snippet if it is an expression, else null
   * @throws CompilationException when a snippet does not compile
   * @throws EvaluationException when user code throws
   * @throws IncompleteSourceException when the source ends in the middle of a snippet
   * @throws InterruptedException when the cell was interrupted
   */
  Object eval(String code) throws Exception {
    control.beginCell();
    Object last = null;
    String remaining = code;
    while (!remaining.isBlank()) {
      SourceCodeAnalysis.CompletionInfo info = analysis().analyzeCompletion(remaining);
      Completeness completeness = info.completeness();
      if (completeness == Completeness.EMPTY) {
        break;
      }
      if (completeness == Completeness.DEFINITELY_INCOMPLETE
          || completeness == Completeness.CONSIDERED_INCOMPLETE) {
        throw new IncompleteSourceException(remaining.strip());
      }
      // UNKNOWN (a syntax error) is evaluated too, so that javac's message reaches the user
      String source = completeness == Completeness.UNKNOWN ? remaining : info.source();
      remaining = completeness == Completeness.UNKNOWN ? "" : info.remaining();
      last = evalSnippet(source);
    }
    return last;
  }

  private Object evalSnippet(String source) throws Exception {
    Object value = null;
    for (SnippetEvent event : shell.eval(source)) {
      if (event.causeSnippet() != null) {
        continue; // a dependent snippet updated as a consequence
      }
      Object result = control.takeResult(event.value());
      Snippet snippet = event.snippet();
      if (event.status() == Snippet.Status.REJECTED) {
        throw new CompilationException(describeRejection(snippet));
      }
      if (event.exception() != null) {
        throw translate(event.exception());
      }
      if (control.wasStopped()) {
        throw new InterruptedException("cell interrupted");
      }
      value = isExpression(snippet) ? result : null;
    }
    if (control.wasStopped()) {
      throw new InterruptedException("cell interrupted");
    }
    return value;
  }

  /** Stops the running cell; it then fails with an {@link InterruptedException}. */
  void stop() {
    shell.stop();
  }

  @Override
  public void close() {
    shell.close();
  }

  private static boolean isExpression(Snippet snippet) {
    return switch (snippet.subKind()) {
      case VAR_VALUE_SUBKIND, OTHER_EXPRESSION_SUBKIND, TEMP_VAR_EXPRESSION_SUBKIND -> true;
      default -> false;
    };
  }

  private String describeRejection(Snippet snippet) {
    String source = snippet.source();
    List<Diag> diags = shell.diagnostics(snippet).filter(Diag::isError).toList();
    if (diags.isEmpty()) {
      return "rejected: " + source.strip();
    }
    return diags.stream().map(d -> describe(d, source)).collect(Collectors.joining("\n"));
  }

  private static String describe(Diag diag, String source) {
    String message = diag.getMessage(Locale.ROOT);
    long pos = diag.getPosition();
    if (pos < 0 || pos > source.length()) {
      return message;
    }
    int lineStart = source.lastIndexOf('\n', (int) pos - 1) + 1;
    int lineEnd = source.indexOf('\n', (int) pos);
    String line = source.substring(lineStart, lineEnd < 0 ? source.length() : lineEnd);
    return message + "\n" + line + "\n" + " ".repeat((int) pos - lineStart) + "^";
  }

  private Exception translate(JShellException e) {
    if (e instanceof EvalException ee) {
      return new EvaluationException(ee);
    }
    if (e instanceof UnresolvedReferenceException ure) {
      String missing =
          shell.unresolvedDependencies(ure.getSnippet()).collect(Collectors.joining(", "));
      return new CompilationException(
          "'" + ure.getSnippet().name() + "' cannot be used until this is declared: " + missing);
    }
    return new CompilationException(String.valueOf(e.getMessage()));
  }

  /** Writes to whichever stream {@link System#out} or {@link System#err} is at the time. */
  private static final class CurrentStream extends OutputStream {
    private final boolean stdout;

    CurrentStream(boolean stdout) {
      this.stdout = stdout;
    }

    private PrintStream target() {
      return stdout ? System.out : System.err;
    }

    @Override
    public void write(int b) {
      target().write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      target().write(b, off, len);
    }

    @Override
    public void flush() {
      target().flush();
    }
  }
}
