package org.diffart.sim.io;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One element of a parsed model file: tag name, attributes in document order, child elements and
 * the line where its start tag ends. Text content is not kept (MJCF and URDF carry everything in
 * attributes). Immutable.
 *
 * <p>The typed accessors parse attribute values strictly (decimal numbers only: no {@code NaN},
 * {@code Infinity}, hexadecimal or Java suffixes) and throw a {@link ModelFormatException} naming
 * this element's file and line.
 */
public final class XmlElement {
  private static final Pattern NUMBER =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private final String source;
  private final String name;
  private final int line;
  private final Map<String, String> attributes;
  private final List<XmlElement> children;

  XmlElement(
      String source,
      String name,
      int line,
      Map<String, String> attributes,
      List<XmlElement> children) {
    this.source = source;
    this.name = name;
    this.line = line;
    this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
    this.children = List.copyOf(children);
  }

  /** The file or source name the element was read from. */
  public String source() {
    return source;
  }

  /** The tag name. */
  public String name() {
    return name;
  }

  /** The 1-based line where the element's start tag ends. */
  public int line() {
    return line;
  }

  /** The child elements in document order. */
  public List<XmlElement> children() {
    return children;
  }

  /** This element with other children (same file, line and attributes). */
  XmlElement withChildren(List<XmlElement> newChildren) {
    return new XmlElement(source, name, line, attributes, newChildren);
  }

  /** The attribute names in document order. */
  public Set<String> attributeNames() {
    return attributes.keySet();
  }

  /** Whether the attribute is present. */
  public boolean has(String attr) {
    return attributes.containsKey(attr);
  }

  /** The raw attribute value, or {@code null} when absent. */
  public String attribute(String attr) {
    return attributes.get(attr);
  }

  /** The attribute value, or {@code dflt} when absent. */
  public String string(String attr, String dflt) {
    String v = attributes.get(attr);
    return v == null ? dflt : v;
  }

  /** An exception located at this element. */
  public ModelFormatException error(String detail) {
    return new ModelFormatException(source, line, name, detail);
  }

  /** An exception located at this element, keeping the cause. */
  public ModelFormatException error(String detail, Throwable cause) {
    return new ModelFormatException(source, line, name, detail, cause);
  }

  /**
   * Refuses attributes outside {@code allowed}; XML namespace declarations ({@code xmlns}, {@code
   * xmlns:*}) are always accepted.
   */
  public void requireAttributesIn(Set<String> allowed) {
    for (String a : attributes.keySet()) {
      if (!allowed.contains(a) && !a.equals("xmlns") && !a.startsWith("xmlns:")) {
        throw error(
            "unknown or unsupported attribute '"
                + a
                + "' (supported: "
                + String.join(", ", allowed.stream().sorted().toList())
                + ")");
      }
    }
  }

  /** Refuses child elements whose names are outside {@code allowed}. */
  public void requireChildrenIn(Set<String> allowed) {
    for (XmlElement c : children) {
      if (!allowed.contains(c.name)) {
        throw c.error(
            "unsupported element <"
                + c.name
                + "> in <"
                + name
                + "> (supported: "
                + String.join(", ", allowed.stream().sorted().toList())
                + ")");
      }
    }
  }

  /** The attribute, which must be present. */
  public String required(String attr) {
    String v = attributes.get(attr);
    if (v == null) {
      throw error("required attribute '" + attr + "' is missing");
    }
    return v;
  }

  /** A finite decimal number, or {@code dflt} when absent. */
  public double number(String attr, double dflt) {
    return has(attr) ? numbers(attr, 1, 1)[0] : dflt;
  }

  /** A finite decimal number, which must be present. */
  public double number(String attr) {
    required(attr);
    return numbers(attr, 1, 1)[0];
  }

  /**
   * A whitespace-separated list of {@code min..max} finite decimal numbers; the attribute must be
   * present.
   */
  public double[] numbers(String attr, int min, int max) {
    String[] parts = tokens(required(attr));
    if (parts.length < min || parts.length > max) {
      String count = min == max ? String.valueOf(min) : min + " to " + max;
      throw error(
          "attribute '"
              + attr
              + "' needs "
              + count
              + " number"
              + (max == 1 ? "" : "s")
              + ", got "
              + parts.length
              + " ('"
              + attribute(attr)
              + "')");
    }
    double[] v = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      if (!NUMBER.matcher(parts[i]).matches()) {
        throw error("attribute '" + attr + "': '" + parts[i] + "' is not a number");
      }
      v[i] = Double.parseDouble(parts[i]);
      if (!Double.isFinite(v[i])) {
        throw error("attribute '" + attr + "': '" + parts[i] + "' is out of range");
      }
    }
    return v;
  }

  /** Exactly {@code n} numbers; the attribute must be present. */
  public double[] numbers(String attr, int n) {
    return numbers(attr, n, n);
  }

  /** A decimal integer, or {@code dflt} when absent. */
  public int integer(String attr, int dflt) {
    if (!has(attr)) {
      return dflt;
    }
    String v = attribute(attr).strip();
    if (!INTEGER.matcher(v).matches()) {
      throw error("attribute '" + attr + "': '" + v + "' is not an integer");
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw error("attribute '" + attr + "': '" + v + "' is out of range", e);
    }
  }

  /** One of the {@code allowed} keywords (case-sensitive), or {@code dflt} when absent. */
  public String keyword(String attr, String dflt, String... allowed) {
    if (!has(attr)) {
      return dflt;
    }
    String v = attribute(attr).strip();
    for (String a : allowed) {
      if (a.equals(v)) {
        return a;
      }
    }
    throw error(
        "attribute '" + attr + "': '" + v + "' is not one of " + String.join(", ", allowed));
  }

  private static String[] tokens(String v) {
    String s = v.strip();
    return s.isEmpty() ? new String[0] : SPACES.split(s);
  }
}
