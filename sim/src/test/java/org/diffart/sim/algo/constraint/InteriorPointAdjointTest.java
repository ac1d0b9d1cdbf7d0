package org.diffart.sim.algo.constraint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.diffart.sim.algo.constraint.InteriorPoint.Problem;
import org.diffart.sim.algo.constraint.InteriorPoint.Solution;
import org.diffart.sim.algo.constraint.InteriorPointAdjoint.Bars;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * The implicit adjoint of the interior-point solution against central differences of the solver
 * itself, input by input, on QPs and contact problems whose active set a small step keeps.
 */
class InteriorPointAdjointTest {
  static final double EPS = 1e-6;

  /** L = cᵀx + dᵀz. */
  static double loss(Problem pr, double[] c, double[] d) {
    Solution sol = InteriorPoint.solve(pr);
    return dot(c, sol.x()) + dot(d, sol.z());
  }

  static DMatrixRMaj plus(DMatrixRMaj a, double t, DMatrixRMaj da) {
    DMatrixRMaj r = a.copy();
    CommonOps_DDRM.addEquals(r, t, da);
    return r;
  }

  static double[] plus(double[] a, double t, double[] da) {
    double[] r = a.clone();
    for (int i = 0; i < r.length; i++) {
      r[i] += t * da[i];
    }
    return r;
  }

  static double inner(DMatrixRMaj a, DMatrixRMaj b) {
    return dot(a.data, b.data);
  }

  /** Central difference of the loss along the problem path t ↦ at.apply(t). */
  static double central(java.util.function.DoubleFunction<Problem> at, double[] c, double[] d) {
    return (loss(at.apply(EPS), c, d) - loss(at.apply(-EPS), c, d)) / (2 * EPS);
  }

  /** The adjoint's directional derivative against the central difference's, and not zero. */
  static void assertClose(double expected, double actual, String what) {
    assertTrue(Math.abs(actual) > 1e-8, what + ": adjoint is zero");
    assertEquals(expected, actual, 1e-5 * (1 + Math.abs(expected)), what);
  }

  /**
   * As {@link #assertClose}, or both zero: where no contact slides the friction coefficient moves
   * nothing.
   */
  static void assertCloseOrBothZero(double expected, double actual, String what) {
    if (Math.abs(expected) < 1e-7) {
      assertEquals(0, actual, 1e-6, what + ": central difference is zero");
    } else {
      assertClose(expected, actual, what);
    }
  }

  /** Bars of L = cᵀx + dᵀz (random c, d) of every input of a QP. */
  void checkQp(Problem pr, SplittableRandom rnd) {
    int n = pr.nx(), m = pr.nz();
    double[] c = InteriorPointTest.random(n, rnd), d = InteriorPointTest.random(m, rnd);
    Solution sol = InteriorPoint.solve(pr);
    Bars bars = InteriorPointAdjoint.backward(pr, sol, c, d);
    double[] dp = InteriorPointTest.random(n, rnd), dh = InteriorPointTest.random(m, rnd);
    DMatrixRMaj dq = InteriorPointTest.spd(n, rnd), dg = InteriorPointTest.random(m, n, rnd);
    DMatrixRMaj da = InteriorPointTest.random(pr.ny(), n, rnd);
    double[] db = InteriorPointTest.random(pr.ny(), rnd);
    assertClose(
        central(t -> with(pr, null, plus(pr.p(), t, dp), null, null, null), c, d),
        dot(bars.p(), dp),
        "p");
    assertClose(
        central(t -> with(pr, null, null, null, plus(pr.h(), t, dh), null), c, d),
        dot(bars.h(), dh),
        "h");
    assertClose(
        central(t -> with(pr, plus(pr.q(), t, dq), null, null, null, null), c, d),
        inner(bars.q(), dq),
        "Q");
    assertClose(
        central(t -> with(pr, null, null, plus(pr.g(), t, dg), null, null), c, d),
        inner(bars.g(), dg),
        "G");
    assertClose(
        central(
            t ->
                new Problem(
                    pr.q(),
                    pr.p(),
                    pr.g(),
                    pr.h(),
                    pr.f(),
                    plus(pr.a(), t, da),
                    plus(pr.b(), t, db)),
            c,
            d),
        inner(bars.a(), da) + dot(bars.b(), db),
        "A, b");
  }

  /** A contact problem's inputs (the arguments of {@link ContactLcp#of}). */
  record Contacts(
      DMatrixRMaj mass,
      double[] u,
      DMatrixRMaj jn,
      DMatrixRMaj t1,
      DMatrixRMaj t2,
      double[] mu,
      double[] bounce,
      DMatrixRMaj eq) {
    Problem problem() {
      return ContactLcp.of(mass, u, jn, t1, t2, ContactLcp.DIRECTIONS, mu, bounce, eq);
    }

    Contacts plus(double t, Contacts d) {
      return new Contacts(
          InteriorPointAdjointTest.plus(mass, t, d.mass),
          InteriorPointAdjointTest.plus(u, t, d.u),
          InteriorPointAdjointTest.plus(jn, t, d.jn),
          InteriorPointAdjointTest.plus(t1, t, d.t1),
          InteriorPointAdjointTest.plus(t2, t, d.t2),
          InteriorPointAdjointTest.plus(mu, t, d.mu),
          InteriorPointAdjointTest.plus(bounce, t, d.bounce),
          eq);
    }
  }

