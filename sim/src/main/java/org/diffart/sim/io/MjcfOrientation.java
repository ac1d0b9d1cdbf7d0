package org.diffart.sim.io;

import org.diffart.sim.spatial.Quat;

/**
 * MJCF frame orientations as unit quaternions (w, x, y, z), with MuJoCo 2.2.2's conventions: {@code
 * quat} (any non-zero norm), {@code axisangle} (axis of any non-zero length, angle in the
 * compiler's unit), {@code euler} (compiler {@code eulerseq}: lower-case letters rotate about the
 * moving axes, upper-case about the fixed axes), {@code xyaxes} (x normalised, y made orthogonal to
 * it, z = x × y) and {@code zaxis} (the minimal rotation taking +z to the vector; the opposite
 * direction gives 180° about x).
 *
 * <p>An element may give at most one specifier. Through default classes several may meet; then
 * MuJoCo applies the first present of {@code euler}, {@code zaxis}, {@code xyaxes}, {@code
 * axisangle}, {@code quat} (measured on 2.2.2: a default's {@code euler} beats an element's {@code
 * quat}).
 */
final class MjcfOrientation {
  private static final String[] PRECEDENCE = {"euler", "zaxis", "xyaxes", "axisangle", "quat"};

  private MjcfOrientation() {}

  /**
   * The orientation given by resolved attributes, identity if none.
   *
   * @param exclusive further attributes of the element that exclude an orientation (e.g. {@code
   *     fullinertia})
   */
  static double[] of(MjcfAttributes a, MjcfCompiler c, String... exclusive) {
    requireAtMostOne(a.element(), exclusive);
    for (String form : PRECEDENCE) {
      XmlElement d = a.definer(form);
      if (d != null) {
        return parse(d, form, c);
      }
    }
    return new double[] {1, 0, 0, 0};
  }

  private static void requireAtMostOne(XmlElement e, String... exclusive) {
    String first = null;
    for (String attr : e.attributeNames()) {
      if (MjcfSchema.ORIENTATION.contains(attr)
          || java.util.Arrays.asList(exclusive).contains(attr)) {
        if (first != null) {
          throw e.error(
              "multiple orientation specifiers ('"
                  + first
                  + "' and '"
                  + attr
                  + "') are not allowed");
        }
        first = attr;
      }
    }
  }

  private static double[] parse(XmlElement e, String form, MjcfCompiler c) {
    double[] q = new double[4];
    switch (form) {
      case "quat" -> {
        double[] v = e.numbers(form, 4);
        System.arraycopy(v, 0, q, 0, 4);
        if (Quat.normalize(q, 0) < 1e-12) {
          throw e.error("attribute 'quat' has zero norm");
        }
      }
      case "axisangle" -> {
        double[] v = e.numbers(form, 4);
        double[] axis = unit(e, form, v[0], v[1], v[2]);
        Quat.fromAxisAngle(q, 0, axis[0], axis[1], axis[2], c.angle(v[3]));
      }
      case "euler" -> {
        q = euler(e.numbers(form, 3), c);
      }
      case "xyaxes" -> {
        double[] v = e.numbers(form, 6);
        double[] x = unit(e, form, v[0], v[1], v[2]);
        double d = x[0] * v[3] + x[1] * v[4] + x[2] * v[5];
        double[] y = unit(e, form, v[3] - d * x[0], v[4] - d * x[1], v[5] - d * x[2]);
        double[] m = {
          x[0], y[0], x[1] * y[2] - x[2] * y[1],
          x[1], y[1], x[2] * y[0] - x[0] * y[2],
          x[2], y[2], x[0] * y[1] - x[1] * y[0]
        };
        Quat.fromMat(q, 0, m, 0);
      }
      case "zaxis" -> {
        double[] v = e.numbers(form, 3);
        double[] z = unit(e, form, v[0], v[1], v[2]);
        zaxis(q, z[0], z[1], z[2]);
      }
    }
    return q;
  }

  /** The quaternion of Euler angles (3) in the compiler's angle unit and sequence. */
  static double[] euler(double[] v, MjcfCompiler c) {
    double[] q = new double[4];
    // MuJoCo's conversion to radians, v / 180 π, to its last bit (c.angle multiplies by π / 180)
    euler(
        q,
        c.degrees() ? v[0] / 180.0 * Math.PI : v[0],
        c.degrees() ? v[1] / 180.0 * Math.PI : v[1],
        c.degrees() ? v[2] / 180.0 * Math.PI : v[2],
        c.eulerseq());
    return q;
  }

  /**
   * res = the quaternion of Euler angles (radians) about the axes named by {@code seq}: a
   * lower-case letter rotates about the current (moving) axis, {@code q <- q ⊗ r}; an upper-case
   * letter about the fixed axis, {@code q <- r ⊗ q}. So {@code xyz} gives {@code qx(a) qy(b) qz(c)}
   * and {@code XYZ} gives {@code qz(c) qy(b) qx(a)}.
   */
  static void euler(double[] res, double a, double b, double c, String seq) {
    // as MuJoCo 2.2.2 compiles it, bit for bit: each product normalised (by division), and the
    // result again, with
    // fdlibm's sine and cosine (which agree with glibc's here); flat faces in MPR turn a last bit
    // into millimetres
    double[] angles = {a, b, c};
    double[] r = new double[4], t = new double[4];
    Quat.identity(res, 0);
    for (int i = 0; i < 3; i++) {
      char ch = seq.charAt(i);
      int k = Character.toLowerCase(ch) - 'x';
      r[0] = StrictMath.cos(angles[i] / 2);
      r[1] = k == 0 ? StrictMath.sin(angles[i] / 2) : 0;
      r[2] = k == 1 ? StrictMath.sin(angles[i] / 2) : 0;
      r[3] = k == 2 ? StrictMath.sin(angles[i] / 2) : 0;
      if (Character.isLowerCase(ch)) {
        Quat.mul(t, 0, res, 0, r, 0);
      } else {
        Quat.mul(t, 0, r, 0, res, 0);
      }
      Quat.normalizeByDivision(t, 0);
      System.arraycopy(t, 0, res, 0, 4);
    }
    Quat.normalizeByDivision(res, 0);
  }

  /**
   * res = the minimal rotation taking +z to the unit vector (x, y, z); 180° about x when it points
   * along -z.
   */
  static void zaxis(double[] res, double x, double y, double z) {
    // axis = ẑ × v = (-y, x, 0), |ẑ × v| = sin(angle), ẑ·v = cos(angle)
    double s = Math.sqrt(x * x + y * y);
    if (s < 1e-14) {
      if (z < 0) {
        res[0] = 0;
        res[1] = 1;
        res[2] = 0;
        res[3] = 0;
      } else {
        Quat.identity(res, 0);
      }
      return;
    }
    Quat.fromAxisAngle(res, 0, -y / s, x / s, 0, Math.atan2(s, z));
  }

  private static double[] unit(XmlElement e, String form, double x, double y, double z) {
    double n = Math.sqrt(x * x + y * y + z * z);
    if (n < 1e-12) {
      throw e.error("attribute '" + form + "': degenerate (zero-length) axis");
    }
    return new double[] {x / n, y / n, z / n};
  }
}
