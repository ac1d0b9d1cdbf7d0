package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.List;

/**
 * The attributes of one MJCF element after default-class resolution: the element's own value if it
 * has one, else the value of the most specific default class that sets it. Vectors read with {@link
 * #overlay} follow MuJoCo's partial semantics: each level, from the top default down to the
 * element, overwrites only as many leading values as it gives ({@code size}, {@code friction},
 * {@code gear}). Errors name the element or default that wrote the value.
 */
final class MjcfAttributes {
  private final XmlElement element;
  private final List<XmlElement> chain;

  /**
   * @param element the element itself
   * @param defaults the default-class elements of the same kind, from the top class down to the
   *     element's class
   */
  MjcfAttributes(XmlElement element, List<XmlElement> defaults) {
    this.element = element;
    this.chain = new ArrayList<>(defaults);
    chain.add(element);
  }

  /** The element itself. */
  XmlElement element() {
    return element;
  }

  /** The default-class elements from the top class down, then the element itself. */
  List<XmlElement> levels() {
    return List.copyOf(chain);
  }

  /**
   * The most specific element (the element or one of its defaults) that sets {@code attr}, or
   * {@code null}.
   */
  XmlElement definer(String attr) {
    for (int i = chain.size() - 1; i >= 0; i--) {
      if (chain.get(i).has(attr)) {
        return chain.get(i);
      }
    }
    return null;
  }

  /** Whether the element or one of its defaults sets {@code attr}. */
  boolean has(String attr) {
    return definer(attr) != null;
  }

  /** The resolved string value, or {@code dflt}. */
  String string(String attr, String dflt) {
    XmlElement d = definer(attr);
    return d == null ? dflt : d.attribute(attr).strip();
  }

  /** The resolved number, or {@code dflt}. */
  double number(String attr, double dflt) {
    XmlElement d = definer(attr);
    return d == null ? dflt : d.number(attr, dflt);
  }

  /** The resolved integer, or {@code dflt}. */
  int integer(String attr, int dflt) {
    XmlElement d = definer(attr);
    return d == null ? dflt : d.integer(attr, dflt);
  }

  /** The resolved keyword, or {@code dflt}. */
  String keyword(String attr, String dflt, String... allowed) {
    XmlElement d = definer(attr);
    return d == null ? dflt : d.keyword(attr, dflt, allowed);
  }

  /** Exactly {@code n} resolved numbers, or {@code null} when no level sets the attribute. */
  double[] numbers(String attr, int n) {
    XmlElement d = definer(attr);
    return d == null ? null : d.numbers(attr, n);
  }

  /**
   * {@code base} (copied) overwritten level by level with the leading values each level gives
   * (1..length).
   */
  double[] overlay(String attr, double[] base) {
    double[] v = base.clone();
    for (XmlElement e : chain) {
      if (e.has(attr)) {
        double[] given = e.numbers(attr, 1, v.length);
        System.arraycopy(given, 0, v, 0, given.length);
      }
    }
    return v;
  }
}
