package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link BoxBox}: contact k of a box pair is a candidate point in the reference frame F,
 * turned into the world by the reference box's pose ({@code pos = R (p + hz e_z) + c}, {@code R =
 * R_ref rotmoreᵀ}), with its depth and the normal {@code ±R e_z} (face case) or {@code ±R n} (edge
 * case, n the edge axis in F). The points, the depths and n are functions of the fifteen local
 * inputs {@code P21, P12, Q}; their derivatives come from {@link BoxBox#local} in tangent mode, one
 * input at a time, and the local inputs' bars go back to the two boxes' poses.
 *
 * <p>The tangents serve every contact of the pair at once: the pair's first contact takes the
 * point, distance and normal bars of all its contacts (they follow it in the contact list) and
 * leaves them zero.
 *
 * <p>Work space: {@code DataBar.boxBar} (the local inputs' bars at [0, 15), slot k's point and
 * depth bars at {@code 15 + 4k}, the edge axis' at [111, 114)), {@code DataBar.scratch6}, {@code
 * Data.boxScratch}.
 */
final class BoxBoxAdjoint {
  private BoxBoxAdjoint() {}

  /** Offset of the edge axis' bar in {@code DataBar.boxBar}. */
  private static final int AXIS = 15 + 4 * BoxBox.SLOTS;

  /**
   * Contact c of box pair p, and the pair's contacts after it; {@code nb} the bar of c's normal
   * (tangents folded in).
   */
  static void contact(Model m, Data d, DataBar b, int c, int p, double[] nb) {
    int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p), end = c + 1;
    while (end < d.ncon && d.conGeom[2 * end] == g1 && d.conGeom[2 * end + 1] == g2) {
      end++;
    }
    boolean any = nb[0] != 0 || nb[1] != 0 || nb[2] != 0;
    for (int e = c; e < end && !any; e++) {
      any =
          b.conDistBar[e] != 0
              || b.conPosBar[3 * e] != 0
              || b.conPosBar[3 * e + 1] != 0
              || b.conPosBar[3 * e + 2] != 0;
      for (int a = 0; a < 9 && e > c; a++) {
        any |= b.conFrameBar[9 * e + a] != 0;
      }
    }
    if (!any) {
      // an earlier contact of the pair took them, or none has them
      return;
    }
    double margin = m.pairMargin(p);
    double[] w = d.boxScratch, lb = b.boxBar;
    BoxBox.local(m, d, g1, g2, margin, -1, w);
    java.util.Arrays.fill(lb, 0, AXIS + 3, 0);
    for (int e = c; e < end; e++) {
      if (e > c) {
        // the normal's bar of a later contact: its own, its tangents' folded in (nb may be this
        // scratch: c's output
        // has read it already)
        double[] nbe = b.scratch6;
        for (int a = 0; a < 3; a++) {
          nbe[a] = b.conFrameBar[9 * e + a];
        }
        ContactsAdjoint.tangents(d.conFrame, 9 * e, b.conFrameBar, 9 * e + 3, nbe, 0);
        output(m, d, b, e, p, nbe);
      } else {
        output(m, d, b, e, p, nb);
      }
    }
    // the local inputs' bars, one tangent at a time
    boolean edge = w[BoxBox.CASE] > 0;
    for (int s = 0; s < 15; s++) {
      BoxBox.local(m, d, g1, g2, margin, s, w);
      double sum = 0;
      for (int e = c; e < end; e++) {
        int k = d.conSlot[e] - m.pairConAdr(p);
        for (int j = 0; j < 4; j++) {
          sum += lb[15 + 4 * k + j] * w[BoxBox.T + BoxBox.CAND + 4 * k + j];
        }
      }
      for (int j = 0; j < 3 && edge; j++) {
        sum += lb[AXIS + j] * w[BoxBox.T + BoxBox.RN + j];
      }
      lb[s] = sum;
    }
    // P21 = R1ᵀ (c2 − c1), P12 = R2ᵀ (c1 − c2), Q = R1ᵀ R2
    double[] mat = d.geomXmat, pos = d.geomXpos;
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

  /**
   * Contact e's world outputs' bars into its slot's point and depth bars and the edge axis' bar (in
   * F), and into the reference box's pose; e's point, distance and normal bars are consumed. {@code
   * Data.boxScratch} holds the pair's values.
   */
  private static void output(Model m, Data d, DataBar b, int e, int p, double[] nb) {
    double[] w = d.boxScratch, lb = b.boxBar, mat = d.geomXmat;
    int gr = w[BoxBox.REF] > 0 ? m.pairGeom2(p) : m.pairGeom1(p), face = (int) w[BoxBox.FACE];
    int k = d.conSlot[e] - m.pairConAdr(p), o = BoxBox.CAND + 4 * k;
    boolean edge = w[BoxBox.CASE] > 0;
    double sgn = w[BoxBox.SIGN];
    for (int a = 0; a < 3; a++) {
      double pb = b.conPosBar[3 * e + a];
      b.geomXposBar[3 * gr + a] += pb;
      for (int j = 0; j < 3; j++) {
        int col = 9 * gr + 3 * a + BoxBox.perm(face, j);
        double s = BoxBox.sign(face, j);
        double pt = w[o + j] + (j == 2 ? w[BoxBox.HZ] : 0),
            v = edge ? w[BoxBox.RN + j] : j == 2 ? 1 : 0;
        b.geomXmatBar[col] += s * (pb * pt + sgn * nb[a] * v);
        lb[15 + 4 * k + j] += s * mat[col] * pb;
        lb[AXIS + j] += sgn * s * mat[col] * nb[a];
      }
    }
    lb[15 + 4 * k + 3] += b.conDistBar[e];
    for (int a = 0; a < 3; a++) {
      b.conPosBar[3 * e + a] = 0;
    }
    for (int a = 0; a < 9; a++) {
      b.conFrameBar[9 * e + a] = 0;
    }
    b.conDistBar[e] = 0;
  }
}
