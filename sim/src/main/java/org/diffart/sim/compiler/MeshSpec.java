package org.diffart.sim.compiler;

import org.diffart.sim.sdf.TriangleMesh;
import org.diffart.sim.spatial.Quat;

/**
 * A mesh asset under construction (MJCF {@code <asset><mesh>}), processed as MuJoCo 2.2.2's
 * compiler does, in its single-precision arithmetic where it uses it, so that the stored vertices
 * are MuJoCo's to the last bit: the vertices are moved by {@code refpos}, turned by the inverse of
 * {@code refquat} and scaled; the volume, centre of mass and inertia come from the pyramids from
 * the area-weighted face centroid to each face (each pyramid's volume taken positive unless {@code
 * exactmeshinertia}); the vertices are then stored about the centre of mass in the principal frame
 * of that inertia ({@code mju_eig3}'s: axes by decreasing moment). A geom of the mesh sits at that
 * frame ({@link #com}, {@link #frame}); its size is the largest |coordinate| per axis, and its mass
 * and inertia are those of the box of equal principal moments ({@link #box}; with its volume unless
 * {@code exactmeshinertia}). Collisions treat the mesh as its convex hull: a support point is the
 * vertex farthest along a direction. Created by {@link ModelBuilder#addMesh}.
 */
public final class MeshSpec {
  final String name;

  /** Vertices in the principal frame about the centre of mass, single precision [3 × nvert]. */
  final float[] vert;

  /** Triangles, counter-clockwise seen from outside [3 × nface]. */
  final int[] face;

  /**
   * Centre of mass and principal frame in the mesh's coordinates (after refpos, refquat, scale).
   */
  final double[] com = new double[3], frame = {1, 0, 0, 0};

  /** Half-sizes of the box of the same principal moments (MuJoCo's inertia box). */
  final double[] box = new double[3];

  /** The largest |coordinate| of a vertex per principal axis: the size of the mesh's geoms. */
  final double[] extent = new double[3];

  /** The mesh's volume: its pyramids' (exact) or its inertia box's (MuJoCo's default). */
  double volume;

  /** Why the mesh has no inertia (MuJoCo's error, raised only when a geom needs it), or null. */
  String problem;

  /**
   * The mesh as stored (about its centre of mass, along its principal axes): its vertices and
   * triangles, for shapes made from it ({@code org.diffart.sim.sdf.GridSdf#fromMesh}).
   */
  public TriangleMesh triangleMesh() {
    double[] v = new double[vert.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = vert[i];
    }
    return new TriangleMesh(v, face.clone());
  }

  /** The number of vertices of the mesh's convex hull ({@link ConvexHull}). */
  public int hullVertexCount() {
    int[] hull = ConvexHull.faces(vert);
    java.util.Set<Integer> used = new java.util.HashSet<>();
    for (int k : hull) {
      used.add(k);
    }
    return used.size();
  }

