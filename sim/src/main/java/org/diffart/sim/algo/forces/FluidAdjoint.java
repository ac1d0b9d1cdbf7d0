package org.diffart.sim.algo.forces;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Fluid#forces}: from {@code qfrcPassiveBar} (read, not consumed) to the bars of
 * the body velocities ({@code bodyVelBar}), poses ({@code xposBar, xmatBar}) and motion subspaces
 * ({@code dofSBar}).
 */
public final class FluidAdjoint {
  private FluidAdjoint() {}

  static void forces(Model m, Data d, DataBar b) {
    double[] w = d.scratch36, g = b.scratch36;
    for (int i = 1; i < m.nbody(); i++) {
      if (m.bodyMass(i) < 1e-15) {
        continue;
      }
      Fluid.wrench(m, d, i, w);
      java.util.Arrays.fill(g, 0);
      applyWrench(m, d, b, i, w, g);
      wrench(m, d, b, i, w, g);
    }
  }

  /**
   * Adjoint of {@link Fluid#applyWrench} with the wrench at {@code w[18..24)}: its bar into {@code
   * g[18..24)}, and the bars of the poses and motion subspaces of body i's ancestors.
   */
  private static void applyWrench(Model m, Data d, DataBar b, int i, double[] w, double[] g) {
    double fx = w[21], fy = w[22], fz = w[23];
    double[] fb = b.qfrcPassiveBar, r = d.xmat, rb = b.xmatBar;
    for (int bd = i; bd > 0; bd = m.bodyParent(bd)) {
      int d0 = m.bodyDofAdr(bd);
      if (d0 < 0) {
        continue;
      }
      double ex = d.xpos[3 * i] - d.xpos[3 * bd], ey = d.xpos[3 * i + 1] - d.xpos[3 * bd + 1];
      double ez = d.xpos[3 * i + 2] - d.xpos[3 * bd + 2];
      double tx = w[18] + ey * fz - ez * fy,
          ty = w[19] + ez * fx - ex * fz,
          tz = w[20] + ex * fy - ey * fx;
      int ro = 9 * bd;
      double ltx = r[ro] * tx + r[ro + 3] * ty + r[ro + 6] * tz;
      double lty = r[ro + 1] * tx + r[ro + 4] * ty + r[ro + 7] * tz;
      double ltz = r[ro + 2] * tx + r[ro + 5] * ty + r[ro + 8] * tz;
      double lfx = r[ro] * fx + r[ro + 3] * fy + r[ro + 6] * fz;
      double lfy = r[ro + 1] * fx + r[ro + 4] * fy + r[ro + 7] * fz;
      double lfz = r[ro + 2] * fx + r[ro + 5] * fy + r[ro + 8] * fz;
      double ltbx = 0, ltby = 0, ltbz = 0, lfbx = 0, lfby = 0, lfbz = 0;
      for (int k = d0; k < d0 + m.bodyDofNum(bd); k++) {
        double gk = fb[k];
        int so = 6 * k;
        b.dofSBar[so] += gk * ltx;
        b.dofSBar[so + 1] += gk * lty;
        b.dofSBar[so + 2] += gk * ltz;
        b.dofSBar[so + 3] += gk * lfx;
        b.dofSBar[so + 4] += gk * lfy;
        b.dofSBar[so + 5] += gk * lfz;
        ltbx += gk * d.dofS[so];
        ltby += gk * d.dofS[so + 1];
        ltbz += gk * d.dofS[so + 2];
        lfbx += gk * d.dofS[so + 3];
        lfby += gk * d.dofS[so + 4];
        lfbz += gk * d.dofS[so + 5];
      }
      // lt = R_bᵀ t, lf = R_bᵀ F: R̄_jc += t_j l̄t_c + F_j l̄f_c; t̄ = R l̄t, F̄ += R l̄f
      double tbx = 0, tby = 0, tbz = 0;
      for (int j = 0; j < 3; j++) {
        double tj = j == 0 ? tx : j == 1 ? ty : tz, fj = j == 0 ? fx : j == 1 ? fy : fz;
        rb[ro + 3 * j] += tj * ltbx + fj * lfbx;
        rb[ro + 3 * j + 1] += tj * ltby + fj * lfby;
        rb[ro + 3 * j + 2] += tj * ltbz + fj * lfbz;
        double tb = r[ro + 3 * j] * ltbx + r[ro + 3 * j + 1] * ltby + r[ro + 3 * j + 2] * ltbz;
        g[21 + j] += r[ro + 3 * j] * lfbx + r[ro + 3 * j + 1] * lfby + r[ro + 3 * j + 2] * lfbz;
        g[18 + j] += tb;
        if (j == 0) {
          tbx = tb;
        } else if (j == 1) {
          tby = tb;
        } else {
          tbz = tb;
        }
      }
      // t = T + e × F: ē = F × t̄, F̄ += t̄ × e
      double ebx = fy * tbz - fz * tby, eby = fz * tbx - fx * tbz, ebz = fx * tby - fy * tbx;
      g[21] += tby * ez - tbz * ey;
      g[22] += tbz * ex - tbx * ez;
      g[23] += tbx * ey - tby * ex;
      b.xposBar[3 * i] += ebx;
      b.xposBar[3 * i + 1] += eby;
      b.xposBar[3 * i + 2] += ebz;
      b.xposBar[3 * bd] -= ebx;
      b.xposBar[3 * bd + 1] -= eby;
      b.xposBar[3 * bd + 2] -= ebz;
    }
  }

