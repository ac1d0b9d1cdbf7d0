package org.diffart.kernel.jupyter;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import jdk.jshell.DeclarationSnippet;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.MethodSnippet;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import jdk.jshell.UnresolvedReferenceException;
import jdk.jshell.VarSnippet;

/**
 * Evaluates Java source with a JShell that runs in this JVM, and returns live result objects.
 *
 * <p>A cell is split into snippets with JShell's own completeness analysis and evaluated one by
 * one; the first failing snippet ends the cell with an exception. The value of a cell is the value
 * of its last snippet when that snippet is an expression, else null.
 *
 * <p>Variables never get lost. JShell keeps a variable's declaration as its source and compiles it
 * again whenever a later snippet changes what its names mean: after {@code import java.sql.Date} a
 * {@code Date d} declared earlier becomes a {@code java.sql.Date} and its value is reset to null,
 * and after {@code import java.awt.*} a {@code List<Integer> li} no longer compiles ({@code List}
 * is ambiguous) and disappears. So after each cell, every variable it declared is declared again
 * with its fully qualified type and its own value ({@code java.util.Date d = (java.util.Date)
 * Pins.take(..)}), which no import can change. A variable whose type cannot be written (an
 * anonymous class, a class declared in the notebook) keeps its declaration; if a later cell still
 * changes or drops a variable, that cell says so in one line naming each one.
 */
final class Evaluator implements AutoCloseable {

  private final NotebookExecutionControl control = new NotebookExecutionControl();
  private final JShell shell;
  private final List<VarSnippet> declared = new ArrayList<>();
  private final Map<String, String> affected = new LinkedHashMap<>();

  /**
   * Methods and classes an earlier cell's declaration stopped from compiling, and why, by snippet
   * id.
   */
  private final Map<String, String> broken = new java.util.HashMap<>();

  /**
   * Each pinned variable's field in the class of its latest declaration, by name: where its value
   * lives.
   */
  private final Map<String, Field> pinned = new java.util.HashMap<>();

  private final java.util.Set<String> restoring = new java.util.HashSet<>();

  /** Where each snippet came from: its cell's number and its first line there, by snippet id. */
  private final Map<String, int[]> origins = new java.util.concurrent.ConcurrentHashMap<>();

