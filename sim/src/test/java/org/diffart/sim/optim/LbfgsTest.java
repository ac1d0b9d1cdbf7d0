package org.diffart.sim.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LbfgsTest {
  private static double[] rosenbrockStart(int n) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = i % 2 == 0 ? -1.2 : 1;
    }
    return x;
  }

  /** The quadratic with its gradient's sign reversed: every line search goes uphill. */
  private static final Objective WRONG =
      (x, g) -> {
        double f = TestFunctions.QUADRATIC.evaluate(x, g);
        if (g != null) {
          for (int i = 0; i < g.length; i++) {
            g[i] = -g[i];
          }
        }
        return f;
      };

  private static Trace onRosenbrock(int n, Stop stop) {
    return Lbfgs.minimize(
        TestFunctions.ROSENBROCK, rosenbrockStart(n), Lbfgs.Settings.defaults(), stop);
  }

  @Test
  void findsRosenbrocksMinimum() {
    Trace t = onRosenbrock(10, Stop.afterIterations(1000));
    assertEquals("ok", t.status());
    for (double x : t.best()) {
      assertEquals(1, x, 1e-4, Arrays.toString(t.best()));
    }
    // the line searches cost evaluations beyond one per iteration; each is counted
    assertTrue(t.last().gradients() >= t.last().iteration() + 1, t.last().toString());
    assertEquals(0, t.last().values());
    for (int i = 0; i < t.iterations().size(); i++) {
      assertEquals(i, t.iterations().get(i).iteration());
    }
  }

  @Test
  void stopsAtTheTargetAndAtTheBudget() {
    Trace target = onRosenbrock(4, Stop.atLoss(1e-3));
    assertEquals("ok", target.status());
    assertTrue(target.last().loss() <= 1e-3 && target.last().loss() > 1e-10);
    // a budget of 12 gradient evaluations is not overrun inside a line search
    Trace budget = onRosenbrock(4, it -> it.gradients() >= 12 ? "budget" : null);
    assertEquals("budget", budget.status());
    assertTrue(budget.last().gradients() <= 12, budget.last().toString());
  }

  /** A gradient of the wrong sign sends every line search uphill: the run says so. */
  @Test
  void aFailedLineSearchIsTheStatus() {
    Trace t =
        Lbfgs.minimize(WRONG, new double[5], Lbfgs.Settings.defaults(), Stop.afterIterations(50));
    assertTrue(t.status().startsWith("line search failed: LBFGSERR_"), t.status());
    assertEquals(
        TestFunctions.QUADRATIC.evaluate(new double[5], null), t.iterations().get(0).loss());
  }

  /**
   * With restarts, each failed search is an iteration that stayed where it was, its evaluations
   * counted, and the status says how many restarts failed.
   */
  @Test
  void restartsAfterAFailedSearchAreCountedAndNamed() {
    Trace t =
        Lbfgs.minimize(
            WRONG,
            new double[5],
            new Lbfgs.Settings(6, 1e-5, 40, true, 2),
            Stop.afterIterations(50));
    assertTrue(t.status().endsWith("after 2 restarts"), t.status());
    assertEquals(4, t.iterations().size());
    for (int i = 1; i < 4; i++) {
      assertEquals(t.iterations().get(0).loss(), t.iterations().get(i).loss());
      assertTrue(t.iterations().get(i).gradients() > t.iterations().get(i - 1).gradients());
    }
  }
}
