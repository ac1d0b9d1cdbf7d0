package org.diffart.sim.sdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shape's ∇ₓφ and ∂φ/∂θ against central differences at random points, the exact distances'
 * unit gradients, and values at points whose distance is known.
 */
class SdfTest {
  static final double EPS = 1e-6;

  static Stream<Sdf> shapes() {
    return Stream.of(
        new SphereSdf(0.7),
        new BoxSdf(0.3, 0.5, 0.8),
        new CapsuleSdf(0.25, 0.6),
        new SuperellipsoidSdf(0.5, 0.7, 0.4, 0.6, 1.3),
        new SuperellipsoidSdf(0.5, 0.5, 0.5, 1, 1),
        new SuperellipsoidSdf(0.5, 0.7, 0.4, 1.4, 0.7),
        new TorusSdf(0.5, 0.2),
        GRID,
        NeuralSdfFamily.shipped().network());
  }

  /** A capsule's mesh sampled on a grid, at scale 1.3. */
  static final Sdf GRID =
      GridSdf.fromMesh(MarchingTetrahedra.extract(new CapsuleSdf(0.25, 0.6), 12), 12)
          .withParams(new double[] {1.3});

  /** Random points in a box twice the shape's bounds. */
  static double[] points(Sdf sdf, int n, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    double[] b = sdf.bounds(), x = new double[3 * n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 3; k++) {
        x[3 * i + k] = 2 * rnd.nextDouble(b[k], b[3 + k]);
      }
    }
    return x;
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void gradientMatchesCentralDifferences(Sdf sdf) {
    double[] x = points(sdf, 200, 1), g = new double[3];
    for (int i = 0; i < 200; i++) {
      double phi = sdf.gradient(g, 0, x, 3 * i);
      assertEquals(sdf.value(x, 3 * i), phi, 0, "gradient's φ is value's");
      for (int k = 0; k < 3; k++) {
        double[] p = x.clone(), m = x.clone();
        p[3 * i + k] += EPS;
        m[3 * i + k] -= EPS;
        double fd = (sdf.value(p, 3 * i) - sdf.value(m, 3 * i)) / (2 * EPS);
        assertEquals(fd, g[k], 1e-6 * (1 + Math.abs(fd)), sdf + " point " + i + " axis " + k);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void parameterGradientMatchesCentralDifferences(Sdf sdf) {
    double[] x = points(sdf, 200, 2), theta = sdf.params(), pg = new double[sdf.nparam()];
    boolean moved = false;
    for (int i = 0; i < 200; i++) {
      sdf.paramGradient(pg, 0, x, 3 * i);
      for (int k = 0; k < theta.length; k++) {
        double[] p = theta.clone(), m = theta.clone();
        p[k] += EPS;
        m[k] -= EPS;
        double fd =
            (sdf.withParams(p).value(x, 3 * i) - sdf.withParams(m).value(x, 3 * i)) / (2 * EPS);
        assertEquals(fd, pg[k], 1e-6 * (1 + Math.abs(fd)), sdf + " point " + i + " θ" + k);
        moved |= pg[k] != 0;
      }
    }
    assertTrue(moved);
  }

  /**
   * The curvature pass against central differences of the gradient: in the point ({@code ∇²φ v})
   * and in the parameters ({@code ∂(∇φ·v)/∂θ}), along random directions.
   */
  @ParameterizedTest
  @MethodSource("shapes")
  void curvatureMatchesCentralDifferencesOfTheGradient(Sdf sdf) {
    double[] x = points(sdf, 200, 5), v = points(sdf, 200, 6), theta = sdf.params();
    double[] hv = new double[3], tv = new double[sdf.nparam()], gp = new double[3];
    double[] gm = new double[3];
    boolean curved = false;
    for (int i = 0; i < 200; i++) {
      sdf.curvature(hv, 0, tv, 0, x, 3 * i, v, 3 * i);
      for (int k = 0; k < 3; k++) {
        double[] p = x.clone(), m = x.clone();
        p[3 * i + k] += EPS;
        m[3 * i + k] -= EPS;
        sdf.gradient(gp, 0, p, 3 * i);
        sdf.gradient(gm, 0, m, 3 * i);
        double fd = (dot(gp, v, 3 * i) - dot(gm, v, 3 * i)) / (2 * EPS);
        assertEquals(fd, hv[k], 1e-5 * (1 + Math.abs(fd)), sdf + " point " + i + " axis " + k);
        curved |= Math.abs(hv[k]) > 1e-6;
      }
      for (int k = 0; k < theta.length; k++) {
        double[] p = theta.clone(), m = theta.clone();
        p[k] += EPS;
        m[k] -= EPS;
        sdf.withParams(p).gradient(gp, 0, x, 3 * i);
        sdf.withParams(m).gradient(gm, 0, x, 3 * i);
        double fd = (dot(gp, v, 3 * i) - dot(gm, v, 3 * i)) / (2 * EPS);
        assertEquals(fd, tv[k], 1e-5 * (1 + Math.abs(fd)), sdf + " point " + i + " θ" + k);
      }
    }
    assertTrue(curved);
  }

  private static double dot(double[] g, double[] v, int vo) {
    return g[0] * v[vo] + g[1] * v[vo + 1] + g[2] * v[vo + 2];
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void exactDistancesHaveUnitGradients(Sdf sdf) {
    if (sdf instanceof SuperellipsoidSdf || sdf instanceof GridSdf || sdf instanceof NeuralSdf) {
      return; // the radial distance is not exact, nor is an interpolant
    }
    double[] x = points(sdf, 200, 3), g = new double[3];
    for (int i = 0; i < 200; i++) {
      sdf.gradient(g, 0, x, 3 * i);
      assertEquals(1, Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]), 1e-12);
    }
  }

  @Test
  void knownDistances() {
    assertEquals(0.3, new SphereSdf(0.7).value(1, 0, 0), 1e-15);
    assertEquals(-0.2, new BoxSdf(0.3, 0.5, 0.8).value(0.1, 0, 0.6), 1e-15);
    assertEquals(0.5, new BoxSdf(0.3, 0.5, 0.8).value(0.6, 0.9, 0.8), 1e-15);
    assertEquals(0.75, new CapsuleSdf(0.25, 0.6).value(0, 0, 1.6), 1e-15);
    assertEquals(-0.15, new CapsuleSdf(0.25, 0.6).value(0.1, 0, -0.3), 1e-15);
    // a torus: the hole's centre lies R − r outside, a point of the centre circle r inside
    assertEquals(0.3, new TorusSdf(0.5, 0.2).value(0, 0, 0), 1e-15);
    assertEquals(-0.2, new TorusSdf(0.5, 0.2).value(0.3, 0.4, 0), 1e-15);
    assertEquals(0.1, new TorusSdf(0.5, 0.2).value(0, -0.5, 0.3), 1e-15);
    // with ε = 1 and equal axes the superellipsoid is the sphere, its radial distance exact
    Sdf ball = new SuperellipsoidSdf(0.5, 0.5, 0.5, 1, 1);
    assertEquals(new SphereSdf(0.5).value(0.3, -0.4, 0.9), ball.value(0.3, -0.4, 0.9), 1e-14);
    // on the surface of a superellipsoid: the tip of each semi-axis
    Sdf s = new SuperellipsoidSdf(0.5, 0.7, 0.4, 0.6, 1.3);
    assertEquals(0, s.value(0.5, 0, 0), 1e-14);
    assertEquals(0, s.value(0, 0.7, 0), 1e-14);
    assertEquals(0, s.value(0, 0, -0.4), 1e-14);
  }

  @Test
  void aGridSampledFromAMeshIsThatMeshsSignedDistance() {
    Sdf box = new BoxSdf(0.3, 0.2, 0.1);
    TriangleMesh mesh = MarchingTetrahedra.extract(box, 12);
    GridSdf grid = GridSdf.fromMesh(mesh, 16);
    double[] x = points(box, 300, 4);
    for (int i = 0; i < 300; i++) {
      // the mesh's faces lie on the box's (its edges are cut by up to a cell), the interpolant is
      // off by at most about a spacing near edges and corners
      assertEquals(box.value(x, 3 * i), grid.value(x, 3 * i), 2 * grid.h(), "point " + i);
    }
    // inside and outside; at the centre the box's distance has a kink the samples straddle
    assertTrue(grid.value(0, 0, 0) < -0.05 && grid.value(0, 0, 0.2) > 0.09);
  }
}
