package org.diffart.sim.algo.kinematics;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoints of {@link Jacobians}: the bars of a Jacobian row into those of the kinematics it was
 * built from.
 */
public final class JacobiansAdjoint {
  private JacobiansAdjoint() {}

  /**
   * Adjoint of {@link Jacobians#addPointJacobian(Model, Data, double[], int, int, double[], int,
   * double[], int, double)}: {@code J_k += S_angᵀ (q × l) + S_linᵀ l} on the path of body to the
   * root, with {@code l = R_bᵀ (sign·dir)} and {@code q = R_bᵀ (p - x_b)}; the point's bar goes to
   * {@code ptBar[pbo ..]}, the direction's to {@code dirBar[dbo ..]}.
   */
  public static void addPointJacobian(
      Model m,
      Data d,
      DataBar b,
      double[] jb,
      int o,
      int body,
      double[] pt,
      int po,
      double[] ptBar,
      int pbo,
      double[] dirv,
      int fo,
      double[] dirBar,
      int dbo,
      double sign) {
    double px = pt[po], py = pt[po + 1], pz = pt[po + 2];
    double dx = dirv[fo] * sign, dy = dirv[fo + 1] * sign, dz = dirv[fo + 2] * sign;
    double[] rm = d.xmat, s = d.dofS;
    for (int bd = body; bd > 0; bd = m.bodyParent(bd)) {
      int d0 = m.bodyDofAdr(bd);
      if (d0 < 0) {
        continue;
      }
      int ro = 9 * bd;
      double ex = px - d.xpos[3 * bd], ey = py - d.xpos[3 * bd + 1], ez = pz - d.xpos[3 * bd + 2];
      double lx = rm[ro] * dx + rm[ro + 3] * dy + rm[ro + 6] * dz;
      double ly = rm[ro + 1] * dx + rm[ro + 4] * dy + rm[ro + 7] * dz;
      double lz = rm[ro + 2] * dx + rm[ro + 5] * dy + rm[ro + 8] * dz;
      double qx = rm[ro] * ex + rm[ro + 3] * ey + rm[ro + 6] * ez;
      double qy = rm[ro + 1] * ex + rm[ro + 4] * ey + rm[ro + 7] * ez;
      double qz = rm[ro + 2] * ex + rm[ro + 5] * ey + rm[ro + 8] * ez;
      double cx = qy * lz - qz * ly, cy = qz * lx - qx * lz, cz = qx * ly - qy * lx;
      double cbx = 0, cby = 0, cbz = 0, lbx = 0, lby = 0, lbz = 0;
      for (int k = d0; k < d0 + m.bodyDofNum(bd); k++) {
        double g = jb[o + k];
        if (g == 0) {
          continue;
        }
        int so = 6 * k;
        b.dofSBar[so] += g * cx;
        b.dofSBar[so + 1] += g * cy;
        b.dofSBar[so + 2] += g * cz;
        b.dofSBar[so + 3] += g * lx;
        b.dofSBar[so + 4] += g * ly;
        b.dofSBar[so + 5] += g * lz;
        cbx += g * s[so];
        cby += g * s[so + 1];
        cbz += g * s[so + 2];
        lbx += g * s[so + 3];
        lby += g * s[so + 4];
        lbz += g * s[so + 5];
      }
      // c = q × l: q̄ = l × c̄, l̄ += c̄ × q
      double qbx = ly * cbz - lz * cby, qby = lz * cbx - lx * cbz, qbz = lx * cby - ly * cbx;
      lbx += cby * qz - cbz * qy;
      lby += cbz * qx - cbx * qz;
      lbz += cbx * qy - cby * qx;
      // l = Rᵀ d, q = Rᵀ e: R̄_ji += d_j l̄_i + e_j q̄_i; d̄ = R l̄, ē = R q̄
      double[] rb = b.xmatBar;
      rb[ro] += dx * lbx + ex * qbx;
      rb[ro + 1] += dx * lby + ex * qby;
      rb[ro + 2] += dx * lbz + ex * qbz;
      rb[ro + 3] += dy * lbx + ey * qbx;
      rb[ro + 4] += dy * lby + ey * qby;
      rb[ro + 5] += dy * lbz + ey * qbz;
      rb[ro + 6] += dz * lbx + ez * qbx;
      rb[ro + 7] += dz * lby + ez * qby;
      rb[ro + 8] += dz * lbz + ez * qbz;
      for (int i = 0; i < 3; i++) {
        double dBar = rm[ro + 3 * i] * lbx + rm[ro + 3 * i + 1] * lby + rm[ro + 3 * i + 2] * lbz;
        double eBar = rm[ro + 3 * i] * qbx + rm[ro + 3 * i + 1] * qby + rm[ro + 3 * i + 2] * qbz;
        dirBar[dbo + i] += sign * dBar;
        ptBar[pbo + i] += eBar;
        b.xposBar[3 * bd + i] -= eBar;
      }
    }
  }

  /**
   * Adjoint of {@link Jacobians#addAngularJacobian}: {@code J_k += S_angᵀ l}, {@code l = R_bᵀ
   * (sign·dir)}, on the path of body to the root; the direction's bar goes to {@code dirBar[dbo
   * ..]}.
   */
  public static void addAngularJacobian(
      Model m,
      Data d,
      DataBar b,
      double[] jb,
      int o,
      int body,
      double[] dir,
      int fo,
      double[] dirBar,
      int dbo,
      double sign) {
    double dx = dir[fo] * sign, dy = dir[fo + 1] * sign, dz = dir[fo + 2] * sign;
    double[] rm = d.xmat, s = d.dofS;
    for (int bd = body; bd > 0; bd = m.bodyParent(bd)) {
      int d0 = m.bodyDofAdr(bd);
      if (d0 < 0) {
        continue;
      }
      int ro = 9 * bd;
      double lx = rm[ro] * dx + rm[ro + 3] * dy + rm[ro + 6] * dz;
      double ly = rm[ro + 1] * dx + rm[ro + 4] * dy + rm[ro + 7] * dz;
      double lz = rm[ro + 2] * dx + rm[ro + 5] * dy + rm[ro + 8] * dz;
      double lbx = 0, lby = 0, lbz = 0;
      for (int k = d0; k < d0 + m.bodyDofNum(bd); k++) {
        double gk = jb[o + k];
        int so = 6 * k;
        b.dofSBar[so] += gk * lx;
        b.dofSBar[so + 1] += gk * ly;
        b.dofSBar[so + 2] += gk * lz;
        lbx += gk * s[so];
        lby += gk * s[so + 1];
        lbz += gk * s[so + 2];
      }
      // l = Rᵀ d: R̄_ji += d_j l̄_i, d̄ = R l̄
      double[] rb = b.xmatBar;
      rb[ro] += dx * lbx;
      rb[ro + 1] += dx * lby;
      rb[ro + 2] += dx * lbz;
      rb[ro + 3] += dy * lbx;
      rb[ro + 4] += dy * lby;
      rb[ro + 5] += dy * lbz;
      rb[ro + 6] += dz * lbx;
      rb[ro + 7] += dz * lby;
      rb[ro + 8] += dz * lbz;
      for (int i = 0; i < 3; i++) {
        dirBar[dbo + i] +=
            sign * (rm[ro + 3 * i] * lbx + rm[ro + 3 * i + 1] * lby + rm[ro + 3 * i + 2] * lbz);
      }
    }
  }
}
