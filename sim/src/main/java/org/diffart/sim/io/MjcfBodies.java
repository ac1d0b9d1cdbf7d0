package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.GeomSpec;
import org.diffart.sim.compiler.HfieldSpec;
import org.diffart.sim.compiler.JointSpec;
import org.diffart.sim.compiler.MeshSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.compiler.SiteSpec;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * Reads MJCF {@code <worldbody>}: bodies (parent first, in document order, as MuJoCo numbers them),
 * their {@code <inertial>}, {@code <joint>}, {@code <freejoint>}, {@code <geom>} and {@code <site>}
 * elements, with default classes, {@code childclass} and the compiler's angle unit applied, and
 * what MJCF 3's {@code <frame>} and {@code <replicate>} place and name ({@link MjcfFrames}). Counts
 * {@code nq} and {@code nv} for the keyframe checks.
 */
final class MjcfBodies {
  private static final double[] ZERO3 = {0, 0, 0};

  /** MuJoCo's {@code mjMINVAL}. */
  private static final double MIN_VALUE = 1e-15;

  private final ModelBuilder builder;
  private final MjcfDefaults defaults;
  private final MjcfCompiler compiler;
  private final NamedElements names;
  private final List<XmlElement> bodyElements = new ArrayList<>();
  private final MjcfReplicates replicates = new MjcfReplicates();

  /** Named sites and geoms, for the sensors that read them. */
  private final Map<String, SiteSpec> sites = new HashMap<>();

  private final Map<String, GeomSpec> geoms = new HashMap<>();

  /** The bodies that have a ball joint so far: a rotation after it is refused, as in MuJoCo. */
  private final java.util.Set<Integer> ballBodies = new java.util.HashSet<>();

  private final MjcfHfields hfields;
  private final MjcfMeshes meshes;

  /** Ignored soft-constraint attribute -> the elements that use it, for one warning each. */
  private final Map<String, List<XmlElement>> ignored = new TreeMap<>();

  private int nq;
  private int nv;

  MjcfBodies(
      ModelBuilder builder,
      MjcfDefaults defaults,
      MjcfCompiler compiler,
      NamedElements names,
      MjcfHfields hfields,
      MjcfMeshes meshes) {
    this.builder = builder;
    this.hfields = hfields;
    this.meshes = meshes;
    this.defaults = defaults;
    this.compiler = compiler;
    this.names = names;
  }

  /** The SDF shapes the {@code <extension>} sections declare, by instance name. */
  private java.util.Map<String, MjcfSdf.Instance> sdfs = java.util.Map.of();

  /** Sets the SDF shapes geoms of type sdf may name ({@link MjcfSdf}). */
  void sdfs(java.util.Map<String, MjcfSdf.Instance> s) {
    sdfs = s;
  }

  /** Number of position coordinates of the joints read so far. */
  int nq() {
    return nq;
  }

  /** Number of degrees of freedom of the joints read so far. */
  int nv() {
    return nv;
  }

  /** Reads one {@code <worldbody>}: static geoms of the world body and the bodies below it. */
  void worldbody(XmlElement e) {
    e.requireAttributesIn(Set.of());
    if (bodyElements.isEmpty()) {
      bodyElements.add(e);
    }
    for (MjcfFrames.Member m : MjcfFrames.members(e, null, "", defaults, compiler, names)) {
      XmlElement c = m.element();
      switch (c.name()) {
        case "geom" -> geom(m, 0, true);
        case "site" -> site(m, 0);
        case "body" -> body(m, 0, true);
        case "composite" -> composite(m, 0);
        case "joint", "freejoint", "inertial" ->
            throw c.error(
                "the world body cannot have "
                    + (c.name().equals("inertial") ? "an <inertial>" : "joints")
                    + " (MuJoCo refuses this too)");
        default -> {
          if (!MjcfSchema.IGNORED_IN_BODY.contains(c.name())) {
            throw MjcfSchema.unsupported(
                c, "worldbody", "geom, site, body, frame, composite", "light, camera");
          }
        }
      }
    }
  }

