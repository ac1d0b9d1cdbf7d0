package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link ConvexCollision}: the derivative of MPR's contact as the program computes it,
 * with its branches (which support point replaced which, when the loops stopped, which feature of
 * the last portal is nearest the origin) held. The adjoint re-runs MPR for the pair, which logs
 * every support evaluation with the rule that made its direction, then walks back: the bars of the
 * contact's point, normal and depth become bars of the last portal's points ({@link #outputs},
 * through {@link #fixNormal} first), and each evaluation, latest first, passes its points' bars to
 * the geom poses and, through its direction, to the earlier evaluations that made it ({@link
 * #replay}).
 *
 * <p>Work space: {@code DataBar.convexLogBar} (the bars of each evaluation's two support points)
 * and {@code DataBar.convexBar}.
 */
final class ConvexCollisionAdjoint {
  private ConvexCollisionAdjoint() {}

  /** The forward's layout of the scratch and the log, and its constants. */
  private static final int RECORD = ConvexCollision.RECORD,
      DIR = ConvexCollision.DIR,
      VB = ConvexCollision.VB;

  private static final int WIT = ConvexCollision.WIT,
      WIT2 = ConvexCollision.WIT2,
      RES = ConvexCollision.RES;
  private static final int LOG = ConvexCollision.LOG, RULE_AWAY = ConvexCollision.RULE_AWAY;
  private static final int RULE_NORMAL = ConvexCollision.RULE_NORMAL,
      ELLIPSOID_LOG = ConvexCollision.ELLIPSOID_LOG;
  private static final int ELLIPSOID_WIDTH = ConvexCollision.ELLIPSOID_WIDTH,
      FRAME = ConvexCollision.FRAME;
  private static final double MIN_VALUE = Contacts.MIN_VALUE;

  /**
   * Offsets in {@code DataBar.convexBar}: bars of the points v1..v3 of the portal (PV), of geom 1's
   * and geom 2's points of v0..v3 (PA, PB), of MPR's direction and point (W, W + 3), of a surface
   * normal (NB), of an ellipsoid solve's local point and estimate (PT, MT), a normalisation's input
   * (T), the barycentric weights (BAR) and a direction (DB).
   */
  static final int PV = 0,
      PA = 9,
      PB = 21,
      W = 33,
      NB = 39,
      PT = 42,
      MT = 45,
      T = 48,
      BAR = 51,
      DB = 55;

  /** Length of {@code DataBar.convexBar}. */
  static final int BAR_LENGTH = 58;

  /**
   * Contact c of pair (g1, g2), made by {@link ConvexCollision#contact}: consumes the bars of its
   * point ({@code conPosBar}), normal ({@code nb}, tangents folded in) and distance; accumulates
   * into {@code geomXposBar, geomXmatBar}.
   */
  static void contact(
      Model m, Data d, DataBar b, int c, int g1, int g2, double margin, double[] nb) {
    double[] s = d.convexScratch, w = b.convexBar;
    boolean hfield = m.geomType(g1) == GeomType.HFIELD;
    if (hfield) {
      // MPR ran in the height field's frame against the prism this contact came from (a constant of
      // the static
      // height field), with g2's pose carried there
      ConvexCollision.prism(m, d, g1, d.conFeature[c]);
      ConvexCollision.localPose(d, g1, g2);
      java.util.Arrays.fill(b.hfieldLocalBar, 0);
      s[FRAME] = 1;
    }
    ConvexCollision.mpr(m, d, g1, g2, hfield ? 0 : margin);
    s[FRAME] = 0;
    for (int i = 0; i < BAR_LENGTH; i++) {
      w[i] = 0;
    }
    int count = (int) s[ConvexCollision.COUNT];
    for (int i = 0; i < 6 * count; i++) {
      b.convexLogBar[i] = 0;
    }
    for (int k = 0; k < 3; k++) {
      w[W + 3 + k] = b.conPosBar[3 * c + k];
    }
    if (hfield) {
      // the normal fix works in the world, on MPR's direction carried there
      ConvexCollision.toWorld(d, g1, s, WIT, s, WIT2, false);
      for (int k = 0; k < 3; k++) {
        s[WIT + k] = s[WIT2 + k];
      }
    }
    fixNormal(m, d, b, c, g1, g2, nb);
    if (hfield) {
      // direction and point were carried to the world by R₁: their bars back by R₁ᵀ
      toLocal(d, g1, w, W);
      toLocal(d, g1, w, W + 3);
      s[FRAME] = 1;
    }
    outputs(m, d, b, g1, g2, -b.conDistBar[c]);
    replay(m, d, b, g1, g2, count);
    if (hfield) {
      s[FRAME] = 0;
      localPoseAdjoint(d, b, g1, g2);
    }
  }

  /** {@code v[o..o+3) ← R₁ᵀ v[o..o+3)} with R₁ height field g1's rotation. */
  private static void toLocal(Data d, int g1, double[] v, int o) {
    double[] mat = d.geomXmat;
    int r = 9 * g1;
    double x = v[o], y = v[o + 1], z = v[o + 2];
    for (int i = 0; i < 3; i++) {
      v[o + i] = mat[r + i] * x + mat[r + 3 + i] * y + mat[r + 6 + i] * z;
    }
  }

  /**
   * Adjoint of {@link ConvexCollision#localPose}: {@code M = R₁ᵀ R₂} and {@code q = R₁ᵀ (p₂ − p₁)}
   * give {@code R̄₂ += R₁ M̄} and {@code p̄₂ += R₁ q̄} (the height field's pose is a constant).
   */
  private static void localPoseAdjoint(Data d, DataBar b, int g1, int g2) {
    double[] mat = d.geomXmat, qb = b.hfieldLocalBar;
    int o1 = 9 * g1, o2 = 9 * g2;
    for (int k = 0; k < 3; k++) {
      for (int j = 0; j < 3; j++) {
        b.geomXmatBar[o2 + 3 * k + j] +=
            mat[o1 + 3 * k] * qb[j]
                + mat[o1 + 3 * k + 1] * qb[3 + j]
                + mat[o1 + 3 * k + 2] * qb[6 + j];
      }
      b.geomXposBar[3 * g2 + k] +=
          mat[o1 + 3 * k] * qb[9] + mat[o1 + 3 * k + 1] * qb[10] + mat[o1 + 3 * k + 2] * qb[11];
    }
  }

  /**
   * Adds x to component i of the bar of geom g's centre as MPR used it: a height field's (its
   * prism's) is a constant, a geom's in a height field's frame goes to {@code hfieldLocalBar}, else
   * to {@code geomXposBar}.
   */
  private static void centreBar(Model m, Data d, DataBar b, int g, int i, double x) {
    if (m.geomType(g) == GeomType.HFIELD) {
      return;
    }
    if (d.convexScratch[FRAME] != 0) {
      b.hfieldLocalBar[9 + i] += x;
    } else {
      b.geomXposBar[3 * g + i] += x;
    }
  }

  // ---- MuJoCo's normal fix ----

  /**
   * Adjoint of {@link ConvexCollision#fixNormal} for MPR's direction {@code n} (WIT after {@code
   * mpr}) and point: from the bar {@code fb} of the fixed normal, adds to the bars of the direction
   * and the point ({@code W}) and of the geom poses.
   */
  private static void fixNormal(Model m, Data d, DataBar b, int c, int g1, int g2, double[] fb) {
    double[] s = d.convexScratch, w = b.convexBar;
    double nx = s[WIT], ny = s[WIT + 1], nz = s[WIT + 2];
    // forward again: the two outward normals and whether each was fixed
    for (int k = 0; k < 3; k++) {
      s[WIT2 + k] = -s[WIT + k];
    }
    boolean fixed1 = ConvexCollision.surfaceNormal(m, d, c, g1, s, WIT, 0);
    boolean fixed2 = ConvexCollision.surfaceNormal(m, d, c, g2, s, WIT2, 1);
    // bars of the two output normals
    double a0 = 0, a1 = 0, a2 = 0, c0 = 0, c1 = 0, c2 = 0;
    if (fixed1 && fixed2) {
      double ux = s[WIT] - s[WIT2], uy = s[WIT + 1] - s[WIT2 + 1], uz = s[WIT + 2] - s[WIT2 + 2];
      double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
      if (len >= MIN_VALUE) {
        double fx = ux / len,
            fy = uy / len,
            fz = uz / len,
            dot = fx * fb[0] + fy * fb[1] + fz * fb[2];
        a0 = (fb[0] - fx * dot) / len;
        a1 = (fb[1] - fy * dot) / len;
        a2 = (fb[2] - fz * dot) / len;
        c0 = -a0;
        c1 = -a1;
        c2 = -a2;
      }
    } else if (fixed1) {
      a0 = fb[0];
      a1 = fb[1];
      a2 = fb[2];
    } else if (fixed2) {
      c0 = -fb[0];
      c1 = -fb[1];
      c2 = -fb[2];
    } else {
      w[W] += fb[0];
      w[W + 1] += fb[1];
      w[W + 2] += fb[2];
      return;
    }
    // each side: the bar of its input estimate (n for geom 1, -n for geom 2)
    w[NB] = a0;
    w[NB + 1] = a1;
    w[NB + 2] = a2;
    if (fixed1) {
      surfaceNormal(m, d, b, c, g1, 0, nx, ny, nz);
    }
    w[W] += w[NB];
    w[W + 1] += w[NB + 1];
    w[W + 2] += w[NB + 2];
    w[NB] = c0;
    w[NB + 1] = c1;
    w[NB + 2] = c2;
    if (fixed2) {
      surfaceNormal(m, d, b, c, g2, 1, -nx, -ny, -nz);
    }
    w[W] -= w[NB];
    w[W + 1] -= w[NB + 1];
    w[W + 2] -= w[NB + 2];
  }

  /**
   * Adjoint of {@link ConvexCollision#surfaceNormal} for a geom it fixed, with input estimate
   * {@code (ex, ey, ez)}: the bar of the output normal in {@code NB} is replaced by the bar of the
   * estimate; the point's bar goes to {@code W + 3}, the geom pose's to its bars.
   */
  private static void surfaceNormal(
      Model m, Data d, DataBar b, int c, int g, int side, double ex, double ey, double ez) {
    double[] mat = d.geomXmat,
        pos = d.geomXpos,
        e = b.convexBar,
        s = d.convexScratch,
        log = d.convexLog;
    int o = 9 * g;
    double s0 = m.geomSize(g, 0), s1 = m.geomSize(g, 1), s2 = m.geomSize(g, 2);
    double wx = d.conPos[3 * c] - pos[3 * g], wy = d.conPos[3 * c + 1] - pos[3 * g + 1];
    double wz = d.conPos[3 * c + 2] - pos[3 * g + 2];
    double px = mat[o] * wx + mat[o + 3] * wy + mat[o + 6] * wz;
    double py = mat[o + 1] * wx + mat[o + 4] * wy + mat[o + 7] * wz;
    double pz = mat[o + 2] * wx + mat[o + 5] * wy + mat[o + 8] * wz;
    double mx = mat[o] * ex + mat[o + 3] * ey + mat[o + 6] * ez;
    double my = mat[o + 1] * ex + mat[o + 4] * ey + mat[o + 7] * ez;
    double mz = mat[o + 2] * ex + mat[o + 5] * ey + mat[o + 8] * ez;
    // the local normal l before the final normalisation, and the final ln
    double lx = 0, ly = 0, lz = 0;
    int lg = ELLIPSOID_LOG + side * ELLIPSOID_WIDTH, nit = (int) log[lg];
    boolean inside = false;
    switch (m.geomType(g)) {
      case SPHERE -> {
        lx = px;
        ly = py;
        lz = pz;
      }
      case CAPSULE -> {
        lx = px;
        ly = py;
        lz = pz < -s1 ? pz + s1 : pz > s1 ? pz - s1 : 0;
      }
      case CYLINDER -> {
        lx = px;
        ly = py;
      }
      case ELLIPSOID -> {
        inside = px * px / (s0 * s0) + py * py / (s1 * s1) + pz * pz / (s2 * s2) <= 1;
        if (inside) {
          int f = lg + 1 + 3 * (nit - 1);
          lx = log[f];
          ly = log[f + 1];
          lz = log[f + 2];
        } else {
          double la = log[lg + 1 + 3 * (nit - 1)];
          s[VB] = px / (s0 * s0 + la);
          s[VB + 1] = py / (s1 * s1 + la);
          s[VB + 2] = pz / (s2 * s2 + la);
          ConvexCollision.normalize3(s, VB);
          lx = s[VB];
          ly = s[VB + 1];
          lz = s[VB + 2];
        }
      }
      default -> throw new IllegalStateException("no surface normal for geom " + g);
    }
    s[VB] = lx;
    s[VB + 1] = ly;
    s[VB + 2] = lz;
    ConvexCollision.normalize3(s, VB);
    double nlx = s[VB], nly = s[VB + 1], nlz = s[VB + 2];
    // n_out = R ln: R̄ += n̄ lnᵀ, l̄n = Rᵀ n̄
    double ox = e[NB], oy = e[NB + 1], oz = e[NB + 2];
    addOuter(b.geomXmatBar, o, ox, oy, oz, nlx, nly, nlz);
    double bx = mat[o] * ox + mat[o + 3] * oy + mat[o + 6] * oz;
    double by = mat[o + 1] * ox + mat[o + 4] * oy + mat[o + 7] * oz;
    double bz = mat[o + 2] * ox + mat[o + 5] * oy + mat[o + 8] * oz;
    normalize3Adjoint(lx, ly, lz, nlx, nly, nlz, bx, by, bz, e, T);
    double lbx = e[T], lby = e[T + 1], lbz = e[T + 2];
    // bars of the local point and of the local estimate
    double pbx = 0, pby = 0, pbz = 0, mbx = 0, mby = 0, mbz = 0;
    switch (m.geomType(g)) {
      case SPHERE -> {
        pbx = lbx;
        pby = lby;
        pbz = lbz;
      }
      case CAPSULE -> {
        pbx = lbx;
        pby = lby;
        pbz = pz < -s1 || pz > s1 ? lbz : 0;
      }
      case CYLINDER -> {
        pbx = lbx;
        pby = lby;
      }
      case ELLIPSOID -> {
        if (inside) {
          ellipsoidInside(log, lg, nit, px, py, pz, mx, my, mz, s0, s1, s2, lbx, lby, lbz, e);
        } else {
          ellipsoidOutside(log, lg, nit, px, py, pz, s0, s1, s2, lbx, lby, lbz, e);
        }
        pbx = e[PT];
        pby = e[PT + 1];
        pbz = e[PT + 2];
        mbx = e[MT];
        mby = e[MT + 1];
        mbz = e[MT + 2];
      }
      default -> {
        // not reached: boxes are never fixed
      }
    }
    // p = Rᵀ (x − c): R̄ += (x − c) p̄ᵀ, x̄ = −c̄ = R p̄; m = Rᵀ n_in: R̄ += n_in m̄ᵀ, n̄_in = R m̄
    addOuter(b.geomXmatBar, o, wx, wy, wz, pbx, pby, pbz);
    addOuter(b.geomXmatBar, o, ex, ey, ez, mbx, mby, mbz);
    for (int i = 0; i < 3; i++) {
      double xb = mat[o + 3 * i] * pbx + mat[o + 3 * i + 1] * pby + mat[o + 3 * i + 2] * pbz;
      e[W + 3 + i] += xb;
      b.geomXposBar[3 * g + i] -= xb;
      e[NB + i] = mat[o + 3 * i] * mbx + mat[o + 3 * i + 1] * mby + mat[o + 3 * i + 2] * mbz;
    }
  }

  /**
   * Adjoint of {@link ConvexCollision#ellipsoidInside} from the bar {@code lb} of its result (the
   * last logged normal): the bar of the local point into {@code e[PT..)}, of the local estimate
   * into {@code e[MT..)}.
   */
  private static void ellipsoidInside(
      double[] log,
      int lg,
      int nit,
      double px,
      double py,
      double pz,
      double mx,
      double my,
      double mz,
      double s0,
      double s1,
      double s2,
      double lbx,
      double lby,
      double lbz,
      double[] e) {
    double i0 = 1 / (s0 * s0), i1 = 1 / (s1 * s1), i2 = 1 / (s2 * s2);
    double cc = px * px * i0 + py * py * i1 + pz * pz * i2 - 1;
    double nbx = lbx, nby = lby, nbz = lbz, pbx = 0, pby = 0, pbz = 0, ccb = 0;
    for (int k = nit - 2; k >= 0; k--) {
      // step k: n_{k+1} = normalize3((p + x n_k) ⊙ i)
      int f = lg + 1 + 3 * k;
      double nx = log[f], ny = log[f + 1], nz = log[f + 2];
      double a = nx * nx * i0 + ny * ny * i1 + nz * nz * i2;
      double bb = px * nx * i0 + py * ny * i1 + pz * nz * i2;
      double det = bb * bb - a * cc, sd = Math.sqrt(det);
      double x = (-bb + sd) / a;
      double qx = (px + x * nx) * i0, qy = (py + x * ny) * i1, qz = (pz + x * nz) * i2;
      double ql = Math.sqrt(qx * qx + qy * qy + qz * qz);
      double ux = qx / ql, uy = qy / ql, uz = qz / ql, dot = ux * nbx + uy * nby + uz * nbz;
      // bar of q ⊙ i, then of q = p + x n
      double gx = (nbx - ux * dot) / ql * i0,
          gy = (nby - uy * dot) / ql * i1,
          gz = (nbz - uz * dot) / ql * i2;
      double xb = gx * nx + gy * ny + gz * nz;
      pbx += gx;
      pby += gy;
      pbz += gz;
      nbx = x * gx;
      nby = x * gy;
      nbz = x * gz;
      // x = (−b + √det)/a, det = b² − a cc
      double detb = xb / (2 * sd * a);
      double bbb = xb * (-1 / a) + detb * 2 * bb;
      double ab = -xb * x / a - detb * cc;
      ccb -= detb * a;
      nbx += 2 * nx * i0 * ab + px * i0 * bbb;
      nby += 2 * ny * i1 * ab + py * i1 * bbb;
      nbz += 2 * nz * i2 * ab + pz * i2 * bbb;
      pbx += nx * i0 * bbb;
      pby += ny * i1 * bbb;
      pbz += nz * i2 * bbb;
    }
    // n_0 = normalize3(m)
    double ml = Math.sqrt(mx * mx + my * my + mz * mz);
    normalize3Adjoint(mx, my, mz, mx / ml, my / ml, mz / ml, nbx, nby, nbz, e, MT);
    e[PT] = pbx + 2 * px * i0 * ccb;
    e[PT + 1] = pby + 2 * py * i1 * ccb;
    e[PT + 2] = pbz + 2 * pz * i2 * ccb;
  }

  /**
   * Adjoint of {@link ConvexCollision#ellipsoidOutside} from the bar {@code lb} of its result: the
   * bar of the local point into {@code e[PT..)}, zero for the estimate (not read) into {@code
   * e[MT..)}.
   */
  private static void ellipsoidOutside(
      double[] log,
      int lg,
      int nit,
      double px,
      double py,
      double pz,
      double s0,
      double s1,
      double s2,
      double lbx,
      double lby,
      double lbz,
      double[] e) {
    double q0 = s0 * s0, q1 = s1 * s1, q2 = s2 * s2;
    double w0 = px * px * q0, w1 = py * py * q1, w2 = pz * pz * q2;
    double la = log[lg + 1 + 3 * (nit - 1)];
    // result = normalize3(y), y = p/(q + λ)
    double yx = px / (q0 + la), yy = py / (q1 + la), yz = pz / (q2 + la);
    double yl = Math.sqrt(yx * yx + yy * yy + yz * yz);
    normalize3Adjoint(yx, yy, yz, yx / yl, yy / yl, yz / yl, lbx, lby, lbz, e, T);
    double tx = e[T], ty = e[T + 1], tz = e[T + 2];
    double pbx = tx / (q0 + la), pby = ty / (q1 + la), pbz = tz / (q2 + la);
    double lab = -(tx * yx / (q0 + la) + ty * yy / (q1 + la) + tz * yz / (q2 + la));
    double wb0 = 0, wb1 = 0, wb2 = 0;
    for (int k = nit - 2; k >= 0; k--) {
      // λ_{k+1} = λ_k + δ, δ = −val/deriv
      double l0 = log[lg + 1 + 3 * k];
      double r0 = 1 / (q0 + l0), r1 = 1 / (q1 + l0), r2 = 1 / (q2 + l0);
      double val = w0 * r0 * r0 + w1 * r1 * r1 + w2 * r2 * r2 - 1;
      double deriv = -2 * (w0 * r0 * r0 * r0 + w1 * r1 * r1 * r1 + w2 * r2 * r2 * r2);
      double valb = -lab / deriv, derivb = lab * val / (deriv * deriv);
      // val = Σ w r² − 1, deriv = −2 Σ w r³, r = 1/(q + λ)
      wb0 += valb * r0 * r0 - 2 * derivb * r0 * r0 * r0;
      wb1 += valb * r1 * r1 - 2 * derivb * r1 * r1 * r1;
      wb2 += valb * r2 * r2 - 2 * derivb * r2 * r2 * r2;
      double rb0 = 2 * valb * w0 * r0 - 6 * derivb * w0 * r0 * r0;
      double rb1 = 2 * valb * w1 * r1 - 6 * derivb * w1 * r1 * r1;
      double rb2 = 2 * valb * w2 * r2 - 6 * derivb * w2 * r2 * r2;
      lab -= rb0 * r0 * r0 + rb1 * r1 * r1 + rb2 * r2 * r2;
    }
    e[PT] = pbx + 2 * px * q0 * wb0;
    e[PT + 1] = pby + 2 * py * q1 * wb1;
    e[PT + 2] = pbz + 2 * pz * q2 * wb2;
    e[MT] = 0;
    e[MT + 1] = 0;
    e[MT + 2] = 0;
  }

  // ---- MPR's outputs ----

  /**
   * Adjoint of the end of {@link ConvexCollision#mpr}: from the bars of the direction and the point
   * ({@code W}) and of the depth, the bars of the last portal's points, passed to the evaluations
   * that made them ({@code convexLogBar}) or to the centres (v0).
   */
  private static void outputs(Model m, Data d, DataBar b, int g1, int g2, double depthBar) {
    double[] s = d.convexScratch, pb = b.convexBar, w = pb;
    int last = 4;
    if (s[RES] == 2) {
      last = 2;
      // depth = |v1|, direction = v1/|v1|, point = (a1 + b1)/2
      double vx = s[RECORD], vy = s[RECORD + 1], vz = s[RECORD + 2];
      double len = Math.sqrt(vx * vx + vy * vy + vz * vz);
      double ux = vx / len,
          uy = vy / len,
          uz = vz / len,
          dot = ux * w[W] + uy * w[W + 1] + uz * w[W + 2];
      pb[PV] = depthBar * ux + (w[W] - ux * dot) / len;
      pb[PV + 1] = depthBar * uy + (w[W + 1] - uy * dot) / len;
      pb[PV + 2] = depthBar * uz + (w[W + 2] - uz * dot) / len;
      for (int k = 0; k < 3; k++) {
        pb[PA + 3 + k] = 0.5 * w[W + 3 + k];
        pb[PB + 3 + k] = 0.5 * w[W + 3 + k];
      }
    } else {
      // the witness W (nearest point of the portal to the origin): depth = |W|, direction = W/|W|
      double dist2 = ConvexCollision.originTriangleDistance2(s);
      double len = Math.sqrt(dist2);
      double wx = s[WIT], wy = s[WIT + 1], wz = s[WIT + 2];
      double ux = wx / len,
          uy = wy / len,
          uz = wz / len,
          dot = ux * w[W] + uy * w[W + 1] + uz * w[W + 2];
      double bx = depthBar * ux + (w[W] - ux * dot) / len;
      double by = depthBar * uy + (w[W + 1] - uy * dot) / len;
      double bz = depthBar * uz + (w[W + 2] - uz * dot) / len;
      witness(s, pb, bx, by, bz);
      contactPoint(s, pb);
    }
    // points of the portal to the evaluations: v = a − b
    for (int r = 0; r < last; r++) {
      int k = (int) s[RECORD * r + 9];
      for (int i = 0; i < 3; i++) {
        double v = r == 0 ? 0 : pb[PV + 3 * (r - 1) + i];
        double ab = pb[PA + 3 * r + i] + v, bb = pb[PB + 3 * r + i] - v;
        if (k < 0) {
          centreBar(m, d, b, g1, i, ab);
          centreBar(m, d, b, g2, i, bb);
        } else {
          b.convexLogBar[6 * k + i] += ab;
          b.convexLogBar[6 * k + 3 + i] += bb;
        }
      }
    }
  }

  /**
   * Adjoint of {@link ConvexCollision#originTriangleDistance2}'s witness W, whose bar is {@code
   * (bx, by, bz)}: adds the bars of v1, v2, v3 to {@code pb[PV..PV+9)}. The branch (inside the
   * triangle, or which edge and where on it) is the forward's, taken again.
   */
  private static void witness(double[] s, double[] pb, double bx, double by, double bz) {
    int x0 = RECORD;
    double d1x = s[2 * RECORD] - s[x0],
        d1y = s[2 * RECORD + 1] - s[x0 + 1],
        d1z = s[2 * RECORD + 2] - s[x0 + 2];
    double d2x = s[3 * RECORD] - s[x0],
        d2y = s[3 * RECORD + 1] - s[x0 + 1],
        d2z = s[3 * RECORD + 2] - s[x0 + 2];
    double ax = s[x0], ay = s[x0 + 1], az = s[x0 + 2];
    double v = d1x * d1x + d1y * d1y + d1z * d1z, w = d2x * d2x + d2y * d2y + d2z * d2z;
    double p = ax * d1x + ay * d1y + az * d1z, q = ax * d2x + ay * d2y + az * d2z;
    double r = d1x * d2x + d1y * d2y + d1z * d2z;
    double det = w * v - r * r, a, bb;
    if (ConvexCollision.isZero(det)) {
      a = -1;
      bb = -1;
    } else {
      a = (q * r - w * p) / det;
      bb = (-a * r - q) / w;
    }
    if ((ConvexCollision.isZero(a) || a > 0)
        && (ConvexCollision.eq(a, 1) || a < 1)
        && (ConvexCollision.isZero(bb) || bb > 0)
        && (ConvexCollision.eq(bb, 1) || bb < 1)
        && (ConvexCollision.eq(bb + a, 1) || bb + a < 1)) {
      // W = x0 + a d1 + b d2
      double abar = bx * d1x + by * d1y + bz * d1z, bbar = bx * d2x + by * d2y + bz * d2z;
      double x0x = bx, x0y = by, x0z = bz;
      double d1bx = a * bx,
          d1by = a * by,
          d1bz = a * bz,
          d2bx = bb * bx,
          d2by = bb * by,
          d2bz = bb * bz;
      // b = (−a r − q)/w
      abar += -r / w * bbar;
      double rbar = -a / w * bbar, qbar = -bbar / w, wbar = -bb / w * bbar;
      // a = (q r − w p)/det
      double detbar = -a / det * abar;
      qbar += r / det * abar;
      rbar += q / det * abar;
      wbar += -p / det * abar;
      double pbar = -w / det * abar;
      // det = w v − r²
      wbar += v * detbar;
      double vbar = w * detbar;
      rbar += -2 * r * detbar;
      // v = d1·d1, w = d2·d2, p = x0·d1, q = x0·d2, r = d1·d2
      d1bx += 2 * d1x * vbar + ax * pbar + d2x * rbar;
      d1by += 2 * d1y * vbar + ay * pbar + d2y * rbar;
      d1bz += 2 * d1z * vbar + az * pbar + d2z * rbar;
      d2bx += 2 * d2x * wbar + ax * qbar + d1x * rbar;
      d2by += 2 * d2y * wbar + ay * qbar + d1y * rbar;
      d2bz += 2 * d2z * wbar + az * qbar + d1z * rbar;
      x0x += d1x * pbar + d2x * qbar;
      x0y += d1y * pbar + d2y * qbar;
      x0z += d1z * pbar + d2z * qbar;
      // d1 = v2 − v1, d2 = v3 − v1
      pb[PV] += x0x - d1bx - d2bx;
      pb[PV + 1] += x0y - d1by - d2by;
      pb[PV + 2] += x0z - d1bz - d2bz;
      pb[PV + 3] += d1bx;
      pb[PV + 4] += d1by;
      pb[PV + 5] += d1bz;
      pb[PV + 6] += d2bx;
      pb[PV + 7] += d2by;
      pb[PV + 8] += d2bz;
      return;
    }
    // the nearest of the three edges, as the forward chose it
    int edge = 0;
    double dist = ConvexCollision.originSegmentDistance2(s, x0, 2 * RECORD, WIT2);
    double dist2 = ConvexCollision.originSegmentDistance2(s, x0, 3 * RECORD, WIT2);
    if (dist2 < dist) {
      dist = dist2;
      edge = 1;
    }
    dist2 = ConvexCollision.originSegmentDistance2(s, 2 * RECORD, 3 * RECORD, WIT2);
    if (dist2 < dist) {
      edge = 2;
    }
    int e0 = edge == 2 ? 1 : 0, e1 = edge == 0 ? 1 : 2;
    segment(s, pb, RECORD * (e0 + 1), RECORD * (e1 + 1), PV + 3 * e0, PV + 3 * e1, bx, by, bz);
  }

  /**
   * Adjoint of {@link ConvexCollision#originSegmentDistance2}'s witness on the segment (x0, x1).
   */
  private static void segment(
      double[] s, double[] pb, int x0, int x1, int b0, int b1, double bx, double by, double bz) {
    double dx = s[x1] - s[x0], dy = s[x1 + 1] - s[x0 + 1], dz = s[x1 + 2] - s[x0 + 2];
    double l = dx * dx + dy * dy + dz * dz;
    double t = -(s[x0] * dx + s[x0 + 1] * dy + s[x0 + 2] * dz);
    t /= l;
    if (t < 0 || ConvexCollision.isZero(t)) {
      pb[b0] += bx;
      pb[b0 + 1] += by;
      pb[b0 + 2] += bz;
    } else if (t > 1 || ConvexCollision.eq(t, 1)) {
      pb[b1] += bx;
      pb[b1 + 1] += by;
      pb[b1 + 2] += bz;
    } else {
      // W = d t + x0, t = −(x0·d)/|d|²
      double tb = bx * dx + by * dy + bz * dz;
      double dbx = t * bx - s[x0] / l * tb - 2 * t * dx / l * tb;
      double dby = t * by - s[x0 + 1] / l * tb - 2 * t * dy / l * tb;
      double dbz = t * bz - s[x0 + 2] / l * tb - 2 * t * dz / l * tb;
      pb[b0] += bx - dx / l * tb - dbx;
      pb[b0 + 1] += by - dy / l * tb - dby;
      pb[b0 + 2] += bz - dz / l * tb - dbz;
      pb[b1] += dbx;
      pb[b1 + 1] += dby;
      pb[b1 + 2] += dbz;
    }
  }

  /**
   * Adjoint of {@link ConvexCollision}'s contact point, the barycentric mean of the portal's geom
   * points, from its bar {@code pb[W + 3 ..)}: adds to the bars of the points of v0..v3 and of
   * their geom parts in {@code pb}.
   */
  private static void contactPoint(double[] s, double[] pb) {
    int r0 = 0, r1 = RECORD, r2 = 2 * RECORD, r3 = 3 * RECORD;
    double b0 = triple(s, r1, r2, r3), b1 = triple(s, r3, r2, r0), b2 = triple(s, r0, r1, r3);
    double b3 = triple(s, r2, r1, r0);
    double sum = b0 + b1 + b2 + b3;
    boolean flat = ConvexCollision.isZero(sum) || sum < 0;
    if (flat) {
      ConvexCollision.portalDir(s);
      b0 = 0;
      b1 = triple(s, r2, r3, DIR);
      b2 = triple(s, r3, r1, DIR);
      b3 = triple(s, r1, r2, DIR);
      sum = b1 + b2 + b3;
    }
    double inv = 1 / sum, invBar = 0;
    for (int i = 0; i < 4; i++) {
      pb[BAR + i] = 0;
    }
    for (int k = 0; k < 3; k++) {
      double pos = 0.5 * pb[W + 3 + k];
      double p1 = 0, p2 = 0;
      for (int i = 0; i < 4; i++) {
        double bi = i == 0 ? b0 : i == 1 ? b1 : i == 2 ? b2 : b3;
        p1 += s[RECORD * i + 3 + k] * bi;
        p2 += s[RECORD * i + 6 + k] * bi;
        pb[PA + 3 * i + k] += bi * inv * pos;
        pb[PB + 3 * i + k] += bi * inv * pos;
        pb[BAR + i] += (s[RECORD * i + 3 + k] + s[RECORD * i + 6 + k]) * inv * pos;
      }
      invBar += (p1 + p2) * pos;
    }
    double sumBar = -inv * inv * invBar;
    if (flat) {
      // b_i = (x × y)·D over the portal's points; D = normalize((v2 − v1) × (v3 − v1))
      pb[DB] = 0;
      pb[DB + 1] = 0;
      pb[DB + 2] = 0;
      tripleAdjoint(s, pb, r2, r3, DIR, pb[BAR + 1] + sumBar);
      tripleAdjoint(s, pb, r3, r1, DIR, pb[BAR + 2] + sumBar);
      tripleAdjoint(s, pb, r1, r2, DIR, pb[BAR + 3] + sumBar);
      portalDirAdjoint(s, pb);
    } else {
      tripleAdjoint(s, pb, r1, r2, r3, pb[BAR] + sumBar);
      tripleAdjoint(s, pb, r3, r2, r0, pb[BAR + 1] + sumBar);
      tripleAdjoint(s, pb, r0, r1, r3, pb[BAR + 2] + sumBar);
      tripleAdjoint(s, pb, r2, r1, r0, pb[BAR + 3] + sumBar);
    }
  }

  /** {@code (x × y)·z} of the vectors at offsets x, y, z of the scratch. */
  private static double triple(double[] s, int x, int y, int z) {
    return (s[x + 1] * s[y + 2] - s[x + 2] * s[y + 1]) * s[z]
        + (s[x + 2] * s[y] - s[x] * s[y + 2]) * s[z + 1]
        + (s[x] * s[y + 1] - s[x + 1] * s[y]) * s[z + 2];
  }

  /**
   * Adds the bars of {@code (x × y)·z} (bar {@code t}) to the portal points x, y, z (record
   * offsets; z may be {@code DIR}, whose bar goes to {@code pb[DB..)}).
   */
  private static void tripleAdjoint(double[] s, double[] pb, int x, int y, int z, double t) {
    // x̄ = (y × z) t, ȳ = (z × x) t, z̄ = (x × y) t
    addPoint(
        pb,
        x,
        t * (s[y + 1] * s[z + 2] - s[y + 2] * s[z + 1]),
        t * (s[y + 2] * s[z] - s[y] * s[z + 2]),
        t * (s[y] * s[z + 1] - s[y + 1] * s[z]));
    addPoint(
        pb,
        y,
        t * (s[z + 1] * s[x + 2] - s[z + 2] * s[x + 1]),
        t * (s[z + 2] * s[x] - s[z] * s[x + 2]),
        t * (s[z] * s[x + 1] - s[z + 1] * s[x]));
    double zx = t * (s[x + 1] * s[y + 2] - s[x + 2] * s[y + 1]),
        zy = t * (s[x + 2] * s[y] - s[x] * s[y + 2]);
    double zz = t * (s[x] * s[y + 1] - s[x + 1] * s[y]);
    if (z == DIR) {
      pb[DB] += zx;
      pb[DB + 1] += zy;
      pb[DB + 2] += zz;
    } else {
      addPoint(pb, z, zx, zy, zz);
    }
  }

  /**
   * Adds a bar to the point of A − B in record offset r (v0: both geom parts; v1..v3: {@code PV}).
   */
  private static void addPoint(double[] pb, int r, double x, double y, double z) {
    int i = r / RECORD;
    if (i == 0) {
      pb[PA] += x;
      pb[PA + 1] += y;
      pb[PA + 2] += z;
      pb[PB] -= x;
      pb[PB + 1] -= y;
      pb[PB + 2] -= z;
    } else {
      pb[PV + 3 * (i - 1)] += x;
      pb[PV + 3 * (i - 1) + 1] += y;
      pb[PV + 3 * (i - 1) + 2] += z;
    }
  }

  /**
   * Adjoint of {@link ConvexCollision#portalDir} (its value in {@code DIR}) from the bar {@code
   * pb[DB..)}.
   */
  private static void portalDirAdjoint(double[] s, double[] pb) {
    double ex = s[2 * RECORD] - s[RECORD], ey = s[2 * RECORD + 1] - s[RECORD + 1];
    double ez = s[2 * RECORD + 2] - s[RECORD + 2];
    double fx = s[3 * RECORD] - s[RECORD], fy = s[3 * RECORD + 1] - s[RECORD + 1];
    double fz = s[3 * RECORD + 2] - s[RECORD + 2];
    double ux = ey * fz - ez * fy, uy = ez * fx - ex * fz, uz = ex * fy - ey * fx;
    double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
    double dx = s[DIR],
        dy = s[DIR + 1],
        dz = s[DIR + 2],
        dot = dx * pb[DB] + dy * pb[DB + 1] + dz * pb[DB + 2];
    double gx = (pb[DB] - dx * dot) / len,
        gy = (pb[DB + 1] - dy * dot) / len,
        gz = (pb[DB + 2] - dz * dot) / len;
    // u = e × f: ē = f × ū, f̄ = ū × e
    double ebx = fy * gz - fz * gy, eby = fz * gx - fx * gz, ebz = fx * gy - fy * gx;
    double fbx = gy * ez - gz * ey, fby = gz * ex - gx * ez, fbz = gx * ey - gy * ex;
    pb[PV] -= ebx + fbx;
    pb[PV + 1] -= eby + fby;
    pb[PV + 2] -= ebz + fbz;
    pb[PV + 3] += ebx;
    pb[PV + 4] += eby;
    pb[PV + 5] += ebz;
    pb[PV + 6] += fbx;
    pb[PV + 7] += fby;
    pb[PV + 8] += fbz;
  }

  // ---- the support evaluations, latest first ----

  /**
   * Walks the log back: evaluation k's bars ({@code convexLogBar}: its geom 1 and geom 2 points) go
   * to the geom poses and to its direction; the direction's bar goes, through the normalisation and
   * the rule that made it, to the points of the earlier evaluations (or v0) it was made from.
   */
  private static void replay(Model m, Data d, DataBar b, int g1, int g2, int count) {
    double[] log = d.convexLog, lb = b.convexLogBar, s = d.convexScratch, db = b.convexBar;
    for (int k = count - 1; k >= 0; k--) {
      int e = LOG * k;
      db[DB] = 0;
      db[DB + 1] = 0;
      db[DB + 2] = 0;
      supportAdjoint(m, d, b, g1, 1, log, e + 4, lb, 6 * k);
      supportAdjoint(m, d, b, g2, -1, log, e + 4, lb, 6 * k + 3);
      int rule = (int) log[e], ia = (int) log[e + 1], ib = (int) log[e + 2], ic = (int) log[e + 3];
      // u, the direction before normalising
      double ax = point(s, log, ia, 0), ay = point(s, log, ia, 1), az = point(s, log, ia, 2);
      double ux, uy, uz, ex = 0, ey = 0, ez = 0, fx = 0, fy = 0, fz = 0;
      if (rule == RULE_AWAY) {
        ux = -ax;
        uy = -ay;
        uz = -az;
      } else if (rule == RULE_NORMAL) {
        ex = point(s, log, ib, 0);
        ey = point(s, log, ib, 1);
        ez = point(s, log, ib, 2);
        ux = ay * ez - az * ey;
        uy = az * ex - ax * ez;
        uz = ax * ey - ay * ex;
      } else {
        ex = point(s, log, ib, 0) - ax;
        ey = point(s, log, ib, 1) - ay;
        ez = point(s, log, ib, 2) - az;
        fx = point(s, log, ic, 0) - ax;
        fy = point(s, log, ic, 1) - ay;
        fz = point(s, log, ic, 2) - az;
        ux = ey * fz - ez * fy;
        uy = ez * fx - ex * fz;
        uz = ex * fy - ey * fx;
      }
      double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
      double dx = log[e + 4],
          dy = log[e + 5],
          dz = log[e + 6],
          dot = dx * db[DB] + dy * db[DB + 1] + dz * db[DB + 2];
      double gx = (db[DB] - dx * dot) / len,
          gy = (db[DB + 1] - dy * dot) / len,
          gz = (db[DB + 2] - dz * dot) / len;
      if (rule == RULE_AWAY) {
        addPointBar(m, d, b, g1, g2, ia, -gx, -gy, -gz);
      } else if (rule == RULE_NORMAL) {
        // u = v_a × v_b: v̄_a = v_b × ū, v̄_b = ū × v_a
        addPointBar(m, d, b, g1, g2, ia, ey * gz - ez * gy, ez * gx - ex * gz, ex * gy - ey * gx);
        addPointBar(m, d, b, g1, g2, ib, gy * az - gz * ay, gz * ax - gx * az, gx * ay - gy * ax);
      } else {
        // u = e × f with e = v_b − v_a, f = v_c − v_a
        double ebx = fy * gz - fz * gy, eby = fz * gx - fx * gz, ebz = fx * gy - fy * gx;
        double fbx = gy * ez - gz * ey, fby = gz * ex - gx * ez, fbz = gx * ey - gy * ex;
        addPointBar(m, d, b, g1, g2, ib, ebx, eby, ebz);
        addPointBar(m, d, b, g1, g2, ic, fbx, fby, fbz);
        addPointBar(m, d, b, g1, g2, ia, -ebx - fbx, -eby - fby, -ebz - fbz);
      }
    }
  }

  /**
   * Component i of the point of A − B of evaluation k, or of v0 (the scratch's record 0) for k =
   * −1.
   */
  private static double point(double[] s, double[] log, int k, int i) {
    return k < 0 ? s[i] : log[LOG * k + 7 + i] - log[LOG * k + 10 + i];
  }

  /**
   * Adds a bar to the point of A − B of evaluation k ({@code v = a − b}), or of v0 (the centres)
   * for k = −1.
   */
  private static void addPointBar(
      Model m, Data d, DataBar b, int g1, int g2, int k, double x, double y, double z) {
    if (k < 0) {
      centreBar(m, d, b, g1, 0, x);
      centreBar(m, d, b, g1, 1, y);
      centreBar(m, d, b, g1, 2, z);
      centreBar(m, d, b, g2, 0, -x);
      centreBar(m, d, b, g2, 1, -y);
      centreBar(m, d, b, g2, 2, -z);
    } else {
      double[] lb = b.convexLogBar;
      lb[6 * k] += x;
      lb[6 * k + 1] += y;
      lb[6 * k + 2] += z;
      lb[6 * k + 3] -= x;
      lb[6 * k + 4] -= y;
      lb[6 * k + 5] -= z;
    }
  }

  /**
   * Adjoint of {@link ConvexCollision#supportPoint} of geom g along {@code sign · D} ({@code D =
   * log[dir..]}), from the bar {@code ob[o..o+3)} of the support point: adds to the geom's pose
   * bars and to the bar of D ({@code convexBar[DB..)}).
   */
  private static void supportAdjoint(
      Model m, Data d, DataBar b, int g, double sign, double[] log, int dir, double[] ob, int o) {
    if (m.geomType(g) == GeomType.HFIELD) {
      // a prism's vertex of a static height field: constant, whatever the direction
      return;
    }
    // the support point moved out by half the margin along sign · D
    double half = 0.5 * sign * d.convexScratch[ConvexCollision.MARGIN];
    double[] db = b.convexBar;
    db[DB] += half * ob[o];
    db[DB + 1] += half * ob[o + 1];
    db[DB + 2] += half * ob[o + 2];
    if (d.convexScratch[FRAME] != 0) {
      supportAdjoint(
          m,
          d,
          b,
          g,
          sign,
          log,
          dir,
          ob,
          o,
          d.hfieldLocal,
          0,
          b.hfieldLocalBar,
          0,
          b.hfieldLocalBar,
          9);
    } else {
      supportAdjoint(
          m,
          d,
          b,
          g,
          sign,
          log,
          dir,
          ob,
          o,
          d.geomXmat,
          9 * g,
          b.geomXmatBar,
          9 * g,
          b.geomXposBar,
          3 * g);
    }
  }

  /**
   * As above for geom g with the rotation {@code mat[r..r+9)}, whose bar is {@code matBar[rb..)},
   * and the position bar {@code posBar[pb..pb+3)}.
   */
  private static void supportAdjoint(
      Model m,
      Data d,
      DataBar b,
      int g,
      double sign,
      double[] log,
      int dir,
      double[] ob,
      int o,
      double[] mat,
      int r,
      double[] matBar,
      int rb,
      double[] posBar,
      int pb) {
    double[] db = b.convexBar;
    double obx = ob[o], oby = ob[o + 1], obz = ob[o + 2];
    if (obx == 0 && oby == 0 && obz == 0) {
      return;
    }
    double ex = sign * log[dir], ey = sign * log[dir + 1], ez = sign * log[dir + 2];
    double ux = mat[r] * ex + mat[r + 3] * ey + mat[r + 6] * ez;
    double uy = mat[r + 1] * ex + mat[r + 4] * ey + mat[r + 7] * ez;
    double uz = mat[r + 2] * ex + mat[r + 5] * ey + mat[r + 8] * ez;
    double s0 = m.geomSize(g, 0), s1 = m.geomSize(g, 1), s2 = m.geomSize(g, 2);
    // the local support point l and, from its bar l̄ = Rᵀ ō, the bar ū of the local direction
    double lbx = mat[r] * obx + mat[r + 3] * oby + mat[r + 6] * obz;
    double lby = mat[r + 1] * obx + mat[r + 4] * oby + mat[r + 7] * obz;
    double lbz = mat[r + 2] * obx + mat[r + 5] * oby + mat[r + 8] * obz;
    double lx = 0, ly = 0, lz = 0, ubx = 0, uby = 0, ubz = 0;
    switch (m.geomType(g)) {
      case SPHERE -> {
        lx = ux * s0;
        ly = uy * s0;
        lz = uz * s0;
        ubx = s0 * lbx;
        uby = s0 * lby;
        ubz = s0 * lbz;
      }
      case CAPSULE -> {
        lx = ux * s0;
        ly = uy * s0;
        lz = uz * s0 + ConvexCollision.sign(uz) * s1;
        ubx = s0 * lbx;
        uby = s0 * lby;
        ubz = s0 * lbz;
      }
      case ELLIPSOID -> {
        double tx = ux * s0, ty = uy * s1, tz = uz * s2;
        double norm = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (norm >= MIN_VALUE) {
          double nx = tx / norm, ny = ty / norm, nz = tz / norm;
          lx = nx * s0;
          ly = ny * s1;
          lz = nz * s2;
          double nbx = lbx * s0,
              nby = lby * s1,
              nbz = lbz * s2,
              dot = nx * nbx + ny * nby + nz * nbz;
          ubx = (nbx - nx * dot) / norm * s0;
          uby = (nby - ny * dot) / norm * s1;
          ubz = (nbz - nz * dot) / norm * s2;
        } else {
          lx = s0;
        }
      }
      case CYLINDER -> {
        double t = Math.sqrt(ux * ux + uy * uy);
        if (t > MIN_VALUE) {
          double hx = ux / t, hy = uy / t;
          lx = hx * s0;
          ly = hy * s0;
          double dot = hx * lbx + hy * lby;
          ubx = (lbx - hx * dot) / t * s0;
          uby = (lby - hy * dot) / t * s0;
        }
        lz = ConvexCollision.sign(uz) * s1;
      }
      case BOX -> {
        lx = ConvexCollision.sign(ux) * s0;
        ly = ConvexCollision.sign(uy) * s1;
        lz = ConvexCollision.sign(uz) * s2;
      }
      case MESH, SDF -> {
        // the farthest vertex, found again: a constant of the mesh's frame, or of an SDF's shape
        int mesh = m.geomMesh(g), v = ConvexCollision.meshSupport(m, mesh, ux, uy, uz);
        lx = m.meshVert(mesh, v, 0);
        ly = m.meshVert(mesh, v, 1);
        lz = m.meshVert(mesh, v, 2);
        shapeVertex(m, b, g, v, lbx, lby, lbz);
      }
      default -> throw new IllegalStateException("no support adjoint for geom " + g);
    }
    // out = R l + c: R̄ += ō lᵀ, c̄ += ō; u = Rᵀ e: R̄ += e ūᵀ, ē = R ū, D̄ += sign ē
    addOuter(matBar, rb, obx, oby, obz, lx, ly, lz);
    addOuter(matBar, rb, ex, ey, ez, ubx, uby, ubz);
    posBar[pb] += obx;
    posBar[pb + 1] += oby;
    posBar[pb + 2] += obz;
    db[DB] += sign * (mat[r] * ubx + mat[r + 1] * uby + mat[r + 2] * ubz);
    db[DB + 1] += sign * (mat[r + 3] * ubx + mat[r + 4] * uby + mat[r + 5] * ubz);
    db[DB + 2] += sign * (mat[r + 6] * ubx + mat[r + 7] * uby + mat[r + 8] * ubz);
  }

  // ---- helpers ----

  /** {@code M[o + 3i + j] += x_i y_j} for a row-major 3x3 at offset o. */
  private static void addOuter(
      double[] mb, int o, double x0, double x1, double x2, double y0, double y1, double y2) {
    mb[o] += x0 * y0;
    mb[o + 1] += x0 * y1;
    mb[o + 2] += x0 * y2;
    mb[o + 3] += x1 * y0;
    mb[o + 4] += x1 * y1;
    mb[o + 5] += x1 * y2;
    mb[o + 6] += x2 * y0;
    mb[o + 7] += x2 * y1;
    mb[o + 8] += x2 * y2;
  }

  /**
   * Adjoint of MuJoCo's {@code mju_normalize3} of {@code x} (result {@code n}) from the bar {@code
   * nb}: the bar of x into {@code out[o..o+3)}, zero when x was shorter than {@link
   * ConvexCollision#MIN_VALUE} (a constant then).
   */
  private static void normalize3Adjoint(
      double x,
      double y,
      double z,
      double nx,
      double ny,
      double nz,
      double nbx,
      double nby,
      double nbz,
      double[] out,
      int o) {
    double len = Math.sqrt(x * x + y * y + z * z);
    if (len < MIN_VALUE) {
      out[o] = 0;
      out[o + 1] = 0;
      out[o + 2] = 0;
      return;
    }
    double dot = nx * nbx + ny * nby + nz * nbz;
    out[o] = (nbx - nx * dot) / len;
    out[o + 1] = (nby - ny * dot) / len;
    out[o + 2] = (nbz - nz * dot) / len;
  }

  /**
   * Plane–mesh contact c at the mesh's vertex {@code Data.conFeature[c]} (a constant of the mesh's
   * frame): X = x + R v; see {@link ConvexCollision#planeMesh}.
   */
  static void planeMesh(Model m, Data d, DataBar b, int c, int gp, int gm, double[] nb) {
    double[] xb = b.scratch36;
    int v = d.conFeature[c], mesh = m.geomMesh(gm), om = 9 * gm;
    CollisionPrimitivesAdjoint.planePoint(
        d,
        b,
        c,
        gp,
        ConvexCollision.meshPoint(m, d, gm, v, 0),
        ConvexCollision.meshPoint(m, d, gm, v, 1),
        ConvexCollision.meshPoint(m, d, gm, v, 2),
        nb,
        xb);
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[3 * gm + i] += xb[i];
      for (int j = 0; j < 3; j++) {
        b.geomXmatBar[om + 3 * i + j] += m.meshVert(mesh, v, j) * xb[i];
      }
    }
    double[] mat = d.geomXmat;
    shapeVertex(
        m,
        b,
        gm,
        v,
        mat[om] * xb[0] + mat[om + 3] * xb[1] + mat[om + 6] * xb[2],
        mat[om + 1] * xb[0] + mat[om + 4] * xb[1] + mat[om + 7] * xb[2],
        mat[om + 2] * xb[0] + mat[om + 5] * xb[1] + mat[om + 8] * xb[2]);
  }

  /**
   * The bar (vx, vy, vz) of vertex v of geom g's mesh, in the geom's frame, into the bars of the
   * shape parameters it moves with ({@code Model.meshVertShape}); nothing for a mesh not made from
   * an SDF.
   */
  static void shapeVertex(Model m, DataBar b, int g, int v, double vx, double vy, double vz) {
    int mesh = m.geomMesh(g), np = m.geomShapeNum(g), adr = m.geomShapeAdr(g);
    if (m.meshVertShapeAdr(mesh) < 0) {
      return;
    }
    for (int k = 0; k < np; k++) {
      b.shapeBar[adr + k] +=
          vx * m.meshVertShape(mesh, v, 0, k, np)
              + vy * m.meshVertShape(mesh, v, 1, k, np)
              + vz * m.meshVertShape(mesh, v, 2, k, np);
    }
  }
}
