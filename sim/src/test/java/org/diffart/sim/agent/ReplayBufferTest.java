package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.diffart.sim.nn.Rng;
import org.junit.jupiter.api.Test;

class ReplayBufferTest {
  private static final int OBS = 3, ACT = 2, CAPACITY = 1000;

  /** A buffer with {@code n} distinct transitions added (wrapping past its capacity). */
  private static ReplayBuffer filled(int n) {
    ReplayBuffer b = new ReplayBuffer(OBS, ACT, CAPACITY, true);
    for (int t = 0; t < n; t++) {
      double[] s = {t, t + 0.25, -t}, a = {0.5 * t, 1}, s1 = {t + 1, 2, 3};
      double[] jac = new double[OBS * ACT], jacR = {t, -t};
      java.util.Arrays.fill(jac, 0.125 * t);
      b.add(s, 0, a, 0, 1.5 * t, s1, 0, t % 7 == 0, jac, 0, jacR, 0);
    }
    return b;
  }

  private static byte[] saved(ReplayBuffer b) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      b.save(out);
    }
    return bytes.toByteArray();
  }

  private static ReplayBuffer.Batch sample(ReplayBuffer b) {
    ReplayBuffer.Batch batch = new ReplayBuffer.Batch(64, OBS, ACT, true);
    b.sample(new Rng(5), batch);
    return batch;
  }

  /**
   * A saved buffer holds only its filled rows (a run's state does not grow with the buffer's
   * capacity), and restores to the same samples, before and after its ring wraps.
   */
  @Test
  void savesOnlyItsFilledRowsAndRestoresThemExactly() throws IOException {
    for (int n : new int[] {0, 37, CAPACITY + 260}) {
      ReplayBuffer b = filled(n);
      byte[] bytes = saved(b);
      int rows = Math.min(n, CAPACITY);
      assertEquals(8 + 7 * 4 + 8 * rows * (2 * OBS + ACT + 2 + OBS * ACT + ACT), bytes.length);
      ReplayBuffer back = filled(3); // restored over other transitions
      back.restore(new DataInputStream(new ByteArrayInputStream(bytes)));
      assertArrayEquals(bytes, saved(back));
      if (n > 0) {
        ReplayBuffer.Batch x = sample(b), y = sample(back);
        assertArrayEquals(x.observations(), y.observations());
        assertArrayEquals(x.dObsDa(), y.dObsDa());
        assertArrayEquals(x.rewards(), y.rewards());
      }
    }
  }

  @Test
  void aStateOfAnotherSizeIsRefused() throws IOException {
    byte[] bytes = saved(filled(CAPACITY));
    ReplayBuffer small = new ReplayBuffer(OBS, ACT, 10, true);
    IOException e =
        assertThrows(
            IOException.class,
            () -> small.restore(new DataInputStream(new ByteArrayInputStream(bytes))));
    assertEquals("replay buffer position size=1000, next=0 for capacity 10", e.getMessage());
  }
}
