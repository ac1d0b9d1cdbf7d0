package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.VectorEnv;
import org.junit.jupiter.api.Test;

/** {@link VectorEnv#actionVjp}'s default, which contracts the full Jacobians. */
class ActionVjpTest {
  private static final double DT2 = PointMassEnv.DT * PointMassEnv.DT;

  @Test
  void defaultContractsTheJacobiansWithBothBars() {
    int worlds = 3, dims = 2, obs = 2 * dims;
    VectorEnv env = new PointMassEnv(worlds, dims, 30);
    double[] observation = new double[worlds * obs];
    for (int w = 0; w < worlds; w++) {
      env.reset(w, 40 + w, observation);
    }
    Rng rng = new Rng(3);
    double[] actions = new double[worlds * dims];
    for (int i = 0; i < actions.length; i++) {
      actions[i] = rng.uniform(-1, 1);
    }
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    env.step(actions, out);
    double[] obsBar = new double[worlds * obs];
    double[] rewardBar = new double[worlds];
    for (int i = 0; i < obsBar.length; i++) {
      obsBar[i] = rng.uniform(-1, 1);
    }
    for (int w = 0; w < worlds; w++) {
      rewardBar[w] = rng.uniform(-1, 1);
    }
    double[] got = new double[worlds * dims];
    env.actionVjp(obsBar, rewardBar, got);
    for (int w = 0; w < worlds; w++) {
      for (int i = 0; i < dims; i++) {
        double x = out.observation()[w * obs + i];
        // x' = x + dt·v + dt²·a, v' = v + dt·a, r = |x|² − |x'|²
        double expected =
            obsBar[w * obs + i] * DT2
                + obsBar[w * obs + dims + i] * PointMassEnv.DT
                - rewardBar[w] * 2 * x * DT2;
        assertEquals(expected, got[w * dims + i], 1e-15, "world " + w + " a" + i);
      }
    }
  }

  @Test
  void defaultRefusesBeforeTheFirstStep() {
    VectorEnv env = new PointMassEnv(1, 1, 5);
    assertThrows(
        IllegalStateException.class,
        () -> env.actionVjp(new double[2], new double[1], new double[1]));
  }
}
