package org.diffart.sim.io;

import java.util.Set;
import org.diffart.sim.compiler.GeomSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.compiler.SiteSpec;
import org.diffart.sim.compiler.TendonSpec;
import org.diffart.sim.model.GeomType;

/**
 * Reads MJCF {@code <tendon>} sections: {@code fixed} and {@code spatial} tendons, with MuJoCo
 * 2.2.2's meaning. A fixed tendon's length is {@code Σ coef·q} over its {@code <joint joint coef>}
 * children (hinges and slides); a spatial tendon's the length of its path of {@code <site site>},
 * {@code <geom geom sidesite>} (a sphere or cylinder the path wraps around between two sites) and
 * {@code <pulley divisor>} children, checked as MuJoCo checks it; {@code springlength} -1 (the
 * default) rests the spring at the length at the joints' {@code springref} (measured on MuJoCo
 * 2.2.2: {@code datasets/reference/models/tendons.xml}); {@code limited}/{@code range} follow the
 * compiler's {@code autolimits} rule, never converted to radians. A tendon's own {@code
 * frictionloss} and a limit {@code margin} are refused with the reason; the visual attributes are
 * ignored, and so are MuJoCo's soft-constraint parameters of the limits, with a model warning
 * (diffart's limits are hard constraints).
 */
final class MjcfTendons {
  private static final Set<String> JOINT = Set.of("joint", "coef");

  private MjcfTendons() {}

  /** The site named by attribute {@code attr} of c. */
  private static SiteSpec site(XmlElement c, String attr, MjcfBodies bodies) {
    String name = c.required(attr).strip();
    SiteSpec spec = bodies.site(name);
    if (spec == null) {
      throw c.error("unknown site '" + name + "'");
    }
    return spec;
  }

  static void read(
      XmlElement section,
      ModelBuilder b,
      MjcfDefaults defaults,
      MjcfCompiler compiler,
      NamedElements names,
      MjcfBodies bodies) {
    section.requireAttributesIn(Set.of());
    for (XmlElement e : section.children()) {
      if (!e.name().equals("fixed") && !e.name().equals("spatial")) {
        throw MjcfSchema.unsupported(e, "tendon", "fixed, spatial", "");
      }
      e.requireAttributesIn(MjcfSchema.TENDON);
      MjcfAttributes a = defaults.resolve(e, MjcfDefaults.TENDON, null);
      String name = e.string("name", "").strip();
      names.register("tendon", name, e);
      if (a.number("frictionloss", 0) != 0) {
        throw a.definer("frictionloss")
            .error("a tendon's frictionloss is not supported yet (a joint's is)");
      }
      if (a.number("margin", 0) != 0) {
        throw a.definer("margin")
            .error("a tendon limit's margin is not supported (limits act at the range)");
      }
      bodies.ignoreSoftConstraint(
          a, "solreflimit", "solimplimit", "solreffriction", "solimpfriction");
      TendonSpec t =
          b.addTendon(name)
              .user(MjcfUser.read(a, "tendon", b))
              .stiffness(a.number("stiffness", 0))
              .damping(a.number("damping", 0))
              .springLength(a.number("springlength", -1));
      double[] range = a.has("range") ? a.numbers("range", 2) : new double[2];
      if (compiler.limited(a, "limited", "range", range)) {
        try {
          t.range(range[0], range[1]);
        } catch (IllegalArgumentException ex) {
          throw e.error(ex.getMessage(), ex);
        }
      }
      if (e.name().equals("spatial")) {
        for (XmlElement c : e.children()) {
          switch (c.name()) {
            case "site" -> {
              c.requireAttributesIn(Set.of("site"));
              t.site(site(c, "site", bodies));
            }
            case "geom" -> {
              c.requireAttributesIn(Set.of("geom", "sidesite"));
              String geom = c.required("geom").strip();
              GeomSpec g = bodies.geom(geom);
              if (g == null) {
                throw c.error("unknown geom '" + geom + "'");
              }
              if (g.type() != GeomType.SPHERE && g.type() != GeomType.CYLINDER) {
                throw c.error(
                    "geom '"
                        + geom
                        + "' is a "
                        + g.type().name().toLowerCase()
                        + "; a tendon wraps around spheres and cylinders (MuJoCo too)");
              }
              t.geom(g, c.has("sidesite") ? site(c, "sidesite", bodies) : null);
            }
            case "pulley" -> {
              c.requireAttributesIn(Set.of("divisor"));
              double divisor = c.number("divisor");
              if (!(divisor > 0)) {
                throw c.error(
                    "a pulley's divisor must be positive, got " + c.required("divisor").strip());
              }
              t.pulley(divisor);
            }
            default -> throw MjcfSchema.unsupported(c, "spatial", "site, geom, pulley", "");
          }
        }
        try {
          t.checkPath();
        } catch (IllegalArgumentException ex) {
          throw e.error(ex.getMessage(), ex);
        }
        continue;
      }
      for (XmlElement c : e.children()) {
        if (!c.name().equals("joint")) {
          throw MjcfSchema.unsupported(c, "fixed", "joint", "");
        }
        c.requireAttributesIn(JOINT);
        String joint = c.required("joint").strip();
        int j = b.jointId(joint);
        if (j < 0) {
          throw c.error("unknown joint '" + joint + "'");
        }
        t.joint(j, c.number("coef"));
      }
    }
  }
}
