package org.diffart.sim.compiler;

import java.util.List;

/**
 * MuJoCo's {@code <custom>} data as given to the builder: numeric fields, text fields and tuples of
 * named objects. The compiler lays them out as MuJoCo 3.14 does ({@code numeric_adr}, {@code
 * tuple_objtype}, ...) and resolves the tuples' objects by name.
 */
public final class CustomSpec {
  private CustomSpec() {}

  /**
   * A numeric field.
   *
   * @param name its name
   * @param data its values, already padded with zeros to its size
   */
  public record Numeric(String name, double[] data) {}

  /**
   * A text field.
   *
   * @param name its name
   * @param text its text (not empty)
   */
  public record Text(String name, String text) {}

  /**
   * One element of a tuple.
   *
   * @param objType the object's kind as MJCF names it ({@code body}, {@code joint}, ...)
   * @param objName the object's name
   * @param prm the element's parameter
   */
  public record Element(String objType, String objName, double prm) {}

  /**
   * A tuple.
   *
   * @param name its name
   * @param elements its elements, at least one
   */
  public record Tuple(String name, List<Element> elements) {}

  /**
   * The object kinds a tuple may name with MuJoCo's mjtObj codes: those diffart's model keeps with
   * their names.
   */
  public static final List<String> OBJECT_TYPES =
      List.of(
          "body",
          "xbody",
          "joint",
          "geom",
          "site",
          "equality",
          "tendon",
          "actuator",
          "sensor",
          "numeric",
          "text",
          "tuple",
          "key");

  /** MuJoCo 3.14's mjtObj code of a kind in {@link #OBJECT_TYPES}. */
  public static int mjtObj(String kind) {
    return switch (kind) {
      case "body" -> 1;
      case "xbody" -> 2;
      case "joint" -> 3;
      case "geom" -> 5;
      case "site" -> 6;
      case "equality" -> 17;
      case "tendon" -> 18;
      case "actuator" -> 19;
      case "sensor" -> 20;
      case "numeric" -> 21;
      case "text" -> 22;
      case "tuple" -> 23;
      case "key" -> 24;
      default -> throw new IllegalArgumentException("no object kind " + kind);
    };
  }
}
