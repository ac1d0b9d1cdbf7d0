package org.diffart.sim.spatial;

/**
 * The sine, cosine and arc tangent the simulator uses, computed with {@code +, -, *, /} and {@code
 * floor} alone, so that every backend that runs the same statements gets the same bits: the JVM's
 * {@code Math.sin} is an intrinsic whose last bit differs between JVMs and from OpenCL's {@code
 * sin}. Accuracy, measured against {@link StrictMath} in {@code TrigTest}: within 2 ulp for sine
 * and cosine with {@code |x| < 1e5} (Cody–Waite reduction by π/2 in three parts, then Taylor series
 * that converge far below an ulp on {@code [-π/4, π/4]}; the reduced argument's rounding is the
 * second ulp), within 3 ulp for atan2. The absolute error of sine and cosine grows like {@code
 * |x|·1e-25} beyond {@code 1.6e6}, and they are NaN for {@code |x| ≥ 1e15} or a non-finite x.
 */
public final class Trig {
  /**
   * π/2 in three parts: the first two have 33 significant bits, so {@code k·P1} and {@code k·P2}
   * are exact.
   */
  private static final double P1 = 0x1.921fb544p0,
      P2 = 0x1.0b4611a6p-34,
      P3 = 0x1.3198a2e037073p-69;

  private static final double TWO_OVER_PI = 0x1.45f306dc9c883p-1;
  private static final double PI = 3.141592653589793,
      HALF_PI = 1.5707963267948966,
      SIXTH_PI = 0.5235987755982989;
  private static final double SQRT3 = 1.7320508075688772, TAN_TWELFTH_PI = 0.2679491924311227;

  /** Beyond this the reduction is meaningless and the conversion to long could overflow. */
  private static final double LIMIT = 1e15;

  /** 1/n! with the sign of the sine series, n = 3, 5, ..., 17. */
  private static final double S3 = -1.0 / 6,
      S5 = 1.0 / 120,
      S7 = -1.0 / 5040,
      S9 = 1.0 / 362880,
      S11 = -1.0 / 39916800,
      S13 = 1.0 / 6227020800L,
      S15 = -1.0 / 1307674368000L,
      S17 = 1.0 / 355687428096000L;

  /** 1/n! with the sign of the cosine series, n = 4, 6, ..., 16. */
  private static final double C4 = 1.0 / 24,
      C6 = -1.0 / 720,
      C8 = 1.0 / 40320,
      C10 = -1.0 / 3628800,
      C12 = 1.0 / 479001600,
      C14 = -1.0 / 87178291200L,
      C16 = 1.0 / 20922789888000L;

  private Trig() {}

  /** sin x. */
  public static double sin(double x) {
    if (!(Math.abs(x) < LIMIT)) {
      return Double.NaN;
    }
    double k = Math.floor(x * TWO_OVER_PI + 0.5);
    double r = x - k * P1 - k * P2 - k * P3;
    int quadrant = (int) ((long) k & 3);
    if (quadrant == 0) {
      return sinSeries(r);
    } else if (quadrant == 1) {
      return cosSeries(r);
    } else if (quadrant == 2) {
      return -sinSeries(r);
    }
    return -cosSeries(r);
  }

  /** cos x. */
  public static double cos(double x) {
    if (!(Math.abs(x) < LIMIT)) {
      return Double.NaN;
    }
    double k = Math.floor(x * TWO_OVER_PI + 0.5);
    double r = x - k * P1 - k * P2 - k * P3;
    int quadrant = (int) ((long) k & 3);
    if (quadrant == 0) {
      return cosSeries(r);
    } else if (quadrant == 1) {
      return -sinSeries(r);
    } else if (quadrant == 2) {
      return -cosSeries(r);
    }
    return sinSeries(r);
  }

  /** sin r for |r| ≤ π/4: r + r³(S3 + r²(S5 + ...)). */
  private static double sinSeries(double r) {
    double z = r * r;
    double p = S15 + z * S17;
    p = S13 + z * p;
    p = S11 + z * p;
    p = S9 + z * p;
    p = S7 + z * p;
    p = S5 + z * p;
    p = S3 + z * p;
    return r + r * z * p;
  }

  /**
   * cos r for |r| ≤ π/4: 1 - r²/2 + r⁴(C4 + r²(C6 + ...)), the leading subtraction's rounding
   * carried.
   */
  private static double cosSeries(double r) {
    double z = r * r;
    double p = C14 + z * C16;
    p = C12 + z * p;
    p = C10 + z * p;
    p = C8 + z * p;
    p = C6 + z * p;
    p = C4 + z * p;
    double hz = 0.5 * z, w = 1 - hz;
    return w + (((1 - w) - hz) + z * z * p);
  }

  /**
   * atan2(y, x), the angle of the point (x, y) in (-π, π]. Finite arguments only; {@code atan2(±0,
   * x)} is 0 for x ≥ 0 and π for x < 0.
   */
  public static double atan2(double y, double x) {
    if (Double.isNaN(x) || Double.isNaN(y)) {
      return Double.NaN;
    }
    double ay = Math.abs(y), ax = Math.abs(x);
    double t;
    if (ay == 0) {
      t = 0;
    } else if (ay <= ax) {
      t = atanUnit(ay / ax);
    } else {
      t = HALF_PI - atanUnit(ax / ay);
    }
    if (x < 0) {
      t = PI - t;
    }
    return y < 0 ? -t : t;
  }

  /**
   * acos x in [0, π], through {@link #atan2} of {@code √((1 − x)(1 + x))} (accurate near ±1). The
   * argument is clamped to [-1, 1], so a dot product of unit vectors a rounding above 1 gives 0
   * (C's acos, MuJoCo's, gives NaN there).
   */
  public static double acos(double x) {
    double c = Math.min(Math.max(x, -1), 1);
    return atan2(Math.sqrt((1 - c) * (1 + c)), c);
  }

  /**
   * asin x in [-π/2, π/2], through {@link #atan2}; the argument is clamped to [-1, 1] as in {@link
   * #acos}.
   */
  public static double asin(double x) {
    double c = Math.min(Math.max(x, -1), 1);
    return atan2(c, Math.sqrt((1 - c) * (1 + c)));
  }

  /**
   * atan u for 0 ≤ u ≤ 1: reduced below tan(π/12) by {@code atan u = π/6 + atan((√3 u - 1)/(√3 +
   * u))}.
   */
  private static double atanUnit(double u) {
    if (u <= TAN_TWELFTH_PI) {
      return atanSeries(u);
    }
    return SIXTH_PI + atanSeries((SQRT3 * u - 1) / (SQRT3 + u));
  }

  /**
   * atan v for |v| ≤ tan(π/12) ≈ 0.268: v - v³/3 + v⁵/5 - ..., to v²⁹/29 (the next term is below
   * 1e-19 v).
   */
  private static double atanSeries(double v) {
    double z = v * v;
    double p = 1.0 / 29;
    for (int n = 27; n >= 3; n -= 2) {
      p = ((n & 2) == 0 ? 1.0 / n : -1.0 / n) + z * p;
    }
    return v + v * z * p;
  }
}
