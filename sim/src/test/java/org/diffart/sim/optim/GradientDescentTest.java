package org.diffart.sim.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GradientDescentTest {
  /** f = (x − 3)² + 10 (y + 1)²: per-variable rates make both contract by the same factor. */
  private static final Objective F =
      (x, g) -> {
        if (g != null) {
          g[0] = 2 * (x[0] - 3);
          g[1] = 20 * (x[1] + 1);
        }
        return (x[0] - 3) * (x[0] - 3) + 10 * (x[1] + 1) * (x[1] + 1);
      };

  @Test
  void convergesWithARatePerVariable() {
    Trace t =
        GradientDescent.minimize(
            F,
            new double[] {0, 0},
            new double[] {0.25, 0.025},
            null,
            Stop.atLoss(1e-20).or(Stop.afterIterations(200)));
    assertEquals("ok", t.status());
    assertEquals(3, t.best()[0], 1e-9);
    assertEquals(-1, t.best()[1], 1e-9);
    // each step halves both errors: the loss falls by 4 per iteration
    assertEquals(t.iterations().get(0).loss() / 4, t.iterations().get(1).loss(), 1e-12);
    assertEquals(t.iterations().size(), t.last().gradients());
  }

  @Test
  void stopsAfterItsBudgetAndHonoursTheBound() {
    Trace t =
        GradientDescent.minimize(
            F,
            new double[] {0, 0},
            new double[] {0.25},
            new double[] {-10, -0.5},
            Stop.afterIterations(5));
    assertEquals("budget", t.status());
    assertEquals(5, t.last().iteration());
    assertEquals(-0.5, t.best()[1], 1e-12);
  }
}
