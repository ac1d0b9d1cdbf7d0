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
    if (Math.sqrt(vx * vx + vy * vy + vz * vz) < RayPrimitives.MINVAL) {
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
    if (Math.sqrt(vx * vx + vy * vy + vz * vz) < RayPrimitives.MINVAL) {
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
   * {@link RayGrids#hfield} ({@code mj_rayHfield}), the primitives as {@code mju_rayGeom}.
   *
   * @return the distance x ≥ 0 of the first hit, or -1
   */
  static double geom(
      Model m, Data d, int g, double px, double py, double pz, double vx, double vy, double vz) {
    double x = -1;
    switch (m.geomType(g)) {
      case PLANE -> x = RayPrimitives.plane(m, d, g, px, py, pz, vx, vy, vz);
      case HFIELD -> x = RayGrids.hfield(m, d, g, px, py, pz, vx, vy, vz);
      case SPHERE -> x = RayPrimitives.sphere(m, d, g, px, py, pz, vx, vy, vz);
      case CAPSULE -> x = RayPrimitives.capsule(m, d, g, px, py, pz, vx, vy, vz);
      case ELLIPSOID -> x = RayPrimitives.ellipsoid(m, d, g, px, py, pz, vx, vy, vz);
      case CYLINDER -> x = RayPrimitives.cylinder(m, d, g, px, py, pz, vx, vy, vz);
      case BOX -> x = RayPrimitives.box(m, d, g, px, py, pz, vx, vy, vz);
      case MESH, SDF -> x = RayGrids.mesh(m, d, g, px, py, pz, vx, vy, vz);
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
    double hx =
        RayPrimitives.toLocal(d, g, 0, dx, dy, dz) + x * RayPrimitives.toLocal(d, g, 0, vx, vy, vz);
    double hy =
        RayPrimitives.toLocal(d, g, 1, dx, dy, dz) + x * RayPrimitives.toLocal(d, g, 1, vx, vy, vz);
    double hz =
        RayPrimitives.toLocal(d, g, 2, dx, dy, dz) + x * RayPrimitives.toLocal(d, g, 2, vx, vy, vz);
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
      case MESH, SDF -> {
        int mesh = m.geomMesh(g);
        int f = (int) RayGrids.meshHit(m, d, g, px, py, pz, vx, vy, vz, true);
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
            m, (int) RayGrids.hfieldHit(m, d, g, px, py, pz, vx, vy, vz, true), m.geomHfield(g), k);
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
   * Component k of the normal of part {@code part} of height field h ({@link RayGrids#hfieldHit}'s
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
}
