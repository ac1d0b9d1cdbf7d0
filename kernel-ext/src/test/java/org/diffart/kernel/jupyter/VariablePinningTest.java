package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Variables keep their values and types whatever a later cell imports (each case on a fresh
 * kernel).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VariablePinningTest {
  private DiffartKernel kernel;

  @BeforeEach
  void start() throws Exception {
    kernel = new DiffartKernel(new KernelConfig(List.of(), List.of(), List.of(), ""));
  }

  @AfterEach
  void stop() {
    kernel.onShutdown(false);
  }

  private Object eval(String code) throws Exception {
    return kernel.evalRaw(code);
  }

  @Test
  void importOfASameNamedClassKeepsEarlierVariables() throws Exception {
    eval("Date d = new Date(0);");
    eval("var d2 = new Date(0);");
    eval("import java.sql.Date;");
    assertEquals(new java.util.Date(0), eval("d"));
    assertEquals(new java.util.Date(0), eval("d2"));
    assertEquals("java.util.Date", eval("d.getClass().getName()"));
    // the new import means what it says for new code
    assertEquals("1970-01-01", eval("new Date(0).toString()"));
  }

  @Test
  void wildcardImportsThatMakeNamesAmbiguousKeepEarlierVariables() throws Exception {
    eval("List<Integer> li = new ArrayList<>(List.of(1, 2));");
    eval("var list = new ArrayList<Integer>(List.of(3));");
    eval("Date d = new Date(0);");
    eval("import java.awt.*;");
    assertEquals(List.of(1, 2), eval("li"));
    assertEquals(List.of(3), eval("list"));
    eval("import java.sql.*;");
    assertEquals(new java.util.Date(0), eval("d"));
    assertEquals(3, eval("li.size() + list.size()"));
  }

  @Test
  void aSingleTypeImportOfTimerKeepsTheSwingTimer() throws Exception {
    eval("javax.swing.Timer tm = new javax.swing.Timer(1000, null);");
    eval("java.util.Timer ut = new java.util.Timer(true);");
    eval("import javax.swing.Timer;");
    assertEquals(1000, eval("tm.getDelay()"));
    assertEquals("java.util.Timer", eval("ut.getClass().getName()"));
    eval("ut.cancel();");
  }

  @Test
  void primitivesArraysGenericsAndNullSurviveAndKeepTheirTypes() throws Exception {
    eval(
        "int x = 41; double[] a = {1.5, 2.5}; Map<String, List<int[]>> m = new HashMap<>(); String s = null;");
    eval("import java.awt.*; import java.sql.*;");
    assertEquals(42, eval("x + 1"));
    assertEquals(4.0, eval("a[0] + a[1]"));
    assertEquals(0, eval("m.size()"));
    assertEquals(null, eval("s"));
    // the declared types stay: assignments that fit them still compile
    eval("x = 7; m.put(\"k\", new java.util.ArrayList<>());");
    assertEquals(7, eval("x"));
  }

  @Test
  void reassignedAndRedeclaredVariablesKeepTheirLatestValue() throws Exception {
    eval("var v = new ArrayList<String>(); v.add(\"a\");");
    eval("v = new ArrayList<>(List.of(\"b\"));");
    eval("import java.awt.*;");
    assertEquals(List.of("b"), eval("v"));
    eval("String v = \"now a string\";");
    eval("import java.sql.Date;");
    assertEquals("now a string", eval("v"));
  }

  @Test
  void aVariableThatMustBeDroppedIsNamedByTheCellThatDropsIt() throws Exception {
    // an anonymous class's type cannot be written, so this variable keeps its original declaration
    eval("class Local { int f = 5; }");
    eval("Local keep = new Local();");
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      eval("class Local { String f = \"changed\"; }");
    } finally {
      System.setErr(saved);
    }
    String said = err.toString(StandardCharsets.UTF_8);
    assertTrue(said.contains("diffart: this cell changed earlier declarations: keep"), said);
  }

  /**
   * A redefinition that breaks an earlier method is announced by the cell that makes it, and a
   * later call names what broke it (issue 23: it said nothing, then "cannot be used until this is
   * declared: " with nothing after it).
   */
  @Test
  void aRedefinitionThatBreaksAMethodIsAnnouncedAndNamedWhenTheMethodIsCalled() throws Exception {
    eval("double scale = 2;\ndouble scaled(double v) { return v * scale; }");
    assertEquals(6.0, eval("scaled(3)"));
    PrintStream saved = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      eval("String scale = \"large\";");
    } finally {
      System.setErr(saved);
    }
    String said = err.toString(StandardCharsets.UTF_8);
    assertTrue(
        said.contains(
            "this cell changed earlier declarations: scaled(double) (no longer compiles since scale"
                + " is now a String"),
        said);
    CompilationException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            CompilationException.class, () -> eval("scaled(3)"));
    assertTrue(
        e.getMessage()
            .contains(
                "'scaled' cannot be used: scaled(double) no longer compiles since scale is now"
                    + " a String"),
        e.getMessage());
  }

  @Test
  void randomDeclarationsSurviveRandomImportsAndNames() throws Exception {
    String[][] decls = {
      {"Date", "new Date(%d)", "java.util.Date"},
      {"List<Integer>", "new ArrayList<>(List.of(%d))", "java.util.ArrayList"},
      {"var", "new ArrayList<Integer>(List.of(%d))", "java.util.ArrayList"},
      {"Timer", "new Timer(true)", "java.util.Timer"},
      {"Map<String, Integer>", "new HashMap<>(Map.of(\"k\", %d))", "java.util.HashMap"},
      {"int", "%d", "java.lang.Integer"},
      {"Integer[]", "new Integer[] {%d}", "[Ljava.lang.Integer;"}
    };
    // imports, and declarations named like the packages of the pinned types (which make JShell
    // recompile them)
    String[] imports = {
      "import java.sql.Date;",
      "import java.awt.*;",
      "import java.sql.*;",
      "import javax.swing.Timer;",
      "import java.awt.List;",
      "import javax.management.*;",
      "int util = 1;",
      "String sql = \"s\";",
      "var lang = 2.0;"
    };
    Random rnd = new Random(20261130);
    List<String> names = new ArrayList<>();
    List<String> classes = new ArrayList<>();
    List<String> printed = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      String[] d = decls[rnd.nextInt(decls.length)];
      String name = "v" + i;
      eval(d[0] + " " + name + " = " + String.format(d[1], i) + ";");
      names.add(name);
      classes.add(d[2]);
      printed.add(
          String.valueOf(eval("java.util.Objects.toString(" + name + ") + \"\""))
              .replaceAll("@[0-9a-f]+", ""));
    }
    for (int k = 0; k < 8; k++) {
      eval(imports[rnd.nextInt(imports.length)]);
      for (int i = 0; i < names.size(); i++) {
        if (rnd.nextInt(3) > 0) {
          continue;
        }
        assertEquals(
            classes.get(i),
            eval("((Object) " + names.get(i) + ").getClass().getName()"),
            names.get(i));
        String now =
            String.valueOf(eval("java.util.Objects.toString(" + names.get(i) + ") + \"\""))
                .replaceAll("@[0-9a-f]+", "");
        assertEquals(printed.get(i), now, names.get(i) + " after import " + k);
      }
    }
  }

  @Test
  void aLaterVariableNamedLikeAPackageOfAnEarlierTypeKeepsItsValue() throws Exception {
    // JShell recompiles 'org.diffart.sim.model.Model ant' when any snippet declares 'model',
    // resetting it
    eval("var ant = %model builtin:ant;");
    eval("var t = tech.tablesaw.api.Table.create(\"x\");");
    assertEquals(15, eval("var model = 3;\nint sim = 4;\nant.nq()"));
    assertEquals(15, eval("ant.nq()"));
    assertEquals("x", eval("String api = \"api\";\nt.name()"));
    assertEquals(7, eval("model + sim"));
  }

  @Test
  void variablesWhoseInitializersNameEachOtherInOneCellAllKeepTheirValues() throws Exception {
    // declaring 'a' again (to pin it) makes JShell recompile, and reset, 'b' and 'c', whose
    // initializers name it
    eval(
        "var a = new ArrayList<Integer>(List.of(1, 2));\nvar b = new ArrayList<Integer>(a);\nint c = a.size() + b.size();");
    assertEquals(List.of(1, 2), eval("b"));
    assertEquals(4, eval("c"));
    assertEquals(List.of(1, 2), eval("a"));
  }
}
