package org.diffart.sim.io;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The MJCF subset {@link MjcfLoader} accepts: for each supported element, the attributes it reads;
 * and the elements it skips because they only affect rendering. Anything not listed is refused with
 * a {@link ModelFormatException}.
 */
final class MjcfSchema {
  private MjcfSchema() {}

  /** Orientation specifiers of frames (at most one per element). */
  static final Set<String> ORIENTATION = Set.of("quat", "axisangle", "euler", "xyaxes", "zaxis");

  static final Set<String> MUJOCO = Set.of("model");

  /** MuJoCo's contact dimensionalities, and the words that name them in an error. */
  static final Set<Integer> CONDIMS = Set.of(1, 3, 4, 6);

  static final String CONDIM_CHOICES =
      " is not supported (1: frictionless, 3: sliding friction, 4: and torsional,"
          + " 6: and rolling)";

  /**
   * The {@code <option>} attributes of MuJoCo 3.14's soft contacts and collision settings that
   * diffart's hard contacts have no use for: accepted, checked and reported in one model warning.
   */
  static final java.util.List<String> SOFT_CONTACT_OPTIONS =
      java.util.List.of(
          "impratio",
          "noslip_iterations",
          "noslip_tolerance",
          "o_solref",
          "o_solimp",
          "o_margin",
          "o_friction",
          "ccd_iterations",
          "ccd_tolerance",
          "sdf_iterations",
          "sdf_initpoints");

  static final Set<String> OPTION =
      with(
          Set.copyOf(SOFT_CONTACT_OPTIONS),
          "timestep",
          "gravity",
          "integrator",
          "iterations",
          "solver",
          "tolerance",
          "ls_iterations",
          "ls_tolerance",
          "cone",
          "density",
          "viscosity",
          "wind",
          "magnetic");

  static final Set<String> FLAG =
      Set.of(
          "contact",
          "limit",
          "frictionloss",
          "constraint",
          "equality",
          "gravity",
          "eulerdamp",
          "energy",
          "passive",
          "actuation",
          "sensor",
          "override",
          "refsafe");
  static final Set<String> DEFAULT = Set.of("class");
  static final Set<String> BODY = with(ORIENTATION, "name", "childclass", "pos", "user");

  /**
   * MJCF 3's {@code <frame>}: MuJoCo 3.14 reads these and ignores any other attribute; the loader
   * refuses the others.
   */
  static final Set<String> FRAME = with(ORIENTATION, "name", "class", "childclass", "pos");

  /**
   * MJCF 3's {@code <replicate>} (MuJoCo 3.14 ignores other attributes; the loader refuses them).
   */
  static final Set<String> REPLICATE =
      Set.of("count", "offset", "euler", "sep", "class", "childclass");

  static final Set<String> INERTIAL =
      with(ORIENTATION, "pos", "mass", "diaginertia", "fullinertia");

  /**
   * MuJoCo's soft-constraint parameters (reference and impedance of contacts and joint limits),
   * with their maximum number of values. diffart's contacts and limits are hard constraints solved
   * by projected Gauss-Seidel ({@code Options} erp, cfm), which have no equivalent: these are
   * checked to be numbers, ignored and reported in the model's warnings, so that MuJoCo's own
   * sample models load.
   */
  static final Map<String, Integer> SOFT_CONSTRAINT =
      Map.of(
          "solref",
          2,
          "solimp",
          5,
          "solreflimit",
          2,
          "solimplimit",
          5,
          "solreffriction",
          2,
          "solimpfriction",
          5);

  static final Set<String> JOINT =
      Set.of(
          "name",
          "class",
          "type",
          "user",
          "group",
          "pos",
          "axis",
          "range",
          "limited",
          "actuatorfrcrange",
          "actuatorfrclimited",
          "damping",
          "stiffness",
          "springref",
          "armature",
          "ref",
          "frictionloss",
          "solreflimit",
          "solimplimit",
          "solreffriction",
          "solimpfriction",
          "springdamper");
  static final Set<String> FREEJOINT = Set.of("name", "group");
  static final Set<String> GEOM =
      with(
          ORIENTATION,
          "name",
          "class",
          "type",
          "user",
          "group",
          "size",
          "pos",
          "fromto",
          "mass",
          "density",
          "contype",
          "conaffinity",
          "condim",
          "priority",
          "friction",
          "rgba",
          "material",
          "solref",
          "solimp",
          "hfield",
          "mesh",
          "margin",
          "gap");
  static final Set<String> SITE =
      with(
          ORIENTATION,
          "name",
          "class",
          "type",
          "group",
          "size",
          "pos",
          "fromto",
          "material",
          "rgba",
          "user");
  static final Set<String> TENDON =
      Set.of(
          "name",
          "class",
          "group",
          "limited",
          "range",
          "stiffness",
          "damping",
          "springlength",
          "frictionloss",
          "margin",
          "width",
          "rgba",
          "material",
          "solreflimit",
          "solimplimit",
          "solreffriction",
          "solimpfriction",
          "user");
  static final Set<String> MOTOR =
      Set.of(
          "name",
          "class",
          "group",
          "joint",
          "tendon",
          "site",
          "refsite",
          "cranksite",
          "slidersite",
          "cranklength",
          "gear",
          "ctrlrange",
          "ctrllimited",
          "forcerange",
          "forcelimited",
          "lengthrange",
          "user",
          "delay",
          "nsample",
          "interp");

