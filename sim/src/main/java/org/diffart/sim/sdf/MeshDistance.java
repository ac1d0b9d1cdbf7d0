package org.diffart.sim.sdf;

/**
 * Distances to a closed triangle mesh: the unsigned distance to its nearest triangle (the nearest
 * point of a triangle by its Voronoi regions: a vertex, an edge or the face), and whether a point
 * is inside by the generalised winding number (the solid angles the triangles subtend, summed over
 * 4π: 1 inside, 0 outside, robust to small gaps; Van Oosterom and Strackee's formula per triangle).
 */
final class MeshDistance {
  private MeshDistance() {}

  /** The distance from p to the nearest triangle of the mesh. */
  static double unsigned(TriangleMesh mesh, double[] p) {
    double best = Double.POSITIVE_INFINITY;
    double[] v = mesh.vertices();
    int[] t = mesh.triangles();
    for (int f = 0; f < mesh.ntriangle(); f++) {
      int a = 3 * t[3 * f], b = 3 * t[3 * f + 1], c = 3 * t[3 * f + 2];
      if (!degenerate(v, a, b, c)) {
        best = Math.min(best, pointTriangle(p, v, a, b, c));
      }
    }
    return Math.sqrt(best);
  }

  /** Whether p is inside the mesh: its winding number is above one half. */
  static boolean inside(TriangleMesh mesh, double[] p) {
    double[] v = mesh.vertices();
    int[] t = mesh.triangles();
    double omega = 0;
    for (int f = 0; f < mesh.ntriangle(); f++) {
      int a = 3 * t[3 * f], b = 3 * t[3 * f + 1], c = 3 * t[3 * f + 2];
      if (degenerate(v, a, b, c)) {
        continue;
      }
      double ax = v[a] - p[0], ay = v[a + 1] - p[1], az = v[a + 2] - p[2];
      double bx = v[b] - p[0], by = v[b + 1] - p[1], bz = v[b + 2] - p[2];
      double cx = v[c] - p[0], cy = v[c + 1] - p[1], cz = v[c + 2] - p[2];
      double la = Math.sqrt(ax * ax + ay * ay + az * az);
      double lb = Math.sqrt(bx * bx + by * by + bz * bz);
      double lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
      double det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
      double den =
          la * lb * lc
              + (ax * bx + ay * by + az * bz) * lc
              + (bx * cx + by * cy + bz * cz) * la
              + (cx * ax + cy * ay + cz * az) * lb;
      omega += 2 * Math.atan2(det, den);
    }
    return omega / (4 * Math.PI) > 0.5;
  }

  /**
   * Whether triangle (a, b, c) has no area (marching makes such where φ is 0 at a grid point): its
   * points are its neighbours' edges, and it subtends no solid angle.
   */
  static boolean degenerate(double[] v, int a, int b, int c) {
    double abx = v[b] - v[a], aby = v[b + 1] - v[a + 1], abz = v[b + 2] - v[a + 2];
    double acx = v[c] - v[a], acy = v[c + 1] - v[a + 1], acz = v[c + 2] - v[a + 2];
    double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
    return nx * nx + ny * ny + nz * nz == 0;
  }

  /** The squared distance from p to triangle (a, b, c) (offsets into v), which has an area. */
  static double pointTriangle(double[] p, double[] v, int a, int b, int c) {
    double abx = v[b] - v[a], aby = v[b + 1] - v[a + 1], abz = v[b + 2] - v[a + 2];
    double acx = v[c] - v[a], acy = v[c + 1] - v[a + 1], acz = v[c + 2] - v[a + 2];
    double apx = p[0] - v[a], apy = p[1] - v[a + 1], apz = p[2] - v[a + 2];
    double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
    // the region of vertex a
    if (d1 <= 0 && d2 <= 0) {
      return apx * apx + apy * apy + apz * apz;
    }
    double bpx = p[0] - v[b], bpy = p[1] - v[b + 1], bpz = p[2] - v[b + 2];
    double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
    if (d3 >= 0 && d4 <= d3) {
      return bpx * bpx + bpy * bpy + bpz * bpz;
    }
    double cpx = p[0] - v[c], cpy = p[1] - v[c + 1], cpz = p[2] - v[c + 2];
    double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
    if (d6 >= 0 && d5 <= d6) {
      return cpx * cpx + cpy * cpy + cpz * cpz;
    }
    // the edge regions, then the face: the nearest point a + s ab + t ac
    double s, t;
    double vc = d1 * d4 - d3 * d2, vb = d5 * d2 - d1 * d6, va = d3 * d6 - d5 * d4;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      s = d1 / (d1 - d3);
      t = 0;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      s = 0;
      t = d2 / (d2 - d6);
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
      s = 1 - w;
      t = w;
    } else {
      double denom = 1 / (va + vb + vc);
      s = vb * denom;
      t = vc * denom;
    }
    double qx = v[a] + s * abx + t * acx - p[0];
    double qy = v[a + 1] + s * aby + t * acy - p[1];
    double qz = v[a + 2] + s * abz + t * acz - p[2];
    return qx * qx + qy * qy + qz * qz;
  }
}
