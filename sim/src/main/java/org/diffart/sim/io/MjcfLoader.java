package org.diffart.sim.io;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diffart.sim.compiler.KeyframeSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * Loads MuJoCo MJCF files with MuJoCo 2.2.2's semantics for everything it accepts, and refuses
 * everything else with a {@link ModelFormatException} naming file, line and element. The semantics
 * were measured on MuJoCo 2.2.2 (see {@code datasets/reference/probes/}); in particular angles
 * default to <b>degrees</b>, a {@code range} without {@code limited} limits as under MuJoCo 3's
 * default {@code autolimits="true"} (2.2.2 refused it) and is an error with {@code
 * autolimits="false"}, and bodies without {@code <inertial>} take their inertia from their geoms
 * (density 1000 unless {@code mass} or {@code density} is given).
 *
 * <p>{@code <include file>} is expanded first, with MuJoCo's rules (see {@link MjcfIncludes}).
 *
 * <table>
 *   <caption>The accepted subset</caption>
 *   <tr><th>element</th><th>attributes read</th></tr>
 *   <tr><td>{@code mujoco}</td><td>model</td></tr>
 *   <tr><td>{@code compiler}</td><td>angle, eulerseq, autolimits, inertiafromgeom, settotalmass, coordinate (local
 *       only), meshdir (of mesh and height field files; a meshdir absent as a directory is read from a zip archive of
 *       its name beside it, as the Control Suite's dog_assets.zip), exactmeshinertia; convexhull is accepted (diffart always
 *       searches a mesh's vertices, MuJoCo's way without the hull's graph); assetdir (MuJoCo 3.x: meshdir where no
 *       meshdir is given in the same element, the last {@code compiler} winning), strippath; texturedir, usethread,
 *       saveinertial and conflict, which cannot change the compiled model; boundmass, boundinertia, balanceinertia,
 *       fitaabb, discardvisual, fusestatic, alignfree and inertiagrouprange only at MuJoCo's default, refused by name
 *       otherwise ({@link MjcfCompiler}); child
 *       {@code lengthrange} (mode, useexisting, uselimit, accel, maxforce, timeconst, timestep, inttotal, inteval,
 *       tolrange: how the compiler finds actuator length ranges)</td></tr>
 *   <tr><td>{@code asset}</td><td>{@code mesh} ({@link MjcfMeshes}: name, class, file (OBJ, binary STL, MSH),
 *       vertex, face, scale, refpos, refquat) and {@code hfield} ({@link MjcfHfields}: name, file (PNG, MuJoCo's
 *       binary format), nrow, ncol, size); texture, material and skin are ignored (they only render)</td></tr>
 *   <tr><td>{@code option}</td><td>timestep, gravity, integrator (Euler, RK4, and MuJoCo 3.x's implicit and implicitfast), iterations (the number of
 *       projected Gauss-Seidel sweeps), cone (elliptic: one friction direction along the sliding velocity;
 *       pyramidal: two orthogonal directions; a model warning says so), density, viscosity and wind (MuJoCo 2.2.2's
 *       inertia-box fluid forces, {@link org.diffart.sim.algo.forces.Fluid}), magnetic (the magnetometers' field); solver
 *       tolerance, ls_iterations and ls_tolerance are accepted and ignored with a model warning (diffart's hard constraints are always solved by
 *       projected Gauss-Seidel); MuJoCo 3's soft-contact and collision settings impratio, noslip_iterations,
 *       noslip_tolerance, o_solref, o_solimp, o_margin, o_friction, ccd_iterations, ccd_tolerance, sdf_iterations,
 *       sdf_initpoints (and flag refsafe) are checked and accepted with one model warning for the whole file that says
 *       what the hard contacts do instead; child
 *       {@code flag} with contact, limit, frictionloss, constraint (contacts, limits and dry friction), gravity,
 *       passive, actuation, sensor, eulerdamp (MuJoCo 2.3's flag: {@code disable} selects Euler with explicit damping),
 *       energy ({@code Data.energy}, as MuJoCo's {@code mjData.energy}), refsafe; override only disabled (enabled it
 *       replaces every contact's margin and friction)</td></tr>
 *   <tr><td>{@code default}</td><td>class; nested defaults; joint, geom, site, tendon, equality, every actuator
 *       element</td></tr>
 *   <tr><td>{@code body}</td><td>name, childclass, pos, quat | axisangle | euler | xyaxes | zaxis</td></tr>
 *   <tr><td>{@code replicate}</td><td>count, offset, euler, sep, class, childclass: copies of what it holds,
 *       placed and named as MuJoCo 3.14 does; elements outside that name a copied element without its suffix, and
 *       keyframes in a file that replicates, are refused ({@link MjcfFrames}, {@link MjcfReplicates})</td></tr>
 *   <tr><td>{@code frame}</td><td>name, class, childclass, pos, orientation; in the world body and in bodies,
 *       holding bodies, joints, geoms, sites, an inertial and frames, as MuJoCo 3.14 places them
 *       ({@link MjcfFrames})</td></tr>
 *   <tr><td>{@code composite}</td><td>type particle only (bodies of three slide joints and a sphere), count,
 *       spacing, offset, prefix; its geom's size, contype, conaffinity, condim, priority, friction, margin, gap, mass,
 *       density ({@link MjcfComposite})</td></tr>
 *   <tr><td>{@code inertial}</td><td>pos, mass, diaginertia | fullinertia, orientation</td></tr>
 *   <tr><td>{@code joint}</td><td>name, class, type (hinge, slide, ball, free), pos, axis, range, limited,
 *       damping, stiffness, springref, armature, ref, frictionloss (dry friction rows in the contact solve),
 *       group, actuatorfrcrange and actuatorfrclimited (MuJoCo 3: the total actuator force at a hinge or slide
 *       clipped)</td></tr>
 *   <tr><td>{@code freejoint}</td><td>name, group</td></tr>
 *   <tr><td>{@code geom}</td><td>name, class, type (sphere, capsule, ellipsoid, cylinder, box, plane, mesh,
 *       hfield), size, pos, orientation, fromto, mass, density, contype, conaffinity, condim (1, 3, 4, 6),
 *       priority, friction, margin, gap, mesh, hfield; rgba, material, group are ignored</td></tr>
 *   <tr><td>{@code site}</td><td>name, class, type (sphere, capsule, ellipsoid, cylinder, box), size, pos,
 *       orientation, fromto, user; material, rgba, group are ignored</td></tr>
 *   <tr><td>{@code sensor}</td><td>the sensors of {@link org.diffart.sim.model.SensorType} with name, cutoff,
 *       noise (kept by MuJoCo for user code, never added; ignored here), user, and site, joint, actuator, body or
 *       objtype/objname ({@link MjcfSensors})</td></tr>
 *   <tr><td>{@code tendon}</td><td>{@code fixed} and {@code spatial} with name, class, limited, range, stiffness,
 *       damping, springlength and their {@code joint} (joint, coef) children, or a spatial tendon's path of {@code
 *       site} (site), {@code geom} (geom, sidesite: wrapping around a sphere or cylinder) and {@code pulley}
 *       (divisor) children, user; width, rgba, material, group are ignored
 *       ({@link MjcfTendons})</td></tr>
 *   <tr><td>{@code contact}</td><td>exclude (name, body1, body2), pair (name, geom1, geom2, condim, friction,
 *       margin, gap; solref, solimp ignored)</td></tr>
 *   <tr><td>{@code equality}</td><td>connect, weld, joint, tendon with MuJoCo 2.2.2's meaning; solref and solimp
 *       are ignored with a warning ({@link MjcfEqualities})</td></tr>
 *   <tr><td>{@code motor}, {@code position}, {@code velocity}, {@code intvelocity}, {@code damper}, {@code
 *       cylinder}, {@code muscle}, {@code general}</td><td>name, class, joint, tendon, cranksite with slidersite and
 *       cranklength (a slider-crank), or site with refsite (MuJoCo 3.14's site transmission, six gear components; not
 *       on a muscle), gear, ctrlrange, ctrllimited, forcerange, forcelimited, lengthrange, group; kp,
 *       kv, timeconst, area, diameter, bias; a muscle's range, force, scale, lmin, lmax, vmax, fpmax, fvmax; gaintype
 *       fixed, affine or muscle, biastype none, affine or muscle, dyntype none, integrator, filter or muscle,
 *       gainprm, biasprm, dynprm, actlimited, actrange; MuJoCo 3's kv, dampratio and inheritrange on position and
 *       intvelocity, with MuJoCo 3.14's meaning ({@link MjcfActuators})</td></tr>
 *   <tr><td>{@code adhesion}</td><td>name, class, body, gain, ctrlrange (required, nonnegative), forcerange,
 *       forcelimited, group, user</td></tr>
 *   <tr><td>{@code key}</td><td>name, time, qpos, qvel, ctrl, act</td></tr>
 *   <tr><td>{@code user}</td><td>on body, joint, geom, site, tendon, every actuator and sensor (and their default
 *       classes), sized by {@code size}'s nuser_body, nuser_jnt, nuser_geom, nuser_site, nuser_tendon, nuser_actuator,
 *       nuser_sensor as MuJoCo 3.14 does ({@link MjcfUser})</td></tr>
 *   <tr><td>{@code custom}</td><td>{@code numeric} (name, size, data), {@code text} (name, data), {@code tuple}
 *       (name; {@code element}: objtype, objname, prm), as MuJoCo 3.14 sizes and checks them ({@link MjcfCustom});
 *       on {@link Model} as {@code numeric(name)}, {@code text(name)}, {@code tupleObjId(i, k)}, ...</td></tr>
 * </table>
 *
 * <p>Skipped as documented, because they only render or only size MuJoCo's buffers: {@code visual},
 * {@code statistic}, {@code size}, {@code light}, {@code camera}, assets {@code texture}, {@code
 * material} and {@code skin}, and the geom attributes rgba, material and group. MuJoCo's
 * soft-constraint parameters (geom solref, solimp; joint solreflimit, solimplimit) are checked,
 * ignored and reported in {@link Model#warnings()}: diffart's contacts and limits are hard
 * constraints (see {@link Options}). Refused: primitives fitted to meshes, actuators on sites, user
 * sensors (MuJoCo's callback writes them) and any other element or attribute.
 *
 * <p>Sections are read in MuJoCo's order whatever their order in the file: compiler, option,
 * default, asset, worldbody, contact, tendon, equality, actuator, sensor, keyframe, custom.
 */
public final class MjcfLoader {
  private MjcfLoader() {}

  /** Loads an MJCF file; its includes are resolved against its directory. */
  public static Model load(Path file) {
    Path dir = file.getParent() == null ? Path.of("") : file.getParent();
    return load(MjcfIncludes.expand(SafeXml.parse(file), file, dir));
  }

  /**
   * Loads MJCF from a stream (the caller closes it); {@code sourceName} names it in error messages,
   * and its includes are resolved against the working directory.
   */
  public static Model load(InputStream in, String sourceName) {
    return load(MjcfIncludes.expand(SafeXml.parse(in, sourceName), null, Path.of("")));
  }

  /**
   * Loads MJCF text, e.g. an inline model of a notebook; {@code sourceName} names it in error
   * messages, and its includes are resolved against the working directory.
   */
  public static Model loadString(String xml, String sourceName) {
    return loadString(xml, sourceName, 1);
  }

  /**
   * As {@link #loadString(String, String)} for text that starts at line {@code firstLine} of its
   * source.
   */
  public static Model loadString(String xml, String sourceName, int firstLine) {
    return load(
        MjcfIncludes.expand(SafeXml.parseString(xml, sourceName, firstLine), null, Path.of("")));
  }

  /** Loads a parsed MJCF document whose includes are expanded. */
  static Model load(XmlElement root) {
    if (!root.name().equals("mujoco")) {
      throw root.error("an MJCF file has the root element <mujoco>");
    }
    root.requireAttributesIn(MjcfSchema.MUJOCO);
    MjcfCompiler compiler = MjcfCompiler.DEFAULTS;
    List<XmlElement> options = new ArrayList<>();
    List<XmlElement> topDefaults = new ArrayList<>();
    List<XmlElement> assets = new ArrayList<>();
    List<XmlElement> extensions = new ArrayList<>();
    XmlElement size = null;
    for (XmlElement c : root.children()) {
      switch (c.name()) {
        case "compiler" -> compiler = compiler.with(c);
        case "option" -> options.add(c);
        case "default" -> topDefaults.add(c);
        case "asset" -> assets.add(c);
        case "extension" -> extensions.add(c);
        case "size" -> size = c;
        case "worldbody",
            "contact",
            "tendon",
            "equality",
            "actuator",
            "sensor",
            "keyframe",
            "custom" -> {}
        default -> {
          if (!MjcfSchema.IGNORED_TOP.contains(c.name())) {
            throw MjcfSchema.unsupported(
                c,
                "mujoco",
                "compiler, option, default, asset, extension (diffart's SDF shapes), worldbody,"
                    + " contact, tendon, equality, actuator, sensor, keyframe, custom, size",
                "visual, statistic");
          }
        }
      }
    }
    MjcfDefaults defaults = MjcfDefaults.parse(topDefaults);
    ModelBuilder b =
        new ModelBuilder(root.string("model", baseName(root.source())).strip())
            .inertiaFromGeom(compiler.inertiaFromGeom())
            .totalMass(compiler.totalMass())
            .lengthRange(compiler.lengthRange());
    if (size != null) {
      // nconmax bounds the contacts of a step (-1: MuJoCo's automatic), nkey adds default
      // keyframes; the rest sizes
      // MuJoCo's own memory
      size.requireAttributesIn(MjcfSchema.SIZE);
      b.contactCapacity(size.integer("nconmax", -1));
      MjcfUser.sizes(size, b);
    }
    OptionReader optionReader = new OptionReader();
    options.forEach(c -> optionReader.read(c, b));
    for (XmlElement c : sections(root, "custom")) {
      optionReader.diffartSettings(c);
    }
    optionReader.warnSoftContact(b);
    b.options(optionReader.build());
    NamedElements names = new NamedElements();
    MjcfHfields hfields = new MjcfHfields();
    MjcfMeshes meshes = new MjcfMeshes();
    for (XmlElement c : assets) {
      asset(c, b, compiler, names, defaults, hfields, meshes);
    }
    MjcfBodies bodies = new MjcfBodies(b, defaults, compiler, names, hfields, meshes);
    bodies.sdfs(MjcfSdf.read(extensions, names, meshes));
    for (XmlElement c : sections(root, "worldbody")) {
      bodies.worldbody(c);
    }
    bodies.replicates().check(root, names);
    for (XmlElement c : sections(root, "contact")) {
      contact(c, b, names, bodies);
    }
    for (XmlElement c : sections(root, "tendon")) {
      MjcfTendons.read(c, b, defaults, compiler, names, bodies);
    }
    for (XmlElement c : sections(root, "equality")) {
      MjcfEqualities.read(c, b, defaults, names, bodies);
    }
    bodies.warnIgnored();
    List<String> actuatorNames = new ArrayList<>();
    for (XmlElement c : sections(root, "actuator")) {
      MjcfActuators.read(c, b, defaults, compiler, names, actuatorNames, bodies);
    }
    for (XmlElement c : sections(root, "sensor")) {
      MjcfSensors.read(c, b, bodies, actuatorNames, names);
    }
    for (XmlElement c : sections(root, "keyframe")) {
      keyframes(c, b, names, bodies.nq(), bodies.nv(), actuatorNames.size(), b.activationCount());
    }
    for (XmlElement c : sections(root, "custom")) {
      MjcfCustom.read(c, b, names);
    }
    // <size nkey> makes room for keyframes: those not given are MuJoCo's defaults (qpos0, at rest)
    for (int k = b.keyframeCount(); size != null && k < size.integer("nkey", 0); k++) {
      b.addKeyframe("");
    }
    Model m;
    try {
      m = b.build();
    } catch (IllegalArgumentException e) {
      throw names.locate(e, root);
    }
    bodies.checkMovingMasses(m);
    return m;
  }

  private static Iterable<XmlElement> sections(XmlElement root, String name) {
    return root.children().stream().filter(c -> c.name().equals(name)).toList();
  }

  /**
   * Reads the {@code <option>} elements in order, each attribute overriding an earlier one, into
   * {@link Options}. Flags that turn a quantity off (gravity, constraint) act on the final options
   * whatever the order.
   */
  private static final class OptionReader {
    /** MuJoCo's solver settings that diffart's projected Gauss-Seidel has no use for. */
    private static final List<String> SOLVER_SETTINGS =
        List.of("tolerance", "ls_iterations", "ls_tolerance");

    private final Options.Builder o = Options.builder();
    private double[] gravity = Options.defaults().gravity();
    private boolean gravityOff;
    private boolean constraintOff;
    private String integrator = "Euler";
    private boolean explicitDamping;

    void read(XmlElement e, ModelBuilder b) {
      e.requireAttributesIn(MjcfSchema.OPTION);
      if (e.has("timestep")) {
        double dt = e.number("timestep");
        if (!(dt > 0)) {
          throw e.error("timestep must be positive, got " + dt);
        }
        o.timestep(dt);
      }
      if (e.has("gravity")) {
        gravity = e.numbers("gravity", 3);
      }
      if (e.has("density")) {
        o.density(nonNegative(e, "density"));
      }
      if (e.has("viscosity")) {
        o.viscosity(nonNegative(e, "viscosity"));
      }
      if (e.has("wind")) {
        double[] w = e.numbers("wind", 3);
        o.wind(w[0], w[1], w[2]);
      }
      if (e.has("magnetic")) {
        double[] f = e.numbers("magnetic", 3);
        o.magnetic(f[0], f[1], f[2]);
      }
      if (e.has("integrator")) {
        integrator = e.keyword("integrator", "Euler", "Euler", "RK4", "implicit", "implicitfast");
      }
      softContactOptions(e);
      if (e.has("iterations")) {
        int n = e.integer("iterations", 0);
        if (n < 1) {
          throw e.error("iterations must be at least 1, got " + n);
        }
        // MuJoCo's iteration cap of its constraint solver becomes the number of projected
        // Gauss-Seidel sweeps
        o.iterations(n);
      }
      if (e.has("solver") || SOLVER_SETTINGS.stream().anyMatch(e::has)) {
        // MuJoCo's solvers minimise the same convex cost of its soft constraints and differ in how
        // they converge (the Newton and CG solvers with a line search); diffart's constraints are
        // hard and solved by projected Gauss-Seidel whatever is asked
        StringBuilder given = new StringBuilder();
        if (e.has("solver")) {
          given.append(" solver=\"").append(e.keyword("solver", "Newton", "PGS", "CG", "Newton"));
          given.append('"');
        }
        for (String attr : SOLVER_SETTINGS) {
          if (e.has(attr)) {
            // checked as MuJoCo reads them: an integer, or a number
            if (attr.equals("ls_iterations")) {
              e.integer(attr, 0);
            } else {
              e.number(attr);
            }
            given.append(' ').append(attr).append("=\"").append(e.attribute(attr).strip());
            given.append('"');
          }
        }
        b.warning(
            e.source()
                + ":"
                + e.line()
                + ": option"
                + given
                + " ignored: diffart solves its hard constraints by projected Gauss-Seidel"
                + " (iterations and Options.tolerance), without a line search");
      }
      if (e.has("cone")) {
        // MuJoCo's elliptic cone bounds |f_t| <= mu f_n: one friction direction along the sliding
        // velocity does the
        // same while sliding. Its pyramidal cone has 2(condim-1) edges: the closest of ours is the
        // box of two
        // orthogonal directions.
        boolean elliptic =
            e.keyword("cone", "pyramidal", "pyramidal", "elliptic").equals("elliptic");
        o.frictionDirections(elliptic ? 1 : 2);
        b.warning(
            e.source()
                + ":"
                + e.line()
                + ": option cone=\""
                + e.attribute("cone").strip()
                + "\" is mapped"
                + " onto "
                + (elliptic
                    ? "one friction direction along the sliding velocity"
                    : "two orthogonal friction directions")
                + " of diffart's projected Gauss-Seidel contacts");
      }
      for (XmlElement c : e.children()) {
        if (!c.name().equals("flag")) {
          throw MjcfSchema.unsupported(c, "option", "flag", "");
        }
        flags(c, b);
      }
    }

    /**
     * MuJoCo's soft-contact settings (MjcfSchema.SOFT_CONTACT_OPTIONS) as given, one entry per
     * element with its place ({@code m.xml:3: option impratio="10" noslip_iterations="3"}), for the
     * one model warning of {@link #warnSoftContact}.
     */
    private final List<String> softContact = new ArrayList<>();

    /**
     * MuJoCo's soft-contact settings, checked (as numbers of MuJoCo's arity; {@code impratio}
     * positive, the noslip pass's settings non-negative) and kept for one model warning: {@code
     * impratio}, the noslip post-pass, the override values {@code o_solref}, {@code o_solimp},
     * {@code o_margin}, {@code o_friction} (in force only under {@code <flag override>}, which is
     * refused), the convex collision's {@code ccd_iterations}, {@code ccd_tolerance} and the SDF
     * collision's {@code sdf_iterations}, {@code sdf_initpoints}.
     */
    private void softContactOptions(XmlElement e) {
      if (e.has("impratio") && !(e.number("impratio") > 0)) {
        throw e.error("impratio must be positive, got " + e.attribute("impratio").strip());
      }
      for (String attr : List.of("noslip_iterations", "ccd_iterations", "sdf_iterations")) {
        if (e.has(attr) && e.integer(attr, 0) < 0) {
          throw e.error(attr + " must be non-negative, got " + e.attribute(attr).strip());
        }
      }
      if (e.has("sdf_initpoints") && e.integer("sdf_initpoints", 1) < 1) {
        throw e.error(
            "sdf_initpoints must be at least 1, got " + e.attribute("sdf_initpoints").strip());
      }
      for (String attr : List.of("noslip_tolerance", "ccd_tolerance", "o_margin")) {
        if (e.has(attr) && !(e.number(attr) >= 0)) {
          throw e.error(attr + " must be non-negative, got " + e.attribute(attr).strip());
        }
      }
      for (String attr : List.of("o_solref", "o_solimp", "o_friction")) {
        if (e.has(attr)) {
          e.numbers(attr, 1, attr.equals("o_solref") ? 2 : 5);
        }
      }
      StringBuilder given = new StringBuilder();
      for (String attr : MjcfSchema.SOFT_CONTACT_OPTIONS) {
        if (e.has(attr)) {
          given
              .append(' ')
              .append(attr)
              .append("=\"")
              .append(e.attribute(attr).strip())
              .append('"');
        }
      }
      if (given.length() > 0) {
        softContact.add(e.source() + ":" + e.line() + ": option" + given);
      }
    }

    /**
     * One model warning for every soft-contact setting of the file, saying what diffart's hard
     * contacts do instead; none when the file gives none.
     */
    void warnSoftContact(ModelBuilder b) {
      if (softContact.isEmpty()) {
        return;
      }
      b.warning(
          String.join("; ", softContact)
              + " ignored: MuJoCo's soft-contact settings. diffart's contacts and limits are hard"
              + " constraints solved by projected Gauss-Seidel: no soft impedance for impratio,"
              + " o_solref or o_solimp to shape (each friction impulse is bounded by mu times the"
              + " normal impulse), no soft slip for the noslip pass to remove, no soft reference"
              + " for refsafe to bound; o_margin and o_friction act only under <flag override>,"
              + " which is refused; convex pairs collide by MuJoCo 2.2.2's MPR (at most 50"
              + " iterations, tolerance 1e-6) whatever ccd_iterations and ccd_tolerance say; the"
              + " sdf options act on SDF geoms, which the loader refuses");
    }

    private void flags(XmlElement c, ModelBuilder b) {
      c.requireAttributesIn(MjcfSchema.FLAG);
      if (c.has("contact")) {
        o.contact(flag(c, "contact", true));
      }
      if (c.has("limit")) {
        o.limit(flag(c, "limit", true));
      }
      if (c.has("frictionloss")) {
        o.frictionLoss(flag(c, "frictionloss", true));
      }
      if (c.has("equality")) {
        o.equality(flag(c, "equality", true));
      }
      if (c.has("constraint")) {
        constraintOff = !flag(c, "constraint", true);
      }
      if (c.has("gravity")) {
        gravityOff = !flag(c, "gravity", true);
      }
      if (c.has("eulerdamp")) {
        explicitDamping = !flag(c, "eulerdamp", true);
      }
      if (c.has("energy")) {
        o.energy(flag(c, "energy", false));
      }
      if (c.has("passive")) {
        o.passive(flag(c, "passive", true));
      }
      if (c.has("sensor")) {
        o.sensor(flag(c, "sensor", true));
      }
      if (c.has("actuation")) {
        o.actuation(flag(c, "actuation", true));
      }
      if (flag(c, "override", false)) {
        throw c.error(
            "flag override=\"enable\" is not supported: MuJoCo then gives every contact o_margin,"
                + " o_friction, o_solref and o_solimp instead of its geoms' own; set margin and"
                + " friction on the geoms");
      }
      if (c.has("refsafe")) {
        // MuJoCo's lower bound on soft references' time constants (2 dt): nothing to bound in
        // hard contacts
        softContact.add(
            c.source()
                + ":"
                + c.line()
                + ": flag refsafe=\""
                + c.keyword("refsafe", "enable", "enable", "disable")
                + "\"");
      }
    }

    /**
     * diffart's own settings, given as MuJoCo custom fields so that the file stays MuJoCo's: {@code
     * <text name="diffart:solver" data="lcp-pdipm"/>} selects the contact solver ({@code pgs} or
     * {@code lcp-pdipm}), {@code <numeric name="diffart:frictiondirections" data="8"/>} the
     * interior point's friction cone edges, {@code <numeric name="diffart:restitution"
     * data="0.5"/>} every geom's coefficient of restitution (MuJoCo has none: its contacts are
     * soft), {@code <numeric name="diffart:timeofcontact" data="1"/>} the rollout adjoint's
     * time-of-contact gradients, {@code <numeric name="diffart:impactbisections" data="10"/>}
     * DiffSDFSim's steps without penetration, {@code <numeric name="diffart:sdfsurface" data="1"/>}
     * SDF geoms against planes and other geoms by their signed distance (DiffSDFSim's contacts),
     * {@code <numeric name="diffart:maxnormalimpulse" data="1000"/>} PGS's cap on each normal
     * impulse, N·s.
     */
    void diffartSettings(XmlElement custom) {
      for (XmlElement c : custom.children()) {
        String name = c.has("name") ? c.attribute("name").strip() : "";
        if (c.name().equals("text") && name.equals("diffart:solver")) {
          try {
            o.solver(ContactSolver.ofLabel(c.required("data").strip()));
          } catch (IllegalArgumentException e) {
            throw c.error(e.getMessage());
          }
        } else if (c.name().equals("numeric") && name.equals("diffart:restitution")) {
          double[] v = c.numbers("data", 1);
          if (!(v[0] >= 0 && v[0] <= 1)) {
            throw c.error("diffart:restitution must be between 0 and 1, got " + v[0]);
          }
          o.restitution(v[0]);
        } else if (c.name().equals("numeric") && name.equals("diffart:timeofcontact")) {
          double[] v = c.numbers("data", 1);
          if (v[0] != 0 && v[0] != 1) {
            throw c.error("diffart:timeofcontact must be 0 or 1, got " + v[0]);
          }
          o.timeOfContact(v[0] == 1);
        } else if (c.name().equals("numeric") && name.equals("diffart:sdfsurface")) {
          double[] v = c.numbers("data", 1);
          if (v[0] != 0 && v[0] != 1) {
            throw c.error("diffart:sdfsurface must be 0 or 1, got " + v[0]);
          }
          o.sdfSurface(v[0] == 1);
        } else if (c.name().equals("numeric") && name.equals("diffart:impactbisections")) {
          double[] v = c.numbers("data", 1);
          if (v[0] != Math.rint(v[0]) || v[0] < 0 || v[0] > 30) {
            throw c.error("diffart:impactbisections must be an integer from 0 to 30, got " + v[0]);
          }
          o.impactBisections((int) v[0]);
        } else if (c.name().equals("numeric") && name.equals("diffart:frictiondirections")) {
          double[] v = c.numbers("data", 1);
          if (v[0] != Math.rint(v[0]) || v[0] < 1) {
            throw c.error("diffart:frictiondirections must be a positive integer, got " + v[0]);
          }
          o.frictionDirections((int) v[0]);
        } else if (c.name().equals("numeric") && name.equals("diffart:maxnormalimpulse")) {
          double[] v = c.numbers("data", 1);
          if (!(v[0] > 0) || !Double.isFinite(v[0])) {
            throw c.error(
                "diffart:maxnormalimpulse must be positive and finite (N·s), got " + v[0]);
          }
          o.maxNormalImpulse(v[0]);
        } else if (name.startsWith("diffart:")) {
          throw c.error(
              "unknown diffart setting "
                  + c.name()
                  + " '"
                  + name
                  + "': diffart reads text diffart:solver and numeric diffart:frictiondirections,"
                  + " diffart:restitution, diffart:timeofcontact, diffart:impactbisections,"
                  + " diffart:sdfsurface and diffart:maxnormalimpulse");
        }
      }
    }

    Options build() {
      double[] g = gravityOff ? new double[3] : gravity;
      if (constraintOff) {
        // every constraint: contacts, joint limits, dry friction and equalities
        o.contact(false).limit(false).frictionLoss(false).equality(false);
      }
      o.gravity(g[0], g[1], g[2]);
      o.integrator(
          switch (integrator) {
            case "RK4" -> Integrator.RK4;
            case "implicit" -> Integrator.IMPLICIT;
            case "implicitfast" -> Integrator.IMPLICITFAST;
            default -> explicitDamping ? Integrator.EULER_EXPLICIT_DAMPING : Integrator.EULER;
          });
      return o.build();
    }

    private static double nonNegative(XmlElement e, String attr) {
      double v = e.number(attr);
      if (v < 0) {
        throw e.error(attr + " must be >= 0, got " + v);
      }
      return v;
    }

    /** A flag's value: true for "enable", false for "disable", {@code dflt} when absent. */
    private static boolean flag(XmlElement c, String name, boolean dflt) {
      return c.keyword(name, dflt ? "enable" : "disable", "enable", "disable").equals("enable");
    }
  }

  private static void asset(
      XmlElement e,
      ModelBuilder b,
      MjcfCompiler compiler,
      NamedElements names,
      MjcfDefaults defaults,
      MjcfHfields hfields,
      MjcfMeshes meshes) {
    e.requireAttributesIn(Set.of());
    for (XmlElement c : e.children()) {
      if (c.name().equals("hfield")) {
        hfields.read(c, b, compiler, names);
      } else if (c.name().equals("mesh")) {
        meshes.read(c, defaults.resolve(c, MjcfDefaults.MESH, null), b, compiler, names);
      } else if (!MjcfSchema.IGNORED_ASSETS.contains(c.name())) {
        throw c.error(
            "unsupported element <"
                + c.name()
                + "> in <asset> (meshes and height fields are read;"
                + " textures, materials and skins are ignored)");
      }
    }
  }

  /**
   * Reads a {@code <contact>} section: {@code exclude} (name, body1, body2) removes every contact
   * between the two bodies' geoms, as MuJoCo's; {@code pair} (name, geom1, geom2, condim, friction:
   * slide1, slide2, spin, roll1, roll2, equal per direction pair; margin, gap; solref, solimp
   * checked and ignored) makes two geoms collide whatever filters apply, with its own condim,
   * friction, margin and gap.
   */
  private static void contact(
      XmlElement e, ModelBuilder b, NamedElements names, MjcfBodies bodies) {
    e.requireAttributesIn(Set.of());
    for (XmlElement c : e.children()) {
      if (c.name().equals("pair")) {
        pair(c, b, names, bodies);
        continue;
      }
      if (!c.name().equals("exclude")) {
        throw MjcfSchema.unsupported(c, "contact", "exclude, pair", "");
      }
      c.requireAttributesIn(Set.of("name", "body1", "body2"));
      names.register("exclude", c.string("name", "").strip(), c);
      int[] body = new int[2];
      for (int k = 0; k < 2; k++) {
        String n = c.required("body" + (k + 1)).strip();
        body[k] = b.bodyId(n);
        if (body[k] < 0) {
          throw c.error("unknown body '" + n + "' in body" + (k + 1));
        }
      }
      b.excludeContacts(body[0], body[1]);
    }
  }

  private static void pair(XmlElement c, ModelBuilder b, NamedElements names, MjcfBodies bodies) {
    c.requireAttributesIn(
        Set.of(
            "name", "geom1", "geom2", "condim", "friction", "margin", "gap", "solref", "solimp"));
    String name = c.string("name", "").strip();
    names.register("pair", name, c);
    org.diffart.sim.compiler.GeomSpec[] geom = new org.diffart.sim.compiler.GeomSpec[2];
    for (int k = 0; k < 2; k++) {
      String n = c.required("geom" + (k + 1)).strip();
      geom[k] = bodies.geom(n);
      if (geom[k] == null) {
        throw c.error("unknown geom '" + n + "' in geom" + (k + 1));
      }
    }
    int condim = c.integer("condim", 3);
    if (!MjcfSchema.CONDIMS.contains(condim)) {
      throw c.error("condim " + condim + MjcfSchema.CONDIM_CHOICES);
    }
    // slide1, slide2, spin, roll1, roll2; the values given replace MuJoCo's defaults from the first
    double[] friction = {1, 1, 0.005, 0.0001, 0.0001};
    if (c.has("friction")) {
      double[] given = c.numbers("friction", 1, 5);
      System.arraycopy(given, 0, friction, 0, given.length);
    }
    for (double f : friction) {
      if (!(f >= 0)) {
        throw c.error("friction must be >= 0, got " + f);
      }
    }
    if (friction[0] != friction[1] || friction[3] != friction[4]) {
      throw c.error(
          "anisotropic friction (slide "
              + friction[0]
              + " and "
              + friction[1]
              + ", roll "
              + friction[3]
              + " and "
              + friction[4]
              + ") is not supported: give equal coefficients for both tangent directions");
    }
    MjcfAttributes a = new MjcfAttributes(c, List.of());
    b.addContactPair(geom[0], geom[1], name)
        .condim(condim)
        .friction(friction[0], friction[2], friction[3])
        .margin(MjcfBodies.nonNegative(a, "margin"), MjcfBodies.nonNegative(a, "gap"));
    bodies.ignoreSoftConstraint(a, "solref", "solimp");
  }

  private static void keyframes(
      XmlElement e, ModelBuilder b, NamedElements names, int nq, int nv, int nu, int na) {
    e.requireAttributesIn(Set.of());
    for (XmlElement c : e.children()) {
      if (!c.name().equals("key")) {
        throw MjcfSchema.unsupported(c, "keyframe", "key", "");
      }
      c.requireAttributesIn(MjcfSchema.KEY);
      String name = c.string("name", "").strip();
      names.register("keyframe", name, c);
      KeyframeSpec k = b.addKeyframe(name).time(c.number("time", 0));
      if (c.has("qpos")) {
        k.qpos(keyValues(c, "qpos", nq, "nq"));
      }
      if (c.has("qvel")) {
        k.qvel(keyValues(c, "qvel", nv, "nv"));
      }
      if (c.has("ctrl")) {
        k.ctrl(keyValues(c, "ctrl", nu, "nu"));
      }
      if (c.has("act")) {
        k.act(keyValues(c, "act", na, "na"));
      }
    }
  }

  private static double[] keyValues(XmlElement key, String attr, int n, String size) {
    double[] v = key.numbers(attr, 0, Integer.MAX_VALUE);
    if (v.length != n) {
      throw key.error(
          "attribute '"
              + attr
              + "' has "
              + v.length
              + " values, the model has "
              + size
              + " = "
              + n);
    }
    return v;
  }

  private static String baseName(String source) {
    String s = source.replace('\\', '/');
    s = s.substring(s.lastIndexOf('/') + 1);
    int dot = s.lastIndexOf('.');
    return dot > 0 ? s.substring(0, dot) : s;
  }
}
