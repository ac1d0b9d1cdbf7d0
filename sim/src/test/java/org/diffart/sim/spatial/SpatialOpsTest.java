package org.diffart.sim.spatial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.diffart.sim.testing.RandomModels;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** The unrolled spatial kernels against plain dense 6x6 products of Featherstone's matrices. */
class SpatialOpsTest {
  private final Random rnd = new Random(7);

  private double[] vec(int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = rnd.nextGaussian();
    }
    return v;
  }

  private double[] rotation() {
    double[] e = new double[9];
    Quat.toMat(e, 0, RandomModels.randomQuat(rnd), 0);
    return e;
  }

  /** The dense motion transform X = [[E, 0], [-E r×, E]]. */
  static double[] denseX(double[] e, double[] r) {
    double[] x = new double[36];
    double[] rx = {0, -r[2], r[1], r[2], 0, -r[0], -r[1], r[0], 0};
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        x[6 * i + j] = e[3 * i + j];
        x[6 * (i + 3) + j + 3] = e[3 * i + j];
        double s = 0;
        for (int k = 0; k < 3; k++) {
          s += e[3 * i + k] * rx[3 * k + j];
        }
        x[6 * (i + 3) + j] = -s;
      }
    }
    return x;
  }

  static double[] mul(double[] a, double[] b, int n) {
    double[] c = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        for (int k = 0; k < n; k++) {
          c[n * i + j] += a[n * i + k] * b[n * k + j];
        }
      }
    }
    return c;
  }

  static double[] transpose(double[] a, int n) {
    double[] t = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        t[n * j + i] = a[n * i + j];
      }
    }
    return t;
  }

  static double[] mulVec(double[] a, double[] v) {
    double[] out = new double[6];
    for (int i = 0; i < 6; i++) {
      for (int k = 0; k < 6; k++) {
        out[i] += a[6 * i + k] * v[k];
      }
    }
    return out;
  }

  @RepeatedTest(5)
  void transformsMatchDenseMatrices() {
    double[] e = rotation(), r = vec(3), m = vec(6), f = vec(6);
    double[] x = denseX(e, r);
    double[] out = new double[6];
    SpatialOps.transformMotion(out, 0, e, 0, r, 0, m, 0);
    assertArrayEquals(mulVec(x, m), out, 1e-13);
    double[] back = new double[6];
    SpatialOps.transformMotionInverse(back, 0, e, 0, r, 0, out, 0);
    assertArrayEquals(m, back, 1e-13);
    double[] xtf = new double[6];
    SpatialOps.addTransformForceTranspose(xtf, 0, e, 0, r, 0, f, 0);
    assertArrayEquals(mulVec(transpose(x, 6), f), xtf, 1e-13);
  }

  @RepeatedTest(5)
  void congruenceMatchesDenseTripleProduct() {
    double[] e = rotation(), r = vec(3);
    double[] g = vec(36);
    double[] a = mul(g, transpose(g, 6), 6);
    double[] expected = mul(mul(transpose(denseX(e, r), 6), a, 6), denseX(e, r), 6);
    double[] res = vec(36);
    double[] start = res.clone();
    ArticulatedInertia.addCongruence(res, 0, e, 0, r, 0, withNoiseBelowDiagonal(a), 0);
    for (int k = 0; k < 36; k++) {
      double want = k / 6 <= k % 6 ? start[k] + expected[k] : start[k];
      assertEquals(want, res[k], 1e-12, "entry " + k + " (only the upper triangle is updated)");
    }
  }

  /**
   * A copy of a symmetric 6x6 with random numbers below the diagonal, which upper-triangle kernels
   * must not read.
   */
  private double[] withNoiseBelowDiagonal(double[] a) {
    double[] b = a.clone();
    for (int k = 0; k < 36; k++) {
      if (k / 6 > k % 6) {
        b[k] = 1e3 * rnd.nextGaussian();
      }
    }
    return b;
  }

  @RepeatedTest(5)
  void symmetricKernelsMatchDenseProducts() {
    double[] g = vec(36);
    double[] a = mul(g, transpose(g, 6), 6);
    double[] v = vec(6);
    double[] av = new double[6];
    ArticulatedInertia.mulSymVec(av, 0, withNoiseBelowDiagonal(a), 0, v, 0);
    assertArrayEquals(mulVec(a, v), av, 1e-12);
    // A - s u uᵀ and A - w uᵀ, upper triangle only
    double[] sym = withNoiseBelowDiagonal(a);
    double[] symStart = sym.clone();
    double[] scaled = new double[6];
    for (int k = 0; k < 6; k++) {
      scaled[k] = 0.7 * v[k];
    }
    ArticulatedInertia.subOuterUpper(sym, 0, scaled, 0, v, 0);
    for (int k = 0; k < 36; k++) {
      double want = k / 6 <= k % 6 ? a[k] - 0.7 * v[k / 6] * v[k % 6] : symStart[k];
      assertEquals(want, sym[k], 1e-12, "entry " + k);
    }
    double[] w = vec(6), u = vec(6);
    double[] down = withNoiseBelowDiagonal(a);
    double[] start = down.clone();
    ArticulatedInertia.subOuterUpper(down, 0, w, 0, u, 0);
    for (int k = 0; k < 36; k++) {
      double want = k / 6 <= k % 6 ? a[k] - w[k / 6] * u[k % 6] : start[k];
      assertEquals(want, down[k], 1e-12, "entry " + k);
    }
  }

  @RepeatedTest(5)
  void rigidInertiaKernelsMatchDenseProducts() {
    double[] in = new double[10];
    Inertia.inertFromPrincipal(
        in, 0, 1.5, vec(3), 0, RandomModels.randomQuat(rnd), 0, new double[] {0.2, 0.3, 0.4}, 0);
    double[] dense = new double[36];
    Inertia.inertToDense(dense, 0, in, 0);
    double[] upper = vec(36);
    double[] start = upper.clone();
    Inertia.inertToUpper(upper, 0, in, 0);
    for (int k = 0; k < 36; k++) {
      assertEquals(k / 6 <= k % 6 ? dense[k] : start[k], upper[k], 0, "entry " + k);
    }
    // v ×* (I v) = -(v×)ᵀ I v with the dense motion cross-product matrix v× = [[ω×, 0], [u×, ω×]]
    double[] v = vec(6);
    double[] vx = {
      0, -v[2], v[1], 0, 0, 0, v[2], 0, -v[0], 0, 0, 0, -v[1], v[0], 0, 0, 0, 0, 0, -v[5], v[4], 0,
      -v[2], v[1], v[5], 0, -v[3], v[2], 0, -v[0], -v[4], v[3], 0, -v[1], v[0], 0
    };
    double[] vxtIv = mulVec(transpose(vx, 6), mulVec(dense, v));
    double[] actual = new double[6];
    Inertia.crossForceInertVec(actual, 0, in, 0, v, 0);
    for (int k = 0; k < 6; k++) {
      assertEquals(-vxtIv[k], actual[k], 1e-12, "component " + k);
    }
  }

  @RepeatedTest(5)
  void rigidInertiaTransformMatchesDenseCongruence() {
    double[] e = rotation(), r = vec(3);
    double[] in = new double[10];
    double[] q = RandomModels.randomQuat(rnd);
    Inertia.inertFromPrincipal(in, 0, 2.5, vec(3), 0, q, 0, new double[] {0.3, 0.4, 0.5}, 0);
    double[] dense = new double[36];
    Inertia.inertToDense(dense, 0, in, 0);
    double[] expected = mul(mul(transpose(denseX(e, r), 6), dense, 6), denseX(e, r), 6);
    double[] packed = new double[10];
    Inertia.addTransformInertTranspose(packed, 0, e, 0, r, 0, in, 0);
    double[] actual = new double[36];
    Inertia.inertToDense(actual, 0, packed, 0);
    assertArrayEquals(expected, actual, 1e-12);
    // and the inertia times a velocity equals the dense product
    double[] v = vec(6);
    double[] iv = new double[6];
    Inertia.mulInertVec(iv, 0, in, 0, v, 0);
    assertArrayEquals(mulVec(dense, v), iv, 1e-13);
  }

  @Test
  void crossProductsAreDual() {
    double[] v = vec(6), m = vec(6), f = vec(6);
    double[] vm = new double[6];
    double[] vf = new double[6];
    SpatialOps.crossMotion(vm, 0, v, 0, m, 0);
    SpatialOps.crossForce(vf, 0, v, 0, f, 0);
    double lhs = 0, rhs = 0;
    for (int k = 0; k < 6; k++) {
      lhs += vf[k] * m[k];
      rhs -= f[k] * vm[k];
    }
    assertEquals(rhs, lhs, 1e-13, "(v×*)ᵀ = -v×");
  }
}
