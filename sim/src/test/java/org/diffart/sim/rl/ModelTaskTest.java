package org.diffart.sim.rl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class ModelTaskTest {
  /** A free body with a motorised arm; its motor's range [0, 2] and an unlimited second motor. */
  private static final String XML =
      """
      <mujoco model="flyer">
        <option timestep="0.01" gravity="0 0 -1"/>
        <worldbody>
          <body name="box" pos="0 0 1">
            <freejoint/>
            <geom type="box" size="0.1 0.2 0.3" mass="1"/>
            <body name="arm" pos="0.1 0 0">
              <joint name="hinge" type="hinge" axis="0 1 0" damping="0.1"/>
              <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.03" mass="0.3"/>
            </body>
          </body>
        </worldbody>
        <actuator>
          <motor joint="hinge" ctrllimited="true" ctrlrange="0 2"/>
          <motor joint="hinge" gear="0.5"/>
        </actuator>
      </mujoco>
      """;

  /** −‖qpos_after‖² − 0.1‖a‖², quaternion entries included. */
  private static final ModelTask.Reward REWARD =
      new ModelTask.Reward() {
        @Override
        public double value(Task.StepData s) {
          double v = 0;
          for (double q : s.after().qpos) {
            v -= q * q;
          }
          return v - 0.1 * (s.a(0) * s.a(0) + s.a(1) * s.a(1));
        }

        @Override
        public void gradient(
            Task.StepData s,
            Task.StateBars beforeBars,
            Task.StateBars afterBars,
            double[] actionBar) {
          double[] q = s.after().qpos;
          for (int i = 0; i < q.length; i++) {
            afterBars.qpos()[i] -= 2 * q[i];
          }
          actionBar[0] -= 0.2 * s.a(0);
          actionBar[1] -= 0.2 * s.a(1);
        }
      };

  private static ModelTask task(int substeps) {
    Model m = ModelLoader.loadMjcfString(XML, "flyer");
    return ModelTask.builder(m)
        .substeps(substeps)
        .maxEpisodeSteps(4)
        .reward(REWARD)
        .terminated(d -> d.qpos[2] < 0.5)
        .build();
  }

  @Test
  void actionJacobiansMatchCentralDifferencesThroughQuaternions() {
    VectorEnv env = new TaskEnv(task(3), 2);
    SplittableRandom r = new SplittableRandom(4);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    env.step(EnvChecks.actions(env, r), out);
    EnvChecks.jacobiansMatchDifferences(env, EnvChecks.actions(env, r), 1e-6, 1e-6);
    EnvChecks.vjpMatchesJacobians((AbstractTaskEnv) env, r, 1e-10);
  }

  @Test
  void actionsSpanTheControlRange() {
    ModelTask t = task(1);
    assertEquals(1, t.controlOffset(0));
    assertEquals(1, t.controlScale(0));
    assertEquals(0, t.controlOffset(1));
    assertEquals(1, t.controlScale(1));
    assertEquals(8 + 7, t.observationSize());
  }

  @Test
  void truncatesAtTheTimeLimitAndTerminatesByTheCondition() {
    VectorEnv env = new TaskEnv(task(1), 1);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double[] a = {0, 0};
    for (int t = 1; t <= 4; t++) {
      env.step(a, out);
      assertEquals(t == 4, out.truncated()[0]);
      assertEquals(false, out.terminated()[0]);
    }
    double[] obs = new double[15];
    env.reset(0, 3, obs);
    Data low = new Data(task(1).model());
    low.qpos[2] = 0.4;
    assertTrue(task(1).terminated(low));
  }

  @Test
  void aFallingBodyTerminatesBeforeItsTimeLimitAndAResetClearsIt() {
    Model m = ModelLoader.loadMjcfString(XML, "flyer");
    Task t =
        ModelTask.builder(m)
            .resetNoise(0)
            .maxEpisodeSteps(100)
            .reward(REWARD)
            .terminated(d -> d.qpos[2] < 0.99)
            .build();
    VectorEnv env = new TaskEnv(t, 1);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    double[] a = {-1, 0};
    int steps = 0;
    do {
      env.step(a, out);
      steps++;
    } while (!out.done(0));
    // free fall under g = 1 from rest: 0.01 m takes sqrt(0.02) ≈ 0.14 s, 14 or 15 steps of 0.01 s
    assertTrue(out.terminated()[0] && !out.truncated()[0]);
    assertTrue(steps >= 14 && steps <= 15, "terminated after " + steps + " steps");
    double[] obs = new double[15];
    env.reset(0, 1, obs);
    assertEquals(1.0, obs[2]);
    env.step(a, out);
    assertFalse(out.terminated()[0]);
  }

  @Test
  void resetIsFixedBySeedAlone() {
    VectorEnv a = new TaskEnv(task(1), 3), b = new TaskEnv(task(1), 1);
    double[] oa = new double[45], ob = new double[15];
    a.reset(2, 99, oa);
    b.reset(0, 99, ob);
    assertArrayEquals(ob, java.util.Arrays.copyOfRange(oa, 30, 45));
  }

  @Test
  void aRewardIsRequired() {
    Model m = ModelLoader.loadMjcfString(XML, "flyer");
    assertThrows(IllegalStateException.class, () -> ModelTask.builder(m).build());
  }
}
