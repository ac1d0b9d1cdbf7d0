package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.EqualityType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * The rows of MuJoCo's equality constraints ({@link EqualityType}) in the constraint solve:
 * bilateral rows (impulse unbounded) with violation {@code pos} in {@code efcDist} and {@code J =
 * ∂pos/∂q} (in velocity coordinates), so that the solve aims at {@code J q̇⁺ = -erp·pos/dt}. Signs
 * and row order are MuJoCo 2.2.2's ({@code efc_pos}, {@code efc_J}): object 1 minus object 2.
 */
public final class Equality {
  /**
   * Offsets in the scratch {@code d.scratch36} (and, for their bars, {@code b.scratch36} in {@link
   * EqualityAdjoint}): the weld's quaternions {@code Q = q₁ ⊗ r}, {@code C = q₂⁻¹}, a third factor
   * T (r, then {@code (0, e_j)}), {@code E = C ⊗ Q}, the 3×3 factor K of the orientation rows, a
   * row's unit direction and the two points.
   */
  static final int Q = 0, C = 4, T = 8, E = 12, K = 16, DIR = 25, P1 = 28, P2 = 31;

  /** In a weld's {@code eqData}: the relative orientation r at [6, 10) and the torque scale ts. */
  static final int DATA_QUAT = 6, DATA_TORQUE_SCALE = 10;

  private Equality() {}

  /**
   * Appends the rows of active equality constraint e at the current positions. Requires {@link
   * Kinematics#forward} (and the tendon lengths for tendon couplings). The rows of one constraint
   * are consecutive.
   */
  static void addRows(Model m, Data d, int e) {
    EqualityType t = m.eqType(e);
    if (t == EqualityType.CONNECT || t == EqualityType.WELD) {
      int b1 = m.eqObj1(e), b2 = m.eqObj2(e);
      if (Jacobians.chainLastDof(m, b1) < 0 && Jacobians.chainLastDof(m, b2) < 0) {
        return; // both bodies are fixed to the world: nothing can move
      }
      double[] s = d.scratch36;
      // the two points: connect data[0..3) in body 1, data[3..6) in body 2; weld the other way
      // round
      int a1 = t == EqualityType.CONNECT ? 0 : 3, a2 = t == EqualityType.CONNECT ? 3 : 0;
      point(m, d, e, b1, a1, s, P1);
      point(m, d, e, b2, a2, s, P2);
      for (int i = 0; i < 3; i++) {
        s[DIR] = i == 0 ? 1 : 0;
        s[DIR + 1] = i == 1 ? 1 : 0;
        s[DIR + 2] = i == 2 ? 1 : 0;
        int r = bodyRow(m, d, e, b1, b2, s[P1 + i] - s[P2 + i]);
        Jacobians.addPointJacobian(m, d, d.efcJ, m.nv() * r, b1, s, P1, s, DIR, 1);
        Jacobians.addPointJacobian(m, d, d.efcJ, m.nv() * r, b2, s, P2, s, DIR, -1);
      }
      if (t == EqualityType.WELD) {
        weldRotation(m, d, e, b1, b2, s);
        for (int i = 0; i < 3; i++) {
          int r = bodyRow(m, d, e, b1, b2, s[E + 1 + i]);
          Jacobians.addAngularJacobian(m, d, d.efcJ, m.nv() * r, b1, s, K + 3 * i, 1);
          Jacobians.addAngularJacobian(m, d, d.efcJ, m.nv() * r, b2, s, K + 3 * i, -1);
        }
      }
    } else {
      scalarRow(m, d, e);
    }
  }

  /**
   * {@code out[o..o+3) = x_b + R_b data[a..a+3)}, the world position of a point given in body b's
   * frame.
   */
  static void point(Model m, Data d, int e, int b, int a, double[] out, int o) {
    for (int i = 0; i < 3; i++) {
      double v = d.xpos[3 * b + i];
      for (int k = 0; k < 3; k++) {
        v += d.xmat[9 * b + 3 * i + k] * m.eqData(e, a + k);
      }
      out[o + i] = v;
    }
  }

  /**
   * The orientation error of weld e and its Jacobian's 3×3 factor, in scratch s: {@code Q = q₁ ⊗ r}
   * at [0, 4), {@code c = q₂⁻¹} at [4, 8), {@code E = c ⊗ Q} at [12, 16) (the error is {@code Im
   * E}), and {@code K} row-major at [16, 25) with {@code K_ij = ½ ts Im(c ⊗ (0, e_j) ⊗ Q)_i}: the
   * error's rate is {@code K (ω₁ - ω₂) / ts} (MuJoCo 2.2.2 scales the Jacobian, not the error, by
   * the torque scale ts).
   */
  static void weldRotation(Model m, Data d, int e, int b1, int b2, double[] s) {
    double ts = m.eqData(e, DATA_TORQUE_SCALE);
    for (int k = 0; k < 4; k++) {
      s[T + k] = m.eqData(e, DATA_QUAT + k);
    }
    Quat.mul(s, Q, d.xquat, 4 * b1, s, T);
    Quat.conjugate(s, C, d.xquat, 4 * b2);
    for (int j = 0; j < 3; j++) {
      // c ⊗ (0, e_j) ⊗ Q
      s[T] = 0;
      s[T + 1] = j == 0 ? 1 : 0;
      s[T + 2] = j == 1 ? 1 : 0;
      s[T + 3] = j == 2 ? 1 : 0;
      Quat.mul(s, E, s, C, s, T);
      Quat.mul(s, E, s, E, s, Q);
      for (int i = 0; i < 3; i++) {
        s[K + 3 * i + j] = 0.5 * ts * s[E + 1 + i];
      }
    }
    Quat.mul(s, E, s, C, s, Q);
  }

