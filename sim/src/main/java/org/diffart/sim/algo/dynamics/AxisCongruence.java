package org.diffart.sim.algo.dynamics;

import org.diffart.sim.spatial.SpatialOps;

/**
 * {@link SpatialOps#addCongruence} for a transform whose rotation turns about one coordinate axis, as it does for a
 * hinge along x, y or z of a body without a rotated offset (most hinges in MJCF and URDF models): five entries of
 * {@code E} are then always 0 or 1, and skipping them halves the work of rotating the three 3x3 blocks. The bodies are
 * generated from the same formulas as {@link SpatialOps#addCongruence}, with those entries dropped.
 */
final class AxisCongruence {
  private AxisCongruence() {}

  /**
   * {@code res += Xᵀ A X} on upper triangles, as {@link SpatialOps#addCongruence}, for a transform whose rotation
   * turns about coordinate axis {@code axis} (0, 1, 2; {@code Model.bodyRotationAxis}); otherwise (-1) does nothing.
   * The axis is a structural property of the body, never read off E's values, so the entries skipped are constant and
   * derivatives of the result are exact.
   *
   * @return whether the body turns about a coordinate axis (and res was updated)
   */
  static boolean add(int axis, double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] a, int ao) {
    switch (axis) {
      case 0 -> aboutX(res, ro, e, eo, r, rOff, a, ao);
      case 1 -> aboutY(res, ro, e, eo, r, rOff, a, ao);
      case 2 -> aboutZ(res, ro, e, eo, r, rOff, a, ao);
      default -> {
        return false;
      }
    }
    return true;
  }

  private static void aboutX(double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] a, int ao) {
    double e11 = e[eo + 4], e12 = e[eo + 5], e21 = e[eo + 7], e22 = e[eo + 8];
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    // rotate the blocks of A = [[P, Q], [Qᵀ, R]]: P' = Eᵀ P E, Q' = Eᵀ Q E, R' = Eᵀ R E
    double p00 = a[ao], p01 = a[ao + 1], p02 = a[ao + 2];
    double p11 = a[ao + 7], p12 = a[ao + 8], p22 = a[ao + 14];
    double pt01 = Math.fma(p01, e11, p02 * e21);
    double pt02 = Math.fma(p01, e12, p02 * e22);
    double pt11 = Math.fma(p11, e11, p12 * e21);
    double pt12 = Math.fma(p11, e12, p12 * e22);
    double pt21 = Math.fma(p12, e11, p22 * e21);
    double pt22 = Math.fma(p12, e12, p22 * e22);
    double pr11 = Math.fma(e11, pt11, e21 * pt21);
    double pr12 = Math.fma(e11, pt12, e21 * pt22);
    double pr22 = Math.fma(e12, pt12, e22 * pt22);
    double q00 = a[ao + 3], q01 = a[ao + 4], q02 = a[ao + 5];
    double q10 = a[ao + 9], q11 = a[ao + 10], q12 = a[ao + 11];
    double q20 = a[ao + 15], q21 = a[ao + 16], q22 = a[ao + 17];
    double qt01 = Math.fma(q01, e11, q02 * e21);
    double qt02 = Math.fma(q01, e12, q02 * e22);
    double qt11 = Math.fma(q11, e11, q12 * e21);
    double qt12 = Math.fma(q11, e12, q12 * e22);
    double qt21 = Math.fma(q21, e11, q22 * e21);
    double qt22 = Math.fma(q21, e12, q22 * e22);
    double qr10 = Math.fma(e11, q10, e21 * q20);
    double qr11 = Math.fma(e11, qt11, e21 * qt21);
    double qr12 = Math.fma(e11, qt12, e21 * qt22);
    double qr20 = Math.fma(e12, q10, e22 * q20);
    double qr21 = Math.fma(e12, qt11, e22 * qt21);
    double qr22 = Math.fma(e12, qt12, e22 * qt22);
    double s00 = a[ao + 21], s01 = a[ao + 22], s02 = a[ao + 23];
    double s11 = a[ao + 28], s12 = a[ao + 29], s22 = a[ao + 35];
    double st01 = Math.fma(s01, e11, s02 * e21);
    double st02 = Math.fma(s01, e12, s02 * e22);
    double st11 = Math.fma(s11, e11, s12 * e21);
    double st12 = Math.fma(s11, e12, s12 * e22);
    double st21 = Math.fma(s12, e11, s22 * e21);
    double st22 = Math.fma(s12, e12, s22 * e22);
    double sr11 = Math.fma(e11, st11, e21 * st21);
    double sr12 = Math.fma(e11, st12, e21 * st22);
    double sr22 = Math.fma(e12, st12, e22 * st22);
    // shift by T = r×: Y = T R', Z = T Q'ᵀ
    double y00 = Math.fma(ry, st02, -rz * st01);
    double y10 = Math.fma(rz, s00, -rx * st02);
    double y20 = Math.fma(rx, st01, -ry * s00);
    double y01 = Math.fma(ry, sr12, -rz * sr11);
    double y11 = Math.fma(rz, st01, -rx * sr12);
    double y21 = Math.fma(rx, sr11, -ry * st01);
    double y02 = Math.fma(ry, sr22, -rz * sr12);
    double y12 = Math.fma(rz, st02, -rx * sr22);
    double y22 = Math.fma(rx, sr12, -ry * st02);
    double z00 = Math.fma(ry, qt02, -rz * qt01);
    double z10 = Math.fma(rz, q00, -rx * qt02);
    double z20 = Math.fma(rx, qt01, -ry * q00);
    double z01 = Math.fma(ry, qr12, -rz * qr11);
    double z11 = Math.fma(rz, qr10, -rx * qr12);
    double z21 = Math.fma(rx, qr11, -ry * qr10);
    double z02 = Math.fma(ry, qr22, -rz * qr21);
    double z12 = Math.fma(rz, qr20, -rx * qr22);
    double z22 = Math.fma(rx, qr21, -ry * qr20);
    // upper triangle of [[P' + Z + Zᵀ - Y T, Q' + Y], [·, R']]
    res[ro] += p00 + z00 + z00 - Math.fma(y01, rz, -y02 * ry);
    res[ro + 1] += pt01 + z01 + z10 - Math.fma(y02, rx, -y00 * rz);
    res[ro + 2] += pt02 + z02 + z20 - Math.fma(y00, ry, -y01 * rx);
    res[ro + 7] += pr11 + z11 + z11 - Math.fma(y12, rx, -y10 * rz);
    res[ro + 8] += pr12 + z12 + z21 - Math.fma(y10, ry, -y11 * rx);
    res[ro + 14] += pr22 + z22 + z22 - Math.fma(y20, ry, -y21 * rx);
    res[ro + 3] += q00 + y00;
    res[ro + 4] += qt01 + y01;
    res[ro + 5] += qt02 + y02;
    res[ro + 9] += qr10 + y10;
    res[ro + 10] += qr11 + y11;
    res[ro + 11] += qr12 + y12;
    res[ro + 15] += qr20 + y20;
    res[ro + 16] += qr21 + y21;
    res[ro + 17] += qr22 + y22;
    res[ro + 21] += s00;
    res[ro + 22] += st01;
    res[ro + 23] += st02;
    res[ro + 28] += sr11;
    res[ro + 29] += sr12;
    res[ro + 35] += sr22;
  }

  private static void aboutY(double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] a, int ao) {
    double e00 = e[eo], e02 = e[eo + 2], e20 = e[eo + 6], e22 = e[eo + 8];
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    // rotate the blocks of A = [[P, Q], [Qᵀ, R]]: P' = Eᵀ P E, Q' = Eᵀ Q E, R' = Eᵀ R E
    double p00 = a[ao], p01 = a[ao + 1], p02 = a[ao + 2];
    double p11 = a[ao + 7], p12 = a[ao + 8], p22 = a[ao + 14];
    double pt00 = Math.fma(p00, e00, p02 * e20);
    double pt02 = Math.fma(p00, e02, p02 * e22);
    double pt10 = Math.fma(p01, e00, p12 * e20);
    double pt12 = Math.fma(p01, e02, p12 * e22);
    double pt20 = Math.fma(p02, e00, p22 * e20);
    double pt22 = Math.fma(p02, e02, p22 * e22);
    double pr00 = Math.fma(e00, pt00, e20 * pt20);
    double pr01 = Math.fma(e00, p01, e20 * p12);
    double pr02 = Math.fma(e00, pt02, e20 * pt22);
    double pr22 = Math.fma(e02, pt02, e22 * pt22);
    double q00 = a[ao + 3], q01 = a[ao + 4], q02 = a[ao + 5];
    double q10 = a[ao + 9], q11 = a[ao + 10], q12 = a[ao + 11];
    double q20 = a[ao + 15], q21 = a[ao + 16], q22 = a[ao + 17];
    double qt00 = Math.fma(q00, e00, q02 * e20);
    double qt02 = Math.fma(q00, e02, q02 * e22);
    double qt10 = Math.fma(q10, e00, q12 * e20);
    double qt12 = Math.fma(q10, e02, q12 * e22);
    double qt20 = Math.fma(q20, e00, q22 * e20);
    double qt22 = Math.fma(q20, e02, q22 * e22);
    double qr00 = Math.fma(e00, qt00, e20 * qt20);
    double qr01 = Math.fma(e00, q01, e20 * q21);
    double qr02 = Math.fma(e00, qt02, e20 * qt22);
    double qr20 = Math.fma(e02, qt00, e22 * qt20);
    double qr21 = Math.fma(e02, q01, e22 * q21);
    double qr22 = Math.fma(e02, qt02, e22 * qt22);
    double s00 = a[ao + 21], s01 = a[ao + 22], s02 = a[ao + 23];
    double s11 = a[ao + 28], s12 = a[ao + 29], s22 = a[ao + 35];
    double st00 = Math.fma(s00, e00, s02 * e20);
    double st02 = Math.fma(s00, e02, s02 * e22);
    double st10 = Math.fma(s01, e00, s12 * e20);
    double st12 = Math.fma(s01, e02, s12 * e22);
    double st20 = Math.fma(s02, e00, s22 * e20);
    double st22 = Math.fma(s02, e02, s22 * e22);
    double sr00 = Math.fma(e00, st00, e20 * st20);
    double sr01 = Math.fma(e00, s01, e20 * s12);
    double sr02 = Math.fma(e00, st02, e20 * st22);
    double sr22 = Math.fma(e02, st02, e22 * st22);
    // shift by T = r×: Y = T R', Z = T Q'ᵀ
    double y00 = Math.fma(ry, sr02, -rz * sr01);
    double y10 = Math.fma(rz, sr00, -rx * sr02);
    double y20 = Math.fma(rx, sr01, -ry * sr00);
    double y01 = Math.fma(ry, st12, -rz * s11);
    double y11 = Math.fma(rz, sr01, -rx * st12);
    double y21 = Math.fma(rx, s11, -ry * sr01);
    double y02 = Math.fma(ry, sr22, -rz * st12);
    double y12 = Math.fma(rz, sr02, -rx * sr22);
    double y22 = Math.fma(rx, st12, -ry * sr02);
    double z00 = Math.fma(ry, qr02, -rz * qr01);
    double z10 = Math.fma(rz, qr00, -rx * qr02);
    double z20 = Math.fma(rx, qr01, -ry * qr00);
    double z01 = Math.fma(ry, qt12, -rz * q11);
    double z11 = Math.fma(rz, qt10, -rx * qt12);
    double z21 = Math.fma(rx, q11, -ry * qt10);
    double z02 = Math.fma(ry, qr22, -rz * qr21);
    double z12 = Math.fma(rz, qr20, -rx * qr22);
    double z22 = Math.fma(rx, qr21, -ry * qr20);
    // upper triangle of [[P' + Z + Zᵀ - Y T, Q' + Y], [·, R']]
    res[ro] += pr00 + z00 + z00 - Math.fma(y01, rz, -y02 * ry);
    res[ro + 1] += pr01 + z01 + z10 - Math.fma(y02, rx, -y00 * rz);
    res[ro + 2] += pr02 + z02 + z20 - Math.fma(y00, ry, -y01 * rx);
    res[ro + 7] += p11 + z11 + z11 - Math.fma(y12, rx, -y10 * rz);
    res[ro + 8] += pt12 + z12 + z21 - Math.fma(y10, ry, -y11 * rx);
    res[ro + 14] += pr22 + z22 + z22 - Math.fma(y20, ry, -y21 * rx);
    res[ro + 3] += qr00 + y00;
    res[ro + 4] += qr01 + y01;
    res[ro + 5] += qr02 + y02;
    res[ro + 9] += qt10 + y10;
    res[ro + 10] += q11 + y11;
    res[ro + 11] += qt12 + y12;
    res[ro + 15] += qr20 + y20;
    res[ro + 16] += qr21 + y21;
    res[ro + 17] += qr22 + y22;
    res[ro + 21] += sr00;
    res[ro + 22] += sr01;
    res[ro + 23] += sr02;
    res[ro + 28] += s11;
    res[ro + 29] += st12;
    res[ro + 35] += sr22;
  }

  private static void aboutZ(double[] res, int ro, double[] e, int eo, double[] r, int rOff, double[] a, int ao) {
    double e00 = e[eo], e01 = e[eo + 1], e10 = e[eo + 3], e11 = e[eo + 4];
    double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];
    // rotate the blocks of A = [[P, Q], [Qᵀ, R]]: P' = Eᵀ P E, Q' = Eᵀ Q E, R' = Eᵀ R E
    double p00 = a[ao], p01 = a[ao + 1], p02 = a[ao + 2];
    double p11 = a[ao + 7], p12 = a[ao + 8], p22 = a[ao + 14];
    double pt00 = Math.fma(p00, e00, p01 * e10);
    double pt01 = Math.fma(p00, e01, p01 * e11);
    double pt10 = Math.fma(p01, e00, p11 * e10);
    double pt11 = Math.fma(p01, e01, p11 * e11);
    double pt20 = Math.fma(p02, e00, p12 * e10);
    double pt21 = Math.fma(p02, e01, p12 * e11);
    double pr00 = Math.fma(e00, pt00, e10 * pt10);
    double pr01 = Math.fma(e00, pt01, e10 * pt11);
    double pr02 = Math.fma(e00, p02, e10 * p12);
    double pr11 = Math.fma(e01, pt01, e11 * pt11);
    double pr12 = Math.fma(e01, p02, e11 * p12);
    double q00 = a[ao + 3], q01 = a[ao + 4], q02 = a[ao + 5];
    double q10 = a[ao + 9], q11 = a[ao + 10], q12 = a[ao + 11];
    double q20 = a[ao + 15], q21 = a[ao + 16], q22 = a[ao + 17];
    double qt00 = Math.fma(q00, e00, q01 * e10);
    double qt01 = Math.fma(q00, e01, q01 * e11);
    double qt10 = Math.fma(q10, e00, q11 * e10);
    double qt11 = Math.fma(q10, e01, q11 * e11);
    double qt20 = Math.fma(q20, e00, q21 * e10);
    double qt21 = Math.fma(q20, e01, q21 * e11);
    double qr00 = Math.fma(e00, qt00, e10 * qt10);
    double qr01 = Math.fma(e00, qt01, e10 * qt11);
    double qr02 = Math.fma(e00, q02, e10 * q12);
    double qr10 = Math.fma(e01, qt00, e11 * qt10);
    double qr11 = Math.fma(e01, qt01, e11 * qt11);
    double qr12 = Math.fma(e01, q02, e11 * q12);
    double s00 = a[ao + 21], s01 = a[ao + 22], s02 = a[ao + 23];
    double s11 = a[ao + 28], s12 = a[ao + 29], s22 = a[ao + 35];
    double st00 = Math.fma(s00, e00, s01 * e10);
    double st01 = Math.fma(s00, e01, s01 * e11);
    double st10 = Math.fma(s01, e00, s11 * e10);
    double st11 = Math.fma(s01, e01, s11 * e11);
    double st20 = Math.fma(s02, e00, s12 * e10);
    double st21 = Math.fma(s02, e01, s12 * e11);
    double sr00 = Math.fma(e00, st00, e10 * st10);
    double sr01 = Math.fma(e00, st01, e10 * st11);
    double sr02 = Math.fma(e00, s02, e10 * s12);
    double sr11 = Math.fma(e01, st01, e11 * st11);
    double sr12 = Math.fma(e01, s02, e11 * s12);
    // shift by T = r×: Y = T R', Z = T Q'ᵀ
    double y00 = Math.fma(ry, sr02, -rz * sr01);
    double y10 = Math.fma(rz, sr00, -rx * sr02);
    double y20 = Math.fma(rx, sr01, -ry * sr00);
    double y01 = Math.fma(ry, sr12, -rz * sr11);
    double y11 = Math.fma(rz, sr01, -rx * sr12);
    double y21 = Math.fma(rx, sr11, -ry * sr01);
    double y02 = Math.fma(ry, s22, -rz * sr12);
    double y12 = Math.fma(rz, sr02, -rx * s22);
    double y22 = Math.fma(rx, sr12, -ry * sr02);
    double z00 = Math.fma(ry, qr02, -rz * qr01);
    double z10 = Math.fma(rz, qr00, -rx * qr02);
    double z20 = Math.fma(rx, qr01, -ry * qr00);
    double z01 = Math.fma(ry, qr12, -rz * qr11);
    double z11 = Math.fma(rz, qr10, -rx * qr12);
    double z21 = Math.fma(rx, qr11, -ry * qr10);
    double z02 = Math.fma(ry, q22, -rz * qt21);
    double z12 = Math.fma(rz, qt20, -rx * q22);
    double z22 = Math.fma(rx, qt21, -ry * qt20);
    // upper triangle of [[P' + Z + Zᵀ - Y T, Q' + Y], [·, R']]
    res[ro] += pr00 + z00 + z00 - Math.fma(y01, rz, -y02 * ry);
    res[ro + 1] += pr01 + z01 + z10 - Math.fma(y02, rx, -y00 * rz);
    res[ro + 2] += pr02 + z02 + z20 - Math.fma(y00, ry, -y01 * rx);
    res[ro + 7] += pr11 + z11 + z11 - Math.fma(y12, rx, -y10 * rz);
    res[ro + 8] += pr12 + z12 + z21 - Math.fma(y10, ry, -y11 * rx);
    res[ro + 14] += p22 + z22 + z22 - Math.fma(y20, ry, -y21 * rx);
    res[ro + 3] += qr00 + y00;
    res[ro + 4] += qr01 + y01;
    res[ro + 5] += qr02 + y02;
    res[ro + 9] += qr10 + y10;
    res[ro + 10] += qr11 + y11;
    res[ro + 11] += qr12 + y12;
    res[ro + 15] += qt20 + y20;
    res[ro + 16] += qt21 + y21;
    res[ro + 17] += q22 + y22;
    res[ro + 21] += sr00;
    res[ro + 22] += sr01;
    res[ro + 23] += sr02;
    res[ro + 28] += sr11;
    res[ro + 29] += sr12;
    res[ro + 35] += s22;
  }
}
