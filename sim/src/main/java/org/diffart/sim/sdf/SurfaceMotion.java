package org.diffart.sim.sdf;

/**
 * How a mesh of an SDF's zero set moves when the shape's parameters change: a surface point x with
 * {@code φ(x; θ) = 0} stays on the surface when it moves along the normal by {@code dx = −∇φ (∂φ/∂θ
 * dθ) / |∇φ|²} (DiffSDFSim differentiates its marching-cubes vertices by {@code ∂v/∂φ = −∇φ}, the
 * same for a unit gradient). Tangential motion is left out: it does not change the solid.
 */
public final class SurfaceMotion {
  private SurfaceMotion() {}

  /**
   * The vertices' motion for a unit change of parameter k: (nvertex×3), evaluated at the vertices
   * as they are.
   */
  public static double[] alongParameter(Sdf sdf, TriangleMesh mesh, int k) {
    double[] x = mesh.vertices(), dv = new double[x.length];
    double[] g = new double[3], pg = new double[sdf.nparam()];
    for (int v = 0; v < mesh.nvertex(); v++) {
      sdf.gradient(g, 0, x, 3 * v);
      sdf.paramGradient(pg, 0, x, 3 * v);
      double gg = Vec.dot(g, 0, g, 0);
      double scale = gg == 0 ? 0 : -pg[k] / gg;
      for (int i = 0; i < 3; i++) {
        dv[3 * v + i] = scale * g[i];
      }
    }
    return dv;
  }

  /**
   * The derivatives of the inertia of the solid inside the SDF's mesh (density kg/m³) with respect
   * to each parameter: entry k holds dm/dθ_k, dc/dθ_k, dI/dθ_k.
   */
  public static ShapeInertia[] inertiaJacobian(Sdf sdf, TriangleMesh mesh, double density) {
    ShapeInertia[] out = new ShapeInertia[sdf.nparam()];
    for (int k = 0; k < out.length; k++) {
      out[k] = ShapeInertia.tangent(mesh, alongParameter(sdf, mesh, k), density);
    }
    return out;
  }
}
