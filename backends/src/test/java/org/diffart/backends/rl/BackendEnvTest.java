package org.diffart.backends.rl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.diffart.backends.Backends;
import org.diffart.sim.rl.Ant;
import org.diffart.sim.rl.Pendulum;
import org.diffart.sim.rl.Task;
import org.diffart.sim.rl.TaskEnv;
import org.diffart.sim.rl.VectorEnv;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A task's environment on a backend against the CPU {@link TaskEnv}, bit for bit: observations,
 * rewards, flags and action Jacobians over an episode with resets. The OpenCL cases need OpenCL
 * (PoCL in CI) and fail, saying what to install, where there is none.
 */
class BackendEnvTest {
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "opencl"})
  void pendulumEpisodeIsTheCpuEnvsBitForBit(String backend) {
    Task task = Pendulum.task(3);
    sameAsCpu(task, backend, 3, 100, 10);
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "opencl"})
  void antStepsAreTheCpuEnvsBitForBit(String backend) {
    sameAsCpu(Ant.task(), backend, 2, 30, 10);
  }

  /**
   * Runs {@code steps} steps of W worlds of the task on the backend and on the CPU with the same
   * actions, resetting world 0 halfway, and compares everything each step reports; the Jacobians
   * every {@code every} steps.
   */
  private static void sameAsCpu(Task task, String backend, int worlds, int steps, int every) {
    try (VectorEnv env = BackendEnv.create(task, backend, worlds);
        VectorEnv cpu = new TaskEnv(task, worlds)) {
      int no = task.observationSize(), na = task.actionSize();
      double[] obs = new double[worlds * no], cobs = new double[worlds * no];
      for (int w = 0; w < worlds; w++) {
        env.reset(w, 100 + w, obs);
        cpu.reset(w, 100 + w, cobs);
      }
      assertArrayEquals(cobs, obs);
      VectorEnv.StepResult out = VectorEnv.StepResult.of(env), cout = VectorEnv.StepResult.of(cpu);
      SplittableRandom r = new SplittableRandom(7);
      double[] a = new double[worlds * na];
      for (int t = 1; t <= steps; t++) {
        for (int i = 0; i < a.length; i++) {
          a[i] = r.nextDouble(-1, 1);
        }
        env.step(a, out);
        cpu.step(a, cout);
        assertArrayEquals(cout.observation(), out.observation(), "observations, step " + t);
        assertArrayEquals(cout.reward(), out.reward(), "rewards, step " + t);
        assertArrayEquals(cout.terminated(), out.terminated(), "terminated, step " + t);
        assertArrayEquals(cout.truncated(), out.truncated(), "truncated, step " + t);
        if (t % every == 0) {
          double[] jo = new double[worlds * no * na], jr = new double[worlds * na];
          double[] co = jo.clone(), cr = jr.clone();
          env.actionJacobians(jo, jr);
          cpu.actionJacobians(co, cr);
          assertArrayEquals(co, jo, "∂obs/∂a, step " + t);
          assertArrayEquals(cr, jr, "∂r/∂a, step " + t);
        }
        if (t == steps / 2) {
          env.reset(0, 5, obs);
          cpu.reset(0, 5, cobs);
          assertArrayEquals(cobs, obs);
        }
      }
      assertEquals(steps == task.maxEpisodeSteps(), out.truncated()[1]);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu"})
  void saveAndRestoreContinueBitForBit(String backend) {
    Task task = Pendulum.task(2);
    try (VectorEnv env = BackendEnv.create(task, backend, 2)) {
      VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
      env.step(new double[] {0.3, -0.2, 0.9, 0.1}, out);
      double[] saved = env.saveState();
      double[] a = {-0.5, 0.5, 0.2, -0.7};
      env.step(a, out);
      double[] first = out.observation().clone();
      env.restoreState(saved);
      env.step(a, out);
      assertArrayEquals(first, out.observation());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu"})
  void aBackendOfAnotherModelIsRefused(String backend) {
    Task task = Pendulum.task(2);
    var other = Backends.create(backend, Pendulum.task(3).model(), 1);
    assertThrows(IllegalArgumentException.class, () -> new BackendEnv(task, other));
  }
}
