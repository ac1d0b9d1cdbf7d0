package org.diffart.backends.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The adjoint of a batch of rollouts on the OpenCL device equals the CPU adjoint of each, bit for
 * bit.
 */
class OpenClAdjointTest {
  /**
   * W problems of model m from its first keyframe (or qpos0), each with its own random controls and
   * velocities.
   */
  private static List<RolloutProblem> batch(Model m, int worlds, int steps) {
    Random rnd = new Random(5);
    List<RolloutProblem> out = new ArrayList<>();
    for (int w = 0; w < worlds; w++) {
      Data start = new Data(m);
      if (m.nkey() > 0) {
        start.resetToKey(0);
      }
      for (int k = 0; k < m.nv(); k++) {
        start.qvel[k] += 0.05 * rnd.nextGaussian();
      }
      if (m.ngeom() > 0) {
        start.geomFriction[0] *= 1 + 0.1 * w;
      }
      double[] u = new double[steps * m.nu()];
      for (int i = 0; i < u.length; i++) {
        u[i] = (start.ctrl.length > 0 ? start.ctrl[i % m.nu()] : 0) + 0.1 * rnd.nextGaussian();
      }
      out.add(new RolloutProblem(m, start, u, steps, Loss.finalConfiguration()));
    }
    return out;
  }

  @ParameterizedTest
  @CsvSource({
    "builtin:pendulum:3, 1",
    "builtin:laikago, 1",
    "builtin:laikago, 10",
    "builtin:laikago, revolve:6",
    "builtin:laikago, replay:7",
    "builtin:humanoid, 5",
    "builtin:ant, 1",
    // equality rows of every kind; fluid forces; spatial tendons; activation states
    "../datasets/reference/models/equality.xml, 1",
    "../datasets/reference/models/fluid.xml, 1",
    "../datasets/reference/models/spatial.xml, 1",
    "../datasets/reference/models/actuators.xml, 3",
    // MPR's convex pairs (the adjoint replays each pair's support evaluations) and plane-cylinder
    "../datasets/reference/models/convex.xml, 4",
    "../datasets/reference/models/spin_roll.xml, 4",
    "../datasets/reference/models/margins.xml, 4",
    "../datasets/reference/models/adhesion.xml, 4",
    "../datasets/reference/models/terrain.xml, 4",
    "../datasets/reference/models/meshes.xml, 4",
    "../datasets/reference/models/box_stack.xml, 4",
    "../datasets/models/mujoco_samples/slider_crank.xml, 4",
    "../datasets/reference/models/wrapping.xml, 3",
    "../datasets/reference/models/muscles.xml, 3",
    // RK4: four stages recomputed and reversed per step, with activation states and a joint limit
    "../datasets/reference/trajectories/activation_rk4.xml, 4",
    "../datasets/models/dm_control/acrobot.xml, 4",
    // RK4 with contacts at every stage
    "../datasets/reference/models/rk4_contacts.xml, 4",
    // implicit and implicitfast: their solve's adjoint, the bias derivative's inverse dynamics
    "../datasets/reference/implicit314/implicit_arm.xml, 4",
    "../datasets/reference/implicit314/implicit_free.xml, 4",
    // joint actuatorfrcrange: no bar through a clipped joint
    "../datasets/reference/actfrc314/actfrc_arm.xml, 4",
    // delayed motors (zoh, linear, cubic reads): the bars of their control buffers
    "../datasets/reference/models/delayed_motors.xml, 3",
    // site transmissions: thrusters; site actuators with and without reference sites
    "../datasets/reference/sites314/thrusters.xml, 4",
    "../datasets/reference/sites314/site_arm.xml, 3"
  })
  void everyWorldsGradientIsTheCpuAdjointsBitForBit(String spec, String checkpoint) {
    Model m = ModelLoader.load(spec);
    Checkpointing schedule =
        checkpoint.startsWith("revolve")
            ? new Checkpointing.Revolve(6)
            : checkpoint.startsWith("replay")
                ? new Checkpointing.Replay(7)
                : new Checkpointing.Every(Integer.parseInt(checkpoint));
    List<RolloutProblem> problems = batch(m, 3, 60);
    try (OpenClBackend b = new OpenClBackend(m, 1)) {
      List<GradientResult> device = b.gradients(problems, "adjoint", schedule);
      assertEquals(3, device.size());
      for (int w = 0; w < 3; w++) {
        GradientResult cpu = AdjointGradient.compute(problems.get(w), schedule);
        GradientResult dev = device.get(w);
        String who = spec + " world " + w;
        assertEquals(cpu.loss(), dev.loss(), who);
        assertArrayEquals(cpu.qpos0(), dev.qpos0(), who);
        assertArrayEquals(cpu.qvel0(), dev.qvel0(), who);
        assertArrayEquals(cpu.ctrl(), dev.ctrl(), who);
        assertArrayEquals(cpu.friction(), dev.friction(), who);
        assertArrayEquals(cpu.mass(), dev.mass(), who);
        assertArrayEquals(cpu.damping(), dev.damping(), who);
        assertArrayEquals(cpu.restitution(), dev.restitution(), who);
        assertArrayEquals(cpu.act0(), dev.act0(), who);
        assertArrayEquals(cpu.adjointNorms(), dev.adjointNorms(), who);
        assertEquals(cpu.recomputedSteps(), dev.recomputedSteps(), who);
        assertTrue(cpu.norm() > 0, who + ": a gradient worth comparing");
      }
    }
  }

  @Test
  void whatTheDeviceAdjointRefusesItSays() {
    Model m = ModelLoader.load("builtin:pendulum:2");
    try (OpenClBackend b = new OpenClBackend(m, 1)) {
      RolloutProblem p = batch(m, 1, 10).get(0);
      UnsupportedOperationException tape =
          assertThrows(
              UnsupportedOperationException.class,
              () -> b.gradient(p, "tape", new Checkpointing.Every(1)));
      assertTrue(
          tape.getMessage().contains("the opencl backend differentiates by the adjoint only"),
          tape.getMessage());
      Loss running =
          new Loss() {
            @Override
            public double running(Model mm, int t, double[] q, double[] v, double[] u, Gradient g) {
              return 0;
            }

            @Override
            public double terminal(Model mm, double[] q, double[] v, Gradient g) {
              return 0;
            }
          };
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> b.gradient(p.withLoss(running), "adjoint", new Checkpointing.Every(1)));
      assertTrue(e.getMessage().contains("terminal losses only"), e.getMessage());
    }
    Model arm = ModelLoader.load("../datasets/reference/history314/delayed_arm.xml");
    try (OpenClBackend b = new OpenClBackend(arm, 1)) {
      RolloutProblem p = batch(arm, 1, 10).get(0);
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> b.gradient(p, "adjoint", new Checkpointing.Every(1)));
      assertTrue(e.getMessage().contains("has no sensors"), e.getMessage());
    }
  }
}
