package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.testing.RandomModels;
import org.diffart.sim.testing.StepAdjoints;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The adjoint of a whole step against the tape: the tape records the step's own bytecode, so the
 * two must agree to rounding for every input (state, controls, parameters), with contacts,
 * friction, limits, both Euler variants and RK4.
 */
class StepAdjointTest {
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6})
  void contactFreeTreesMatchTheTape(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(9), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    StepAdjoints.compare(m, d, 0, seed, 1e-11);
    Model explicit =
        m.withOptions(m.opt().toBuilder().integrator(Integrator.EULER_EXPLICIT_DAMPING).build());
    StepAdjoints.compare(explicit, d, 0, seed, 1e-11);
  }

  @ParameterizedTest
  @CsvSource({
    "laikago, stand, 0, 0",
    "laikago, stand, 120, 4",
    "laikago, stand, 400, 2",
    "laikago10, stand, 150, 40",
    "ant, init, 60, 4",
    "golf, '', 1, 1",
    "golf, '', 30, 1",
    "arm9, '', 20, 0",
    "humanoid, '', 150, 6",
    "humanoid, '', 300, 4",
    "pendulum:3, '', 10, 0"
  })
  void builtinsMatchTheTape(String name, String key, int warmup, int minContacts) {
    Model m = ModelLoader.load("builtin:" + name);
    Data d = new Data(m);
    if (!key.isEmpty()) {
      d.resetToKey(m.keyLookup(key));
    }
    int contacts = StepAdjoints.compare(m, d, warmup, warmup, 1e-9);
    assertTrue(contacts >= minContacts, name + ": " + contacts + " contacts");
  }

  @ParameterizedTest
  @CsvSource({"1, false, 0", "2, false, 0", "1, true, 0.5", "2, true, 0.3"})
  void solverVariantsMatchTheTape(int frictionDirections, boolean warmStart, double restitution) {
    Model base = ModelLoader.load("builtin:laikago");
    Options o =
        base.opt().toBuilder()
            .frictionDirections(frictionDirections)
            .warmStart(warmStart)
            .restitution(restitution)
            .build();
    Model m = base.withOptions(o);
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    int contacts = StepAdjoints.compare(m, d, 103, 7, 1e-9);
    assertTrue(contacts > 0, "the laikago stands on its feet");
  }

  /**
   * RK4's adjoint (the combination, then four stages recomputed and reversed) on random trees of
   * every joint type.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void rk4OnContactFreeTreesMatchesTheTape(long seed) {
    Model m = RandomModels.tree(RandomModels.Spec.full(9), seed);
    Model rk4 =
        m.withOptions(m.opt().toBuilder().integrator(Integrator.RK4).contact(false).build());
    Data d = new Data(rk4);
    RandomModels.randomState(rk4, d, seed);
    StepAdjoints.compare(rk4, d, 0, seed, 1e-11);
  }

  /**
   * RK4 with activation states (a filter driven into its actrange within one step's stages, an
   * integrator, an intvelocity servo) and with a joint limit evaluated at every stage, against the
   * tape.
   */
  @ParameterizedTest
  @CsvSource({"0, 0", "3, 0", "40, 1"})
  void rk4WithActivationsAndLimitsMatchesTheTape(int warmup, int limitRows) {
    Model acts =
        ModelLoader.load(
            org.diffart.sim.testing.ReferenceFiles.repoRoot()
                .resolve("datasets/reference/trajectories/activation_rk4.xml"));
    Data d = new Data(acts);
    d.resetToKey(acts.keyLookup("drive"));
    StepAdjoints.compare(acts, d, warmup, warmup, 1e-10);
    Model slider =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <option timestep="0.01" integrator="RK4"/>
          <worldbody>
            <body><joint name="z" type="slide" axis="0 0 1" limited="true" range="-0.05 1" damping="0.3"/>
              <geom size="0.1" mass="1"/></body>
          </worldbody>
          <actuator><motor joint="z" gear="2"/></actuator>
        </mujoco>
        """,
            "slider");
    Data s = new Data(slider);
    s.qvel[0] = 0.4;
    s.ctrl[0] = -1;
    StepAdjoints.compare(slider, s, warmup, warmup, 1e-10);
    Data after = new Data(slider);
    after.copyStateFrom(s);
    for (int k = 0; k < warmup; k++) {
      Step.step(slider, after);
    }
    Step.dynamics(slider, after);
    assertTrue(after.nefc >= limitRows, "the slider reaches its limit: " + after.nefc + " rows");
  }
}
