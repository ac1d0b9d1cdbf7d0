package org.diffart.sim.io;

import org.diffart.sim.compiler.ModelBuilder;

/**
 * MuJoCo's {@code user} attributes and {@code <size nuser_*>} with MuJoCo 3.14's rules ({@code
 * mujoco-314-semantics.md} § 4): an element's own values, else its default class's (an empty {@code
 * user=""} counts as absent), never more than an explicit {@code nuser_<kind>}; the compiler pads
 * them with zeros to that size, or to the longest given when it is -1 or absent.
 */
final class MjcfUser {
  private MjcfUser() {}

  /** The {@code <size>} attributes naming each kind's size, as the builder's kinds. */
  private static final String[][] SIZES = {
    {"nuser_body", "body"},
    {"nuser_jnt", "jnt"},
    {"nuser_geom", "geom"},
    {"nuser_site", "site"},
    {"nuser_tendon", "tendon"},
    {"nuser_actuator", "actuator"},
    {"nuser_sensor", "sensor"},
    {"nuser_cam", null}
  };

  /**
   * Reads the {@code nuser_*} of {@code <size>} into the builder; {@code nuser_cam} is checked
   * only, cameras not being loaded (they only render).
   */
  static void sizes(XmlElement size, ModelBuilder b) {
    for (String[] s : SIZES) {
      int n = size.integer(s[0], -1);
      if (n < -1) {
        throw size.error("attribute '" + s[0] + "' must be >= -1, got " + n);
      }
      if (s[1] != null) {
        b.nuser(s[1], n);
      }
    }
  }

  /** The user values of an element with default classes. */
  static double[] read(MjcfAttributes a, String kind, ModelBuilder b) {
    for (int i = a.levels().size() - 1; i >= 0; i--) {
      XmlElement e = a.levels().get(i);
      if (e.has("user") && !e.attribute("user").isBlank()) {
        return checked(e, a.element(), kind, b);
      }
    }
    return new double[0];
  }

  /** The user values of an element without default classes (a body, a sensor). */
  static double[] read(XmlElement e, String kind, ModelBuilder b) {
    return e.has("user") && !e.attribute("user").isBlank() ? checked(e, e, kind, b) : new double[0];
  }

  private static double[] checked(XmlElement definer, XmlElement e, String kind, ModelBuilder b) {
    double[] v = definer.numbers("user", 1, Integer.MAX_VALUE);
    int n = b.nuser(kind);
    if (n >= 0 && v.length > n) {
      throw e.error(
          "attribute 'user' has "
              + v.length
              + " values"
              + (definer == e ? "" : " (from a default class)")
              + ", more than <size nuser_"
              + kind
              + "=\""
              + n
              + "\"> allows (MuJoCo 3.14 refuses this too)");
    }
    return v;
  }
}
