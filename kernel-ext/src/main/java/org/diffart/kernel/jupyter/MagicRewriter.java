package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.kernel.magic.CellMagicParseContext;
import io.github.spencerpark.jupyter.kernel.magic.MagicParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Rewrites magic syntax into Java calls on the {@link Notebook} facade, as IJava does, so magics
 * run in source order and their values can be assigned.
 *
 * <ul>
 *   <li>A line magic is a {@code %} token directly followed by a name, where Java code is (javac's
 *       tokenizer says so, {@link JavaTokens}: never in a string literal, a text block, a character
 *       literal or a comment), where a statement may start (after {@code ;}, {@code {}, {@code }},
 *       another line magic or at the start of the cell, on the same line or a line before) or after
 *       {@code =}. {@code %name args} becomes {@code Notebook.lineMagic("name", List.of(args));}
 *       and {@code var t = %name args} becomes {@code var t = (Type) Notebook.lineMagic(...);}
 *       where {@code Type} is the magic's declared result type when known. A magic first on its
 *       line takes the rest of the line, one trailing {@code ;} dropped; one inside a line of Java
 *       ({@code try { %reproduce rl-ant; }}, {@code var r = %rollout; f(r);}) ends at its first
 *       {@code ;} (dropped) or brace outside quotes. Elsewhere {@code %} is Java's remainder
 *       operator.
 *   <li>A cell magic {@code %%name args} must start the cell; the lines below are its body.
 * </ul>
 *
 * Arguments are split shell-style (quotes and backslash escapes) by basekernel's parser.
 */
final class MagicRewriter {

  private static final String FACADE = Notebook.class.getName();

  /** basekernel's parser, for cell magics (line magics are found by {@link JavaTokens}). */
  private static final MagicParser PARSER = new MagicParser();

  private final Function<String, Optional<Class<?>>> lineResultType;

  /**
   * Creates a rewriter.
   *
   * @param lineResultType the declared result type of a line magic, by name, if known
   */
  MagicRewriter(Function<String, Optional<Class<?>>> lineResultType) {
    this.lineResultType = lineResultType;
  }

  /**
   * Rewrites every magic in a cell into Java.
   *
   * @param cell the cell as typed
   * @return Java source
   * @throws CompilationException when the cell starts with {@code %%} but has no body
   */
  String rewrite(String cell) throws CompilationException {
    if (cell.startsWith("%%")) {
      CellMagicParseContext ctx = PARSER.parseCellMagic(cell);
      if (ctx == null) {
        throw new CompilationException(
            "a cell magic needs a name on the first line and a body below it: "
                + cell.lines().findFirst().orElse(cell));
      }
      return FACADE
          + ".cellMagic("
          + literal(ctx.getMagicCall().getName())
          + ", "
          + listOf(ctx.getMagicCall().getArgs())
          + ", "
          + literal(ctx.getMagicCall().getBody())
          // left open, as a cell's last statement, so that the magic's value shows
          + ")";
    }
    List<JavaTokens.Tok> tokens = JavaTokens.of(cell);
    StringBuilder out = new StringBuilder(cell.length());
    int copied = 0;
    // where a statement may start: the start of the cell, after ; { } or a line magic
    boolean statement = true;
    JavaTokens.Tok previous = null;
    for (int i = 0; i < tokens.size(); i++) {
      JavaTokens.Tok t = tokens.get(i);
      boolean named =
          i + 1 < tokens.size()
              && tokens.get(i + 1).kind() == JavaTokens.Kind.IDENTIFIER
              && tokens.get(i + 1).pos() == t.end();
      boolean assigned = previous != null && previous.kind() == JavaTokens.Kind.EQ;
      if (t.kind() == JavaTokens.Kind.PERCENT && named && (assigned || statement)) {
        int end = cell.indexOf('\n', t.pos());
        end = end < 0 ? cell.length() : end;
        int resume = end;
        boolean firstOnLine = firstOnLine(cell, t.pos());
        while (i + 1 < tokens.size() && tokens.get(i + 1).pos() < end) {
          JavaTokens.Tok u = tokens.get(i + 1);
          if (!firstOnLine && u.kind() == JavaTokens.Kind.STATEMENT_END) {
            // a magic inside a line of Java ends at its ; (taken) or at a brace (left to Java)
            end = u.pos();
            boolean semicolon = cell.charAt(u.pos()) == ';';
            resume = semicolon ? u.end() : u.pos();
            if (semicolon) {
              i++;
            }
            break;
          }
          i++;
        }
        // the cell's last statement is left open, so that its value shows as any expression's
        boolean last = !assigned && i + 1 == tokens.size();
        out.append(cell, copied, t.pos())
            .append(lineMagic(cell.substring(t.pos() + 1, end), assigned, last));
        copied = resume;
        statement = true;
        previous = null;
        continue;
      }
      statement = t.kind() == JavaTokens.Kind.STATEMENT_END;
      previous = t;
    }
    return out.append(cell, copied, cell.length()).toString();
  }

  /** Whether only blanks stand between the start of its line and {@code pos}. */
  private static boolean firstOnLine(String cell, int pos) {
    for (int i = pos - 1; i >= 0 && cell.charAt(i) != '\n'; i--) {
      if (!Character.isWhitespace(cell.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The call of the line magic {@code text} (its name and arguments, after the {@code %}): a
   * statement ended by {@code ;} unless it is the cell's {@code last}, or the value of an
   * assignment.
   */
  private String lineMagic(String text, boolean assigned, boolean last) {
    List<String> args = new ArrayList<>(Words.of(text));
    String name = args.remove(0);
    if (args.isEmpty() && name.endsWith(";")) {
      name = name.substring(0, name.length() - 1); // var r = %name;
    } else if (!args.isEmpty() && args.get(args.size() - 1).endsWith(";")) {
      String word = args.remove(args.size() - 1);
      if (word.length() > 1) {
        args.add(word.substring(0, word.length() - 1));
      }
    }
    String call = FACADE + ".lineMagic(" + literal(name) + ", " + listOf(args) + ")";
    if (!assigned) {
      return last ? call : call + ";";
    }
    return lineResultType
        .apply(name)
        .map(type -> "(" + type.getCanonicalName() + ") " + call + ";")
        .orElse(call + ";");
  }

  /** basekernel's shell-style splitting of a magic's words. */
  private static final class Words extends MagicParser {
    static List<String> of(String text) {
      return split(text);
    }
  }

  private static String listOf(List<String> args) {
    return args.stream()
        .map(MagicRewriter::literal)
        .collect(Collectors.joining(", ", "java.util.List.of(", ")"));
  }

  /**
   * A Java string literal for any text. Control characters become three-digit octal escapes;
   * unicode escapes are never produced because javac translates them before lexing.
   */
  static String literal(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '"' -> out.append("\\\"");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\%03o", (int) c)); // three digits: "\0017" stays two chars
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
