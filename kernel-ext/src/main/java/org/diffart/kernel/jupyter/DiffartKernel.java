package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.channels.JupyterConnection;
import io.github.spencerpark.jupyter.channels.ShellReplyEnvironment;
import io.github.spencerpark.jupyter.kernel.BaseKernel;
import io.github.spencerpark.jupyter.kernel.JupyterIOAccess;
import io.github.spencerpark.jupyter.kernel.LanguageInfo;
import io.github.spencerpark.jupyter.kernel.ReplacementOptions;
import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.magic.common.DisplayMagics;
import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import io.github.spencerpark.jupyter.kernel.util.GlobFinder;
import io.github.spencerpark.jupyter.messages.Message;
import io.github.spencerpark.jupyter.messages.MessageType;
import io.github.spencerpark.jupyter.messages.publish.PublishError;
import io.github.spencerpark.jupyter.messages.publish.PublishExecuteInput;
import io.github.spencerpark.jupyter.messages.publish.PublishExecuteResult;
import io.github.spencerpark.jupyter.messages.reply.ErrorReply;
import io.github.spencerpark.jupyter.messages.reply.ExecuteReply;
import io.github.spencerpark.jupyter.messages.request.ExecuteRequest;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;
import org.diffart.kernel.magic.DiffartExtension;
import org.diffart.kernel.magic.MagicHelp;
import org.diffart.kernel.magic.MagicUsageException;
import org.diffart.sim.io.ModelLoader;

/**
 * The diffart Jupyter kernel: Java cells evaluated by a JShell that runs in this JVM, so cells
 * share live objects with each other and with the kernel, plus the workbench magics and rich
 * display.
 *
 * <p>Conventions follow IJava: {@code display(...)}, {@code render(...)} and friends are statically
 * imported from {@link Notebook}; {@code %jars} and {@code %classpath} add jars; the environment
 * variables of {@link KernelConfig} add classpath entries and startup scripts, which run before the
 * first cell so that their errors show there. Notebook code runs on its own thread; an interrupt
 * stops it and fails the cell, and a failing cell leaves the kernel usable.
 */
public final class DiffartKernel extends BaseKernel {

  private static final String INIT_SCRIPT = "/org/diffart/kernel/init.jshell";

  private final KernelConfig config;
  private final TypedMagics magics = new TypedMagics();
  private final MagicRewriter rewriter = new MagicRewriter(magics::lineResultType);
  private final Evaluator evaluator;
  private final LanguageInfo languageInfo;
  private boolean started;

  /**
   * The built-in imports, compiled once: by {@link #warmUp()}'s thread or else by the first cell.
   */
  private final java.util.concurrent.FutureTask<Void> imports;

  private volatile Exception lastError;

  /** The execution count of the cell Jupyter asked for, 0 outside such a request. */
  private int cell;

  /** Cells evaluated without Jupyter's count (tests, headless runs). */
  private int localCells;

  /**
   * Creates a kernel, its JShell and its magics; startup scripts wait for the first cell.
   *
   * @param config classpath, compiler options and startup scripts
   * @throws IOException when a classpath glob cannot be listed
   */
  public DiffartKernel(KernelConfig config) throws IOException {
    this.config = config;
    this.evaluator = new Evaluator(config.compilerOptions());
    this.imports =
        new java.util.concurrent.FutureTask<>(
            () -> {
              try (InputStream in = DiffartKernel.class.getResourceAsStream(INIT_SCRIPT)) {
                evaluator.eval(new String(in.readAllBytes(), StandardCharsets.UTF_8), 0);
              }
              return null;
            });
    this.languageInfo =
        new LanguageInfo.Builder("java")
            .version(Runtime.version().toString())
            .mimetype("text/x-java-source")
            .fileExtension(".jshell")
            .pygments("java")
            .codemirror("java")
            .build();
    for (String entry : config.classpath()) {
      addToClasspath(entry);
    }
    magics.registerLineMagic("classpath", this::addAllToClasspath);
    magics.registerLineMagic("jars", this::addAllToClasspath);
    magics.registerLineMagic("debug", args -> debug());
    magics.registerLineMagic("lsmagic", args -> MagicHelp.list());
    magics.registerLineMagic(
        "help",
        args -> {
          if (args.size() != 1) {
            throw new MagicUsageException(
                "name one magic", "%help NAME   (e.g. %help rollout; %lsmagic lists them)");
          }
          return MagicHelp.of(args.get(0));
        });
    magics.registerMagics(new DisplayMagics(getRenderer(), getIO().display));
    DiffartExtension.install(this, magics);
    registerHelp();
  }

