package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MagicRewriterTest {

  private static final String NB = "org.diffart.kernel.jupyter.Notebook";

  private final MagicRewriter rewriter =
      new MagicRewriter(
          name -> name.equals("typed") ? Optional.of(StringBuilder.class) : Optional.empty());

  @Test
  void lineMagicAtLineStartBecomesAStatement() throws Exception {
    assertEquals(
        "int a = 1;\n  "
            + NB
            + ".lineMagic(\"rollout\", java.util.List.of(\"--steps\", \"10\"));\na",
        rewriter.rewrite("int a = 1;\n  %rollout --steps 10\na"));
  }

  @Test
  void assignedLineMagicIsCastToItsDeclaredTypeAndLosesItsTrailingSemicolon() throws Exception {
    assertEquals(
        "var t = (java.lang.StringBuilder) "
            + NB
            + ".lineMagic(\"typed\", java.util.List.of(\"x\"));",
        rewriter.rewrite("var t = %typed x;"));
    assertEquals(
        "Object o = " + NB + ".lineMagic(\"untyped\", java.util.List.of());",
        rewriter.rewrite("Object o = %untyped"));
    // a magic without arguments keeps its name when the semicolon follows it directly
    assertEquals(
        "var t = (java.lang.StringBuilder) " + NB + ".lineMagic(\"typed\", java.util.List.of());",
        rewriter.rewrite("var t = %typed;"));
  }

  @Test
  void quotedArgumentsStayTogether() throws Exception {
    assertEquals(
        NB + ".lineMagic(\"model\", java.util.List.of(\"a b.xml\"))",
        rewriter.rewrite("%model \"a b.xml\""));
  }

  @Test
  void moduloStringsAndLaterPercentSignsAreNotMagics() throws Exception {
    String java = "int r = 7\n  % 3;\nString f = \"%d\";\nint m = a %b;";
    assertEquals(java, rewriter.rewrite(java));
  }

  @Test
  void cellMagicTakesTheRestOfTheCellAsItsBodyAndShowsItsValue() throws Exception {
    assertEquals(
        NB
            + ".cellMagic(\"model\", java.util.List.of(\"--name\", \"p\"), \"<mujoco>\\n  \\\"x\\\"\\n</mujoco>\")",
        rewriter.rewrite("%%model --name p\n<mujoco>\n  \"x\"\n</mujoco>"));
  }

  @Test
  void cellMagicWithoutBodyIsACompilationError() {
    assertThrows(CompilationException.class, () -> rewriter.rewrite("%%model"));
  }

  @Test
  void literalsUseThreeDigitOctalForControlCharacters() {
    assertEquals("\"a\\0017\\\\\\t\"", MagicRewriter.literal("a\u00017\\\t"));
  }

  /**
   * What every Java user types in the first hour: a {@code %} in a string, a text block, a comment
   * is Java's.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "System.out.printf(\"n=%d%n\", 3)",
        "printf(\"n = %d\", x)",
        "String fmt = \"x=%s\";",
        "String s = \"\"\"\n    %model is what I typed\n    x = %rollout\n    \"\"\";",
        "// %model in a comment\nint a = 1; /* %rollout --steps 5 */",
        "char c = '%';\nchar d =\n'%';",
        "int r = 7\n  %n;",
        "int r = a\n%b;",
        "boolean same = x ==%m;",
        "String latex = \"\\\\frac{a}{b} % a comment in TeX\";"
      })
  void javaIsLeftAsItIs(String java) throws Exception {
    assertEquals(java, rewriter.rewrite(java));
  }

  @Test
  void magicsFollowStatementsAndEachOther() throws Exception {
    assertEquals(
        "int a = 1; // set\n"
            + NB
            + ".lineMagic(\"a\", java.util.List.of(\"1\"));\n"
            + NB
            + ".lineMagic(\"b\", java.util.List.of());\nvoid f() {\n  "
            + NB
            + ".lineMagic(\"c\", java.util.List.of(\"x\"));\n}",
        rewriter.rewrite("int a = 1; // set\n%a 1\n%b\nvoid f() {\n  %c x\n}"));
    // an assigned magic after a line magic, and one whose = ends the line before
    assertEquals(
        NB
            + ".lineMagic(\"a\", java.util.List.of());\nvar t =\n  (java.lang.StringBuilder) "
            + NB
            + ".lineMagic(\"typed\", java.util.List.of(\"y\"));",
        rewriter.rewrite("%a\nvar t =\n  %typed y;"));
  }

  /**
   * A magic inside a line of Java ends at its semicolon or at a brace; one first on its line does
   * not.
   */
  @Test
  void magicsInsideALineOfJavaEndAtTheirSemicolonOrBrace() throws Exception {
    assertEquals(
        "try { "
            + NB
            + ".lineMagic(\"reproduce\", java.util.List.of(\"rl-ant\", \"--quick\")); } finally {"
            + " f(); }",
        rewriter.rewrite("try { %reproduce rl-ant --quick; } finally { f(); }"));
    assertEquals(
        "var t = (java.lang.StringBuilder) "
            + NB
            + ".lineMagic(\"typed\", java.util.List.of(\"x\")); t.length()",
        rewriter.rewrite("var t = %typed x; t.length()"));
    assertEquals(
        "if (ok) { " + NB + ".lineMagic(\"a\", java.util.List.of(\"b;c\"));}",
        rewriter.rewrite("if (ok) { %a \"b;c\" }"));
    assertEquals(
        "int a = 1; " + NB + ".lineMagic(\"b\", java.util.List.of(\"2\"))",
        rewriter.rewrite("int a = 1; %b 2;"));
    // first on its line, a magic keeps its whole line (a classpath may hold semicolons)
    assertEquals(
        NB + ".lineMagic(\"classpath\", java.util.List.of(\"a.jar;b.jar\"))",
        rewriter.rewrite("%classpath a.jar;b.jar"));
  }

  /**
   * Random cells of format strings, LaTeX and MATLAB snippets in strings, text blocks, character
   * literals and comments, {@code %} as the remainder across lines, and real magics at statement
   * starts: the magics, and only they, are rewritten.
   */
  @Test
  void randomCellsRewriteTheirMagicsAndNothingElse() throws Exception {
    java.util.Random rnd = new java.util.Random(23);
    String[] inside = {
      "%d",
      "%5.2f%n",
      "%%",
      "x=%s",
      "\\\\alpha % TeX comment",
      "% MATLAB comment",
      "y = x % 2",
      "%model builtin:pendulum:2",
      "= %rollout"
    };
    for (int cell = 0; cell < 300; cell++) {
      StringBuilder in = new StringBuilder(), expected = new StringBuilder();
      int magics = 0, lastMagicEnd = -1;
      boolean codeAfter = false;
      for (int line = 0; line < 6; line++) {
        String text = inside[rnd.nextInt(inside.length)];
        String java =
            switch (rnd.nextInt(7)) {
              case 0 -> "String s" + line + " = \"" + text + "\";";
              case 1 -> "String t" + line + " = \"\"\"\n" + text + "\n\"\"\";";
              case 2 -> "// " + text;
              case 3 -> "/* " + text + "\n " + text + " */";
              case 4 -> "char c" + line + " = '%';";
              case 5 -> "int m" + line + " = 7\n  % 3 +\n  5\n%k;";
              default -> null;
            };
        if (java == null) {
          magics++;
          in.append("%magic").append(line).append(" --n ").append(line).append('\n');
          expected
              .append(NB)
              .append(".lineMagic(\"magic")
              .append(line)
              .append("\", java.util.List.of(\"--n\", \"")
              .append(line)
              .append("\"));");
          lastMagicEnd = expected.length();
          expected.append('\n');
          codeAfter = false;
        } else {
          in.append(java).append('\n');
          expected.append(java).append('\n');
          codeAfter |= !java.startsWith("//") && !java.startsWith("/*");
        }
      }
      if (lastMagicEnd >= 0 && !codeAfter) {
        // the cell's last statement is left open, to show its value
        expected.deleteCharAt(lastMagicEnd - 1);
      }
      String out = rewriter.rewrite(in.toString());
      assertEquals(expected.toString(), out, "cell " + cell + ":\n" + in);
      assertEquals(magics, out.split("lineMagic\\(", -1).length - 1);
    }
  }
}
