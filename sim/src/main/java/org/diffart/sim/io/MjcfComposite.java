package org.diffart.sim.io;

import java.util.List;
import java.util.Set;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.GeomSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;

/**
 * MuJoCo 2.2.2's {@code <composite type="particle">}: a grid of {@code count} unnamed bodies,
 * spaced {@code spacing} apart around {@code offset} (body {@code (i, j, k)} at {@code offset +
 * spacing (i − count/2, …)}), each with three slide joints along x, y and z and a sphere geom. As
 * in MuJoCo's {@code mjCComposite}, the joints and the geom take MuJoCo's built-in defaults, not
 * the model's default classes; the geom gets condim 1 and priority 1 (frictionless particles), then
 * the attributes of the composite's {@code <geom>} child. The other composite types (grids, ropes,
 * cloth, boxes, cylinders, ellipsoids) build tendons, skins and equality constraints and are
 * refused by name.
 */
final class MjcfComposite {
  private MjcfComposite() {}

  private static final Set<String> COMPOSITE =
      Set.of("prefix", "type", "count", "spacing", "offset");

  /** The attributes MuJoCo reads on a composite's geom (type is forced to sphere for particles). */
  private static final Set<String> GEOM =
      Set.of(
          "type",
          "size",
          "contype",
          "conaffinity",
          "condim",
          "group",
          "priority",
          "friction",
          "solmix",
          "solref",
          "solimp",
          "margin",
          "gap",
          "material",
          "rgba",
          "mass",
          "density");

  /** Reads composite e under body {@code parent}. */
  static void read(XmlElement e, int parent, ModelBuilder builder, MjcfBodies bodies) {
    e.requireAttributesIn(COMPOSITE);
    String type = e.required("type").strip();
    if (!type.equals("particle")) {
      throw e.error(
          "composite type '"
              + type
              + "' is not supported (only 'particle': the others build tendons,"
              + " skins and equality constraints)");
    }
    int[] count = new int[3];
    double[] c = e.numbers("count", 3);
    for (int k = 0; k < 3; k++) {
      count[k] = (int) c[k];
      if (count[k] != c[k] || count[k] < 1) {
        throw e.error(
            "count must be three positive integers, got " + c[0] + " " + c[1] + " " + c[2]);
      }
    }
    double spacing = e.number("spacing");
    if (!(spacing > 0)) {
      throw e.error("spacing must be positive, got " + spacing);
    }
    double[] offset = e.has("offset") ? e.numbers("offset", 3) : new double[3];
    XmlElement geom = null;
    for (XmlElement child : e.children()) {
      if (!child.name().equals("geom") || geom != null) {
        throw child.error(
            "a particle composite takes one <geom> child, not <"
                + child.name()
                + ">"
                + (child.name().equals("geom") ? " twice" : ""));
      }
      geom = child;
    }
    if (geom != null) {
      geom.requireAttributesIn(GEOM);
      if (geom.has("type") && !geom.attribute("type").strip().equals("sphere")) {
        throw geom.error("a particle is a sphere (MuJoCo makes it one whatever the type)");
      }
      if (geom.has("solmix")) {
        geom.number("solmix");
      }
    }
    for (int ix = 0; ix < count[0]; ix++) {
      for (int iy = 0; iy < count[1]; iy++) {
        for (int iz = 0; iz < count[2]; iz++) {
          BodySpec b = builder.addBody(parent, "");
          b.pos(
              offset[0] + spacing * (ix - 0.5 * count[0]),
              offset[1] + spacing * (iy - 0.5 * count[1]),
              offset[2] + spacing * (iz - 0.5 * count[2]));
          bodies.particleBody(e);
          for (int k = 0; k < 3; k++) {
            builder
                .addJoint(b.id(), JointType.SLIDE, "")
                .axis(k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0);
          }
          GeomSpec g = builder.addGeom(b.id(), GeomType.SPHERE, "").condim(1).priority(1);
          if (geom != null) {
            particleGeom(geom, g, bodies);
          }
        }
      }
    }
  }

  /** The composite's geom attributes on particle geom g, over MuJoCo's built-in defaults. */
  private static void particleGeom(XmlElement e, GeomSpec g, MjcfBodies bodies) {
    if (e.has("size")) {
      double r = e.numbers("size", 1, 3)[0];
      if (!(r > 0)) {
        throw e.error("a particle's radius must be positive, got " + r);
      }
      g.size(r);
    }
    g.contype(e.integer("contype", 1)).conaffinity(e.integer("conaffinity", 1));
    int condim = e.integer("condim", 1);
    if (!MjcfSchema.CONDIMS.contains(condim)) {
      throw e.error("condim " + condim + MjcfSchema.CONDIM_CHOICES);
    }
    g.condim(condim).priority(e.integer("priority", 1));
    double[] f = {1, 0.005, 0.0001};
    if (e.has("friction")) {
      double[] given = e.numbers("friction", 1, 3);
      System.arraycopy(given, 0, f, 0, given.length);
    }
    g.friction(f[0], f[1], f[2]);
    MjcfAttributes a = new MjcfAttributes(e, List.of());
    g.margin(MjcfBodies.nonNegative(a, "margin"), MjcfBodies.nonNegative(a, "gap"));
    if (e.has("mass")) {
      g.mass(MjcfBodies.nonNegative(a, "mass"));
    }
    if (e.has("density")) {
      g.density(MjcfBodies.nonNegative(a, "density"));
    }
    bodies.ignoreSoftConstraint(a, "solref", "solimp");
  }
}
