package org.diffart.sim.io;

import java.util.List;
import java.util.Set;
import org.diffart.sim.compiler.ActuatorSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.compiler.SiteSpec;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.DynType;

/**
 * The {@code <actuator>} section: {@code motor}, {@code position}, {@code velocity}, {@code
 * intvelocity}, {@code damper}, {@code cylinder}, {@code muscle} and {@code general} (gain, bias
 * and dynamics types fixed/none, affine, integrator, filter or muscle), on a joint, a tendon or a
 * slider-crank ({@code cranksite}, {@code slidersite}, {@code cranklength}), and {@code adhesion}
 * on a body, with MuJoCo 2.2.2's meaning; {@code lengthrange} on any of them. All but muscle and
 * adhesion also act on a site ({@code site}, {@code refsite}, six gear components) as MuJoCo 3.14
 * does ({@code datasets/reference/mujoco-314-semantics.md} § 6).
 *
 * <p>As in MuJoCo, every element is a shortcut that edits one general actuator, and a default class
 * holds one such actuator: the elements of the class chain (top class first) and then the element
 * itself are applied in turn. A {@code position} without {@code kp} thus takes the gain its class
 * left ({@code gainprm[0]}), a {@code motor} resets the gain to 1 and the bias and dynamics to
 * none, and a {@code general} keeps what the shortcuts of its class set. User types are refused.
 *
 * <p>MuJoCo 3's servo attributes: {@code kv}, {@code dampratio} and {@code inheritrange} on {@code
 * position} and {@code intvelocity} (a {@code timeconst} other than 0 is refused: its filterexact
 * dynamics is not in the step). An actuator whose chain uses one of them is edited with MuJoCo
 * 3.14's rules, which keep what earlier levels left in {@code bias[0]} and {@code bias[2]}; any
 * other keeps 2.2.2's ({@code datasets/reference/mujoco-314-semantics.md} § 3).
 */
final class MjcfActuators {
  private MjcfActuators() {}

  /**
   * The general actuator the shortcuts edit: types as MJCF keywords, the first three parameters of
   * each kind.
   */
  private static final class General {
    String gainType = "fixed";
    String biasType = "none";
    String dynType = "none";
    final double[] gain = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    final double[] bias = new double[ActuatorSpec.PRM];
    final double[] dynPrm = {1, 0};
    boolean activationLimited;

    /**
     * Whether the servo shortcuts edit with MuJoCo 3.14's rules (the chain uses a 3.x servo
     * attribute, {@link #mujoco3}) rather than 2.2.2's.
     */
    boolean mujoco3;

    /** Whether a {@code dampratio} was applied (bias[2] then holds a ratio, not −kv). */
    boolean dampRatio;

    /** {@code inheritrange} so far, and the control and activation ranges given so far. */
    double inheritRange;

    double[] ctrlRange = new double[2], actRange = new double[2];

    /**
     * The parameters a type uses: a fixed gain's first, an affine form's three, a muscle's nine,
     * none's none.
     */
    static double[] used(String type, double[] prm) {
      int n =
          switch (type) {
            case "fixed" -> 1;
            case "affine" -> 3;
            case "muscle" -> ActuatorSpec.PRM;
            default -> 0;
          };
      return java.util.Arrays.copyOf(prm, n);
    }
  }

  /** A slider-crank transmission: its crank and slider sites and its rod's length. */
  private static ActuatorSpec sliderCrank(
      XmlElement c,
      MjcfAttributes a,
      ModelBuilder b,
      MjcfBodies bodies,
      ActuatorType type,
      String crank,
      String name) {
    String slider = a.string("slidersite", "").strip();
    if (slider.isEmpty()) {
      throw c.error("a slider-crank transmission needs slidersite beside cranksite");
    }
    SiteSpec cs = bodies.site(crank), ss = bodies.site(slider);
    if (cs == null || ss == null) {
      throw c.error("unknown site '" + (cs == null ? crank : slider) + "'");
    }
    double rod = a.number("cranklength", 0);
    if (!(rod > 0)) {
      throw (a.has("cranklength") ? a.definer("cranklength") : c)
          .error("a slider-crank needs a positive" + " cranklength, got " + rod);
    }
    return b.addSliderCrankActuator(type, cs, ss, rod, name);
  }

