package org.diffart.sim.tape;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.StringConcatException;
import java.lang.invoke.StringConcatFactory;

/**
 * The operations that {@link TapeRewriter} substitutes for the JVM's double arithmetic in the taped
 * classes: each returns a plain double when its operands are constants, and otherwise records a
 * node on {@link Tape#active} with the value computed exactly as the JVM instruction or {@link
 * Math} method would (so taped values equal the plain step's bit for bit) and the local partial
 * derivatives. Selections ({@code min}, {@code max}, {@code abs} at its sign, comparisons) act on
 * values and return the chosen operand itself, so the gradient follows the branch the program took,
 * as any operator-overloading AD tool does.
 */
public final class TapeOps {
  private TapeOps() {}

  private static final long TAG = Tape.TAG, MASK = Tape.TAG_MASK;

  private static boolean var(long b) {
    return (b & MASK) == TAG;
  }

  private static Tape tape() {
    Tape t = Tape.active;
    if (t == null) {
      throw new IllegalStateException("a taped variable was used outside a tape recording");
    }
    return t;
  }

  private static double val(Tape t, long b, double x) {
    return var(b) ? t.val[Tape.index(b)] : x;
  }

  /** Records f(x) with derivative dfdx, for a variable x. */
  private static double unary(Tape t, long bx, double f, double dfdx) {
    return t.push(f, Tape.index(bx), dfdx, -1, 0);
  }

  /** Records f(x, y) with partials, for operands of which at least one is a variable. */
  private static double binary(Tape t, long bx, long by, double f, double dx, double dy) {
    return t.push(f, var(bx) ? Tape.index(bx) : -1, dx, var(by) ? Tape.index(by) : -1, dy);
  }

  /** The value of x on the active tape (x itself when constant). */
  public static double value(double x) {
    long b = Double.doubleToRawLongBits(x);
    return var(b) ? tape().val[Tape.index(b)] : x;
  }

  // ---- JVM instructions ----

