package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.kinematics.JacobiansAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.EqualityType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * Adjoint of {@link Equality#addRows}: from the bars of an equality constraint's Jacobian rows
 * ({@code efcJBar}) and violations ({@code efcDistBar}) to the bars of the body poses ({@code
 * xposBar, xmatBar, xquatBar}), the motion subspaces ({@code dofSBar}) and {@code qposBar} (joint
 * and tendon couplings).
 */
public final class EqualityAdjoint {
  private EqualityAdjoint() {}

  /**
   * The block of rows of one equality constraint starting at row r0; consumes their {@code
   * efcDistBar}.
   */
  static void addRows(Model m, Data d, DataBar b, int r0) {
    int e = d.efcId[r0], nv = m.nv();
    EqualityType t = m.eqType(e);
    if (t == EqualityType.JOINT || t == EqualityType.TENDON) {
      scalarRow(m, d, b, e, r0);
      b.efcDistBar[r0] = 0;
      return;
    }
    int b1 = m.eqObj1(e), b2 = m.eqObj2(e);
    double[] s = d.scratch36, g = b.scratch36;
    int a1 = t == EqualityType.CONNECT ? 0 : 3, a2 = t == EqualityType.CONNECT ? 3 : 0;
    Equality.point(m, d, e, b1, a1, s, Equality.P1);
    Equality.point(m, d, e, b2, a2, s, Equality.P2);
    // g: the points' bars at P1 and P2, the discarded bars of the row directions at DIR
    java.util.Arrays.fill(g, 0);
    for (int i = 0; i < 3; i++) {
      int r = r0 + i;
      s[Equality.DIR] = i == 0 ? 1 : 0;
      s[Equality.DIR + 1] = i == 1 ? 1 : 0;
      s[Equality.DIR + 2] = i == 2 ? 1 : 0;
      JacobiansAdjoint.addPointJacobian(
          m,
          d,
          b,
          b.efcJBar,
          nv * r,
          b1,
          s,
          Equality.P1,
          g,
          Equality.P1,
          s,
          Equality.DIR,
          g,
          Equality.DIR,
          1);
      JacobiansAdjoint.addPointJacobian(
          m,
          d,
          b,
          b.efcJBar,
          nv * r,
          b2,
          s,
          Equality.P2,
          g,
          Equality.P2,
          s,
          Equality.DIR,
          g,
          Equality.DIR,
          -1);
      g[Equality.P1 + i] += b.efcDistBar[r];
      g[Equality.P2 + i] -= b.efcDistBar[r];
      b.efcDistBar[r] = 0;
    }
    pointAdjoint(m, d, b, e, b1, a1, g, Equality.P1);
    pointAdjoint(m, d, b, e, b2, a2, g, Equality.P2);
    if (t == EqualityType.WELD) {
      weldRotation(m, d, b, e, b1, b2, r0 + 3);
    }
  }

  /**
   * Adjoint of {@link Equality#point}: {@code p = x_b + R_b a} with the bar of p at {@code pBar[o
   * ..]}.
   */
  private static void pointAdjoint(
      Model m, Data d, DataBar b, int e, int body, int a, double[] pBar, int o) {
    for (int i = 0; i < 3; i++) {
      b.xposBar[3 * body + i] += pBar[o + i];
      for (int k = 0; k < 3; k++) {
        b.xmatBar[9 * body + 3 * i + k] += pBar[o + i] * m.eqData(e, a + k);
      }
    }
  }

  /**
   * The weld's orientation rows r..r+2: {@code pos_i = Im(E)_i}, {@code E = c ⊗ Q}, and rows {@code
   * K_i (J_ω(b1) - J_ω(b2))} with {@code K_ij = ½ ts Im(c ⊗ (0, e_j) ⊗ Q)_i}, {@code Q = q₁ ⊗ r},
   * {@code c = q₂⁻¹}.
   */
  private static void weldRotation(Model m, Data d, DataBar b, int e, int b1, int b2, int r) {
    int nv = m.nv();
    double ts = m.eqData(e, Equality.DATA_TORQUE_SCALE);
    double[] s = d.scratch36, g = b.scratch36;
    Equality.weldRotation(m, d, e, b1, b2, s);
    // g: the bars at the same offsets: Q̄, C̄, T̄, Ē (or Ū), K̄, and r̄ and ē_j (discarded) at DIR
    java.util.Arrays.fill(g, 0);
    for (int i = 0; i < 3; i++) {
      JacobiansAdjoint.addAngularJacobian(
          m, d, b, b.efcJBar, nv * (r + i), b1, s, Equality.K + 3 * i, g, Equality.K + 3 * i, 1);
      JacobiansAdjoint.addAngularJacobian(
          m, d, b, b.efcJBar, nv * (r + i), b2, s, Equality.K + 3 * i, g, Equality.K + 3 * i, -1);
    }
    // E = c ⊗ Q with Ē from the violations
    g[Equality.E] = 0;
    for (int i = 0; i < 3; i++) {
      g[Equality.E + 1 + i] = b.efcDistBar[r + i];
      b.efcDistBar[r + i] = 0;
    }
    Quat.mulAdjoint(g, Equality.E, s, Equality.C, s, Equality.Q, g, Equality.C, g, Equality.Q);
    // K's columns: U_j = T_j ⊗ Q, T_j = c ⊗ (0, e_j)
    for (int j = 0; j < 3; j++) {
      s[Equality.T] = 0;
      s[Equality.T + 1] = j == 0 ? 1 : 0;
      s[Equality.T + 2] = j == 1 ? 1 : 0;
      s[Equality.T + 3] = j == 2 ? 1 : 0;
      Quat.mul(s, Equality.E, s, Equality.C, s, Equality.T);
      g[Equality.E] = 0;
      for (int i = 0; i < 3; i++) {
        g[Equality.E + 1 + i] = 0.5 * ts * g[Equality.K + 3 * i + j];
      }
      java.util.Arrays.fill(g, Equality.T, Equality.T + 4, 0);
      Quat.mulAdjoint(g, Equality.E, s, Equality.E, s, Equality.Q, g, Equality.T, g, Equality.Q);
      Quat.mulAdjoint(g, Equality.T, s, Equality.C, s, Equality.T, g, Equality.C, g, Equality.DIR);
    }
    // Q = q₁ ⊗ r, c = conj(q₂)
    for (int k = 0; k < 4; k++) {
      s[Equality.T + k] = m.eqData(e, Equality.DATA_QUAT + k);
    }
    Quat.mulAdjoint(
        g, Equality.Q, d.xquat, 4 * b1, s, Equality.T, b.xquatBar, 4 * b1, g, Equality.DIR);
    b.xquatBar[4 * b2] += g[Equality.C];
    for (int k = 1; k < 4; k++) {
      b.xquatBar[4 * b2 + k] -= g[Equality.C + k];
    }
  }

  /**
   * The row of a joint or tendon coupling: {@code pos = v₁ - data[0] - P(v₂)}, {@code J = J₁ -
   * P'(v₂) J₂}; the values are linear in qpos, the Jacobians {@code J₁, J₂} constant.
   */
  private static void scalarRow(Model m, Data d, DataBar b, int e, int r) {
    int o1 = m.eqObj1(e), o2 = m.eqObj2(e);
    double g = b.efcDistBar[r];
    valueAdjoint(m, b, e, o1, g);
    if (o2 >= 0) {
      double x = Equality.scalarValue(m, d, e, o2);
      // P'(x) multiplies J₂ in the row: its bar is -J̄·J₂
      double slopeBar = -jacobianDot(m, b, e, o2, r);
      valueAdjoint(
          m,
          b,
          e,
          o2,
          -g * Equality.polynomialSlope(m, e, x)
              + slopeBar * Equality.polynomialCurvature(m, e, x));
    }
  }

  /** {@code Σ_k J̄_rk ∂v/∂q_k} for joint or tendon o of coupling e. */
  private static double jacobianDot(Model m, DataBar b, int e, int o, int r) {
    int nv = m.nv();
    if (m.eqType(e) == EqualityType.JOINT) {
      return b.efcJBar[nv * r + m.jntDofAdr(o)];
    }
    double dot = 0;
    for (int w = m.tendonAdr(o); w < m.tendonAdr(o) + m.tendonNum(o); w++) {
      dot += m.wrapCoef(w) * b.efcJBar[nv * r + m.wrapDofAdr(w)];
    }
    return dot;
  }

  /** {@code qposBar += vBar ∂v/∂qpos} for joint or tendon o of coupling e. */
  private static void valueAdjoint(Model m, DataBar b, int e, int o, double vBar) {
    if (m.eqType(e) == EqualityType.JOINT) {
      b.qposBar[m.jntQposAdr(o)] += vBar;
    } else {
      for (int w = m.tendonAdr(o); w < m.tendonAdr(o) + m.tendonNum(o); w++) {
        b.qposBar[m.wrapQposAdr(w)] += vBar * m.wrapCoef(w);
      }
    }
  }
}