  /** Counts a particle body of composite e, with its three slide joints ({@link MjcfComposite}). */
  void particleBody(XmlElement e) {
    bodyElements.add(e);
    nq += 3;
    nv += 3;
  }

  /** Reads a {@code <composite>}, which diffart does not place inside a {@code <frame>}. */
  private void composite(MjcfFrames.Member m, int body) {
    if (m.frame() != null) {
      throw m.element().error("<composite> inside a <frame> or <replicate> is not supported");
    }
    MjcfComposite.read(m.element(), body, builder, this);
  }

  /** Reads a body (placed by its frames, named with its copy's suffix) and its subtree. */
  private void body(MjcfFrames.Member member, int parent, boolean parentStatic) {
    XmlElement e = member.element();
    double[] frame = member.frame();
    e.requireAttributesIn(MjcfSchema.BODY);
    String cc = member.childclass();
    if (e.has("childclass")) {
      cc = e.attribute("childclass").strip();
      defaults.requireClass(e, cc);
    }
    String name = name("body", member);
    BodySpec b = builder.addBody(parent, name).user(MjcfUser.read(e, "body", builder));
    bodyElements.add(e);
    double[] pos = MjcfFrames.point(frame, e.has("pos") ? e.numbers("pos", 3) : ZERO3);
    b.pos(pos[0], pos[1], pos[2]);
    double[] q =
        MjcfFrames.rotation(frame, MjcfOrientation.of(new MjcfAttributes(e, List.of()), compiler));
    b.quat(q[0], q[1], q[2], q[3]);
    // the body's own elements first: whether it is static decides where planes may go
    MjcfFrames.Member inertial = null;
    XmlElement free = null;
    int joints = 0;
    List<MjcfFrames.Member> geomElements = new ArrayList<>();
    List<MjcfFrames.Member> siteElements = new ArrayList<>();
    List<MjcfFrames.Member> children = new ArrayList<>();
    for (MjcfFrames.Member m :
        MjcfFrames.members(e, cc, member.suffix(), defaults, compiler, names)) {
      XmlElement c = m.element();
      switch (c.name()) {
        case "inertial" -> {
          if (inertial != null) {
            throw c.error("a body has at most one <inertial>");
          }
          inertial = m;
        }
        case "joint" -> {
          joint(m, b.id(), parent);
          joints++;
        }
        case "freejoint" -> {
          freejoint(m, b.id(), parent);
          free = c;
          joints++;
        }
        case "geom" -> geomElements.add(m);
        case "site" -> siteElements.add(m);
        case "body", "composite" -> children.add(m);
        default -> {
          if (!MjcfSchema.IGNORED_IN_BODY.contains(c.name())) {
            throw MjcfSchema.unsupported(
                c,
                "body",
                "inertial, joint, freejoint, geom, site, body, frame, composite",
                "light, camera");
          }
        }
      }
    }
    if (free != null && joints > 1) {
      throw free.error("a free joint must be the only joint of its body");
    }
    if (inertial != null) {
      inertial(inertial.element(), b, inertial.frame());
    }
    boolean isStatic = parentStatic && joints == 0;
    for (MjcfFrames.Member g : geomElements) {
      geom(g, b.id(), isStatic);
    }
    for (MjcfFrames.Member site : siteElements) {
      site(site, b.id());
    }
    for (MjcfFrames.Member c : children) {
      if (c.element().name().equals("composite")) {
        composite(c, b.id());
      } else {
        body(c, b.id(), isStatic);
      }
    }
  }

