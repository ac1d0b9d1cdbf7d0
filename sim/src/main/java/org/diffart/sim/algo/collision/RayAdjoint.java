package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link Ray}: the distance to a hit moves with the ray's start p and direction v and
 * with the pose of the geom hit. The hit {@code h = p + x v} stays on the geom's surface, fixed in
 * the geom's frame (origin c, rotation R): with n the surface normal at the hit in the world
 * ({@code n = R n_l}, {@link Ray#normal}),
 *
 * <pre>  δx = −( n·δp + x n·δv − n·δc + Σ_jk n_l,k (h − c)_j δR_jk ) / (n·v)</pre>
 *
 * which is exact for perturbations of R that stay rotations (the only ones the kinematics makes).
 * The geom the ray hits and, on an edge, the face it hits are held; a ray that hits nothing (-1) or
 * grazes the surface ({@code |n·v|} below {@link Ray#MINVAL} times |n||v|) passes no gradient.
 */
public final class RayAdjoint {
  private RayAdjoint() {}

  /**
   * Adjoint of {@link Ray#ray}: from the bar {@code xBar} of its distance, the bars of p into
   * {@code out[o..o+2]} and of v into {@code out[o+3..o+5]} (set, not added), and those of the hit
   * geom's pose added to {@code geomXposBar} and {@code geomXmatBar}.
   */
  public static void ray(
      Model m,
      Data d,
      DataBar b,
      double px,
      double py,
      double pz,
      double vx,
      double vy,
      double vz,
      int bodyExclude,
      double xBar,
      double[] out,
      int o) {
    java.util.Arrays.fill(out, o, o + 6, 0);
    int g = xBar == 0 ? -1 : Ray.hitGeom(m, d, px, py, pz, vx, vy, vz, bodyExclude);
    if (g < 0) {
      return;
    }
    // the distance to the geom hit, as Ray.ray finds it
    double x = Ray.geom(m, d, g, px, py, pz, vx, vy, vz);
    double lx = Ray.normal(m, d, g, px, py, pz, vx, vy, vz, x, 0);
    double ly = Ray.normal(m, d, g, px, py, pz, vx, vy, vz, x, 1);
    double lz = Ray.normal(m, d, g, px, py, pz, vx, vy, vz, x, 2);
    int r = 9 * g;
    double[] mat = d.geomXmat;
    double nx = mat[r] * lx + mat[r + 1] * ly + mat[r + 2] * lz;
    double ny = mat[r + 3] * lx + mat[r + 4] * ly + mat[r + 5] * lz;
    double nz = mat[r + 6] * lx + mat[r + 7] * ly + mat[r + 8] * lz;
    double denom = nx * vx + ny * vy + nz * vz;
    double scale = Math.sqrt((nx * nx + ny * ny + nz * nz) * (vx * vx + vy * vy + vz * vz));
    if (!(Math.abs(denom) > RayPrimitives.MINVAL * scale)) {
      return;
    }
    double s = -xBar / denom;
    out[o] = s * nx;
    out[o + 1] = s * ny;
    out[o + 2] = s * nz;
    out[o + 3] = s * x * nx;
    out[o + 4] = s * x * ny;
    out[o + 5] = s * x * nz;
    int c = 3 * g;
    b.geomXposBar[c] -= s * nx;
    b.geomXposBar[c + 1] -= s * ny;
    b.geomXposBar[c + 2] -= s * nz;
    double hx = px + x * vx - d.geomXpos[c], hy = py + x * vy - d.geomXpos[c + 1];
    double hz = pz + x * vz - d.geomXpos[c + 2];
    for (int j = 0; j < 3; j++) {
      double hj = j == 0 ? hx : j == 1 ? hy : hz;
      b.geomXmatBar[r + 3 * j] += s * lx * hj;
      b.geomXmatBar[r + 3 * j + 1] += s * ly * hj;
      b.geomXmatBar[r + 3 * j + 2] += s * lz * hj;
    }
    if (m.geomType(g) == GeomType.SDF) {
      // the hit point moves with its triangle's vertices, by its barycentric weights; its bar in
      // the geom's frame is −s l
      double ux = mat[r] * hx + mat[r + 3] * hy + mat[r + 6] * hz;
      double uy = mat[r + 1] * hx + mat[r + 4] * hy + mat[r + 7] * hz;
      double uz = mat[r + 2] * hx + mat[r + 5] * hy + mat[r + 8] * hz;
      int mesh = m.geomMesh(g), f = (int) RayGrids.meshHit(m, d, g, px, py, pz, vx, vy, vz, true);
      double[] w = b.scratch6;
      barycentric(m, mesh, f, ux, uy, uz, w);
      for (int q = 0; q < 3; q++) {
        ConvexCollisionAdjoint.shapeVertex(
            m, b, g, m.meshFace(mesh, f, q), -s * lx * w[q], -s * ly * w[q], -s * lz * w[q]);
      }
    }
  }

  /**
   * The barycentric weights of point u (in the mesh's frame, on the plane of triangle f) into
   * w[0..2].
   */
  private static void barycentric(
      Model m, int mesh, int f, double ux, double uy, double uz, double[] w) {
    int a = m.meshFace(mesh, f, 0), bv = m.meshFace(mesh, f, 1), c = m.meshFace(mesh, f, 2);
    double ax = m.meshVert(mesh, a, 0), ay = m.meshVert(mesh, a, 1), az = m.meshVert(mesh, a, 2);
    double e0x = m.meshVert(mesh, bv, 0) - ax, e0y = m.meshVert(mesh, bv, 1) - ay;
    double e0z = m.meshVert(mesh, bv, 2) - az;
    double e1x = m.meshVert(mesh, c, 0) - ax, e1y = m.meshVert(mesh, c, 1) - ay;
    double e1z = m.meshVert(mesh, c, 2) - az;
    double e2x = ux - ax, e2y = uy - ay, e2z = uz - az;
    double d00 = e0x * e0x + e0y * e0y + e0z * e0z, d01 = e0x * e1x + e0y * e1y + e0z * e1z;
    double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
    double d20 = e2x * e0x + e2y * e0y + e2z * e0z, d21 = e2x * e1x + e2y * e1y + e2z * e1z;
    double den = d00 * d11 - d01 * d01;
    w[1] = (d11 * d20 - d01 * d21) / den;
    w[2] = (d00 * d21 - d01 * d20) / den;
    w[0] = 1 - w[1] - w[2];
  }
}
