package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a real process. In Maven's test phase the shaded jar does not exist yet, so
 * the JVM runs {@link Main} on the test class path; the launcher script itself is checked for its
 * message when the jar is missing.
 */
class LauncherTest {
  /** The launcher, from the module folder that Surefire runs in. */
  private static final Path SCRIPT =
      Path.of("").toAbsolutePath().getParent().resolve("bin").resolve("diffart");

  @Test
  void aRealProcessPrintsOneJsonObjectAndExitsZero() throws Exception {
    Result r = java("info", "--model", "builtin:pendulum:3", "--json");

    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    assertEquals(1, r.out().strip().lines().count(), r.out());
    JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
    assertEquals(3, o.get("nq").getAsInt());
    assertEquals(3, o.getAsJsonArray("joints").size());
  }

  @Test
  void aRealProcessExitsTwoOnBadArguments() throws Exception {
    Result r = java("rollout", "--model", "builtin:pendulum:3", "--steps", "-1");

    assertEquals(2, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().contains("Usage: diffart rollout"), r.err());
  }

  @Test
  void theScriptWithoutItsJarSaysHowToBuildIt(@TempDir Path repo) throws Exception {
    Path copy = Files.createDirectories(repo.resolve("bin")).resolve("diffart");
    Files.copy(SCRIPT, copy);

    Result r = run(List.of("bash", copy.toString(), "info", "--model", "builtin:pendulum:3"));

    assertEquals(2, r.code());
    assertEquals("", r.out());
    assertTrue(
        r.err().contains("kernel-ext/target/diffart-kernel-0.1.0-SNAPSHOT-all.jar"), r.err());
    assertTrue(
        r.err().contains("cd " + repo.toRealPath() + " && mvn -q -DskipTests install"), r.err());
  }

  /**
   * The OpenCL compiler's chatter (PoCL's "3 warnings generated.") does not reach the process's
   * stderr.
   */
  @Test
  void anOpenClBuildSaysNothingOnStderr(@TempDir Path cache) throws Exception {
    Result r =
        java(
            Map.of("POCL_CACHE_DIR", cache.toString()),
            "rollout",
            "--model",
            "builtin:pendulum:2",
            "--steps",
            "10",
            "--backend",
            "opencl",
            "--json");
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err().strip(), "a fresh build, nothing said");
  }

  @Test
  void withoutOpenClTheOpenClBackendSaysWhatToInstallAndTheCpuBackendStillRuns() throws Exception {
    Map<String, String> noOpenCl = Map.of("OCL_ICD_VENDORS", "/nonexistent");
    Result opencl =
        java(
            noOpenCl,
            "rollout",
            "--model",
            "builtin:pendulum:2",
            "--steps",
            "10",
            "--backend",
            "opencl");
    Result cpu =
        java(noOpenCl, "rollout", "--model", "builtin:pendulum:2", "--steps", "10", "--json");

    assertEquals(1, opencl.code(), opencl.err());
    assertTrue(
        opencl.err().contains("OpenCL is not available: no OpenCL platform is installed"),
        opencl.err());
    assertTrue(
        opencl
            .err()
            .contains("apt-get install ocl-icd-libopencl1 ocl-icd-opencl-dev pocl-opencl-icd"),
        opencl.err());
    assertEquals(0, cpu.code(), cpu.err());
  }

  private record Result(int code, String out, String err) {}

  private static Result java(String... args) throws IOException, InterruptedException {
    return java(Map.of(), args);
  }

  private static Result java(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
    command.addAll(List.of(args));
    return run(command, env);
  }

  private static Result run(List<String> command) throws IOException, InterruptedException {
    return run(command, Map.of());
  }

  private static Result run(List<String> command, Map<String, String> env)
      throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().putAll(env);
    Process p = pb.start();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
    String out = read(p.getInputStream());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process must end");
    return new Result(p.exitValue(), out, err.join());
  }

  private static String read(InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
