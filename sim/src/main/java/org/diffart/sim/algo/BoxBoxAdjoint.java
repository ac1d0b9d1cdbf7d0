package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link BoxBox}: contact k of a box pair is a candidate point in the reference frame F, turned into the
 * world by the reference box's pose ({@code pos = R (p + hz e_z) + c}, {@code R = R_ref rotmoreᵀ}), with its depth and
 * the normal {@code ±R e_z} (face case) or {@code ±R n} (edge case, n the edge axis in F). The point, the depth and n
 * are functions of the fifteen local inputs {@code P21, P12, Q}; their derivatives come from {@link BoxBox#local} in
 * tangent mode, one input at a time, and the local inputs' bars go back to the two boxes' poses.
 *
 * <p>Work space: {@code DataBar.scratch36} (the local inputs' bars at [0, 15), the point's, the depth's and n's at [15,
 * 22)), {@code Data.boxScratch}.
 */
final class BoxBoxAdjoint {
  private BoxBoxAdjoint() {}

  /** Contact c, slot k, of boxes g1 and g2 with margin {@code margin}; {@code nb} the bar of its normal. */
  static void contact(Model m, Data d, DataBar b, int c, int g1, int g2, int k, double margin, double[] nb) {
    double[] w = d.boxScratch, lb = b.scratch36, mat = d.geomXmat, pos = d.geomXpos;
    BoxBox.local(m, d, g1, g2, margin, -1, w);
    int gr = w[BoxBox.REF] > 0 ? g2 : g1, face = (int) w[BoxBox.FACE], o = BoxBox.CAND + 4 * k;
    boolean edge = w[BoxBox.CASE] > 0;
    double sgn = w[BoxBox.SIGN];
    // the world outputs' bars into the point's, the depth's and the edge axis' bars (in F), and the reference pose's
    java.util.Arrays.fill(lb, 0, 22, 0);
    for (int a = 0; a < 3; a++) {
      double pb = b.conPosBar[3 * c + a];
      b.geomXposBar[3 * gr + a] += pb;
      for (int j = 0; j < 3; j++) {
        int col = 9 * gr + 3 * a + BoxBox.perm(face, j);
        double s = BoxBox.sign(face, j);
        double pt = w[o + j] + (j == 2 ? w[BoxBox.HZ] : 0), v = edge ? w[BoxBox.RN + j] : j == 2 ? 1 : 0;
        b.geomXmatBar[col] += s * (pb * pt + sgn * nb[a] * v);
        lb[15 + j] += s * mat[col] * pb;
        lb[19 + j] += sgn * s * mat[col] * nb[a];
      }
    }
    lb[18] = b.conDistBar[c];
    // the local inputs' bars, one tangent at a time
    for (int s = 0; s < 15; s++) {
      BoxBox.local(m, d, g1, g2, margin, s, w);
      double sum = 0;
      for (int j = 0; j < 4; j++) {
        sum += lb[15 + j] * w[BoxBox.T + o + j];
      }
      if (edge) {
        for (int j = 0; j < 3; j++) {
          sum += lb[19 + j] * w[BoxBox.T + BoxBox.RN + j];
        }
      }
      lb[s] = sum;
    }
    // P21 = R1ᵀ (c2 − c1), P12 = R2ᵀ (c1 − c2), Q = R1ᵀ R2
    int c1 = 3 * g1, c2 = 3 * g2, o1 = 9 * g1, o2 = 9 * g2;
    for (int a = 0; a < 3; a++) {
      double r21 = 0, r12 = 0;
      for (int i = 0; i < 3; i++) {
        r21 += mat[o1 + 3 * a + i] * lb[BoxBox.P21 + i];
        r12 += mat[o2 + 3 * a + i] * lb[BoxBox.P12 + i];
        b.geomXmatBar[o1 + 3 * a + i] += (pos[c2 + a] - pos[c1 + a]) * lb[BoxBox.P21 + i];
        b.geomXmatBar[o2 + 3 * a + i] += (pos[c1 + a] - pos[c2 + a]) * lb[BoxBox.P12 + i];
        for (int j = 0; j < 3; j++) {
          double qb = lb[BoxBox.Q + 3 * i + j];
          b.geomXmatBar[o1 + 3 * a + i] += qb * mat[o2 + 3 * a + j];
          b.geomXmatBar[o2 + 3 * a + j] += qb * mat[o1 + 3 * a + i];
        }
      }
      b.geomXposBar[c2 + a] += r21 - r12;
      b.geomXposBar[c1 + a] += r12 - r21;
    }
  }
}
