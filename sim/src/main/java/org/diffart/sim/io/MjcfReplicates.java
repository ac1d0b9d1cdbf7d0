package org.diffart.sim.io;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the loader refuses around MJCF 3's {@code <replicate>} ({@link MjcfFrames} makes the
 * copies). MuJoCo 3.14 attaches each copy as a sub-model, and with it copies, once per copy, every
 * element outside the replicate that names an element inside by its name without suffix (an
 * actuator, sensor, tendon or contact exclusion on joint {@code j} becomes one on {@code j0}, one
 * on {@code j1}, ...), and every keyframe of the file, whose qpos it then reads against one copy's
 * part of the model (semantics § 7). diffart copies neither: such a reference, and any keyframe in
 * a file that replicates, is refused by name; references to a copy's own name ({@code j1}) are
 * ordinary.
 */
final class MjcfReplicates {
  /** The sections whose elements name bodies, joints, geoms and sites. */
  private static final List<String> REFERRING =
      List.of("contact", "tendon", "equality", "actuator", "sensor", "custom");

  /** Attribute -> the kinds of element it names. */
  private static final Map<String, List<String>> NAMES =
      Map.ofEntries(
          Map.entry("joint", List.of("joint")),
          Map.entry("joint1", List.of("joint")),
          Map.entry("joint2", List.of("joint")),
          Map.entry("body", List.of("body")),
          Map.entry("body1", List.of("body")),
          Map.entry("body2", List.of("body")),
          Map.entry("geom", List.of("geom")),
          Map.entry("geom1", List.of("geom")),
          Map.entry("geom2", List.of("geom")),
          Map.entry("site", List.of("site")),
          Map.entry("site1", List.of("site")),
          Map.entry("site2", List.of("site")),
          Map.entry("cranksite", List.of("site")),
          Map.entry("slidersite", List.of("site")),
          Map.entry("sidesite", List.of("site")),
          Map.entry("refsite", List.of("site")),
          Map.entry("objname", List.of("body", "joint", "geom", "site")),
          Map.entry("refname", List.of("body", "joint", "geom", "site")));

  /** kind '\0' name without suffix -> the first copy's name. */
  private final Map<String, String> firstCopy = new HashMap<>();

  /** Whether the file made any copy. */
  private boolean copies;

  /**
   * Records that a replicate copied an element of this kind, named {@code template} without its
   * suffix ("" if unnamed) and {@code copy} with it.
   */
  void copied(String kind, String template, String copy) {
    copies = true;
    if (!template.isEmpty()) {
      firstCopy.putIfAbsent(kind + '\0' + template, copy);
    }
  }

  /**
   * Refuses the references to copied elements by their names without suffix and, when the file made
   * copies, its keyframes.
   *
   * @param root the {@code <mujoco>} element, includes resolved
   */
  void check(XmlElement root, NamedElements names) {
    for (XmlElement section : root.children()) {
      if (REFERRING.contains(section.name())) {
        references(section, names);
      } else if (section.name().equals("keyframe") && copies) {
        for (XmlElement key : section.children()) {
          throw key.error(
              "a keyframe in a file that replicates: MuJoCo 3.14 copies every keyframe once per"
                  + " <replicate> copy and reads its qpos against one copy's part of the model;"
                  + " diffart does not load keyframes in such files");
        }
      }
    }
  }

  private void references(XmlElement e, NamedElements names) {
    for (String attr : e.attributeNames()) {
      String v = e.attribute(attr).strip();
      for (String kind : NAMES.getOrDefault(attr, List.of())) {
        String copy = firstCopy.get(kind + '\0' + v);
        if (copy != null && !names.has(kind, v)) {
          throw e.error(
              "attribute '"
                  + attr
                  + "' names "
                  + kind
                  + " '"
                  + v
                  + "' inside a <replicate> (its copies are '"
                  + copy
                  + "', ...): MuJoCo 3.14 then copies this element once per copy, which diffart"
                  + " does not; name one copy");
        }
      }
    }
    for (XmlElement c : e.children()) {
      references(c, names);
    }
  }
}