  /** A site transmission: its site and, unless {@code refsite} is empty, its reference site. */
  private static ActuatorSpec site(
      XmlElement c,
      ModelBuilder b,
      MjcfBodies bodies,
      ActuatorType type,
      String site,
      String refsite,
      String name) {
    SiteSpec s = bodies.site(site), r = refsite.isEmpty() ? null : bodies.site(refsite);
    if (s == null) {
      throw c.error(site.isEmpty() ? "site is empty" : "unknown site '" + site + "'");
    }
    if (r == null && !refsite.isEmpty()) {
      throw c.error("unknown reference site '" + refsite + "' (refsite)");
    }
    return b.addSiteActuator(type, s, r, name);
  }

  /**
   * Reads an {@code <actuator>} section, adding each actuator's name (maybe empty) to {@code
   * actuatorNames}.
   */
  static void read(
      XmlElement e,
      ModelBuilder b,
      MjcfDefaults defaults,
      MjcfCompiler compiler,
      NamedElements names,
      List<String> actuatorNames,
      MjcfBodies bodies) {
    e.requireAttributesIn(Set.of());
    for (XmlElement c : e.children()) {
      Set<String> schema = MjcfSchema.ACTUATORS.get(c.name());
      if (schema == null) {
        throw MjcfSchema.unsupported(
            c,
            "actuator",
            String.join(", ", MjcfSchema.ACTUATORS.keySet().stream().sorted().toList()),
            "");
      }
      c.requireAttributesIn(schema);
      MjcfAttributes a = defaults.resolve(c, MjcfDefaults.ACTUATOR, null);
      String joint = a.string("joint", null),
          tendon = a.string("tendon", null),
          crank = a.string("cranksite", null);
      String body = a.string("body", null), site = a.string("site", null);
      if ((joint != null ? 1 : 0)
              + (tendon != null ? 1 : 0)
              + (crank != null ? 1 : 0)
              + (site != null ? 1 : 0)
              + (body != null ? 1 : 0)
          != 1) {
        // MuJoCo 3.14 lets a site win over a tendon and a tendon over a joint, silently; diffart
        // refuses the pair (semantics § 6)
        throw c.error(
            "an actuator needs exactly one of 'joint', 'tendon', 'site', 'cranksite' and (adhesion)"
                + " 'body' (the transmissions supported)");
      }
      if (crank == null && (a.has("slidersite") || a.has("cranklength"))) {
        throw (a.has("slidersite") ? a.definer("slidersite") : a.definer("cranklength"))
            .error("cranklength and slidersite can only be used in slidercrank transmission");
      }
      String refsite = a.string("refsite", "").strip();
      if (site == null && !refsite.isEmpty()) {
        throw c.error("refsite can only be used with site transmission");
      }
      String name = c.string("name", "").strip();
      ActuatorType type = ActuatorType.valueOf(c.name().toUpperCase(java.util.Locale.ROOT));
      ActuatorSpec s;
      if (body != null) {
        int target = b.bodyId(body.strip());
        if (target <= 0) {
          throw c.error(
              target == 0
                  ? "adhesion needs a body, not the world"
                  : "unknown body '" + body.strip() + "'");
        }
        s = b.addAdhesionActuator(target, 1, name);
      } else if (crank != null) {
        s = sliderCrank(c, a, b, bodies, type, crank.strip(), name);
      } else if (site != null) {
        s = site(c, b, bodies, type, site.strip(), refsite, name);
      } else {
        int target = joint != null ? b.jointId(joint.strip()) : b.tendonId(tendon.strip());
        if (target < 0) {
          throw c.error(
              "unknown "
                  + (joint != null ? "joint '" + joint.strip() : "tendon '" + tendon.strip())
                  + "'");
        }
        s =
            joint != null
                ? b.addActuator(type, target, name)
                : b.addTendonActuator(type, target, name);
      }
      names.register("actuator", name, c);
      actuatorNames.add(name);
      s.user(MjcfUser.read(a, "actuator", b));
      // a site transmission uses the six gear components, the others the first only
      double[] gear = a.overlay("gear", new double[] {1, 0, 0, 0, 0, 0});
      if (site != null) {
        s.siteGear(gear);
      } else {
        s.gear(gear[0]);
      }
      // a damper's and an adhesion's control range is required and always limits (MuJoCo sets
      // ctrllimited itself)
      double[] ctrl =
          type == ActuatorType.DAMPER || type == ActuatorType.ADHESION
              ? nonnegativeRange(c, a)
              : range(a, compiler, "ctrllimited", "ctrlrange");
      if (ctrl != null) {
        s.ctrlRange(ctrl[0], ctrl[1]);
      }
      double[] force = range(a, compiler, "forcelimited", "forcerange");
      if (force != null) {
        s.forceRange(force[0], force[1]);
      }
      General g = new General();
      g.mujoco3 = mujoco3(a.levels());
      for (XmlElement level : a.levels()) {
        if (level.has("ctrlrange")) {
          g.ctrlRange = level.numbers("ctrlrange", 2);
        }
        if (level.has("actrange")) {
          g.actRange = level.numbers("actrange", 2);
        }
        apply(level, g);
      }
      s.general(
          g.gainType.equals("muscle"),
          General.used(g.gainType, g.gain),
          g.biasType.equals("muscle"),
          General.used(g.biasType, g.bias),
          DynType.valueOf(g.dynType.toUpperCase(java.util.Locale.ROOT)),
          g.dynPrm);
      if (g.dampRatio && g.bias[2] > 0) {
        s.dampRatio(g.bias[2]);
      }
      if (g.inheritRange > 0) {
        if (site != null) {
          throw c.error("inheritrange can only be used with joint and tendon transmission");
        }
        if (type != ActuatorType.POSITION && type != ActuatorType.INTVELOCITY) {
          throw c.error(
              "inheritrange (from a default class) on a "
                  + c.name()
                  + " is not supported: only position and intvelocity take a range from their"
                  + " target");
        }
        s.inheritRange(g.inheritRange);
      }
      if (a.has("delay") || a.has("nsample") || a.has("interp")) {
        try {
          s.history(
              a.number("delay", 0),
              a.integer("nsample", 0),
              interp(a.keyword("interp", "zoh", "zoh", "linear", "cubic")));
        } catch (IllegalArgumentException x) {
          throw c.error(x.getMessage());
        }
      }
      if (a.has("lengthrange")) {
        double[] lr = a.numbers("lengthrange", 2);
        s.lengthRange(lr[0], lr[1]);
      }
      double[] act =
          g.activationLimited
              ? a.numbers("actrange", 2)
              : range(a, compiler, "actlimited", "actrange");
      if (g.activationLimited && act == null && !(g.inheritRange > 0)) {
        throw c.error("an intvelocity actuator needs 'actrange'");
      }
      if (act != null) {
        if (!(act[0] < act[1])) {
          throw c.error("'actrange' needs lower < upper, got " + act[0] + " " + act[1]);
        }
        s.activationRange(act[0], act[1]);
      }
    }
  }

