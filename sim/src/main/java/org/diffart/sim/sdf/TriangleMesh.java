package org.diffart.sim.sdf;

/**
 * An indexed triangle mesh: vertices (nvertex×3), triangles (ntriangle×3 vertex indices, counter
 * clockwise seen from outside) and, for a mesh of an SDF's zero set, the grid edge each vertex lies
 * on ({@link MarchingTetrahedra}).
 *
 * @param edgeEnds the two grid points of each vertex's edge (nvertex×6: the point inside, then the
 *     one outside), or empty for a mesh not made by marching
 */
public record TriangleMesh(double[] vertices, int[] triangles, double[] edgeEnds) {
  /** A mesh without grid edges. */
  public TriangleMesh(double[] vertices, int[] triangles) {
    this(vertices, triangles, new double[0]);
  }

  /** The number of vertices. */
  public int nvertex() {
    return vertices.length / 3;
  }

  /** The number of triangles. */
  public int ntriangle() {
    return triangles.length / 3;
  }
}