  public static double dadd(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return x + y;
    }
    Tape t = tape();
    return binary(t, bx, by, val(t, bx, x) + val(t, by, y), 1, 1);
  }

  public static double dsub(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return x - y;
    }
    Tape t = tape();
    return binary(t, bx, by, val(t, bx, x) - val(t, by, y), 1, -1);
  }

  public static double dmul(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return x * y;
    }
    Tape t = tape();
    double a = val(t, bx, x), b = val(t, by, y);
    return binary(t, bx, by, a * b, b, a);
  }

  public static double ddiv(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return x / y;
    }
    Tape t = tape();
    double a = val(t, bx, x), b = val(t, by, y), q = a / b;
    return binary(t, bx, by, q, 1 / b, -q / b);
  }

  public static double drem(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return x % y;
    }
    Tape t = tape();
    double a = val(t, bx, x), b = val(t, by, y), r = a % b;
    return binary(t, bx, by, r, 1, -(a - r) / b);
  }

  public static double dneg(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return -x;
    }
    Tape t = tape();
    return unary(t, bx, -val(t, bx, x), -1);
  }

  /** JVM {@code dcmpl}: NaN compares as less. */
  public static int dcmpl(double x, double y) {
    double a = value(x), b = value(y);
    return a > b ? 1 : a == b ? 0 : -1;
  }

  /** JVM {@code dcmpg}: NaN compares as greater. */
  public static int dcmpg(double x, double y) {
    double a = value(x), b = value(y);
    return a < b ? -1 : a == b ? 0 : 1;
  }

  public static int d2i(double x) {
    return (int) value(x);
  }

  public static long d2l(double x) {
    return (long) value(x);
  }

  public static float d2f(double x) {
    return (float) value(x);
  }

  // ---- java.lang.Math ----

  public static double sqrt(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.sqrt(x);
    }
    Tape t = tape();
    double s = Math.sqrt(val(t, bx, x));
    return unary(t, bx, s, 0.5 / s);
  }

  public static double sin(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.sin(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return unary(t, bx, Math.sin(a), Math.cos(a));
  }

  public static double cos(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.cos(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return unary(t, bx, Math.cos(a), -Math.sin(a));
  }

  public static double tan(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.tan(x);
    }
    Tape t = tape();
    double f = Math.tan(val(t, bx, x));
    return unary(t, bx, f, 1 + f * f);
  }

  public static double asin(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.asin(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return unary(t, bx, Math.asin(a), 1 / Math.sqrt(1 - a * a));
  }

  public static double acos(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.acos(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return unary(t, bx, Math.acos(a), -1 / Math.sqrt(1 - a * a));
  }

  public static double atan(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.atan(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return unary(t, bx, Math.atan(a), 1 / (1 + a * a));
  }

  public static double atan2(double y, double x) {
    long by = Double.doubleToRawLongBits(y), bx = Double.doubleToRawLongBits(x);
    if (!var(by) && !var(bx)) {
      return Math.atan2(y, x);
    }
    Tape t = tape();
    double a = val(t, by, y), b = val(t, bx, x), r2 = a * a + b * b;
    return binary(t, by, bx, Math.atan2(a, b), b / r2, -a / r2);
  }

  public static double exp(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.exp(x);
    }
    Tape t = tape();
    double f = Math.exp(val(t, bx, x));
    return unary(t, bx, f, f);
  }

  public static double log(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.log(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return unary(t, bx, Math.log(a), 1 / a);
  }

  public static double pow(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return Math.pow(x, y);
    }
    Tape t = tape();
    double a = val(t, bx, x), b = val(t, by, y), f = Math.pow(a, b);
    double dy = var(by) ? f * Math.log(a) : 0;
    return binary(t, bx, by, f, b * Math.pow(a, b - 1), dy);
  }

  public static double hypot(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return Math.hypot(x, y);
    }
    Tape t = tape();
    double a = val(t, bx, x), b = val(t, by, y), h = Math.hypot(a, b);
    return binary(t, bx, by, h, a / h, b / h);
  }

  /**
   * {@code fma(a, b, c) = a·b + c} with one rounding: two nodes, the product part and the addition
   * of c.
   */
  public static double fma(double a, double b, double c) {
    long ba = Double.doubleToRawLongBits(a),
        bb = Double.doubleToRawLongBits(b),
        bc = Double.doubleToRawLongBits(c);
    if (!var(ba) && !var(bb) && !var(bc)) {
      return Math.fma(a, b, c);
    }
    Tape t = tape();
    double x = val(t, ba, a), y = val(t, bb, b), z = val(t, bc, c), f = Math.fma(x, y, z);
    if (!var(ba) && !var(bb)) {
      return unary(t, bc, f, 1);
    }
    double p = binary(t, ba, bb, f, y, x);
    if (!var(bc)) {
      return p;
    }
    return t.push(f, Tape.index(Double.doubleToRawLongBits(p)), 1, Tape.index(bc), 1);
  }

  public static double abs(double x) {
    long bx = Double.doubleToRawLongBits(x);
    if (!var(bx)) {
      return Math.abs(x);
    }
    Tape t = tape();
    double a = val(t, bx, x);
    return a < 0 ? unary(t, bx, -a, -1) : x;
  }

  /** {@link Math#max}: the chosen operand itself. */
  public static double max(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return Math.max(x, y);
    }
    double a = value(x);
    return Double.doubleToRawLongBits(Math.max(a, value(y))) == Double.doubleToRawLongBits(a)
        ? x
        : y;
  }

  /** {@link Math#min}: the chosen operand itself. */
  public static double min(double x, double y) {
    long bx = Double.doubleToRawLongBits(x), by = Double.doubleToRawLongBits(y);
    if (!var(bx) && !var(by)) {
      return Math.min(x, y);
    }
    double a = value(x);
    return Double.doubleToRawLongBits(Math.min(a, value(y))) == Double.doubleToRawLongBits(a)
        ? x
        : y;
  }

  /** Piecewise constant: derivative 0. */
  public static double signum(double x) {
    return Math.signum(value(x));
  }

  public static double floor(double x) {
    return Math.floor(value(x));
  }

  public static double ceil(double x) {
    return Math.ceil(value(x));
  }

  public static double rint(double x) {
    return Math.rint(value(x));
  }

  public static double toRadians(double x) {
    return dmul(x, Math.PI / 180);
  }

  public static double copySign(double magnitude, double sign) {
    long bm = Double.doubleToRawLongBits(magnitude);
    double m = value(magnitude), s = value(sign), f = Math.copySign(m, s);
    if (!var(bm) || f == m) {
      return var(bm) ? magnitude : f;
    }
    return unary(tape(), bm, f, -1);
  }

  // ---- java.lang.Double and text ----

  public static boolean isNaN(double x) {
    return Double.isNaN(value(x));
  }

  public static boolean isFinite(double x) {
    return Double.isFinite(value(x));
  }

  public static boolean isInfinite(double x) {
    return Double.isInfinite(value(x));
  }

  public static int compare(double x, double y) {
    return Double.compare(value(x), value(y));
  }

  public static Double valueOf(double x) {
    return value(x);
  }

  public static String toString(double x) {
    return Double.toString(value(x));
  }

  public static StringBuilder append(StringBuilder sb, double x) {
    return sb.append(value(x));
  }

  /**
   * Bootstrap that replaces {@link StringConcatFactory#makeConcatWithConstants} in taped classes:
   * the same concatenation with every double argument replaced by its value first.
   */
  public static CallSite makeConcatWithConstants(
      MethodHandles.Lookup lookup, String name, MethodType type, String recipe, Object... constants)
      throws StringConcatException {
    CallSite site =
        StringConcatFactory.makeConcatWithConstants(lookup, name, type, recipe, constants);
    MethodHandle target = site.getTarget();
    MethodHandle value;
    try {
      value =
          MethodHandles.lookup()
              .findStatic(
                  TapeOps.class, "value", MethodType.methodType(double.class, double.class));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
    for (int i = 0; i < type.parameterCount(); i++) {
      if (type.parameterType(i) == double.class) {
        target = MethodHandles.filterArguments(target, i, value);
      }
    }
    return new java.lang.invoke.ConstantCallSite(target);
  }
}
