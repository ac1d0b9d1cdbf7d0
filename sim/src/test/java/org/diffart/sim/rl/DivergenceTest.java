package org.diffart.sim.rl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * A world whose simulation diverges (past MuJoCo's bound on a state value, before it overflows)
 * ends its episode instead of ending the run: terminated, reward 0, the last good observation, zero
 * Jacobians, counted; the environment goes on after a reset.
 */
class DivergenceTest {
  /** A hinge so stiff that the explicit Euler step multiplies its swing about 10⁴-fold per step. */
  private static final String XML =
      """
      <mujoco model="stiff">
        <option timestep="0.01" integrator="Euler" gravity="0 0 0"/>
        <worldbody>
          <body name="arm">
            <joint name="hinge" type="hinge" axis="0 1 0" stiffness="1e7"/>
            <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.03" mass="0.3"/>
          </body>
        </worldbody>
        <actuator>
          <motor joint="hinge"/>
        </actuator>
      </mujoco>
      """;

  @Test
  void aDivergingWorldEndsItsEpisode() {
    Model m = ModelLoader.loadMjcfString(XML, "stiff");
    ModelTask task =
        ModelTask.builder(m)
            .maxEpisodeSteps(1000)
            .reward(
                new ModelTask.Reward() {
                  @Override
                  public double value(Task.StepData s) {
                    return 1;
                  }

                  @Override
                  public void gradient(
                      Task.StepData s, Task.StateBars b, Task.StateBars a, double[] actionBar) {}
                })
            .terminated(d -> false)
            .build();
    TaskEnv env = new TaskEnv(task, 1);
    double[] obs = new double[env.observationSize()];
    env.reset(0, 3, obs);
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    int steps = 0;
    double[] last = obs.clone();
    do {
      System.arraycopy(out.observation(), 0, last, 0, last.length);
      env.step(new double[] {0}, out);
      steps++;
    } while (!out.terminated()[0] && steps < 500);

    assertTrue(out.terminated()[0], "no divergence within 500 steps");
    assertEquals(1, env.divergences());
    assertEquals(0, out.reward()[0]);
    for (double x : out.observation()) {
      // the last state within MuJoCo's bound, not the last finite one (about 10³⁰⁰ here)
      assertTrue(
          Math.abs(x) <= AbstractTaskEnv.MAX_VALUE, "the observation of the last good state: " + x);
    }
    double[] dObsDa = new double[env.observationSize()], dRewardDa = {7};
    env.actionJacobians(dObsDa, dRewardDa);
    assertEquals(0, dRewardDa[0]);
    for (double x : dObsDa) {
      assertEquals(0, x);
    }
    // the environment goes on after a reset
    env.reset(0, 4, obs);
    env.step(new double[] {0}, out);
    assertEquals(1, out.reward()[0]);
    assertEquals(1, env.divergences());
  }
}