  /** MuJoCo 3's interpolation keyword as its number: zoh 0, linear 1, cubic 2. */
  static int interp(String keyword) {
    return switch (keyword) {
      case "linear" -> 1;
      case "cubic" -> 2;
      default -> 0;
    };
  }

  /** A damper's or an adhesion's control range: required, nonnegative, lower below upper. */
  private static double[] nonnegativeRange(XmlElement c, MjcfAttributes a) {
    double[] r = a.numbers("ctrlrange", 2);
    if (r == null) {
      throw c.error(
          "a" + (c.name().equals("adhesion") ? "n " : " ") + c.name() + " needs 'ctrlrange'");
    }
    if (r[0] < 0 || !(r[0] < r[1])) {
      throw c.error(
          "a"
              + (c.name().equals("adhesion") ? "n " : " ")
              + c.name()
              + "'s ctrlrange must be nonnegative with lower < upper, got "
              + r[0]
              + " "
              + r[1]);
    }
    return r;
  }

  /**
   * Applies one element (a default class's or the actuator's own) to the general actuator, as
   * MuJoCo's reader.
   */
  private static void apply(XmlElement e, General g) {
    switch (e.name()) {
      case "general" -> {
        g.gainType = e.keyword("gaintype", g.gainType, "fixed", "affine", "muscle");
        g.biasType = e.keyword("biastype", g.biasType, "none", "affine", "muscle");
        g.dynType = e.keyword("dyntype", g.dynType, "none", "integrator", "filter", "muscle");
        leading(e, "gainprm", g.gain);
        leading(e, "biasprm", g.bias);
        leading(e, "dynprm", g.dynPrm);
      }
      case "motor" -> {
        g.gainType = "fixed";
        g.gain[0] = 1;
        g.biasType = "none";
        g.dynType = "none";
      }
      case "adhesion" -> {
        // MuJoCo's reader clears the gain and the bias, then reads the gain (default 1)
        java.util.Arrays.fill(g.gain, 0);
        java.util.Arrays.fill(g.bias, 0);
        g.gain[0] = e.number("gain", 1);
        if (g.gain[0] < 0) {
          throw e.error("adhesion gain cannot be negative, got " + g.gain[0]);
        }
        g.gainType = "fixed";
        g.biasType = "none";
        g.dynType = "none";
      }
      case "position", "intvelocity" -> {
        if (g.mujoco3) {
          servo3(e, g);
          return;
        }
        double kp = e.number("kp", g.gain[0]);
        g.gainType = "fixed";
        g.gain[0] = kp;
        g.biasType = "affine";
        g.bias[0] = 0;
        g.bias[1] = -kp;
        g.bias[2] = 0;
        g.dynType = e.name().equals("position") ? "none" : "integrator";
        g.activationLimited |= e.name().equals("intvelocity");
      }
      case "velocity" -> {
        double kv = e.number("kv", g.gain[0]);
        g.gainType = "fixed";
        g.gain[0] = kv;
        g.biasType = "affine";
        g.bias[0] = 0;
        g.bias[1] = 0;
        g.bias[2] = -kv;
        g.dynType = "none";
      }
      case "damper" -> {
        g.gainType = "affine";
        g.gain[0] = 0;
        g.gain[1] = 0;
        g.gain[2] = -e.number("kv", 0);
        g.biasType = "none";
        g.dynType = "none";
      }
      case "muscle" -> {
        // MuJoCo's reader: a parameter still at the general actuator's default takes the muscle's
        // default
        g.dynPrm[0] = g.dynPrm[0] == 1 ? 0.01 : g.dynPrm[0];
        g.dynPrm[1] = g.dynPrm[1] == 0 ? 0.04 : g.dynPrm[1];
        for (int k = 0; k < ActuatorSpec.PRM; k++) {
          if (g.gain[k] == (k == 0 ? 1 : 0)) {
            g.gain[k] = ActuatorSpec.MUSCLE_DEFAULTS[k];
          }
        }
        leading(e, "timeconst", g.dynPrm);
        leading(e, "range", g.gain);
        String[] single = {"force", "scale", "lmin", "lmax", "vmax", "fpmax", "fvmax"};
        for (int k = 0; k < single.length; k++) {
          g.gain[2 + k] = e.number(single[k], g.gain[2 + k]);
        }
        System.arraycopy(g.gain, 0, g.bias, 0, ActuatorSpec.PRM);
        g.gainType = "muscle";
        g.biasType = "muscle";
        g.dynType = "muscle";
      }
      case "cylinder" -> {
        g.dynType = "filter";
        g.dynPrm[0] = e.number("timeconst", g.dynPrm[0]);
        g.gainType = "fixed";
        g.gain[0] =
            e.has("diameter")
                ? Math.PI / 4 * Math.pow(e.number("diameter"), 2)
                : e.number("area", g.gain[0]);
        g.biasType = "affine";
        leading(e, "bias", g.bias);
      }
      default -> throw new IllegalStateException(e.name());
    }
  }

