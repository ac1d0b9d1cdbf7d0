package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.model.Model;
import org.diffart.sim.rl.Ant;
import org.diffart.sim.rl.Pendulum;
import org.diffart.sim.rl.Task;
import org.diffart.sim.rl.VectorEnv;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/** SHAC: the window's policy gradient, learning, determinism, save and restore. */
class ShacTest {

  /** Tiny networks and windows for the gradient checks. */
  private static ShacSettings tiny(int horizon) {
    return new ShacSettings(
        new int[] {6},
        new int[] {5},
        1e-2,
        1e-3,
        0.7,
        0.95,
        10,
        horizon,
        0.99,
        0.95,
        2,
        2,
        0.2,
        1.0,
        true,
        -1.0,
        1,
        false);
  }

  /**
   * The segment's loss recomputed from scratch at θ: its own rollout with the policy, the task's
   * rewards and the closing critic, as a function of θ alone.
   */
  static double segmentLoss(Task task, Shac.Segment seg, double[] theta, double gamma) {
    RolloutProblem p = seg.problem();
    ShacLaw law = (ShacLaw) p.law();
    Model m = task.model();
    Data d = p.newData(), prev = new Data(m);
    double[] a = new double[task.actionSize()];
    double loss = 0;
    for (int j = 0; j < seg.length(); j++) {
      law.action(d, j, theta, a);
      for (int c = 0; c < a.length; c++) {
        d.ctrl[c] = task.controlOffset(c) + task.controlScale(c) * a[c];
      }
      prev.copyStateFrom(d);
      for (int k = 0; k < task.substeps(); k++) {
        Step.step(m, d);
      }
      boolean last = seg.firstStep() + j + 1 >= task.maxEpisodeSteps();
      loss -= Math.pow(gamma, j) * task.reward(new Task.StepData(prev, d, a, 0, last));
    }
    if (seg.critic() != null) {
      double[] raw = new double[task.observationSize()], obs = new double[raw.length];
      task.observe(d, seg.firstStep() + seg.length(), raw, 0);
      seg.norm().normalize(raw, 0, obs, 0);
      loss -= Math.pow(gamma, seg.length()) * seg.critic().forward(obs, 1)[0];
    }
    return loss;
  }

  private static double[] centralDifferences(Task task, Shac.Segment seg, double gamma) {
    double[] theta = seg.problem().theta().clone(), g = new double[theta.length];
    double eps = 1e-6;
    for (int i = 0; i < theta.length; i++) {
      double keep = theta[i];
      theta[i] = keep + eps;
      double plus = segmentLoss(task, seg, theta, gamma);
      theta[i] = keep - eps;
      double minus = segmentLoss(task, seg, theta, gamma);
      theta[i] = keep;
      g[i] = (plus - minus) / (2 * eps);
    }
    return g;
  }

  private static void windowGradientMatches(Shac agent, int windowsBefore) {
    for (int i = 0; i < windowsBefore; i++) {
      agent.window();
    }
    List<Shac.Segment> segments = agent.simulateWindow();
    assertTrue(!segments.isEmpty());
    for (Shac.Segment seg : segments) {
      GradientResult adjoint = AdjointGradient.compute(seg.problem(), new Checkpointing.Every(3));
      double gamma = agent.settings().discount();
      assertEquals(
          segmentLoss(agent.task(), seg, seg.problem().theta(), gamma),
          adjoint.loss(),
          1e-12 * Math.max(1, Math.abs(adjoint.loss())),
          "the adjoint follows the segment's own rollout");
      double[] fd = centralDifferences(agent.task(), seg, gamma);
      assertTrue(TapeCheck.maxAbs(adjoint.theta()) > 1e-6, "non-trivial policy gradient");
      double err = TapeCheck.relativeError(adjoint.theta(), fd);
      assertTrue(err < 1e-5, "policy gradient against central differences: relative error " + err);
    }
  }

