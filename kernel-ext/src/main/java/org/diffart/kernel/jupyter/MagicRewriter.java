package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.kernel.magic.CellMagicParseContext;
import io.github.spencerpark.jupyter.kernel.magic.LineMagicParseContext;
import io.github.spencerpark.jupyter.kernel.magic.MagicParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Rewrites magic syntax into Java calls on the {@link Notebook} facade, as IJava does, so magics run
 * in source order and their values can be assigned.
 *
 * <ul>
 *   <li>A line magic starts a line or follows {@code =}: {@code %name args} becomes {@code
 *       Notebook.lineMagic("name", List.of(args));} and {@code var t = %name args} becomes {@code var
 *       t = (Type) Notebook.lineMagic(...);} where {@code Type} is the magic's declared result type
 *       when known. The magic takes the rest of its line; one trailing {@code ;} is dropped.
 *   <li>A cell magic {@code %%name args} must start the cell; the lines below are its body.
 * </ul>
 *
 * Arguments are split shell-style (quotes and backslash escapes) by basekernel's parser.
 */
final class MagicRewriter {

  private static final String FACADE = Notebook.class.getName();
  private static final MagicParser PARSER = new MagicParser("(?<=(?:^|=))\\s*%", "%%");

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
          + ");";
    }
    return PARSER.transformLineMagics(cell, this::rewriteLineMagic);
  }

  private String rewriteLineMagic(LineMagicParseContext ctx) {
    String name = ctx.getMagicCall().getName();
    List<String> args = new ArrayList<>(ctx.getMagicCall().getArgs());
    if (args.isEmpty() && name.endsWith(";")) {
      name = name.substring(0, name.length() - 1); // var r = %name;
    } else if (!args.isEmpty() && args.get(args.size() - 1).endsWith(";")) {
      String last = args.remove(args.size() - 1);
      if (last.length() > 1) {
        args.add(last.substring(0, last.length() - 1));
      }
    }
    String call = FACADE + ".lineMagic(" + literal(name) + ", " + listOf(args) + ");";
    boolean statement = ctx.getLinePrefix().isBlank();
    if (statement) {
      return leadingSpace(ctx.getRaw()) + call;
    }
    return lineResultType
        .apply(name)
        .map(type -> " (" + type.getCanonicalName() + ") " + call)
        .orElse(" " + call);
  }

  private static String leadingSpace(String raw) {
    int i = 0;
    while (i < raw.length() && raw.charAt(i) != '%') {
      i++;
    }
    return raw.substring(0, i);
  }

  private static String listOf(List<String> args) {
    return args.stream()
        .map(MagicRewriter::literal)
        .collect(Collectors.joining(", ", "java.util.List.of(", ")"));
  }

  /**
   * A Java string literal for any text. Control characters become three-digit octal escapes; unicode
   * escapes are never produced because javac translates them before lexing.
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