  /**
   * Whether an actuator's chain (its classes' elements and its own) uses an attribute MuJoCo 2.2.2
   * does not know on a position or intvelocity servo ({@code kv}, {@code dampratio}, {@code
   * inheritrange}, {@code timeconst}): then its servo shortcuts follow MuJoCo 3.14, which keeps
   * {@code bias[0]}, {@code bias[2]} and (for position) the dynamics of the levels before, where
   * 2.2.2 resets them (semantics § 3).
   */
  private static boolean mujoco3(List<XmlElement> levels) {
    for (XmlElement e : levels) {
      if ((e.name().equals("position") || e.name().equals("intvelocity"))
          && (e.has("kv") || e.has("dampratio") || e.has("inheritrange") || e.has("timeconst"))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A position or intvelocity servo with MuJoCo 3.14's rules ({@code mjs_setToPosition}, {@code
   * mjs_setToIntVelocity}): kp (default the gain so far) into {@code gain[0]} and {@code −kp} into
   * {@code bias[1]}; {@code −kv} or the damping ratio into {@code bias[2]} when given, else {@code
   * bias[2]} and {@code bias[0]} kept; {@code inheritrange} kept unless given. Errors with MuJoCo's
   * words.
   */
  private static void servo3(XmlElement e, General g) {
    double kp = e.number("kp", g.gain[0]);
    g.gain[0] = kp;
    g.bias[1] = -kp;
    if (e.has("kv") && e.has("dampratio")) {
      throw e.error("kv and dampratio cannot both be defined");
    }
    if (e.has("kv")) {
      double kv = e.number("kv");
      if (kv < 0) {
        throw e.error("kv cannot be negative");
      }
      g.bias[2] = -kv;
    }
    if (e.has("dampratio")) {
      double ratio = e.number("dampratio");
      if (ratio < 0) {
        throw e.error("dampratio cannot be negative");
      }
      g.bias[2] = ratio;
      g.dampRatio = true;
    }
    if (e.has("timeconst")) {
      double tc = e.number("timeconst");
      if (tc < 0) {
        throw e.error("timeconst cannot be negative");
      }
      if (tc != 0) {
        throw e.error(
            "a position servo's timeconst (MuJoCo 3's filterexact activation dynamics) is not"
                + " supported");
      }
      g.dynType = "none";
    }
    g.inheritRange = e.number("inheritrange", g.inheritRange);
    boolean inherit = g.inheritRange > 0;
    if (inherit && (g.ctrlRange[0] != 0 || g.ctrlRange[1] != 0)) {
      if (e.name().equals("position")) {
        throw e.error("ctrlrange and inheritrange cannot both be defined");
      }
      throw e.error(
          "an intvelocity with both ctrlrange and inheritrange is not supported (MuJoCo 3.14"
              + " accepts it, then inherits no range and leaves the activation unlimited)");
    }
    if (inherit && e.name().equals("intvelocity") && (g.actRange[0] != 0 || g.actRange[1] != 0)) {
      throw e.error("actrange and inheritrange cannot both be defined");
    }
    g.gainType = "fixed";
    g.biasType = "affine";
    if (e.name().equals("intvelocity")) {
      g.dynType = "integrator";
      g.activationLimited = true;
    }
  }

  /**
   * Overwrites the leading entries of {@code into} with the attribute's values (MuJoCo reads up to
   * ten).
   */
  private static void leading(XmlElement e, String attr, double[] into) {
    if (e.has(attr)) {
      double[] v = e.numbers(attr, 1, 10);
      System.arraycopy(v, 0, into, 0, Math.min(v.length, into.length));
    }
  }

  /**
   * The range of a limited actuator quantity, or null when unlimited; never converted to radians
   * (MuJoCo 2.2.2).
   */
  private static double[] range(MjcfAttributes a, MjcfCompiler compiler, String flag, String attr) {
    double[] r = a.has(attr) ? a.numbers(attr, 2) : new double[2];
    if (!compiler.limited(a, flag, attr, r)) {
      return null;
    }
    if (!(r[0] < r[1])) {
      throw a.element()
          .error(
              "'" + flag + "' needs " + attr + "[0] < " + attr + "[1], got " + r[0] + " " + r[1]);
    }
    return r;
  }
}
