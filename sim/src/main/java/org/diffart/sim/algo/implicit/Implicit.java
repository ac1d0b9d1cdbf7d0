package org.diffart.sim.algo.implicit;

import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.dynamics.Rnea;
import org.diffart.sim.algo.dynamics.TreeLu;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * The velocity solve of MuJoCo 3.x's integrators implicit in velocity ({@link Integrator#IMPLICIT},
 * {@link Integrator#IMPLICITFAST}): the forward's acceleration {@code a} (constraints solved with
 * plain M) becomes the acceleration the step applies, {@code z = M̃⁻¹ M a}, {@code M̃ = M - dt D}
 * on the tree pattern of M, with D the derivative {@code qDeriv} of the smooth forces in velocity
 * ({@link #derivative}). The force {@code M a} is MuJoCo's {@code qfrc_smooth + qfrc_constraint}.
 *
 * <p>{@code implicit}: D whole, with {@code -∂qfrc_bias/∂qvel}; {@code M̃} is factored by {@link
 * TreeLu}. {@code implicitfast}: D without the bias term, its lower triangle mirrored (MuJoCo
 * gathers only the lower triangle into its symmetric factorisation); the 6×6 block of each
 * standalone free body ({@link #standaloneFree}) is {@code M - dt (D + ∂(-qfrc_bias)/∂qvel)}
 * unmirrored, as MuJoCo 3.14 solves those blocks apart with their gyroscopic terms. The other
 * blocks are symmetric and the LU of a symmetric matrix is its {@code LᵀDL}, so one {@link TreeLu}
 * serves both.
 *
 * <p>{@code ∂qfrc_bias/∂qvel}: the bias {@code C(q, q̇) q̇ + g(q)} is quadratic in q̇, so its
 * column j is exactly {@code (bias(q̇ + e_j) - bias(q̇ - e_j)) / 2} ({@link #biasColumn}, two
 * passes of {@link Rnea}); its adjoint is two of {@link RneaAdjoint}'s.
 */
public final class Implicit {
  private Implicit() {}

  /**
   * The acceleration the implicit step applies into {@code qaccImplicit}, from the forward's {@code
   * qacc}; writes {@code qM} (and {@code crb}), {@code qDeriv} and the factor {@code qH}. Requires
   * the forward's dynamics with plain M (kinematics, velocities, actuator forces and moments,
   * tendons).
   */
  public static void acceleration(Model m, Data d) {
    int nv = m.nv();
    double h = m.opt().timestep();
    Crba.massMatrix(m, d);
    mulM(m, d, d.qacc, d.qaccImplicit);
    derivative(m, d);
    double[] a = d.qH, deriv = d.qDeriv;
    boolean fast = m.opt().integrator() == Integrator.IMPLICITFAST;
    for (int k = 0; k < nv; k++) {
      a[nv * k + k] = d.qM[nv * k + k] - h * deriv[nv * k + k];
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        a[nv * k + l] = d.qM[nv * k + l] - h * deriv[nv * k + l];
        a[nv * l + k] = fast ? a[nv * k + l] : d.qM[nv * k + l] - h * deriv[nv * l + k];
      }
    }
    if (fast) {
      freeBlocks(m, d, h);
    }
    TreeLu.factor(m, a);
    TreeLu.solve(m, a, d.qaccImplicit, false);
  }

  /**
   * The 6×6 blocks of {@code qH} of the standalone free bodies under implicitfast: M's block minus
   * dt times D's whole block and the bias derivative's ({@link #biasColumn}: its translational
   * columns are zero).
   */
  private static void freeBlocks(Model m, Data d, double h) {
    int nv = m.nv();
    double[] col = d.implicitWork;
    boolean any = false;
    for (int j = 0; j < m.njnt(); j++) {
      if (!standaloneFree(m, j)) {
        continue;
      }
      any = true;
      int da = m.jntDofAdr(j);
      for (int r = da; r < da + 6; r++) {
        for (int c = da; c < da + 6; c++) {
          d.qH[nv * r + c] = d.qM[nv * r + c] - h * d.qDeriv[nv * r + c];
        }
      }
      for (int c = da + 3; c < da + 6; c++) {
        biasColumn(m, d, c);
        for (int r = da; r < da + 6; r++) {
          d.qH[nv * r + c] += h * col[r];
        }
      }
    }
    if (any) {
      // the bias columns left the velocity kinematics at a perturbed velocity
      Kinematics.velocity(m, d);
    }
  }

  /**
   * Whether joint j is the free joint of a standalone free body, as MuJoCo 3.14's {@code
   * mj_isFreeBody}: its body's only joint, and no descendant body with degrees of freedom or mass.
   */
  public static boolean standaloneFree(Model m, int j) {
    int body = m.jntBody(j);
    if (m.jntType(j) != JointType.FREE || m.bodyJntNum(body) != 1) {
      return false;
    }
    for (int b = body + 1; b < m.nbody(); b++) {
      int p = m.bodyParent(b);
      while (p > body) {
        p = m.bodyParent(p);
      }
      if (p == body && (m.bodyDofNum(b) > 0 || m.bodyMass(b) > 0)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Column c of {@code ∂qfrc_bias/∂qvel} into {@code implicitWork[0, nv)}: {@code (bias(q̇ + e_c) -
   * bias(q̇ - e_c)) / 2}, exact since the bias is quadratic in q̇. Leaves the velocity kinematics
   * at {@code q̇ - e_c} (the caller recomputes them once after all its columns).
   */
  static void biasColumn(Model m, Data d, int c) {
    int nv = m.nv();
    double[] zero = d.scratchNv1, w = d.implicitWork, minus = d.implicitBiasMinus;
    double v = d.qvel[c];
    java.util.Arrays.fill(zero, 0);
    d.qvel[c] = v + 1;
    Kinematics.velocity(m, d);
    Rnea.inverse(m, d, zero, w);
    d.qvel[c] = v - 1;
    Kinematics.velocity(m, d);
    Rnea.inverse(m, d, zero, minus);
    d.qvel[c] = v;
    for (int r = 0; r < nv; r++) {
      w[r] = 0.5 * (w[r] - minus[r]);
    }
  }

  /**
   * MuJoCo's {@code qDeriv} into {@code qDeriv} on the tree pattern (both triangles): velocity-
   * dependent actuators {@code Σ κ mᵀm} ({@code κ = bias2 + gain2 · ctrl}, the control as {@code
   * ctrl} holds it, or the activation; none where the force is at or beyond a limit of its range),
   * joint damping {@code -b} on the diagonal, tendon damping {@code -b JᵀJ}, and under implicit
   * {@code -∂qfrc_bias/∂qvel}. Entries outside the tree pattern (two dofs of different branches,
   * which a tendon or actuator may couple) are left out, as in MuJoCo.
   */
  public static void derivative(Model m, Data d) {
    int nv = m.nv();
    double[] deriv = d.qDeriv, mom = d.implicitWork;
    java.util.Arrays.fill(deriv, 0);
    if (m.opt().actuation()) {
      for (int a = 0; a < m.nu(); a++) {
        double kappa = actuatorDamping(m, d, a);
        if (kappa != 0) {
          Forces.moment(m, d, a, mom);
          addOuter(m, deriv, mom, kappa);
        }
      }
    }
    if (m.opt().passive()) {
      for (int k = 0; k < nv; k++) {
        deriv[nv * k + k] -= d.dofDamping[k];
      }
      for (int t = 0; t < m.ntendon(); t++) {
        if (m.tendonDamping(t) != 0) {
          tendonJacobian(m, d, t, mom);
          addOuter(m, deriv, mom, -m.tendonDamping(t));
        }
      }
    }
    if (m.opt().integrator() == Integrator.IMPLICIT) {
      for (int c = 0; c < nv; c++) {
        biasColumn(m, d, c);
        for (int r = 0; r < nv; r++) {
          deriv[nv * r + c] -= mom[r];
        }
      }
      Kinematics.velocity(m, d);
    }
  }

  /**
   * {@code ∂force/∂velocity} of actuator a as MuJoCo's {@code mjd_actuator_vel}: {@code bias2 +
   * gain2 · input} (input {@code ctrl} unclamped, or the activation), 0 where the force is clamped.
   */
  static double actuatorDamping(Model m, Data d, int a) {
    if (forceClamped(m, d, a)) {
      return 0;
    }
    int s = m.actActAdr(a);
    return m.actBias(a, 2) + m.actGain(a, 2) * (s >= 0 ? d.act[s] : d.ctrl[a]);
  }

  /** Whether actuator a's force is at or beyond a limit of its force range. */
  static boolean forceClamped(Model m, Data d, int a) {
    return m.actForceLimited(a)
        && (d.actuatorForce[a] <= m.actForceRange(a, 0)
            || d.actuatorForce[a] >= m.actForceRange(a, 1));
  }

  /** Tendon t's Jacobian ∂L/∂q into {@code out[0, nv)}. */
  static void tendonJacobian(Model m, Data d, int t, double[] out) {
    int nv = m.nv();
    if (m.tendonSpatial(t)) {
      System.arraycopy(d.tendonJ, nv * t, out, 0, nv);
      return;
    }
    java.util.Arrays.fill(out, 0, nv, 0);
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      out[m.wrapDofAdr(w)] += m.wrapCoef(w);
    }
  }

  /** {@code deriv += s · x xᵀ} on the tree pattern, both triangles. */
  private static void addOuter(Model m, double[] deriv, double[] x, double s) {
    int nv = m.nv();
    for (int k = 0; k < nv; k++) {
      if (x[k] == 0) {
        continue;
      }
      double sk = s * x[k];
      deriv[nv * k + k] += sk * x[k];
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        deriv[nv * k + l] += sk * x[l];
        deriv[nv * l + k] += sk * x[l];
      }
    }
  }

  /** {@code out = M x} with M on its tree pattern in {@code qM}. */
  static void mulM(Model m, Data d, double[] x, double[] out) {
    int nv = m.nv();
    for (int k = 0; k < nv; k++) {
      out[k] = d.qM[nv * k + k] * x[k];
    }
    for (int k = 0; k < nv; k++) {
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        out[k] += d.qM[nv * k + l] * x[l];
        out[l] += d.qM[nv * k + l] * x[k];
      }
    }
  }
}
