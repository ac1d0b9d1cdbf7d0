package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.diffart.kernel.jupyter.JupyterClient.Cell;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel as a separate process behind a real Jupyter client: one kernel, several cells, checked
 * message by message.
 */
class KernelProtocolTest {

  private static List<Cell> cells;

  @BeforeAll
  static void runNotebook(@TempDir Path dir) throws Exception {
    JupyterClient client = JupyterClient.withTestKernel(dir, Map.of());
    cells =
        client.run(
            List.of(
                Map.of(
                    "code",
                    """
                    import tech.tablesaw.api.*;
                    import org.knowm.xchart.*;
                    display(Table.create("squares", IntColumn.create("n", 1, 2, 3), IntColumn.create("n2", 1, 4, 9)));
                    var chart = new XYChartBuilder().width(240).height(160).title("squares").build();
                    chart.addSeries("n2", new double[] {1, 2, 3}, new double[] {1, 4, 9});
                    display(chart);
                    System.out.println("drawn");
                    """),
                Map.of("code", "throw new IllegalStateException(\"boom\");"),
                Map.of("code", "var answer = 40 + 2;\nanswer"),
                Map.of("code", "Thread.sleep(60_000);", "interrupt_after", 1.0),
                Map.of("code", "\"alive after \" + answer"),
                Map.of("code", "%rolout --steps 10"),
                Map.of("code", "%model builtin:pendulum:2"),
                Map.of("code", "%rollout --steps"),
                Map.of(
                    "code",
                    "var report = %rollout --steps 200 --key hang;\nreport.table().rowCount()"),
                Map.of("code", "%rollout --steps 100"),
                Map.of("code", "System.out.printf(\"n=%d%n\", 3);"),
                Map.of("code", "String fmt = \"x=%s\";\nString.format(fmt, 7)"),
                Map.of(
                    "code",
                    "String typed = \"\"\"\n    %model is what I typed\n    \"\"\";\ntyped.strip()"),
                Map.of("code", "new double[] {1, 0.5, 2e-7}"),
                Map.of("code", "%transition --key hang"),
                Map.of("code", "%forward --key hang"),
                Map.of("code", "%rollout --steps five"),
                Map.of("code", "%debug"),
                Map.of("code", "double scale = 2;\ndouble scaled(double v) { return v * scale; }"),
                Map.of("code", "String scale = \"large\";"),
                Map.of("code", "scaled(3)"),
                Map.of("code", "%lsmagic"),
                Map.of(
                    "code",
                    "%grad --steps 50 --key hang --methods adjoint,tape,fd --eps 0.1"
                        + " --forward-differences"),
                Map.of("code", "%capabilities --backend cpu"),
                Map.of("code", "%model builtin:laikago"),
                Map.of("code", "%rollout --steps 20 --key stand"),
                Map.of("code", "int n = 5;\nprintf(\"n = %d%n\", n)"),
                Map.of(
                    "code",
                    "var pm = %model builtin:pendulum:2\nvar pd = new org.diffart.sim.data.Data(pm);\n"
                        + "org.diffart.sim.diff.Transition.exact(pm, pd)"),
                Map.of("code", "List.of(pd)"),
                Map.of("code", "undefinedMethod(3)")));
  }

  /**
   * Tables and plots read well (issue 23): %lsmagic's text fits 100 columns; %grad's times and
   * memory are in human units and a method beyond the tolerance is flagged in the reply and the
   * text; a floating base's quaternion is not labelled in radians.
   */
  @Test
  void tablesReadWell() {
    String lsmagic = result(cells.get(21));
    assertTrue(
        lsmagic.lines().count() > 10 && lsmagic.lines().allMatch(l -> l.length() < 100), lsmagic);
    JsonObject grad = cells.get(22).contents("execute_result").get(0).getAsJsonObject("data");
    String text = grad.get("text/plain").getAsString();
    assertTrue(text.startsWith("warning: fd differs from tape by "), text);
    assertTrue(
        text.matches("(?s).*\\| +\\d+(\\.\\d+)? (µs|ms|s) +\\|.*"), "a time in its unit: " + text);
    assertTrue(
        text.matches("(?s).*\\| +\\d+(\\.\\d+)? (B|KiB|MiB) +\\|.*"),
        "a size in its unit: " + text);
    assertFalse(text.matches("(?s).*\\d[.]?\\d*E-?\\d.*"), "no upper-case exponent: " + text);
    String html = grad.get("text/html").getAsString();
    assertTrue(
        html.contains("<b>warning:</b> fd differs from tape")
            && html.contains("white-space:nowrap"),
        html);
    String laikago =
        cells
            .get(25)
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/html")
            .getAsString();
    assertTrue(laikago.contains("final qpos, world 0 (m, quaternion, rad)"), laikago);
  }