  /**
   * A new row of equality e between bodies b1 and b2 with violation {@code pos}: dof range, leaf
   * and cleared Jacobian as for a contact between the two bodies; returns its index.
   */
  private static int bodyRow(Model m, Data d, int e, int b1, int b2, double pos) {
    int r = d.nefc++, nv = m.nv();
    int last1 = Jacobians.chainLastDof(m, b1), last2 = Jacobians.chainLastDof(m, b2);
    int hi = Math.max(last1, last2) + 1;
    d.efcLeaf[r] = last1 < 0 ? last2 : last2 < 0 ? last1 : -1;
    d.efcDofLo[r] =
        Math.min(Math.min(Jacobians.chainFirstDof(m, b1), Jacobians.chainFirstDof(m, b2)), hi);
    d.efcDofHi[r] = hi;
    java.util.Arrays.fill(d.efcJ, nv * r + d.efcDofLo[r], nv * r + hi, 0);
    Rows.jointSpaceRow(
        d, r, Rows.EQUALITY, e, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, pos);
    return r;
  }

  /**
   * The row of a joint or tendon coupling: {@code pos = v₁ - data[0] - P(v₂)}, {@code J = J₁ -
   * P'(v₂) J₂} with {@code vᵢ} the joint's value or the tendon's length relative to qpos0 and
   * {@code P(x) = Σₖ₌₁⁴ data[k] xᵏ}.
   */
  private static void scalarRow(Model m, Data d, int e) {
    int r = d.nefc++, nv = m.nv();
    boolean joint = m.eqType(e) == EqualityType.JOINT;
    int o1 = m.eqObj1(e), o2 = m.eqObj2(e);
    int lo = nv, hi = 0;
    for (int k = 0; k < 2; k++) {
      int o = k == 0 ? o1 : o2;
      if (o < 0) {
        continue;
      }
      if (joint) {
        int dof = m.jntDofAdr(o);
        lo = Math.min(lo, Jacobians.chainFirstDof(m, m.dofBody(dof)));
        hi = Math.max(hi, dof + 1);
      } else {
        for (int w = m.tendonAdr(o); w < m.tendonAdr(o) + m.tendonNum(o); w++) {
          lo = Math.min(lo, Jacobians.chainFirstDof(m, m.dofBody(m.wrapDofAdr(w))));
          hi = Math.max(hi, m.wrapDofAdr(w) + 1);
        }
      }
    }
    d.efcDofLo[r] = Math.min(lo, hi);
    d.efcDofHi[r] = hi;
    d.efcLeaf[r] = joint && o2 < 0 ? hi - 1 : -1;
    java.util.Arrays.fill(d.efcJ, nv * r + d.efcDofLo[r], nv * r + hi, 0);
    double pos = scalarValue(m, d, e, o1);
    addScalarJacobian(m, d, e, o1, r, 1);
    if (o2 >= 0) {
      double x = scalarValue(m, d, e, o2);
      pos -= polynomial(m, e, x);
      addScalarJacobian(m, d, e, o2, r, -polynomialSlope(m, e, x));
    }
    Rows.jointSpaceRow(
        d,
        r,
        Rows.EQUALITY,
        e,
        Double.NEGATIVE_INFINITY,
        Double.POSITIVE_INFINITY,
        pos - m.eqData(e, 0));
  }

  /** The value of joint or tendon o of coupling e relative to qpos0. */
  static double scalarValue(Model m, Data d, int e, int o) {
    if (m.eqType(e) == EqualityType.JOINT) {
      int a = m.jntQposAdr(o);
      return d.qpos[a] - m.qpos0(a);
    }
    double v = d.tendonLength[o];
    for (int w = m.tendonAdr(o); w < m.tendonAdr(o) + m.tendonNum(o); w++) {
      v -= m.wrapCoef(w) * m.qpos0(m.wrapQposAdr(w));
    }
    return v;
  }

  /** {@code efcJ[r] += scale · ∂v/∂q} for joint or tendon o of coupling e. */
  private static void addScalarJacobian(Model m, Data d, int e, int o, int r, double scale) {
    int nv = m.nv();
    if (m.eqType(e) == EqualityType.JOINT) {
      d.efcJ[nv * r + m.jntDofAdr(o)] += scale;
    } else {
      for (int w = m.tendonAdr(o); w < m.tendonAdr(o) + m.tendonNum(o); w++) {
        d.efcJ[nv * r + m.wrapDofAdr(w)] += scale * m.wrapCoef(w);
      }
    }
  }

  /** {@code P(x) = Σₖ₌₁⁴ data[k] xᵏ} of coupling e. */
  static double polynomial(Model m, int e, double x) {
    return x * (m.eqData(e, 1) + x * (m.eqData(e, 2) + x * (m.eqData(e, 3) + x * m.eqData(e, 4))));
  }

  /** {@code P'(x)}. */
  static double polynomialSlope(Model m, int e, double x) {
    return m.eqData(e, 1)
        + x * (2 * m.eqData(e, 2) + x * (3 * m.eqData(e, 3) + x * 4 * m.eqData(e, 4)));
  }

  /** {@code P''(x)}. */
  static double polynomialCurvature(Model m, int e, double x) {
    return 2 * m.eqData(e, 2) + x * (6 * m.eqData(e, 3) + x * 12 * m.eqData(e, 4));
  }
}
