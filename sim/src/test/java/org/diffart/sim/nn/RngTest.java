package org.diffart.sim.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RngTest {
  @Test
  void uniformAndNormalHaveTheirMoments() {
    Rng rng = new Rng(42);
    int n = 200_000;
    double su = 0;
    double sn = 0;
    double sn2 = 0;
    for (int i = 0; i < n; i++) {
      double u = rng.uniform();
      assertTrue(u >= 0 && u < 1);
      su += u;
      double z = rng.normal();
      sn += z;
      sn2 += z * z;
    }
    assertEquals(0.5, su / n, 0.005);
    assertEquals(0, sn / n, 0.01);
    assertEquals(1, sn2 / n, 0.02);
  }

  @Test
  void nextIntCoversItsRange() {
    Rng rng = new Rng(1);
    int[] counts = new int[7];
    for (int i = 0; i < 70_000; i++) {
      counts[rng.nextInt(7)]++;
    }
    for (int c : counts) {
      assertEquals(10_000, c, 500);
    }
  }

  @Test
  void theStateAloneFixesTheStream() {
    Rng a = new Rng(9);
    a.normal();
    Rng b = new Rng(a.state);
    for (int i = 0; i < 10; i++) {
      assertEquals(a.nextLong(), b.nextLong());
    }
  }
}