  /**
   * @param vertices the vertices as read (single precision)
   * @param faces triangles indexing them; none for the convex hull's (MuJoCo's rule, {@link
   *     ConvexHull})
   * @param refpos, refquat, scale MuJoCo's transformation of the vertices
   * @param exact MuJoCo's {@code exactmeshinertia}
   */
  MeshSpec(
      String name,
      float[] vertices,
      int[] faces,
      double[] refpos,
      double[] refquat,
      double[] scale,
      boolean exact) {
    this.name = name;
    if (faces.length == 0) {
      try {
        faces = ConvexHull.faces(vertices);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "mesh '" + name + "' has no faces, and its convex hull has none: " + e.getMessage());
      }
    }
    this.face = faces.clone();
    int nv = vertices.length / 3, nf = faces.length / 3;
    for (int f = 0; f < faces.length; f++) {
      if (faces[f] < 0 || faces[f] >= nv) {
        throw new IllegalArgumentException(
            "mesh '"
                + name
                + "': vertex index out of range in face "
                + f / 3
                + " ("
                + faces[f]
                + " of "
                + nv
                + " vertices)");
      }
    }
    float[] v = vertices.clone();
    vert = v;
    if (refpos[0] != 0 || refpos[1] != 0 || refpos[2] != 0) {
      float x = (float) refpos[0], y = (float) refpos[1], z = (float) refpos[2];
      for (int i = 0; i < nv; i++) {
        v[3 * i] -= x;
        v[3 * i + 1] -= y;
        v[3 * i + 2] -= z;
      }
    }
    if (refquat[0] != 1 || refquat[1] != 0 || refquat[2] != 0 || refquat[3] != 0) {
      double[] q = refquat.clone(), r = new double[9];
      Quat.normalize(q, 0);
      Quat.toMat(r, 0, q, 0);
      for (int i = 0; i < nv; i++) {
        double x = v[3 * i], y = v[3 * i + 1], z = v[3 * i + 2];
        for (int k = 0; k < 3; k++) {
          v[3 * i + k] = (float) (r[k] * x + r[3 + k] * y + r[6 + k] * z);
        }
      }
    }
    if (scale[0] != 1 || scale[1] != 1 || scale[2] != 1) {
      for (int i = 0; i < 3 * nv; i++) {
        v[i] = (float) (v[i] * scale[i % 3]);
      }
    }
    // the area-weighted centroid of the faces
    double[] nrm = new double[3], cen = new double[3], fc = new double[3];
    double area = 0;
    for (int f = 0; f < nf; f++) {
      double a = areaNormalCentre(v, faces, f, nrm, cen);
      for (int k = 0; k < 3; k++) {
        fc[k] += a * cen[k];
      }
      area += a;
    }
    if (area < 1e-15) {
      problem = "mesh surface area is too small";
      return;
    }
    for (int k = 0; k < 3; k++) {
      fc[k] /= area;
    }
    // volume and centre of mass of the pyramids with their apex at that centroid
    double vol = 0;
    for (int f = 0; f < nf; f++) {
      double a = areaNormalCentre(v, faces, f, nrm, cen);
      double p =
          ((cen[0] - fc[0]) * nrm[0] + (cen[1] - fc[1]) * nrm[1] + (cen[2] - fc[2]) * nrm[2])
              * a
              / 3;
      p = exact ? p : Math.abs(p);
      vol += p;
      for (int k = 0; k < 3; k++) {
        com[k] += p * (cen[k] * 3.0 / 4.0 + fc[k] / 4.0);
      }
    }
    if (vol < 1e-15) {
      problem = "mesh volume is too small";
      return;
    }
    for (int k = 0; k < 3; k++) {
      com[k] /= vol;
    }
    for (int i = 0; i < 3 * nv; i++) {
      v[i] = (float) (v[i] - com[i % 3]);
    }
    // products of inertia of the tetrahedra from the centre of mass (MuJoCo's default density; it
    // cancels)
    double density = 1000, mass = 0;
    double[] pr = new double[6];
    int[][] k2 = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
    for (int f = 0; f < nf; f++) {
      double a = areaNormalCentre(v, faces, f, nrm, cen);
      double p = (cen[0] * nrm[0] + cen[1] * nrm[1] + cen[2] * nrm[2]) * a / 3;
      p = exact ? p : Math.abs(p);
      mass += p;
      int d = 3 * faces[3 * f], e = 3 * faces[3 * f + 1], g = 3 * faces[3 * f + 2];
      for (int j = 0; j < 6; j++) {
        int s = k2[j][0], t = k2[j][1];
        // in single precision, as MuJoCo's float vertices make it
        float sum =
            2 * (v[d + s] * v[d + t] + v[e + s] * v[e + t] + v[g + s] * v[g + t])
                + v[d + s] * v[e + t]
                + v[d + t] * v[e + s]
                + v[d + s] * v[g + t]
                + v[d + t] * v[g + s]
                + v[e + s] * v[g + t]
                + v[e + t] * v[g + s];
        pr[j] += density * p / 20 * sum;
      }
    }
    double[] full = {
      pr[1] + pr[2], -pr[3], -pr[4], -pr[3], pr[0] + pr[2], -pr[5], -pr[4], -pr[5], pr[0] + pr[1]
    };
    double[] eig = new double[3];
    eig3(full, eig, frame);
    if (eig[2] <= 0) {
      problem = "eigenvalue of mesh inertia must be positive";
      return;
    }
    if (eig[0] + eig[1] < eig[2] || eig[0] + eig[2] < eig[1] || eig[1] + eig[2] < eig[0]) {
      problem = "eigenvalues of mesh inertia violate A + B >= C";
      return;
    }
    double m = mass * density;
    box[0] = Math.sqrt(6 * (eig[1] + eig[2] - eig[0]) / m) / 2;
    box[1] = Math.sqrt(6 * (eig[0] + eig[2] - eig[1]) / m) / 2;
    box[2] = Math.sqrt(6 * (eig[0] + eig[1] - eig[2]) / m) / 2;
    // the vertices in the principal frame: v ← R(q̄) v
    double[] conj = {frame[0], -frame[1], -frame[2], -frame[3]}, r = new double[9];
    Quat.toMat(r, 0, conj, 0);
    for (int i = 0; i < nv; i++) {
      double x = v[3 * i], y = v[3 * i + 1], z = v[3 * i + 2];
      for (int k = 0; k < 3; k++) {
        v[3 * i + k] = (float) (r[3 * k] * x + r[3 * k + 1] * y + r[3 * k + 2] * z);
      }
    }
    for (int i = 0; i < 3 * nv; i++) {
      extent[i % 3] = Math.max(extent[i % 3], Math.abs(v[i]));
    }
    volume = exact ? mass : 8 * box[0] * box[1] * box[2];
  }

  /** The mesh's name. */
  public String name() {
    return name;
  }

  /**
   * MuJoCo's {@code _areaNrmCen} for face f: returns its area, its unit normal into n (untouched
   * when degenerate) and its centroid into c, the centroid and edges in single precision as
   * MuJoCo's float vertices give them.
   */
  private static double areaNormalCentre(float[] v, int[] faces, int f, double[] n, double[] c) {
    int d = 3 * faces[3 * f], e = 3 * faces[3 * f + 1], g = 3 * faces[3 * f + 2];
    for (int k = 0; k < 3; k++) {
      c[k] = (v[d + k] + v[e + k] + v[g + k]) / 3;
    }
    double bx = v[e] - v[d], by = v[e + 1] - v[d + 1], bz = v[e + 2] - v[d + 2];
    double cx = v[g] - v[d], cy = v[g + 1] - v[d + 1], cz = v[g + 2] - v[d + 2];
    n[0] = by * cz - bz * cy;
    n[1] = bz * cx - bx * cz;
    n[2] = bx * cy - by * cx;
    double len = Math.sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (len < 1e-15) {
      return 0;
    }
    n[0] /= len;
    n[1] /= len;
    n[2] /= len;
    return len / 2;
  }

  /**
   * MuJoCo's {@code mju_eig3}: Jacobi rotations accumulated in a quaternion q (at most 500; stops
   * when the largest off-diagonal entry of {@code R(q)ᵀ A R(q)} is below 1e-12 or the rotation's
   * cosine above 1 − 1e-12), then the eigenvalues sorted in decreasing order by quarter turns.
   * Writes the eigenvalues and q.
   */
  static void eig3(double[] a, double[] eig, double[] q) {
    double eps = 1e-12;
    double[] r = new double[9],
        tmp = new double[9],
        dm = new double[9],
        rot = new double[4],
        acc = new double[4];
    q[0] = 1;
    q[1] = 0;
    q[2] = 0;
    q[3] = 0;
    for (int iter = 0; iter < 500; iter++) {
      Quat.toMat(r, 0, q, 0);
      // tmp = Rᵀ A, D = tmp R, each entry summed from zero in MuJoCo's order
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          tmp[3 * i + j] = r[i] * a[j] + r[3 + i] * a[3 + j] + r[6 + i] * a[6 + j];
        }
      }
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          dm[3 * i + j] = tmp[3 * i] * r[j] + tmp[3 * i + 1] * r[3 + j] + tmp[3 * i + 2] * r[6 + j];
        }
      }
      eig[0] = dm[0];
      eig[1] = dm[4];
      eig[2] = dm[8];
      int rk, ck, rotk;
      if (Math.abs(dm[1]) > Math.abs(dm[2]) && Math.abs(dm[1]) > Math.abs(dm[5])) {
        rk = 0;
        ck = 1;
        rotk = 2;
      } else if (Math.abs(dm[2]) > Math.abs(dm[5])) {
        rk = 0;
        ck = 2;
        rotk = 1;
      } else {
        rk = 1;
        ck = 2;
        rotk = 0;
      }
      if (Math.abs(dm[3 * rk + ck]) < eps) {
        break;
      }
      double tau = (dm[4 * ck] - dm[4 * rk]) / (2 * dm[3 * rk + ck]);
      double t =
          tau >= 0
              ? 1.0 / (tau + Math.sqrt(1 + tau * tau))
              : -1.0 / (-tau + Math.sqrt(1 + tau * tau));
      double c = 1.0 / Math.sqrt(1 + t * t);
      if (c > 1.0 - eps) {
        break;
      }
      rot[1] = 0;
      rot[2] = 0;
      rot[3] = 0;
      rot[rotk + 1] = tau >= 0 ? -Math.sqrt(0.5 - 0.5 * c) : Math.sqrt(0.5 - 0.5 * c);
      if (rotk == 1) {
        rot[rotk + 1] = -rot[rotk + 1];
      }
      rot[0] = Math.sqrt(1.0 - rot[rotk + 1] * rot[rotk + 1]);
      Quat.normalize(rot, 0);
      Quat.mul(acc, 0, q, 0, rot, 0);
      System.arraycopy(acc, 0, q, 0, 4);
      Quat.normalize(q, 0);
    }
    for (int j = 0; j < 3; j++) {
      int j1 = j % 2;
      if (eig[j1] < eig[j1 + 1]) {
        double s = eig[j1];
        eig[j1] = eig[j1 + 1];
        eig[j1 + 1] = s;
        rot[0] = 0.707106781186548;
        rot[1] = 0;
        rot[2] = 0;
        rot[3] = 0;
        rot[(j1 + 2) % 3 + 1] = rot[0];
        Quat.mul(acc, 0, q, 0, rot, 0);
        System.arraycopy(acc, 0, q, 0, 4);
        Quat.normalize(q, 0);
      }
    }
  }
}
