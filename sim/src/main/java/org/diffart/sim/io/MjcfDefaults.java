package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MJCF default classes with MuJoCo's inheritance: the top {@code <default>} is class {@code main}; a nested {@code
 * <default class="c">} starts from its parent class and overrides attribute by attribute. An element uses its {@code
 * class} attribute, else the {@code childclass} of the innermost enclosing body (its own body included), else {@code
 * main}. The actuator elements share one default actuator per class, as in MuJoCo ({@link MjcfActuators}).
 */
final class MjcfDefaults {
  /** Element kinds that take defaults. */
  static final String JOINT = "joint";
  static final String GEOM = "geom";
  static final String ACTUATOR = "actuator";
  static final String SITE = "site";
  static final String TENDON = "tendon";
  static final String EQUALITY = "equality";

  private final Map<String, DefaultClass> classes = new HashMap<>();
  private final String top;

  private record DefaultClass(String name, DefaultClass parent, Map<String, List<XmlElement>> byKind) {}

  private MjcfDefaults(String top) {
    this.top = top;
  }

  /** The classes defined by the top-level {@code <default>} element, or only an empty {@code main} when null. */
  static MjcfDefaults parse(XmlElement topDefault) {
    if (topDefault == null) {
      MjcfDefaults d = new MjcfDefaults("main");
      d.classes.put("main", new DefaultClass("main", null, new HashMap<>()));
      return d;
    }
    MjcfDefaults d = new MjcfDefaults(topDefault.string("class", "main").strip());
    d.add(topDefault, null);
    return d;
  }

  private void add(XmlElement e, DefaultClass parent) {
    e.requireAttributesIn(MjcfSchema.DEFAULT);
    String name = parent == null ? top : e.required("class").strip();
    if (classes.containsKey(name)) {
      throw e.error("default class '" + name + "' is defined twice");
    }
    DefaultClass c = new DefaultClass(name, parent, new HashMap<>());
    classes.put(name, c);
    for (XmlElement child : e.children()) {
      switch (child.name()) {
        case "default" -> add(child, c);
        case "joint" -> keep(c, JOINT, child, MjcfSchema.JOINT);
        case "geom" -> keep(c, GEOM, child, MjcfSchema.GEOM);
        // every actuator element edits the class's one default actuator, in document order (MjcfActuators)
        case "motor", "position", "velocity", "intvelocity", "damper", "cylinder", "general" ->
            keep(c, ACTUATOR, child, MjcfSchema.ACTUATORS.get(child.name()));
        case "equality" -> keep(c, EQUALITY, child, MjcfSchema.EQUALITY_DEFAULT);
        case "site" -> keep(c, SITE, child, MjcfSchema.SITE);
        case "tendon" -> keep(c, TENDON, child, MjcfSchema.TENDON);
        case "light", "camera", "material" -> { }
        default -> throw MjcfSchema.unsupported(child, "default", "default, joint, geom, site, tendon, equality,"
            + " motor, position, velocity, intvelocity, damper, cylinder, general", "light, camera, material");
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
    String name = e.has("class") ? e.attribute("class").strip() : childclass != null ? childclass : top;
    requireClass(e, name);
    List<List<XmlElement>> levels = new ArrayList<>();
    for (DefaultClass c = classes.get(name); c != null; c = c.parent) {
      levels.add(0, c.byKind.getOrDefault(kind, List.of()));
    }
    List<XmlElement> chain = new ArrayList<>();
    levels.forEach(chain::addAll);
    return new MjcfAttributes(e, chain);
  }
}
