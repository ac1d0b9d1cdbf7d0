package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MagicRewriterTest {

  private static final String NB = "org.diffart.kernel.jupyter.Notebook";

  private final MagicRewriter rewriter =
      new MagicRewriter(name -> name.equals("typed") ? Optional.of(StringBuilder.class) : Optional.empty());

  @Test
  void lineMagicAtLineStartBecomesAStatement() throws Exception {
    assertEquals(
        "int a = 1;\n  " + NB + ".lineMagic(\"rollout\", java.util.List.of(\"--steps\", \"10\"));\na",
        rewriter.rewrite("int a = 1;\n  %rollout --steps 10\na"));
  }

  @Test
  void assignedLineMagicIsCastToItsDeclaredTypeAndLosesItsTrailingSemicolon() throws Exception {
    assertEquals(
        "var t = (java.lang.StringBuilder) " + NB + ".lineMagic(\"typed\", java.util.List.of(\"x\"));",
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
        NB + ".lineMagic(\"model\", java.util.List.of(\"a b.xml\"));",
        rewriter.rewrite("%model \"a b.xml\""));
  }

  @Test
  void moduloStringsAndLaterPercentSignsAreNotMagics() throws Exception {
    String java = "int r = 7\n  % 3;\nString f = \"%d\";\nint m = a %b;";
    assertEquals(java, rewriter.rewrite(java));
  }

  @Test
  void cellMagicTakesTheRestOfTheCellAsItsBody() throws Exception {
    assertEquals(
        NB + ".cellMagic(\"model\", java.util.List.of(\"--name\", \"p\"), \"<mujoco>\\n  \\\"x\\\"\\n</mujoco>\");",
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
}