  /**
   * Adds one model warning per ignored soft-constraint attribute, naming its first use and the
   * count.
   */
  void warnIgnored() {
    ignored.forEach(
        (attr, uses) ->
            builder.warning(
                uses.get(0).source()
                    + ":"
                    + uses.get(0).line()
                    + ": "
                    + uses.get(0).name()
                    + ": '"
                    + attr
                    + "' ignored on "
                    + uses.size()
                    + " element"
                    + (uses.size() > 1 ? "s" : "")
                    + ": MuJoCo's soft-constraint parameters have no equivalent in diffart's hard contacts and limits"));
  }

  /**
   * MuJoCo's check of the compiled masses: a body with joints needs mass and principal inertias of
   * at least {@code mjMINVAL} = 1e-15, unless one of its direct children without joints has them
   * (measured on 2.2.2: a grandchild does not count, nor does a child with its own joint).
   */
  void checkMovingMasses(Model m) {
    for (int i = 1; i < m.nbody(); i++) {
      if (m.bodyJntNum(i) > 0 && !massive(m, i)) {
        boolean carried = false;
        for (int c = i + 1; c < m.nbody(); c++) {
          carried |= m.bodyParent(c) == i && m.bodyJntNum(c) == 0 && massive(m, c);
        }
        if (!carried) {
          throw bodyElements
              .get(i)
              .error(
                  "mass and inertia of moving bodies must be at least 1e-15 (give the body"
                      + " an <inertial> or geoms with mass; MuJoCo 2.2.2 refuses this too)");
        }
      }
    }
  }

  private static boolean massive(Model m, int body) {
    return m.bodyMass(body) >= MIN_VALUE
        && m.bodyInertia(body, 0) >= MIN_VALUE
        && m.bodyInertia(body, 1) >= MIN_VALUE
        && m.bodyInertia(body, 2) >= MIN_VALUE;
  }

  private void inertial(XmlElement e, BodySpec b, double[] frame) {
    e.requireAttributesIn(MjcfSchema.INERTIAL);
    double[] pos = MjcfFrames.point(frame, e.numbers("pos", 3));
    double mass = e.number("mass");
    if (mass < 0) {
      throw e.error("mass must be non-negative, got " + mass);
    }
    double[] q =
        MjcfFrames.rotation(
            frame, MjcfOrientation.of(new MjcfAttributes(e, List.of()), compiler, "fullinertia"));
    if (e.has("fullinertia")) {
      b.inertialFull(mass, pos, q, e.numbers("fullinertia", 6));
    } else {
      b.inertial(mass, pos, q, e.has("diaginertia") ? e.numbers("diaginertia", 3) : ZERO3);
    }
  }

  /**
   * MuJoCo 3's {@code actuatorfrcrange} with {@code actuatorfrclimited} ("auto" follows {@code
   * autolimits}, as {@code range}): the total actuator force at a hinge's or slide's dof clamped.
   * On a ball or free joint MuJoCo 3.14 never clamps (measured), which a model warning says.
   */
  private void actuatorForceRange(MjcfAttributes a, JointSpec j, JointType type) {
    double[] range = a.has("actuatorfrcrange") ? a.numbers("actuatorfrcrange", 2) : new double[2];
    if (!compiler.limited(a, "actuatorfrclimited", "actuatorfrcrange", range)) {
      return;
    }
    if (type == JointType.BALL || type == JointType.FREE) {
      builder.warning(
          a.element().source()
              + ":"
              + a.element().line()
              + ": joint '"
              + j.name()
              + "': actuatorfrcrange has no effect on a "
              + type.name().toLowerCase(java.util.Locale.ROOT)
              + " joint (MuJoCo 3.14 clamps hinges and slides only)");
      return;
    }
    if (!(range[0] < range[1])) {
      throw a.element()
          .error("actuatorfrcrange needs range[0] < range[1], got " + range[0] + " " + range[1]);
    }
    j.actuatorForceRange(range[0], range[1]);
  }

