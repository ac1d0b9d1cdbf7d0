package org.diffart.sim.io;

import java.util.Map;
import java.util.Set;
import org.diffart.sim.compiler.ModelBuilder.InertiaFromGeom;
import org.diffart.sim.model.LengthRangeOptions;

/**
 * The MJCF {@code <compiler>} settings the loader honours, with MuJoCo 2.2.2's defaults (angles in
 * degrees, Euler sequence {@code xyz} (intrinsic), inertia from geoms only for bodies without
 * {@code <inertial>}) but MuJoCo 3's {@code autolimits} on: a range without its {@code limited}
 * flag is an error in 2.2.2 unless {@code autolimits}, so no file 2.2.2 loads changes meaning
 * (semantics § 3).
 *
 * @param degrees whether angles in the file are in degrees ({@code angle="degree"})
 * @param eulerseq the Euler axis sequence: lower-case letters rotate about the moving (intrinsic)
 *     axes, upper-case letters about the fixed (extrinsic) axes
 * @param autolimits whether a {@code range} alone makes a joint limited (and {@code
 *     ctrlrange}/{@code forcerange} an actuator)
 * @param inertiaFromGeom when body inertias come from geoms
 * @param totalMass {@code settotalmass}: when positive, all masses and inertias are scaled to this
 *     total
 * @param meshdir the directory of mesh and height field files, relative to the model's: {@code
 *     meshdir}, else {@code assetdir}, the last {@code <compiler>} that gives either winning
 *     (MuJoCo 3.14's rule, {@code mujoco-314-semantics.md} § 4)
 * @param stripPath MuJoCo's {@code strippath}: asset file names lose their directories
 * @param exactMeshInertia MuJoCo's {@code exactmeshinertia}: a mesh's signed volume and its own
 *     mass
 * @param lengthRange the child {@code <lengthrange>}: how actuator length ranges are found
 */
