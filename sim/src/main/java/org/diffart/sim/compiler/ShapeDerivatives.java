package org.diffart.sim.compiler;

import org.diffart.sim.sdf.MarchingTetrahedra;
import org.diffart.sim.sdf.ShapeInertia;
import org.diffart.sim.sdf.TriangleMesh;
import org.diffart.sim.spatial.Quat;

/**
 * How an SDF geom's share of its body's inertia moves with one of its shape parameters, packed as
 * {@code Model.bodyInert} {@code (m, h = m c, I_o)} about the body origin: from the solid's tangent
 * ({@link ShapeInertia#tangent} along {@link MarchingTetrahedra#vertexJacobian}, the motion of the
 * mesh whose inertia the body has), at the geom's density, or at its given mass (the density then
 * falls as the volume grows), carried into the body frame: {@code c_b = p + R c}, {@code I_o = R
 * I_c Rᵀ + m (|c_b|² 1 − c_b c_bᵀ)}.
 */
final class ShapeDerivatives {
  private ShapeDerivatives() {}

  /**
   * {@code ∂bodyInert/∂θ_k} of geom s's part, into out[o..o+10).
   *
   * @param pos the geom's position in its body's frame
   * @param quat the geom's orientation in its body's frame
   */
  static void bodyInert(
      GeomSpec s, TriangleMesh mesh, int k, double[] pos, double[] quat, double[] out, int o) {
    ShapeInertia unit = s.sdfUnitInertia();
    ShapeInertia dUnit = ShapeInertia.tangent(mesh, s.sdfVertexJacobian(k), 1);
    double vol = unit.mass(), dVol = dUnit.mass();
    boolean byMass = !Double.isNaN(s.mass);
    double rho = byMass ? s.mass / vol : s.density;
    double dRho = byMass ? -s.mass * dVol / (vol * vol) : 0;
    double m = rho * vol, dm = byMass ? 0 : rho * dVol;
    double[] r = new double[9], dIc = new double[9];
    double[] cb = new double[3], dcb = new double[3];
    Quat.toMat(r, 0, quat, 0);
    for (int q = 0; q < 9; q++) {
      dIc[q] = dRho * unit.inertia()[q] + rho * dUnit.inertia()[q];
    }
    for (int i = 0; i < 3; i++) {
      cb[i] = pos[i];
      for (int j = 0; j < 3; j++) {
        cb[i] += r[3 * i + j] * unit.com()[j];
        dcb[i] += r[3 * i + j] * dUnit.com()[j];
      }
    }
    double[] dIcb = new double[9];
    TreeCompiler.rotate(r, dIc, dIcb);
    double cc = cb[0] * cb[0] + cb[1] * cb[1] + cb[2] * cb[2];
    double dcc = 2 * (cb[0] * dcb[0] + cb[1] * dcb[1] + cb[2] * dcb[2]);
    double[] dIo = new double[9];
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        double eye = i == j ? 1 : 0;
        dIo[3 * i + j] =
            dIcb[3 * i + j]
                + dm * (cc * eye - cb[i] * cb[j])
                + m * (dcc * eye - dcb[i] * cb[j] - cb[i] * dcb[j]);
      }
    }
    out[o] = dm;
    for (int i = 0; i < 3; i++) {
      out[o + 1 + i] = dm * cb[i] + m * dcb[i];
    }
    out[o + 4] = dIo[0];
    out[o + 5] = dIo[4];
    out[o + 6] = dIo[8];
    out[o + 7] = dIo[1];
    out[o + 8] = dIo[2];
    out[o + 9] = dIo[5];
  }
}
