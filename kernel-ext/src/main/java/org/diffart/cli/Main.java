package org.diffart.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.diff.NonFiniteAdjointException;
import org.diffart.sim.io.Builtins;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.tape.TapeBudgetExceededException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code diffart} command line ({@code bin/diffart}), as DESIGN.md's "Command line contract"
 * specifies.
 *
 * <p>Exit codes: 0 on success (help included); 1 for a runtime or model error (a malformed model
 * file, a model that cannot be read, a simulation that becomes non-finite), its message on stderr;
 * 2 for bad arguments (unknown options, missing or malformed values, an unknown keyframe or
 * backend), the message and the command's usage on stderr. With {@code --json} stdout holds exactly
 * one JSON object, and nothing else is ever written to stdout.
 */
@Command(
    name = "diffart",
    description = "Differentiable articulated-body simulation from the command line.",
    synopsisSubcommandLabel = "COMMAND",
    versionProvider = Main.Version.class,
    subcommands = {
      InfoCommand.class,
      ForwardCommand.class,
      RolloutCommand.class,
      GradCommand.class,
      TransitionCommand.class,
      JacCommand.class,
      DerivativesCommand.class,
      CapabilitiesCommand.class,
      ReproduceCommand.class,
      KernelCommand.class
    },
    footer = {"", "Run 'diffart COMMAND --help' for a command's options."})
public final class Main implements Callable<Integer> {
  /** Exit code of a runtime or model error. */
  static final int RUNTIME_ERROR = 1;

  /** Exit code of bad arguments. */
  static final int USAGE_ERROR = 2;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      scope = ScopeType.INHERIT,
      description = "Show this help and exit.")
  private boolean help;

  @Option(
      names = {"-V", "--version"},
      versionHelp = true,
      description = "Print diffart's version and the Java runtime's, then exit.")
  private boolean version;

  @Spec private CommandSpec spec;

  /**
   * The version {@code --version} prints: the build's ({@code version.properties}, filtered by
   * Maven) and Java's.
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties p = new Properties();
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in == null) {
          throw new IOException(
              "version.properties is missing from the class path; rebuild with Maven");
        }
        p.load(in);
      }
      return new String[] {
        "diffart " + p.getProperty("version"),
        "Java "
            + System.getProperty("java.version")
            + " ("
            + System.getProperty("java.vm.name")
            + ")"
      };
    }
  }

  /** Without a command there is nothing to do: a usage error. */
  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "missing command");
  }

  /**
   * Runs the command line and exits the JVM with its exit code.
   *
   * @param args the command and its options
   */
  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Runs the command line on the process's stdout and stderr without exiting.
   *
   * @param args the command and its options
   * @return the exit code: 0 success, 1 runtime or model error, 2 bad arguments
   */
  public static int run(String... args) {
    return run(
        new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8),
        args);
  }

  /**
   * Runs the command line on the given streams without exiting.
   *
   * @param out receives the command's result (one JSON object with {@code --json}) and requested
   *     help
   * @param err receives errors, usage after bad arguments, and progress
   * @param args the command and its options
   * @return the exit code: 0 success, 1 runtime or model error, 2 bad arguments
   */
  static int run(PrintWriter out, PrintWriter err, String... args) {
    // ModelOption's description lists the built-in models through this property.
    System.setProperty(ModelOption.BUILTINS_PROPERTY, String.join(", ", Builtins.names()));
    CommandLine cl =
        new CommandLine(new Main())
            .setOut(out)
            .setErr(err)
            .setCaseInsensitiveEnumValuesAllowed(true)
            .setParameterExceptionHandler(Main::usageError)
            .setExecutionExceptionHandler(Main::runtimeError);
    try {
      return cl.execute(args);
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** Bad arguments: the problem, then the usage of the command it concerns. */
  private static int usageError(ParameterException e, String[] args) {
    CommandLine cl = e.getCommandLine();
    PrintWriter err = cl.getErr();
    err.println(cl.getCommandSpec().qualifiedName() + ": " + e.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    cl.usage(err);
    return USAGE_ERROR;
  }

  /**
   * A failure while running: the message alone for the expected kinds, with the stack trace
   * otherwise.
   */
  private static int runtimeError(Exception e, CommandLine cl, ParseResult parsed) {
    PrintWriter err = cl.getErr();
    boolean expected =
        e instanceof ModelFormatException
            || e instanceof SimulationException
            || e instanceof UncheckedIOException
            || e instanceof IOException
            || e instanceof IllegalArgumentException
            || e instanceof IllegalStateException
            || e instanceof UnsupportedOperationException
            || e instanceof TapeBudgetExceededException
            || e instanceof NonFiniteAdjointException;
    err.println(
        cl.getCommandSpec().qualifiedName() + ": " + (expected ? e.getMessage() : e.toString()));
    if (!expected) {
      e.printStackTrace(err);
    }
    return RUNTIME_ERROR;
  }
}
