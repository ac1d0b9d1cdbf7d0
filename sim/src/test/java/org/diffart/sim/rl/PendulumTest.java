package org.diffart.sim.rl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.diffart.sim.data.Data;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PendulumTest {
  @ParameterizedTest
  @ValueSource(ints = {1, 3, 7})
  void actionJacobiansMatchCentralDifferences(int links) {
    VectorEnv env = Pendulum.create(links, 2);
    SplittableRandom r = new SplittableRandom(links);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    for (int t = 0; t < 5; t++) {
      env.step(EnvChecks.actions(env, r), out);
    }
    EnvChecks.jacobiansMatchDifferences(env, EnvChecks.actions(env, r), 1e-6, 1e-6);
    EnvChecks.vjpMatchesJacobians((AbstractTaskEnv) env, r, 1e-10);
  }

  @Test
  void sizesAndInitialObservationAreThePapers() {
    VectorEnv env = Pendulum.create(3, 1);
    assertEquals(1 + 3 + 3 * 4, env.observationSize());
    assertEquals(3, env.actionSize());
    assertEquals(100, env.maxEpisodeSteps());
    double[] obs = new double[env.observationSize()];
    env.reset(0, 5, obs);
    // at rest, horizontal along +y: joints at y = 0, 0.5, 1.0, the tip at 1.5; step 0
    double[] expected = {0, 0, 0, 0, 0, 0, 0, 0.5, 0, 0, 1.0, 0, 0, 1.5, 0, 0};
    assertArrayEquals(expected, obs, 1e-15);
  }

  @Test
  void episodeReturnIsFirstDistanceMinusTwiceTheLast() {
    Pendulum task = Pendulum.task(2);
    VectorEnv env = new TaskEnv(task, 1);
    double[] obs = new double[env.observationSize()];
    env.reset(0, 1, obs);
    Data first = new Data(task.model());
    double dist0 = task.distance(first);
    SplittableRandom r = new SplittableRandom(9);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double sum = 0;
    for (int t = 1; t <= 100; t++) {
      env.step(EnvChecks.actions(env, r), out);
      sum += out.reward()[0];
      assertFalse(out.terminated()[0]);
      assertEquals(t == 100, out.truncated()[0], "truncated only at step 100, step " + t);
    }
    // the tip from the last observation
    int tip = 2 + 3 * 2;
    double dx = out.observation()[tip], dy = out.observation()[tip + 1];
    double dz = out.observation()[tip + 2] - 1.0;
    double distT = dx * dx + dy * dy + dz * dz;
    assertEquals(2 * 0.25 * 4, dist0, 1e-12);
    assertEquals(dist0 - 2 * distT, sum, 1e-9);
  }

  @Test
  void saveAndRestoreContinueBitForBit() {
    VectorEnv env = Pendulum.create(3, 3);
    SplittableRandom r = new SplittableRandom(3);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    for (int t = 0; t < 7; t++) {
      env.step(EnvChecks.actions(env, r), out);
    }
    double[] saved = env.saveState();
    double[][] actions = new double[5][];
    for (int t = 0; t < 5; t++) {
      actions[t] = EnvChecks.actions(env, r);
    }
    double[] first = run(env, actions);
    VectorEnv other = Pendulum.create(3, 3);
    other.restoreState(saved);
    assertArrayEquals(first, run(other, actions));
    assertThrows(IllegalArgumentException.class, () -> other.restoreState(new double[3]));
  }

  private static double[] run(VectorEnv env, double[][] actions) {
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double[] all = new double[actions.length * (out.observation().length + out.reward().length)];
    int at = 0;
    for (double[] a : actions) {
      env.step(a, out);
      System.arraycopy(out.observation(), 0, all, at, out.observation().length);
      at += out.observation().length;
      System.arraycopy(out.reward(), 0, all, at, out.reward().length);
      at += out.reward().length;
    }
    return all;
  }

  @Test
  void jacobiansBeforeAnyStepAreRefused() {
    VectorEnv env = Pendulum.create(1, 1);
    assertThrows(
        IllegalStateException.class, () -> env.actionJacobians(new double[4], new double[1]));
  }

  @Test
  void actionsOutsideTheBoxAreClipped() {
    VectorEnv a = Pendulum.create(2, 1), b = Pendulum.create(2, 1);
    VectorEnv.StepResult oa = VectorEnv.StepResult.of(a), ob = VectorEnv.StepResult.of(b);
    a.step(new double[] {5, -3}, oa);
    b.step(new double[] {1, -1}, ob);
    assertArrayEquals(ob.observation(), oa.observation());
    assertTrue(oa.observation()[0] != 0);
  }
}
