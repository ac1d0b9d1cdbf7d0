package org.diffart.sim.algo.constraint;

import org.diffart.sim.data.Data;

/**
 * The constraint rows' kinds ({@code efcType}) and what every kind of row shares: the frame row a
 * contact row acts along, whether a row is a friction row, and the fields of a joint-space row
 * (limits, dry friction, equalities).
 */
public final class Rows {
  /** Row kinds stored in {@code efcType}. */
  public static final int NORMAL = 0,
      FRICTION = 1,
      LIMIT = 2,
      DOF_FRICTION = 3,
      TENDON_LIMIT = 4,
      EQUALITY = 5,
      TORSION = 6,
      ROLLING = 7;

  private Rows() {}

  /**
   * The row of its contact's frame that contact row r acts along: the normal for normal and
   * torsional rows, tangent 1 or 2 for the first or second friction or rolling row of its contact
   * (a merged sliding row starts from tangent 1).
   */
  public static int frameRow(Data d, int r) {
    int t = d.efcType[r];
    if (t == NORMAL || t == TORSION) {
      return 0;
    }
    return t == FRICTION ? (r == d.efcNormal[r] + 1 ? 1 : 2) : d.efcType[r - 1] == ROLLING ? 2 : 1;
  }

  /**
   * The cosine of friction cone edge k of K ({@code Options.frictionDirections} 4 or 8 with the
   * interior-point solver): edge k lies along {@code cos(2πk/K) t₁ + sin(2πk/K) t₂} of its
   * contact's frame. Multiples of 45°, written exactly ({@code √½} is correctly rounded) so that
   * the OpenCL translation gives the same bits.
   */
  public static double coneCos(int k, int kMax) {
    return eighthCos((k * (8 / kMax)) % 8);
  }

  /** The sine of friction cone edge k of K (see {@link #coneCos}): {@code cos(θ − 90°)}. */
  public static double coneSin(int k, int kMax) {
    return eighthCos((k * (8 / kMax) + 6) % 8);
  }

  /** {@code cos(a · 45°)} for a in 0..7. */
  private static double eighthCos(int a) {
    double h = Math.sqrt(0.5);
    return a == 0 ? 1 : a == 1 || a == 7 ? h : a == 2 || a == 6 ? 0 : a == 3 || a == 5 ? -h : -1;
  }

  /**
   * Whether rows of this type aim at zero velocity ({@code b = -J v*}): the friction rows of every
   * kind.
   */
  public static boolean isFriction(int type) {
    return type == FRICTION || type == DOF_FRICTION || type == TORSION || type == ROLLING;
  }

  /** The fields of a joint-space row r (no contact direction, no normal row it scales with). */
  public static void jointSpaceRow(
      Data d, int r, int type, int id, double lo, double hi, double dist) {
    d.efcDir[3 * r] = 0;
    d.efcDir[3 * r + 1] = 0;
    d.efcDir[3 * r + 2] = 0;
    d.efcType[r] = type;
    d.efcId[r] = id;
    d.efcNormal[r] = -1;
    d.efcLo[r] = lo;
    d.efcHi[r] = hi;
    d.efcDist[r] = dist;
  }
}
