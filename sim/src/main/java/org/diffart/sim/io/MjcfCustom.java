package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diffart.sim.compiler.CustomSpec;
import org.diffart.sim.compiler.ModelBuilder;

/**
 * MJCF {@code <custom>} with MuJoCo 3.14's rules ({@code mujoco-314-semantics.md} § 4): {@code
 * numeric} (name, size, data: a size from 1 to 500, the data's length when absent, the data
 * zero-padded to it and never longer), {@code text} (name, data, not empty) and {@code tuple}
 * (name, child {@code element} with objtype, objname, prm; at least one). Tuples name objects of
 * the kinds {@link CustomSpec#OBJECT_TYPES}; MuJoCo's other kinds (cameras, lights, meshes, ...)
 * are refused by name, since the model keeps no such named object.
 */
final class MjcfCustom {
  private MjcfCustom() {}

  /** MuJoCo's bound on a numeric field's size (mjMAXCUSTOM... of its XML reader). */
  static final int MAX_SIZE = 500;

  private static final Set<String> MUJOCO_ONLY_KINDS =
      Set.of(
          "dof",
          "camera",
          "light",
          "flex",
          "mesh",
          "skin",
          "hfield",
          "texture",
          "material",
          "pair",
          "exclude",
          "plugin");

  /** Reads one {@code <custom>} section into the builder, registering the names. */
  static void read(XmlElement section, ModelBuilder b, NamedElements names) {
    section.requireAttributesIn(Set.of());
    for (XmlElement c : section.children()) {
      switch (c.name()) {
        case "numeric" -> numeric(c, b, names);
        case "text" -> text(c, b, names);
        case "tuple" -> tuple(c, b, names);
        default -> throw MjcfSchema.unsupported(c, "custom", "numeric, text, tuple", "");
      }
    }
  }

  private static void numeric(XmlElement c, ModelBuilder b, NamedElements names) {
    c.requireAttributesIn(Set.of("name", "size", "data"));
    String name = c.required("name").strip();
    double[] data = c.has("data") ? c.numbers("data", 0, Integer.MAX_VALUE) : new double[0];
    int size = c.integer("size", data.length);
    if (size < 1 || size > MAX_SIZE) {
      throw c.error(
          "numeric '"
              + name
              + "': attribute 'size' must be between 1 and "
              + MAX_SIZE
              + (c.has("size") ? ", got " + size : " (give 'size' or 'data')")
              + " (MuJoCo 3.14 refuses this too)");
    }
    if (data.length > size) {
      throw c.error(
          "numeric '"
              + name
              + "': attribute 'data' has "
              + data.length
              + " values, more than its size "
              + size);
    }
    names.register("numeric", name, c);
    b.addNumeric(name, java.util.Arrays.copyOf(data, size));
  }

  private static void text(XmlElement c, ModelBuilder b, NamedElements names) {
    c.requireAttributesIn(Set.of("name", "data"));
    String name = c.required("name").strip();
    String data = c.string("data", "");
    if (data.isEmpty()) {
      throw c.error("text '" + name + "': attribute 'data' cannot be empty (MuJoCo 3.14's rule)");
    }
    names.register("text", name, c);
    b.addText(name, data);
  }

  private static void tuple(XmlElement c, ModelBuilder b, NamedElements names) {
    c.requireAttributesIn(Set.of("name"));
    String name = c.required("name").strip();
    List<CustomSpec.Element> elements = new ArrayList<>();
    for (XmlElement e : c.children()) {
      if (!e.name().equals("element")) {
        throw MjcfSchema.unsupported(e, "tuple", "element", "");
      }
      e.requireAttributesIn(Set.of("objtype", "objname", "prm"));
      String kind = e.required("objtype").strip();
      if (MUJOCO_ONLY_KINDS.contains(kind)) {
        throw e.error(
            "attribute 'objtype': '"
                + kind
                + "' is not supported: diffart's model keeps no named "
                + kind
                + " (a tuple may name "
                + String.join(", ", CustomSpec.OBJECT_TYPES)
                + ")");
      }
      e.keyword("objtype", kind, CustomSpec.OBJECT_TYPES.toArray(String[]::new));
      elements.add(new CustomSpec.Element(kind, e.required("objname").strip(), e.number("prm", 0)));
    }
    if (elements.isEmpty()) {
      throw c.error("tuple '" + name + "' is empty: give it at least one <element>");
    }
    names.register("tuple", name, c);
    b.addTuple(name, elements);
  }
}
