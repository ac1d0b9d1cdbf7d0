package org.diffart.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;
import org.diffart.sim.agent.Agent;
import org.diffart.sim.rl.VectorEnv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's kept state resumes only the same run of the same build. */
class RlUnitTest {
  private static final RlUnit UNIT =
      new RlUnit("pendulum", 1, "sac", 0, RlAgents.plan("pendulum", 1, Size.QUICK, "sac"));

  /** The real environments and agents, but every action scaled by {@code gain}. */
  private static RlUnit.Factory scaled(double gain) {
    RlAgents real = new RlAgents();
    return new RlUnit.Factory() {
      @Override
      public VectorEnv env(String task, int links, int worlds) {
        return gain == 1
            ? real.env(task, links, worlds)
            : new Scaled(real.env(task, links, worlds), gain);
      }

      @Override
      public Agent agent(
          String method, String task, int links, RlPlan plan, VectorEnv env, long seed) {
        return real.agent(method, task, links, plan, env, seed);
      }
    };
  }

  @Test
  void aStateKeptWithOtherDynamicsStartsTheRunOver(@TempDir Path dir) {
    List<RlPoint> kept = UNIT.run(scaled(1), dir, 2, p -> {});
    assertEquals(2, kept.size());
    // the same build reads both evaluations back, wall times included, running nothing
    assertEquals(kept, UNIT.run(scaled(1), dir, 1, p -> {}));
    // an environment whose dynamics changed since: nothing is read back, the run starts over
    List<RlPoint> over = UNIT.run(scaled(0.5), dir, 1, p -> {});
    assertEquals(1, over.size());
    assertNotEquals(kept.get(0).meanReturn(), over.get(0).meanReturn());
    assertEquals(over, UNIT.run(scaled(0.5), dir, 1, p -> {}));
    // and back: the first dynamics start over too, and reproduce their returns
    List<RlPoint> again = UNIT.run(scaled(1), dir, 2, p -> {});
    assertEquals(returns(kept), returns(again));
  }

  private static List<Double> returns(List<RlPoint> points) {
    return points.stream().map(RlPoint::meanReturn).toList();
  }

  /** An environment whose actions are scaled before they reach the wrapped one. */
  private record Scaled(VectorEnv env, double gain) implements VectorEnv {
    @Override
    public String name() {
      return env.name();
    }

    @Override
    public int worlds() {
      return env.worlds();
    }

    @Override
    public int observationSize() {
      return env.observationSize();
    }

    @Override
    public int actionSize() {
      return env.actionSize();
    }

    @Override
    public int maxEpisodeSteps() {
      return env.maxEpisodeSteps();
    }

    @Override
    public void reset(int world, long seed, double[] obs) {
      env.reset(world, seed, obs);
    }

    @Override
    public void step(double[] actions, StepResult out) {
      double[] a = actions.clone();
      for (int i = 0; i < a.length; i++) {
        a[i] *= gain;
      }
      env.step(a, out);
    }

    @Override
    public void actionJacobians(double[] dObsDa, double[] dRewardDa) {
      throw new UnsupportedOperationException("not needed by SAC");
    }

    @Override
    public double[] saveState() {
      return env.saveState();
    }

    @Override
    public void restoreState(double[] state) {
      env.restoreState(state);
    }
  }
}
