package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.diffart.kernel.magic.MagicHelp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import tech.tablesaw.api.Table;

/**
 * Errors read in one clear line, then a short cause chain and the cell line; the stack trace with
 * %debug.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ErrorMessagesTest {
  private DiffartKernel kernel;

  @BeforeAll
  void start() throws Exception {
    kernel = new DiffartKernel(new KernelConfig(List.of(), List.of(), List.of(), ""));
  }

  @AfterAll
  void stop() {
    kernel.onShutdown(false);
  }

  /** The traceback of a failing cell, without terminal colours. */
  private List<String> traceback(String cell) {
    Exception e = assertThrows(Exception.class, () -> kernel.evalRaw(cell));
    return kernel.formatError(e).stream().map(l -> l.replaceAll("\u001B\\[[;\\d]*m", "")).toList();
  }

  @Test
  void anUnknownBuiltinModelIsOneLine() {
    List<String> t = traceback("%model builtin:laikgo");
    assertTrue(
        t.get(0)
            .startsWith("builtin:laikgo: unknown built-in model; available: builtin:pendulum:N,"),
        t.toString());
    assertTrue(t.size() <= 3, t.toString());
    assertTrue(
        t.stream().noneMatch(l -> l.contains("at java.") || l.contains("at org.")), t.toString());
  }

  @Test
  void aBadModelFileNamesItsLine() {
    List<String> t =
        traceback(
            "%%model\n<mujoco>\n  <worldbody>\n    <body>\n      <geom type=\"teapot\"/>\n"
                + "    </body>\n  </worldbody>\n</mujoco>");
    assertTrue(t.get(0).matches("%%model cell:5: geom: .*teapot.*"), t.toString());
  }

  @Test
  void aMagicUsedWrongShowsItsUsage() {
    List<String> t = traceback("%rollout --stesp 10");
    assertTrue(t.get(0).startsWith("unknown") || t.get(0).contains("stesp"), t.toString());
    assertTrue(t.stream().anyMatch(l -> l.startsWith("usage: %rollout --steps N")), t.toString());
  }

  @Test
  void aVariableOfAnUnknownTypeIsAnErrorNotASilentlyMissingVariable() throws Exception {
    List<String> t = traceback("int ok = 1;\nList<NoSuchType> later = new ArrayList<>();");
    assertTrue(t.get(0).startsWith("compile error at line 2: cannot find symbol"), t.toString());
    assertTrue(String.join("\n", t).contains("NoSuchType"), t.toString());
    List<String> u = traceback("int ok2 = 1;\nNotYetDeclared later2 = null;");
    assertTrue(u.get(0).startsWith("compile error at line 2: cannot find symbol"), u.toString());
    assertTrue(String.join("\n", u).contains("NotYetDeclared"), u.toString());
    // a method may still name what a later cell declares
    kernel.evalRaw("int twice() { return helper() * 2; }");
    kernel.evalRaw("int helper() { return 21; }");
    assertEquals(42, kernel.evalRaw("twice()"));
  }

  @Test
  void compileErrorsNameTheCellLine() {
    List<String> t = traceback("int a = 1;\nint b = 2;\nint c = a + d;");
    assertTrue(t.get(0).startsWith("compile error at line 3: cannot find symbol"), t.toString());
    assertTrue(t.stream().anyMatch(l -> l.equals("int c = a + d;")), t.toString());
  }

  @Test
  void runtimeErrorsNameTheExceptionAndTheCellLine() throws Exception {
    kernel.evalRaw("int boom(int[] x) {\n  return x[3];\n}");
    List<String> t = traceback("int[] a = new int[1];\nint r = 0;\nr = boom(a);");
    assertEquals("ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 1", t.get(0));
    // the innermost notebook frame, line 2 of the cell that declared boom, then the line that
    // called it
    assertTrue(
        t.stream()
            .anyMatch(
                l ->
                    l.matches(
                        "  at line 2 of cell \\d+, in boom\\(\\), called from line 3 of this cell")),
        t.toString());
    String debug = String.valueOf(kernel.evalRaw("%debug"));
    assertTrue(debug.contains("java.lang.ArrayIndexOutOfBoundsException"), debug);
    assertTrue(debug.contains("at line 3 of cell"), debug);
  }

  @Test
  void lsmagicAndHelpDocumentEveryMagic() throws Exception {
    MagicHelp.Listing listing = (MagicHelp.Listing) kernel.evalRaw("%lsmagic");
    Table list = listing.table();
    assertTrue(listing.text().lines().allMatch(l -> l.length() < 100), listing::text);
    assertTrue(listing.text().contains("\n%rollout "), listing::text);
    List<String> names = list.stringColumn("magic").asList();
    for (String m :
        new String[] {
          "%model", "%%model", "%backend", "%rollout", "%grad", "%help", "%debug", "%lsmagic"
        }) {
      assertTrue(names.contains(m), m + " in " + names);
    }
    String help = String.valueOf(kernel.evalRaw("%help rollout"));
    assertTrue(help.startsWith("usage: %rollout --steps N"), help);
    assertEquals(help, String.valueOf(kernel.evalRaw("%rollout --help")));
    List<String> t = traceback("%help nosuch");
    assertTrue(t.get(0).startsWith("no magic named 'nosuch'; magics: "), t.toString());
  }
}
