package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Adjoints of {@link CollisionPrimitives}, one per geom pair: each recomputes its contact's
 * construction from the geom poses (the same formulas and branches) and turns the bars of the
 * contact's point ({@code conPosBar}), normal ({@code nb}, tangent bars already folded in) and
 * distance ({@code conDistBar}) into bars of the geom centres and rotation matrices. A clamp held
 * at its bound passes nothing, as {@code Math.min} and {@code Math.max} do.
 */
final class CollisionPrimitivesAdjoint {
  private CollisionPrimitivesAdjoint() {}

  // ---- plane against X ----

  static void planeSphere(Model m, Data d, DataBar b, int c, int gp, int gs, double[] nb) {
    double[] mat = d.geomXmat, pos = d.geomXpos, xb = b.scratch36;
    int o = 9 * gp, s = 3 * gs;
    double r = CollisionPrimitives.sphereRadius(m, gs);
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    planePoint(d, b, c, gp, pos[s] - nx * r, pos[s + 1] - ny * r, pos[s + 2] - nz * r, nb, xb);
    // X = c - r n
    for (int k = 0; k < 3; k++) {
      b.geomXposBar[s + k] += xb[k];
    }
    addNormalBar(b, gp, -r * xb[0], -r * xb[1], -r * xb[2]);
    if (m.geomType(gs) == GeomType.SDF) {
      // an SDF sphere's radius is its shape parameter
      b.shapeBar[m.geomShapeAdr(gs)] -= nx * xb[0] + ny * xb[1] + nz * xb[2];
    }
  }

