package org.diffart.sim.spatial;

import static org.diffart.sim.testing.TapeCheck.random;
import static org.diffart.sim.testing.TapeCheck.relativeError;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.util.Random;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every adjoint of the spatial and quaternion primitives against the tape on seeded random inputs
 * (quaternions off the unit sphere too, where the formulas' own derivative is what counts), with a
 * non-trivial result.
 */
class SpatialAdjointTest {
  private static final double TOL = 1e-13;

  private static void agree(String what, double[] hand, double[] tape) {
    assertTrue(TapeCheck.maxAbs(tape) > 1e-3, what + ": the reference gradient is trivial");
    double err = relativeError(hand, tape);
    assertTrue(err < TOL, what + ": adjoint vs tape relative error " + err);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void motionTransformAdjoint(long seed) {
    Random rnd = new Random(seed);
    double[] e = random(rnd, 9, 1),
        r = random(rnd, 3, 1),
        m = random(rnd, 6, 2),
        rb = random(rnd, 6, 1);
    double[] eb = new double[9], rbar = new double[3], mb = new double[6];
    SpatialOps.transformMotionAdjoint(rb, 0, e, 0, r, 0, m, 0, eb, 0, rbar, 0, mb, 0);
    MethodHandle f =
        TapeCheck.taped(
            SpatialOps.class,
            "transformMotion",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    double[][] g =
        TapeCheck.vjp(
            f,
            new Object[] {new double[6], 0, e.clone(), 0, r.clone(), 0, m.clone(), 0},
            new int[] {2, 4, 6},
            new int[] {0},
            new double[][] {rb});
    agree("E", eb, g[0]);
    agree("r", rbar, g[1]);
    agree("m", mb, g[2]);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void forceTransposeAdjoint(long seed) {
    Random rnd = new Random(seed);
    double[] e = random(rnd, 9, 1),
        r = random(rnd, 3, 1),
        f0 = random(rnd, 6, 2),
        rb = random(rnd, 6, 1);
    double[] eb = new double[9], rbar = new double[3], fb = new double[6];
    SpatialOps.addTransformForceTransposeAdjoint(rb, 0, e, 0, r, 0, f0, 0, eb, 0, rbar, 0, fb, 0);
    MethodHandle f =
        TapeCheck.taped(
            SpatialOps.class,
            "addTransformForceTranspose",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    double[][] g =
        TapeCheck.vjp(
            f,
            new Object[] {random(rnd, 6, 1), 0, e.clone(), 0, r.clone(), 0, f0.clone(), 0},
            new int[] {2, 4, 6},
            new int[] {0},
            new double[][] {rb});
    agree("E", eb, g[0]);
    agree("r", rbar, g[1]);
    agree("f", fb, g[2]);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void inertiaCongruenceAdjoint(long seed) {
    Random rnd = new Random(seed);
    double[] e = random(rnd, 9, 1),
        r = random(rnd, 3, 1),
        in = random(rnd, 10, 1),
        rb = random(rnd, 10, 1);
    double[] eb = new double[9], rbar = new double[3], ib = new double[10];
    Inertia.addTransformInertTransposeAdjoint(rb, 0, e, 0, r, 0, in, 0, eb, 0, rbar, 0, ib, 0);
    MethodHandle f =
        TapeCheck.taped(
            Inertia.class,
            "addTransformInertTranspose",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    double[][] g =
        TapeCheck.vjp(
            f,
            new Object[] {random(rnd, 10, 1), 0, e.clone(), 0, r.clone(), 0, in.clone(), 0},
            new int[] {2, 4, 6},
            new int[] {0},
            new double[][] {rb});
    agree("E", eb, g[0]);
    agree("r", rbar, g[1]);
    agree("I", ib, g[2]);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void crossProductAndInertiaAdjoints(long seed) {
    Random rnd = new Random(seed);
    double[] v = random(rnd, 6, 2),
        m = random(rnd, 6, 2),
        in = random(rnd, 10, 1),
        rb = random(rnd, 6, 1);
    double[] vb = new double[6], mb = new double[6];
    SpatialOps.crossMotionAdjoint(rb, 0, v, 0, m, 0, vb, 0, mb, 0);
    MethodHandle cross =
        TapeCheck.taped(
            SpatialOps.class,
            "crossMotion",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    double[][] g =
        TapeCheck.vjp(
            cross,
            new Object[] {new double[6], 0, v.clone(), 0, m.clone(), 0},
            new int[] {2, 4},
            new int[] {0},
            new double[][] {rb});
    agree("crossMotion v", vb, g[0]);
    agree("crossMotion m", mb, g[1]);

    double[] ib = new double[10];
    vb = new double[6];
    Inertia.mulInertVecAdjoint(rb, 0, in, 0, v, 0, ib, 0, vb, 0);
    MethodHandle mul =
        TapeCheck.taped(
            Inertia.class,
            "mulInertVec",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    g =
        TapeCheck.vjp(
            mul,
            new Object[] {new double[6], 0, in.clone(), 0, v.clone(), 0},
            new int[] {2, 4},
            new int[] {0},
            new double[][] {rb});
    agree("mulInertVec I", ib, g[0]);
    agree("mulInertVec v", vb, g[1]);

    ib = new double[10];
    vb = new double[6];
    Inertia.crossForceInertVecAdjoint(rb, 0, in, 0, v, 0, ib, 0, vb, 0, new double[6], 0);
    MethodHandle cfi =
        TapeCheck.taped(
            Inertia.class,
            "crossForceInertVec",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    g =
        TapeCheck.vjp(
            cfi,
            new Object[] {new double[6], 0, in.clone(), 0, v.clone(), 0},
            new int[] {2, 4},
            new int[] {0},
            new double[][] {rb});
    agree("crossForceInertVec I", ib, g[0]);
    agree("crossForceInertVec v", vb, g[1]);
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void matrixVectorAdjoints(long seed) {
    Random rnd = new Random(seed);
    double[] m = random(rnd, 9, 1), v = random(rnd, 3, 1), rb = random(rnd, 3, 1);
    for (String name : new String[] {"mulVec", "mulTransVec"}) {
      double[] mb = new double[9], vb = new double[3];
      if (name.equals("mulVec")) {
        Mat3.mulVecAdjoint(rb, 0, m, 0, v, 0, mb, 0, vb, 0);
      } else {
        Mat3.mulTransVecAdjoint(rb, 0, m, 0, v, 0, mb, 0, vb, 0);
      }
      MethodHandle f =
          TapeCheck.taped(
              Mat3.class,
              name,
              double[].class,
              int.class,
              double[].class,
              int.class,
              double[].class,
              int.class);
      double[][] g =
          TapeCheck.vjp(
              f,
              new Object[] {new double[3], 0, m.clone(), 0, v.clone(), 0},
              new int[] {2, 4},
              new int[] {0},
              new double[][] {rb});
      agree(name + " m", mb, g[0]);
      agree(name + " v", vb, g[1]);
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void quaternionAdjoints(long seed) {
    Random rnd = new Random(seed);
    double[] a = random(rnd, 4, 1), b = random(rnd, 4, 1), rb4 = random(rnd, 4, 1);
    double[] ab = new double[4], bb = new double[4];
    Quat.mulAdjoint(rb4, 0, a, 0, b, 0, ab, 0, bb, 0);
    MethodHandle mul =
        TapeCheck.taped(
            Quat.class,
            "mul",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    double[][] g =
        TapeCheck.vjp(
            mul,
            new Object[] {new double[4], 0, a.clone(), 0, b.clone(), 0},
            new int[] {2, 4},
            new int[] {0},
            new double[][] {rb4});
    agree("mul a", ab, g[0]);
    agree("mul b", bb, g[1]);

    double[] rb9 = random(rnd, 9, 1), qb = new double[4];
    Quat.toMatAdjoint(rb9, 0, a, 0, qb, 0);
    MethodHandle toMat =
        TapeCheck.taped(Quat.class, "toMat", double[].class, int.class, double[].class, int.class);
    g =
        TapeCheck.vjp(
            toMat,
            new Object[] {new double[9], 0, a.clone(), 0},
            new int[] {2},
            new int[] {0},
            new double[][] {rb9});
    agree("toMat", qb, g[0]);

    double[] v = random(rnd, 3, 1), rb3 = random(rnd, 3, 1), vb = new double[3];
    qb = new double[4];
    Quat.rotateAdjoint(rb3, 0, a, 0, v, 0, qb, 0, vb, 0);
    MethodHandle rotate =
        TapeCheck.taped(
            Quat.class,
            "rotate",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    g =
        TapeCheck.vjp(
            rotate,
            new Object[] {new double[3], 0, a.clone(), 0, v.clone(), 0},
            new int[] {2, 4},
            new int[] {0},
            new double[][] {rb3});
    agree("rotate q", qb, g[0]);
    agree("rotate v", vb, g[1]);

    double[] bar = rb4.clone();
    Quat.normalizeAdjoint(a, 0, bar, 0);
    MethodHandle norm =
        TapeCheck.tapedReturning(Quat.class, "normalize", double.class, double[].class, int.class);
    g =
        TapeCheck.vjp(
            norm, new Object[] {a.clone(), 0}, new int[] {0}, new int[] {0}, new double[][] {rb4});
    agree("normalize", bar, g[0]);

    // the exponential map at a large, a small (Taylor series) and a zero angular velocity
    for (double scale : new double[] {3, 1e-5, 0}) {
      double[] q = random(rnd, 4, 1), w = random(rnd, 3, scale), wb = new double[3];
      Quat.normalize(q, 0);
      bar = rb4.clone();
      Quat.integrateAdjoint(q, 0, w, 0, 0.1, bar, 0, wb, 0);
      MethodHandle integ =
          TapeCheck.taped(
              Quat.class,
              "integrate",
              double[].class,
              int.class,
              double[].class,
              int.class,
              double.class);
      g =
          TapeCheck.vjp(
              integ,
              new Object[] {q.clone(), 0, w.clone(), 0, 0.1},
              new int[] {0, 2},
              new int[] {0},
              new double[][] {rb4});
      agree("integrate q, |w| ~ " + scale, bar, g[0]);
      agree("integrate omega, |w| ~ " + scale, wb, g[1]);
      // central differences in ω: the derivative q ⊗ (0, ω dt/2) does not vanish at ω = 0
      double[] dir = random(rnd, 3, 1),
          qp = q.clone(),
          qm = q.clone(),
          wp = w.clone(),
          wm = w.clone();
      for (int k = 0; k < 3; k++) {
        wp[k] += 1e-7 * dir[k];
        wm[k] -= 1e-7 * dir[k];
      }
      Quat.integrate(qp, 0, wp, 0, 0.1);
      Quat.integrate(qm, 0, wm, 0, 0.1);
      double fd = 0, adj = 0;
      for (int k = 0; k < 4; k++) {
        fd += rb4[k] * (qp[k] - qm[k]) / 2e-7;
      }
      for (int k = 0; k < 3; k++) {
        adj += wb[k] * dir[k];
      }
      assertTrue(
          Math.abs(fd - adj) < 1e-7, "integrate at |w| ~ " + scale + ": fd " + fd + " vs " + adj);
    }

    double[] qa = random(rnd, 4, 1),
        qbv = random(rnd, 4, 1),
        qab = new double[4],
        qbb = new double[4];
    Quat.differenceAdjoint(rb3, 0, qa, 0, qbv, 0, qab, 0, qbb, 0);
    MethodHandle diff =
        TapeCheck.taped(
            Quat.class,
            "difference",
            double[].class,
            int.class,
            double[].class,
            int.class,
            double[].class,
            int.class);
    g =
        TapeCheck.vjp(
            diff,
            new Object[] {new double[3], 0, qa.clone(), 0, qbv.clone(), 0},
            new int[] {2, 4},
            new int[] {0},
            new double[][] {rb3});
    agree("difference qa", qab, g[0]);
    agree("difference qb", qbb, g[1]);
  }

  /**
   * {@link Quat#fromMatAdjoint} in each of {@link Quat#fromMat}'s four branches (the trace, or the
   * largest diagonal entry, of a rotation a little off orthogonal), with and without the sign flip.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7})
  void quaternionFromMatrixAdjoint(int k) {
    Random rnd = new Random(k);
    // a quaternion dominated by component k % 4, negated for k ≥ 4 where w is not dominant
    double[] q = random(rnd, 4, 0.2);
    q[k % 4] = k >= 4 && k % 4 != 0 ? -1 : 1;
    Quat.normalize(q, 0);
    double[] r = new double[9];
    Quat.toMat(r, 0, q, 0);
    for (int i = 0; i < 9; i++) {
      r[i] += 0.01 * rnd.nextGaussian();
    }
    double[] rb = random(rnd, 4, 1), mb = new double[9];
    Quat.fromMatAdjoint(rb, 0, r, 0, mb, 0, new double[8], 0);
    MethodHandle f =
        TapeCheck.taped(
            Quat.class, "fromMat", double[].class, int.class, double[].class, int.class);
    double[][] g =
        TapeCheck.vjp(
            f,
            new Object[] {new double[4], 0, r.clone(), 0},
            new int[] {2},
            new int[] {0},
            new double[][] {rb});
    agree("matrix of branch " + k % 4, mb, g[0]);
  }
}
