package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Box–box contacts as MuJoCo 2.2.2's {@code mjc_BoxBox} makes them, with the depth of its face case
 * corrected (see below). All the work happens in the frame of box 1, on the pose of box 2 relative
 * to it: the centres {@code P21 = R1ᵀ (c2 − c1)}, {@code P12 = R2ᵀ (c1 − c2)} and the rotation
 * {@code Q = R1ᵀ R2}.
 *
 * <p><b>Separating axes.</b> The six face normals and the nine edge–edge cross products are tested
 * in MuJoCo's order; a gap wider than the margin along any of them means no contact. The axis of
 * least penetration picks the case (an edge axis must beat the best so far by a relative 1e-12).
 *
 * <p><b>Face case.</b> The face of least penetration is the reference face; a signed permutation
 * {@code rotmore} turns its normal into +z, the other box's pose is read in that frame F with the
 * reference face at z = 0. The incident part of the other box is its lowest corner and the edges
 * from it that lie within 30° of the reference plane ({@code |r_z| < 1/2}): none, one (an edge) or
 * two (a face, a parallelogram). The candidates, in slot order:
 *
 * <ol>
 *   <li>slots 0–15: where the parallelogram's four edges cross the reference face's side lines
 *       {@code x = ±lx} or {@code y = ±ly} within the face (edge i, axis q, side j: slot {@code 4i
 *       + 2q + j});
 *   <li>slots 16–19: the reference face's corners strictly inside the parallelogram's projection,
 *       at the parallelogram's height there;
 *   <li>slots 20–23: the parallelogram's vertices strictly over the reference face; the lowest
 *       corner (slot 20) always.
 * </ol>
 *
 * A candidate at a height z above the margin is dropped; the contact lies at half its height, its
 * normal the reference face's (from box 1 to box 2). MuJoCo 2.2.2 reports {@code z/2} as the
 * distance there, half the true one (fixed in MuJoCo 3.3.8, "Fixed a bug in the box-box distance
 * computation"); diffart reports z, the separation along the normal, as every other collision
 * function does (semantics §20).
 *
 * <p><b>Edge case.</b> With an edge axis {@code e_i × f_j} the reference face is the face of box 1
 * most facing box 2 among those along that axis, and the incident face of box 2 the one spanned by
 * its edge j and its axis most aligned with it. That face is projected onto the reference plane
 * along the axis; the candidates are where its projected edges cross the reference face's side
 * lines (slots 0–15, depth measured along the axis), the reference face's corners over or nearest
 * the projected face (16–19, depth the distance to the face, clamped), and the face's vertices over
 * the reference face (20–23, depth the distance to the face's nearest point); the admission rules,
 * which differ by how many of the earlier groups found contacts, are MuJoCo's. The normal is the
 * edge axis, signed from box 1 to box 2.
 *
 * <p>Slots are the pair's contact features, so a contact keeps its slot from step to step while the
 * case holds.
 *
 * <p><b>Tangent mode.</b> Every quantity is computed with its derivative along one of the fifteen
 * local inputs ({@code seed} 0–2: P21, 3–5: P12, 6–14: Q row-major; −1: none), which {@link
 * BoxBoxAdjoint} uses: the branches are held, clamps pass no derivative.
 *
 * <p>Work space: {@code Data.boxScratch}, values at the offsets below and their tangents {@link #T}
 * further on.
 */
public final class BoxBox {
  private BoxBox() {}

  /**
   * Contact slots of a box–box pair: the candidates of either case ({@code
   * ContactCapacity.BOX_BOX}).
   */
  static final int SLOTS = 24;

  /** Offset of a value's tangent in the work space. */
  static final int T = 200;

  /**
   * Offsets of the values: the local inputs; the other box in frame F (centre, rotation); the edge
   * axis in F; the parallelogram's points (corner, two edges, three more corners); the edge case's
   * incident face (four points), the same projected onto the reference plane, its unprojected
   * corner and edges and two more corners.
   */
  static final int P21 = 0,
      P12 = 3,
      Q = 6,
      FP = 15,
      FR = 18,
      RN = 27,
      PTS = 30,
      PU = 48,
      PP = 60,
      AXI = 72,
      AU = 81;

  /**
   * Candidate k: x, y, z of its point in F (reference face at z = 0), its depth, at {@code CAND +
   * 4k}.
   */
  static final int CAND = 100;

  /**
   * Flags and the case: a candidate's presence, -1 none / 0 face / 1 edge, the reference box,
   * rotmore, hz, sign.
   */
  static final int PRESENT = 2 * T,
      CASE = PRESENT + SLOTS,
      REF = CASE + 1,
      FACE = CASE + 2,
      HZ = CASE + 3,
      SIGN = CASE + 4;

  /** Length of {@code Data.boxScratch}. */
  static final int SCRATCH = CASE + 5;

  /** MuJoCo's {@code mjMINVAL}. */
  private static final double MINVAL = 1e-15;

  /** The contacts of boxes g1 and g2, pair p. */
  static void contact(Model m, Data d, int p, int g1, int g2) {
    double[] w = d.boxScratch;
    local(m, d, g1, g2, m.pairMargin(p), -1, w);
    if (w[CASE] < 0) {
      return;
    }
    int gr = w[REF] > 0 ? g2 : g1, face = (int) w[FACE];
    for (int k = 0; k < SLOTS; k++) {
      if (w[PRESENT + k] > 0) {
        int c = d.ncon, o = CAND + 4 * k;
        for (int a = 0; a < 3; a++) {
          d.conPos[3 * c + a] =
              world(d, gr, face, a, w[o], w[o + 1], w[o + 2] + w[HZ]) + d.geomXpos[3 * gr + a];
          d.conFrame[9 * c + a] =
              w[SIGN]
                  * (w[CASE] > 0
                      ? world(d, gr, face, a, w[RN], w[RN + 1], w[RN + 2])
                      : world(d, gr, face, a, 0, 0, 1));
        }
        Contacts.emit(m, d, p, k, w[o + 3]);
      }
    }
  }

  /**
   * The case box pair p is in at d's geom poses: 0 the face case, 1 the edge case, -1 apart. Of use
   * where contacts are compared with MuJoCo 2.2.2's, whose face-case distances are half the
   * separation.
   */
  public static int contactCase(Model m, Data d, int p) {
    local(m, d, m.pairGeom1(p), m.pairGeom2(p), m.pairMargin(p), -1, d.boxScratch);
    return (int) d.boxScratch[CASE];
  }

  /**
   * Component a of {@code R v} in the world, {@code R = R_g rotmoreᵀ} the frame F of reference box
   * g with face {@code face} turned to +z.
   */
  static double world(Data d, int g, int face, int a, double vx, double vy, double vz) {
    double s = 0;
    for (int k = 0; k < 3; k++) {
      double v = k == 0 ? vx : k == 1 ? vy : vz;
      s += d.geomXmat[9 * g + 3 * a + perm(face, k)] * sign(face, k) * v;
    }
    return s;
  }

  /**
   * MuJoCo's {@code rotmore} for a face (0–2: +x, +y, +z; 3–5: −x, −y, −z), the signed permutation
   * that turns the face's normal into +z: row k of it is {@code sign(face, k)} at column {@code
   * perm(face, k)}.
   */
  static int perm(int face, int k) {
    if (face == 0 || face == 3) {
      return 2 - k;
    }
    if (face == 1 || face == 4) {
      return k == 0 ? 0 : 3 - k;
    }
    return k;
  }

  /** The sign of row k of {@code rotmore} for a face ({@link #perm}). */
  static double sign(int face, int k) {
    if (face == 0) {
      return k == 0 ? -1 : 1;
    }
    if (face == 1) {
      return k == 1 ? -1 : 1;
    }
    if (face == 3 || face == 4) {
      return k == 2 ? -1 : 1;
    }
    if (face == 5) {
      return k == 1 ? 1 : -1;
    }
    return 1;
  }

  /**
   * The candidates of boxes g1 and g2 into {@code w} (see the class comment), with their tangents
   * along {@code seed}.
   */
  static void local(Model m, Data d, int g1, int g2, double margin, int seed, double[] w) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int c1 = 3 * g1, c2 = 3 * g2, o1 = 9 * g1, o2 = 9 * g2;
    for (int k = 0; k < SLOTS; k++) {
      w[PRESENT + k] = 0;
    }
    w[CASE] = -1;
    for (int i = 0; i < 3; i++) {
      w[P21 + i] =
          mat[o1 + i] * (pos[c2] - pos[c1])
              + mat[o1 + 3 + i] * (pos[c2 + 1] - pos[c1 + 1])
              + mat[o1 + 6 + i] * (pos[c2 + 2] - pos[c1 + 2]);
      w[P12 + i] =
          mat[o2 + i] * (pos[c1] - pos[c2])
              + mat[o2 + 3 + i] * (pos[c1 + 1] - pos[c2 + 1])
              + mat[o2 + 6 + i] * (pos[c1 + 2] - pos[c2 + 2]);
      for (int j = 0; j < 3; j++) {
        w[Q + 3 * i + j] =
            mat[o1 + i] * mat[o2 + j]
                + mat[o1 + 3 + i] * mat[o2 + 3 + j]
                + mat[o1 + 6 + i] * mat[o2 + 6 + j];
      }
    }
    for (int i = 0; i < 15; i++) {
      w[T + i] = i == seed ? 1 : 0;
    }
    // separating axes: the faces of box 1 and of box 2, then the edge pairs
    double pen = margin;
    for (int i = 0; i < 3; i++) {
      pen += 3 * m.geomSize(g1, i) + 3 * m.geomSize(g2, i);
    }
    int code = -1, cle1 = 0, cle2 = 0;
    boolean in = false;
    for (int i = 0; i < 3; i++) {
      double plen2 = 0, plen1 = 0;
      for (int j = 0; j < 3; j++) {
        plen2 += Math.abs(w[Q + 3 * i + j]) * m.geomSize(g2, j);
        plen1 += Math.abs(w[Q + 3 * j + i]) * m.geomSize(g1, j);
      }
      double a = -Math.abs(w[P21 + i]) + m.geomSize(g1, i) + plen2;
      double b = -Math.abs(w[P12 + i]) + m.geomSize(g2, i) + plen1;
      if (a < -margin || b < -margin) {
        return;
      }
      if (a < pen) {
        pen = a;
        code = i + (w[P21 + i] < 0 ? 3 : 0);
      }
      if (b < pen) {
        pen = b;
        code = i + (w[P12 + i] < 0 ? 3 : 0) + 6;
      }
    }
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        // n = e_i × f_j, f_j box 2's axis j in box 1's frame (column j of Q), normalised as
        // mju_normalize3
        double nx = i == 0 ? 0 : i == 1 ? w[Q + 6 + j] : -w[Q + 3 + j];
        double ny = i == 0 ? -w[Q + 6 + j] : i == 1 ? 0 : w[Q + j];
        double nz = i == 0 ? w[Q + 3 + j] : i == 1 ? -w[Q + j] : 0;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (len < MINVAL) {
          continue;
        }
        double inv = 1 / len;
        nx *= inv;
        ny *= inv;
        nz *= inv;
        double along = w[P21] * nx + w[P21 + 1] * ny + w[P21 + 2] * nz;
        double reach = 0;
        for (int k = 0; k < 3; k++) {
          if (k != i) {
            reach += m.geomSize(g1, k) * Math.abs(k == 0 ? nx : k == 1 ? ny : nz);
          }
        }
        for (int k = 0; k < 3; k++) {
          if (k != j) {
            reach += m.geomSize(g2, k) * Math.abs(w[Q + 3 * i + 3 - k - j]) / len;
          }
        }
        reach -= Math.abs(along);
        if (reach < -margin) {
          return;
        }
        if (reach < pen * (1 - 1e-12)) {
          pen = reach;
          cle1 = 0;
          for (int k = 0; k < 3; k++) {
            if (k != i && ((k == 0 ? nx : k == 1 ? ny : nz) > 0) != (along < 0)) {
              cle1 += 1 << k;
            }
          }
          cle2 = 0;
          for (int k = 0; k < 3; k++) {
            if (k != j
                && ((w[Q + 3 * i + 3 - k - j] > 0) != (along < 0)) != ((k - j + 3) % 3 == 1)) {
              cle2 += 1 << k;
            }
          }
          code = 12 + 3 * i + j;
          in = along < 0;
        }
      }
    }
    if (code < 0) {
      return;
    }
    if (code < 12) {
      faceCase(m, g1, g2, margin, code, w);
    } else {
      edgeCase(m, g1, g2, margin, code - 12, cle1, cle2, in, w);
    }
  }

  /** The face case, reference face {@code code % 6} of box {@code code / 6}. */
  private static void faceCase(Model m, int g1, int g2, double margin, int code, double[] w) {
    int face = code % 6, ref = code / 6, gr = ref == 0 ? g1 : g2, gi = ref == 0 ? g2 : g1;
    w[CASE] = 0;
    w[REF] = ref;
    w[FACE] = face;
    w[SIGN] = ref == 0 ? 1 : -1;
    // the incident box in F: centre p = rotmore P, rotation r = rotmore Q' (Q' = Q, or Qᵀ for box
    // 2's face)
    for (int k = 0; k < 3; k++) {
      int pk = perm(face, k);
      double sk = sign(face, k);
      copy(w, FP + k, (ref == 0 ? P21 : P12) + pk, sk);
      for (int j = 0; j < 3; j++) {
        copy(w, FR + 3 * k + j, ref == 0 ? Q + 3 * pk + j : Q + 3 * j + pk, sk);
      }
    }
    double lx = m.geomSize(gr, perm(face, 0)),
        ly = m.geomSize(gr, perm(face, 1)),
        hz = m.geomSize(gr, perm(face, 2));
    w[HZ] = hz;
    w[FP + 2] -= hz;
    // the lowest corner, and the edges from it within 30° of the reference plane
    for (int a = 0; a < 3; a++) {
      copy(w, PTS + a, FP + a, 1);
    }
    int corner = 0;
    for (int i = 0; i < 3; i++) {
      if (w[FR + 6 + i] < 0) {
        corner += 1 << i;
      }
    }
    for (int i = 0; i < 3; i++) {
      double s = m.geomSize(gi, i) * ((corner & (1 << i)) != 0 ? 1 : -1);
      for (int a = 0; a < 3; a++) {
        add(w, PTS + a, FR + 3 * a + i, s);
      }
    }
    int n = 1;
    for (int i = 0; i < 3; i++) {
      if (Math.abs(w[FR + 6 + i]) < 0.5) {
        double s = m.geomSize(gi, i) * ((corner & (1 << i)) != 0 ? -2 : 2);
        for (int a = 0; a < 3; a++) {
          copy(w, PTS + 3 * n + a, FR + 3 * a + i, s);
        }
        n++;
      }
    }
    // the parallelogram's other vertices: pts3 = pts0 + e1, pts4 = pts0 + e2, pts5 = pts3 + e2
    for (int a = 0; a < 3; a++) {
      sum(w, PTS + 9 + a, PTS + a, PTS + 3 + a);
      sum(w, PTS + 12 + a, PTS + a, PTS + 6 + a);
      sum(w, PTS + 15 + a, PTS + 9 + a, PTS + 6 + a);
    }
    int lines = n == 2 ? 1 : n == 3 ? 4 : 0;
    for (int i = 0; i < lines; i++) {
      int from = PTS + (i == 2 ? 9 : i == 3 ? 12 : 0), dir = PTS + (i == 1 || i == 2 ? 6 : 3);
      for (int q = 0; q < 2; q++) {
        double b = w[dir + q];
        if (Math.abs(b) > MINVAL) {
          for (int j = 0; j < 2; j++) {
            double l = (q == 0 ? lx : ly) * (j == 0 ? -1 : 1);
            double t = (l - w[from + q]) * (1 / b);
            if (t < 0 || t > 1) {
              continue;
            }
            if (Math.abs(w[from + 1 - q] + w[dir + 1 - q] * t) > (q == 0 ? ly : lx)) {
              continue;
            }
            // dt = −(d from_q + t d dir_q) / b
            double dt = -(w[T + from + q] + t * w[T + dir + q]) / b;
            int o = CAND + 4 * (4 * i + 2 * q + j);
            for (int a = 0; a < 3; a++) {
              w[o + a] = w[from + a] + t * w[dir + a];
              w[T + o + a] = w[T + from + a] + t * w[T + dir + a] + dt * w[dir + a];
            }
            w[PRESENT + 4 * i + 2 * q + j] = 1;
          }
        }
      }
    }
    if (n == 3) {
      // the reference face's corners inside the parallelogram: (x, y) = pts0 + u e1 + v e2
      double det = edgeDet(w, false), ddet = edgeDet(w, true);
      for (int i = 0; i < 4; i++) {
        double llx = i / 2 != 0 ? lx : -lx, lly = i % 2 != 0 ? ly : -ly;
        double u = coordinate(w, llx, lly, det, 0), v = coordinate(w, llx, lly, det, 1);
        if (u <= 0 || v <= 0 || u >= 1 || v >= 1) {
          continue;
        }
        double du = coordinateTangent(w, llx, lly, det, ddet, u, 0);
        double dv = coordinateTangent(w, llx, lly, det, ddet, v, 1);
        int o = CAND + 4 * (16 + i);
        w[o] = llx;
        w[o + 1] = lly;
        w[o + 2] = w[PTS + 2] + u * w[PTS + 5] + v * w[PTS + 8];
        w[T + o] = 0;
        w[T + o + 1] = 0;
        w[T + o + 2] =
            w[T + PTS + 2]
                + du * w[PTS + 5]
                + u * w[T + PTS + 5]
                + dv * w[PTS + 8]
                + v * w[T + PTS + 8];
        w[PRESENT + 16 + i] = 1;
      }
    }
    // the parallelogram's vertices over the face: pts0 always, pts3, pts4, pts5 when strictly
    // inside
    for (int i = 0; i < 1 << (n - 1); i++) {
      int v = PTS + (i == 0 ? 0 : 3 * (i + 2));
      if (i > 0 && (w[v] <= -lx || w[v] >= lx || w[v + 1] <= -ly || w[v + 1] >= ly)) {
        continue;
      }
      int o = CAND + 4 * (20 + i);
      for (int a = 0; a < 3; a++) {
        copy(w, o + a, v + a, 1);
      }
      w[PRESENT + 20 + i] = 1;
    }
    // within the margin: the point midway, the depth its height
    for (int k = 0; k < SLOTS; k++) {
      int o = CAND + 4 * k;
      if (w[PRESENT + k] > 0) {
        if (w[o + 2] > margin) {
          w[PRESENT + k] = 0;
        } else {
          copy(w, o + 3, o + 2, 1);
          w[o + 2] *= 0.5;
          w[T + o + 2] *= 0.5;
        }
      }
    }
  }

  /**
   * The edge case, box 1's axis {@code i = code / 3} across box 2's axis {@code j = code % 3}:
   * {@code cle1} and {@code cle2} the bits of the two boxes' nearest edges, {@code in} whether box
   * 2 lies on the axis' negative side.
   */
  private static void edgeCase(
      Model m,
      int g1,
      int g2,
      double margin,
      int code,
      int cle1,
      int cle2,
      boolean in,
      double[] w) {
    int q1 = code / 3, q2 = code % 3;
    int ax1 = q2 == 0 ? 1 : q2 == 1 ? 0 : 1, ax2 = q2 == 0 ? 2 : q2 == 1 ? 2 : 0;
    int pax1 = q1 == 0 ? 1 : q1 == 1 ? 0 : 1, pax2 = q1 == 0 ? 2 : q1 == 1 ? 2 : 0;
    if (Math.abs(w[Q + 3 * q1 + ax1]) < Math.abs(w[Q + 3 * q1 + ax2])) {
      ax1 = ax2;
      ax2 = 3 - q2 - ax1;
    }
    if (Math.abs(w[Q + 3 * pax1 + q2]) < Math.abs(w[Q + 3 * pax2 + q2])) {
      pax1 = pax2;
      pax2 = 3 - q1 - pax1;
    }
    int face = (cle1 & (1 << pax2)) != 0 ? pax2 : pax2 + 3;
    w[CASE] = 1;
    w[REF] = 0;
    w[FACE] = face;
    w[SIGN] = in ? -1 : 1;
    // the axis n = e_q1 × f_q2 / |·| with its tangent
    double nx = q1 == 0 ? 0 : q1 == 1 ? w[Q + 6 + q2] : -w[Q + 3 + q2];
    double ny = q1 == 0 ? -w[Q + 6 + q2] : q1 == 1 ? 0 : w[Q + q2];
    double nz = q1 == 0 ? w[Q + 3 + q2] : q1 == 1 ? -w[Q + q2] : 0;
    double dnx = q1 == 0 ? 0 : q1 == 1 ? w[T + Q + 6 + q2] : -w[T + Q + 3 + q2];
    double dny = q1 == 0 ? -w[T + Q + 6 + q2] : q1 == 1 ? 0 : w[T + Q + q2];
    double dnz = q1 == 0 ? w[T + Q + 3 + q2] : q1 == 1 ? -w[T + Q + q2] : 0;
    double len = Math.sqrt(nx * nx + ny * ny + nz * nz), inv = 1 / len;
    nx *= inv;
    ny *= inv;
    nz *= inv;
    double dot = nx * dnx + ny * dny + nz * dnz;
    dnx = (dnx - nx * dot) * inv;
    dny = (dny - ny * dot) * inv;
    dnz = (dnz - nz * dot) * inv;
    // box 2 in F: p = rotmore P21, rnorm = rotmore n, r = rotmore Q
    for (int k = 0; k < 3; k++) {
      int pk = perm(face, k);
      double sk = sign(face, k);
      copy(w, FP + k, P21 + pk, sk);
      w[RN + k] = sk * (pk == 0 ? nx : pk == 1 ? ny : nz);
      w[T + RN + k] = sk * (pk == 0 ? dnx : pk == 1 ? dny : dnz);
      for (int j = 0; j < 3; j++) {
        copy(w, FR + 3 * k + j, Q + 3 * pk + j, sk);
      }
    }
    double sx = m.geomSize(g1, perm(face, 0)),
        sy = m.geomSize(g1, perm(face, 1)),
        hz = m.geomSize(g1, perm(face, 2));
    w[HZ] = hz;
    w[FP + 2] -= hz;
    // the incident face: its edge along q2 (points 0, 1) and the parallel edge across ax1 (points
    // 2, 3)
    for (int e = 0; e < 2; e++) {
      double s1 = m.geomSize(g2, ax1) * (((cle2 & (1 << ax1)) != 0) == (e == 0) ? 1 : -1);
      double s2 = m.geomSize(g2, ax2) * ((cle2 & (1 << ax2)) != 0 ? 1 : -1);
      for (int end = 0; end < 2; end++) {
        int o = PU + 3 * (2 * e + end);
        double s3 = m.geomSize(g2, q2) * (end == 0 ? 1 : -1);
        for (int a = 0; a < 3; a++) {
          copy(w, o + a, FP + a, 1);
          add(w, o + a, FR + 3 * a + ax1, s1);
          add(w, o + a, FR + 3 * a + ax2, s2);
          add(w, o + a, FR + 3 * a + q2, s3);
        }
      }
    }
    if (Math.abs(w[RN + 2]) < MINVAL) {
      return;
    }
    double rz = w[RN + 2], drz = w[T + RN + 2];
    double innorm = (1 / rz) * (in ? -1 : 1), dinnorm = -innorm * drz / rz;
    // axi: point 0, and the edges to points 1 and 2; pp: the points projected along the axis onto z
    // = 0
    for (int i = 0; i < 4; i++) {
      int u = PU + 3 * i, o = PP + 3 * i;
      double t = -w[u + 2] * (1 / rz), dt = -(w[T + u + 2] + t * drz) / rz;
      for (int a = 0; a < 3; a++) {
        w[o + a] = w[u + a] + w[RN + a] * t;
        w[T + o + a] = w[T + u + a] + w[T + RN + a] * t + w[RN + a] * dt;
      }
    }
    for (int a = 0; a < 3; a++) {
      copy(w, AXI + a, PU + a, 1);
      diff(w, AXI + 3 + a, PU + 3 + a, PU + a);
      diff(w, AXI + 6 + a, PU + 6 + a, PU + a);
      copy(w, PTS + a, PP + a, 1);
      diff(w, PTS + 3 + a, PP + 3 + a, PP + a);
      diff(w, PTS + 6 + a, PP + 6 + a, PP + a);
      // the far corners pts0 + e1, pts0 + e2, and the same unprojected
      sum(w, PTS + 9 + a, PTS + a, PTS + 3 + a);
      sum(w, PTS + 12 + a, PTS + a, PTS + 6 + a);
      sum(w, AU + a, AXI + a, AXI + 3 + a);
      sum(w, AU + 3 + a, AXI + a, AXI + 6 + a);
    }
    double margin2 = margin * margin;
    int found = 0;
    // where the projected face's edges cross the reference face's side lines
    for (int i = 0; i < 4; i++) {
      int from = PTS + (i == 2 ? 9 : i == 3 ? 12 : 0), dir = PTS + (i == 1 || i == 2 ? 6 : 3);
      int ufrom = i == 2 ? AU : i == 3 ? AU + 3 : AXI, udir = AXI + (i == 1 || i == 2 ? 6 : 3);
      for (int q = 0; q < 2; q++) {
        double b = w[dir + q];
        if (Math.abs(b) <= MINVAL) {
          continue;
        }
        for (int j = 0; j < 2; j++) {
          double l = (q == 0 ? sx : sy) * (j == 0 ? -1 : 1);
          double t = (l - w[from + q]) * (1 / b);
          if (t < 0 || t > 1) {
            continue;
          }
          double c2 = w[from + 1 - q] + w[dir + 1 - q] * t;
          if (Math.abs(c2) > (q == 0 ? sy : sx)) {
            continue;
          }
          if ((w[ufrom + 2] + w[udir + 2] * t) * innorm > margin) {
            continue;
          }
          double dt = -(w[T + from + q] + t * w[T + dir + q]) / b;
          double dc2 = w[T + from + 1 - q] + w[T + dir + 1 - q] * t + w[dir + 1 - q] * dt;
          int o = CAND + 4 * (4 * i + 2 * q + j);
          for (int a = 0; a < 3; a++) {
            w[o + a] = 0.5 * w[ufrom + a] + 0.5 * t * w[udir + a];
            w[T + o + a] = 0.5 * (w[T + ufrom + a] + dt * w[udir + a] + t * w[T + udir + a]);
          }
          w[o + q] += 0.5 * l;
          w[o + 1 - q] += 0.5 * c2;
          w[T + o + 1 - q] += 0.5 * dc2;
          w[o + 3] = w[o + 2] * innorm * 2;
          w[T + o + 3] = 2 * (w[T + o + 2] * innorm + w[o + 2] * dinnorm);
          w[PRESENT + 4 * i + 2 * q + j] = 1;
          found++;
        }
      }
    }
    int lineHits = found;
    // the reference face's corners over (or, without edge crossings, nearest) the projected face
    double det = edgeDet(w, false), ddet = edgeDet(w, true);
    for (int i = 0; i < 4; i++) {
      double llx = i / 2 != 0 ? sx : -sx, lly = i % 2 != 0 ? sy : -sy;
      double u = coordinate(w, llx, lly, det, 0), v = coordinate(w, llx, lly, det, 1);
      boolean uOut = u < 0 || u > 1, vOut = v < 0 || v > 1;
      if (lineHits == 0 ? uOut && vOut : uOut || vOut) {
        continue;
      }
      double du = uOut ? 0 : coordinateTangent(w, llx, lly, det, ddet, u, 0);
      double dv = vOut ? 0 : coordinateTangent(w, llx, lly, det, ddet, v, 1);
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      v = v < 0 ? 0 : v > 1 ? 1 : v;
      // the face's point under the corner (unprojected), and the distance to it
      int o = CAND + 4 * (16 + i);
      double dist2 = 0, ddist2 = 0;
      for (int k = 0; k < 3; k++) {
        double f = w[PU + k] * (1 - u - v) + w[PU + 3 + k] * u + w[PU + 6 + k] * v;
        double df =
            w[T + PU + k] * (1 - u - v)
                + w[T + PU + 3 + k] * u
                + w[T + PU + 6 + k] * v
                + (w[PU + 3 + k] - w[PU + k]) * du
                + (w[PU + 6 + k] - w[PU + k]) * dv;
        double corner = k == 0 ? llx : k == 1 ? lly : 0;
        dist2 += (corner - f) * (corner - f);
        ddist2 -= 2 * (corner - f) * df;
        w[o + k] = f;
        w[T + o + k] = df;
      }
      // MuJoCo 2.2.2 keeps the squared distance in the variable that held the determinant: the next
      // corners divide by it
      det = dist2;
      ddet = ddist2;
      if (w[o + 2] > 0 && dist2 > margin2) {
        continue;
      }
      double sgn = w[o + 2] < 0 ? -1 : 1;
      for (int k = 0; k < 3; k++) {
        double corner = k == 0 ? llx : k == 1 ? lly : 0;
        w[o + k] = (corner + w[o + k]) * 0.5;
        w[T + o + k] *= 0.5;
      }
      double depth = Math.sqrt(dist2);
      w[o + 3] = depth * sgn;
      w[T + o + 3] = depth > 0 ? sgn * ddist2 / (2 * depth) : 0;
      w[PRESENT + 16 + i] = 1;
      found++;
    }
    int cornerHits = found;
    // the face's vertices over the reference face, their depth the distance to its nearest point
    for (int i = 0; i < 4; i++) {
      double x = w[PP + 3 * i], y = w[PP + 3 * i + 1];
      boolean xOut = x < -sx || x > sx, yOut = y < -sy || y > sy;
      if (lineHits == 0 ? cornerHits != 0 && xOut && yOut : xOut || yOut) {
        continue;
      }
      double dist2 = 0, ddist2 = 0;
      int o = CAND + 4 * (20 + i);
      for (int k = 0; k < 2; k++) {
        double s = k == 0 ? sx : sy, xk = w[PP + 3 * i + k], dk = w[T + PP + 3 * i + k];
        double over = xk < -s ? xk + s : xk > s ? xk - s : 0;
        dist2 += over * over;
        ddist2 += over != 0 ? 2 * over * dk : 0;
        double clamped = xk < -s ? -s : xk > s ? s : xk;
        w[o + k] = clamped * 0.5 + 0.5 * w[PU + 3 * i + k];
        w[T + o + k] = (over != 0 ? 0 : 0.5 * dk) + 0.5 * w[T + PU + 3 * i + k];
      }
      double h = w[PU + 3 * i + 2] * innorm;
      double dh = w[T + PU + 3 * i + 2] * innorm + w[PU + 3 * i + 2] * dinnorm;
      dist2 += h * h;
      ddist2 += 2 * h * dh;
      if (w[PU + 3 * i + 2] > 0 && dist2 > margin2) {
        continue;
      }
      w[o + 2] = 0.5 * w[PU + 3 * i + 2];
      w[T + o + 2] = 0.5 * w[T + PU + 3 * i + 2];
      double sgn = w[PU + 3 * i + 2] < 0 ? -1 : 1, depth = Math.sqrt(dist2);
      w[o + 3] = depth * sgn;
      w[T + o + 3] = depth > 0 ? sgn * ddist2 / (2 * depth) : 0;
      w[PRESENT + 20 + i] = 1;
      found++;
    }
  }

  /**
   * The determinant {@code e1 × e2} (z component) of the parallelogram's edges {@code pts1, pts2}
   * in the plane, or with {@code tangent} its tangent.
   */
  private static double edgeDet(double[] w, boolean tangent) {
    double a = w[PTS + 3], b = w[PTS + 6], c = w[PTS + 4], e = w[PTS + 7];
    if (!tangent) {
      return a * e - b * c;
    }
    return w[T + PTS + 3] * e + a * w[T + PTS + 7] - w[T + PTS + 6] * c - b * w[T + PTS + 4];
  }

  /**
   * Coordinate u ({@code which} 0) or v (1) of the plane point (x, y) in the parallelogram {@code
   * pts0 + u e1 + v e2}, by Cramer's rule with the determinant {@code det} as given, MuJoCo's
   * formula.
   */
  private static double coordinate(double[] w, double x, double y, double det, int which) {
    double rx = x - w[PTS], ry = y - w[PTS + 1];
    if (which == 0) {
      return (rx * w[PTS + 7] - ry * w[PTS + 6]) * (1 / det);
    }
    return (ry * w[PTS + 3] - rx * w[PTS + 4]) * (1 / det);
  }

  /**
   * The tangent of {@link #coordinate} {@code value}, with det's tangent {@code ddet}; the point is
   * fixed.
   */
  private static double coordinateTangent(
      double[] w, double x, double y, double det, double ddet, double value, int which) {
    double rx = x - w[PTS], ry = y - w[PTS + 1], drx = -w[T + PTS], dry = -w[T + PTS + 1];
    if (which == 0) {
      return (drx * w[PTS + 7]
              + rx * w[T + PTS + 7]
              - dry * w[PTS + 6]
              - ry * w[T + PTS + 6]
              - value * ddet)
          / det;
    }
    return (dry * w[PTS + 3]
            + ry * w[T + PTS + 3]
            - drx * w[PTS + 4]
            - rx * w[T + PTS + 4]
            - value * ddet)
        / det;
  }

  /** {@code w[dst] = s w[src]}, with the tangent. */
  private static void copy(double[] w, int dst, int src, double s) {
    w[dst] = s * w[src];
    w[T + dst] = s * w[T + src];
  }

  /** {@code w[dst] += s w[src]}, with the tangent. */
  private static void add(double[] w, int dst, int src, double s) {
    w[dst] += s * w[src];
    w[T + dst] += s * w[T + src];
  }

  /** {@code w[dst] = w[a] + w[b]}, with the tangent. */
  private static void sum(double[] w, int dst, int a, int b) {
    w[dst] = w[a] + w[b];
    w[T + dst] = w[T + a] + w[T + b];
  }

  /** {@code w[dst] = w[a] − w[b]}, with the tangent. */
  private static void diff(double[] w, int dst, int a, int b) {
    w[dst] = w[a] - w[b];
    w[T + dst] = w[T + a] - w[T + b];
  }
}
