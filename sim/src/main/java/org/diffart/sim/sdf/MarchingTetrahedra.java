package org.diffart.sim.sdf;

import java.util.HashMap;
import java.util.Map;

/**
 * The zero set of an SDF as a closed triangle mesh, marching cubes' tetrahedral variant: the SDF is
 * sampled on a regular grid, each cube split into the six tetrahedra around its main diagonal
 * (Kuhn's triangulation, which neighbouring cubes share face for face, so the mesh has no cracks),
 * and each tetrahedron the surface crosses gives one triangle or two; a vertex lies where φ changes
 * sign along a grid edge, by linear interpolation, shared by every tetrahedron on that edge. It
 * needs no case table and has none of marching cubes' ambiguous faces, at the price of about twice
 * the triangles. DiffSDFSim meshes its shapes by marching cubes; the meshes serve the same ends
 * here (contact candidates, volume integrals, pictures).
 */
public final class MarchingTetrahedra {
  /** The six tetrahedra of a cube as corner indices (bit 0: +x, bit 1: +y, bit 2: +z). */
  private static final int[][] TETS = {
    {0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7}, {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7}
  };

  private MarchingTetrahedra() {}

  /**
   * The mesh of the SDF's zero set on a grid of at least {@code cells} cubes along the longest side
   * of its bounds: the points of the lattice of spacing {@code h = 2^⌊log₂(side/cells)⌋} (at
   * integer multiples of h) that cover the bounds with one cell to spare on every side. Shapes
   * differing a little share the lattice, so their meshes differ only by where φ crosses the same
   * grid edges ({@link #vertexJacobian} is the mesh's exact derivative).
   */
  public static TriangleMesh extract(Sdf sdf, int cells) {
    double[] b = sdf.bounds();
    double size = Math.max(b[3] - b[0], Math.max(b[4] - b[1], b[5] - b[2]));
    double h = Math.pow(2, Math.floor(Math.log(size / cells) / Math.log(2)));
    int[] n = new int[3];
    double[] origin = new double[3];
    for (int k = 0; k < 3; k++) {
      long lo = (long) Math.floor(b[k] / h) - 1, hi = (long) Math.ceil(b[3 + k] / h) + 1;
      n[k] = (int) (hi - lo);
      origin[k] = lo * h;
    }
    return extract(sdf, origin, h, n);
  }

  /**
   * The mesh of the SDF's zero set on the grid of {@code n[0]×n[1]×n[2]} cubes of side h from
   * origin.
   */
  public static TriangleMesh extract(Sdf sdf, double[] origin, double h, int[] n) {
    int px = n[0] + 1, py = n[1] + 1, pz = n[2] + 1;
    double[] phi = new double[px * py * pz];
    double[] p = new double[3];
    for (int k = 0; k < pz; k++) {
      for (int j = 0; j < py; j++) {
        for (int i = 0; i < px; i++) {
          p[0] = origin[0] + i * h;
          p[1] = origin[1] + j * h;
          p[2] = origin[2] + k * h;
          phi[i + px * (j + py * k)] = sdf.value(p, 0);
        }
      }
    }
    Builder out = new Builder(origin, h, px, py, phi);
    int[] corner = new int[8];
    for (int k = 0; k < n[2]; k++) {
      for (int j = 0; j < n[1]; j++) {
        for (int i = 0; i < n[0]; i++) {
          for (int c = 0; c < 8; c++) {
            corner[c] = (i + (c & 1)) + px * ((j + ((c >> 1) & 1)) + py * (k + ((c >> 2) & 1)));
          }
          for (int[] t : TETS) {
            out.tetrahedron(corner[t[0]], corner[t[1]], corner[t[2]], corner[t[3]]);
          }
        }
      }
    }
    return out.mesh();
  }

  /**
   * How the mesh's vertices move when shape parameter k changes, exactly as the marching does: a
   * vertex at {@code P + t (Q − P)}, {@code t = φ_P / (φ_P − φ_Q)} on its grid edge slides along it
   * by {@code dt = (φ_P φ'_Q − φ_Q φ'_P) / (φ_P − φ_Q)²} with {@code φ' = ∂φ/∂θ_k} (nvertex×3).
   * This is the derivative of the mesh the simulator collides and integrates; DiffSDFSim moves its
   * vertices along the normal instead ({@link SurfaceMotion}), the true surface's motion, which
   * differs from this by the angle between edge and normal.
   */
  public static double[] vertexJacobian(Sdf sdf, TriangleMesh mesh, int k) {
    double[] e = mesh.edgeEnds(), dv = new double[3 * mesh.nvertex()];
    if (e.length != 6 * mesh.nvertex()) {
      throw new IllegalArgumentException("the mesh was not made by marching: no grid edges");
    }
    double[] pg = new double[sdf.nparam()];
    for (int v = 0; v < mesh.nvertex(); v++) {
      double fp = sdf.value(e, 6 * v), fq = sdf.value(e, 6 * v + 3);
      sdf.paramGradient(pg, 0, e, 6 * v);
      double dp = pg[k];
      sdf.paramGradient(pg, 0, e, 6 * v + 3);
      double dq = pg[k], den = fp - fq;
      double dt = (fp * dq - fq * dp) / (den * den);
      for (int i = 0; i < 3; i++) {
        dv[3 * v + i] = dt * (e[6 * v + 3 + i] - e[6 * v + i]);
      }
    }
    return dv;
  }

