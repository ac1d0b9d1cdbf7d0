package org.diffart.sim.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Parses model files into a small {@link XmlElement} tree that remembers each element's line,
 * refusing document type declarations outright: no DTD, no internal or external entities, no
 * XInclude, so neither external-entity reads (XXE) nor entity-expansion bombs are possible. Model
 * formats (MJCF, URDF) never need a DTD.
 *
 * <p>Every failure is a {@link ModelFormatException} naming the source, the line and the innermost
 * open element.
 */
public final class SafeXml {
  private static final String DISALLOW_DOCTYPE =
      "http://apache.org/xml/features/disallow-doctype-decl";

  private SafeXml() {}

  /**
   * Parses a file; its path as given names it in error messages.
   *
   * @throws UncheckedIOException when the file cannot be read
   */
  public static XmlElement parse(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return parse(in, file.toString());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new UncheckedIOException(
          file
              + ": no such file"
              + (file.isAbsolute() ? "" : " (in " + Path.of("").toAbsolutePath() + ")"),
          e);
    } catch (java.nio.file.AccessDeniedException e) {
      throw new UncheckedIOException(file + ": permission denied", e);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read the model file: " + e.getMessage(), e);
    }
  }

  /** Parses a stream (the caller closes it); {@code source} names it in error messages. */
  public static XmlElement parse(InputStream in, String source) {
    return parse(new InputSource(in), source);
  }

  /** Parses XML text; {@code source} names it in error messages. */
  public static XmlElement parseString(String xml, String source) {
    return parseString(xml, source, 1);
  }

  /**
   * Parses XML text whose first line is line {@code firstLine} of {@code source} (as in a notebook
   * cell).
   */
  public static XmlElement parseString(String xml, String source, int firstLine) {
    return parse(new InputSource(new StringReader(xml)), source, firstLine - 1);
  }

  private static XmlElement parse(InputSource input, String source) {
    return parse(input, source, 0);
  }

  private static XmlElement parse(InputSource input, String source, int lineOffset) {
    TreeHandler handler = new TreeHandler(source, lineOffset);
    try {
      newParser().parse(input, handler);
    } catch (SAXParseException e) {
      String detail = "malformed XML: " + e.getMessage();
      String element = handler.openElement();
      if (e.getMessage() != null && e.getMessage().contains("DOCTYPE")) {
        element = "!DOCTYPE";
        detail = "document type declarations are refused (no DTDs, no entities: XXE-safe parsing)";
      }
      throw new ModelFormatException(
          source, Math.max(e.getLineNumber(), 1) + lineOffset, element, detail, e);
    } catch (SAXException e) {
      throw new ModelFormatException(
          source, handler.line(), handler.openElement(), "malformed XML: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read model " + source + ": " + e.getMessage(), e);
    }
    return handler.root;
  }

  private static SAXParser newParser() {
    try {
      SAXParserFactory f = SAXParserFactory.newInstance();
      f.setNamespaceAware(false);
      f.setValidating(false);
      f.setXIncludeAware(false);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature(DISALLOW_DOCTYPE, true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      return f.newSAXParser();
    } catch (ParserConfigurationException | SAXException e) {
      // fail closed: never fall back to a parser that might resolve entities
      throw new IllegalStateException(
          "the XML parser cannot be configured to refuse DTDs and external entities", e);
    }
  }

  /** Builds the element tree from SAX events. */
  private static final class TreeHandler extends DefaultHandler {
    private final String source;
    private final int lineOffset;
    private final Deque<Node> open = new ArrayDeque<>();
    private Locator locator;
    private XmlElement root;

    TreeHandler(String source, int lineOffset) {
      this.source = source;
      this.lineOffset = lineOffset;
    }

    @Override
    public void setDocumentLocator(Locator l) {
      locator = l;
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes atts) {
      Map<String, String> map = new LinkedHashMap<>();
      for (int i = 0; i < atts.getLength(); i++) {
        map.put(atts.getQName(i), atts.getValue(i));
      }
      open.push(new Node(qName, line(), map));
    }

    @Override
    public void endElement(String uri, String localName, String qName) {
      Node n = open.pop();
      XmlElement e = new XmlElement(source, n.name, n.line, n.attributes, n.children);
      if (open.isEmpty()) {
        root = e;
      } else {
        open.peek().children.add(e);
      }
    }

    @Override
    public InputSource resolveEntity(String publicId, String systemId) {
      // unreachable with DTDs refused; a second line of defence that never reads anything
      return new InputSource(new StringReader(""));
    }

    int line() {
      return (locator == null ? 1 : Math.max(locator.getLineNumber(), 1)) + lineOffset;
    }

    String openElement() {
      return open.isEmpty() ? "document" : open.peek().name;
    }
  }

  private record Node(
      String name, int line, Map<String, String> attributes, List<XmlElement> children) {
    Node(String name, int line, Map<String, String> attributes) {
      this(name, line, attributes, new ArrayList<>());
    }
  }
}
