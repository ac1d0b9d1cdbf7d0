package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Jupyter client (Debian's {@code jupyter_client}, run by {@code /usr/bin/python3}) talking
 * to the kernel started as its own process from this test JVM's classpath. Fails, never skips, when
 * Jupyter is missing.
 */
final class JupyterClient {

  static final String PYTHON = "/usr/bin/python3";
  static final String INSTALL_HINT =
      "Debian's Jupyter is needed: apt-get install jupyter-nbconvert python3-nbclient jupyter-client"
          + " (note: the python3 first on PATH may be another Python; tests use "
          + PYTHON
          + ")";
  private static final String KERNEL_NAME = "diffart-test";

  private final Path jupyterPath;

  private JupyterClient(Path jupyterPath) {
    this.jupyterPath = jupyterPath;
  }

  /**
   * Checks that Jupyter is installed and writes a kernelspec that starts {@link KernelMain} on this
   * JVM's classpath.
   *
   * @param dir an empty folder for the kernelspec
   * @param env extra environment for the kernel
   */
  static JupyterClient withTestKernel(Path dir, Map<String, String> env) throws Exception {
    requireJupyter();
    Path spec = Files.createDirectories(dir.resolve("kernels").resolve(KERNEL_NAME));
    JsonObject json = new JsonObject();
    JsonArray argv = new JsonArray();
    argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    argv.add("-Djava.awt.headless=true");
    JavaTokens.EXPORTS.forEach(argv::add);
    for (String arg :
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            KernelMain.class.getName(),
            "{connection_file}")) {
      argv.add(arg);
    }
    json.add("argv", argv);
    json.addProperty("display_name", "diffart (test)");
    json.addProperty("language", "java");
    json.addProperty("interrupt_mode", "message");
    json.add("env", new Gson().toJsonTree(env));
    Files.writeString(spec.resolve("kernel.json"), json.toString());
    return new JupyterClient(dir);
  }

  /** Fails the test with an install hint when Debian's Jupyter cannot be imported. */
  static void requireJupyter() throws Exception {
    if (!Files.isExecutable(Path.of(PYTHON))) {
      fail(PYTHON + " not found. " + INSTALL_HINT);
    }
    Process p =
        new ProcessBuilder(PYTHON, "-c", "import jupyter_client, nbclient, nbconvert")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      fail(INSTALL_HINT + "\n" + out);
    }
  }

  /** The folder to put on {@code JUPYTER_PATH} so that Jupyter finds the test kernelspec. */
  Path jupyterPath() {
    return jupyterPath;
  }

  /** The name of the test kernelspec. */
  String kernelName() {
    return KERNEL_NAME;
  }

  /**
   * Starts a kernel, runs the cells in order and shuts it down.
   *
   * @param cells each {@code {"code": ..., "interrupt_after": seconds?}}
   * @return per cell: the reply status and the iopub messages
   */
  List<Cell> run(List<Map<String, Object>> cells) throws IOException, InterruptedException {
    Path script = Files.createTempFile(jupyterPath, "client", ".py");
    try (InputStream in = JupyterClient.class.getResourceAsStream("protocol_client.py")) {
      Files.write(script, in.readAllBytes());
    }
    ProcessBuilder pb = new ProcessBuilder(PYTHON, script.toString(), KERNEL_NAME);
    pb.environment().put("JUPYTER_PATH", jupyterPath.toString());
    pb.environment().put("PYDEVD_DISABLE_FILE_VALIDATION", "1");
    pb.redirectError(jupyterPath.resolve("client.err").toFile());
    Process p = pb.start();
    p.getOutputStream().write(new Gson().toJson(cells).getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      fail("the Jupyter client did not finish");
    }
    assertEquals(0, p.exitValue(), () -> "Jupyter client failed:\n" + stderr());
    List<Cell> results = new ArrayList<>();
    for (var element : new Gson().fromJson(out, JsonArray.class)) {
      JsonObject cell = element.getAsJsonObject();
      List<JsonObject> messages = new ArrayList<>();
      cell.getAsJsonArray("messages").forEach(m -> messages.add(m.getAsJsonObject()));
      results.add(
          new Cell(
              cell.get("reply").getAsString(), cell.getAsJsonObject("reply_content"), messages));
    }
    return results;
  }

  private String stderr() {
    try {
      return Files.readString(jupyterPath.resolve("client.err"));
    } catch (IOException e) {
      return e.toString();
    }
  }

  /**
   * What one executed cell produced.
   *
   * @param reply the execute_reply status, {@code ok} or {@code error}
   * @param replyContent the execute_reply's content: for an error its ename, evalue and traceback
   * @param messages the iopub messages between busy and idle, each {@code {type, content}}
   */
  record Cell(String reply, JsonObject replyContent, List<JsonObject> messages) {

    /** The contents of the messages of one type, in order. */
    List<JsonObject> contents(String type) {
      return messages.stream()
          .filter(m -> m.get("type").getAsString().equals(type))
          .map(m -> m.getAsJsonObject("content"))
          .toList();
    }

    @Override
    public String toString() {
      return reply + " " + replyContent + " " + messages;
    }
  }
}