  private void joint(MjcfFrames.Member m, int body, int parent) {
    XmlElement e = m.element();
    double[] frame = m.frame();
    e.requireAttributesIn(MjcfSchema.JOINT);
    MjcfAttributes a = defaults.resolve(e, MjcfDefaults.JOINT, m.childclass());
    JointType type =
        switch (a.keyword("type", "hinge", "hinge", "slide", "ball", "free")) {
          case "slide" -> JointType.SLIDE;
          case "ball" -> JointType.BALL;
          case "free" -> JointType.FREE;
          default -> JointType.HINGE;
        };
    if (type == JointType.FREE && parent != 0) {
      throw e.error("a free joint is only allowed in a body whose parent is the world");
    }
    if ((type == JointType.HINGE || type == JointType.BALL) && ballBodies.contains(body)) {
      // MuJoCo 2.2.2 and 3.14 refuse it: a ball joint already turns the body every way
      throw e.error(
          "ball followed by rotation in body '"
              + builder.body(body).name()
              + "': a ball joint spans every rotation, and MuJoCo refuses a hinge or ball after it");
    }
    if (type == JointType.BALL) {
      ballBodies.add(body);
    }
    String name = name("joint", m);
    JointSpec j = builder.addJoint(body, type, name).user(MjcfUser.read(a, "jnt", builder));
    if (type != JointType.FREE) {
      // MuJoCo ignores the anchor of free joints
      double[] pos = MjcfFrames.point(frame, a.has("pos") ? a.numbers("pos", 3) : ZERO3);
      j.pos(pos[0], pos[1], pos[2]);
    }
    double[] axis = a.has("axis") ? a.numbers("axis", 3) : new double[] {0, 0, 1};
    if ((type == JointType.HINGE || type == JointType.SLIDE)
        && axis[0] == 0
        && axis[1] == 0
        && axis[2] == 0) {
      throw e.error("attribute 'axis' must be non-zero");
    }
    axis = MjcfFrames.vector(frame, axis);
    j.axis(axis[0], axis[1], axis[2]);
    // limits of hinges and balls follow the compiler's angle unit; slide lengths are metres; MuJoCo
    // 2.2.2 keeps
    // the range of an unlimited joint unconverted
    double[] range = a.has("range") ? a.numbers("range", 2) : new double[2];
    if (compiler.limited(a, "limited", "range", range)) {
      if (type == JointType.HINGE || type == JointType.BALL) {
        range[0] = compiler.angle(range[0]);
        range[1] = compiler.angle(range[1]);
      }
      if (type != JointType.BALL && !(range[0] < range[1])) {
        throw e.error(
            "a limited joint needs range[0] < range[1], got " + range[0] + " " + range[1]);
      }
      j.range(range[0], range[1]);
    } else {
      j.rangeUnlimited(range[0], range[1]);
    }
    actuatorForceRange(a, j, type);
    ignoreSoftConstraint(a, "solreflimit", "solimplimit", "solreffriction", "solimpfriction");
    j.damping(a.number("damping", 0))
        .stiffness(a.number("stiffness", 0))
        .armature(a.number("armature", 0))
        .frictionloss(nonNegative(a, "frictionloss"));
    if (a.has("springdamper")) {
      double[] sd = a.numbers("springdamper", 2);
      try {
        j.springdamper(sd[0], sd[1]);
      } catch (IllegalArgumentException ex) {
        throw e.error(ex.getMessage());
      }
    }
    if (type == JointType.HINGE || type == JointType.SLIDE) {
      double scale = type == JointType.HINGE ? compiler.angle(1) : 1;
      j.ref(scale * a.number("ref", 0)).springref(scale * a.number("springref", 0));
    }
    nq += type.nq;
    nv += type.nv;
  }