record MjcfCompiler(
    boolean degrees,
    String eulerseq,
    boolean autolimits,
    InertiaFromGeom inertiaFromGeom,
    double totalMass,
    String meshdir,
    boolean stripPath,
    boolean exactMeshInertia,
    LengthRangeOptions lengthRange) {
  static final MjcfCompiler DEFAULTS =
      new MjcfCompiler(
          true,
          "xyz",
          true,
          InertiaFromGeom.AUTO,
          -1,
          "",
          false,
          false,
          LengthRangeOptions.DEFAULTS);

  /** The attributes of {@code <compiler><lengthrange>}, MuJoCo 2.2.2's. */
  static final Set<String> LENGTH_RANGE =
      Set.of(
          "mode",
          "useexisting",
          "uselimit",
          "accel",
          "maxforce",
          "timeconst",
          "timestep",
          "inttotal",
          "inteval",
          "tolrange");

  /**
   * Every attribute of {@code <compiler>} that MuJoCo 3.14 knows, plus MuJoCo 2.2.2's {@code
   * convexhull} and {@code exactmeshinertia} (3.14 refuses those two), each honoured:
   *
   * <ul>
   *   <li>read into the settings above: {@code angle}, {@code eulerseq}, {@code autolimits}, {@code
   *       inertiafromgeom}, {@code settotalmass}, {@code meshdir}, {@code assetdir}, {@code
   *       strippath}, {@code exactmeshinertia}, {@code coordinate} (only {@code local}; MuJoCo 3.14
   *       refuses {@code global} too);
   *   <li>without effect on the compiled model, so any valid value is honoured: {@code texturedir}
   *       (textures only render and are not read), {@code usethread} (the compiler's speed), {@code
   *       saveinertial} (what MuJoCo writes when it saves XML), {@code conflict} (name clashes of
   *       {@code <attach>}, which the loader refuses), {@code convexhull} (diffart searches a
   *       mesh's vertices for support points, MuJoCo's way without the hull);
   *   <li>{@link #DEFAULT_ONLY}: accepted at MuJoCo's default, refused by name otherwise.
   * </ul>
   */
  static final Set<String> ATTRIBUTES =
      Set.of(
          "angle",
          "eulerseq",
          "autolimits",
          "inertiafromgeom",
          "settotalmass",
          "coordinate",
          "meshdir",
          "texturedir",
          "assetdir",
          "strippath",
          "usethread",
          "saveinertial",
          "conflict",
          "exactmeshinertia",
          "convexhull",
          "boundmass",
          "boundinertia",
          "balanceinertia",
          "fitaabb",
          "discardvisual",
          "fusestatic",
          "alignfree",
          "inertiagrouprange");

  /**
   * The {@code <compiler>} attributes that change the compiled model in ways diffart's compiler
   * does not follow: their MuJoCo default (the only value accepted) and why another is refused.
   */
  static final Map<String, String[]> DEFAULT_ONLY =
      Map.of(
          "boundmass",
          new String[] {
            "0", "it raises every body's mass to a lower bound; give the masses in the file"
          },
          "boundinertia",
          new String[] {
            "0", "it raises every body's principal inertias to a lower bound; give them in the file"
          },
          "balanceinertia",
          new String[] {
            "false", "it alters inertias that break A + B >= C; give physical inertias in the file"
          },
          "fitaabb",
          new String[] {"false", "it fits primitive geoms to meshes, which diffart does not do"},
          "discardvisual",
          new String[] {
            "false",
            "it deletes the geoms it deems visual and renumbers the rest; delete them in the file"
          },
          "fusestatic",
          new String[] {
            "false", "it merges bodies without joints into their parents and renumbers the rest"
          },
          "alignfree",
          new String[] {
            "false",
            "it moves free bodies' frames onto their principal axes, which changes qpos's meaning"
          },
          "inertiagrouprange",
          new String[] {
            "0 5", "diffart's inertia from geoms counts every geom's group; leave it at 0 5"
          });

  /**
   * These settings updated by one {@code <compiler>} element (several are applied in document
   * order).
   */
  MjcfCompiler with(XmlElement e) {
    e.requireAttributesIn(ATTRIBUTES);
    for (Map.Entry<String, String[]> d : DEFAULT_ONLY.entrySet()) {
      defaultOnly(e, d.getKey(), d.getValue()[0], d.getValue()[1]);
    }
    e.keyword("usethread", "true", "true", "false");
    e.keyword("saveinertial", "false", "true", "false");
    e.keyword("conflict", "warning", "warning", "merge", "error");
    if (e.keyword("coordinate", "local", "local", "global").equals("global")) {
      throw e.error(
          "coordinate=\"global\" is not supported: give body, joint and geom frames in local coordinates");
    }
    boolean deg =
        e.keyword("angle", degrees ? "degree" : "radian", "degree", "radian").equals("degree");
    String seq = e.string("eulerseq", eulerseq).strip();
    if (!seq.matches("[xyzXYZ]{3}")) {
      throw e.error("attribute 'eulerseq': '" + seq + "' must be three of x, y, z, X, Y, Z");
    }
    boolean auto =
        e.keyword("autolimits", String.valueOf(autolimits), "true", "false").equals("true");
    InertiaFromGeom ifg =
        switch (e.keyword(
            "inertiafromgeom", inertiaFromGeom.name().toLowerCase(), "true", "false", "auto")) {
          case "true" -> InertiaFromGeom.TRUE;
          case "false" -> InertiaFromGeom.FALSE;
          default -> InertiaFromGeom.AUTO;
        };
    // convexhull: diffart always searches a mesh's vertices for a support point, MuJoCo's way
    // without the hull
    e.keyword("convexhull", "true", "true", "false");
    boolean exact =
        e.keyword("exactmeshinertia", String.valueOf(exactMeshInertia), "true", "false")
            .equals("true");
    LengthRangeOptions lr = lengthRange;
    for (XmlElement c : e.children()) {
      if (!c.name().equals("lengthrange")) {
        throw MjcfSchema.unsupported(c, "compiler", "lengthrange", "");
      }
      lr = lengthRange(c, lr);
    }
    return new MjcfCompiler(
        deg,
        seq,
        auto,
        ifg,
        e.number("settotalmass", totalMass),
        e.has("meshdir")
            ? e.string("meshdir", meshdir).strip()
            : e.string("assetdir", meshdir).strip(),
        e.keyword("strippath", String.valueOf(stripPath), "true", "false").equals("true"),
        exact,
        lr);
  }

  /**
   * Refuses {@code attr} unless it is absent or equals MuJoCo's default (numbers compared as
   * numbers), naming the file, line, attribute and why.
   */
  private static void defaultOnly(XmlElement e, String attr, String dflt, String why) {
    if (!e.has(attr)) {
      return;
    }
    String v = e.attribute(attr).strip();
    String[] given = v.split("\\s+");
    String[] want = dflt.split(" ");
    boolean same = given.length == want.length;
    for (int i = 0; same && i < want.length; i++) {
      if (want[i].equals("true") || want[i].equals("false")) {
        same = given[i].equals(want[i]);
      } else {
        try {
          same = Double.parseDouble(given[i]) == Double.parseDouble(want[i]);
        } catch (NumberFormatException ex) {
          same = false;
        }
      }
    }
    if (!same) {
      throw e.error(
          "compiler attribute '"
              + attr
              + "'=\""
              + v
              + "\" is not supported (only MuJoCo's default \""
              + dflt
              + "\"): "
              + why);
    }
  }

  /** {@code <lengthrange>}: MuJoCo's mjLROpt fields, each attribute replacing the value so far. */
  private static LengthRangeOptions lengthRange(XmlElement c, LengthRangeOptions o) {
    c.requireAttributesIn(LENGTH_RANGE);
    LengthRangeOptions.Mode mode =
        LengthRangeOptions.Mode.valueOf(
            c.keyword("mode", o.mode().name().toLowerCase(), "none", "muscle", "muscleuser", "all")
                .toUpperCase(java.util.Locale.ROOT));
    boolean existing =
        c.keyword("useexisting", String.valueOf(o.useExisting()), "true", "false").equals("true");
    boolean limit =
        c.keyword("uselimit", String.valueOf(o.useLimit()), "true", "false").equals("true");
    try {
      return new LengthRangeOptions(
          mode,
          existing,
          limit,
          c.number("accel", o.accel()),
          c.number("maxforce", o.maxForce()),
          c.number("timeconst", o.timeConst()),
          c.number("timestep", o.timeStep()),
          c.number("inttotal", o.total()),
          c.number("inteval", o.evaluation()),
          c.number("tolrange", o.tolerance()));
    } catch (IllegalArgumentException ex) {
      throw c.error(ex.getMessage(), ex);
    }
  }

  /**
   * Whether a joint, tendon or actuator quantity is limited: an explicit {@code true}/{@code false}
   * wins; otherwise ({@code auto} or absent) under {@code autolimits} (MuJoCo 3's default) a range
   * with lower &lt; upper makes it limited and any other range (zeros, or reversed) leaves it
   * unlimited, as MuJoCo 3.14 does (2.2.2 refuses a reversed one); without {@code autolimits} a
   * non-zero range is an error, in both versions.
   *
   * @param flag the resolved flag attribute ({@code limited}, {@code ctrllimited}, {@code
   *     forcelimited})
   * @param rangeAttr the matching range attribute, for the message
   * @param range the resolved range (zeros when absent)
   */
  boolean limited(MjcfAttributes a, String flag, String rangeAttr, double[] range) {
    String v = a.keyword(flag, "auto", "true", "false", "auto");
    if (!v.equals("auto")) {
      return v.equals("true");
    }
    boolean hasRange = range[0] != 0 || range[1] != 0;
    if (autolimits) {
      return range[0] < range[1];
    }
    if (hasRange) {
      XmlElement d = a.definer(rangeAttr);
      throw a.element()
          .error(
              "'"
                  + rangeAttr
                  + "' is given"
                  + (d == a.element() ? "" : " (by a default class)")
                  + " but not '"
                  + flag
                  + "': set "
                  + flag
                  + "=\"true\" or \"false\", or <compiler autolimits=\"true\"/>"
                  + " (MuJoCo refuses this too)");
    }
    return false;
  }

  /** An angle of the file in radians. */
  double angle(double v) {
    return degrees ? v * (Math.PI / 180) : v;
  }
}
