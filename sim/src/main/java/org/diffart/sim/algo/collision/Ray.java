package org.diffart.sim.algo.collision;

import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Ray casting against the geoms, as MuJoCo 2.2.2's {@code mj_ray} (engine_ray.c) with {@code
 * geomgroup = NULL} and {@code flg_static = 1}, the call its {@code rangefinder} sensor makes. A
 * ray is a point p and a direction v in world coordinates; it hits a geom at {@code p + x v} for
 * the smallest {@code x ≥ 0} on the geom's surface, so distances are in units of |v| (metres for a
 * unit v), and -1 means no hit. A ray that starts inside a closed geom hits it where it leaves.
 * Geom frames are read from {@code geomXpos} and {@code geomXmat} (row-major, geom to world), so
 * {@link Kinematics#geoms} must have run.
 *
 * <p>Every function is a scalar formula: no allocation, no arrays, one double or int returned; a
 * quantity needed twice is recomputed.
 */
public final class Ray {
  private Ray() {}

  /** MuJoCo's {@code mjMINVAL}. */
  static final double MINVAL = 1e-15;

  /**
   * The distance to the nearest geom along the ray, MuJoCo's {@code mj_ray}: geoms in id order,
   * those of body {@code bodyExclude} skipped (-1 skips none), the nearest hit kept with a strict
   * {@code <}, so of two geoms hit at the same distance the lower id counts. MuJoCo also skips
   * geoms whose rgba (or material rgba) alpha is 0; diffart does not store colours, so that rule is
   * not applied. MuJoCo raises a fatal error when {@code |v| < mjMINVAL}; here such a ray hits
   * nothing.
   *
   * @return x with the hit at {@code p + x v}, or -1 when the ray hits nothing
   */
  public static double ray(
      Model m,
      Data d,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      int bodyExclude) {
    if (Math.sqrt(vx * vx + vy * vy + vz * vz) < MINVAL) {
      return -1;
    }
    double dist = -1;
    for (int g = 0; g < m.ngeom(); g++) {
      if (m.geomBody(g) != bodyExclude) {
        double x = geom(m, d, g, px, py, pz, vx, vy, vz);
        if (x >= 0 && (x < dist || dist < 0)) {
          dist = x;
        }
      }
    }
    return dist;
  }

  /**
   * The geom that {@link #ray} hits, MuJoCo's {@code mj_ray} output {@code geomid}: the same loop,
   * returning the id of the nearest geom instead of its distance, or -1 when the ray hits nothing.
   */
  public static int hitGeom(
      Model m,
      Data d,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      int bodyExclude) {
    if (Math.sqrt(vx * vx + vy * vy + vz * vz) < MINVAL) {
      return -1;
    }
    double dist = -1;
    int hit = -1;
    for (int g = 0; g < m.ngeom(); g++) {
      if (m.geomBody(g) != bodyExclude) {
        double x = geom(m, d, g, px, py, pz, vx, vy, vz);
        if (x >= 0 && (x < dist || dist < 0)) {
          dist = x;
          hit = g;
        }
      }
    }
    return hit;
  }

  /**
   * The ray against geom g alone, MuJoCo's per-type dispatch in {@code mj_ray}: height fields by
   * {@link #hfield} ({@code mj_rayHfield}), the primitives as {@code mju_rayGeom}.
   *
   * @return the distance x ≥ 0 of the first hit, or -1
   */
  static double geom(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    double x = -1;
    switch (m.geomType(g)) {
      case PLANE -> x = plane(m, d, g, px, py, pz, vx, vy, vz);
      case HFIELD -> x = hfield(m, d, g, px, py, pz, vx, vy, vz);
      case SPHERE -> x = sphere(m, d, g, px, py, pz, vx, vy, vz);
      case CAPSULE -> x = capsule(m, d, g, px, py, pz, vx, vy, vz);
      case ELLIPSOID -> x = ellipsoid(m, d, g, px, py, pz, vx, vy, vz);
      case CYLINDER -> x = cylinder(m, d, g, px, py, pz, vx, vy, vz);
      case BOX -> x = box(m, d, g, px, py, pz, vx, vy, vz);
      case MESH -> x = mesh(m, d, g, px, py, pz, vx, vy, vz);
    }
    return x;
  }

  /**
   * Component k of the surface normal of geom g at the hit {@code p + x v} of {@link #geom} (x ≥
   * 0), in the geom's frame and not normalised: the gradient of the surface's implicit function
   * there, pointing out of the geom (a triangle's normal points either way, as the ray hits it from
   * either side). What the ray's adjoint needs: the hit moves along the ray by {@code −n·δ/(n·v)}
   * when the surface moves by δ against the ray. A hit on an edge or a corner takes the normal of
   * the part the forward chose (a face of a box by its largest scaled coordinate, a cylinder's flat
   * end or round side by the smaller residual).
   */
  static double normal(
      Model m,
      Data d,
      int g,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      double x,
      int k) {
    int o = 3 * g;
    double dx = px - d.geomXpos[o], dy = py - d.geomXpos[o + 1], dz = pz - d.geomXpos[o + 2];
    double hx = toLocal(d, g, 0, dx, dy, dz) + x * toLocal(d, g, 0, vx, vy, vz);
    double hy = toLocal(d, g, 1, dx, dy, dz) + x * toLocal(d, g, 1, vx, vy, vz);
    double hz = toLocal(d, g, 2, dx, dy, dz) + x * toLocal(d, g, 2, vx, vy, vz);
    double hk = k == 0 ? hx : k == 1 ? hy : hz;
    switch (m.geomType(g)) {
      case PLANE -> {
        return k == 2 ? 1 : 0;
      }
      case SPHERE -> {
        return hk;
      }
      case ELLIPSOID -> {
        return hk / (m.geomSize(g, k) * m.geomSize(g, k));
      }
      case CAPSULE -> {
        double h = m.geomSize(g, 1);
        if (k < 2) {
          return hk;
        }
        return hz > h ? hz - h : hz < -h ? hz + h : 0;
      }
      case CYLINDER -> {
        double r = m.geomSize(g, 0), h = m.geomSize(g, 1);
        boolean cap =
            Math.abs(Math.abs(hz) - h) * r < Math.abs(Math.sqrt(hx * hx + hy * hy) - r) * h;
        if (cap) {
          return k == 2 ? Math.signum(hz) : 0;
        }
        return k < 2 ? hk : 0;
      }
      case BOX -> {
        double ax = Math.abs(hx) / m.geomSize(g, 0), ay = Math.abs(hy) / m.geomSize(g, 1);
        double az = Math.abs(hz) / m.geomSize(g, 2);
        int axis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
        return k == axis ? Math.signum(hk) : 0;
      }
      case MESH -> {
        int mesh = m.geomMesh(g);
        int f = (int) meshHit(m, d, g, px, py, pz, vx, vy, vz, true);
        int a = m.meshFace(mesh, f, 0), b = m.meshFace(mesh, f, 1), c = m.meshFace(mesh, f, 2);
        return triangleNormal(
            m.meshVert(mesh, a, 0) - m.meshVert(mesh, c, 0),
            m.meshVert(mesh, a, 1) - m.meshVert(mesh, c, 1),
            m.meshVert(mesh, a, 2) - m.meshVert(mesh, c, 2),
            m.meshVert(mesh, b, 0) - m.meshVert(mesh, c, 0),
            m.meshVert(mesh, b, 1) - m.meshVert(mesh, c, 1),
            m.meshVert(mesh, b, 2) - m.meshVert(mesh, c, 2),
            k);
      }
      default -> {
        return hfieldNormal(
            m, (int) hfieldHit(m, d, g, px, py, pz, vx, vy, vz, true), m.geomHfield(g), k);
      }
    }
  }

  /** Component k of {@code e × f}, the normal of a triangle with edges e = a − c and f = b − c. */
  static double triangleNormal(
      double ex, double ey, double ez, double fx, double fy, double fz, int k) {
    if (k == 0) {
      return ey * fz - ez * fy;
    }
    if (k == 1) {
      return ez * fx - ex * fz;
    }
    return ex * fy - ey * fx;
  }

  /**
   * Component k of the normal of part {@code part} of height field h ({@link #hfieldHit}'s
   * numbering).
   */
  static double hfieldNormal(Model m, int part, int h, int k) {
    if (part < 10) {
      int face = part < 6 ? part : part - 6;
      return k == face / 2 ? (face % 2 == 0 ? -1 : 1) : 0;
    }
    int ncol = m.hfieldNcol(h), cell = (part - 10) / 2, r = cell / ncol, c = cell % ncol;
    double sx = m.hfieldSize(h, 0), sy = m.hfieldSize(h, 1), elev = m.hfieldSize(h, 2);
    double dx = (2.0 * sx) / (ncol - 1), dy = (2.0 * sy) / (m.hfieldNrow(h) - 1);
    // the triangle {(r,c), (r+1,c+1), third} with third (r,c+1) or (r+1,c): edges a − third, b −
    // third
    boolean first = (part - 10) % 2 == 0;
    double cx = first ? dx : 0, cy = first ? 0 : dy;
    double cz = (first ? m.hfieldData(h, r, c + 1) : m.hfieldData(h, r + 1, c)) * elev;
    double za = m.hfieldData(h, r, c) * elev, zb = m.hfieldData(h, r + 1, c + 1) * elev;
    return triangleNormal(-cx, -cy, za - cz, dx - cx, dy - cy, zb - cz, k);
  }

  // ---- shared pieces ----

  /**
   * Component k of {@code Rᵀ w}, w expressed in geom g's frame R, as MuJoCo's {@code ray_map}
   * (which maps both the offset {@code p − pos} and the direction v).
   */
  static double toLocal(Data d, int g, int k, double wx, double wy, double wz) {
    int o = 9 * g + k;
    return d.geomXmat[o] * wx + d.geomXmat[o + 3] * wy + d.geomXmat[o + 6] * wz;
  }

  /**
   * The first non-negative root of {@code a x² + 2 b x + c = 0}, MuJoCo's {@code ray_quad}: -1 when
   * the discriminant {@code b² − a c} is below {@code mjMINVAL} or both roots are negative. With
   * the ray's start inside the quadric (c < 0) this is the larger root, the exit.
   */
  static double quadRoot(double a, double b, double c) {
    double det = b * b - a * c;
    if (det < MINVAL) {
      return -1;
    }
    det = Math.sqrt(det);
    double x0 = (-b - det) / a;
    double x1 = (-b + det) / a;
    if (x0 >= 0) {
      return x0;
    }
    if (x1 >= 0) {
      return x1;
    }
    return -1;
  }

  /**
   * Root {@code which} (0 the smaller {@code (−b − √det)/a}, 1 the larger {@code (−b + √det)/a}) of
   * {@code a x² + 2 b x + c = 0} whatever its sign, or -1 when the discriminant is below {@code
   * mjMINVAL}: the two values {@code ray_quad} leaves in its output array, which the capsule's caps
   * test one by one.
   */
  static double quadRootAt(double a, double b, double c, int which) {
    double det = b * b - a * c;
    if (det < MINVAL) {
      return -1;
    }
    det = Math.sqrt(det);
    if (which == 0) {
      return (-b - det) / a;
    }
    return (-b + det) / a;
  }

  /**
   * The nearer of a hit so far x and a candidate sol: sol when {@code sol ≥ 0} and (x < 0 or sol <
   * x), else x.
   */
  static double nearer(double x, double sol) {
    if (sol >= 0 && (x < 0 || sol < x)) {
      return sol;
    }
    return x;
  }

  /**
   * The ray against a sphere of radius r centred at c, in world coordinates, MuJoCo's {@code
   * ray_sphere} (also the bounding-sphere test of capsules, cylinders and boxes).
   */
  static double sphereAt(
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      double cx,
      double cy,
      double cz,
      double r) {
    double dx = px - cx, dy = py - cy, dz = pz - cz;
    double a = vx * vx + vy * vy + vz * vz;
    double b = vx * dx + vy * dy + vz * dz;
    double c = dx * dx + dy * dy + dz * dz - r * r;
    return quadRoot(a, b, c);
  }

  /**
   * Geom g's bounding-sphere test as the capsule, cylinder and box make it: {@link #sphereAt} of
   * radius r.
   */
  static double bound(
      Data d, int g, double px, double py, double pz, double vx, double vy, double vz, double r) {
    int o = 3 * g;
    return sphereAt(px, py, pz, vx, vy, vz, d.geomXpos[o], d.geomXpos[o + 1], d.geomXpos[o + 2], r);
  }

  // ---- one function per geom type: distance ≥ 0 of the first hit, or -1 ----

  /**
   * Plane, MuJoCo's {@code ray_plane}: only a ray going down through the front face (local {@code
   * v_z < −mjMINVAL}) hits; from behind or parallel it misses. A plane whose half-size {@code
   * size[0]} ({@code size[1]}) is positive is finite in local x (y): the hit must have {@code |x| ≤
   * size} there; a size ≤ 0 is infinite.
   */
  static double plane(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    int o = 3 * g;
    double dx = px - d.geomXpos[o], dy = py - d.geomXpos[o + 1], dz = pz - d.geomXpos[o + 2];
    double lvz = toLocal(d, g, 2, vx, vy, vz);
    if (lvz > -MINVAL) {
      return -1;
    }
    double x = -toLocal(d, g, 2, dx, dy, dz) / lvz;
    if (x < 0) {
      return -1;
    }
    double hx = toLocal(d, g, 0, dx, dy, dz) + x * toLocal(d, g, 0, vx, vy, vz);
    double hy = toLocal(d, g, 1, dx, dy, dz) + x * toLocal(d, g, 1, vx, vy, vz);
    double sx = m.geomSize(g, 0), sy = m.geomSize(g, 1);
    if ((sx <= 0 || Math.abs(hx) <= sx) && (sy <= 0 || Math.abs(hy) <= sy)) {
      return x;
    }
    return -1;
  }

  /** Sphere, MuJoCo's {@code ray_sphere} with radius {@code size[0]}. */
  static double sphere(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    return bound(d, g, px, py, pz, vx, vy, vz, m.geomSize(g, 0));
  }

  /**
   * Capsule (radius r = {@code size[0]}, half-length h = {@code size[1]} along local z), MuJoCo's
   * {@code ray_capsule}: a miss of the bounding sphere of radius r + h misses; otherwise the
   * nearest of the round side's first root with {@code |z| ≤ h}, and both roots of the cap spheres
   * at {@code z = ±h} on their outer halves ({@code z ≥ h}, {@code z ≤ −h}).
   */
  static double capsule(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    double r = m.geomSize(g, 0), h = m.geomSize(g, 1);
    if (bound(d, g, px, py, pz, vx, vy, vz, r + h) < 0) {
      return -1;
    }
    int o = 3 * g;
    double dx = px - d.geomXpos[o], dy = py - d.geomXpos[o + 1], dz = pz - d.geomXpos[o + 2];
    double lpx = toLocal(d, g, 0, dx, dy, dz),
        lpy = toLocal(d, g, 1, dx, dy, dz),
        lpz = toLocal(d, g, 2, dx, dy, dz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    double x = -1;
    // round side: the infinite cylinder, between the flat ends
    double a = lvx * lvx + lvy * lvy;
    double b = lvx * lpx + lvy * lpy;
    double c = lpx * lpx + lpy * lpy - r * r;
    double sol = quadRoot(a, b, c);
    if (sol >= 0 && Math.abs(lpz + sol * lvz) <= h) {
      x = nearer(x, sol);
    }
    // top cap: the sphere at z = +h, its upper half
    a = lvx * lvx + lvy * lvy + lvz * lvz;
    double cz = lpz - h;
    b = lvx * lpx + lvy * lpy + lvz * cz;
    c = lpx * lpx + lpy * lpy + cz * cz - r * r;
    for (int i = 0; i < 2; i++) {
      sol = quadRootAt(a, b, c, i);
      if (sol >= 0 && lpz + sol * lvz >= h) {
        x = nearer(x, sol);
      }
    }
    // bottom cap: the sphere at z = −h, its lower half
    cz = lpz + h;
    b = lvx * lpx + lvy * lpy + lvz * cz;
    c = lpx * lpx + lpy * lpy + cz * cz - r * r;
    for (int i = 0; i < 2; i++) {
      sol = quadRootAt(a, b, c, i);
      if (sol >= 0 && lpz + sol * lvz <= -h) {
        x = nearer(x, sol);
      }
    }
    return x;
  }

  /**
   * Ellipsoid (radii {@code size[0..3)}), MuJoCo's {@code ray_ellipsoid}: the quadric {@code Σ (p_i
   * + x v_i)²/s_i² = 1} in the local frame, with no bounding test.
   */
  static double ellipsoid(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    int o = 3 * g;
    double dx = px - d.geomXpos[o], dy = py - d.geomXpos[o + 1], dz = pz - d.geomXpos[o + 2];
    double lpx = toLocal(d, g, 0, dx, dy, dz),
        lpy = toLocal(d, g, 1, dx, dy, dz),
        lpz = toLocal(d, g, 2, dx, dy, dz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    double s0 = 1 / (m.geomSize(g, 0) * m.geomSize(g, 0));
    double s1 = 1 / (m.geomSize(g, 1) * m.geomSize(g, 1));
    double s2 = 1 / (m.geomSize(g, 2) * m.geomSize(g, 2));
    double a = s0 * lvx * lvx + s1 * lvy * lvy + s2 * lvz * lvz;
    double b = s0 * lvx * lpx + s1 * lvy * lpy + s2 * lvz * lpz;
    double c = s0 * lpx * lpx + s1 * lpy * lpy + s2 * lpz * lpz - 1;
    return quadRoot(a, b, c);
  }

  /**
   * Cylinder (radius r = {@code size[0]}, half-length h = {@code size[1]} along local z), MuJoCo's
   * {@code ray_cylinder}: a miss of the bounding sphere of radius {@code √(r² + h²)} misses;
   * otherwise the nearest of the flat ends {@code z = ±h} within radius r (tested when {@code |v_z|
   * > mjMINVAL}) and the round side's first root with {@code |z| ≤ h}.
   */
  static double cylinder(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    double r = m.geomSize(g, 0), h = m.geomSize(g, 1);
    if (bound(d, g, px, py, pz, vx, vy, vz, Math.sqrt(r * r + h * h)) < 0) {
      return -1;
    }
    int o = 3 * g;
    double dx = px - d.geomXpos[o], dy = py - d.geomXpos[o + 1], dz = pz - d.geomXpos[o + 2];
    double lpx = toLocal(d, g, 0, dx, dy, dz),
        lpy = toLocal(d, g, 1, dx, dy, dz),
        lpz = toLocal(d, g, 2, dx, dy, dz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    double x = -1;
    // flat ends
    if (Math.abs(lvz) > MINVAL) {
      for (int side = -1; side <= 1; side += 2) {
        double sol = (side * h - lpz) / lvz;
        if (sol >= 0) {
          double ex = lpx + sol * lvx, ey = lpy + sol * lvy;
          if (ex * ex + ey * ey <= r * r) {
            x = nearer(x, sol);
          }
        }
      }
    }
    // round side, between the ends
    double a = lvx * lvx + lvy * lvy;
    double b = lvx * lpx + lvy * lpy;
    double c = lpx * lpx + lpy * lpy - r * r;
    double sol = quadRoot(a, b, c);
    if (sol >= 0 && Math.abs(lpz + sol * lvz) <= h) {
      x = nearer(x, sol);
    }
    return x;
  }

  /**
   * Box (half-sizes {@code size[0..3)}), MuJoCo's {@code ray_box}: a miss of the bounding sphere of
   * radius |size| misses; otherwise the nearest of the six faces ({@link #boxFace}).
   */
  static double box(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    double sx = m.geomSize(g, 0), sy = m.geomSize(g, 1), sz = m.geomSize(g, 2);
    if (bound(d, g, px, py, pz, vx, vy, vz, Math.sqrt(sx * sx + sy * sy + sz * sz)) < 0) {
      return -1;
    }
    int o = 3 * g;
    double dx = px - d.geomXpos[o], dy = py - d.geomXpos[o + 1], dz = pz - d.geomXpos[o + 2];
    double lpx = toLocal(d, g, 0, dx, dy, dz),
        lpy = toLocal(d, g, 1, dx, dy, dz),
        lpz = toLocal(d, g, 2, dx, dy, dz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    double x = -1;
    for (int side = -1; side <= 1; side += 2) {
      x = nearer(x, boxFace(side, lpx, lvx, sx, lpy, lvy, sy, lpz, lvz, sz));
      x = nearer(x, boxFace(side, lpy, lvy, sy, lpx, lvx, sx, lpz, lvz, sz));
      x = nearer(x, boxFace(side, lpz, lvz, sz, lpx, lvx, sx, lpy, lvy, sy));
    }
    return x;
  }

  /**
   * One face of a box in its local frame, a step of MuJoCo's {@code ray_box}: the face {@code p_i =
   * side·s_i} (side ±1) of axis i, with (p, v, s) of axis i and of the two other axes a and b in
   * MuJoCo's order. The ray hits it at {@code sol = (side·s_i − p_i)/v_i} when {@code |v_i| >
   * mjMINVAL}, {@code sol ≥ 0} and the hit lies within the face ({@code |p_a + sol v_a| ≤ s_a},
   * likewise b).
   *
   * @return sol, or -1 when the face is not hit
   */
  static double boxFace(
      int side,
      double pi,
      double vi,
      double si,
      double pa,
      double va,
      double sa,
      double pb,
      double vb,
      double sb) {
    if (Math.abs(vi) <= MINVAL) {
      return -1;
    }
    double sol = (side * si - pi) / vi;
    if (sol < 0) {
      return -1;
    }
    if (Math.abs(pa + sol * va) <= sa && Math.abs(pb + sol * vb) <= sb) {
      return sol;
    }
    return -1;
  }

  // ---- height fields ----

  /**
   * Component k of (x, y, z) normalised as MuJoCo's {@code mju_normalize3} does (times the inverse
   * norm), or of (1, 0, 0) when the norm is below {@link #MINVAL}.
   */
  static double unit(double x, double y, double z, int k) {
    double norm = Math.sqrt(x * x + y * y + z * z);
    if (norm < MINVAL) {
      return k == 0 ? 1 : 0;
    }
    double inv = 1 / norm;
    return (k == 0 ? x : k == 1 ? y : z) * inv;
  }

  /**
   * Component k of MuJoCo's basis (b0, b1) of the plane normal to the ray direction v (k 0..2: b0,
   * 3..5: b1): b0 starts as (1, 1, 1) without v's largest component, b1 is it without its component
   * along v, normalised, and b0 = b1 × v, normalised.
   */
  static double basis(double vx, double vy, double vz, int k) {
    double ax = 1, ay = 1, az = 1;
    if (Math.abs(vx) >= Math.abs(vy) && Math.abs(vx) >= Math.abs(vz)) {
      ax = 0;
    } else if (Math.abs(vy) >= Math.abs(vz)) {
      ay = 0;
    } else {
      az = 0;
    }
    double scl = -(vx * ax + vy * ay + vz * az) / (vx * vx + vy * vy + vz * vz);
    double ux = ax + scl * vx, uy = ay + scl * vy, uz = az + scl * vz;
    double b1x = unit(ux, uy, uz, 0), b1y = unit(ux, uy, uz, 1), b1z = unit(ux, uy, uz, 2);
    if (k >= 3) {
      return k == 3 ? b1x : k == 4 ? b1y : b1z;
    }
    ux = b1y * vz - b1z * vy;
    uy = b1z * vx - b1x * vz;
    uz = b1x * vy - b1y * vx;
    return unit(ux, uy, uz, k);
  }

  /**
   * MuJoCo's {@code mj_rayMesh}: the geom's box of half-sizes {@code geomSize} (the mesh's largest
   * coordinates) must be hit, then the nearest hit of the ray with the mesh's triangles (both
   * sides), in the geom's frame.
   */
  static double mesh(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    return meshHit(m, d, g, px, py, pz, vx, vy, vz, false);
  }

  /**
   * {@link #mesh}, returning the distance, or with {@code part} the index of the face hit (-1 for
   * none): the face whose hit {@link #normal} differentiates.
   */
  static double meshHit(
      Model m,
      Data d,
      int g,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      boolean part) {
    if (box(m, d, g, px, py, pz, vx, vy, vz) < 0) {
      return -1;
    }
    int o = 3 * g, mesh = m.geomMesh(g);
    double ox = px - d.geomXpos[o], oy = py - d.geomXpos[o + 1], oz = pz - d.geomXpos[o + 2];
    double lpx = toLocal(d, g, 0, ox, oy, oz),
        lpy = toLocal(d, g, 1, ox, oy, oz),
        lpz = toLocal(d, g, 2, ox, oy, oz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    double b0x = basis(lvx, lvy, lvz, 0),
        b0y = basis(lvx, lvy, lvz, 1),
        b0z = basis(lvx, lvy, lvz, 2);
    double b1x = basis(lvx, lvy, lvz, 3),
        b1y = basis(lvx, lvy, lvz, 4),
        b1z = basis(lvx, lvy, lvz, 5);
    double x = -1;
    int hit = -1;
    for (int f = 0; f < m.meshFaceNum(mesh); f++) {
      int a = m.meshFace(mesh, f, 0), b = m.meshFace(mesh, f, 1), c = m.meshFace(mesh, f, 2);
      double y =
          nearer(
              x,
              triangle(
                  lpx,
                  lpy,
                  lpz,
                  lvx,
                  lvy,
                  lvz,
                  b0x,
                  b0y,
                  b0z,
                  b1x,
                  b1y,
                  b1z,
                  m.meshVert(mesh, a, 0),
                  m.meshVert(mesh, a, 1),
                  m.meshVert(mesh, a, 2),
                  m.meshVert(mesh, b, 0),
                  m.meshVert(mesh, b, 1),
                  m.meshVert(mesh, b, 2),
                  m.meshVert(mesh, c, 0),
                  m.meshVert(mesh, c, 1),
                  m.meshVert(mesh, c, 2)));
      hit = y != x ? f : hit;
      x = y;
    }
    return part ? hit : x;
  }

  /**
   * Height field, MuJoCo 2.2.2's {@code mj_rayHfield}. The field (half-extents sx, sy, elevation e
   * and base depth b, {@code hfieldSize}) lies in geom g's frame between two boxes: the base box,
   * local {@code z ∈ [−b, 0]}, and the top box, {@code z ∈ [0, e]}, both {@code |x| ≤ sx}, {@code
   * |y| ≤ sy}. The result is the nearest of
   *
   * <ol>
   *   <li>the base box ({@link #hfieldBox}, hit from outside or left from inside);
   *   <li>when the ray meets the top box at all: the two triangles of every grid cell near the
   *       ray's segment in the top box ({@link #hfieldTriangle}, two-sided), the cell of row r (y)
   *       and column c (x) split along its diagonal into {(r,c), (r+1,c+1), (r,c+1)} and {(r,c),
   *       (r+1,c+1), (r+1,c)}, the vertex (r,c) at {@code (c·dx − sx, r·dy − sy, data(r,c)·e)} with
   *       {@code dx = 2sx/(ncol−1)}, {@code dy = 2sy/(nrow−1)}; the cells searched are those whose
   *       index lies within the segment's projection, floored and ceiled, padded by one cell each
   *       way;
   *   <li>the four side walls of the top box (faces −x, +x, −y, +y): a wall's hit counts when it is
   *       nearer than the hit so far and lies below the field's edge profile along that wall,
   *       interpolated linearly between the two grid points around it.
   * </ol>
   *
   * The segment in the top box runs from 0 to the box's nearest hit, or, when a face is hit farther
   * than that (the ray starts outside), from the nearest hit to the farthest, MuJoCo's scan of its
   * six face hits.
   *
   * <p><b>MuJoCo 2.2.2's row stride on the x-walls.</b> On the walls normal to x ({@code x = ∓sx},
   * column 0 or ncol−1) 2.2.2 reads the edge heights at the flat index {@code row·nrow + column}
   * where the grid is stored row-major with stride ncol ({@code row·ncol + column}); the walls
   * normal to y use the right stride. This code reads the same flat index, so for {@code nrow ≠
   * ncol} the x-wall profile is taken from other grid points than the edge column, exactly as in
   * 2.2.2 (later MuJoCo versions fixed it). With {@code nrow < ncol} the index stays inside the
   * field; with {@code nrow > ncol} the rows near the top reach past it, where 2.2.2 reads the next
   * height field's elevations or, for the last field, whatever memory follows; there this code
   * reads the field's last grid point.
   *
   * <p>{@code mju_round} on the row index (nearest integer, halves rounded up) is applied there to
   * a value that is already an integer, so a cast replaces it.
   *
   * @return the distance x ≥ 0 of the first hit, or -1
   */
  static double hfield(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    return hfieldHit(m, d, g, px, py, pz, vx, vy, vz, false);
  }

  /**
   * {@link #hfield}, returning the distance, or with {@code part} the part hit (-1 for none): 0..5
   * a face of the base box ({@link #hfieldBoxFace}'s numbering), 6..9 a side wall of the top box
   * (faces −x, +x, −y, +y), and {@code 10 + 2 (r·ncol + c) + t} triangle t of cell (r, c); the part
   * whose hit {@link #normal} differentiates.
   */
  static double hfieldHit(
      Model m,
      Data d,
      int g,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      boolean part) {
    int h = m.geomHfield(g);
    int nrow = m.hfieldNrow(h), ncol = m.hfieldNcol(h);
    double sx = m.hfieldSize(h, 0), sy = m.hfieldSize(h, 1), elev = m.hfieldSize(h, 2);
    double x = -1;
    int hit = -1;
    for (int f = 0; f < 6; f++) {
      double y = nearer(x, hfieldBoxFace(m, d, g, 0, f, px, py, pz, vx, vy, vz));
      hit = y != x ? f : hit;
      x = y;
    }
    double top = hfieldBox(m, d, g, 1, px, py, pz, vx, vy, vz);
    if (top < 0) {
      return part ? hit : x;
    }
    // the ray in the geom's frame
    int o = 3 * g;
    double ox = px - d.geomXpos[o], oy = py - d.geomXpos[o + 1], oz = pz - d.geomXpos[o + 2];
    double lpx = toLocal(d, g, 0, ox, oy, oz),
        lpy = toLocal(d, g, 1, ox, oy, oz),
        lpz = toLocal(d, g, 2, ox, oy, oz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    double b0x = basis(lvx, lvy, lvz, 0),
        b0y = basis(lvx, lvy, lvz, 1),
        b0z = basis(lvx, lvy, lvz, 2);
    double b1x = basis(lvx, lvy, lvz, 3),
        b1y = basis(lvx, lvy, lvz, 4),
        b1z = basis(lvx, lvy, lvz, 5);
    // the ray's segment in the top box: [0, top], or [top, farthest face hit] when a face is hit
    // beyond top
    double seg0 = 0, seg1 = top;
    for (int f = 0; f < 6; f++) {
      double a = hfieldBoxFace(m, d, g, 1, f, px, py, pz, vx, vy, vz);
      if (a > seg1) {
        seg0 = top;
        seg1 = a;
      }
    }
    // the segment's ends in grid units, and the cells around it
    double dx = (2.0 * sx) / (ncol - 1);
    double dy = (2.0 * sy) / (nrow - 1);
    double gx0 = (lpx + seg0 * lvx + sx) / dx, gx1 = (lpx + seg1 * lvx + sx) / dx;
    double gy0 = (lpy + seg0 * lvy + sy) / dy, gy1 = (lpy + seg1 * lvy + sy) / dy;
    int cmin = (int) Math.floor(gx0 < gx1 ? gx0 : gx1) - 1;
    cmin = 0 > cmin ? 0 : cmin;
    int cmax = (int) Math.ceil(gx0 > gx1 ? gx0 : gx1) + 1;
    cmax = ncol - 1 < cmax ? ncol - 1 : cmax;
    int rmin = (int) Math.floor(gy0 < gy1 ? gy0 : gy1) - 1;
    rmin = 0 > rmin ? 0 : rmin;
    int rmax = (int) Math.ceil(gy0 > gy1 ? gy0 : gy1) + 1;
    rmax = nrow - 1 < rmax ? nrow - 1 : rmax;
    // the two triangles of each cell
    for (int r = rmin; r < rmax; r++) {
      for (int c = cmin; c < cmax; c++) {
        double xa = dx * c - sx, xb = dx * (c + 1) - sx;
        double ya = dy * r - sy, yb = dy * (r + 1) - sy;
        double zaa = m.hfieldData(h, r, c) * elev, zbb = m.hfieldData(h, r + 1, c + 1) * elev;
        double y =
            nearer(
                x,
                triangle(
                    lpx,
                    lpy,
                    lpz,
                    lvx,
                    lvy,
                    lvz,
                    b0x,
                    b0y,
                    b0z,
                    b1x,
                    b1y,
                    b1z,
                    xa,
                    ya,
                    zaa,
                    xb,
                    yb,
                    zbb,
                    xb,
                    ya,
                    m.hfieldData(h, r, c + 1) * elev));
        hit = y != x ? 10 + 2 * (r * ncol + c) : hit;
        x = y;
        y =
            nearer(
                x,
                triangle(
                    lpx,
                    lpy,
                    lpz,
                    lvx,
                    lvy,
                    lvz,
                    b0x,
                    b0y,
                    b0z,
                    b1x,
                    b1y,
                    b1z,
                    xa,
                    ya,
                    zaa,
                    xb,
                    yb,
                    zbb,
                    xa,
                    yb,
                    m.hfieldData(h, r + 1, c) * elev));
        hit = y != x ? 11 + 2 * (r * ncol + c) : hit;
        x = y;
      }
    }
    // the side walls of the top box (faces −x, +x, −y, +y), where below the edge profile
    for (int i = 0; i < 4; i++) {
      double a = hfieldBoxFace(m, d, g, 1, i, px, py, pz, vx, vy, vz);
      if (a >= 0 && (a < x || x < 0)) {
        double zn = (lpz + a * lvz) / elev;
        double u = 0, u0 = 0, z0 = 0, z1 = 0;
        if (i < 2) {
          // wall normal to x: position along y in rows; the flat index uses nrow as the row stride
          // (2.2.2's quirk)
          u = (lpy + a * lvy + sy) / dy;
          u0 = Math.floor(u);
          u0 = nrow - 2 < u0 ? nrow - 2 : u0;
          u0 = 0 > u0 ? 0 : u0;
          int col = i == 1 ? ncol - 1 : 0;
          // past this field's grid (nrow > ncol) 2.2.2 reads the next field's elevations or memory
          // after the model;
          // diffart reads this field's last point there
          int k0 = Math.min((int) u0 * nrow + col, nrow * ncol - 1);
          int k1 = Math.min((int) (u0 + 1) * nrow + col, nrow * ncol - 1);
          z0 = m.hfieldData(h, k0 / ncol, k0 % ncol);
          z1 = m.hfieldData(h, k1 / ncol, k1 % ncol);
        } else {
          // wall normal to y: position along x in columns, row 0 or nrow − 1
          u = (lpx + a * lvx + sx) / dx;
          u0 = Math.floor(u);
          u0 = ncol - 2 < u0 ? ncol - 2 : u0;
          u0 = 0 > u0 ? 0 : u0;
          int row = i == 3 ? nrow - 1 : 0;
          z0 = m.hfieldData(h, row, (int) u0);
          z1 = m.hfieldData(h, row, (int) (u0 + 1));
        }
        if (zn < z0 * (u0 + 1 - u) + z1 * (u - u0)) {
          x = a;
          hit = 6 + i;
        }
      }
    }
    return part ? hit : x;
  }

  /**
   * Component k of the centre of height field geom g's base box ({@code top = 0}: local {@code z ∈
   * [−b, 0]}, centre {@code pos − z_axis·b/2}) or top box ({@code top = 1}: {@code z ∈ [0, e]},
   * centre {@code pos + z_axis·e/2}), in world coordinates, as {@code mj_rayHfield} computes them.
   */
  static double hfieldBoxCentre(Model m, Data d, int g, int top, int k) {
    int h = m.geomHfield(g);
    int o = 9 * g + 3 * k + 2;
    if (top == 1) {
      return d.geomXpos[3 * g + k] + d.geomXmat[o] * m.hfieldSize(h, 2) * 0.5;
    }
    return d.geomXpos[3 * g + k] - d.geomXmat[o] * m.hfieldSize(h, 3) * 0.5;
  }

  /**
   * One face of height field geom g's base box ({@code top = 0}) or top box ({@code top = 1}), the
   * value MuJoCo's {@code ray_box} leaves in its output {@code all[face]}: faces 0..5 are −x, +x,
   * −y, +y, −z, +z of the box's frame (the geom's orientation, centred at {@link
   * #hfieldBoxCentre}). -1 when the ray misses the box's bounding sphere (radius |half-sizes|) or
   * misses that face ({@link #boxFace}); otherwise the distance to the face.
   */
  static double hfieldBoxFace(
      Model m,
      Data d,
      int g,
      int top,
      int face,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz) {
    int h = m.geomHfield(g);
    double sx = m.hfieldSize(h, 0), sy = m.hfieldSize(h, 1);
    double sz = m.hfieldSize(h, 3) * 0.5;
    if (top == 1) {
      sz = m.hfieldSize(h, 2) * 0.5;
    }
    double cx = hfieldBoxCentre(m, d, g, top, 0), cy = hfieldBoxCentre(m, d, g, top, 1);
    double cz = hfieldBoxCentre(m, d, g, top, 2);
    if (sphereAt(px, py, pz, vx, vy, vz, cx, cy, cz, Math.sqrt(sx * sx + sy * sy + sz * sz)) < 0) {
      return -1;
    }
    double dx = px - cx, dy = py - cy, dz = pz - cz;
    double lpx = toLocal(d, g, 0, dx, dy, dz),
        lpy = toLocal(d, g, 1, dx, dy, dz),
        lpz = toLocal(d, g, 2, dx, dy, dz);
    double lvx = toLocal(d, g, 0, vx, vy, vz),
        lvy = toLocal(d, g, 1, vx, vy, vz),
        lvz = toLocal(d, g, 2, vx, vy, vz);
    int side = face % 2 == 0 ? -1 : 1;
    int axis = face / 2;
    if (axis == 0) {
      return boxFace(side, lpx, lvx, sx, lpy, lvy, sy, lpz, lvz, sz);
    }
    if (axis == 1) {
      return boxFace(side, lpy, lvy, sy, lpx, lvx, sx, lpz, lvz, sz);
    }
    return boxFace(side, lpz, lvz, sz, lpx, lvx, sx, lpy, lvy, sy);
  }

  /**
   * Height field geom g's base box ({@code top = 0}) or top box ({@code top = 1}), MuJoCo's {@code
   * ray_box} on it: the nearest of its six faces ({@link #hfieldBoxFace}), or -1.
   */
  static double hfieldBox(
      Model m,
      Data d,
      int g,
      int top,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz) {
    double x = -1;
    for (int f = 0; f < 6; f++) {
      x = nearer(x, hfieldBoxFace(m, d, g, top, f, px, py, pz, vx, vy, vz));
    }
    return x;
  }

  /**
   * The ray (lp, lv) in a height field's frame against the triangle (a, b, c), MuJoCo's {@code
   * ray_triangle}, with (b0, b1) an orthonormal basis of the plane normal to lv. The vertices,
   * relative to lp and projected on the basis, must surround the origin: a quick reject when all
   * three lie on the same side of either axis, then the barycentric coordinates (t0, t1) of the
   * origin against {@code (a − c, b − c)} must satisfy {@code t0, t1 ≥ 0}, {@code t0 + t1 ≤ 1},
   * with the system's determinant at least {@code mjMINVAL} in magnitude. The hit is on the
   * triangle's plane, its normal {@code (a − c) × (b − c)}, which the ray must not be parallel to
   * ({@code |lv·n| ≥ mjMINVAL}); either side counts.
   *
   * @return the signed distance to the plane (the caller keeps it when ≥ 0), or -1
   */
  static double triangle(
      double lpx,
      double lpy,
      double lpz,
      double lvx,
      double lvy,
      double lvz,
      double b0x,
      double b0y,
      double b0z,
      double b1x,
      double b1y,
      double b1z,
      double ax,
      double ay,
      double az,
      double bx,
      double by,
      double bz,
      double cx,
      double cy,
      double cz) {
    // the vertices relative to lp, projected on the basis
    double ux = ax - lpx, uy = ay - lpy, uz = az - lpz;
    double a0 = b0x * ux + b0y * uy + b0z * uz, a1 = b1x * ux + b1y * uy + b1z * uz;
    ux = bx - lpx;
    uy = by - lpy;
    uz = bz - lpz;
    double p0 = b0x * ux + b0y * uy + b0z * uz, p1 = b1x * ux + b1y * uy + b1z * uz;
    ux = cx - lpx;
    uy = cy - lpy;
    uz = cz - lpz;
    double q0 = b0x * ux + b0y * uy + b0z * uz, q1 = b1x * ux + b1y * uy + b1z * uz;
    if ((a0 > 0 && p0 > 0 && q0 > 0)
        || (a0 < 0 && p0 < 0 && q0 < 0)
        || (a1 > 0 && p1 > 0 && q1 > 0)
        || (a1 < 0 && p1 < 0 && q1 < 0)) {
      return -1;
    }
    // the origin's barycentric coordinates: [a − c, b − c] t = −c
    double m00 = a0 - q0, m01 = p0 - q0, m10 = a1 - q1, m11 = p1 - q1;
    double det = m00 * m11 - m01 * m10;
    if (Math.abs(det) < MINVAL) {
      return -1;
    }
    double t0 = (m11 * -q0 - m01 * -q1) / det;
    double t1 = (-m10 * -q0 + m00 * -q1) / det;
    if (t0 < 0 || t1 < 0 || t0 + t1 > 1) {
      return -1;
    }
    // the triangle's plane, normal (a − c) × (b − c)
    double ex = ax - cx, ey = ay - cy, ez = az - cz;
    double fx = bx - cx, fy = by - cy, fz = bz - cz;
    double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
    double denom = lvx * nx + lvy * ny + lvz * nz;
    if (Math.abs(denom) < MINVAL) {
      return -1;
    }
    return -((lpx - cx) * nx + (lpy - cy) * ny + (lpz - cz) * nz) / denom;
  }
}