  /** Reads a {@code <freejoint>}: it takes no default-class attributes, as in MuJoCo. */
  private void freejoint(MjcfFrames.Member m, int body, int parent) {
    XmlElement e = m.element();
    e.requireAttributesIn(MjcfSchema.FREEJOINT);
    if (parent != 0) {
      throw e.error("a free joint is only allowed in a body whose parent is the world");
    }
    builder.addJoint(body, JointType.FREE, name("joint", m));
    nq += JointType.FREE.nq;
    nv += JointType.FREE.nv;
  }

  private void geom(MjcfFrames.Member m, int body, boolean isStatic) {
    XmlElement e = m.element();
    double[] frame = m.frame();
    MjcfAttributes a = defaults.resolve(e, MjcfDefaults.GEOM, m.childclass());
    GeomType type = geomType(a);
    e.requireAttributesIn(MjcfSchema.GEOM);
    if ((type == GeomType.PLANE || type == GeomType.HFIELD) && !isStatic) {
      throw e.error(
          type.mjcfName()
              + " geoms are only allowed in static bodies (the world or bodies welded to"
              + " it)");
    }
    HfieldSpec hfield = null;
    if (type == GeomType.HFIELD) {
      String h = a.string("hfield", "").strip();
      hfield = hfields.get(h);
      if (hfield == null) {
        throw (a.has("hfield") ? a.definer("hfield") : e)
            .error(
                h.isEmpty()
                    ? "an hfield geom needs hfield=\"NAME\"" + " naming a height field asset"
                    : "unknown height field '" + h + "'");
      }
    } else if (a.has("hfield")) {
      throw a.definer("hfield").error("only a geom of type hfield takes a height field");
    }
    MeshSpec mesh = null;
    if (type == GeomType.MESH) {
      String h = a.string("mesh", "").strip();
      mesh = meshes.get(h);
      if (mesh == null) {
        throw (a.has("mesh") ? a.definer("mesh") : e)
            .error(
                h.isEmpty()
                    ? "a mesh geom needs mesh=\"NAME\"" + " naming a mesh asset"
                    : "unknown mesh '" + h + "'");
      }
      if (a.has("fromto")) {
        throw a.definer("fromto")
            .error("a mesh geom is placed by pos and an orientation, not fromto");
      }
    } else if (a.has("mesh")) {
      throw a.definer("mesh")
          .error("a " + type.mjcfName() + " fitted to a mesh is not supported: use type=\"mesh\"");
    }
    MjcfSdf.Instance sdf = type == GeomType.SDF ? sdfOf(e) : null;
    String name = name("geom", m);
    boolean fromto = a.has("fromto");
    double[] size = a.overlay("size", ZERO3);
    if (hfield == null && mesh == null && sdf == null) {
      checkSize(e, type, size, fromto);
    }
    GeomSpec g =
        builder
            .addGeom(body, type, name)
            .size(size)
            .hfield(hfield)
            .mesh(mesh)
            .user(MjcfUser.read(a, "geom", builder));
    if (sdf != null) {
      g.sdf(sdf.shape(), sdf.cells());
    }
    if (!name.isEmpty()) {
      geoms.put(name, g);
    }
    if (fromto) {
      fromto(a, g, type);
    } else {
      double[] pos = a.has("pos") ? a.numbers("pos", 3) : ZERO3;
      double[] q = MjcfOrientation.of(a, compiler);
      g.pos(pos[0], pos[1], pos[2]).quat(q[0], q[1], q[2], q[3]);
    }
    if (frame != null) {
      g.inFrame(MjcfFrames.pos(frame), MjcfFrames.quat(frame));
    }
    if (a.has("mass")) {
      g.mass(nonNegative(a, "mass"));
    }
    g.density(a.has("density") ? nonNegative(a, "density") : 1000);
    g.contype(a.integer("contype", 1)).conaffinity(a.integer("conaffinity", 1));
    int condim = a.integer("condim", 3);
    if (!MjcfSchema.CONDIMS.contains(condim)) {
      throw a.definer("condim").error("condim " + condim + MjcfSchema.CONDIM_CHOICES);
    }
    g.condim(condim).priority(a.integer("priority", 0));
    g.margin(nonNegative(a, "margin"), nonNegative(a, "gap"));
    double[] f = a.overlay("friction", new double[] {1, 0.005, 0.0001});
    g.friction(f[0], f[1], f[2]);
    ignoreSoftConstraint(a, "solref", "solimp");
  }

