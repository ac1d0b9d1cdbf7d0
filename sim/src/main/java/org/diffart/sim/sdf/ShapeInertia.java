package org.diffart.sim.sdf;

/**
 * Mass, centre of mass and inertia of a uniform solid bounded by a closed mesh, by the divergence
 * theorem over the tetrahedra from the origin to each triangle (Mirtich 1996; DiffSDFSim's {@code
 * get_ang_inertia}): with {@code D = a·(b × c)} and {@code s = a + b + c}, {@code V = Σ D/6},
 * {@code ∫x = Σ D s/24}, {@code ∫x xᵀ = Σ D (a aᵀ + b bᵀ + c cᵀ + s sᵀ)/120}. Each quantity comes
 * with its directional derivative for a motion of the vertices ({@link #tangent}), so that with
 * {@link SurfaceMotion} the inertia is differentiable in the shape's parameters.
 *
 * @param mass kg
 * @param com centre of mass (3), m, in the mesh's frame
 * @param inertia inertia about the centre of mass (3×3, row-major), kg·m², in the mesh's frame
 */
public record ShapeInertia(double mass, double[] com, double[] inertia) {
  /** The inertia of the solid of the given density (kg/m³) inside the mesh. */
  public static ShapeInertia of(TriangleMesh mesh, double density) {
    return integrate(mesh, null, density)[0];
  }

  /**
   * The derivative of {@link #of} when the vertices move along {@code dv} (nvertex×3): the record's
   * fields hold dm, dc and dI.
   */
  public static ShapeInertia tangent(TriangleMesh mesh, double[] dv, double density) {
    return integrate(mesh, dv, density)[1];
  }

  /**
   * The values and, with a vertex motion, their derivatives: the volume integrals and their
   * tangents triangle by triangle, then mass, centre and the inertia moved to the centre.
   */
  private static ShapeInertia[] integrate(TriangleMesh mesh, double[] dv, double density) {
    double[] x = mesh.vertices();
    double vol = 0, dVol = 0;
    double[] s1 = new double[3], ds1 = new double[3], s2 = new double[9], ds2 = new double[9];
    double[] t = new double[9], dt = new double[9], s = new double[3], ds = new double[3];
    double[] bc = new double[3], ca = new double[3], ab = new double[3];
    int[] tri = mesh.triangles();
    for (int f = 0; f < mesh.ntriangle(); f++) {
      int a = 3 * tri[3 * f], b = 3 * tri[3 * f + 1], c = 3 * tri[3 * f + 2];
      Vec.cross(bc, 0, x, b, x, c);
      Vec.cross(ca, 0, x, c, x, a);
      Vec.cross(ab, 0, x, a, x, b);
      double d = Vec.dot(x, a, bc, 0);
      double dd =
          dv == null ? 0 : Vec.dot(dv, a, bc, 0) + Vec.dot(dv, b, ca, 0) + Vec.dot(dv, c, ab, 0);
      for (int k = 0; k < 3; k++) {
        s[k] = x[a + k] + x[b + k] + x[c + k];
        ds[k] = dv == null ? 0 : dv[a + k] + dv[b + k] + dv[c + k];
      }
      vol += d / 6;
      dVol += dd / 6;
      for (int i = 0; i < 3; i++) {
        s1[i] += d * s[i] / 24;
        ds1[i] += (dd * s[i] + d * ds[i]) / 24;
        for (int j = 0; j < 3; j++) {
          t[3 * i + j] =
              x[a + i] * x[a + j] + x[b + i] * x[b + j] + x[c + i] * x[c + j] + s[i] * s[j];
          s2[3 * i + j] += d * t[3 * i + j] / 120;
          if (dv != null) {
            dt[3 * i + j] =
                dv[a + i] * x[a + j]
                    + x[a + i] * dv[a + j]
                    + dv[b + i] * x[b + j]
                    + x[b + i] * dv[b + j]
                    + dv[c + i] * x[c + j]
                    + x[c + i] * dv[c + j]
                    + ds[i] * s[j]
                    + s[i] * ds[j];
            ds2[3 * i + j] += (dd * t[3 * i + j] + d * dt[3 * i + j]) / 120;
          }
        }
      }
    }
    // mass and centre
    double m = density * vol, dm = density * dVol;
    double[] com = new double[3], dcom = new double[3];
    for (int k = 0; k < 3; k++) {
      com[k] = s1[k] / vol;
      dcom[k] = (ds1[k] - com[k] * dVol) / vol;
    }
    // about the origin, I = ρ (tr S₂ 1 − S₂); then to the centre, I_c = I − m (|c|² 1 − c cᵀ)
    double[] inertia = new double[9], dInertia = new double[9];
    double tr = s2[0] + s2[4] + s2[8], dtr = ds2[0] + ds2[4] + ds2[8];
    double cc = Vec.dot(com, 0, com, 0), dcc = 2 * Vec.dot(com, 0, dcom, 0);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        double eye = i == j ? 1 : 0;
        inertia[3 * i + j] =
            density * (tr * eye - s2[3 * i + j]) - m * (cc * eye - com[i] * com[j]);
        dInertia[3 * i + j] =
            density * (dtr * eye - ds2[3 * i + j])
                - dm * (cc * eye - com[i] * com[j])
                - m * (dcc * eye - dcom[i] * com[j] - com[i] * dcom[j]);
      }
    }
    return new ShapeInertia[] {
      new ShapeInertia(m, com, inertia), new ShapeInertia(dm, dcom, dInertia)
    };
  }
}
