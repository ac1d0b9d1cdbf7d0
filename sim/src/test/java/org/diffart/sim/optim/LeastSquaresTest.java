package org.diffart.sim.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LeastSquaresTest {

  /**
   * y = a·exp(b·t) at five times, exact data from (a, b) = (2, −0.7): five residuals, two unknowns.
   */
  private static LeastSquares.Residuals exponential(double sign) {
    double[] t = {0, 0.5, 1, 1.5, 2};
    return new LeastSquares.Residuals() {
      @Override
      public int size() {
        return t.length;
      }

      @Override
      public void evaluate(double[] x, double[] r, double[][] jacobian) {
        for (int i = 0; i < t.length; i++) {
          double e = Math.exp(x[1] * t[i]);
          r[i] = x[0] * e - 2 * Math.exp(-0.7 * t[i]);
          jacobian[i][0] = sign * e;
          jacobian[i][1] = sign * x[0] * t[i] * e;
        }
      }
    };
  }

  /** Rosenbrock as residuals: r = (10(y − x²), 1 − x), minimum 0 at (1, 1). */
  private static final LeastSquares.Residuals ROSENBROCK =
      new LeastSquares.Residuals() {
        @Override
        public int size() {
          return 2;
        }

        @Override
        public void evaluate(double[] x, double[] r, double[][] jacobian) {
          r[0] = 10 * (x[1] - x[0] * x[0]);
          r[1] = 1 - x[0];
          jacobian[0][0] = -20 * x[0];
          jacobian[0][1] = 10;
          jacobian[1][0] = -1;
          jacobian[1][1] = 0;
        }
      };

  @Test
  void levenbergMarquardtAndGaussNewtonRecoverTheExponential() {
    for (Trace tr :
        new Trace[] {
          LeastSquares.levenbergMarquardt(
              exponential(1), new double[] {1, 0}, LeastSquares.Settings.defaults()),
          LeastSquares.gaussNewton(
              exponential(1), new double[] {1, 0}, LeastSquares.Settings.defaults())
        }) {
      assertEquals("ok", tr.status(), tr.method());
      assertEquals(2, tr.best()[0], 1e-8, tr.method());
      assertEquals(-0.7, tr.best()[1], 1e-8, tr.method());
      assertTrue(tr.bestLoss() < 1e-18, tr.method() + " " + tr.bestLoss());
      // one Iterate per iteration after the start, losses recorded, evaluations counted
      assertTrue(tr.iterations().size() >= 3, tr.method());
      assertTrue(tr.iterations().get(0).loss() > 1, tr.method());
      assertEquals(tr.bestLoss(), tr.last().loss(), 1e-18, tr.method());
      assertTrue(tr.last().gradients() >= tr.iterations().size() - 1, tr.method());
    }
  }

  @Test
  void levenbergMarquardtSolvesRosenbrockFromTheClassicStart() {
    Trace tr =
        LeastSquares.levenbergMarquardt(
            ROSENBROCK, new double[] {-1.2, 1}, LeastSquares.Settings.defaults());
    assertEquals("ok", tr.status());
    assertEquals(1, tr.best()[0], 1e-9);
    assertEquals(1, tr.best()[1], 1e-9);
  }

  /** A Jacobian of the wrong sign sends the steps uphill: the run does not find the solution. */
  @Test
  void aWrongSignedJacobianDoesNotConverge() {
    Trace tr =
        LeastSquares.gaussNewton(
            exponential(-1),
            new double[] {1, 0},
            LeastSquares.Settings.defaults().withMaxIterations(20));
    assertNotEquals(2, tr.best()[0], 1e-3);
  }

  @Test
  void runningOutOfIterationsIsReportedAsBudget() {
    Trace tr =
        LeastSquares.levenbergMarquardt(
            ROSENBROCK,
            new double[] {-1.2, 1},
            LeastSquares.Settings.defaults().withMaxIterations(2));
    assertEquals("budget", tr.status());
    assertTrue(tr.bestLoss() < 24.2 * 1.0001, "best no worse than the start: " + tr.bestLoss());
  }

  @Test
  void lowerBoundsHoldEveryStep() {
    // minimum of (x − (−1))² with x ≥ 0.5: the bound
    LeastSquares.Residuals f =
        new LeastSquares.Residuals() {
          @Override
          public int size() {
            return 1;
          }

          @Override
          public void evaluate(double[] x, double[] r, double[][] jacobian) {
            assertTrue(x[0] >= 0.5, "evaluated below the bound: " + x[0]);
            r[0] = x[0] + 1;
            jacobian[0][0] = 1;
          }
        };
    Trace tr =
        LeastSquares.levenbergMarquardt(
            f, new double[] {3}, LeastSquares.Settings.defaults().withLower(0.5));
    assertEquals(0.5, tr.best()[0], 1e-12);
  }
}