  /**
   * The shape an sdf geom names by its {@code <plugin instance="NAME"/>} child ({@link MjcfSdf}).
   */
  private MjcfSdf.Instance sdfOf(XmlElement e) {
    XmlElement plugin = null;
    for (XmlElement c : e.children()) {
      if (c.name().equals("plugin")) {
        plugin = c;
      }
    }
    if (plugin == null) {
      throw e.error(
          "an sdf geom needs a <plugin instance=\"NAME\"/> child naming a shape of <extension>");
    }
    plugin.requireAttributesIn(java.util.Set.of("instance"));
    String name = plugin.required("instance").strip();
    MjcfSdf.Instance s = sdfs.get(name);
    if (s == null) {
      throw plugin.error("unknown SDF shape instance '" + name + "' (declare it in <extension>)");
    }
    return s;
  }

  /**
   * The name of a body, joint, geom or site with its copy's suffix, registered; a replicated one's
   * name without the suffix is remembered for {@link MjcfReplicates}.
   */
  private String name(String kind, MjcfFrames.Member m) {
    String name = m.name();
    names.register(kind, name, m.element());
    if (m.replicated()) {
      replicates.copied(kind, m.element().string("name", "").strip(), name);
    }
    return name;
  }

  /** The names of the elements {@code <replicate>} copied, by kind. */
  MjcfReplicates replicates() {
    return replicates;
  }

  /** The site named {@code name}, or null. */
  SiteSpec site(String name) {
    return sites.get(name);
  }

  /** The geom named {@code name}, or null. */
  GeomSpec geom(String name) {
    return geoms.get(name);
  }

  /** Reads a {@code <site>}: a frame with a shape that sensors read; no mass, no contact. */
  private void site(MjcfFrames.Member m, int body) {
    XmlElement e = m.element();
    double[] frame = m.frame();
    e.requireAttributesIn(MjcfSchema.SITE);
    MjcfAttributes a = defaults.resolve(e, MjcfDefaults.SITE, m.childclass());
    GeomType type = siteType(a);
    String name = name("site", m);
    boolean fromto = a.has("fromto");
    double[] size = a.overlay("size", new double[] {0.005, 0.005, 0.005});
    checkSize(e, type, size, fromto);
    SiteSpec s =
        builder.addSite(body, type, name).size(size).user(MjcfUser.read(a, "site", builder));
    if (fromto) {
      double[] v = fromtoPoints(a, type);
      s.fromto(v[0], v[1], v[2], v[3], v[4], v[5]);
    } else {
      double[] pos = a.has("pos") ? a.numbers("pos", 3) : ZERO3;
      double[] q = MjcfOrientation.of(a, compiler);
      s.pos(pos[0], pos[1], pos[2]).quat(q[0], q[1], q[2], q[3]);
    }
    if (frame != null) {
      s.inFrame(MjcfFrames.pos(frame), MjcfFrames.quat(frame));
    }
    if (!name.isEmpty()) {
      sites.put(name, s);
    }
  }

  private static GeomType siteType(MjcfAttributes a) {
    GeomType t = solidType(a);
    if (t == null) {
      throw a.definer("type")
          .error(
              "unknown site type '"
                  + a.string("type", "")
                  + "' (sphere, capsule, ellipsoid,"
                  + " cylinder, box)");
    }
    return t;
  }

