package org.diffart.sim.algo.constraint;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.diffart.sim.algo.constraint.InteriorPoint.Problem;
import org.diffart.sim.algo.constraint.InteriorPoint.Solution;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

/**
 * The interior-point solver meets the KKT conditions of random QPs and mixed LCPs, and gives the
 * contact impulses physics expects: rest, sliding with Coulomb friction, sticking, a bounce.
 */
class InteriorPointTest {
  static final double DT = 1.0 / 30, G = 9.81;

  /** Random n×n symmetric positive definite matrix. */
  static DMatrixRMaj spd(int n, SplittableRandom rnd) {
    DMatrixRMaj r = random(n, n, rnd), q = new DMatrixRMaj(n, n);
    CommonOps_DDRM.multTransA(r, r, q);
    for (int i = 0; i < n; i++) {
      q.add(i, i, 0.5);
    }
    return q;
  }

  static DMatrixRMaj random(int rows, int cols, SplittableRandom rnd) {
    DMatrixRMaj a = new DMatrixRMaj(rows, cols);
    for (int i = 0; i < a.data.length; i++) {
      a.data[i] = rnd.nextDouble(-1, 1);
    }
    return a;
  }

  static double[] random(int n, SplittableRandom rnd) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = rnd.nextDouble(-1, 1);
    }
    return v;
  }

  /**
   * A random QP with n unknowns, m inequalities and one equality, feasible by construction: a
   * random x₀ meets the equality and lies inside every inequality, some of which the optimum of a
   * random p will press against.
   */
  static Problem feasibleQp(int n, int m, SplittableRandom rnd) {
    double[] x0 = random(n, rnd);
    DMatrixRMaj g = random(m, n, rnd), a = random(1, n, rnd);
    double[] h = new double[m], b = new double[1];
    for (int r = 0; r < m; r++) {
      for (int j = 0; j < n; j++) {
        h[r] += g.get(r, j) * x0[j];
      }
      h[r] += rnd.nextDouble(0.05, 0.5);
    }
    for (int j = 0; j < n; j++) {
      b[0] += a.get(0, j) * x0[j];
    }
    return new Problem(spd(n, rnd), random(n, rnd), g, h, new DMatrixRMaj(m, m), a, b);
  }

  /** Stationarity, slack rows, equalities, s ≥ 0, z ≥ 0 and sᵀz at the solution. */
  static void assertKkt(Problem pr, Solution sol, double tol) {
    int n = pr.nx(), m = pr.nz(), k = pr.ny();
    double[] r = new double[n + m + k];
    InteriorPoint.residuals(
        n,
        m,
        k,
        InteriorPoint.data(pr.q()),
        pr.p(),
        InteriorPoint.data(pr.g()),
        pr.h(),
        InteriorPoint.data(pr.f()),
        InteriorPoint.data(pr.a()),
        pr.b(),
        sol.x(),
        sol.z(),
        sol.s(),
        sol.y(),
        r,
        0,
        n,
        n + m);
    double[] rx = java.util.Arrays.copyOfRange(r, 0, n);
    double[] rz = java.util.Arrays.copyOfRange(r, n, n + m);
    double[] ry = java.util.Arrays.copyOfRange(r, n + m, n + m + k);
    assertArrayEquals(new double[n], rx, tol, "stationarity");
    assertArrayEquals(new double[m], rz, tol, "s = h - Gx - Fz");
    assertArrayEquals(new double[k], ry, tol, "Ax = b");
    for (int i = 0; i < m; i++) {
      assertTrue(sol.s()[i] >= 0 && sol.z()[i] >= 0, "s, z >= 0 at " + i);
      assertEquals(0, sol.s()[i] * sol.z()[i], tol, "complementarity at " + i);
    }
  }

  @Test
  void solvesRandomQuadraticProgramsToTheirKktPoint() {
    SplittableRandom rnd = new SplittableRandom(1);
    for (int trial = 0; trial < 20; trial++) {
      int n = 2 + trial % 5, m = 3 + trial % 7;
      Problem pr = feasibleQp(n, m, rnd);
      Solution sol = InteriorPoint.solve(pr);
      assertTrue(sol.residual() < 1e-10, "trial " + trial + " residual " + sol.residual());
      assertKkt(pr, sol, 1e-9);
    }
  }

  @Test
  void solvesRandomContactProblemsWithFrictionCones() {
    SplittableRandom rnd = new SplittableRandom(2);
    for (int trial = 0; trial < 20; trial++) {
      int n = 6, nc = 1 + trial % 4;
      Problem pr =
          ContactLcp.of(
              spd(n, rnd),
              random(n, rnd),
              random(nc, n, rnd),
              random(nc, n, rnd),
              random(nc, n, rnd),
              ContactLcp.DIRECTIONS,
              new double[] {0.3, 0.5, 0.9, 0.1}.clone(),
              new double[nc],
              null);
      Solution sol = InteriorPoint.solve(pr);
      assertTrue(sol.residual() < 1e-10, "trial " + trial + " residual " + sol.residual());
      assertKkt(pr, sol, 1e-9);
    }
  }

  /** A point mass m with one contact on the floor z = 0, pre-step velocity v, gravity. */
  static Solution pointMass(double m, double[] v, double mu, double e) {
    DMatrixRMaj mass = CommonOps_DDRM.diag(m, m, m);
    double[] u = {m * v[0], m * v[1], m * (v[2] - DT * G)};
    DMatrixRMaj jn = new DMatrixRMaj(new double[][] {{0, 0, 1}});
    DMatrixRMaj t1 = new DMatrixRMaj(new double[][] {{1, 0, 0}});
    DMatrixRMaj t2 = new DMatrixRMaj(new double[][] {{0, 1, 0}});
    Problem pr =
        ContactLcp.of(
            mass,
            u,
            jn,
            t1,
            t2,
            ContactLcp.DIRECTIONS,
            new double[] {mu},
            new double[] {e * v[2]},
            null);
    return InteriorPoint.solve(pr);
  }

  @Test
  void aRestingMassIsHeldByItsWeightTimesTheStep() {
    Solution sol = pointMass(2, new double[3], 0.5, 0);
    assertArrayEquals(new double[3], sol.x(), 1e-9);
    assertEquals(2 * G * DT, sol.z()[0], 1e-9);
  }

  @Test
  void aSlidingMassSlowsByCoulombFriction() {
    double mu = 0.25;
    Solution sol = pointMass(2, new double[] {3, 0, 0}, mu, 0);
    assertArrayEquals(new double[] {3 - mu * G * DT, 0, 0}, sol.x(), 1e-9);
    double[] ft = ContactLcp.frictionImpulse(sol.z(), 1, ContactLcp.DIRECTIONS, 0);
    assertArrayEquals(new double[] {-mu * 2 * G * DT, 0}, ft, 1e-9);
    assertEquals(3 - mu * G * DT, sol.z()[1 + ContactLcp.DIRECTIONS], 1e-9, "γ: sliding speed");
  }

  @Test
  void aSlowMassSticks() {
    Solution sol = pointMass(2, new double[] {0.05, -0.02, 0}, 0.5, 0);
    assertArrayEquals(new double[3], sol.x(), 1e-9);
  }

  @Test
  void aFallingMassBouncesWithItsRestitution() {
    Solution sol = pointMass(1, new double[] {0, 0, -2}, 0.5, 0.5);
    assertArrayEquals(new double[] {0, 0, 1}, sol.x(), 1e-9);
    assertEquals(3 + G * DT, sol.z()[0], 1e-9);
  }

  @Test
  void equalityRowsHoldExactly() {
    SplittableRandom rnd = new SplittableRandom(3);
    DMatrixRMaj eq = random(2, 6, rnd);
    Problem pr =
        ContactLcp.of(
            spd(6, rnd),
            random(6, rnd),
            random(2, 6, rnd),
            random(2, 6, rnd),
            random(2, 6, rnd),
            ContactLcp.DIRECTIONS,
            new double[] {0.4, 0.4},
            new double[2],
            eq);
    Solution sol = InteriorPoint.solve(pr);
    assertKkt(pr, sol, 1e-9);
    double[] ax = new double[2];
    for (int r = 0; r < 2; r++) {
      for (int j = 0; j < 6; j++) {
        ax[r] += eq.get(r, j) * sol.x()[j];
      }
    }
    assertArrayEquals(new double[2], ax, 1e-10);
  }
}
