package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.optim.LeastSquares;
import org.diffart.sim.optim.Trace;
import org.junit.jupiter.api.Test;

/**
 * mujoco.sysid's pendulum2 as our estimation problem: the objective at the truth and at the start
 * is twice what the toolbox recorded (we minimise |r|², it ½|r|²), and Levenberg–Marquardt on the
 * exact Jacobian lands on the toolbox's estimate, masses within 0.5 % of the truth.
 */
class SysidReferenceTest {
  @Test
  void pendulumMassesAndDampingsAreRecoveredAsMujocoSysidRecoversThem() {
    SysidReference ref = SysidReference.load("pendulum2");
    assertEquals(4, ref.names().size());
    assertEquals(1500, ref.steps());
    // the JSON's objective: cost_at_truth 8.95868433122984e-05, cost_at_start 8.448092033221183
    assertEquals(2 * 8.95868433122984e-05, ref.problem().loss(ref.truth()), 1e-9 * 1.8e-4);
    assertEquals(2 * 8.448092033221183, ref.problem().loss(ref.start()), 1e-9 * 16.9);
    Trace lm = ref.problem().levenbergMarquardt(ref.start(), LeastSquares.Settings.defaults());
    assertEquals("ok", lm.status());
    double[] mujoco = ref.mujoco().estimate();
    for (int k = 0; k < 4; k++) {
      assertEquals(mujoco[k], lm.best()[k], 1e-6 * mujoco[k], ref.names().get(k));
    }
    double[] rel = ref.relativeErrors(lm.best());
    assertTrue(rel[0] < 0.005 && rel[1] < 0.005, "masses " + rel[0] + ", " + rel[1]);
    assertTrue(lm.bestLoss() <= 2 * ref.mujoco().cost() * (1 + 1e-9));
  }

  @Test
  void anUnknownReferenceIsNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SysidReference.load("pendulum9"));
    assertTrue(e.getMessage().contains("pendulum9.json"), e.getMessage());
  }
}
