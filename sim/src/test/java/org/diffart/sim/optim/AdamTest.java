package org.diffart.sim.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AdamTest {
  /** Adam with α = 0.05 on the quadratic from 0 in six variables. */
  private static Trace onTheQuadratic(Stop stop) {
    return Adam.minimize(TestFunctions.QUADRATIC, new double[6], Adam.Settings.of(0.05), stop);
  }

  @Test
  void reachesTheQuadraticsMinimum() {
    Trace t = onTheQuadratic(Stop.afterIterations(3000));
    assertEquals("budget", t.status());
    assertTrue(TestFunctions.distanceToQuadraticMinimum(t.best()) < 1e-3, t.bestLoss() + "");
    assertEquals(3001, t.iterations().size());
    assertEquals(3001, t.last().gradients());
    assertEquals(0, t.last().values());
  }

  /**
   * With the bias correction, the first step moves every coordinate by the learning rate against
   * its gradient's sign (m̂ = g, v̂ = g²); without it the step would be (1−β₁)/√(1−β₂) ≈ 3.16 times
   * longer, and with the wrong sign it would climb.
   */
  @Test
  void theFirstStepIsTheLearningRateDownhillInEveryCoordinate() {
    double[] c = {3, -0.5, 1e-3, -200};
    Objective linear =
        (x, g) -> {
          double f = 0;
          for (int i = 0; i < x.length; i++) {
            f += c[i] * x[i];
            if (g != null) {
              g[i] = c[i];
            }
          }
          return f;
        };
    double[][] seen = new double[2][];
    Objective recording =
        (x, g) -> {
          seen[seen[0] == null ? 0 : 1] = x.clone();
          return linear.evaluate(x, g);
        };
    Trace t =
        Adam.minimize(recording, new double[4], Adam.Settings.of(0.1), Stop.afterIterations(1));
    for (int i = 0; i < 4; i++) {
      assertEquals(-0.1 * Math.signum(c[i]), seen[1][i], 2e-6, "coordinate " + i);
    }
    assertTrue(t.last().loss() < t.iterations().get(0).loss());
  }

  @Test
  void stopsAtTheTargetLoss() {
    Trace t = onTheQuadratic(Stop.atLoss(1e-2).or(Stop.afterIterations(5000)));
    assertEquals("ok", t.status());
    assertTrue(t.last().loss() <= 1e-2);
    assertTrue(t.iterations().get(t.iterations().size() - 2).loss() > 1e-2);
    assertEquals(t.last().iteration(), t.firstReaching(1e-2).iteration());
  }

  @Test
  void aNonFiniteLossEndsTheRunByName() {
    Trace t =
        Adam.minimize(
            (x, g) -> x[3] > 0.5 ? Double.NaN : TestFunctions.QUADRATIC.evaluate(x, g),
            new double[6],
            Adam.Settings.of(0.1),
            Stop.afterIterations(100));
    assertTrue(t.status().startsWith("the loss is not finite"), t.status());
  }

  @Test
  void refusesBadSettings() {
    assertThrows(IllegalArgumentException.class, () -> Adam.Settings.of(0));
    assertThrows(IllegalArgumentException.class, () -> new Adam.Settings(0.1, 1.0, 0.999, 1e-8));
  }
}