  private int cell;

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
    return eval(code, cell + 1);
  }

  /**
   * As {@link #eval(String)}, the cell named {@code number} where errors name cells ("line 3 of
   * cell 54"): Jupyter's execution count.
   */
  Object eval(String code, int number) throws Exception {
    control.beginCell();
    cell = number;
    declared.clear();
    affected.clear();
    try {
      return evalSnippets(code);
    } finally {
      pinDeclaredVariables();
      if (!affected.isEmpty()) {
        System.err.println(
            "diffart: this cell changed earlier declarations: "
                + affected.entrySet().stream()
                    .map(e -> e.getKey() + " (" + e.getValue() + ")")
                    .collect(Collectors.joining(", ")));
      }
    }
  }

  private Object evalSnippets(String code) throws Exception {
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
      // javac's positions count from where the snippet's source starts (leading line breaks
      // included), stack
      // frames from its first non-blank line
      int start = code.length() - remaining.length();
      int line = 1 + (int) code.substring(0, start).chars().filter(c -> c == '\n').count();
      int blank =
          (int)
              source
                  .substring(0, source.length() - source.stripLeading().length())
                  .chars()
                  .filter(c -> c == '\n')
                  .count();
      remaining = completeness == Completeness.UNKNOWN ? "" : info.remaining();
      last = evalSnippet(source, line, line + blank);
    }
    return last;
  }

  private Object evalSnippet(String source, int line, int firstCodeLine) throws Exception {
    Object value = null;
    List<String> reset = new ArrayList<>();
    List<SnippetEvent> events = shell.eval(source);
    for (SnippetEvent event : events) {
      if (event.causeSnippet() != null) {
        noteConsequence(event, reset); // a dependent snippet updated as a consequence
      }
    }
    restore(reset); // before anything else, so that even the rest of this cell sees the values
    for (SnippetEvent event : events) {
      if (event.causeSnippet() != null) {
        continue;
      }
      Object result = control.takeResult(event.value());
      Snippet snippet = event.snippet();
      origins.put(snippet.id(), new int[] {cell, firstCodeLine});
      if (event.status() == Snippet.Status.REJECTED) {
        throw new CompilationException(describeRejection(snippet, line));
      }
      if ((event.status() == Snippet.Status.RECOVERABLE_NOT_DEFINED
              || event.status() == Snippet.Status.RECOVERABLE_DEFINED)
          && snippet instanceof DeclarationSnippet ds) {
        String missing = shell.unresolvedDependencies(ds).collect(Collectors.joining(", "));
        if (snippet instanceof VarSnippet) {
          // JShell would keep the variable, without a value, for when what it names exists: a cell
          // must say now
          shell.drop(snippet);
          throw new CompilationException(
              "line "
                  + line
                  + ": cannot find symbol "
                  + missing
                  + " (import it, or"
                  + " declare it first)\n"
                  + snippet.source().strip().lines().findFirst().orElse(""));
        }
        // a method or class may name what a later cell declares; it runs once that exists
        System.err.println(
            "diffart: "
                + ds.name()
                + " is declared, but cannot be used until this is declared: "
                + missing);
      }
      if (event.exception() != null) {
        throw translate(event.exception());
      }
      if (control.wasStopped()) {
        throw new InterruptedException("cell interrupted");
      }
      // as IPython: a cell ending in ';' shows no value (printf's PrintStream, say)
      value = isExpression(snippet) && !source.stripTrailing().endsWith(";") ? result : null;
      if (snippet instanceof VarSnippet v && event.status() == Snippet.Status.VALID) {
        declared.add(v);
        pinned.remove(v.name());
      }
    }
    if (control.wasStopped()) {
      throw new InterruptedException("cell interrupted");
    }
    return value;
  }

  /**
   * Records what happened to an earlier variable that this cell's snippet made JShell compile
   * again: a pinned one goes to {@code reset} to be restored, any other is reported. JShell
   * compiles a variable again whenever a new declaration shares a name with any identifier of its
   * declaration, even a package name inside its fully qualified type ({@code var model = ...}
   * recompiles {@code org.diffart.sim.model.Model ant}), and a recompiled variable starts from its
   * default value.
   */
  private void noteConsequence(SnippetEvent event, List<String> reset) {
    if (event.snippet() instanceof DeclarationSnippet ds && !(ds instanceof VarSnippet)) {
      noteBroken(event, ds);
      return;
    }
    if (!(event.snippet() instanceof VarSnippet v)
        || event.status() == Snippet.Status.OVERWRITTEN) {
      return;
    }
    boolean changed =
        event.previousStatus() == Snippet.Status.VALID
            && (!event.status().isDefined() || event.isSignatureChange());
    if (changed && pinned.containsKey(v.name())) {
      reset.add(v.name());
      return;
    }
    if (event.previousStatus() == Snippet.Status.VALID && !event.status().isDefined()) {
      String why =
          shell
              .diagnostics(v)
              .filter(Diag::isError)
              .map(d -> d.getMessage(Locale.ROOT))
              .findFirst()
              .orElse("not compilable any more");
      affected.put(v.name(), "no longer defined: " + why.lines().findFirst().orElse(why));
    } else if (event.isSignatureChange() && event.status() == Snippet.Status.VALID) {
      affected.put(v.name(), "now a " + v.typeName() + ", its value reset");
    }
  }

  /**
   * Records a method or class that a declaration of this cell stopped from compiling ({@code
   * scaled(double)} once {@code scale} is a String): the cell says so, and a later call names the
   * declaration that broke it.
   */
  private void noteBroken(SnippetEvent event, DeclarationSnippet ds) {
    if (event.previousStatus() != Snippet.Status.VALID
        || event.status() == Snippet.Status.VALID
        || event.status() == Snippet.Status.OVERWRITTEN) {
      return;
    }
    String what =
        ds instanceof MethodSnippet m ? m.name() + "(" + m.parameterTypes() + ")" : ds.name();
    String cause =
        event.causeSnippet() instanceof VarSnippet v
            ? v.name() + " is now a " + v.typeName()
            : event.causeSnippet() instanceof DeclarationSnippet d
                ? d.name() + " was declared again"
                : "a declaration";
    String why =
        shell
            .diagnostics(ds)
            .filter(Diag::isError)
            .map(d -> d.getMessage(Locale.ROOT))
            .findFirst()
            .map(d -> d.lines().findFirst().orElse(d))
            .orElse("it does not compile");
    String explanation = "no longer compiles since " + cause + " (cell " + cell + "): " + why;
    affected.put(what, explanation);
    broken.put(ds.id(), what + " " + explanation);
  }

  /**
   * Declares each variable of the cell again with its fully qualified type and its current value,
   * so that later imports cannot re-resolve it (see the class comment). A type that cannot be
   * written is left alone.
   */
  private void pinDeclaredVariables() {
    // every value is read before any is declared again: declaring one again makes JShell recompile,
    // and reset, the
    // variables whose initializers name it (the old field keeps the value)
    Map<String, Field> fields = new LinkedHashMap<>();
    for (VarSnippet v : declared) {
      Field f = shell.status(v) == Snippet.Status.VALID ? field(v) : null;
      if (f != null) {
        fields.put(v.name(), f);
      }
    }
    declared.clear();
    fields.forEach((name, f) -> pin(name, f, fields.keySet()));
  }

  /**
   * Declares the pinned variables JShell has just reset or dropped again, with the values they had
   * before.
   */
  private void restore(List<String> names) {
    for (String name : names) {
      // a variable reset again while it is being restored (two names in each other's types) is
      // reported
      if (!restoring.add(name)) {
        affected.put(name, "its value reset; it could not be declared again");
        continue;
      }
      boolean restored = pin(name, pinned.get(name), java.util.Set.of());
      restoring.remove(name);
      if (!restored) {
        pinned.remove(name);
        affected.put(name, "its value reset; it could not be declared again");
      }
    }
  }

  /**
   * Declares {@code name} with the fully qualified type and the current value of field {@code f}
   * and remembers the new declaration's field; false when the type cannot be written or the
   * declaration is refused. Pinned variables this resets are restored; others are reported, except
   * those in {@code pinningNow}.
   */
  private boolean pin(String name, Field f, java.util.Set<String> pinningNow) {
    String type = canonical(f.getGenericType());
    if (type == null) {
      return false;
    }
    Object value;
    try {
      value = f.get(null);
    } catch (IllegalAccessException e) {
      return false;
    }
    String key = Pins.park(value);
    String cast =
        f.getType().isPrimitive()
            ? "(" + type + ") (" + boxed(f.getType()) + ") "
            : "(" + type + ") ";
    boolean pinnedNow = false;
    List<String> reset = new ArrayList<>();
    for (SnippetEvent e :
        shell.eval(
            type + " " + name + " = " + cast + Pins.class.getName() + ".take(\"" + key + "\");")) {
      if (e.causeSnippet() != null) {
        if (!(e.snippet() instanceof VarSnippet v && pinningNow.contains(v.name()))) {
          noteConsequence(e, reset);
        }
      } else if (e.snippet() instanceof VarSnippet pv
          && e.status() == Snippet.Status.VALID
          && e.exception() == null) {
        Field pf = field(pv);
        if (pf != null) {
          pinned.put(name, pf);
          pinnedNow = true;
        }
      }
    }
    Pins.take(key);
    reset.remove(name);
    restore(reset);
    return pinnedNow;
  }

  /** The static field that holds a valid variable's value, or null when it cannot be found. */
  private Field field(VarSnippet v) {
    try {
      control.locateOnly(true);
      shell.varValue(v);
    } catch (RuntimeException e) {
      return null;
    } finally {
      control.locateOnly(false);
    }
    return control.variableField(control.lastVariableClass(), v.name());
  }

  /**
   * The source form of a type with every class fully qualified, or null when it cannot be written.
   */
  static String canonical(Type t) {
    if (t instanceof Class<?> c) {
      if (c.isArray()) {
        String component = canonical(c.getComponentType());
        return component == null ? null : component + "[]";
      }
      String name = c.getCanonicalName();
      return name == null || name.contains("$JShell") || c.isSynthetic() ? null : name;
    }
    if (t instanceof ParameterizedType p) {
      String raw = canonical(p.getRawType());
      if (raw == null) {
        return null;
      }
      List<String> args = new ArrayList<>();
      for (Type a : p.getActualTypeArguments()) {
        String s = canonical(a);
        if (s == null) {
          return null;
        }
        args.add(s);
      }
      return raw + "<" + String.join(", ", args) + ">";
    }
    if (t instanceof WildcardType w) {
      if (w.getLowerBounds().length > 0) {
        String lower = canonical(w.getLowerBounds()[0]);
        return lower == null ? null : "? super " + lower;
      }
      Type upper = w.getUpperBounds().length == 0 ? Object.class : w.getUpperBounds()[0];
      if (upper == Object.class) {
        return "?";
      }
      String s = canonical(upper);
      return s == null ? null : "? extends " + s;
    }
    if (t instanceof GenericArrayType g) {
      String component = canonical(g.getGenericComponentType());
      return component == null ? null : component + "[]";
    }
    return null;
  }

  private static String boxed(Class<?> primitive) {
    return java.lang.invoke.MethodType.methodType(primitive).wrap().returnType().getName();
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

  private String describeRejection(Snippet snippet, int line) {
    String source = snippet.source();
    List<Diag> diags = shell.diagnostics(snippet).filter(Diag::isError).toList();
    if (diags.isEmpty()) {
      return "line " + line + ": rejected: " + source.strip();
    }
    return diags.stream().map(d -> describe(d, source, line)).collect(Collectors.joining("\n"));
  }

  /** javac's message as "line L: message", L the line in the cell, then that line and a caret. */
  private static String describe(Diag diag, String source, int firstLine) {
    // javac names the class JShell wraps a snippet in ("location: class" and nothing, or
    // REPL.$JShell$12): no one's
    String message =
        diag.getMessage(Locale.ROOT)
            .lines()
            .filter(l -> !l.strip().matches("location: class( REPL\\..*| \\$JShell.*)?"))
            .collect(Collectors.joining("\n"));
    long pos = diag.getPosition();
    if (pos < 0 || pos > source.length()) {
      return "line " + firstLine + ": " + message;
    }
    int lineStart = source.lastIndexOf('\n', (int) pos - 1) + 1;
    int lineEnd = source.indexOf('\n', (int) pos);
    int line =
        firstLine + (int) source.substring(0, lineStart).chars().filter(c -> c == '\n').count();
    String text = source.substring(lineStart, lineEnd < 0 ? source.length() : lineEnd);
    return "line "
        + line
        + ": "
        + message
        + "\n"
        + text
        + "\n"
        + " ".repeat((int) pos - lineStart)
        + "^";
  }

  /**
   * Where a stack frame of notebook code lies: "line L of this cell" or "line L of cell N" (cells
   * counted from the kernel's start), or null for a frame outside the notebook.
   */
  String locate(StackTraceElement frame) {
    String file = frame.getFileName();
    boolean repl = frame.getClassName().isEmpty() || frame.getClassName().startsWith("REPL.");
    if (!repl || file == null || !file.startsWith("#")) {
      return null;
    }
    int[] origin = origins.get(file.substring(1));
    if (origin == null) {
      return null;
    }
    int line = origin[1] + Math.max(0, frame.getLineNumber() - 1);
    return "line "
        + line
        + (origin[0] == 0
            ? " of a startup script"
            : origin[0] == cell ? " of this cell" : " of cell " + origin[0]);
  }

  private Exception translate(JShellException e) {
    if (e instanceof EvalException ee) {
      return new EvaluationException(ee);
    }
    if (e instanceof UnresolvedReferenceException ure) {
      String missing =
          shell.unresolvedDependencies(ure.getSnippet()).collect(Collectors.joining(", "));
      if (missing.isEmpty() && broken.containsKey(ure.getSnippet().id())) {
        return new CompilationException(
            "'"
                + ure.getSnippet().name()
                + "' cannot be used: "
                + broken.get(ure.getSnippet().id())
                + "; declare it again");
      }
      if (missing.isEmpty()) {
        String why =
            shell
                .diagnostics(ure.getSnippet())
                .filter(Diag::isError)
                .map(d -> d.getMessage(Locale.ROOT))
                .findFirst()
                .orElse("it does not compile");
        return new CompilationException("'" + ure.getSnippet().name() + "' cannot be used: " + why);
      }
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