  /**
   * What a Java user types in the first hour (issue 23): JShell's printf, a Transition computed in
   * Java shown with named rows and columns, a state inside a list as itself, and a compile error
   * without JShell's wrapper class.
   */
  @Test
  void javaUsersFirstHour() {
    Cell printf = cells.get(26);
    assertEquals("ok", printf.reply(), printf::toString);
    assertEquals(
        "n = 5\n",
        printf.contents("stream").stream()
            .map(o -> o.get("text").getAsString())
            .collect(java.util.stream.Collectors.joining()),
        printf::toString);
    assertTrue(printf.contents("execute_result").isEmpty(), printf::toString);
    String transition =
        cells
            .get(27)
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/html")
            .getAsString();
    assertTrue(
        transition.contains("A = ∂x′/∂x") && transition.contains("<th>q joint0</th>"), transition);
    assertEquals("[Data[pendulum2: time 0 s, 0 steps, 0 contacts]]", result(cells.get(28)));
    String error = cells.get(29).replyContent().get("evalue").getAsString();
    assertTrue(error.contains("cannot find symbol") && !error.contains("location: class"), error);
  }

  /**
   * A long magic says so in its first line, offers the quick form, and shows its progress (issue
   * 23).
   */
  @Test
  void longMagicsSaySo() {
    Cell probes = cells.get(23);
    assertEquals("ok", probes.reply(), probes::toString);
    String first = probes.contents("stream").get(0).get("text").getAsString();
    assertTrue(
        first.startsWith("Running every capability probe on cpu: ") && first.contains("--declared"),
        first);
    // the probes of one backend take seconds here (4 s on 2 cores): the bar appears after one and
    // ends saying how long
    List<JsonObject> progress = probes.contents("display_data");
    assertFalse(progress.isEmpty(), probes::toString);
    assertTrue(
        progress
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString()
            .matches(
                "capability probes on cpu: \\d+ / "
                    + org.diffart.backends.Capability.values().length
                    + " capabilities, .*"),
        probes::toString);
    String table =
        probes
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString();
    assertTrue(table.contains("verified"), table);
  }

  /**
   * A redefinition that breaks an earlier method says so, and the later call names what broke it
   * (issue 23).
   */
  @Test
  void redefinitionsAreAnnounced() {
    Cell redefined = cells.get(19);
    assertEquals("ok", redefined.reply(), redefined::toString);
    assertTrue(
        redefined.contents("stream").stream()
            .anyMatch(
                o ->
                    o.get("text")
                        .getAsString()
                        .contains(
                            "scaled(double) (no longer compiles since scale is now a String")),
        redefined::toString);
    Cell call = cells.get(20);
    assertEquals("error", call.reply(), call::toString);
    assertTrue(
        call.replyContent().get("evalue").getAsString().contains("since scale is now a String"),
        call::toString);
  }

  /**
   * Errors read short everywhere: the reply (what nbconvert without --allow-errors and CI logs
   * show) carries the cell's short text, a magic's misuse is a UsageError, a number that is none is
   * named, and %debug names the cell that failed by its execution count.
   */
  @Test
  void errorsAreShortInTheReplyAndNameTheCell() {
    Cell steps = cells.get(16);
    JsonObject reply = steps.replyContent();
    assertEquals("UsageError", reply.get("ename").getAsString(), steps::toString);
    assertTrue(
        reply
            .get("evalue")
            .getAsString()
            .startsWith("--steps takes a whole number >= 1; 'five' is not a" + " whole number"),
        steps::toString);
    assertFalse(
        reply.toString().contains("EvaluationException")
            || reply.toString().contains("org.diffart"),
        steps::toString);
    assertEquals(
        steps.contents("error").get(0).get("traceback"), reply.get("traceback"), steps::toString);
    assertTrue(reply.getAsJsonArray("traceback").size() <= 4, steps::toString);
    String debug =
        cells
            .get(17)
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString();
    int failed = steps.replyContent().get("execution_count").getAsInt();
    assertTrue(debug.contains("of cell " + failed), "%debug names cell " + failed + ": " + debug);
  }

  /**
   * Values read as values: arrays with type and length, the transition as named matrices (issue
   * 23).
   */
  @Test
  void valuesReadAsValues() {
    assertEquals("double[3] [1, 0.5, 2e-07]", result(cells.get(13)));
    JsonObject transition = cells.get(14).contents("execute_result").get(0).getAsJsonObject("data");
    String html = transition.get("text/html").getAsString();
    assertTrue(html.contains("A = ∂x′/∂x") && html.contains("<th>q joint0</th>"), html);
    assertFalse(transition.get("text/plain").getAsString().contains("@"), transition::toString);
    String forward =
        cells
            .get(15)
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/html")
            .getAsString();
    assertTrue(forward.contains("qacc_smooth"), forward);
  }

