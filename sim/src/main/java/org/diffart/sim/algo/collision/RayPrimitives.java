package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * The pieces of {@link Ray} for the primitive geoms: a ray mapped into a geom's frame, the roots of
 * the quadratics a sphere, capsule, ellipsoid and cylinder give, and one function per geom type
 * returning the distance ≥ 0 of the first hit or -1. Scalar formulas, as all of {@link Ray}.
 */
final class RayPrimitives {
  /** MuJoCo's {@code mjMINVAL}. */
  static final double MINVAL = 1e-15;

  private RayPrimitives() {}

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
}
