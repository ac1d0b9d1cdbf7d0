package org.diffart.kernel.jupyter;

import com.sun.tools.javac.parser.Scanner;
import com.sun.tools.javac.parser.ScannerFactory;
import com.sun.tools.javac.parser.Tokens.Token;
import com.sun.tools.javac.parser.Tokens.TokenKind;
import com.sun.tools.javac.util.Context;
import com.sun.tools.javac.util.Log;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;

/**
 * A cell's tokens as javac's own tokenizer reads them, so that what the kernel finds in a cell is
 * where Java says code is: a {@code %} in a string literal, a text block, a character literal or a
 * comment is no token of its own (comments and whitespace fall between tokens). jdk.compiler does
 * not export its tokenizer: the kernel's JVM runs with {@link #EXPORTS}, which the kernelspec,
 * {@code bin/diffart} and the jar's manifest give it.
 */
final class JavaTokens {
  /** The JVM options that open javac's tokenizer to the kernel. */
  static final List<String> EXPORTS =
      List.of(
          "--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
          "--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED");

  private JavaTokens() {}

  /** What the rewriter tells apart. */
  enum Kind {
    PERCENT,
    EQ,
    STATEMENT_END,
    IDENTIFIER,
    LITERAL,
    OTHER
  }

  /** One token: its kind and its characters {@code [pos, end)} in the cell. */
  record Tok(Kind kind, int pos, int end) {}

  /**
   * The tokens of {@code source}; a malformed one (an unclosed string, say) is kept as javac
   * recovers from it.
   *
   * @throws IllegalStateException naming the JVM options when this JVM does not open javac's
   *     tokenizer
   */
  static List<Tok> of(String source) {
    Scanner scanner;
    try {
      // javac reports a malformed token against a source file: give it the cell, and a log that
      // goes nowhere
      Context context = new Context();
      Log log = Log.instance(context);
      log.setWriters(new PrintWriter(Writer.nullWriter()));
      log.useSource(
          new SimpleJavaFileObject(URI.create("string:///Cell.java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return source;
            }
          });
      scanner = ScannerFactory.instance(context).newScanner(source, false);
    } catch (IllegalAccessError e) {
      throw new IllegalStateException(
          "the diffart kernel reads cells with javac's tokenizer and needs the JVM options "
              + String.join(" ", EXPORTS)
              + " (the kernelspec that 'diffart kernel install' writes has them)",
          e);
    }
    List<Tok> out = new ArrayList<>();
    for (scanner.nextToken(); scanner.token().kind != TokenKind.EOF; scanner.nextToken()) {
      Token t = scanner.token();
      out.add(new Tok(kind(t.kind), t.pos, Math.max(t.endPos, t.pos)));
    }
    return out;
  }

  private static Kind kind(TokenKind k) {
    return switch (k) {
      case PERCENT -> Kind.PERCENT;
      case EQ -> Kind.EQ;
      case SEMI, LBRACE, RBRACE -> Kind.STATEMENT_END;
      case IDENTIFIER -> Kind.IDENTIFIER;
      case STRINGLITERAL, CHARLITERAL -> Kind.LITERAL;
      default -> Kind.OTHER;
    };
  }
}
