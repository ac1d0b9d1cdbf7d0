package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI path: the kernelspec as {@link KernelspecInstaller} writes it, found through {@code
 * JUPYTER_PATH}, executing notebooks with Debian's {@code jupyter nbconvert --execute}. The
 * installed jar is a manifest-only jar pointing at this JVM's classpath, as the shaded jar is not
 * built yet.
 */
class NbconvertExecutionTest {

  private static Path dir;

  @BeforeAll
  static void installKernelspec(@TempDir Path tmp) throws Exception {
    JupyterClient.requireJupyter();
    dir = tmp;
    Path jar = classpathJar(dir.resolve("cp.jar"));
    KernelspecInstaller.install(KernelspecInstaller.Scope.prefix(dir.resolve("prefix")), jar);
  }

  @Test
  void aGoodNotebookExecutesWithTablesAndImagesInItsOutputs() throws Exception {
    Path nb =
        notebook(
            "good",
            "import tech.tablesaw.api.*;\nTable.create(\"t\", IntColumn.create(\"n\", 1, 2))",
            "var c = new org.knowm.xchart.XYChartBuilder().width(120).height(90).build();\n"
                + "c.addSeries(\"s\", new double[] {0, 1}, new double[] {1, 0});\nc",
            "var styled = org.diffart.kernel.display.ChartStyle.xyChart(\"styled\", \"x\", \"y\");\n"
                + "styled.addSeries(\"s\", new double[] {0, 1, 2}, new double[] {1, 0, 1});\nstyled");
    Result r = nbconvert(nb);
    assertEquals(0, r.exitCode(), r.stderr());
    JsonArray cells =
        new Gson().fromJson(Files.readString(r.output()), JsonObject.class).getAsJsonArray("cells");
    JsonObject table = firstOutputData(cells, 0);
    assertTrue(table.has("text/html"), table::toString);
    JsonObject chart = firstOutputData(cells, 1);
    assertTrue(chart.has("image/png"), chart::toString);

    Result html = run("--to", "html", r.output().toString());
    assertEquals(0, html.exitCode(), html.stderr());
    Path page = r.output().resolveSibling("good.out.html");
    assertTrue(Files.readString(page).contains("<caption>t</caption>"), "the HTML shows the table");
    // both charts show in the HTML as a reader gets it (an SVG beside the PNG came out empty): the
    // main job's check
    Process check =
        new ProcessBuilder(
                "/usr/bin/python3", "../bin/html-report", r.output().toString(), page.toString())
            .redirectErrorStream(true)
            .start();
    String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertEquals(0, check.waitFor(), said);
    assertEquals("2 figures", said);
  }

  private static JsonObject firstOutputData(JsonArray cells, int cell) {
    JsonObject output =
        cells.get(cell).getAsJsonObject().getAsJsonArray("outputs").get(0).getAsJsonObject();
    return output.getAsJsonObject("data");
  }

  @Test
  void variablesSurviveLaterImportsAndNamesUnderJupyter() throws Exception {
    Path nb =
        notebook(
            "pinning",
            "Date d = new Date(0);\nvar d2 = new Date(0);\nList<Integer> li = new ArrayList<>(List.of(1, 2));",
            "var ant = %model builtin:ant;",
            "import java.sql.Date;\nimport java.awt.*;\nimport javax.swing.Timer;\nvar model = 3;",
            "String.valueOf(d.getTime() + d2.getTime()) + \" \" + li + \" \" + ant.nq() + \" \" + model");
    Result r = nbconvert(nb);
    assertEquals(0, r.exitCode(), r.stderr());
    JsonArray cells =
        new Gson().fromJson(Files.readString(r.output()), JsonObject.class).getAsJsonArray("cells");
    assertEquals("0 [1, 2] 15 3", firstOutputData(cells, 3).get("text/plain").getAsString());
  }

  @Test
  void aFailingCellFailsTheRun() throws Exception {
    Result r =
        nbconvert(
            notebook(
                "bad", "int ok = 1;", "throw new IllegalStateException(\"wrong shape\");", "ok"));
    assertNotEquals(0, r.exitCode());
    assertTrue(r.stderr().contains("wrong shape"), r.stderr());
  }

  private record Result(int exitCode, String stderr, Path output) {}

  /** Executes a notebook into {@code NAME.out.ipynb} beside it. */
  private static Result nbconvert(Path nb) throws Exception {
    Path out = nb.resolveSibling(nb.getFileName().toString().replace(".ipynb", ".out.ipynb"));
    Result r =
        run(
            "--to",
            "notebook",
            "--execute",
            "--ExecutePreprocessor.timeout=120",
            "--output",
            out.getFileName().toString(),
            nb.toString());
    return new Result(r.exitCode(), r.stderr(), out);
  }

  private static Result run(String... nbconvertArgs) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/jupyter", "nbconvert"));
    command.addAll(List.of(nbconvertArgs));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("JUPYTER_PATH", dir.resolve("prefix/share/jupyter").toString());
    pb.environment().put("PYDEVD_DISABLE_FILE_VALIDATION", "1");
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), stderr, null);
  }

  /** A notebook of Java code cells for the diffart kernel. */
  private static Path notebook(String name, String... sources) throws Exception {
    JsonObject nb = new JsonObject();
    JsonArray cells = new JsonArray();
    for (String source : sources) {
      JsonObject cell = new JsonObject();
      cell.addProperty("cell_type", "code");
      cell.add("metadata", new JsonObject());
      cell.add("outputs", new JsonArray());
      cell.add("execution_count", null);
      cell.addProperty("source", source);
      cells.add(cell);
    }
    nb.add("cells", cells);
    JsonObject spec = new JsonObject();
    spec.addProperty("name", KernelspecInstaller.KERNEL_NAME);
    spec.addProperty("display_name", "Java (diffart)");
    spec.addProperty("language", "java");
    JsonObject metadata = new JsonObject();
    metadata.add("kernelspec", spec);
    nb.add("metadata", metadata);
    nb.addProperty("nbformat", 4);
    nb.addProperty("nbformat_minor", 5);
    return Files.writeString(dir.resolve(name + ".ipynb"), nb.toString());
  }

  /** A jar holding only a manifest whose Class-Path is this JVM's classpath. */
  private static Path classpathJar(Path jar) throws Exception {
    List<String> entries = List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest
        .getMainAttributes()
        .put(
            Attributes.Name.CLASS_PATH,
            entries.stream()
                .map(e -> Path.of(e).toUri().toString())
                .collect(Collectors.joining(" ")));
    try (OutputStream out = Files.newOutputStream(jar)) {
      new JarOutputStream(out, manifest).close();
    }
    return jar;
  }
}
