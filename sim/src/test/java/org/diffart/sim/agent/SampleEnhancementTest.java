package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.Ant;
import org.diffart.sim.rl.VectorEnv;
import org.junit.jupiter.api.Test;

class SampleEnhancementTest {
  private static final int OBS = 4;
  private static final int ACT = 2;
  // ∂s'/∂a, obs×act, behind two padding entries; row 1 has a NaN, row 3 entries beyond ±10/4
  private static final double[] JAC = {9, 9, 0.5, -1, Double.NaN, 2, 0.25, 0.125, 3, -7};
  private static final double[] JAC_R = {0.3, -40};
  private static final int SAMPLES = 9;

  @Test
  void linearisationScalesByTheObservationLengthCleansAndClips() {
    double[][] expected = {{2, -4}, {0, 8}, {1, 0.5}, {10, -10}};
    for (int i = 0; i < OBS; i++) {
      SampleEnhancement.Linearisation lin =
          SampleEnhancement.linearise(i, JAC, 2 + i * ACT, JAC_R, 0, OBS, ACT, 10);
      assertEquals(i, lin.index());
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
    double[] deltas = {5, 0.004, -0.009, 5};
    double r = SampleEnhancement.synthesize(lin, deltas, 1, action, 1, 0.7, next, 1, aOut, nOut);
    assertEquals(0.4 + 0.004, aOut[0], 0.0);
    assertEquals(-0.2 - 0.009, aOut[1], 0.0);
    assertEquals(0.7 + 0.3 * 0.004 + 10 * 0.009, r, 1e-15);
    assertArrayEquals(new double[] {1, 2, 3 + 0.004 - 0.5 * 0.009, 4}, nOut, 1e-15);
  }

  @Test
  void vjpRowsGiveThePointMassTheFullJacobiansSamples() {
    assertVjpRouteMatchesJacobians(new PointMassEnv(3, 2, 30), 11, 6);
  }

  @Test
  void vjpRowsGiveTheAntTheFullJacobiansSamples() {
    try (VectorEnv ant = Ant.create(2)) {
      assertVjpRouteMatchesJacobians(ant, 12, 3);
    }
  }

  /**
   * For {@code steps} random steps of env: {@link SampleEnhancement.Worlds} (coordinate and δs
   * drawn world by world in the paper's order, rows by two VJPs) makes the transitions that the
   * full Jacobians' rows make with the same draws.
   */
  private static void assertVjpRouteMatchesJacobians(VectorEnv env, long seed, int steps) {
    int worlds = env.worlds(), obs = env.observationSize(), act = env.actionSize();
    double[] observation = new double[worlds * obs];
    for (int w = 0; w < worlds; w++) {
      env.reset(w, seed + w, observation);
    }
    Rng acting = new Rng(seed);
    double[] actions = new double[worlds * act];
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double[] jac = new double[worlds * obs * act];
    double[] jacR = new double[worlds * act];
    SampleEnhancement.Worlds enhancement = new SampleEnhancement.Worlds(env, SAMPLES, 0.01, 10);
    double[] aVjp = new double[act], nVjp = new double[obs];
    double[] aJac = new double[act], nJac = new double[obs];
    double[] deltas = new double[SAMPLES * act];
    boolean moved = false;
    for (int t = 0; t < steps; t++) {
      for (int i = 0; i < actions.length; i++) {
        actions[i] = acting.uniform(-1, 1);
      }
      env.step(actions, out);
      env.actionJacobians(jac, jacR);
      Rng draws = new Rng(seed * 1000 + t);
      Rng replay = new Rng(seed * 1000 + t);
      enhancement.prepare(env, draws);
      for (int w = 0; w < worlds; w++) {
        int index = replay.nextInt(obs);
        for (int k = 0; k < deltas.length; k++) {
          deltas[k] = replay.uniform(-0.01, 0.01);
        }
        SampleEnhancement.Linearisation full =
            SampleEnhancement.linearise(
                index, jac, (w * obs + index) * act, jacR, w * act, obs, act, 10);
        SampleEnhancement.Linearisation got = enhancement.linearisation(w);
        String where = env.name() + " step " + t + " world " + w;
        assertEquals(index, got.index(), where);
        assertArrayEquals(full.row(), got.row(), 1e-9, where);
        assertArrayEquals(full.reward(), got.reward(), 1e-9, where);
        for (int k = 0; k < SAMPLES; k++) {
          double reward = out.reward()[w];
          double rJac =
              SampleEnhancement.synthesize(
                  full,
                  deltas,
                  k * act,
                  actions,
                  w * act,
                  reward,
                  out.observation(),
                  w * obs,
                  aJac,
                  nJac);
          double rVjp =
              enhancement.synthesize(w, k, actions, reward, out.observation(), aVjp, nVjp);
          assertEquals(rJac, rVjp, 1e-9, where);
          assertArrayEquals(aJac, aVjp, 0.0, where);
          assertArrayEquals(nJac, nVjp, 1e-9, where);
          moved |= nVjp[index] != out.observation()[w * obs + index];
        }
      }
    }
    assertTrue(moved, "some synthetic observation moved off the real one");
  }
}