  private static void registerHelp() {
    MagicHelp.register(
        "classpath",
        false,
        "%classpath PATH_OR_GLOB...",
        "Adds jars or folders to the classpath of" + " later cells (also %jars).");
    MagicHelp.register(
        "jars",
        false,
        "%jars PATH_OR_GLOB...",
        "Adds jars or folders to the classpath of later" + " cells (also %classpath).");
    MagicHelp.register(
        "debug",
        false,
        "%debug",
        "Shows the full stack trace of the last cell that failed, causes"
            + " included, with the cell lines it passed through.");
    MagicHelp.register(
        "lsmagic", false, "%lsmagic", "Lists every magic with what it does and its usage.");
    MagicHelp.register(
        "help",
        false,
        "%help NAME",
        "Shows one magic's usage and documentation; %NAME --help" + " does the same.");
    for (String[] m :
        new String[][] {
          {"html", "HTML"},
          {"markdown", "Markdown"},
          {"svg", "SVG"},
          {"latex", "LaTeX"},
          {"javascript", "JavaScript (also %%js)"}
        }) {
      MagicHelp.register(m[0], true, "%%" + m[0], "Shows the cell's body as " + m[1] + ".");
    }
  }

  /** The full stack trace of the last failed cell, for {@code %debug}. */
  private String debug() {
    Exception e = lastError;
    if (e == null) {
      return "no cell has failed yet";
    }
    return String.join("\n", ErrorFormat.fullTrace(e, evaluator::locate));
  }

  /** The magics registry; {@code %name} in a cell dispatches here. */
  public Magics getMagics() {
    return magics;
  }

  /**
   * Adds jars or folders to the classpath of later cells.
   *
   * @param pathOrGlob a path, a glob such as {@code lib/*.jar}, or several joined by the path
   *     separator
   * @return the paths added
   * @throws IOException when a glob cannot be listed
   * @throws IllegalArgumentException when nothing matches
   */
  public List<Path> addToClasspath(String pathOrGlob) throws IOException {
    List<Path> added = new ArrayList<>();
    for (String glob : pathOrGlob.split(File.pathSeparator)) {
      if (glob.isBlank()) {
        continue;
      }
      int before = added.size();
      for (Path path : new GlobFinder(glob.strip()).computeMatchingPaths()) {
        Path absolute = path.toAbsolutePath().normalize();
        evaluator.addToClasspath(absolute.toString());
        added.add(absolute);
      }
      if (added.size() == before) {
        throw new IllegalArgumentException("nothing matches classpath entry " + glob);
      }
    }
    return added;
  }

  private List<String> addAllToClasspath(List<String> args) throws IOException {
    if (args.isEmpty()) {
      throw new MagicUsageException("no path given", "%classpath PATH_OR_GLOB...   (or %jars)");
    }
    List<String> added = new ArrayList<>();
    for (String arg : args) {
      addToClasspath(arg).forEach(p -> added.add(p.toString()));
    }
    return added;
  }

  /**
   * Evaluates a cell for Jupyter and renders its value. Errors of the kernel itself (an {@link
   * Error} while compiling or rendering) fail the cell instead of the connection's thread, so the
   * kernel keeps answering.
   */
  @Override
  public DisplayData eval(String code) throws Exception {
    try {
      Object value = evalRaw(code);
      if (value == null || value instanceof Notebook.DisplayHandle) {
        return null;
      }
      return value instanceof DisplayData data ? data : getRenderer().render(value);
    } catch (Error e) {
      throw new IllegalStateException("the kernel failed while running this cell: " + e, e);
    }
  }

  /**
   * Evaluates a cell and returns its live value without rendering it.
   *
   * @param code a cell: Java, with magics
   * @return the value of the cell's last expression, or null
   * @throws Exception the cell's compile, runtime or interrupt error
   */
  public Object evalRaw(String code) throws Exception {
    Notebook.bind(this);
    try {
      if (!started) {
        started = true;
        runStartupScripts();
      }
      // cells are named by Jupyter's execution count, else counted here (a kernel driven without
      // Jupyter)
      int number = cell > 0 ? cell : ++localCells;
      cell = 0;
      return evaluator.eval(rewriter.rewrite(code), number);
    } finally {
      System.out.flush();
      System.err.flush();
    }
  }

  /**
   * Prepares in the background, while Jupyter is still connecting, what the first cells would
   * otherwise wait for: JShell compiles the built-in imports (its compiler's first use takes about
   * a second), then a one-body MJCF model is loaded and its summary rendered, which loads the XML
   * parser, Tablesaw (its {@code Table} class registers every reader and writer, about 0.7 s) and
   * AWT's fonts. Cells run as soon as the imports are compiled; the rest carries on beside them.
   */
  public void warmUp() {
    Thread t =
        new Thread(
            () -> {
              imports.run();
              try {
                getRenderer()
                    .render(
                        ModelLoader.loadMjcfString(
                            "<mujoco model=\"warm-up\"><worldbody><body><joint/>"
                                + "<geom size=\"0.1\"/></body></worldbody></mujoco>",
                            "warm-up.xml"));
              } catch (RuntimeException | LinkageError e) {
                // only a head start: a cell that needs these classes loads them itself and reports
                // what fails
              }
            },
            "diffart-warm-up");
    t.setDaemon(true);
    t.start();
  }

