package org.diffart.kernel.jupyter;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Runs notebooks top to bottom inside this JVM, without Jupyter: a quick check for CI and for
 * editing notebooks. Cell outputs are not kept ({@code display} does nothing here); the first
 * failing cell stops the run with exit code 1. {@code jupyter nbconvert --execute} remains the full
 * check, which also writes the outputs.
 *
 * <p>{@code java -Djava.awt.headless=true
 * --add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED
 * --add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED -cp diffart-kernel-all.jar
 * org.diffart.kernel.jupyter.HeadlessRun NOTEBOOK.ipynb...} (the exports open javac's tokenizer,
 * {@link JavaTokens})
 */
public final class HeadlessRun {

  private HeadlessRun() {}

  /**
   * Runs each notebook in a fresh kernel configured from the environment.
   *
   * @param args notebook files
   * @throws Exception when a notebook cannot be read or the kernel cannot start
   */
  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println(
          "usage: java -cp diffart-kernel-all.jar "
              + HeadlessRun.class.getName()
              + " NOTEBOOK.ipynb...");
      System.exit(2);
    }
    for (String notebook : args) {
      if (!run(Path.of(notebook))) {
        System.exit(1);
      }
    }
    System.exit(0); // notebook threads must not keep the JVM alive
  }

  /**
   * Runs one notebook in a fresh kernel; prints the failing cell's error and returns false on
   * failure.
   */
  static boolean run(Path notebook) throws Exception {
    return run(notebook, System.out, System.err);
  }

  /**
   * As {@link #run(Path)}, reporting on the given streams; colour codes only when the process has a
   * terminal, so logs and pipes stay plain text.
   */
  static boolean run(Path notebook, java.io.PrintStream out, java.io.PrintStream err)
      throws Exception {
    long start = System.nanoTime();
    List<String> cells = codeCells(Files.readString(notebook));
    DiffartKernel kernel = new DiffartKernel(KernelConfig.fromEnvironment(System.getenv()));
    try {
      for (int i = 0; i < cells.size(); i++) {
        try {
          kernel.evalRaw(cells.get(i));
        } catch (Exception e) {
          err.println(notebook + ": code cell " + (i + 1) + " of " + cells.size() + " failed");
          boolean terminal = System.console() != null;
          kernel
              .formatError(e)
              .forEach(l -> err.println(terminal ? l : l.replaceAll("\u001B\\[[;\\d]*m", "")));
          return false;
        }
      }
    } finally {
      kernel.onShutdown(false);
    }
    out.printf(
        Locale.ROOT,
        "%s: %d code cells ok in %.1f s%n",
        notebook,
        cells.size(),
        (System.nanoTime() - start) / 1e9);
    return true;
  }

  /** The sources of a notebook's code cells, in order (nbformat 4: source is a string or lines). */
  static List<String> codeCells(String ipynb) {
    JsonObject nb = new Gson().fromJson(ipynb, JsonObject.class);
    return nb.getAsJsonArray("cells").asList().stream()
        .map(JsonElement::getAsJsonObject)
        .filter(c -> c.get("cell_type").getAsString().equals("code"))
        .map(c -> source(c.get("source")))
        .toList();
  }

  private static String source(JsonElement source) {
    if (source.isJsonArray()) {
      StringBuilder text = new StringBuilder();
      source.getAsJsonArray().forEach(line -> text.append(line.getAsString()));
      return text.toString();
    }
    return source.getAsString();
  }
}