  static void planeCapsule(Model m, Data d, DataBar b, int c, int gp, int gc, int k, double[] nb) {
    double[] mat = d.geomXmat, pos = d.geomXpos, xb = b.scratch36;
    int o = 9 * gp, oc = 9 * gc, cc = 3 * gc;
    double r = m.geomSize(gc, 0), h = m.geomSize(gc, 1), sh = k == 0 ? h : -h;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    planePoint(
        d,
        b,
        c,
        gp,
        pos[cc] + mat[oc + 2] * sh - nx * r,
        pos[cc + 1] + mat[oc + 5] * sh - ny * r,
        pos[cc + 2] + mat[oc + 8] * sh - nz * r,
        nb,
        xb);
    // X = c + sh a - r n
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[cc + i] += xb[i];
      b.geomXmatBar[oc + 3 * i + 2] += sh * xb[i];
    }
    addNormalBar(b, gp, -r * xb[0], -r * xb[1], -r * xb[2]);
  }

  static void planeEllipsoid(Model m, Data d, DataBar b, int c, int gp, int ge, double[] nb) {
    double[] mat = d.geomXmat, pos = d.geomXpos, xb = b.scratch36, w = d.scratch6;
    int o = 9 * gp, oe = 9 * ge, e = 3 * ge;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    double sx = m.geomSize(ge, 0), sy = m.geomSize(ge, 1), sz = m.geomSize(ge, 2);
    double inv = CollisionPrimitives.ellipsoidOffset(m, d, gp, ge, w);
    double ux = w[0], uy = w[1], uz = w[2], vx = w[3], vy = w[4], vz = w[5];
    planePoint(
        d,
        b,
        c,
        gp,
        pos[e] - mat[oe] * vx - mat[oe + 1] * vy - mat[oe + 2] * vz,
        pos[e + 1] - mat[oe + 3] * vx - mat[oe + 4] * vy - mat[oe + 5] * vz,
        pos[e + 2] - mat[oe + 6] * vx - mat[oe + 7] * vy - mat[oe + 8] * vz,
        nb,
        xb);
    // X = c − R v: c̄ += X̄, R̄_ij −= X̄_i v_j, v̄ = −Rᵀ X̄
    double vbx = 0, vby = 0, vbz = 0;
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[e + i] += xb[i];
      b.geomXmatBar[oe + 3 * i] -= xb[i] * vx;
      b.geomXmatBar[oe + 3 * i + 1] -= xb[i] * vy;
      b.geomXmatBar[oe + 3 * i + 2] -= xb[i] * vz;
      vbx -= mat[oe + 3 * i] * xb[i];
      vby -= mat[oe + 3 * i + 1] * xb[i];
      vbz -= mat[oe + 3 * i + 2] * xb[i];
    }
    // v = S² u/|S u|: ū_k = s_k² (v̄_k − u_k (v̄·S² u) inv²) inv
    double dot = (vbx * sx * sx * ux + vby * sy * sy * uy + vbz * sz * sz * uz) * inv * inv;
    double ubx = sx * sx * (vbx - ux * dot) * inv, uby = sy * sy * (vby - uy * dot) * inv;
    double ubz = sz * sz * (vbz - uz * dot) * inv;
    // u = Rᵀ n: R̄_ij += n_i ū_j, n̄ = R ū
    for (int i = 0; i < 3; i++) {
      double ni = i == 0 ? nx : i == 1 ? ny : nz;
      b.geomXmatBar[oe + 3 * i] += ni * ubx;
      b.geomXmatBar[oe + 3 * i + 1] += ni * uby;
      b.geomXmatBar[oe + 3 * i + 2] += ni * ubz;
    }
    addNormalBar(
        b,
        gp,
        mat[oe] * ubx + mat[oe + 1] * uby + mat[oe + 2] * ubz,
        mat[oe + 3] * ubx + mat[oe + 4] * uby + mat[oe + 5] * ubz,
        mat[oe + 6] * ubx + mat[oe + 7] * uby + mat[oe + 8] * ubz);
  }

  static void planeBox(Model m, Data d, DataBar b, int c, int gp, int gb, int k, double[] nb) {
    double[] mat = d.geomXmat, pos = d.geomXpos, xb = b.scratch36;
    int o = 9 * gp, ob = 9 * gb, bo = 3 * gb;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    double hx = m.geomSize(gb, 0), hy = m.geomSize(gb, 1), hz = m.geomSize(gb, 2);
    double ex0 = mat[ob] * hx, ex1 = mat[ob + 3] * hx, ex2 = mat[ob + 6] * hx;
    double ey0 = mat[ob + 1] * hy, ey1 = mat[ob + 4] * hy, ey2 = mat[ob + 7] * hy;
    double ez0 = mat[ob + 2] * hz, ez1 = mat[ob + 5] * hz, ez2 = mat[ob + 8] * hz;
    double nex = nx * ex0 + ny * ex1 + nz * ex2;
    double ney = nx * ey0 + ny * ey1 + nz * ey2;
    double nez = nx * ez0 + ny * ez1 + nz * ez2;
    double sx = (k & 1) != 0 ? 1 : -1, sy = (k & 2) != 0 ? 1 : -1, sz = -1;
    double flip = sx * nex + sy * ney + sz * nez > 0 ? -1 : 1;
    sx *= flip;
    sy *= flip;
    sz *= flip;
    planePoint(
        d,
        b,
        c,
        gp,
        pos[bo] + sx * ex0 + sy * ey0 + sz * ez0,
        pos[bo + 1] + sx * ex1 + sy * ey1 + sz * ez1,
        pos[bo + 2] + sx * ex2 + sy * ey2 + sz * ez2,
        nb,
        xb);
    // X = c + sx hx col0 + sy hy col1 + sz hz col2
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[bo + i] += xb[i];
      b.geomXmatBar[ob + 3 * i] += sx * hx * xb[i];
      b.geomXmatBar[ob + 3 * i + 1] += sy * hy * xb[i];
      b.geomXmatBar[ob + 3 * i + 2] += sz * hz * xb[i];
    }
  }

  /**
   * Plane–cylinder feature k: X = c + v ± h a (k 0, 1) or c + h a − v/2 ± u (k 2, 3), with a the
   * axis turned towards the plane, v = r w/|w| (w = (a·n) a − n) and u = (r√3/2) z/|z| (z = v × h
   * a); see {@link CollisionPrimitives#planeCylinder}.
   */
  static void planeCylinder(Model m, Data d, DataBar b, int c, int gp, int gc, int k, double[] nb) {
    double[] mat = d.geomXmat, pos = d.geomXpos, xb = b.scratch36, w = d.scratch6;
    int o = 9 * gp, oc = 9 * gc, cc = 3 * gc;
    double r = m.geomSize(gc, 0), h = m.geomSize(gc, 1);
    double wlen = CollisionPrimitives.cylinderRim(m, d, gp, gc, w);
    double ax = w[0], ay = w[1], az = w[2], vx = w[3], vy = w[4], vz = w[5];
    double hx = ax * h, hy = ay * h, hz = az * h;
    double zx = vy * hz - vz * hy, zy = vz * hx - vx * hz, zz = vx * hy - vy * hx;
    double zl = Math.sqrt(zx * zx + zy * zy + zz * zz), kk = r * Math.sqrt(3.0) / 2 / zl;
    double ux = zx * kk, uy = zy * kk, uz = zz * kk;
    double px, py, pz;
    // X, and the signs of v, h a and u in it
    double sv = k < 2 ? 1 : -0.5, sa = k == 1 ? -1 : 1, su = k == 2 ? 1 : k == 3 ? -1 : 0;
    px = pos[cc] + sv * vx + sa * hx + su * ux;
    py = pos[cc + 1] + sv * vy + sa * hy + su * uy;
    pz = pos[cc + 2] + sv * vz + sa * hz + su * uz;
    planePoint(d, b, c, gp, px, py, pz, nb, xb);
    double xbx = xb[0], xby = xb[1], xbz = xb[2];
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[cc + i] += xb[i];
    }
    // bars of v, of the unit axis a and of u
    double vbx = sv * xbx, vby = sv * xby, vbz = sv * xbz;
    double abx = sa * h * xbx, aby = sa * h * xby, abz = sa * h * xbz;
    if (su != 0) {
      // u = kk z, kk = (r√3/2)/|z|: z̄ = (ū − ẑ(ẑ·ū)) (r√3/2)/|z|
      double ubx = su * xbx, uby = su * xby, ubz = su * xbz;
      double nzx = zx / zl, nzy = zy / zl, nzz = zz / zl, dot = nzx * ubx + nzy * uby + nzz * ubz;
      double gx = (ubx - nzx * dot) * kk, gy = (uby - nzy * dot) * kk, gz = (ubz - nzz * dot) * kk;
      // z = v × (h a): v̄ += (h a) × z̄, (h a)bar = z̄ × v
      vbx += hy * gz - hz * gy;
      vby += hz * gx - hx * gz;
      vbz += hx * gy - hy * gx;
      abx += h * (gy * vz - gz * vy);
      aby += h * (gz * vx - gx * vz);
      abz += h * (gx * vy - gy * vx);
    }
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8], an = ax * nx + ay * ny + az * nz;
    double nbx = 0, nby = 0, nbz = 0;
    if (wlen >= Contacts.MIN_VALUE) {
      // v = r ŵ, w = (a·n) a − n
      double wx = ax * an - nx, wy = ay * an - ny, wz = az * an - nz;
      double ex = wx / wlen, ey = wy / wlen, ez = wz / wlen, dot = ex * vbx + ey * vby + ez * vbz;
      double gx = (vbx - ex * dot) * r / wlen,
          gy = (vby - ey * dot) * r / wlen,
          gz = (vbz - ez * dot) * r / wlen;
      double anb = ax * gx + ay * gy + az * gz;
      abx += an * gx + anb * nx;
      aby += an * gy + anb * ny;
      abz += an * gz + anb * nz;
      nbx = anb * ax - gx;
      nby = anb * ay - gy;
      nbz = anb * az - gz;
    } else {
      // v = r times the cylinder's x axis
      b.geomXmatBar[oc] += r * vbx;
      b.geomXmatBar[oc + 3] += r * vby;
      b.geomXmatBar[oc + 6] += r * vbz;
    }
    // a = ±(the cylinder's z axis)
    double flip = mat[oc + 2] * nx + mat[oc + 5] * ny + mat[oc + 8] * nz > 0 ? -1 : 1;
    b.geomXmatBar[oc + 2] += flip * abx;
    b.geomXmatBar[oc + 5] += flip * aby;
    b.geomXmatBar[oc + 8] += flip * abz;
    addNormalBar(b, gp, nbx, nby, nbz);
  }

  /**
   * Adjoint of {@code planePoint}: {@code dist = n·(X - o)}, {@code P = X - n dist/2}; writes X̄
   * into xb[0..2] and adds the bars of the plane's normal (column 2 of its matrix) and origin.
   */
  static void planePoint(
      Data d, DataBar b, int c, int gp, double x, double y, double z, double[] nb, double[] xb) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, po = 3 * gp;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    double ux = x - pos[po], uy = y - pos[po + 1], uz = z - pos[po + 2];
    double dist = nx * ux + ny * uy + nz * uz;
    double px = b.conPosBar[3 * c], py = b.conPosBar[3 * c + 1], pz = b.conPosBar[3 * c + 2];
    double distBar = b.conDistBar[c] - 0.5 * (nx * px + ny * py + nz * pz);
    xb[0] = px + distBar * nx;
    xb[1] = py + distBar * ny;
    xb[2] = pz + distBar * nz;
    addNormalBar(
        b,
        gp,
        nb[0] - 0.5 * dist * px + distBar * ux,
        nb[1] - 0.5 * dist * py + distBar * uy,
        nb[2] - 0.5 * dist * pz + distBar * uz);
    b.geomXposBar[po] -= distBar * nx;
    b.geomXposBar[po + 1] -= distBar * ny;
    b.geomXposBar[po + 2] -= distBar * nz;
  }

  /** Bar of a plane's normal, column 2 of its rotation matrix. */
  private static void addNormalBar(DataBar b, int gp, double x, double y, double z) {
    b.geomXmatBar[9 * gp + 2] += x;
    b.geomXmatBar[9 * gp + 5] += y;
    b.geomXmatBar[9 * gp + 8] += z;
  }

  // ---- sphere-swept shapes ----

  static void sphereSphere(Model m, Data d, DataBar b, int c, int g1, int g2, double[] nb) {
    double[] pos = d.geomXpos, xb = b.scratch36;
    int a = 3 * g1, e = 3 * g2;
    spheres(
        d,
        b,
        c,
        pos[a],
        pos[a + 1],
        pos[a + 2],
        m.geomSize(g1, 0),
        pos[e],
        pos[e + 1],
        pos[e + 2],
        m.geomSize(g2, 0),
        nb,
        xb);
    for (int k = 0; k < 3; k++) {
      b.geomXposBar[a + k] += xb[k];
      b.geomXposBar[e + k] += xb[3 + k];
    }
  }

  static void sphereCapsule(Model m, Data d, DataBar b, int c, int gs, int gc, double[] nb) {
    double[] pos = d.geomXpos, mat = d.geomXmat, xb = b.scratch36;
    int s = 3 * gs, cc = 3 * gc, oc = 9 * gc;
    double ax = mat[oc + 2], ay = mat[oc + 5], az = mat[oc + 8], h = m.geomSize(gc, 1);
    double wx = pos[s] - pos[cc], wy = pos[s + 1] - pos[cc + 1], wz = pos[s + 2] - pos[cc + 2];
    double proj = ax * wx + ay * wy + az * wz, t = clamp(proj, h);
    boolean fallback =
        spheres(
            d,
            b,
            c,
            pos[s],
            pos[s + 1],
            pos[s + 2],
            m.geomSize(gs, 0),
            pos[cc] + t * ax,
            pos[cc + 1] + t * ay,
            pos[cc + 2] + t * az,
            m.geomSize(gc, 0),
            nb,
            xb);
    // x2 = c + t a, t = clamp(a·(s - c), h)
    double tBar = ax * xb[3] + ay * xb[4] + az * xb[5];
    double[] ab = b.scratch36;
    ab[6] = t * xb[3];
    ab[7] = t * xb[4];
    ab[8] = t * xb[5];
    for (int k = 0; k < 3; k++) {
      b.geomXposBar[s + k] += xb[k];
      b.geomXposBar[cc + k] += xb[3 + k];
    }
    if (passes(proj, h)) {
      ab[6] += tBar * wx;
      ab[7] += tBar * wy;
      ab[8] += tBar * wz;
      b.geomXposBar[s] += tBar * ax;
      b.geomXposBar[s + 1] += tBar * ay;
      b.geomXposBar[s + 2] += tBar * az;
      b.geomXposBar[cc] -= tBar * ax;
      b.geomXposBar[cc + 1] -= tBar * ay;
      b.geomXposBar[cc + 2] -= tBar * az;
    }
    if (fallback) {
      perpendicularAdjoint(ax, ay, az, nb, ab, 6);
    }
    b.geomXmatBar[oc + 2] += ab[6];
    b.geomXmatBar[oc + 5] += ab[7];
    b.geomXmatBar[oc + 8] += ab[8];
  }

  /** Adjoint of capsule–capsule: the closest points of the two segments, then two spheres. */
  static void capsuleCapsule(Model m, Data d, DataBar b, int c, int g1, int g2, double[] nb) {
    double[] pos = d.geomXpos, mat = d.geomXmat, xb = b.scratch36;
    int o1 = 9 * g1, o2 = 9 * g2, i1 = 3 * g1, i2 = 3 * g2;
    double a1x = mat[o1 + 2], a1y = mat[o1 + 5], a1z = mat[o1 + 8], h1 = m.geomSize(g1, 1);
    double a2x = mat[o2 + 2], a2y = mat[o2 + 5], a2z = mat[o2 + 8], h2 = m.geomSize(g2, 1);
    double rx = pos[i1] - pos[i2], ry = pos[i1 + 1] - pos[i2 + 1], rz = pos[i1 + 2] - pos[i2 + 2];
    double bb = a1x * a2x + a1y * a2y + a1z * a2z;
    double cc = a1x * rx + a1y * ry + a1z * rz, f = a2x * rx + a2y * ry + a2z * rz;
    double denom = 1 - bb * bb, s0, u;
    double lo = 0, hi = 0;
    boolean skew = denom > CollisionPrimitives.PARALLEL;
    if (skew) {
      u = (bb * f - cc) / denom;
    } else {
      lo = Math.max(-h1, -cc - h2);
      hi = Math.min(h1, -cc + h2);
      u = 0.5 * (lo + hi);
    }
    s0 = clamp(u, h1);
    double tu = f + s0 * bb, t = clamp(tu, h2);
    double su = t * bb - cc, s = clamp(su, h1);
    boolean fallback =
        spheres(
            d,
            b,
            c,
            pos[i1] + s * a1x,
            pos[i1 + 1] + s * a1y,
            pos[i1 + 2] + s * a1z,
            m.geomSize(g1, 0),
            pos[i2] + t * a2x,
            pos[i2 + 1] + t * a2y,
            pos[i2 + 2] + t * a2z,
            m.geomSize(g2, 0),
            nb,
            xb);
    // bars of a1 (xb[6..8]), a2 (xb[9..11]), r (xb[12..14])
    for (int k = 6; k < 15; k++) {
      xb[k] = 0;
    }
    double sBar = a1x * xb[0] + a1y * xb[1] + a1z * xb[2];
    double tBar = a2x * xb[3] + a2y * xb[4] + a2z * xb[5];
    for (int k = 0; k < 3; k++) {
      xb[6 + k] += s * xb[k];
      xb[9 + k] += t * xb[3 + k];
      b.geomXposBar[i1 + k] += xb[k];
      b.geomXposBar[i2 + k] += xb[3 + k];
    }
    double bBar = 0, cBar = 0, fBar = 0;
    // s = clamp(t b - c, h1)
    if (passes(su, h1)) {
      tBar += sBar * bb;
      bBar += sBar * t;
      cBar -= sBar;
    }
    // t = clamp(f + s0 b, h2)
    double s0Bar = 0;
    if (passes(tu, h2)) {
      fBar += tBar;
      s0Bar = tBar * bb;
      bBar += tBar * s0;
    }
    if (passes(u, h1)) {
      if (skew) {
        bBar += s0Bar * f / denom + s0Bar * u / denom * 2 * bb;
        fBar += s0Bar * bb / denom;
        cBar -= s0Bar / denom;
      } else {
        // max(-h1, -c - h2) and min(h1, -c + h2) pass -c when they pick their second argument
        double half = 0.5 * s0Bar;
        if (Double.doubleToRawLongBits(lo) != Double.doubleToRawLongBits(-h1)) {
          cBar -= half;
        }
        if (Double.doubleToRawLongBits(hi) != Double.doubleToRawLongBits(h1)) {
          cBar -= half;
        }
      }
    }
    if (fallback) {
      if (skew) {
        // n = (a1 × a2) / |a1 × a2|
        double wx = a1y * a2z - a1z * a2y, wy = a1z * a2x - a1x * a2z, wz = a1x * a2y - a1y * a2x;
        double nn = Math.sqrt(wx * wx + wy * wy + wz * wz);
        double ux = wx / nn, uy = wy / nn, uz = wz / nn, dot = ux * nb[0] + uy * nb[1] + uz * nb[2];
        double vx = (nb[0] - ux * dot) / nn,
            vy = (nb[1] - uy * dot) / nn,
            vz = (nb[2] - uz * dot) / nn;
        xb[6] += a2y * vz - a2z * vy;
        xb[7] += a2z * vx - a2x * vz;
        xb[8] += a2x * vy - a2y * vx;
        xb[9] += vy * a1z - vz * a1y;
        xb[10] += vz * a1x - vx * a1z;
        xb[11] += vx * a1y - vy * a1x;
      } else {
        perpendicularAdjoint(a1x, a1y, a1z, nb, xb, 6);
      }
    }
    // b = a1·a2, c = a1·r, f = a2·r, r = x1 - x2
    // a1, a2 and r in xb[24..32] (xb is DataBar.scratch36; its first 12 entries hold the bars)
    xb[24] = a1x;
    xb[25] = a1y;
    xb[26] = a1z;
    xb[27] = a2x;
    xb[28] = a2y;
    xb[29] = a2z;
    xb[30] = rx;
    xb[31] = ry;
    xb[32] = rz;
    for (int k = 0; k < 3; k++) {
      xb[6 + k] += bBar * xb[27 + k] + cBar * xb[30 + k];
      xb[9 + k] += bBar * xb[24 + k] + fBar * xb[30 + k];
      double rBar = cBar * xb[24 + k] + fBar * xb[27 + k];
      b.geomXposBar[i1 + k] += rBar;
      b.geomXposBar[i2 + k] -= rBar;
      b.geomXmatBar[o1 + 3 * k + 2] += xb[6 + k];
      b.geomXmatBar[o2 + 3 * k + 2] += xb[9 + k];
    }
  }

  /**
   * Adjoint of {@code spheres}: contact between sphere (x1, r1) and (x2, r2) with normal {@code (x2
   * - x1)/|x2 - x1|} (or the fallback already in the frame when the centres coincide), distance
   * {@code |x2 - x1| - r1 - r2} and point {@code x1 + n (r1 + dist/2)}. Writes x̄1 into xb[0..2]
   * and x̄2 into xb[3..5]; returns whether the fallback normal was used, in which case nb is left
   * holding its bar for the caller.
   */
  private static boolean spheres(
      Data d,
      DataBar b,
      int c,
      double x1,
      double y1,
      double z1,
      double r1,
      double x2,
      double y2,
      double z2,
      double r2,
      double[] nb,
      double[] xb) {
    double dx = x2 - x1, dy = y2 - y1, dz = z2 - z1;
    double len = Math.sqrt(dx * dx + dy * dy + dz * dz),
        dist = len - r1 - r2,
        off = r1 + 0.5 * dist;
    double nx = d.conFrame[9 * c], ny = d.conFrame[9 * c + 1], nz = d.conFrame[9 * c + 2];
    double px = b.conPosBar[3 * c], py = b.conPosBar[3 * c + 1], pz = b.conPosBar[3 * c + 2];
    double lenBar = b.conDistBar[c] + 0.5 * (nx * px + ny * py + nz * pz);
    nb[0] += off * px;
    nb[1] += off * py;
    nb[2] += off * pz;
    double ddx = 0, ddy = 0, ddz = 0;
    boolean fallback = !(len > Contacts.MIN_DISTANCE);
    if (!fallback) {
      double dot = nx * nb[0] + ny * nb[1] + nz * nb[2];
      ddx = (nb[0] - nx * dot) / len;
      ddy = (nb[1] - ny * dot) / len;
      ddz = (nb[2] - nz * dot) / len;
    }
    if (len > 0) {
      ddx += lenBar * dx / len;
      ddy += lenBar * dy / len;
      ddz += lenBar * dz / len;
    }
    xb[0] = px - ddx;
    xb[1] = py - ddy;
    xb[2] = pz - ddz;
    xb[3] = ddx;
    xb[4] = ddy;
    xb[5] = ddz;
    return fallback;
  }

  // ---- sphere against box ----

  static void sphereBox(Model m, Data d, DataBar b, int c, int gs, int gb, double[] nb) {
    double[] pos = d.geomXpos;
    int s = 3 * gs;
    sphereBoxAt(
        m, d, b, c, pos[s], pos[s + 1], pos[s + 2], m.geomSize(gs, 0), gb, nb, b.geomXposBar, s);
  }

  /**
   * Adjoint of {@link CollisionPrimitives#sphereBoxAt}: the bar of the sphere's centre is added to
   * {@code cb[co..co+3)}.
   */
  static void sphereBoxAt(
      Model m,
      Data d,
      DataBar b,
      int c,
      double sx,
      double sy,
      double sz,
      double r,
      int gb,
      double[] nb,
      double[] cb,
      int co) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int bo = 3 * gb, ob = 9 * gb;
    double wx = sx - pos[bo], wy = sy - pos[bo + 1], wz = sz - pos[bo + 2];
    double lx = mat[ob] * wx + mat[ob + 3] * wy + mat[ob + 6] * wz;
    double ly = mat[ob + 1] * wx + mat[ob + 4] * wy + mat[ob + 7] * wz;
    double lz = mat[ob + 2] * wx + mat[ob + 5] * wy + mat[ob + 8] * wz;
    double hx = m.geomSize(gb, 0), hy = m.geomSize(gb, 1), hz = m.geomSize(gb, 2);
    double qx = clamp(lx, hx), qy = clamp(ly, hy), qz = clamp(lz, hz);
    double ux = qx - lx, uy = qy - ly, uz = qz - lz;
    double len = Math.sqrt(ux * ux + uy * uy + uz * uz), gap;
    boolean outside = len > Contacts.MIN_VALUE;
    int axis = -1;
    if (outside) {
      ux /= len;
      uy /= len;
      uz /= len;
      gap = len;
    } else {
      double dx = hx - Math.abs(lx), dy = hy - Math.abs(ly), dz = hz - Math.abs(lz);
      axis = dx <= dy && dx <= dz ? 0 : dy <= dz ? 1 : 2;
      double l = axis == 0 ? lx : axis == 1 ? ly : lz;
      gap = -(axis == 0 ? dx : axis == 1 ? dy : dz);
      ux = axis == 0 ? (l > 0 ? -1 : 1) : 0;
      uy = axis == 1 ? (l > 0 ? -1 : 1) : 0;
      uz = axis == 2 ? (l > 0 ? -1 : 1) : 0;
    }
    double nx = mat[ob] * ux + mat[ob + 1] * uy + mat[ob + 2] * uz;
    double ny = mat[ob + 3] * ux + mat[ob + 4] * uy + mat[ob + 5] * uz;
    double nz = mat[ob + 6] * ux + mat[ob + 7] * uy + mat[ob + 8] * uz;
    double off = 0.5 * (r + gap);
    // P = s + n off, dist = gap - r
    double px = b.conPosBar[3 * c], py = b.conPosBar[3 * c + 1], pz = b.conPosBar[3 * c + 2];
    cb[co] += px;
    cb[co + 1] += py;
    cb[co + 2] += pz;
    double nbx = nb[0] + off * px, nby = nb[1] + off * py, nbz = nb[2] + off * pz;
    // dist = gap − r outside, −r inside
    double gapBar = (outside ? b.conDistBar[c] : 0) + 0.5 * (nx * px + ny * py + nz * pz);
    // n = R u
    double[] rb = b.geomXmatBar;
    rb[ob] += nbx * ux;
    rb[ob + 1] += nbx * uy;
    rb[ob + 2] += nbx * uz;
    rb[ob + 3] += nby * ux;
    rb[ob + 4] += nby * uy;
    rb[ob + 5] += nby * uz;
    rb[ob + 6] += nbz * ux;
    rb[ob + 7] += nbz * uy;
    rb[ob + 8] += nbz * uz;
    double lbx = 0, lby = 0, lbz = 0;
    if (outside) {
      double ubx = mat[ob] * nbx + mat[ob + 3] * nby + mat[ob + 6] * nbz;
      double uby = mat[ob + 1] * nbx + mat[ob + 4] * nby + mat[ob + 7] * nbz;
      double ubz = mat[ob + 2] * nbx + mat[ob + 5] * nby + mat[ob + 8] * nbz;
      double dot = ux * ubx + uy * uby + uz * ubz;
      // u_raw = q - l, u = u_raw/len, gap = len
      double vx = (ubx - ux * dot) / len + gapBar * ux;
      double vy = (uby - uy * dot) / len + gapBar * uy;
      double vz = (ubz - uz * dot) / len + gapBar * uz;
      lbx = (passes(lx, hx) ? vx : 0) - vx;
      lby = (passes(ly, hy) ? vy : 0) - vy;
      lbz = (passes(lz, hz) ? vz : 0) - vz;
    } else {
      // gap = |l_axis| - h_axis
      double l = axis == 0 ? lx : axis == 1 ? ly : lz;
      double g = gapBar * (l < 0 ? -1 : 1);
      lbx = axis == 0 ? g : 0;
      lby = axis == 1 ? g : 0;
      lbz = axis == 2 ? g : 0;
    }
    // l = Rᵀ w
    rb[ob] += wx * lbx;
    rb[ob + 1] += wx * lby;
    rb[ob + 2] += wx * lbz;
    rb[ob + 3] += wy * lbx;
    rb[ob + 4] += wy * lby;
    rb[ob + 5] += wy * lbz;
    rb[ob + 6] += wz * lbx;
    rb[ob + 7] += wz * lby;
    rb[ob + 8] += wz * lbz;
    for (int i = 0; i < 3; i++) {
      double wb = mat[ob + 3 * i] * lbx + mat[ob + 3 * i + 1] * lby + mat[ob + 3 * i + 2] * lbz;
      cb[co + i] += wb;
      b.geomXposBar[bo + i] -= wb;
    }
  }

  // ---- helpers ----

  /** As {@code CollisionPrimitives.clamp}: {@code v < -h ? -h : min(v, h)}. */
  private static double clamp(double v, double h) {
    return v < -h ? -h : Math.min(v, h);
  }

  /** Whether the clamp returns v itself. */
  private static boolean passes(double v, double h) {
    return !(v < -h) && v <= h;
  }

  /**
   * Bar of unit a from the bar {@code nb} of {@code perpendicular(a)}, the first tangent of a's
   * frame, into {@code ab[ao..ao+2]}. Works in {@code ab[24..32]}: ab is DataBar.scratch36 at every
   * call, its first 12 entries the bars.
   */
  private static void perpendicularAdjoint(
      double ax, double ay, double az, double[] nb, double[] ab, int ao) {
    ab[24] = ax;
    ab[25] = ay;
    ab[26] = az;
    ab[27] = nb[0];
    ab[28] = nb[1];
    ab[29] = nb[2];
    ab[30] = 0;
    ab[31] = 0;
    ab[32] = 0;
    ContactsAdjoint.tangents(ab, 24, ab, 27, ab, ao);
  }
}