  /** MuJoCo 3's servo attributes: velocity gain or damping ratio, a range from the target's. */
  static final Set<String> POSITION =
      with(MOTOR, "kp", "kv", "dampratio", "inheritrange", "timeconst");

  static final Set<String> VELOCITY = with(MOTOR, "kv");
  static final Set<String> INTVELOCITY =
      with(MOTOR, "kp", "actrange", "kv", "dampratio", "inheritrange");
  static final Set<String> DAMPER = with(MOTOR, "kv");
  static final Set<String> CYLINDER = with(MOTOR, "timeconst", "area", "diameter", "bias");
  static final Set<String> GENERAL =
      with(
          MOTOR,
          "gaintype",
          "gainprm",
          "biastype",
          "biasprm",
          "dyntype",
          "dynprm",
          "actlimited",
          "actrange");

  /** A muscle takes no site transmission (MuJoCo 3.14's schema). */
  static final Set<String> MUSCLE =
      without(
          with(
              MOTOR,
              "timeconst",
              "range",
              "force",
              "scale",
              "lmin",
              "lmax",
              "vmax",
              "fpmax",
              "fvmax"),
          "site",
          "refsite");

  static final Set<String> ADHESION =
      Set.of(
          "name",
          "class",
          "group",
          "forcelimited",
          "ctrlrange",
          "forcerange",
          "user",
          "body",
          "gain",
          "delay",
          "nsample",
          "interp");

  /** The actuator elements diffart reads, with their attributes. */
  static final java.util.Map<String, Set<String>> ACTUATORS =
      java.util.Map.of(
          "motor",
          MOTOR,
          "position",
          POSITION,
          "velocity",
          VELOCITY,
          "intvelocity",
          INTVELOCITY,
          "damper",
          DAMPER,
          "cylinder",
          CYLINDER,
          "general",
          GENERAL,
          "muscle",
          MUSCLE,
          "adhesion",
          ADHESION);

  /** Attributes every equality constraint takes, the only ones a default class may set. */
  static final Set<String> EQUALITY_DEFAULT = Set.of("active", "solref", "solimp");

  static final Set<String> EQUALITY_COMMON = with(EQUALITY_DEFAULT, "name", "class");
  static final Set<String> CONNECT = with(EQUALITY_COMMON, "body1", "body2", "anchor");
  static final Set<String> WELD =
      with(EQUALITY_COMMON, "body1", "body2", "anchor", "relpose", "torquescale");
  static final Set<String> EQ_JOINT = with(EQUALITY_COMMON, "joint1", "joint2", "polycoef");
  static final Set<String> EQ_TENDON = with(EQUALITY_COMMON, "tendon1", "tendon2", "polycoef");
  static final Set<String> KEY = Set.of("name", "time", "qpos", "qvel", "ctrl", "act");

  /**
   * Top-level elements skipped entirely: rendering settings and buffer sizes (our {@code Data}
   * sizes itself).
   */
  static final Set<String> IGNORED_TOP = Set.of("visual", "statistic");

  /**
   * {@code size}: nconmax is the contact capacity, the nuser_* size the user values ({@link
   * MjcfUser}); the others size MuJoCo's own memory and change nothing here.
   */
  static final Set<String> SIZE =
      Set.of(
          "njmax",
          "nconmax",
          "nstack",
          "nuserdata",
          "nkey",
          "nuser_body",
          "nuser_jnt",
          "nuser_geom",
          "nuser_site",
          "nuser_cam",
          "nuser_tendon",
          "nuser_actuator",
          "nuser_sensor");

  /** Elements skipped inside bodies and default classes: lights and cameras only render. */
  static final Set<String> IGNORED_IN_BODY = Set.of("light", "camera");

  /** Assets skipped: textures and materials only colour geoms. */
  static final Set<String> IGNORED_ASSETS = Set.of("texture", "material", "skin");

  /** The error for an element the loader does not support where it stands. */
  static ModelFormatException unsupported(
      XmlElement e, String parent, String supported, String ignored) {
    return e.error(
        "unsupported element <"
            + e.name()
            + "> in <"
            + parent
            + "> (supported: "
            + supported
            + (ignored.isEmpty() ? "" : "; ignored: " + ignored)
            + ")");
  }

  /**
   * The attributes a default class may set for an element: those of the element without name and
   * class.
   */
  /**
   * The attributes a default class may set: the element's, less its name, its class and (as MuJoCo
   * 3.14's schema) an actuator's site and reference site.
   */
  static Set<String> inDefault(Set<String> attributes) {
    return without(attributes, "name", "class", "site", "refsite");
  }

  private static Set<String> without(Set<String> base, String... less) {
    Set<String> s = new HashSet<>(base);
    s.removeAll(Set.of(less));
    return Set.copyOf(s);
  }

  private static Set<String> with(Set<String> base, String... more) {
    Set<String> s = new HashSet<>(base);
    s.addAll(Set.of(more));
    return Set.copyOf(s);
  }
}
