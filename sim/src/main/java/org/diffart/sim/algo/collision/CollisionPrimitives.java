package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * The narrow-phase functions of {@link Collision}, one per geom type pair (geom 1 the lower type).
 * Each writes its candidate contact's normal and point straight into the free contact index {@code
 * d.ncon} (which the pair's unused slots guarantee to exist) and commits it with {@link
 * Contacts#emit} only when the signed distance is below the pair's margin ({@link
 * Model#pairMargin}, MuJoCo's test; 0 unless the model sets one); a rejected candidate is
 * overwritten by the next one. Geom frames are read from {@code geomXmat} (row-major, geom to
 * world): column 2 is the local z axis (plane normal, capsule axis). Lengths in m, world
 * coordinates.
 */
final class CollisionPrimitives {
  private CollisionPrimitives() {}

  /** Capsule axes with {@code 1 − (a1·a2)² = sin² of their angle} below this count as parallel. */
  static final double PARALLEL = 1e-10;

  // ---- plane against X: normal = plane +z, a contact per deepest point of X ----

  /**
   * Plane–sphere: the sphere's lowest point along the plane normal. Also an SDF sphere's ({@link
   * Model#geomSdfSphere}): the minimum of its SDF over the plane is at the foot of its centre, its
   * value the distance of the lowest point.
   */
  static void planeSphere(Model m, Data d, int p, int gp, int gs) {
    double[] mat = d.geomXmat;
    int o = 9 * gp;
    double r = sphereRadius(m, gs);
    int s = 3 * gs;
    planePoint(
        m,
        d,
        p,
        0,
        gp,
        d.geomXpos[s] - mat[o + 2] * r,
        d.geomXpos[s + 1] - mat[o + 5] * r,
        d.geomXpos[s + 2] - mat[o + 8] * r);
  }

  /** A sphere's radius: its size, or an SDF sphere's shape parameter. */
  static double sphereRadius(Model m, int g) {
    return m.geomType(g) == GeomType.SDF ? m.shapeParam(m.geomShapeAdr(g)) : m.geomSize(g, 0);
  }

  /**
   * Plane–capsule: the lowest point of each end-cap sphere; k 0 the cap at local +z, k 1 the cap at
   * local −z.
   */
  static void planeCapsule(Model m, Data d, int p, int gp, int gc) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, oc = 9 * gc, c = 3 * gc;
    double r = m.geomSize(gc, 0), h = m.geomSize(gc, 1);
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    for (int k = 0; k < 2; k++) {
      double sh = k == 0 ? h : -h;
      planePoint(
          m,
          d,
          p,
          k,
          gp,
          pos[c] + mat[oc + 2] * sh - nx * r,
          pos[c + 1] + mat[oc + 5] * sh - ny * r,
          pos[c + 2] + mat[oc + 8] * sh - nz * r);
    }
  }

  /**
   * Plane–ellipsoid: the ellipsoid's lowest point along the plane normal, {@code X = c − R v}
   * ({@link #ellipsoidOffset}).
   */
  static void planeEllipsoid(Model m, Data d, int p, int gp, int ge) {
    double[] mat = d.geomXmat, pos = d.geomXpos, w = d.scratch6;
    int oe = 9 * ge, e = 3 * ge;
    ellipsoidOffset(m, d, gp, ge, w);
    planePoint(
        m,
        d,
        p,
        0,
        gp,
        pos[e] - mat[oe] * w[3] - mat[oe + 1] * w[4] - mat[oe + 2] * w[5],
        pos[e + 1] - mat[oe + 3] * w[3] - mat[oe + 4] * w[4] - mat[oe + 5] * w[5],
        pos[e + 2] - mat[oe + 6] * w[3] - mat[oe + 7] * w[4] - mat[oe + 8] * w[5]);
  }

  /**
   * The offset {@code v = S² u/|S u|} of ellipsoid ge's lowest point along plane gp's normal n, in
   * the ellipsoid's frame ({@code X = c − R v}, the point whose outward normal is −n): {@code u =
   * Rᵀ n} into {@code w[0..3)}, v into {@code w[3..6)}, S the radii; returns {@code 1/|S u|}.
   */
  static double ellipsoidOffset(Model m, Data d, int gp, int ge, double[] w) {
    double[] mat = d.geomXmat;
    int o = 9 * gp, oe = 9 * ge;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    double sx = m.geomSize(ge, 0), sy = m.geomSize(ge, 1), sz = m.geomSize(ge, 2);
    double ux = mat[oe] * nx + mat[oe + 3] * ny + mat[oe + 6] * nz;
    double uy = mat[oe + 1] * nx + mat[oe + 4] * ny + mat[oe + 7] * nz;
    double uz = mat[oe + 2] * nx + mat[oe + 5] * ny + mat[oe + 8] * nz;
    double inv = 1 / Math.sqrt(sx * sx * ux * ux + sy * sy * uy * uy + sz * sz * uz * uz);
    w[0] = ux;
    w[1] = uy;
    w[2] = uz;
    w[3] = sx * sx * ux * inv;
    w[4] = sy * sy * uy * inv;
    w[5] = sz * sz * uz * inv;
    return inv;
  }

  /**
   * Plane–box: up to 4 corners. Corner i (0..7) has local coordinates {@code (±hx, ±hy, ±hz)} with
   * bit 0, 1, 2 of i set for the + sign of x, y, z. Slot k (0..3) holds corner k or its opposite
   * corner 7−k, whichever lies deeper along the plane normal (corner k when level). The four
   * corners so chosen are the four deepest (each lies below the centre, its opposite above) and
   * those of a face resting on the plane never share a slot (a face fixes one bit, opposite corners
   * differ in all three), so a box lying on any face keeps its four contacts in fixed slots.
   */
  static void planeBox(Model m, Data d, int p, int gp, int gb) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, ob = 9 * gb, b = 3 * gb;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    // half-size edge vectors of the box in the world, and their heights along the normal
    double hx = m.geomSize(gb, 0), hy = m.geomSize(gb, 1), hz = m.geomSize(gb, 2);
    double ex0 = mat[ob] * hx, ex1 = mat[ob + 3] * hx, ex2 = mat[ob + 6] * hx;
    double ey0 = mat[ob + 1] * hy, ey1 = mat[ob + 4] * hy, ey2 = mat[ob + 7] * hy;
    double ez0 = mat[ob + 2] * hz, ez1 = mat[ob + 5] * hz, ez2 = mat[ob + 8] * hz;
    double nex = nx * ex0 + ny * ex1 + nz * ex2;
    double ney = nx * ey0 + ny * ey1 + nz * ey2;
    double nez = nx * ez0 + ny * ez1 + nz * ez2;
    for (int k = 0; k < 4; k++) {
      double sx = (k & 1) != 0 ? 1 : -1, sy = (k & 2) != 0 ? 1 : -1, sz = -1;
      // corner k, or its opposite when that one is deeper
      double flip = sx * nex + sy * ney + sz * nez > 0 ? -1 : 1;
      sx *= flip;
      sy *= flip;
      sz *= flip;
      planePoint(
          m,
          d,
          p,
          k,
          gp,
          pos[b] + sx * ex0 + sy * ey0 + sz * ez0,
          pos[b + 1] + sx * ex1 + sy * ey1 + sz * ez1,
          pos[b + 2] + sx * ex2 + sy * ey2 + sz * ez2);
    }
  }

  /**
   * Plane–cylinder, MuJoCo's four points: with the axis a (of half-length h, radius r) turned to
   * point towards the plane and {@code v} the radius vector of the rims' lowest points ({@code r}
   * times the unit part of {@link #cylinderRim}), k 0 the lowest point {@code c + v + h a} of the
   * lower rim, k 1 {@code c + v − h a} on the upper rim, k 2 and k 3 the lower rim's points {@code
   * c + h a − v/2 ± w} at ±120° from k 0 ({@code w ⟂ v, a}, {@code |w| = r√3/2}).
   */
  static void planeCylinder(Model m, Data d, int p, int gp, int gc) {
    double[] pos = d.geomXpos, w = d.scratch6;
    int c = 3 * gc;
    double h = m.geomSize(gc, 1);
    cylinderRim(m, d, gp, gc, w);
    double ax = w[0] * h, ay = w[1] * h, az = w[2] * h, vx = w[3], vy = w[4], vz = w[5];
    planePoint(m, d, p, 0, gp, pos[c] + vx + ax, pos[c + 1] + vy + ay, pos[c + 2] + vz + az);
    planePoint(m, d, p, 1, gp, pos[c] + vx - ax, pos[c + 1] + vy - ay, pos[c + 2] + vz - az);
    // sideways: w = (r√3/2) (v × a)/|v × a|
    double ux = vy * az - vz * ay, uy = vz * ax - vx * az, uz = vx * ay - vy * ax;
    double k = m.geomSize(gc, 0) * Math.sqrt(3.0) / 2 / Math.sqrt(ux * ux + uy * uy + uz * uz);
    ux *= k;
    uy *= k;
    uz *= k;
    planePoint(
        m,
        d,
        p,
        2,
        gp,
        pos[c] + ux + ax - 0.5 * vx,
        pos[c + 1] + uy + ay - 0.5 * vy,
        pos[c + 2] + uz + az - 0.5 * vz);
    planePoint(
        m,
        d,
        p,
        3,
        gp,
        pos[c] - ux + ax - 0.5 * vx,
        pos[c + 1] - uy + ay - 0.5 * vy,
        pos[c + 2] - uz + az - 0.5 * vz);
  }

  /**
   * Cylinder gc against plane gp: its unit axis turned to point towards the plane ({@code a = ±z},
   * {@code a·n ≤ 0}) into {@code w[0..3)}, and the radius vector to the rims' lowest points into
   * {@code w[3..6)}: {@code r u/|u|} with {@code u = (a·n) a − n}, the part of −n across the axis;
   * when the disk lies parallel to the plane ({@code |u|} below {@link ConvexCollision#MIN_VALUE})
   * the cylinder's x axis times r. Returns {@code |u|}.
   */
  static double cylinderRim(Model m, Data d, int gp, int gc, double[] w) {
    double[] mat = d.geomXmat;
    int o = 9 * gp, oc = 9 * gc;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8], r = m.geomSize(gc, 0);
    double ax = mat[oc + 2], ay = mat[oc + 5], az = mat[oc + 8];
    double an = nx * ax + ny * ay + nz * az;
    if (an > 0) {
      ax = -ax;
      ay = -ay;
      az = -az;
      an = -an;
    }
    double ux = ax * an - nx, uy = ay * an - ny, uz = az * an - nz;
    double len = Math.sqrt(ux * ux + uy * uy + uz * uz);
    w[0] = ax;
    w[1] = ay;
    w[2] = az;
    if (len >= Contacts.MIN_VALUE) {
      double scl = r / len;
      w[3] = ux * scl;
      w[4] = uy * scl;
      w[5] = uz * scl;
    } else {
      w[3] = mat[oc] * r;
      w[4] = mat[oc + 3] * r;
      w[5] = mat[oc + 6] * r;
    }
    return len;
  }

  /**
   * Feature k of a plane pair: point x on geom 2's surface, at signed distance {@code dist = n·(x −
   * plane origin)}; the contact point is halfway between x and its projection on the plane.
   */
  static void planePoint(Model m, Data d, int p, int k, int gp, double x, double y, double z) {
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, po = 3 * gp;
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    double dist = nx * (x - pos[po]) + ny * (y - pos[po + 1]) + nz * (z - pos[po + 2]);
    if (dist >= m.pairMargin(p)) {
      return;
    }
    int c = d.ncon;
    setNormal(d, c, nx, ny, nz);
    d.conPos[3 * c] = x - nx * 0.5 * dist;
    d.conPos[3 * c + 1] = y - ny * 0.5 * dist;
    d.conPos[3 * c + 2] = z - nz * 0.5 * dist;
    Contacts.emit(m, d, p, k, dist);
  }

  // ---- sphere-swept shapes: closest points of the cores, then two spheres ----

  /** Sphere–sphere; concentric spheres get the normal +z (world). */
  static void sphereSphere(Model m, Data d, int p, int g1, int g2) {
    double[] pos = d.geomXpos;
    int a = 3 * g1, b = 3 * g2;
    setNormal(d, d.ncon, 0, 0, 1);
    spheres(
        m,
        d,
        p,
        pos[a],
        pos[a + 1],
        pos[a + 2],
        m.geomSize(g1, 0),
        pos[b],
        pos[b + 1],
        pos[b + 2],
        m.geomSize(g2, 0));
  }

  /**
   * Sphere–capsule: the sphere against the closest point of the capsule's segment; a centre on the
   * segment gets a normal perpendicular to the capsule axis (the first tangent of the axis' {@link
   * Contacts#tangents} frame).
   */
  static void sphereCapsule(Model m, Data d, int p, int gs, int gc) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int s = 3 * gs, c = 3 * gc, oc = 9 * gc;
    double ax = mat[oc + 2], ay = mat[oc + 5], az = mat[oc + 8], h = m.geomSize(gc, 1);
    double t =
        clamp(
            ax * (pos[s] - pos[c])
                + ay * (pos[s + 1] - pos[c + 1])
                + az * (pos[s + 2] - pos[c + 2]),
            h);
    perpendicular(d, ax, ay, az);
    spheres(
        m,
        d,
        p,
        pos[s],
        pos[s + 1],
        pos[s + 2],
        m.geomSize(gs, 0),
        pos[c] + t * ax,
        pos[c + 1] + t * ay,
        pos[c + 2] + t * az,
        m.geomSize(gc, 0));
  }

  /**
   * Capsule–capsule: closest points of the two segments {@code x1 + s a1} and {@code x2 + t a2},
   * one contact. The unconstrained minimiser of {@code |x1 + s a1 − x2 − t a2|²} is clamped to the
   * first segment, the second point is the closest on its segment to it, and the first is then
   * re-clamped (exact for segments). Parallel segments (see {@link #PARALLEL}) take the middle of
   * their overlap, or the nearest ends when they do not overlap. Crossing axes get the normal
   * {@code a1 × a2}, coincident parallel axes one perpendicular to a1.
   */
  static void capsuleCapsule(Model m, Data d, int p, int g1, int g2) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int o1 = 9 * g1, o2 = 9 * g2, i1 = 3 * g1, i2 = 3 * g2;
    double a1x = mat[o1 + 2], a1y = mat[o1 + 5], a1z = mat[o1 + 8], h1 = m.geomSize(g1, 1);
    double a2x = mat[o2 + 2], a2y = mat[o2 + 5], a2z = mat[o2 + 8], h2 = m.geomSize(g2, 1);
    double rx = pos[i1] - pos[i2], ry = pos[i1 + 1] - pos[i2 + 1], rz = pos[i1 + 2] - pos[i2 + 2];
    double b = a1x * a2x + a1y * a2y + a1z * a2z;
    double c = a1x * rx + a1y * ry + a1z * rz, f = a2x * rx + a2y * ry + a2z * rz;
    double denom = 1 - b * b, s;
    if (denom > PARALLEL) {
      // skew segments: clamped minimiser along the first; fallback normal a1 x a2
      s = clamp((b * f - c) / denom, h1);
      double nx = a1y * a2z - a1z * a2y, ny = a1z * a2x - a1x * a2z, nz = a1x * a2y - a1y * a2x;
      double nn = Math.sqrt(nx * nx + ny * ny + nz * nz);
      setNormal(d, d.ncon, nx / nn, ny / nn, nz / nn);
    } else {
      // parallel segments: middle of the overlap of segment 2's projection with [-h1, h1]; fallback
      // normal ⟂ a1
      s = clamp(0.5 * (Math.max(-h1, -c - h2) + Math.min(h1, -c + h2)), h1);
      perpendicular(d, a1x, a1y, a1z);
    }
    // closest point of segment 2 to that point, then of segment 1 to it
    double t = clamp(f + s * b, h2);
    s = clamp(t * b - c, h1);
    spheres(
        m,
        d,
        p,
        pos[i1] + s * a1x,
        pos[i1 + 1] + s * a1y,
        pos[i1 + 2] + s * a1z,
        m.geomSize(g1, 0),
        pos[i2] + t * a2x,
        pos[i2 + 1] + t * a2y,
        pos[i2 + 2] + t * a2z,
        m.geomSize(g2, 0));
  }

  /**
   * Contact 0 of pair p between sphere (x1, r1) of geom 1 and sphere (x2, r2) of geom 2: normal
   * along {@code x2 − x1}, or the fallback already in the candidate's normal row when the centres
   * coincide; distance {@code |x2 − x1| − r1 − r2}; point midway between {@code x1 + n r1} and
   * {@code x2 − n r2}.
   */
  private static void spheres(
      Model m,
      Data d,
      int p,
      double x1,
      double y1,
      double z1,
      double r1,
      double x2,
      double y2,
      double z2,
      double r2) {
    double dx = x2 - x1, dy = y2 - y1, dz = z2 - z1;
    double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    double dist = len - r1 - r2;
    if (dist >= m.pairMargin(p)) {
      return;
    }
    int c = d.ncon;
    if (len > Contacts.MIN_DISTANCE) {
      setNormal(d, c, dx / len, dy / len, dz / len);
    }
    double[] n = d.conFrame;
    double off = r1 + 0.5 * dist;
    d.conPos[3 * c] = x1 + n[9 * c] * off;
    d.conPos[3 * c + 1] = y1 + n[9 * c + 1] * off;
    d.conPos[3 * c + 2] = z1 + n[9 * c + 2] * off;
    Contacts.emit(m, d, p, 0, dist);
  }

  // ---- sphere against box ----

  /**
   * Sphere–box, one contact, as MuJoCo's {@code mjc_SphereBox}. Outside: the sphere against the
   * closest point of the box (the centre clamped to the box in box coordinates), normal from the
   * centre towards it. Inside (centre in the box, surface included): the face nearest the centre
   * (ties: lower axis, − face first); the normal points into the box against that face's outward
   * normal, the point lies midway between the sphere's surface and that face, and the distance is
   * {@code −r} however deep the centre is (MuJoCo's choice: the depth is continuous at the surface
   * and its correction pushes the sphere out through that face).
   */
  static void sphereBox(Model m, Data d, int p, int gs, int gb) {
    double[] pos = d.geomXpos;
    int s = 3 * gs;
    sphereBoxAt(m, d, p, 0, pos[s], pos[s + 1], pos[s + 2], m.geomSize(gs, 0), gb);
  }

  /**
   * Feature k of pair p: the sphere of centre (sx, sy, sz) and radius r against box gb, as {@link
   * #sphereBox}.
   */
  static void sphereBoxAt(
      Model m, Data d, int p, int k, double sx, double sy, double sz, double r, int gb) {
    double[] pos = d.geomXpos, mat = d.geomXmat;
    int b = 3 * gb, ob = 9 * gb;
    double wx = sx - pos[b], wy = sy - pos[b + 1], wz = sz - pos[b + 2];
    // centre in box coordinates, and its clamp to the box
    double lx = mat[ob] * wx + mat[ob + 3] * wy + mat[ob + 6] * wz;
    double ly = mat[ob + 1] * wx + mat[ob + 4] * wy + mat[ob + 7] * wz;
    double lz = mat[ob + 2] * wx + mat[ob + 5] * wy + mat[ob + 8] * wz;
    double hx = m.geomSize(gb, 0), hy = m.geomSize(gb, 1), hz = m.geomSize(gb, 2);
    double qx = clamp(lx, hx), qy = clamp(ly, hy), qz = clamp(lz, hz);
    double ux = qx - lx, uy = qy - ly, uz = qz - lz;
    double len = Math.sqrt(ux * ux + uy * uy + uz * uz), gap, dist;
    if (len > Contacts.MIN_VALUE) {
      // outside: towards the closest point, at distance len
      ux /= len;
      uy /= len;
      uz /= len;
      gap = len;
      dist = gap - r;
    } else {
      // inside: out through the nearest face; gap = minus the centre's depth below it
      double dx = hx - Math.abs(lx), dy = hy - Math.abs(ly), dz = hz - Math.abs(lz);
      int axis = dx <= dy && dx <= dz ? 0 : dy <= dz ? 1 : 2;
      double l = axis == 0 ? lx : axis == 1 ? ly : lz;
      gap = -(axis == 0 ? dx : axis == 1 ? dy : dz);
      ux = axis == 0 ? (l > 0 ? -1 : 1) : 0;
      uy = axis == 1 ? (l > 0 ? -1 : 1) : 0;
      uz = axis == 2 ? (l > 0 ? -1 : 1) : 0;
      dist = -r;
    }
    if (dist >= m.pairMargin(p)) {
      return;
    }
    // normal from the sphere to the box, in the world
    int c = d.ncon;
    double nx = mat[ob] * ux + mat[ob + 1] * uy + mat[ob + 2] * uz;
    double ny = mat[ob + 3] * ux + mat[ob + 4] * uy + mat[ob + 5] * uz;
    double nz = mat[ob + 6] * ux + mat[ob + 7] * uy + mat[ob + 8] * uz;
    setNormal(d, c, nx, ny, nz);
    // midway between the sphere's surface (centre + n r) and the box's (centre + n gap)
    double off = 0.5 * (r + gap);
    d.conPos[3 * c] = sx + nx * off;
    d.conPos[3 * c + 1] = sy + ny * off;
    d.conPos[3 * c + 2] = sz + nz * off;
    Contacts.emit(m, d, p, k, dist);
  }

  // ---- helpers ----

  private static double clamp(double v, double h) {
    return v < -h ? -h : Math.min(v, h);
  }

  /** Normal row of contact c. */
  private static void setNormal(Data d, int c, double nx, double ny, double nz) {
    d.conFrame[9 * c] = nx;
    d.conFrame[9 * c + 1] = ny;
    d.conFrame[9 * c + 2] = nz;
  }

  /**
   * Normal row of the candidate contact = a unit vector perpendicular to unit a: the first tangent
   * of a's frame.
   */
  private static void perpendicular(Data d, double ax, double ay, double az) {
    int o = 9 * d.ncon;
    double[] f = d.conFrame;
    setNormal(d, d.ncon, ax, ay, az);
    Contacts.tangents(f, o);
    f[o] = f[o + 3];
    f[o + 1] = f[o + 4];
    f[o + 2] = f[o + 5];
  }
}
