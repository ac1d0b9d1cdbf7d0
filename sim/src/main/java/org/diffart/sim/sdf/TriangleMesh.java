package org.diffart.sim.sdf;

/**
 * An indexed triangle mesh: vertices (nvertex×3), triangles (ntriangle×3 vertex indices, counter
 * clockwise seen from outside).
 */
public record TriangleMesh(double[] vertices, int[] triangles) {
  /** The number of vertices. */
  public int nvertex() {
    return vertices.length / 3;
  }

  /** The number of triangles. */
  public int ntriangle() {
    return triangles.length / 3;
  }
}
