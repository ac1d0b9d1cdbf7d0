package org.diffart.sim.io;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The named elements of a model file by kind ({@code body}, {@code joint}, {@code geom}, {@code
 * site}, {@code tendon}, {@code actuator}, {@code sensor}, {@code keyframe}, {@code equality}, the
 * custom {@code numeric}, {@code text} and {@code tuple}): refuses repeated names and locates the
 * model compiler's errors, which name the offending element as {@code "joint 'knee': ..."}, at that
 * element's line.
 */
final class NamedElements {
  private static final Pattern COMPILER_SUBJECT =
      Pattern.compile(
          "(body|joint|geom|site|tendon|actuator|sensor|keyframe|equality|tuple) '([^']*)'");

  private final Map<String, XmlElement> byKey = new HashMap<>();

  /** Records a named element; unnamed ones (empty name) are not recorded. */
  void register(String kind, String name, XmlElement e) {
    if (!name.isEmpty() && byKey.putIfAbsent(kind + '\0' + name, e) != null) {
      throw e.error("repeated " + kind + " name '" + name + "'");
    }
  }

  /** Whether an element of this kind has this name. */
  boolean has(String kind, String name) {
    return byKey.containsKey(kind + '\0' + name);
  }

  /** The compiler error as a model-file error at the element it names, or at {@code fallback}. */
  ModelFormatException locate(IllegalArgumentException compileError, XmlElement fallback) {
    String msg = compileError.getMessage();
    Matcher m = COMPILER_SUBJECT.matcher(msg);
    XmlElement e = m.lookingAt() ? byKey.get(m.group(1) + '\0' + m.group(2)) : null;
    return (e == null ? fallback : e).error(msg, compileError);
  }
}
