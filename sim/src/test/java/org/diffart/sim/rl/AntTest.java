package org.diffart.sim.rl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.diffart.sim.data.Data;
import org.junit.jupiter.api.Test;

class AntTest {
  @Test
  void actionJacobiansMatchCentralDifferencesInTheAir() {
    TaskEnv env = (TaskEnv) Ant.create(1);
    double[] obs = new double[27];
    env.reset(0, 11, obs);
    SplittableRandom r = new SplittableRandom(1);
    assertEquals(0, contacts(env));
    EnvChecks.jacobiansMatchDifferences(env, EnvChecks.actions(env, r), 1e-6, 1e-6);
    EnvChecks.vjpMatchesJacobians(env, r, 1e-10);
    assertEquals(0, contacts(env), "still in the air after the checked step");
  }

  @Test
  void actionJacobiansMatchCentralDifferencesOnTheGround() {
    TaskEnv env = (TaskEnv) Ant.create(1);
    double[] obs = new double[27];
    env.reset(0, 12, obs);
    SplittableRandom r = new SplittableRandom(2);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double[] small = new double[8];
    for (int t = 0; t < 10; t++) {
      env.step(small, out);
    }
    assertTrue(contacts(env) > 0, "the ant is down on the floor after 0.5 s");
    double[] a = EnvChecks.actions(env, r);
    for (int j = 0; j < a.length; j++) {
      a[j] *= 0.05;
    }
    EnvChecks.jacobiansMatchDifferences(env, a, 1e-7, 1e-4);
    EnvChecks.vjpMatchesJacobians(env, r, 1e-10);
    assertTrue(contacts(env) > 0, "still on the floor after the checked step");
  }

  /**
   * With zero actions the ant settles on the floor and stays at rest for a whole episode: RK4 at
   * 0.01 s under the light legs gains no energy (without the URDF's armature it flew past the
   * height bound within 100 to 350 steps).
   */
  @Test
  void zeroActionsComeToRestForAWholeEpisode() {
    VectorEnv env = Ant.create(1);
    double[] obs = new double[27];
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double[] zero = new double[8];
    for (long seed = 0; seed < 2; seed++) {
      env.reset(0, seed, obs);
      double late = 0;
      for (int t = 0; t < env.maxEpisodeSteps(); t++) {
        env.step(zero, out);
        assertFalse(out.terminated()[0], "seed " + seed + ": terminated at step " + t);
        if (t >= env.maxEpisodeSteps() - 100) {
          for (int i = 13; i < 27; i++) {
            late = Math.max(late, Math.abs(out.observation()[i] / 0.05));
          }
        }
      }
      assertTrue(out.truncated()[0], "seed " + seed + ": truncated at the episode's end");
      assertTrue(late < 0.05, "seed " + seed + ": |qvel| over the last 100 steps " + late);
    }
  }

  /** Contacts of world 0's state (a forward of a copy). */
  private static int contacts(TaskEnv env) {
    Ant task = (Ant) env.task();
    double[] s = env.saveState();
    Data d = new Data(task.model());
    // the saved state's first world: step count, time, nstep, then qpos and qvel
    System.arraycopy(s, 3, d.qpos, 0, d.qpos.length);
    System.arraycopy(s, 3 + d.qpos.length, d.qvel, 0, d.qvel.length);
    org.diffart.sim.algo.Step.forward(task.model(), d);
    return d.ncon;
  }

  @Test
  void resetIsFixedBySeedAndNearTheStandingPose() {
    VectorEnv a = Ant.create(2), b = Ant.create(1);
    double[] oa = new double[54], ob = new double[27];
    a.reset(1, 77, oa);
    b.reset(0, 77, ob);
    assertArrayEquals(ob, java.util.Arrays.copyOfRange(oa, 27, 54));
    a.reset(0, 78, oa);
    assertFalse(java.util.Arrays.equals(ob, java.util.Arrays.copyOfRange(oa, 0, 27)));
    assertEquals(0.75, ob[4], 0.1);
    double n = 0;
    for (int i = 0; i < 4; i++) {
      n += ob[i] * ob[i];
    }
    assertEquals(1, n, 1e-12);
  }

  @Test
  void terminatesWhenTheTorsoLeavesItsHeightRange() {
    Ant task = Ant.task();
    Data d = new Data(task.model());
    task.reset(new SplittableRandom(0), d);
    assertFalse(task.terminated(d));
    d.qpos[2] = 0.19;
    assertTrue(task.terminated(d));
    d.qpos[2] = 1.01;
    assertTrue(task.terminated(d));
  }

  @Test
  void rewardIsForwardSpeedMinusControlCostPlusOne() {
    Ant task = Ant.task();
    Data before = new Data(task.model()), after = new Data(task.model());
    task.reset(new SplittableRandom(0), before);
    after.copyStateFrom(before);
    after.qpos[0] += 0.01;
    double[] a = {0.5, 0, 0, 0, 0, 0, 0, -0.5};
    assertEquals(
        0.01 / 0.05 - 0.25 + 1, task.reward(new Task.StepData(before, after, a, 0, false)), 1e-12);
  }
}