  @Test
  void clippingMeasuresHugeGradientsAndRefusesNonFiniteOnes() {
    double[] huge = {3e200, -4e200};
    assertEquals(5e200, Shac.clip(huge, 1), 1e186);
    assertEquals(0.6, huge[0], 1e-12);
    assertEquals(-0.8, huge[1], 1e-12);
    double[] inf = {1, Double.POSITIVE_INFINITY};
    assertEquals(Double.POSITIVE_INFINITY, Shac.clip(inf, 1));
    assertEquals(1, inf[0]);
    assertTrue(Double.isNaN(Shac.clip(new double[] {Double.NaN, 1}, 1)));
    double[] small = {0.3, 0.4};
    assertEquals(0.5, Shac.clip(small, 1), 1e-15);
    assertEquals(0.3, small[0]);
  }

  @Test
  void windowPolicyGradientMatchesCentralDifferencesOnPendulum2() {
    windowGradientMatches(new Shac(tiny(6), Pendulum.create(2, 2), 3), 2);
  }

  @Test
  void windowPolicyGradientMatchesCentralDifferencesOnTheAntThroughHeldSubsteps() {
    // five substeps held per action; episodes may terminate inside the window
    windowGradientMatches(new Shac(tiny(3), Ant.create(1), 4), 1);
  }

  private static byte[] saved(Agent a) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    a.save(new DataOutputStream(bytes));
    return bytes.toByteArray();
  }

  /** The small preset on the 1-link pendulum: 8 worlds, windows of 32 steps. */
  private static Shac pendulum1(long seed, int windows) {
    return new Shac(
        ShacSettings.small(ShacSettings.pendulumDefaults(), windows), Pendulum.create(1, 8), seed);
  }

  @Test
  void sameSeedSameNumbersAndSaveRestoreContinuesBitForBit() throws IOException {
    Shac a = pendulum1(11, 6), b = pendulum1(11, 6);
    VectorEnv eval = Pendulum.create(1, 2);
    a.trainUntil(3 * 8 * 32);
    b.trainUntil(3 * 8 * 32);
    assertEquals(a.lastActorLoss(), b.lastActorLoss(), 0);
    byte[] mid = saved(a);
    assertEquals(a.evaluate(eval, 2, 5), b.evaluate(eval, 2, 5), 0);
    // evaluation left the training state alone: a still saves the same bytes
    org.junit.jupiter.api.Assertions.assertArrayEquals(mid, saved(a));
    Shac c = pendulum1(99, 6);
    c.restore(new DataInputStream(new ByteArrayInputStream(mid)));
    a.trainUntil(6 * 8 * 32);
    c.trainUntil(6 * 8 * 32);
    assertEquals(a.envSteps(), c.envSteps());
    assertEquals(a.lastActorLoss(), c.lastActorLoss(), 0);
    org.junit.jupiter.api.Assertions.assertArrayEquals(saved(a), saved(c));
    assertEquals(a.evaluate(eval, 2, 5), c.evaluate(eval, 2, 5), 0);
  }

  @Test
  void createdByNameAsShac() {
    Agent a = Agents.create("shac", AgentSettings.pendulumSmall(2), Pendulum.create(1, 4), 1);
    assertEquals("shac", a.method());
    assertEquals(ShacSettings.small(ShacSettings.pendulumDefaults(), 1), ((Shac) a).settings());
  }

  @Test
  void learnsToLiftTheOneLinkPendulum() {
    // the return is dist_0 − 2·dist_T: at most 0.5 (the tip at the target), −1.5 hanging down
    Shac agent =
        new Shac(ShacSettings.small(ShacSettings.pendulumDefaults(), 12), Pendulum.create(1, 8), 1);
    VectorEnv eval = Pendulum.create(1, 1);
    double before = agent.evaluate(eval, 1, 0);
    agent.trainUntil(12 * 8 * 100);
    double after = agent.evaluate(eval, 1, 0);
    assertTrue(before < -1, "the initial policy lets the pendulum fall: " + before);
    // a clear rise: more than a third of the return's range of 2
    assertTrue(
        after > before + 0.7,
        "after 12 windows of 8 worlds the return is " + after + " (from " + before + ")");
  }
}
