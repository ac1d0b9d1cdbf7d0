package org.diffart.sim.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class AdamTest {
  private static final double[][] GRADIENTS = {{2, -1, 0.5}, {-1, 3, 0}, {0.5, 0.5, -2}};

  /**
   * Three steps with lr 0.01 from (1, −0.5, 0.25); the expected values are what torch.optim.Adam
   * (PyTorch 1.13, float64) gives for the same gradients.
   */
  @Test
  void matchesPyTorchOnAKnownSequence() {
    double[] p = {1, -0.5, 0.25};
    Adam adam = new Adam(3, 0.01);
    for (double[] g : GRADIENTS) {
      adam.step(p, g);
    }
    assertEquals(0.9839323382138943, p[0], 1e-15);
    assertEquals(-0.4997132702054073, p[1], 1e-15);
    assertEquals(0.23824213669205066, p[2], 1e-15);
    assertEquals(3, adam.steps());
  }

  @Test
  void saveRestoreContinuesBitForBit() throws IOException {
    double[] p = {1, -0.5, 0.25};
    Adam adam = new Adam(3, 0.01);
    adam.step(p, GRADIENTS[0]);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    adam.save(new DataOutputStream(bytes));
    double[] q = p.clone();
    adam.step(p, GRADIENTS[1]);
    Adam other = new Adam(3, 0.5);
    other.restore(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    other.step(q, GRADIENTS[1]);
    for (int i = 0; i < 3; i++) {
      assertEquals(Double.doubleToLongBits(p[i]), Double.doubleToLongBits(q[i]));
    }
  }
}
