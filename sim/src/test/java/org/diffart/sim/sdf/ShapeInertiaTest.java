package org.diffart.sim.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mass properties from a mesh against closed forms (a cube exactly, a sphere and a capsule in the
 * grid's limit), their vertex tangent against central differences, and their derivative in the
 * shape's parameters against the closed forms' derivatives.
 */
class ShapeInertiaTest {
  /** The cube [−1, 1]³ shifted by (0.5, −0.2, 0.3), 12 outward triangles. */
  static TriangleMesh cube() {
    double[] v = new double[24];
    for (int c = 0; c < 8; c++) {
      v[3 * c] = ((c & 1) == 0 ? -1 : 1) + 0.5;
      v[3 * c + 1] = ((c & 2) == 0 ? -1 : 1) - 0.2;
      v[3 * c + 2] = ((c & 4) == 0 ? -1 : 1) + 0.3;
    }
    int[] t = {
      0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1,
      3, 5, 3, 7, 5
    };
    return new TriangleMesh(v, t);
  }

  @Test
  void aCubeIsExact() {
    ShapeInertia in = ShapeInertia.of(cube(), 250);
    double m = 250 * 8;
    assertEquals(m, in.mass(), 1e-10);
    assertArrayEquals(new double[] {0.5, -0.2, 0.3}, in.com(), 1e-13);
    double i = m * (4 + 4) / 12;
    assertArrayEquals(new double[] {i, 0, 0, 0, i, 0, 0, 0, i}, in.inertia(), 1e-10);
  }

  @Test
  void aSphereAndACapsuleApproachTheirClosedForms() {
    double r = 0.4, rho = 1000;
    ShapeInertia s = ShapeInertia.of(MarchingTetrahedra.extract(new SphereSdf(r), 48), rho);
    double m = rho * 4.0 / 3 * Math.PI * r * r * r;
    assertEquals(m, s.mass(), 2e-3 * m);
    assertArrayEquals(new double[3], s.com(), 1e-3 * r);
    for (int k = 0; k < 3; k++) {
      assertEquals(0.4 * m * r * r, s.inertia()[4 * k], 4e-3 * 0.4 * m * r * r);
    }
    // capsule: a cylinder of length 2l and two half balls
    double l = 0.3;
    ShapeInertia c = ShapeInertia.of(MarchingTetrahedra.extract(new CapsuleSdf(r, l), 48), rho);
    double mc = rho * Math.PI * r * r * 2 * l, mh = rho * 2.0 / 3 * Math.PI * r * r * r;
    assertEquals(mc + 2 * mh, c.mass(), 2e-3 * (mc + 2 * mh));
    double izz = mc * r * r / 2 + 2 * mh * 0.4 * r * r;
    assertEquals(izz, c.inertia()[8], 4e-3 * izz);
  }

  @Test
  void tangentMatchesCentralDifferencesOfTheVertices() {
    TriangleMesh mesh =
        MarchingTetrahedra.extract(new SuperellipsoidSdf(0.5, 0.7, 0.4, 0.6, 1.3), 10);
    SplittableRandom rnd = new SplittableRandom(5);
    double[] dv = new double[mesh.vertices().length];
    for (int i = 0; i < dv.length; i++) {
      dv[i] = rnd.nextDouble(-1, 1);
    }
    ShapeInertia t = ShapeInertia.tangent(mesh, dv, 300);
    double eps = 1e-6;
    double[] plus = mesh.vertices().clone(), minus = mesh.vertices().clone();
    for (int i = 0; i < dv.length; i++) {
      plus[i] += eps * dv[i];
      minus[i] -= eps * dv[i];
    }
    ShapeInertia p = ShapeInertia.of(new TriangleMesh(plus, mesh.triangles()), 300);
    ShapeInertia m = ShapeInertia.of(new TriangleMesh(minus, mesh.triangles()), 300);
    // the differences' rounding: about 1e-16 of the mass (≈ 100 kg) over 2ε
    assertEquals((p.mass() - m.mass()) / (2 * eps), t.mass(), 1e-6 * (1 + Math.abs(t.mass())));
    for (int k = 0; k < 3; k++) {
      assertEquals((p.com()[k] - m.com()[k]) / (2 * eps), t.com()[k], 1e-6);
    }
    for (int k = 0; k < 9; k++) {
      assertEquals((p.inertia()[k] - m.inertia()[k]) / (2 * eps), t.inertia()[k], 1e-6);
    }
  }

  @Test
  void inertiaIsDifferentiableInTheShapeParameters() {
    // sphere: dm/dr = 4π r² ρ, d(2/5 m r²)/dr = 8/3 π ρ r⁴
    double r = 0.4, rho = 1000;
    Sdf sphere = new SphereSdf(r);
    ShapeInertia[] j =
        SurfaceMotion.inertiaJacobian(sphere, MarchingTetrahedra.extract(sphere, 48), rho);
    assertEquals(4 * Math.PI * r * r * rho, j[0].mass(), 3e-3 * 4 * Math.PI * r * r * rho);
    double dI = 8.0 / 3 * Math.PI * rho * Math.pow(r, 4);
    assertEquals(dI, j[0].inertia()[0], 5e-3 * dI);
    // box: dm/dh_x = 8 h_y h_z ρ
    Sdf box = new SuperellipsoidSdf(0.5, 0.7, 0.4, 1, 1);
    TriangleMesh mesh = MarchingTetrahedra.extract(box, 48);
    ShapeInertia[] je = SurfaceMotion.inertiaJacobian(box, mesh, rho);
    // ellipsoid V = 4/3 π abc: dm/da = 4/3 π b c ρ
    double dm = 4.0 / 3 * Math.PI * 0.7 * 0.4 * rho;
    assertEquals(dm, je[0].mass(), 5e-3 * dm);
  }
}