  /** The shape MJCF's {@code type} names if it is a solid (sphere by default), or null. */
  private static GeomType solidType(MjcfAttributes a) {
    return switch (a.string("type", "sphere")) {
      case "sphere" -> GeomType.SPHERE;
      case "capsule" -> GeomType.CAPSULE;
      case "ellipsoid" -> GeomType.ELLIPSOID;
      case "cylinder" -> GeomType.CYLINDER;
      case "box" -> GeomType.BOX;
      default -> null;
    };
  }

  /**
   * Checks MuJoCo's soft-constraint attributes of an element and records them for {@link
   * #warnIgnored}.
   */
  void ignoreSoftConstraint(MjcfAttributes a, String... attrs) {
    for (String attr : attrs) {
      XmlElement d = a.definer(attr);
      if (d != null) {
        d.numbers(attr, 1, MjcfSchema.SOFT_CONSTRAINT.get(attr));
        ignored.computeIfAbsent(attr, k -> new ArrayList<>()).add(a.element());
      }
    }
  }

  private static GeomType geomType(MjcfAttributes a) {
    GeomType solid = solidType(a);
    if (solid != null) {
      return solid;
    }
    String t = a.string("type", "sphere");
    return switch (t) {
      case "plane" -> GeomType.PLANE;
      case "hfield" -> GeomType.HFIELD;
      case "mesh" -> GeomType.MESH;
      case "sdf" -> GeomType.SDF;
      default -> throw a.definer("type").error("unknown geom type '" + t + "'");
    };
  }

  /**
   * MuJoCo's size rules: the used sizes must be positive; a plane's first two may be 0 (infinite).
   */
  private static void checkSize(XmlElement e, GeomType type, double[] size, boolean fromto) {
    int used =
        switch (type) {
          case SPHERE -> 1;
          case CAPSULE, CYLINDER -> fromto ? 1 : 2;
          default -> fromto ? 1 : 3;
        };
    for (int k = 0; k < used; k++) {
      boolean ok = type == GeomType.PLANE && k < 2 ? size[k] >= 0 : size[k] > 0;
      if (!ok) {
        throw e.error(
            "a "
                + type.mjcfName()
                + " geom needs "
                + used
                + " positive size value"
                + (used > 1 ? "s" : "")
                + (fromto ? " with fromto" : "")
                + ", got size "
                + size[0]
                + " "
                + size[1]
                + " "
                + size[2]);
      }
    }
  }

  /**
   * Places the geom between two points: MuJoCo's {@code fromto}, which replaces {@code pos} and the
   * orientation.
   */
  private static void fromto(MjcfAttributes a, GeomSpec g, GeomType type) {
    if (a.has("pos")) {
      throw a.element().error("both pos and fromto are given (pos may come from a default class)");
    }
    double[] v = fromtoPoints(a, type);
    g.fromto(v[0], v[1], v[2], v[3], v[4], v[5]);
  }

  /**
   * The two points of a geom's or site's {@code fromto}, checked: a shape with a long axis,
   * distinct points.
   */
  private static double[] fromtoPoints(MjcfAttributes a, GeomType type) {
    XmlElement d = a.definer("fromto");
    if (type != GeomType.CAPSULE
        && type != GeomType.CYLINDER
        && type != GeomType.BOX
        && type != GeomType.ELLIPSOID) {
      throw d.error(
          "fromto requires a capsule, cylinder, box or ellipsoid, not a " + type.mjcfName());
    }
    double[] v = d.numbers("fromto", 6);
    double dx = v[3] - v[0], dy = v[4] - v[1], dz = v[5] - v[2];
    if (dx * dx + dy * dy + dz * dz < 1e-24) {
      throw d.error("attribute 'fromto': the two points coincide");
    }
    return v;
  }

  /** Attribute attr of a (0 when absent), refused at its line when negative. */
  static double nonNegative(MjcfAttributes a, String attr) {
    double v = a.number(attr, 0);
    if (v < 0) {
      throw a.definer(attr).error("attribute '" + attr + "' must be non-negative, got " + v);
    }
    return v;
  }
}