  private void runStartupScripts() throws Exception {
    imports.run(); // returns at once when the warm-up thread has it
    try {
      imports.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
    for (String glob : config.startupScriptsPath()) {
      for (Path script : new GlobFinder(glob).computeMatchingFiles()) {
        runStartupScript(script.toString(), Files.readString(script));
      }
    }
    if (!config.startupScript().isBlank()) {
      runStartupScript(KernelConfig.STARTUP_SCRIPT, config.startupScript());
    }
  }

  private void runStartupScript(String name, String code) throws Exception {
    try {
      evaluator.eval(rewriter.rewrite(code), 0);
    } catch (Exception e) {
      System.err.println("diffart: startup script " + name + " failed");
      throw e;
    }
  }

  @Override
  public void interrupt() {
    evaluator.stop();
  }

  @Override
  public void onShutdown(boolean restarting) {
    evaluator.close();
  }

  @Override
  public LanguageInfo getLanguageInfo() {
    return languageInfo;
  }

  @Override
  public String getBanner() {
    return "diffart workbench - Java " + Runtime.version();
  }

  @Override
  public ReplacementOptions complete(String code, int at) {
    int[] anchor = new int[1];
    Set<String> options = new LinkedHashSet<>();
    for (SourceCodeAnalysis.Suggestion s :
        evaluator.analysis().completionSuggestions(code, at, anchor)) {
      options.add(s.continuation());
    }
    return options.isEmpty()
        ? null
        : new ReplacementOptions(new ArrayList<>(options), anchor[0], at);
  }

  @Override
  public String isComplete(String code) {
    if (code.stripLeading().startsWith("%")) {
      return IS_COMPLETE_YES;
    }
    String remaining = code;
    while (!remaining.isBlank()) {
      SourceCodeAnalysis.CompletionInfo info = evaluator.analysis().analyzeCompletion(remaining);
      Completeness c = info.completeness();
      if (c == Completeness.DEFINITELY_INCOMPLETE || c == Completeness.CONSIDERED_INCOMPLETE) {
        return "";
      }
      if (c == Completeness.UNKNOWN) {
        return IS_COMPLETE_BAD;
      }
      remaining = info.remaining();
    }
    return IS_COMPLETE_YES;
  }

  @Override
  public DisplayData inspect(String code, int at, boolean extraDetail) {
    String text =
        evaluator.analysis().documentation(code, at, true).stream()
            .map(d -> d.javadoc() == null ? d.signature() : d.signature() + "\n\n" + d.javadoc())
            .collect(Collectors.joining("\n\n"));
    return text.isEmpty() ? null : new DisplayData(text);
  }

  /**
   * Takes over basekernel's execute requests, so that what a failing cell replies is what it shows:
   * the reply's and the error message's {@code ename} is the user's error ({@code UsageError} for a
   * magic's misuse, the thrown class otherwise, {@link ErrorFormat#name}), {@code evalue} its first
   * line, and the traceback the cell's short text ({@link #formatError}), where basekernel sent the
   * wrapper's name and message and the Java stack. Everything else is basekernel's: the input and
   * result messages, the standard streams, the deferred idle status.
   */
  @Override
  public void becomeHandlerForConnection(JupyterConnection connection) {
    super.becomeHandlerForConnection(connection);
    connection.setHandler(MessageType.EXECUTE_REQUEST, this::execute);
  }

  private synchronized void execute(ShellReplyEnvironment env, Message<ExecuteRequest> message) {
    commManager.setMessageContext(message);
    ExecuteRequest request = message.getContent();
    int count = executionCount.getAndIncrement();
    env.setBusyDeferIdle();
    env.publish(new PublishExecuteInput(request.getCode(), count));
    if (shouldReplaceStdStreams()) {
      java.io.PrintStream out = System.out, err = System.err;
      InputStream in = System.in;
      System.setOut(getIO().out);
      System.setErr(getIO().err);
      System.setIn(getIO().in);
      env.defer(
          () -> {
            System.setOut(out);
            System.setErr(err);
            System.setIn(in);
          });
    }
    JupyterIOAccess.attach(getIO(), env, request.isStdinEnabled());
    cell = count;
    try {
      DisplayData result = eval(request.getCode());
      if (result != null) {
        env.publish(new PublishExecuteResult(count, result));
      }
      env.defer().reply(new ExecuteReply(count, java.util.Collections.emptyMap()));
    } catch (Exception e) {
      List<String> traceback = formatError(e);
      String name = ErrorFormat.name(e), value = ErrorFormat.value(e);
      ErrorReply reply = new ErrorReply(name, value, traceback);
      reply.setExecutionCount(count);
      env.publish(new PublishError(name, value, traceback));
      env.defer().replyError(ExecuteReply.MESSAGE_TYPE.error(), reply);
    }
  }

  @Override
  public List<String> formatError(Exception e) {
    lastError = e;
    return ErrorFormat.lines(e, errorStyler, evaluator::locate, () -> super.formatError(e));
  }
}
