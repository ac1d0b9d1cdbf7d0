package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * MuJoCo 2.2.2's inertia-box fluid forces ({@code option density, viscosity, wind}): each body with
 * mass is a box with the principal moments of its compiled inertia (side {@code s_k = √(6 (I_{k+1}
 * + I_{k+2} - I_k)/m)}) moving through the medium with its velocity {@code (ω, v)} relative to the
 * wind, in its inertial frame at its centre of mass. Viscous (Stokes) drag {@code τ = -π d³ μ ω},
 * {@code f = -3π d μ v} with {@code d} the mean side, and quadratic drag {@code τ_k = -ρ s_k
 * (s_{k+1}⁴ + s_{k+2}⁴)/64 ω_k|ω_k|}, {@code f_k = -½ ρ s_{k+1} s_{k+2} v_k|v_k|}, applied at the
 * centre of mass and added to {@code qfrcPassive} (equal to MuJoCo's {@code qfrc_passive} on the
 * Control Suite's fish and swimmer).
 *
 * <p>The box is the model's compiled one: per-world inertias that scale mass and inertia together
 * ({@code Wrt.MASS}) leave it unchanged.
 */
public final class Fluid {
  private Fluid() {}

  /**
   * Adds the fluid forces of every body with mass to {@code qfrcPassive}. Requires {@link
   * Kinematics#velocity}.
   */
  static void forces(Model m, Data d) {
    double[] w = d.scratch36;
    for (int i = 1; i < m.nbody(); i++) {
      if (m.bodyMass(i) < 1e-15) {
        continue;
      }
      wrench(m, d, i, w);
      applyWrench(m, d, i, w, 18, d.qfrcPassive);
    }
  }

  /** The side {@code s_k} of body i's inertia box. */
  static double side(Model m, int i, int k) {
    double v = m.bodyInertia(i, (k + 1) % 3) + m.bodyInertia(i, (k + 2) % 3) - m.bodyInertia(i, k);
    return Math.sqrt(Math.max(1e-15, v) / m.bodyMass(i) * 6);
  }

  /**
   * Body i's fluid wrench into {@code w}: the local velocity {@code (ω_l, v_l)} at [0, 6), the
   * local torque and force {@code (τ_l, f_l)} at [6, 12), the body-frame torque about the centre of
   * mass and force at [12, 18), the world torque about the body origin and force at [18, 24), and
   * {@code R_I}, the rotation of the inertial frame into the body frame, row-major at [24, 33).
   */
  static void wrench(Model m, Data d, int i, double[] w) {
    double mu = m.opt().viscosity(), rho = m.opt().density();
    int o = 6 * i;
    for (int k = 0; k < 4; k++) {
      w[k] = m.bodyIquat(i, k);
    }
    Quat.toMat(w, 24, w, 0);
    // velocity of the centre of mass c in the body frame: v + ω × c, minus the wind seen in the
    // body frame
    for (int k = 0; k < 3; k++) {
      int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      double wind = 0;
      for (int j = 0; j < 3; j++) {
        wind += d.xmat[9 * i + 3 * j + k] * m.opt().wind(j);
      }
      w[12 + k] =
          d.bodyVel[o + 3 + k]
              + d.bodyVel[o + k1] * m.bodyIpos(i, k2)
              - d.bodyVel[o + k2] * m.bodyIpos(i, k1)
              - wind;
    }
    for (int k = 0; k < 3; k++) {
      double wl = 0, vl = 0;
      for (int j = 0; j < 3; j++) {
        wl += w[24 + 3 * j + k] * d.bodyVel[o + j];
        vl += w[24 + 3 * j + k] * w[12 + j];
      }
      w[k] = wl;
      w[3 + k] = vl;
    }
    double s0 = side(m, i, 0), s1 = side(m, i, 1), s2 = side(m, i, 2), diam = (s0 + s1 + s2) / 3;
    for (int k = 0; k < 3; k++) {
      double sk = k == 0 ? s0 : k == 1 ? s1 : s2, sa = k == 0 ? s1 : k == 1 ? s2 : s0;
      double sb = k == 0 ? s2 : k == 1 ? s0 : s1;
      double wl = w[k], vl = w[3 + k];
      w[6 + k] =
          -Math.PI * diam * diam * diam * mu * wl
              - rho * sk * (sa * sa * sa * sa + sb * sb * sb * sb) / 64 * wl * Math.abs(wl);
      w[9 + k] = -3 * Math.PI * diam * mu * vl - 0.5 * rho * sa * sb * vl * Math.abs(vl);
    }
    // body frame: τ_c = R_I τ_l, f = R_I f_l; world: F = R f, T = R (τ_c + c × f) about the body
    // origin
    for (int k = 0; k < 3; k++) {
      double t = 0, f = 0;
      for (int j = 0; j < 3; j++) {
        t += w[24 + 3 * k + j] * w[6 + j];
        f += w[24 + 3 * k + j] * w[9 + j];
      }
      w[12 + k] = t;
      w[15 + k] = f;
    }
    for (int k = 0; k < 3; k++) {
      double t = 0, f = 0;
      for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        double tb = w[12 + j] + m.bodyIpos(i, j1) * w[15 + j2] - m.bodyIpos(i, j2) * w[15 + j1];
        t += d.xmat[9 * i + 3 * k + j] * tb;
        f += d.xmat[9 * i + 3 * k + j] * w[15 + j];
      }
      w[18 + k] = t;
      w[21 + k] = f;
    }
  }

  /**
   * {@code qfrc += Jᵀ (T, F)} for the world torque {@code T = w[o..o+3)} about body i's origin and
   * force {@code F = w[o+3..o+6)}: on each dof k of an ancestor b, {@code S_angᵀ R_bᵀ (T + (x_i -
   * x_b) × F) + S_linᵀ R_bᵀ F}.
   */
  static void applyWrench(Model m, Data d, int i, double[] w, int o, double[] qfrc) {
    double fx = w[o + 3], fy = w[o + 4], fz = w[o + 5];
    for (int b = i; b > 0; b = m.bodyParent(b)) {
      int d0 = m.bodyDofAdr(b);
      if (d0 < 0) {
        continue;
      }
      double ex = d.xpos[3 * i] - d.xpos[3 * b], ey = d.xpos[3 * i + 1] - d.xpos[3 * b + 1];
      double ez = d.xpos[3 * i + 2] - d.xpos[3 * b + 2];
      double tx = w[o] + ey * fz - ez * fy,
          ty = w[o + 1] + ez * fx - ex * fz,
          tz = w[o + 2] + ex * fy - ey * fx;
      double[] r = d.xmat;
      int ro = 9 * b;
      double ltx = r[ro] * tx + r[ro + 3] * ty + r[ro + 6] * tz;
      double lty = r[ro + 1] * tx + r[ro + 4] * ty + r[ro + 7] * tz;
      double ltz = r[ro + 2] * tx + r[ro + 5] * ty + r[ro + 8] * tz;
      double lfx = r[ro] * fx + r[ro + 3] * fy + r[ro + 6] * fz;
      double lfy = r[ro + 1] * fx + r[ro + 4] * fy + r[ro + 7] * fz;
      double lfz = r[ro + 2] * fx + r[ro + 5] * fy + r[ro + 8] * fz;
      for (int k = d0; k < d0 + m.bodyDofNum(b); k++) {
        int so = 6 * k;
        qfrc[k] +=
            d.dofS[so] * ltx
                + d.dofS[so + 1] * lty
                + d.dofS[so + 2] * ltz
                + d.dofS[so + 3] * lfx
                + d.dofS[so + 4] * lfy
                + d.dofS[so + 5] * lfz;
      }
    }
  }
}
