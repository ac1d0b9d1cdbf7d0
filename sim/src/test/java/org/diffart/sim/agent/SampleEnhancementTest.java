package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.nn.Rng;
import org.junit.jupiter.api.Test;

class SampleEnhancementTest {
  private static final int OBS = 4;
  private static final int ACT = 2;
  // ∂s'/∂a, obs×act, behind two padding entries; row 1 has a NaN, row 3 entries beyond ±10/4
  private static final double[] JAC = {9, 9, 0.5, -1, Double.NaN, 2, 0.25, 0.125, 3, -7};
  private static final double[] JAC_R = {0.3, -40};

  @Test
  void linearisationScalesByTheObservationLengthCleansAndClips() {
    for (long seed = 0; seed < 40; seed++) {
      SampleEnhancement.Linearisation lin =
          SampleEnhancement.linearise(JAC, 2, JAC_R, 0, OBS, ACT, 10, new Rng(seed));
      int i = new Rng(seed).nextInt(OBS);
      assertEquals(i, lin.index());
      double[][] expected = {{2, -4}, {0, 8}, {1, 0.5}, {10, -10}};
      assertEquals(expected[i][0], lin.row()[0], 0.0, "row " + i);
      assertEquals(expected[i][1], lin.row()[1], 0.0, "row " + i);
      assertEquals(0.3, lin.reward()[0], 0.0);
      assertEquals(-10, lin.reward()[1], 0.0);
    }
  }

  @Test
  void syntheticTransitionMovesActionRewardAndOneCoordinateAlongTheJacobians() {
    SampleEnhancement.Linearisation lin =
        new SampleEnhancement.Linearisation(2, new double[] {1, 0.5}, new double[] {0.3, -10});
    double[] action = {0, 0.4, -0.2};
    double[] next = {7, 1, 2, 3, 4};
    double[] aOut = new double[ACT];
    double[] nOut = new double[OBS];
    Rng rng = new Rng(5);
    Rng replay = new Rng(5);
    for (int k = 0; k < 9; k++) {
      double r = SampleEnhancement.synthesize(lin, action, 1, 0.7, next, 1, 0.01, rng, aOut, nOut);
      double d0 = replay.uniform(-0.01, 0.01);
      double d1 = replay.uniform(-0.01, 0.01);
      assertTrue(Math.abs(d0) <= 0.01 && Math.abs(d1) <= 0.01);
      assertEquals(0.4 + d0, aOut[0], 0.0);
      assertEquals(-0.2 + d1, aOut[1], 0.0);
      assertEquals(0.7 + 0.3 * d0 - 10 * d1, r, 1e-15);
      assertEquals(1, nOut[0], 0.0);
      assertEquals(2, nOut[1], 0.0);
      assertEquals(3 + d0 + 0.5 * d1, nOut[2], 1e-15);
      assertEquals(4, nOut[3], 0.0);
    }
  }
}
