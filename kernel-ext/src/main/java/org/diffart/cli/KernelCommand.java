package org.diffart.cli;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.diffart.kernel.jupyter.KernelspecInstaller;
import org.diffart.kernel.jupyter.KernelspecInstaller.Scope;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code diffart kernel install [--user | --prefix P]}: the Jupyter kernel's administration. */
@Command(
    name = "kernel",
    description = "Manage the diffart Jupyter kernel.",
    synopsisSubcommandLabel = "COMMAND",
    subcommands = KernelCommand.Install.class)
final class KernelCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  /** Without a subcommand there is nothing to do: a usage error. */
  @Override
  public Integer call() {
    throw new ParameterException(spec.commandLine(), "missing command");
  }

  /**
   * {@code kernel install}: writes the kernelspec with a copy of the shaded jar, via {@link
   * KernelspecInstaller}.
   */
  @Command(
      name = "install",
      description = "Install the Jupyter kernelspec 'diffart' (a copy of the jar and kernel.json).",
      footer = {"", "JSON keys: name, path (the kernelspec folder)."})
  static final class Install implements Callable<Integer> {
    @ArgGroup(exclusive = true)
    private Where where;

    @Option(
        names = "--jar",
        paramLabel = "J",
        description = "The shaded jar to install (default: the jar this command runs from).")
    private Path jar;

    @Mixin private Output output;
    @Spec private CommandSpec spec;

    /** Where the kernelspec goes: the user's Jupyter data folder (the default) or a prefix. */
    static final class Where {
      @Option(
          names = "--user",
          required = true,
          description = "Into the user's Jupyter data folder (default).")
      private boolean user;

      @Option(
          names = "--prefix",
          required = true,
          paramLabel = "P",
          description =
              "Into P/share/jupyter/kernels (Jupyter finds it with JUPYTER_PATH=P/share/jupyter).")
      private Path prefix;
    }

    @Override
    public Integer call() throws IOException {
      Scope scope =
          where == null || where.prefix == null ? Scope.user() : Scope.prefix(where.prefix);
      Path dir = KernelspecInstaller.install(scope, jar != null ? jar : ownJar());
      JsonObject o = new JsonObject();
      o.addProperty("name", KernelspecInstaller.KERNEL_NAME);
      o.addProperty("path", dir.toString());
      output.print(
          o, () -> "installed kernelspec '" + KernelspecInstaller.KERNEL_NAME + "' in " + dir);
      return 0;
    }

    /**
     * The jar these classes were loaded from; a classes folder (a development run) needs {@code
     * --jar}.
     */
    private Path ownJar() {
      Path source;
      try {
        source = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      } catch (URISyntaxException e) {
        throw new IllegalStateException("cannot locate the running jar", e);
      }
      if (!Files.isRegularFile(source)) {
        throw new ParameterException(
            spec.commandLine(), "not running from a jar (" + source + "): pass --jar J");
      }
      return source;
    }
  }
}
