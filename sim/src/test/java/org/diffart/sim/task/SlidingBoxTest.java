package org.diffart.sim.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.optim.LeastSquares;
import org.diffart.sim.optim.Stop;
import org.diffart.sim.optim.Trace;
import org.junit.jupiter.api.Test;

class SlidingBoxTest {
  /** 300 steps of the box: still sliding at the end for μ up to about 0.34. */
  private static final SlidingBox BOX = SlidingBox.of(0.05, 300);

  @Test
  void levenbergMarquardtRecoversTheHiddenFrictionFromThePapersStart() {
    Trace lm =
        BOX.identification()
            .levenbergMarquardt(
                new double[] {SlidingBox.PAPER_START}, LeastSquares.Settings.defaults());
    assertEquals("ok", lm.status());
    assertEquals(0.05, lm.best()[0], 1e-3 * 0.05, "within 0.1 %");
  }

  @Test
  void gradientDescentAtAStableRateRecoversItToo() {
    Trace gd =
        BOX.identification()
            .gradientDescent(
                new double[] {SlidingBox.PAPER_START},
                new double[] {1.0},
                Stop.atLoss(1e-14).or(Stop.afterIterations(50)));
    assertEquals("ok", gd.status());
    assertEquals(0.05, gd.best()[0], 1e-2 * 0.05);
  }

  /**
   * The tangent drawn on the landscape: the adjoint slope equals the landscape's central
   * difference.
   */
  @Test
  void adjointSlopeIsTangentToTheLandscape() {
    double mu = 0.08, h = 1e-5;
    double[] l = BOX.landscape(new double[] {mu - h, mu, mu + h});
    double[] ls = BOX.lossAndSlope(mu);
    assertEquals(l[1], ls[0], 1e-12);
    double fd = (l[2] - l[0]) / (2 * h);
    assertTrue(Math.abs(fd) > 1e-3, "the slope is not trivial: " + fd);
    assertEquals(fd, ls[1], 1e-5 * Math.abs(fd));
    // the loss vanishes at the truth and nowhere else on the sweep
    assertEquals(0, BOX.landscape(new double[] {0.05})[0], 1e-20);
  }
}
