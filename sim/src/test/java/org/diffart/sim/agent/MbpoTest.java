package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.diffart.sim.nn.EnsembleConfig;
import org.junit.jupiter.api.Test;

class MbpoTest {
  private static final int WORLDS = 4;
  private static final int EPISODE = 20;

  /**
   * Small sizes: 32×32 networks, 3 models / 2 elites, 200 rollouts, model trained every 50 steps.
   */
  private static MbpoSettings settings(int extraSamples) {
    AgentSettings sac =
        new AgentSettings(
            new int[] {32, 32},
            1e-3,
            64,
            0.9,
            5e-3,
            -1,
            1,
            100,
            20_000,
            10,
            100,
            extraSamples,
            1e-2,
            10,
            false);
    EnsembleConfig model = EnsembleConfig.paper().resized(3, 2, new int[] {32, 32}, 20);
    return new MbpoSettings(
        sac, model, 0.05, new int[] {1, 5, 1, 3}, 50, 1, 200, DriftEnv.termination());
  }

  private static Mbpo agent(long seed) {
    return new Mbpo(settings(0), new DriftEnv(WORLDS, EPISODE), seed);
  }

  private static byte[] saved(Agent a) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    a.save(new DataOutputStream(bytes));
    return bytes.toByteArray();
  }

  @Test
  void scheduleAndPoolFollowTheMbpoCode() {
    MbpoSettings pendulum = MbpoSettings.pendulumPaper(3, 1 + 3 + 12);
    assertEquals(1, pendulum.rolloutLength(0));
    assertEquals(1, pendulum.rolloutLength(1));
    assertEquals(5, pendulum.rolloutLength(8)); // 1 + 9·7/14 = 5.5, truncated
    assertEquals(10, pendulum.rolloutLength(15));
    assertEquals(10, pendulum.rolloutLength(300));
    // 1 epoch × ⌊L × 100 000 × 100 / 250⌋
    assertEquals(40_000 * 5, pendulum.modelPoolCapacity(5));
    TerminationFn end = pendulum.termination();
    double[] o = new double[16];
    o[15] = 1.0;
    assertTrue(!end.ends(o, 0, 16));
    o[15] = 1.01;
    assertTrue(end.ends(o, 0, 16));
    o[15] = 0.5;
    o[3] = Double.NaN;
    assertTrue(end.ends(o, 0, 16));
    assertEquals(25, MbpoSettings.antPaper().rolloutLength(100));
    assertEquals(9, MbpoSettings.antPaper().sac().extraSamples());
    assertEquals(0, MbpoSettings.antPaper().withExtraSamples(0).sac().extraSamples());
  }

  @Test
  void poolResizeKeepsTheNewestInOrder() {
    MbpoPool pool = new MbpoPool(1, 1, 5);
    double[] one = new double[1];
    for (int i = 0; i < 7; i++) {
      one[0] = i;
      pool.add(one, 0, one, 0, i, one, 0, false);
    }
    assertEquals(5, pool.size());
    pool.resize(3);
    assertArrayEquals(new double[] {4, 5, 6}, pool.all()[2]);
    pool.resize(6);
    one[0] = 7;
    pool.add(one, 0, one, 0, 7, one, 0, false);
    assertArrayEquals(new double[] {4, 5, 6, 7}, pool.all()[2]);
  }

  @Test
  void learnsTheModelAndImprovesTheReturn() {
    Mbpo a = agent(1);
    DriftEnv eval = new DriftEnv(WORLDS, EPISODE);
    double before = a.evaluate(eval, 8, 1000);
    a.trainUntil(160);
    double firstLoss = a.lastModelTraining().holdoutLoss();
    assertTrue(a.modelPoolSize() > 0, "model rollouts filled the pool");
    a.trainUntil(1200);
    double lastLoss = a.lastModelTraining().holdoutLoss();
    double after = a.evaluate(eval, 8, 1000);
    assertTrue(
        lastLoss < firstLoss - 0.5,
        "model held-out loss at the first training " + firstLoss + ", at the last " + lastLoss);
    assertTrue(after > before + 2.0, "return before " + before + ", after " + after);
    assertEquals("mbpo", a.method());
  }

  @Test
  void sameSeedSameRunAndSaveRestoreContinuesBitForBit() throws IOException {
    Mbpo a = agent(7);
    Mbpo b = agent(7);
    a.trainUntil(260);
    b.trainUntil(260);
    assertArrayEquals(saved(a), saved(b));
    Mbpo c = agent(99);
    c.restore(new DataInputStream(new ByteArrayInputStream(saved(a))));
    a.trainUntil(420);
    c.trainUntil(420);
    assertEquals(a.envSteps(), c.envSteps());
    assertArrayEquals(saved(a), saved(c));
    DriftEnv eval = new DriftEnv(2, EPISODE);
    assertEquals(a.evaluate(eval, 3, 5), c.evaluate(eval, 3, 5));
    assertArrayEquals(saved(a), saved(c), "evaluation changes no training state");
  }

  @Test
  void sampleEnhancementAddsSyntheticTransitionsToTheRealPool() throws IOException {
    Agent se = Agents.create("mbpo-se", settings(9), new DriftEnv(WORLDS, EPISODE), 3);
    assertEquals("mbpo-se", se.method());
    assertEquals("mbpo", Agents.create("mbpo", settings(9), new DriftEnv(1, 5), 3).method());
    se.trainUntil(120);
    Mbpo again = new Mbpo(settings(9), new DriftEnv(WORLDS, EPISODE), 3);
    again.trainUntil(120);
    assertArrayEquals(saved(se), saved(again));
    assertEquals(10 * 120, ((Mbpo) se).realPoolSize());
  }
}
