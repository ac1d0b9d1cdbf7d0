package org.diffart.kernel.jupyter;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How a {@link DiffartKernel} sets up its JShell, read from the environment the way IJava reads its
 * {@code IJAVA_*} variables.
 *
 * @param classpath extra classpath entries, each a path or a glob ({@code lib/*.jar}); from {@code
 *     DIFFART_CLASSPATH}, split on the platform path separator
 * @param compilerOptions extra javac options for cells; from {@code DIFFART_COMPILER_OPTS}, split
 *     on whitespace
 * @param startupScriptsPath files of Java code run before the first cell, each a path or a glob;
 *     from {@code DIFFART_STARTUP_SCRIPTS_PATH}, split on the platform path separator
 * @param startupScript inline Java code run before the first cell, after the files; from {@code
 *     DIFFART_STARTUP_SCRIPT} (empty when unset)
 */
public record KernelConfig(
    List<String> classpath,
    List<String> compilerOptions,
    List<String> startupScriptsPath,
    String startupScript) {

  /** Environment variable listing extra classpath entries. */
  public static final String CLASSPATH = "DIFFART_CLASSPATH";

  /** Environment variable with extra javac options. */
  public static final String COMPILER_OPTS = "DIFFART_COMPILER_OPTS";

  /** Environment variable listing startup script files. */
  public static final String STARTUP_SCRIPTS_PATH = "DIFFART_STARTUP_SCRIPTS_PATH";

  /** Environment variable holding an inline startup script. */
  public static final String STARTUP_SCRIPT = "DIFFART_STARTUP_SCRIPT";

  /** Copies the lists so the configuration stays immutable. */
  public KernelConfig {
    classpath = List.copyOf(classpath);
    compilerOptions = List.copyOf(compilerOptions);
    startupScriptsPath = List.copyOf(startupScriptsPath);
    startupScript = startupScript == null ? "" : startupScript;
  }

  /** A configuration with nothing extra: no classpath, options or startup scripts. */
  public static KernelConfig empty() {
    return new KernelConfig(List.of(), List.of(), List.of(), "");
  }

  /**
   * Reads the configuration from environment variables.
   *
   * @param env the environment, usually {@link System#getenv()}
   * @return the configuration; unset variables give empty values
   */
  public static KernelConfig fromEnvironment(Map<String, String> env) {
    return new KernelConfig(
        split(env.get(CLASSPATH), java.io.File.pathSeparator),
        split(env.get(COMPILER_OPTS), "\\s+"),
        split(env.get(STARTUP_SCRIPTS_PATH), java.io.File.pathSeparator),
        env.getOrDefault(STARTUP_SCRIPT, ""));
  }

  private static List<String> split(String value, String separatorRegex) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    return Arrays.stream(value.trim().split(separatorRegex)).filter(s -> !s.isBlank()).toList();
  }
}
