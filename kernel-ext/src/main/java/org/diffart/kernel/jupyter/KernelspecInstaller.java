package org.diffart.kernel.jupyter;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.diffart.sweep.SweepRunners;

/**
 * Installs the diffart kernelspec: a folder {@code kernels/diffart} holding a copy of the shaded
 * jar and a {@code kernel.json} that starts {@link KernelMain} from {@code {resource_dir}}, so the
 * folder can be moved. No Python is needed.
 *
 * <p>From a shell: {@code java -cp diffart-kernel-all.jar
 * org.diffart.kernel.jupyter.KernelspecInstaller --user | --prefix P [--jar J]}.
 */
public final class KernelspecInstaller {

  /** The kernel's name, as notebooks and {@code jupyter kernelspec list} know it. */
  public static final String KERNEL_NAME = "diffart";

  /** The jar's file name inside the kernelspec folder. */
  public static final String JAR_NAME = "diffart-kernel.jar";

  private static final String USAGE =
      "usage: java -cp diffart-kernel-all.jar "
          + KernelspecInstaller.class.getName()
          + " (--user | --prefix P) [--jar J]";

  private KernelspecInstaller() {}

  /**
   * Where Jupyter looks for kernelspecs.
   *
   * @param kernelsDir the {@code kernels} folder that will hold {@code diffart/}
   */
  public record Scope(Path kernelsDir) {

    /**
     * The current user's Jupyter data folder: {@code JUPYTER_DATA_DIR} if set, else the platform
     * default ({@code ~/.local/share/jupyter} on Linux, honouring {@code XDG_DATA_HOME}), as {@code
     * jupyter --data-dir} reports it.
     */
    public static Scope user() {
      return user(
          System.getenv(), System.getProperty("os.name"), Path.of(System.getProperty("user.home")));
    }

    static Scope user(Map<String, String> env, String osName, Path home) {
      String os = osName.toLowerCase(Locale.ROOT);
      Path data;
      if (env.containsKey("JUPYTER_DATA_DIR")) {
        data = Path.of(env.get("JUPYTER_DATA_DIR"));
      } else if (os.contains("mac")) {
        data = home.resolve("Library").resolve("Jupyter");
      } else if (os.contains("win")) {
        data = Path.of(env.getOrDefault("APPDATA", home.toString())).resolve("jupyter");
      } else {
        String xdg = env.get("XDG_DATA_HOME");
        Path share =
            xdg == null || xdg.isBlank() ? home.resolve(".local").resolve("share") : Path.of(xdg);
        data = share.resolve("jupyter");
      }
      return new Scope(data.resolve("kernels"));
    }

    /**
     * A private prefix: {@code P/share/jupyter/kernels}. Jupyter finds it with {@code
     * JUPYTER_PATH=P/share/jupyter}.
     *
     * @param prefix any folder
     */
    public static Scope prefix(Path prefix) {
      return new Scope(prefix.resolve("share").resolve("jupyter").resolve("kernels"));
    }
  }

  /**
   * Installs or replaces the diffart kernelspec.
   *
   * @param scope where to install
   * @param jar the shaded jar ({@code kernel-ext/target/diffart-kernel-*-all.jar})
   * @return the kernelspec folder, {@code <kernels>/diffart}
   * @throws IOException when the jar cannot be copied or kernel.json written
   * @throws IllegalArgumentException when the jar is not a file
   * @throws IllegalStateException when this JVM has no JShell (a JRE rather than a JDK)
   */
  public static Path install(Scope scope, Path jar) throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException("not a jar file: " + jar);
    }
    if (ModuleLayer.boot().findModule("jdk.jshell").isEmpty()) {
      throw new IllegalStateException(
          "the kernel needs a JDK with the jdk.jshell module; this is " + javaExecutable());
    }
    Path dir = Files.createDirectories(scope.kernelsDir().resolve(KERNEL_NAME));
    Files.copy(jar, dir.resolve(JAR_NAME), StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(dir.resolve("kernel.json"), kernelJson(SweepRunners.runnerFolder(jar)));
    return dir;
  }

  /**
   * The kernel.json text: this JVM's java with javac's tokenizer opened ({@link
   * JavaTokens#EXPORTS}), the jar under {@code {resource_dir}}, message interrupts, and where the
   * Spark sweep runner's jars are (the kernel runs from a copy of its jar, away from the build).
   *
   * @param runner the Spark runner's folder, or null when the jar is not in a build
   */
  static String kernelJson(Path runner) {
    JsonObject spec = new JsonObject();
    JsonArray argv = new JsonArray();
    argv.add(javaExecutable().toString());
    argv.add("-Djava.awt.headless=true");
    JavaTokens.EXPORTS.forEach(argv::add);
    List.of("-cp", "{resource_dir}/" + JAR_NAME, KernelMain.class.getName(), "{connection_file}")
        .forEach(argv::add);
    spec.add("argv", argv);
    spec.addProperty("display_name", "Java (diffart)");
    spec.addProperty("language", "java");
    spec.addProperty("interrupt_mode", "message");
    JsonObject env = new JsonObject();
    if (runner != null) {
      env.addProperty(SweepRunners.RUNNER_ENV, runner.toAbsolutePath().toString());
    }
    spec.add("env", env);
    return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(spec) + "\n";
  }

  private static Path javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /**
   * Command line: {@code (--user | --prefix P) [--jar J]}; the jar defaults to the one this class
   * was loaded from. Prints the kernelspec folder.
   *
   * @param args the options
   * @throws Exception when installation fails
   */
  public static void main(String[] args) throws Exception {
    Scope scope = null;
    Path jar = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--user") && scope == null) {
        scope = Scope.user();
      } else if (arg.equals("--prefix") && scope == null && i + 1 < args.length) {
        scope = Scope.prefix(Path.of(args[++i]));
      } else if (arg.equals("--jar") && jar == null && i + 1 < args.length) {
        jar = Path.of(args[++i]);
      } else {
        exitWithUsage("unexpected argument: " + arg);
      }
    }
    if (scope == null) {
      exitWithUsage("choose --user or --prefix P");
    }
    Path dir = install(scope, jar != null ? jar : ownJar());
    System.out.println("installed kernelspec '" + KERNEL_NAME + "' in " + dir);
  }

  private static Path ownJar() throws URISyntaxException {
    Path source =
        Path.of(
            KernelspecInstaller.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!Files.isRegularFile(source)) {
      exitWithUsage("not running from a jar (" + source + "): pass --jar");
    }
    return source;
  }

  private static void exitWithUsage(String problem) {
    System.err.println(problem);
    System.err.println(USAGE);
    System.exit(2);
  }
}
