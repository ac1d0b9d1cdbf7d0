package org.diffart.sim.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.GeomSpec;
import org.diffart.sim.compiler.JointSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * Loads URDF robot descriptions with ROS's conventions: a link's frame is the frame of the joint
 * that carries it (the joint {@code origin} places the child link in the parent link's frame,
 * {@code rpy} being fixed-axis roll about x, then pitch about y, then yaw about z), the joint
 * {@code axis} is expressed in that frame (default x), lengths in metres and angles in radians.
 *
 * <table>
 *   <caption>The accepted subset</caption>
 *   <tr><th>element</th><th>mapped to</th></tr>
 *   <tr><td>{@code link}</td><td>a body named after the link</td></tr>
 *   <tr><td>{@code inertial}: origin, mass, inertia (ixx..izz, about the centre of mass in the origin frame)</td>
 *       <td>the body's inertia; links without it are massless (inertia never comes from collision shapes)</td></tr>
 *   <tr><td>{@code collision}: origin, geometry box (full side lengths), sphere, cylinder (radius, length, axis
 *       z)</td><td>a geom</td></tr>
 *   <tr><td>joint {@code revolute} / {@code prismatic}</td><td>a limited hinge / slide ({@code limit lower upper}
 *       required; effort and velocity are read but create no actuator)</td></tr>
 *   <tr><td>joint {@code continuous}</td><td>an unlimited hinge</td></tr>
 *   <tr><td>joint {@code fixed}</td><td>the child body welded to its parent</td></tr>
 *   <tr><td>joint {@code floating}</td><td>a free joint; only from the root link {@code world}</td></tr>
 *   <tr><td>{@code dynamics damping}</td><td>joint damping; a non-zero {@code friction} is refused (Coulomb joint
 *       friction is not modelled)</td></tr>
 * </table>
 *
 * <p>The root link (the one that is no joint's child) is welded to the world, unless the caller
 * asks for a floating base, which gives it a free joint named {@code floating_base}. A root link
 * named {@code world} is the world itself (its collision shapes are static geoms); its {@code
 * floating} child joint gives a free base.
 *
 * <p>As the URDF specification says, the axis and limit of fixed and floating joints are unused,
 * and so are the lower and upper limits of continuous joints. Skipped as documented: {@code
 * visual}, {@code material}, {@code gazebo}, {@code transmission} (actuation metadata for
 * controllers), and the joint's {@code calibration} and {@code safety_controller} (controller
 * settings). Refused with a {@link ModelFormatException}: meshes, {@code planar} joints, {@code
 * mimic} and any other element or attribute. The model gets the default {@link
 * org.diffart.sim.model.Options}.
 */
public final class UrdfLoader {
  private static final Set<String> ORIGIN = Set.of("xyz", "rpy");
  private static final Set<String> LINK_REF = Set.of("link");

  private final XmlElement robot;
  private final ModelBuilder builder;
  private final NamedElements names = new NamedElements();
  private final Map<String, XmlElement> links = new LinkedHashMap<>();
  private final Map<String, List<XmlElement>> jointsByParent = new HashMap<>();
  private final Map<String, Integer> bodyOfLink = new HashMap<>();

  private UrdfLoader(XmlElement robot) {
    this.robot = robot;
    this.builder =
        new ModelBuilder(robot.string("name", "robot").strip())
            .inertiaFromGeom(ModelBuilder.InertiaFromGeom.FALSE);
  }

  /**
   * Loads a URDF file with its root link welded to the world (unless the file has a floating
   * joint).
   */
  public static Model load(Path file) {
    return load(file, false);
  }

  /**
   * Loads a URDF file.
   *
   * @param floatingBase give the root link a free joint instead of welding it to the world
   */
  public static Model load(Path file, boolean floatingBase) {
    return load(SafeXml.parse(file), floatingBase);
  }

  /** Loads URDF text; {@code sourceName} names it in error messages. */
  public static Model loadString(String xml, String sourceName, boolean floatingBase) {
    return load(SafeXml.parseString(xml, sourceName), floatingBase);
  }