  /**
   * Bars of L = cᵀx + dᵀλ (random c, d) through {@link ContactLcp#backward}, along a random
   * direction of every input at once and of each alone. Only x and the normal impulses λ: a
   * contact's friction impulses need not be unique (inside the cone when it sticks), nor its γ when
   * it separates.
   */
  void checkContacts(Contacts in, boolean allMove, SplittableRandom rnd) {
    Problem pr = in.problem();
    int n = pr.nx(), nc = in.jn().numRows;
    double[] c = InteriorPointTest.random(n, rnd), d = new double[pr.nz()];
    for (int i = 0; i < nc; i++) {
      d[i] = rnd.nextDouble(-1, 1);
    }
    Solution sol = InteriorPoint.solve(pr);
    ContactLcp.Bars bars =
        ContactLcp.backward(
            InteriorPointAdjoint.backward(pr, sol, c, d), nc, ContactLcp.DIRECTIONS);
    DMatrixRMaj zero = new DMatrixRMaj(n, n), zc = new DMatrixRMaj(nc, n);
    double[] zn = new double[n], z0 = new double[nc];
    Contacts[] dirs = {
      new Contacts(InteriorPointTest.spd(n, rnd), zn, zc, zc, zc, z0, z0, null),
      new Contacts(zero, InteriorPointTest.random(n, rnd), zc, zc, zc, z0, z0, null),
      new Contacts(zero, zn, InteriorPointTest.random(nc, n, rnd), zc, zc, z0, z0, null),
      new Contacts(zero, zn, zc, InteriorPointTest.random(nc, n, rnd), zc, z0, z0, null),
      new Contacts(zero, zn, zc, zc, InteriorPointTest.random(nc, n, rnd), z0, z0, null),
      new Contacts(zero, zn, zc, zc, zc, InteriorPointTest.random(nc, rnd), z0, null),
      new Contacts(zero, zn, zc, zc, zc, z0, InteriorPointTest.random(nc, rnd), null)
    };
    String[] names = {"M", "u", "J_n", "J_t1", "J_t2", "mu", "bounce"};
    for (int k = 0; k < dirs.length; k++) {
      Contacts dir = dirs[k];
      double adjoint =
          inner(bars.mass(), dir.mass())
              + dot(bars.momentum(), dir.u())
              + inner(bars.jn(), dir.jn())
              + inner(bars.jt1(), dir.t1())
              + inner(bars.jt2(), dir.t2())
              + dot(bars.mu(), dir.mu())
              + dot(bars.bounce(), dir.bounce());
      double fd = central(t -> in.plus(t, dir).problem(), c, d);
      if (allMove) {
        assertClose(fd, adjoint, names[k]);
      } else {
        assertCloseOrBothZero(fd, adjoint, names[k]);
      }
    }
  }

  static Problem with(
      Problem pr, DMatrixRMaj q, double[] p, DMatrixRMaj g, double[] h, DMatrixRMaj f) {
    return new Problem(
        q == null ? pr.q() : q,
        p == null ? pr.p() : p,
        g == null ? pr.g() : g,
        h == null ? pr.h() : h,
        f == null ? pr.f() : f,
        pr.a(),
        pr.b());
  }

  @Test
  void barsOfAQuadraticProgramMatchCentralDifferences() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int trial = 0; trial < 5; trial++) {
      checkQp(InteriorPointTest.feasibleQp(4, 6, rnd), rnd);
    }
  }

  @Test
  void barsOfASlidingContactMatchCentralDifferences() {
    // a point mass sliding at 50° to x on the floor, gravity in its momentum: normal and friction
    // impulses active, the cone's coupling in play; friction along the octagon's vertex at 225°,
    // which both tangents span
    double dt = 1.0 / 30;
    checkContacts(
        new Contacts(
            CommonOps_DDRM.diag(2, 2, 2),
            new double[] {2 * 1.5, 2 * 1.8, 2 * (-1 - dt * 9.81)},
            new DMatrixRMaj(new double[][] {{0, 0, 1}}),
            new DMatrixRMaj(new double[][] {{1, 0, 0}}),
            new DMatrixRMaj(new double[][] {{0, 1, 0}}),
            new double[] {0.3},
            new double[] {-0.5},
            null),
        true,
        new SplittableRandom(12));
  }

  @Test
  void barsOfRandomContactProblemsMatchCentralDifferences() {
    SplittableRandom rnd = new SplittableRandom(13);
    for (int trial = 0; trial < 6; trial++) {
      checkContacts(
          new Contacts(
              InteriorPointTest.spd(6, rnd),
              InteriorPointTest.random(6, rnd),
              InteriorPointTest.random(2, 6, rnd),
              InteriorPointTest.random(2, 6, rnd),
              InteriorPointTest.random(2, 6, rnd),
              new double[] {0.6, 0.2},
              new double[] {-0.3, 0},
              trial % 2 == 0 ? null : InteriorPointTest.random(1, 6, rnd)),
          false,
          rnd);
    }
  }

  static double dot(double[] a, double[] b) {
    double v = 0;
    for (int i = 0; i < a.length; i++) {
      v += a[i] * b[i];
    }
    return v;
  }
}