  /** A {@code %} in a format string or a text block is Java's, not a magic (issue 23). */
  @Test
  void percentSignsInStringsAndTextBlocksAreJava() {
    Cell printf = cells.get(10);
    assertEquals("ok", printf.reply(), printf::toString);
    assertEquals(
        "n=3\n",
        printf.contents("stream").stream()
            .map(o -> o.get("text").getAsString())
            .collect(java.util.stream.Collectors.joining()),
        printf::toString);
    // a cell that ends in ';' shows no value, as in IPython: not printf's PrintStream
    assertTrue(printf.contents("execute_result").isEmpty(), printf::toString);
    assertEquals("x=7", result(cells.get(11)));
    assertEquals("%model is what I typed", result(cells.get(12)));
  }

  private static String result(Cell cell) {
    assertEquals("ok", cell.reply(), cell::toString);
    String text =
        cell.contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString();
    return text.startsWith("\"") ? text.substring(1, text.length() - 1) : text;
  }

  @Test
  void displayDataCarriesHtmlTablesAndPngCharts() {
    Cell cell = cells.get(0);
    assertEquals("ok", cell.reply(), cell::toString);
    List<JsonObject> shown = cell.contents("display_data");
    assertEquals(2, shown.size(), cell::toString);
    JsonObject table = shown.get(0).getAsJsonObject("data");
    assertTrue(table.get("text/html").getAsString().contains(">9</td>"), table::toString);
    assertTrue(table.has("text/plain"));
    JsonObject chart = shown.get(1).getAsJsonObject("data");
    assertTrue(chart.get("image/png").getAsString().startsWith("iVBORw0KGgo"), "a base64 PNG");
    assertFalse(
        chart.has("image/svg+xml"),
        "no SVG unless asked for: nbconvert's HTML would show it empty");
    assertTrue(
        cell.contents("stream").stream()
            .anyMatch(s -> s.get("text").getAsString().contains("drawn")),
        cell::toString);
  }

  @Test
  void aFailingCellReportsTheOriginalExceptionAndTheKernelKeepsItsState() {
    Cell failed = cells.get(1);
    assertEquals("error", failed.reply());
    JsonObject error = failed.contents("error").get(0);
    assertEquals("IllegalStateException", error.get("ename").getAsString(), error::toString);
    assertEquals("boom", error.get("evalue").getAsString(), error::toString);
    // the reply carries what the cell shows, not the Java stack (nbconvert without --allow-errors,
    // CI logs)
    assertEquals(
        error,
        failed.replyContent().deepCopy().getAsJsonObject().entrySet().stream()
            .filter(e -> !e.getKey().equals("status") && !e.getKey().equals("execution_count"))
            .collect(JsonObject::new, (o, e) -> o.add(e.getKey(), e.getValue()), (a, b) -> {}),
        failed::toString);
    Cell next = cells.get(2);
    assertEquals("ok", next.reply(), next::toString);
    assertEquals(
        "42",
        next.contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString());
  }

  @Test
  void anInterruptStopsTheCellWithAnErrorAndLaterCellsRun() {
    Cell interrupted = cells.get(3);
    assertEquals("error", interrupted.reply(), interrupted::toString);
    assertEquals(
        "InterruptedException", interrupted.contents("error").get(0).get("ename").getAsString());
    Cell next = cells.get(4);
    assertEquals("ok", next.reply(), next::toString);
    assertEquals(
        "alive after 42",
        next.contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString());
  }

  @Test
  void workbenchMagicsShowTablesAndPlotsAndReturnTypedValues() {
    Cell model = cells.get(6);
    assertEquals("ok", model.reply(), model::toString);
    String summary =
        model
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/html")
            .getAsString();
    assertTrue(summary.contains("<caption>joints</caption>"), summary);
    Cell typed = cells.get(8);
    assertEquals("ok", typed.reply(), typed::toString);
    assertEquals(
        "1",
        typed
            .contents("execute_result")
            .get(0)
            .getAsJsonObject("data")
            .get("text/plain")
            .getAsString());
    JsonObject rollout = cells.get(9).contents("execute_result").get(0).getAsJsonObject("data");
    assertTrue(
        rollout.get("text/html").getAsString().contains("final qpos, world 0 (rad)"),
        rollout::toString);
    assertTrue(rollout.has("image/png"), rollout::toString);
  }

  @Test
  void magicArgumentErrorsGiveTheUsage() {
    Cell cell = cells.get(7);
    assertEquals("error", cell.reply());
    JsonObject error = cell.contents("error").get(0);
    assertTrue(
        error.get("evalue").getAsString().contains("usage: %rollout --steps N"), error::toString);
    assertTrue(
        error.getAsJsonArray("traceback").asList().stream()
            .noneMatch(l -> l.getAsString().contains("    at ")),
        "a usage error shows no stack trace: " + error);
  }

  @Test
  void aMisspeltMagicSuggestsTheNearestNames() {
    Cell cell = cells.get(5);
    assertEquals("error", cell.reply());
    JsonObject error = cell.contents("error").get(0);
    assertEquals("UsageError", error.get("ename").getAsString(), cell::toString);
    assertTrue(
        error.get("evalue").getAsString().contains("no magic %rolout; did you mean %rollout"),
        cell::toString);
  }
}
