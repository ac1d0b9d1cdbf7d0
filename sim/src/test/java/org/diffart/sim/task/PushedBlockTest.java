package org.diffart.sim.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.optim.LeastSquares;
import org.diffart.sim.optim.Trace;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PushedBlockTest {

  @ParameterizedTest
  @EnumSource(PushedBlock.Unknown.class)
  void levenbergMarquardtAndTheSeedsSgdRecoverEachUnknown(PushedBlock.Unknown u) {
    PushedBlock task = PushedBlock.of(u, 7);
    double[] start = task.start(7);
    assertTrue(task.error(start) > 1e-3, "the start is wrong: " + task.error(start));
    assertEquals(
        0, task.identification().loss(task.truth().of(u)), 1e-24, "the target is the truth's");
    Trace lm = task.identification().levenbergMarquardt(start, LeastSquares.Settings.defaults());
    assertEquals("ok", lm.status());
    assertTrue(task.error(lm.best()) < 1e-8, u + " lm error " + task.error(lm.best()));
    Trace sgd = task.seedSgd(start, 100);
    assertTrue(task.error(sgd.best()) < 1e-3, u + " sgd error " + task.error(sgd.best()));
  }

  @ParameterizedTest
  @EnumSource(PushedBlock.Unknown.class)
  void truthsAndStartsLieInTheSeedsRanges(PushedBlock.Unknown u) {
    for (long seed = 0; seed < 20; seed++) {
      PushedBlock.Truth t = PushedBlock.of(u, seed).truth();
      assertTrue(t.fx() >= 2 && t.fx() <= 5 && t.fy() >= 2 && t.fy() <= 5);
      assertTrue(t.mass() >= 0.9 && t.mass() <= 1.1);
      assertTrue(t.friction() >= 0.01 && t.friction() <= 0.25);
    }
  }
}
