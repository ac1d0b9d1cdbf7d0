package org.diffart.sim.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CmaEsTest {
  @Test
  void theStandardPopulationIsFourPlusThreeLogN() {
    assertEquals(10, CmaEs.Settings.population(10));
    assertEquals(26, CmaEs.Settings.population(2000));
    assertEquals(30, CmaEs.Settings.population(7000));
  }

  @Test
  void findsTheQuadraticsMinimumCountingLambdaValuesPerGeneration() {
    CmaEs.Settings s = CmaEs.Settings.standard(6, 1, 100, 7);
    Trace t =
        CmaEs.minimize(
            TestFunctions.QUADRATIC,
            new double[6],
            s,
            Stop.atLoss(1e-10).or(Stop.afterIterations(2000)));
    assertEquals("ok", t.status());
    assertTrue(TestFunctions.distanceToQuadraticMinimum(t.best()) < 1e-4, t.bestLoss() + "");
    for (Trace.Iterate it : t.iterations()) {
      assertEquals(1 + (long) it.iteration() * s.population(), it.values());
      assertEquals(0, it.gradients());
    }
  }

  @Test
  void solvesRosenbrockWithTheFullCovarianceAndTheQuadraticWithTheDiagonal() {
    Trace full =
        CmaEs.minimize(
            TestFunctions.ROSENBROCK,
            new double[] {-1.2, 1, -1.2, 1},
            CmaEs.Settings.standard(4, 0.5, 100, 3),
            Stop.atLoss(1e-8).or(Stop.afterIterations(3000)));
    assertEquals("ok", full.status());
    for (double x : full.best()) {
      assertEquals(1, x, 1e-3);
    }
    Trace diagonal =
        CmaEs.minimize(
            TestFunctions.QUADRATIC,
            new double[20],
            CmaEs.Settings.standard(20, 1, 10, 3),
            Stop.atLoss(1e-8).or(Stop.afterIterations(3000)));
    assertEquals("ok", diagonal.status());
  }

  @Test
  void theSeedFixesTheRunAndABudgetIsNotOverrun() {
    CmaEs.Settings s = CmaEs.Settings.standard(5, 1, 100, 11);
    Stop budget = it -> it.values() >= 100 ? "budget" : null;
    Trace a = CmaEs.minimize(TestFunctions.QUADRATIC, new double[5], s, budget);
    Trace b = CmaEs.minimize(TestFunctions.QUADRATIC, new double[5], s, budget);
    assertArrayEquals(a.best(), b.best());
    assertEquals("budget", a.status());
    assertTrue(a.last().values() <= 100, a.last().toString());
  }

  @Test
  void refusesBadSettings() {
    assertThrows(IllegalArgumentException.class, () -> new CmaEs.Settings(0, 10, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new CmaEs.Settings(1, 1, 0, 1));
  }
}
