package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * RK4 with contacts, as MuJoCo's RK4 runs it: every stage a whole forward with collision and the
 * constraint solve. The rollouts stay sound, the adjoint (which recomputes each stage, contacts
 * included) equals the tape, and a warm start, which the adjoint cannot replay stage by stage, is
 * refused by name.
 */
class Rk4ContactsTest {
  private static Model rk4(String spec) {
    Model m = ModelLoader.load(spec);
    return m.withOptions(m.opt().toBuilder().integrator(Integrator.RK4).build());
  }

  private static Data start(Model m) {
    Data d = new Data(m);
    if (m.nkey() > 0) {
      d.resetToKey(0);
    }
    return d;
  }

  /**
   * The ant and the drop scene over 2000 steps: finite, nothing launches, and the first body ends
   * resting at its height (the ant's torso on its legs, the ball of radius 0.08 on the floor); on
   * impact the ball sinks at most the 1.2 cm it falls in one step (contacts are found at a step's
   * start, as with Euler).
   */
  @ParameterizedTest
  @CsvSource({
    "builtin:ant, 0.25, 0.8, 0.25, 0.8",
    "../datasets/reference/models/rk4_contacts.xml, 0.066, 0.45, 0.078, 0.081"
  })
  void rolloutsStaySound(String spec, double lowest, double highest, double restLo, double restHi) {
    Model m = rk4(spec);
    Data d = start(m);
    double low = Double.POSITIVE_INFINITY, high = Double.NEGATIVE_INFINITY;
    for (int t = 0; t < 2000; t++) {
      Step.step(m, d);
      low = Math.min(low, d.qpos[2]);
      high = Math.max(high, d.qpos[2]);
    }
    assertTrue(d.ncon > 0, spec + ": resting on its contacts");
    assertTrue(d.qpos[2] > restLo && d.qpos[2] < restHi, spec + ": resting at " + d.qpos[2]);
    assertTrue(
        low > lowest && high < highest,
        spec + ": first body's height in [" + low + ", " + high + "]");
  }

  @ParameterizedTest
  @CsvSource({
    "builtin:ant, 100",
    "../datasets/reference/models/rk4_contacts.xml, 120",
    "../datasets/reference/models/box_stack.xml, 100"
  })
  void theAdjointThroughEveryStagesContactsEqualsTheTape(String spec, int steps) {
    Model m = rk4(spec);
    RolloutProblem p = RolloutProblem.of(m, start(m), steps, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(10));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    TapeCheck.assertAgrees(
        spec, adjoint, tape, 1e-9, Wrt.QPOS0, Wrt.QVEL0, Wrt.CTRL, Wrt.FRICTION, Wrt.MASS);
    assertTrue(adjoint.norm() > 1e-3, "a gradient worth comparing");
  }

  @Test
  void aWarmStartIsRefusedByName() {
    Model m = ModelLoader.load("builtin:ant");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                m.withOptions(
                    m.opt().toBuilder().integrator(Integrator.RK4).warmStart(true).build()));
    assertTrue(e.getMessage().contains("warm start"), e.getMessage());
  }
}
