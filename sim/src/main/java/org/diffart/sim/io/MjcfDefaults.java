package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MJCF default classes with MuJoCo's inheritance: a top-level {@code <default>} edits class {@code
 * main}; a nested {@code <default class="c">} starts from its parent class and overrides attribute
 * by attribute. An element uses its {@code class} attribute, else the {@code childclass} of the
 * innermost enclosing body (its own body included), else {@code main}. The actuator elements share
 * one default actuator per class, as in MuJoCo ({@link MjcfActuators}).
 *
 * <p>As MuJoCo 2.2.2's reader: a section's own elements are read before its nested classes, and a
 * nested class copies its parent as it is then. A file may have several top-level {@code <default>}
 * sections (an included file often brings its own): each goes on editing {@code main}, so a class
 * defined in the first does not see what the second sets on {@code main}, and a class defined in
 * the second does.
 */
final class MjcfDefaults {
  /** Element kinds that take defaults. */
  static final String JOINT = "joint";

  static final String GEOM = "geom";
  static final String ACTUATOR = "actuator";
  static final String SITE = "site";
  static final String TENDON = "tendon";
  static final String EQUALITY = "equality";
  static final String MESH = "mesh";

  private final Map<String, DefaultClass> classes = new HashMap<>();
  private final String top;

  /**
   * A class: its parent, its own default elements by kind, and how many of each kind of the
   * parent's (its own, not its ancestors') it copied when it was made.
   */
  private record DefaultClass(
      String name,
      DefaultClass parent,
      Map<String, List<XmlElement>> byKind,
      Map<String, Integer> copied) {}

  private MjcfDefaults(String top) {
    this.top = top;
  }

  /**
   * The classes defined by the top-level {@code <default>} sections, in document order; only an
   * empty {@code main} when there are none. The first section's {@code class} names the top class
   * ({@code main} by default).
   */
  static MjcfDefaults parse(List<XmlElement> topDefaults) {
    String top =
        topDefaults.isEmpty() ? "main" : topDefaults.get(0).string("class", "main").strip();
    MjcfDefaults d = new MjcfDefaults(top);
    DefaultClass main = new DefaultClass(top, null, new HashMap<>(), Map.of());
    d.classes.put(top, main);
    for (XmlElement section : topDefaults) {
      section.requireAttributesIn(MjcfSchema.DEFAULT);
      d.read(section, main);
    }
    return d;
  }

  /**
   * Reads section e into class c: its own elements first, then its nested classes, each copying c
   * as it is then.
   */
  private void read(XmlElement e, DefaultClass c) {
    for (XmlElement child : e.children()) {
      switch (child.name()) {
        case "default" -> {}
        case "joint" -> keep(c, JOINT, child, MjcfSchema.JOINT);
        case "geom" -> keep(c, GEOM, child, MjcfSchema.GEOM);
        // every actuator element edits the class's one default actuator, in document order
        // (MjcfActuators)
        case "motor",
            "position",
            "velocity",
            "intvelocity",
            "damper",
            "cylinder",
            "general",
            "muscle" ->
            keep(c, ACTUATOR, child, MjcfSchema.ACTUATORS.get(child.name()));
        case "equality" -> keep(c, EQUALITY, child, MjcfSchema.EQUALITY_DEFAULT);
        case "site" -> keep(c, SITE, child, MjcfSchema.SITE);
        case "tendon" -> keep(c, TENDON, child, MjcfSchema.TENDON);
        case "mesh" -> keep(c, MESH, child, Set.of("scale", "maxhullvert"));
        case "light", "camera", "material" -> {}
        default ->
            throw MjcfSchema.unsupported(
                child,
                "default",
                "default, joint, geom, site, tendon, equality,"
                    + " motor, position, velocity, intvelocity, damper, cylinder, general, muscle",
                "light, camera, material");
      }
    }
    for (XmlElement child : e.children()) {
      if (child.name().equals("default")) {
        child.requireAttributesIn(MjcfSchema.DEFAULT);
        String name = child.required("class").strip();
        if (classes.containsKey(name)) {
          throw child.error("default class '" + name + "' is defined twice");
        }
        Map<String, Integer> copied = new HashMap<>();
        c.byKind.forEach((kind, list) -> copied.put(kind, list.size()));
        DefaultClass nested = new DefaultClass(name, c, new HashMap<>(), copied);
        classes.put(name, nested);
        read(child, nested);
      }
    }
  }

  private static void keep(DefaultClass c, String kind, XmlElement e, Set<String> attributes) {
    e.requireAttributesIn(MjcfSchema.inDefault(attributes));
    c.byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(e);
  }

  /** Fails at {@code e} unless {@code className} is a defined class. */
  void requireClass(XmlElement e, String className) {
    if (!classes.containsKey(className)) {
      throw e.error("unknown default class '" + className + "'");
    }
  }

  /**
   * The attributes of {@code e} resolved through its default class.
   *
   * @param kind {@link #JOINT}, {@link #GEOM}, {@link #SITE} or {@link #ACTUATOR}
   * @param childclass the childclass in force at {@code e}, or null
   */
  MjcfAttributes resolve(XmlElement e, String kind, String childclass) {
    String name =
        e.has("class") ? e.attribute("class").strip() : childclass != null ? childclass : top;
    requireClass(e, name);
    List<List<XmlElement>> levels = new ArrayList<>();
    // the class's own elements, then of each ancestor those its child copied
    int visible = Integer.MAX_VALUE;
    for (DefaultClass c = classes.get(name); c != null; c = c.parent) {
      List<XmlElement> own = c.byKind.getOrDefault(kind, List.of());
      levels.add(0, own.subList(0, Math.min(visible, own.size())));
      visible = c.copied.getOrDefault(kind, 0);
    }
    List<XmlElement> chain = new ArrayList<>();
    levels.forEach(chain::addAll);
    return new MjcfAttributes(e, chain);
  }
}
