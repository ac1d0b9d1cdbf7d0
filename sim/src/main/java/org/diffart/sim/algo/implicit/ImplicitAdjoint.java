package org.diffart.sim.algo.implicit;

import org.diffart.sim.algo.dynamics.CrbaAdjoint;
import org.diffart.sim.algo.dynamics.RneaAdjoint;
import org.diffart.sim.algo.dynamics.TreeLu;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.forces.ForcesAdjoint;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Implicit#acceleration}, {@code z = M̃⁻¹ M a} with {@code M̃ = M - dt D}: with
 * {@code y = M̃⁻ᵀ z̄}, {@code ā = M y}, {@code M̄ = y (a - z)ᵀ} and {@code D̄ = dt y zᵀ} (projected
 * as the forward gathered D: mirrored under implicitfast), then D's terms: the actuators' {@code κ
 * mᵀm} (into the control or activation and the moment arms), the joint damping (a parameter), the
 * tendons' {@code -b JᵀJ} and the bias derivative's columns, each the adjoint of two inverse
 * dynamics passes ({@link RneaAdjoint}).
 */
public final class ImplicitAdjoint {
  private ImplicitAdjoint() {}

  /**
   * Turns {@code qaccBar}, the bar of {@code qaccImplicit}, into the bar of the forward's {@code
   * qacc}, and accumulates the bars of M (through {@link CrbaAdjoint}), of the damping parameters,
   * controls and activations, moment arms ({@code actuatorMomentBar}, {@code tendonJBar}),
   * velocities and kinematics. Requires {@link Implicit#acceleration}'s forward on d, and {@code
   * bodyVelBar, bodyBiasBar} clear (as between the stages of a step's adjoint).
   */
  public static void acceleration(Model m, Data d, DataBar b) {
    int nv = m.nv();
    double h = m.opt().timestep();
    double[] y = b.implicitY, a = d.qacc, z = d.qaccImplicit, mb = b.qMBar, db = b.qDerivBar;
    System.arraycopy(b.qaccBar, 0, y, 0, nv);
    TreeLu.solve(m, d.qH, y, true);
    Implicit.mulM(m, d, y, b.qaccBar);
    // M̄ = y (a - z)ᵀ, one bar per symmetric pair
    for (int k = 0; k < nv; k++) {
      mb[nv * k + k] += y[k] * (a[k] - z[k]);
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        mb[nv * k + l] += y[k] * (a[l] - z[l]) + y[l] * (a[k] - z[k]);
      }
    }
    CrbaAdjoint.massMatrix(m, d, b);
    // D̄ = dt y zᵀ as the forward gathered D
    boolean fast = m.opt().integrator() == Integrator.IMPLICITFAST;
    java.util.Arrays.fill(db, 0);
    for (int k = 0; k < nv; k++) {
      db[nv * k + k] = h * y[k] * z[k];
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        if (fast) {
          db[nv * k + l] = h * (y[k] * z[l] + y[l] * z[k]);
        } else {
          db[nv * k + l] = h * y[k] * z[l];
          db[nv * l + k] = h * y[l] * z[k];
        }
      }
    }
    if (fast) {
      freeBlocks(m, d, b, h);
    }
    derivative(m, d, b);
  }

  /**
   * The free bodies' blocks under implicitfast: D's whole block unmirrored, and the bias
   * derivative's rotational columns ({@code M̃ += dt ∂bias/∂q̇} there).
   */
  private static void freeBlocks(Model m, Data d, DataBar b, double h) {
    int nv = m.nv();
    double[] y = b.implicitY, z = d.qaccImplicit, db = b.qDerivBar, lambda = b.implicitWork;
    boolean any = false;
    for (int j = 0; j < m.njnt(); j++) {
      if (!Implicit.standaloneFree(m, j)) {
        continue;
      }
      any = true;
      int da = m.jntDofAdr(j);
      for (int r = da; r < da + 6; r++) {
        for (int c = da; c < da + 6; c++) {
          db[nv * r + c] = h * y[r] * z[c];
        }
      }
      for (int c = da + 3; c < da + 6; c++) {
        java.util.Arrays.fill(lambda, 0);
        for (int r = da; r < da + 6; r++) {
          lambda[r] = -h * y[r] * z[c];
        }
        biasColumn(m, d, b, c, lambda);
      }
    }
    if (any) {
      Kinematics.velocity(m, d);
    }
  }

  /** Adjoint of {@link Implicit#derivative}: consumes {@code qDerivBar}. */
  private static void derivative(Model m, Data d, DataBar b) {
    int nv = m.nv();
    double[] db = b.qDerivBar, x = b.implicitWork, xBar = b.implicitMomentBar;
    if (m.opt().actuation()) {
      for (int a = 0; a < m.nu(); a++) {
        double kappa = Implicit.actuatorDamping(m, d, a);
        if (kappa == 0 && (m.actGain(a, 2) == 0 || Implicit.forceClamped(m, d, a))) {
          continue;
        }
        Forces.moment(m, d, a, x);
        double kappaBar = outerAdjoint(m, db, x, kappa, xBar);
        ForcesAdjoint.moment(m, b, a, xBar);
        int s = m.actActAdr(a);
        if (s >= 0) {
          b.actBar[s] += m.actGain(a, 2) * kappaBar;
        } else {
          b.ctrlBar[a] += m.actGain(a, 2) * kappaBar;
        }
      }
    }
    if (m.opt().passive()) {
      for (int k = 0; k < nv; k++) {
        b.dofDampingBar[k] -= db[nv * k + k];
      }
      for (int t = 0; t < m.ntendon(); t++) {
        if (m.tendonDamping(t) != 0 && m.tendonSpatial(t)) {
          Implicit.tendonJacobian(m, d, t, x);
          outerAdjoint(m, db, x, -m.tendonDamping(t), xBar);
          for (int k = 0; k < nv; k++) {
            b.tendonJBar[nv * t + k] += xBar[k];
          }
        }
      }
    }
    if (m.opt().integrator() == Integrator.IMPLICIT) {
      for (int c = 0; c < nv; c++) {
        for (int r = 0; r < nv; r++) {
          x[r] = -db[nv * r + c];
        }
        biasColumn(m, d, b, c, x);
      }
      Kinematics.velocity(m, d);
    }
    java.util.Arrays.fill(db, 0);
  }

  /**
   * Adjoint of {@code D += s · x xᵀ} on the tree pattern: returns {@code s̄ = Σ D̄_kl x_k x_l} and
   * writes {@code x̄ = s (D̄ + D̄ᵀ) x} into {@code xBar}.
   */
  private static double outerAdjoint(Model m, double[] db, double[] x, double s, double[] xBar) {
    int nv = m.nv();
    double sBar = 0;
    for (int k = 0; k < nv; k++) {
      xBar[k] = 2 * s * db[nv * k + k] * x[k];
      sBar += db[nv * k + k] * x[k] * x[k];
    }
    for (int k = 0; k < nv; k++) {
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        double g = db[nv * k + l] + db[nv * l + k];
        sBar += g * x[k] * x[l];
        xBar[k] += s * g * x[l];
        xBar[l] += s * g * x[k];
      }
    }
    return sBar;
  }

  /**
   * Adjoint of {@link Implicit#biasColumn} with the bars {@code lambda} of column c: {@code ½ λᵀ
   * ∂bias/∂(·)} at {@code q̇ + e_c} minus the same at {@code q̇ - e_c}, each through the velocity
   * kinematics at that velocity. Leaves those kinematics at {@code q̇ - e_c}.
   */
  private static void biasColumn(Model m, Data d, DataBar b, int c, double[] lambda) {
    double v = d.qvel[c];
    double[] zero = b.implicitZero;
    for (int side = 0; side < 2; side++) {
      d.qvel[c] = side == 0 ? v + 1 : v - 1;
      Kinematics.velocity(m, d);
      RneaAdjoint.inverse(m, d, b, zero, lambda, side == 0 ? 0.5 : -0.5, true);
      KinematicsAdjoint.velocity(m, d, b);
    }
    d.qvel[c] = v;
  }
}
