package org.diffart.sim.algo.kinematics;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Kinematic Jacobians of points and bodies along a direction, accumulated into a row over the dofs
 * on the path of a body to the root, and that path's dof range. Constraint rows, tendons and forces
 * build on them.
 */
public final class Jacobians {
  private Jacobians() {}

  /** The lowest dof on the path from body b to the root (nv when there is none). */
  public static int chainFirstDof(Model m, int b) {
    int first = m.nv();
    for (; b > 0; b = m.bodyParent(b)) {
      if (m.bodyDofNum(b) > 0) {
        first = m.bodyDofAdr(b);
      }
    }
    return first;
  }

  /** The highest dof on the path from body b to the root (-1 when there is none). */
  public static int chainLastDof(Model m, int b) {
    for (; b > 0; b = m.bodyParent(b)) {
      if (m.bodyDofNum(b) > 0) {
        return m.bodyDofAdr(b) + m.bodyDofNum(b) - 1;
      }
    }
    return -1;
  }

  /**
   * {@code out[oo + k] += sign · dirᵀ J_p(body)} at contact c's point, into {@code out[oo + k]} for
   * dof k.
   */
  public static void addPointJacobian(
      Model m, Data d, double[] out, int oo, int body, int c, double[] dir, double sign) {
    addPointJacobian(m, d, out, oo, body, d.conPos, 3 * c, dir, 0, sign);
  }

  /**
   * {@code out[oo + k] += sign · dirᵀ J_p(body)} for the point {@code pt[po .. po+3)} fixed to the
   * body and the direction {@code dir[dirOff .. dirOff+3)} (world coordinates), for each dof k on
   * the path of the body to the root.
   */
  public static void addPointJacobian(
      Model m,
      Data d,
      double[] out,
      int oo,
      int body,
      double[] pt,
      int po,
      double[] dir,
      int dirOff,
      double sign) {
    double px = pt[po], py = pt[po + 1], pz = pt[po + 2];
    double dx = dir[dirOff] * sign, dy = dir[dirOff + 1] * sign, dz = dir[dirOff + 2] * sign;
    for (int b = body; b > 0; b = m.bodyParent(b)) {
      int d0 = m.bodyDofAdr(b);
      if (d0 < 0) {
        continue;
      }
      // direction in body coordinates, and the point relative to the body origin in body
      // coordinates
      double[] rm = d.xmat;
      int ro = 9 * b;
      double ex = px - d.xpos[3 * b], ey = py - d.xpos[3 * b + 1], ez = pz - d.xpos[3 * b + 2];
      double lx = rm[ro] * dx + rm[ro + 3] * dy + rm[ro + 6] * dz;
      double ly = rm[ro + 1] * dx + rm[ro + 4] * dy + rm[ro + 7] * dz;
      double lz = rm[ro + 2] * dx + rm[ro + 5] * dy + rm[ro + 8] * dz;
      double qx = rm[ro] * ex + rm[ro + 3] * ey + rm[ro + 6] * ez;
      double qy = rm[ro + 1] * ex + rm[ro + 4] * ey + rm[ro + 7] * ez;
      double qz = rm[ro + 2] * ex + rm[ro + 5] * ey + rm[ro + 8] * ez;
      // dirᵀ (v + ω × q) = dirᵀ v + ω · (q × dir)
      double cx = qy * lz - qz * ly, cy = qz * lx - qx * lz, cz = qx * ly - qy * lx;
      for (int k = d0; k < d0 + m.bodyDofNum(b); k++) {
        double[] s = d.dofS;
        int so = 6 * k;
        out[oo + k] +=
            s[so] * cx
                + s[so + 1] * cy
                + s[so + 2] * cz
                + s[so + 3] * lx
                + s[so + 4] * ly
                + s[so + 5] * lz;
      }
    }
  }

  /**
   * {@code out[oo + k] += sign · dirᵀ J_ω(body)}, the body's angular velocity along dir (world
   * coordinates), for each dof k on the path of the body to the root.
   */
  public static void addAngularJacobian(
      Model m, Data d, double[] out, int oo, int body, double[] dir, int dirOff, double sign) {
    double dx = dir[dirOff] * sign, dy = dir[dirOff + 1] * sign, dz = dir[dirOff + 2] * sign;
    for (int b = body; b > 0; b = m.bodyParent(b)) {
      int d0 = m.bodyDofAdr(b);
      if (d0 < 0) {
        continue;
      }
      double[] rm = d.xmat;
      int ro = 9 * b;
      double lx = rm[ro] * dx + rm[ro + 3] * dy + rm[ro + 6] * dz;
      double ly = rm[ro + 1] * dx + rm[ro + 4] * dy + rm[ro + 7] * dz;
      double lz = rm[ro + 2] * dx + rm[ro + 5] * dy + rm[ro + 8] * dz;
      for (int k = d0; k < d0 + m.bodyDofNum(b); k++) {
        int so = 6 * k;
        out[oo + k] += d.dofS[so] * lx + d.dofS[so + 1] * ly + d.dofS[so + 2] * lz;
      }
    }
  }
}
