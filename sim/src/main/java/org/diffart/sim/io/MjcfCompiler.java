package org.diffart.sim.io;

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
 * @param meshdir the directory of mesh and height field files, relative to the model's ({@code
 *     meshdir}, MuJoCo's rule)
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
    boolean exactMeshInertia,
    LengthRangeOptions lengthRange) {
  static final MjcfCompiler DEFAULTS =
      new MjcfCompiler(
          true, "xyz", true, InertiaFromGeom.AUTO, -1, "", false, LengthRangeOptions.DEFAULTS);

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
   * Attributes accepted on {@code <compiler>}: the settings above ({@code settotalmass} for
   * totalMass), {@code coordinate} (only {@code local}) and the other asset directories, which are
   * ignored because meshes are refused and textures are visual only.
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
          "exactmeshinertia",
          "convexhull");

  /**
   * These settings updated by one {@code <compiler>} element (several are applied in document
   * order).
   */
  MjcfCompiler with(XmlElement e) {
    e.requireAttributesIn(ATTRIBUTES);
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
        e.string("meshdir", meshdir).strip(),
        exact,
        lr);
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