  /** The growing mesh: vertices keyed by the grid edge they lie on. */
  private static final class Builder {
    final double[] origin;
    final double h;
    final int px, py;
    final double[] phi;
    final Map<Long, Integer> vertexOfEdge = new HashMap<>();
    double[] vertices = new double[3 * 1024];
    int[] triangles = new int[3 * 1024];
    int[] edgeEnds = new int[2 * 1024];
    int nv, nt;

    Builder(double[] origin, double h, int px, int py, double[] phi) {
      this.origin = origin;
      this.h = h;
      this.px = px;
      this.py = py;
      this.phi = phi;
    }

    /** The triangles where the surface crosses the tetrahedron of grid points a, b, c, d. */
    void tetrahedron(int a, int b, int c, int d) {
      int[] v = {a, b, c, d};
      int[] in = new int[4], out = new int[4];
      int ni = 0, no = 0;
      for (int q : v) {
        if (phi[q] < 0) {
          in[ni++] = q;
        } else {
          out[no++] = q;
        }
      }
      if (ni == 1) {
        triangle(in[0], out[0], edge(in[0], out[0]), edge(in[0], out[1]), edge(in[0], out[2]));
      } else if (ni == 3) {
        triangle(in[0], out[0], edge(in[0], out[0]), edge(in[1], out[0]), edge(in[2], out[0]));
      } else if (ni == 2) {
        // the quad in[0]-out[0], in[0]-out[1], in[1]-out[1], in[1]-out[0] as two triangles
        int e00 = edge(in[0], out[0]), e01 = edge(in[0], out[1]);
        int e11 = edge(in[1], out[1]), e10 = edge(in[1], out[0]);
        triangle(in[0], out[0], e00, e01, e11);
        triangle(in[0], out[0], e00, e11, e10);
      }
    }

    /**
     * Adds triangle (x, y, z), turned so that its normal points from grid point {@code inside} (φ <
     * 0) towards grid point {@code outside} (φ ≥ 0). The turn is decided on the triangle of its
     * vertices' grid-edge midpoints, which has the same orientation and never degenerates (the
     * vertices themselves coincide where φ is exactly 0 at a grid point).
     */
    void triangle(int inside, int outside, int x, int y, int z) {
      double[] e1 = new double[3], e2 = new double[3], nrm = new double[3], dir = new double[3];
      double[] pi = point(inside), po = point(outside);
      double[] mx = midpoint(x), my = midpoint(y), mz = midpoint(z);
      for (int k = 0; k < 3; k++) {
        e1[k] = my[k] - mx[k];
        e2[k] = mz[k] - mx[k];
        dir[k] = po[k] - pi[k];
      }
      Vec.cross(nrm, 0, e1, 0, e2, 0);
      boolean flip = Vec.dot(nrm, 0, dir, 0) < 0;
      if (3 * nt + 3 > triangles.length) {
        triangles = java.util.Arrays.copyOf(triangles, 2 * triangles.length);
      }
      triangles[3 * nt] = x;
      triangles[3 * nt + 1] = flip ? z : y;
      triangles[3 * nt + 2] = flip ? y : z;
      nt++;
    }

    /** The midpoint of the grid edge vertex v lies on. */
    double[] midpoint(int v) {
      double[] a = point(edgeEnds[2 * v]), b = point(edgeEnds[2 * v + 1]);
      return new double[] {(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2};
    }

    /** The vertex on the grid edge from point p to point q, made on first use. */
    int edge(int p, int q) {
      long key = p < q ? (long) p << 32 | q : (long) q << 32 | p;
      Integer known = vertexOfEdge.get(key);
      if (known != null) {
        return known;
      }
      double t = phi[p] / (phi[p] - phi[q]);
      double[] a = point(p), b = point(q);
      if (3 * nv + 3 > vertices.length) {
        vertices = java.util.Arrays.copyOf(vertices, 2 * vertices.length);
      }
      for (int k = 0; k < 3; k++) {
        vertices[3 * nv + k] = a[k] + t * (b[k] - a[k]);
      }
      if (2 * nv + 2 > edgeEnds.length) {
        edgeEnds = java.util.Arrays.copyOf(edgeEnds, 2 * edgeEnds.length);
      }
      edgeEnds[2 * nv] = p;
      edgeEnds[2 * nv + 1] = q;
      vertexOfEdge.put(key, nv);
      return nv++;
    }

    double[] point(int q) {
      int i = q % px, j = (q / px) % py, k = q / (px * py);
      return new double[] {origin[0] + i * h, origin[1] + j * h, origin[2] + k * h};
    }

    TriangleMesh mesh() {
      double[] ends = new double[6 * nv];
      for (int v = 0; v < nv; v++) {
        System.arraycopy(point(edgeEnds[2 * v]), 0, ends, 6 * v, 3);
        System.arraycopy(point(edgeEnds[2 * v + 1]), 0, ends, 6 * v + 3, 3);
      }
      return new TriangleMesh(
          java.util.Arrays.copyOf(vertices, 3 * nv),
          java.util.Arrays.copyOf(triangles, 3 * nt),
          ends);
    }
  }
}
