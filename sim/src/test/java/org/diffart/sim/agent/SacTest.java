package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class SacTest {
  static final int WORLDS = 4;
  static final int EPISODE = 30;

  /** Small networks and a short exploration for runs of seconds. */
  static AgentSettings small() {
    return new AgentSettings(
        new int[] {32, 32}, 3e-3, 64, 0.95, 0.02, Double.NaN, 1, 200, 20_000, 10, 300, 9, 1e-2, 10);
  }

  private static double evaluate(Agent agent) {
    return agent.evaluate(new PointMassEnv(WORLDS, 1, EPISODE), 8, 1000);
  }

  @Test
  void sacImprovesTheReturnClearly() {
    Agent agent = Agents.create("sac", small(), new PointMassEnv(WORLDS, 1, EPISODE), 5);
    double before = evaluate(agent);
    agent.trainUntil(3000);
    double after = evaluate(agent);
    // the 8 evaluation episodes start at x0 with mean x0² ≈ 0.4; reaching the origin returns x0²
    double best = 0;
    for (int k = 0; k < 8; k++) {
      double[] o = new double[2];
      new PointMassEnv(1, 1, EPISODE).reset(0, 1000 + k, o);
      best += o[0] * o[0] / 8;
    }
    assertTrue(after > 0.8 * best, "after " + after + " of at most " + best + ", before " + before);
    assertTrue(after > before + 0.2 * best, "before " + before + " after " + after);
  }

  @Test
  void theSeedFixesTheCurveBitForBit() {
    for (String method : new String[] {"sac", "pe", "se"}) {
      double[] a = curve(method, 7);
      double[] b = curve(method, 7);
      assertArrayEquals(a, b, method);
      assertNotEquals(a[a.length - 1], curve(method, 8)[a.length - 1], method);
    }
  }

  private static double[] curve(String method, long seed) {
    Agent agent = Agents.create(method, small(), new PointMassEnv(WORLDS, 1, EPISODE), seed);
    double[] c = new double[3];
    for (int i = 0; i < c.length; i++) {
      agent.trainUntil(250L * (i + 1));
      c[i] = evaluate(agent);
    }
    return c;
  }

  @Test
  void saveRestoreContinuesBitForBit() throws IOException {
    for (String method : new String[] {"sac", "pe", "se"}) {
      Sac original = (Sac) Agents.create(method, small(), new PointMassEnv(WORLDS, 1, 30), 3);
      original.trainUntil(300);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      original.save(new DataOutputStream(bytes));
      original.trainUntil(500);
      Sac resumed = (Sac) Agents.create(method, small(), new PointMassEnv(WORLDS, 1, 30), 99);
      resumed.restore(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
      assertEquals(300, resumed.envSteps());
      resumed.trainUntil(500);
      assertArrayEquals(
          original.learner().policy().network().parameters(),
          resumed.learner().policy().network().parameters(),
          method);
      assertEquals(evaluate(original), evaluate(resumed), 0.0, method);
      assertEquals(original.learner().alpha(), resumed.learner().alpha(), 0.0, method);
    }
  }

  @Test
  void evaluationLeavesTrainingAlone() {
    Sac a = (Sac) Agents.create("sac", small(), new PointMassEnv(WORLDS, 1, 30), 4);
    Sac b = (Sac) Agents.create("sac", small(), new PointMassEnv(WORLDS, 1, 30), 4);
    a.trainUntil(300);
    b.trainUntil(300);
    evaluate(a);
    a.trainUntil(400);
    b.trainUntil(400);
    assertArrayEquals(
        a.learner().policy().network().parameters(), b.learner().policy().network().parameters());
  }

  @Test
  void sampleEnhancementStoresNineSyntheticPerReal() {
    Sac se = (Sac) Agents.create("se", small(), new PointMassEnv(WORLDS, 1, 30), 1);
    se.trainUntil(100);
    assertEquals(1000, se.bufferSize());
    Sac sac = (Sac) Agents.create("sac", small(), new PointMassEnv(WORLDS, 1, 30), 1);
    sac.trainUntil(100);
    assertEquals(100, sac.bufferSize());
  }

  @Test
  void unknownMethodIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Agents.create("ppo", small(), new PointMassEnv(1, 1, 5), 0));
    assertTrue(e.getMessage().contains("ppo"));
  }
}