  /** Adjoint of {@link Fluid#wrench} from the world wrench's bar {@code g[18..24)}. */
  private static void wrench(Model m, Data d, DataBar b, int i, double[] w, double[] g) {
    double mu = m.opt().viscosity(), rho = m.opt().density();
    int ro = 9 * i, o = 6 * i;
    // T = R (τ_c + c × f), F = R f
    for (int k = 0; k < 3; k++) {
      for (int j = 0; j < 3; j++) {
        int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        double tb = w[12 + j] + m.bodyIpos(i, j1) * w[15 + j2] - m.bodyIpos(i, j2) * w[15 + j1];
        b.xmatBar[ro + 3 * k + j] += g[18 + k] * tb + g[21 + k] * w[15 + j];
      }
    }
    for (int j = 0; j < 3; j++) {
      double tb = 0, fb = 0;
      for (int k = 0; k < 3; k++) {
        tb += d.xmat[ro + 3 * k + j] * g[18 + k];
        fb += d.xmat[ro + 3 * k + j] * g[21 + k];
      }
      g[12 + j] = tb;
      g[15 + j] = fb;
    }
    // f̄ += t̄b × c
    double cx = m.bodyIpos(i, 0), cy = m.bodyIpos(i, 1), cz = m.bodyIpos(i, 2);
    double tx = g[12], ty = g[13], tz = g[14];
    g[15] += ty * cz - tz * cy;
    g[16] += tz * cx - tx * cz;
    g[17] += tx * cy - ty * cx;
    // τ_c = R_I τ_l, f = R_I f_l, then the drag laws
    double s0 = Fluid.side(m, i, 0),
        s1 = Fluid.side(m, i, 1),
        s2 = Fluid.side(m, i, 2),
        diam = (s0 + s1 + s2) / 3;
    for (int k = 0; k < 3; k++) {
      double tl = 0, fl = 0;
      for (int j = 0; j < 3; j++) {
        tl += w[24 + 3 * j + k] * g[12 + j];
        fl += w[24 + 3 * j + k] * g[15 + j];
      }
      double sk = k == 0 ? s0 : k == 1 ? s1 : s2, sa = k == 0 ? s1 : k == 1 ? s2 : s0;
      double sb = k == 0 ? s2 : k == 1 ? s0 : s1;
      g[k] =
          tl
              * (-Math.PI * diam * diam * diam * mu
                  - 2 * rho * sk * (sa * sa * sa * sa + sb * sb * sb * sb) / 64 * Math.abs(w[k]));
      g[3 + k] = fl * (-3 * Math.PI * diam * mu - rho * sa * sb * Math.abs(w[3 + k]));
    }
    // ω_l = R_Iᵀ ω_b, v_l = R_Iᵀ u with u = v_b + ω_b × c - R_iᵀ wind
    double ux = 0, uy = 0, uz = 0;
    for (int j = 0; j < 3; j++) {
      double wb = 0, u = 0;
      for (int k = 0; k < 3; k++) {
        wb += w[24 + 3 * j + k] * g[k];
        u += w[24 + 3 * j + k] * g[3 + k];
      }
      b.bodyVelBar[o + j] += wb;
      b.bodyVelBar[o + 3 + j] += u;
      if (j == 0) {
        ux = u;
      } else if (j == 1) {
        uy = u;
      } else {
        uz = u;
      }
    }
    // (ω × c)·ū = ω·(c × ū); the wind term: R̄_jk -= wind_j ū_k
    b.bodyVelBar[o] += cy * uz - cz * uy;
    b.bodyVelBar[o + 1] += cz * ux - cx * uz;
    b.bodyVelBar[o + 2] += cx * uy - cy * ux;
    for (int j = 0; j < 3; j++) {
      double wind = m.opt().wind(j);
      b.xmatBar[ro + 3 * j] -= wind * ux;
      b.xmatBar[ro + 3 * j + 1] -= wind * uy;
      b.xmatBar[ro + 3 * j + 2] -= wind * uz;
    }
  }
}
