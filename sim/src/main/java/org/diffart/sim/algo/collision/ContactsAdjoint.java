package org.diffart.sim.algo.collision;

/** Adjoints of {@link Contacts}: the tangent frame's. */
public final class ContactsAdjoint {
  private ContactsAdjoint() {}

  /**
   * Adjoint of {@link Contacts#tangents}: {@code nBar[no..no+2] +=} the bar of the normal (row 0 of
   * {@code f} at o) from the bars of the tangent rows, {@code t1Bar[to..]} and {@code t2Bar[to + 3
   * ..]}.
   */
  public static void tangents(double[] f, int o, double[] tBar, int to, double[] nBar, int no) {
    double nx = f[o], ny = f[o + 1], nz = f[o + 2];
    double p0 = tBar[to], p1 = tBar[to + 1], p2 = tBar[to + 2];
    double q0 = tBar[to + 3], q1 = tBar[to + 4], q2 = tBar[to + 5];
    if (nz >= -0.5) {
      // t1 = (1 - nx² a, b, -nx), t2 = (b, 1 - ny² a, -ny), a = 1/(1+nz), b = -nx ny a
      double a = 1 / (1 + nz), bb = p1 + q0;
      double aBar = -nx * nx * p0 - ny * ny * q1 - nx * ny * bb;
      nBar[no] += -ny * a * bb - 2 * nx * a * p0 - p2;
      nBar[no + 1] += -nx * a * bb - 2 * ny * a * q1 - q2;
      nBar[no + 2] += -a * a * aBar;
    } else {
      // t1 = (1 - nx² a, -b, nx), t2 = (b, ny² a - 1, -ny), a = 1/(1-nz), b = nx ny a
      double a = 1 / (1 - nz), bb = q0 - p1;
      double aBar = -nx * nx * p0 + ny * ny * q1 + nx * ny * bb;
      nBar[no] += ny * a * bb - 2 * nx * a * p0 + p2;
      nBar[no + 1] += nx * a * bb + 2 * ny * a * q1 - q2;
      nBar[no + 2] += a * a * aBar;
    }
  }
}
