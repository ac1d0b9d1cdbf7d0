package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * The pieces of {@link Ray} for geoms made of cells: height fields (prisms over a grid, MuJoCo's
 * {@code ray_hfield}) and meshes (their triangles, {@code ray_mesh}). Scalar formulas, as all of
 * {@link Ray}.
 */
final class RayGrids {
  private RayGrids() {}

  /**
   * Component k of (x, y, z) normalised as MuJoCo's {@code mju_normalize3} does (times the inverse
   * norm), or of (1, 0, 0) when the norm is below {@link RayPrimitives#MINVAL}.
   */
  static double unit(double x, double y, double z, int k) {
    double norm = Math.sqrt(x * x + y * y + z * z);
    if (norm < RayPrimitives.MINVAL) {
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
   * none): the face whose hit {@link Ray#normal} differentiates.
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
    if (RayPrimitives.box(m, d, g, px, py, pz, vx, vy, vz) < 0) {
      return -1;
    }
    int o = 3 * g, mesh = m.geomMesh(g);
    double ox = px - d.geomXpos[o], oy = py - d.geomXpos[o + 1], oz = pz - d.geomXpos[o + 2];
    double lpx = RayPrimitives.toLocal(d, g, 0, ox, oy, oz),
        lpy = RayPrimitives.toLocal(d, g, 1, ox, oy, oz),
        lpz = RayPrimitives.toLocal(d, g, 2, ox, oy, oz);
    double lvx = RayPrimitives.toLocal(d, g, 0, vx, vy, vz),
        lvy = RayPrimitives.toLocal(d, g, 1, vx, vy, vz),
        lvz = RayPrimitives.toLocal(d, g, 2, vx, vy, vz);
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
          RayPrimitives.nearer(
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
   * whose hit {@link Ray#normal} differentiates.
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
      double y = RayPrimitives.nearer(x, hfieldBoxFace(m, d, g, 0, f, px, py, pz, vx, vy, vz));
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
    double lpx = RayPrimitives.toLocal(d, g, 0, ox, oy, oz),
        lpy = RayPrimitives.toLocal(d, g, 1, ox, oy, oz),
        lpz = RayPrimitives.toLocal(d, g, 2, ox, oy, oz);
    double lvx = RayPrimitives.toLocal(d, g, 0, vx, vy, vz),
        lvy = RayPrimitives.toLocal(d, g, 1, vx, vy, vz),
        lvz = RayPrimitives.toLocal(d, g, 2, vx, vy, vz);
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
            RayPrimitives.nearer(
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
            RayPrimitives.nearer(
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
   * misses that face ({@link RayPrimitives#boxFace}); otherwise the distance to the face.
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
    if (RayPrimitives.sphereAt(
            px, py, pz, vx, vy, vz, cx, cy, cz, Math.sqrt(sx * sx + sy * sy + sz * sz))
        < 0) {
      return -1;
    }
    double dx = px - cx, dy = py - cy, dz = pz - cz;
    double lpx = RayPrimitives.toLocal(d, g, 0, dx, dy, dz),
        lpy = RayPrimitives.toLocal(d, g, 1, dx, dy, dz),
        lpz = RayPrimitives.toLocal(d, g, 2, dx, dy, dz);
    double lvx = RayPrimitives.toLocal(d, g, 0, vx, vy, vz),
        lvy = RayPrimitives.toLocal(d, g, 1, vx, vy, vz),
        lvz = RayPrimitives.toLocal(d, g, 2, vx, vy, vz);
    int side = face % 2 == 0 ? -1 : 1;
    int axis = face / 2;
    if (axis == 0) {
      return RayPrimitives.boxFace(side, lpx, lvx, sx, lpy, lvy, sy, lpz, lvz, sz);
    }
    if (axis == 1) {
      return RayPrimitives.boxFace(side, lpy, lvy, sy, lpx, lvx, sx, lpz, lvz, sz);
    }
    return RayPrimitives.boxFace(side, lpz, lvz, sz, lpx, lvx, sx, lpy, lvy, sy);
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
      x = RayPrimitives.nearer(x, hfieldBoxFace(m, d, g, top, f, px, py, pz, vx, vy, vz));
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
    if (Math.abs(det) < RayPrimitives.MINVAL) {
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
    if (Math.abs(denom) < RayPrimitives.MINVAL) {
      return -1;
    }
    return -((lpx - cx) * nx + (lpy - cy) * ny + (lpz - cz) * nz) / denom;
  }
}