  static Model load(XmlElement root, boolean floatingBase) {
    if (!root.name().equals("robot")) {
      throw root.error("a URDF file has the root element <robot>");
    }
    root.requireAttributesIn(Set.of("name", "version"));
    return new UrdfLoader(root).build(floatingBase);
  }

  private Model build(boolean floatingBase) {
    Map<String, XmlElement> parentJointOf = new HashMap<>();
    List<XmlElement> joints = new ArrayList<>();
    for (XmlElement c : robot.children()) {
      switch (c.name()) {
        case "link" -> {
          c.requireAttributesIn(Set.of("name"));
          if (links.putIfAbsent(c.required("name").strip(), c) != null) {
            throw c.error("repeated link name '" + c.attribute("name") + "'");
          }
        }
        case "joint" -> joints.add(c);
        case "material", "gazebo", "transmission" -> {}
        default ->
            throw c.error(
                "unsupported element <"
                    + c.name()
                    + "> in <robot> (supported: link, joint;"
                    + " ignored: material, gazebo, transmission)");
      }
    }
    for (XmlElement j : joints) {
      j.requireAttributesIn(Set.of("name", "type"));
      String parent = linkRef(j, "parent");
      String child = linkRef(j, "child");
      if (parentJointOf.putIfAbsent(child, j) != null) {
        throw j.error("link '" + child + "' is the child of two joints");
      }
      jointsByParent.computeIfAbsent(parent, k -> new ArrayList<>()).add(j);
    }
    List<String> roots =
        links.keySet().stream().filter(l -> !parentJointOf.containsKey(l)).toList();
    if (roots.size() != 1) {
      throw robot.error(
          roots.isEmpty()
              ? "the links form a loop: no root link"
              : "the links form "
                  + roots.size()
                  + " separate trees (roots "
                  + roots
                  + "); a URDF has exactly one root link");
    }
    rootLink(links.get(roots.get(0)), floatingBase);
    for (String link : links.keySet()) {
      if (!bodyOfLink.containsKey(link)) {
        throw parentJointOf.get(link).error("link '" + link + "' is part of a loop of joints");
      }
    }
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw names.locate(e, robot);
    }
  }

  private void rootLink(XmlElement link, boolean floatingBase) {
    String name = link.attribute("name").strip();
    if (name.equals("world")) {
      if (floatingBase) {
        throw link.error(
            "the root link 'world' is the fixed world frame: it cannot be a floating base");
      }
      bodyOfLink.put(name, 0);
      linkContents(link, 0);
    } else {
      names.register("body", name, link);
      BodySpec b = builder.addBody(0, name);
      if (floatingBase) {
        builder.addJoint(b.id(), JointType.FREE, "floating_base");
      }
      bodyOfLink.put(name, b.id());
      linkContents(link, b.id());
    }
    children(name);
  }

  private void children(String parentLink) {
    for (XmlElement j : jointsByParent.getOrDefault(parentLink, List.of())) {
      String childName = linkRef(j, "child");
      XmlElement child = links.get(childName);
      names.register("body", childName, child);
      BodySpec b = builder.addBody(bodyOfLink.get(parentLink), childName);
      double[] pose = new double[7];
      origin(j, pose);
      b.pos(pose[0], pose[1], pose[2]).quat(pose[3], pose[4], pose[5], pose[6]);
      joint(j, b.id(), bodyOfLink.get(parentLink));
      bodyOfLink.put(childName, b.id());
      linkContents(child, b.id());
      children(childName);
    }
  }

  private void joint(XmlElement j, int body, int parentBody) {
    String name = j.required("name").strip();
    names.register("joint", name, j);
    String type =
        j.keyword(
            "type", null, "revolute", "continuous", "prismatic", "fixed", "floating", "planar");
    if (type == null) {
      throw j.error("required attribute 'type' is missing");
    }
    for (XmlElement c : j.children()) {
      switch (c.name()) {
        case "origin",
            "parent",
            "child",
            "axis",
            "limit",
            "dynamics",
            "calibration",
            "safety_controller" -> {}
        default ->
            throw c.error(
                "unsupported element <"
                    + c.name()
                    + "> in <joint> (supported: origin, parent,"
                    + " child, axis, limit, dynamics; ignored: calibration, safety_controller)");
      }
    }
    XmlElement limit = only(j, "limit", false);
    XmlElement dynamics = only(j, "dynamics", false);
    XmlElement axis = only(j, "axis", false);
    switch (type) {
      case "fixed" -> {}
      case "floating" -> {
        if (parentBody != 0) {
          throw j.error(
              "a floating joint must hang from the root link 'world' (free joints are top-level)");
        }
        builder.addJoint(body, JointType.FREE, name);
      }
      case "planar" -> throw j.error("planar joints are not supported");
      default -> {
        JointSpec s =
            builder.addJoint(
                body, type.equals("prismatic") ? JointType.SLIDE : JointType.HINGE, name);
        double[] a = axis == null ? new double[] {1, 0, 0} : axis(axis);
        s.axis(a[0], a[1], a[2]);
        limits(j, s, type, limit);
        s.damping(damping(dynamics));
      }
    }
  }

  private static double[] axis(XmlElement e) {
    e.requireAttributesIn(Set.of("xyz"));
    double[] a = e.numbers("xyz", 3);
    if (a[0] == 0 && a[1] == 0 && a[2] == 0) {
      throw e.error("attribute 'xyz' must be non-zero");
    }
    return a;
  }

  private static void limits(XmlElement j, JointSpec s, String type, XmlElement limit) {
    if (limit != null) {
      limit.requireAttributesIn(Set.of("lower", "upper", "effort", "velocity"));
      // effort and velocity are checked to be numbers but create no actuator and no constraint
      limit.number("effort", 0);
      limit.number("velocity", 0);
    }
    if (type.equals("continuous")) {
      return;
    }
    if (limit == null) {
      throw j.error(
          "a " + type + " joint needs <limit lower upper> (use continuous for an unlimited hinge)");
    }
    double lo = limit.number("lower", 0);
    double hi = limit.number("upper", 0);
    if (lo > hi) {
      throw limit.error("lower " + lo + " exceeds upper " + hi);
    }
    s.range(lo, hi);
  }

  private static double damping(XmlElement dynamics) {
    if (dynamics == null) {
      return 0;
    }
    dynamics.requireAttributesIn(Set.of("damping", "friction"));
    if (dynamics.number("friction", 0) != 0) {
      throw dynamics.error(
          "joint friction is not supported (Coulomb joint friction is not modelled); remove it or"
              + " set it to 0");
    }
    double d = dynamics.number("damping", 0);
    if (d < 0) {
      throw dynamics.error("damping must be non-negative, got " + d);
    }
    return d;
  }

  private void linkContents(XmlElement link, int body) {
    for (XmlElement c : link.children()) {
      switch (c.name()) {
        case "inertial" -> {
          if (body == 0) {
            throw c.error(
                "the root link 'world' is the fixed world frame: it cannot have an <inertial>");
          }
          inertial(c, builder.body(body));
        }
        case "collision" -> collision(c, body);
        case "visual" -> {}
        default ->
            throw c.error(
                "unsupported element <"
                    + c.name()
                    + "> in <link> (supported: inertial,"
                    + " collision; ignored: visual)");
      }
    }
  }

  private static void inertial(XmlElement e, BodySpec b) {
    e.requireAttributesIn(Set.of());
    e.requireChildrenIn(Set.of("origin", "mass", "inertia"));
    double[] pose = new double[7];
    origin(e, pose);
    XmlElement mass = only(e, "mass", true);
    XmlElement inertia = only(e, "inertia", true);
    mass.requireAttributesIn(Set.of("value"));
    double m = mass.number("value");
    if (m < 0) {
      throw mass.error("mass must be non-negative, got " + m);
    }
    inertia.requireAttributesIn(Set.of("ixx", "ixy", "ixz", "iyy", "iyz", "izz"));
    double[] full = {
      inertia.number("ixx"),
      inertia.number("iyy"),
      inertia.number("izz"),
      inertia.number("ixy"),
      inertia.number("ixz"),
      inertia.number("iyz")
    };
    b.inertialFull(
        m,
        new double[] {pose[0], pose[1], pose[2]},
        new double[] {pose[3], pose[4], pose[5], pose[6]},
        full);
  }

  private void collision(XmlElement e, int body) {
    e.requireAttributesIn(Set.of("name"));
    e.requireChildrenIn(Set.of("origin", "geometry"));
    double[] pose = new double[7];
    origin(e, pose);
    XmlElement geometry = only(e, "geometry", true);
    geometry.requireAttributesIn(Set.of());
    if (geometry.children().size() != 1) {
      throw geometry.error("a <geometry> holds exactly one shape");
    }
    XmlElement shape = geometry.children().get(0);
    GeomSpec g;
    String name = e.string("name", "").strip();
    switch (shape.name()) {
      case "box" -> {
        shape.requireAttributesIn(Set.of("size"));
        double[] s = positive(shape, "size", 3);
        g = builder.addGeom(body, GeomType.BOX, name).size(s[0] / 2, s[1] / 2, s[2] / 2);
      }
      case "sphere" -> {
        shape.requireAttributesIn(Set.of("radius"));
        g = builder.addGeom(body, GeomType.SPHERE, name).size(positive(shape, "radius", 1));
      }
      case "cylinder" -> {
        shape.requireAttributesIn(Set.of("radius", "length"));
        double r = positive(shape, "radius", 1)[0];
        double len = positive(shape, "length", 1)[0];
        g = builder.addGeom(body, GeomType.CYLINDER, name).size(r, len / 2);
      }
      default ->
          throw shape.error(
              "unsupported collision geometry <"
                  + shape.name()
                  + "> (supported: box, sphere,"
                  + " cylinder; meshes are not supported)");
    }
    g.pos(pose[0], pose[1], pose[2]).quat(pose[3], pose[4], pose[5], pose[6]);
  }

  /**
   * Reads the optional {@code <origin xyz rpy>} child of {@code e} into pose = (x, y, z, qw, qx,
   * qy, qz).
   */
  private static void origin(XmlElement e, double[] pose) {
    XmlElement o = only(e, "origin", false);
    pose[3] = 1;
    if (o == null) {
      return;
    }
    o.requireAttributesIn(ORIGIN);
    if (o.has("xyz")) {
      System.arraycopy(o.numbers("xyz", 3), 0, pose, 0, 3);
    }
    if (o.has("rpy")) {
      double[] rpy = o.numbers("rpy", 3);
      // fixed axes: R = Rz(yaw) Ry(pitch) Rx(roll)
      double[] q = new double[4];
      MjcfOrientation.euler(q, rpy[0], rpy[1], rpy[2], "XYZ");
      System.arraycopy(q, 0, pose, 3, 4);
    }
  }

  private static XmlElement only(XmlElement parent, String name, boolean required) {
    XmlElement found = null;
    for (XmlElement c : parent.children()) {
      if (c.name().equals(name)) {
        if (found != null) {
          throw c.error("<" + parent.name() + "> has more than one <" + name + ">");
        }
        found = c;
      }
    }
    if (found == null && required) {
      throw parent.error("<" + parent.name() + "> needs a <" + name + "> element");
    }
    return found;
  }

  private String linkRef(XmlElement joint, String which) {
    XmlElement e = only(joint, which, true);
    e.requireAttributesIn(LINK_REF);
    String link = e.required("link").strip();
    if (!links.containsKey(link)) {
      throw e.error("unknown link '" + link + "'");
    }
    return link;
  }

  private static double[] positive(XmlElement e, String attr, int n) {
    double[] v = e.numbers(attr, n);
    for (double x : v) {
      if (!(x > 0)) {
        throw e.error("attribute '" + attr + "' must be positive, got '" + e.attribute(attr) + "'");
      }
    }
    return v;
  }
}
