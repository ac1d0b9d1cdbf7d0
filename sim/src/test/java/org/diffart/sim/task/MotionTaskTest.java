package org.diffart.sim.task;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MotionTaskTest {
  /**
   * The adjoint's gradient over the control knots (per-step gradients summed over each knot's
   * steps) against central differences of the loss, on the four knots with the largest gradient:
   * non-zero (the robot touches the ball) and within 1e-4 of the differences, relative to the
   * largest entry.
   */
  @ParameterizedTest
  @ValueSource(strings = {"throw", "golf"})
  void theKnotGradientMatchesCentralDifferences(String name) {
    MotionTask task = MotionTask.named(name, 1000, 10);
    Rollouts f = task.objective();
    double[] x = task.initialControls(3), g = new double[x.length];
    double loss = f.evaluate(x, g);
    assertEquals(loss, f.evaluate(x, null), 1e-12, "a value is the gradient's loss");
    double big = 0;
    for (double v : g) {
      big = Math.max(big, Math.abs(v));
    }
    assertTrue(big > 1e-3, "the gradient is not zero: " + big);
    Integer[] order = new Integer[x.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> Double.compare(Math.abs(g[b]), Math.abs(g[a])));
    double eps = 1e-6;
    for (int k = 0; k < 4; k++) {
      int i = order[k];
      double[] p = x.clone(), m = x.clone();
      p[i] += eps;
      m[i] -= eps;
      double fd = (f.evaluate(p, null) - f.evaluate(m, null)) / (2 * eps);
      assertEquals(fd, g[i], 1e-4 * big, name + " knot " + i);
    }
  }

  /**
   * Why the tasks differ from the paper's starts: from those, nothing touches the ball, and the
   * gradient is exactly zero.
   */
  @ParameterizedTest
  @ValueSource(strings = {"throw", "golf"})
  void fromThePapersStartNothingTouchesTheBall(String name) {
    MotionTask ours = MotionTask.named(name, 1000, 1);
    MotionTask paper;
    if (name.equals("golf")) {
      paper =
          new MotionTask(
              "golf",
              ours.model(),
              ours.start(),
              1000,
              1,
              ours.ball(),
              ours.target(),
              new double[2],
              1,
              0.05);
    } else {
      var d = new org.diffart.sim.data.Data(ours.model());
      d.resetToKey(ours.model().keyLookup("paper"));
      paper =
          new MotionTask(
              "throw",
              ours.model(),
              d,
              1000,
              1,
              ours.ball(),
              ours.target(),
              new double[7],
              0.03,
              0.01);
    }
    double[] g =
        AdjointGradient.compute(paper.problem(paper.initialControls(0)), new Checkpointing.Every(1))
            .ctrl();
    for (double v : g) {
      assertEquals(0, v, 0.0);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"throw", "golf"})
  void knotsAreHeldAndSizesChecked(String name) {
    MotionTask task = MotionTask.named(name, 40, 10);
    int nu = task.model().nu();
    assertEquals(4 * nu, task.parameters());
    double[] x = task.initialControls(1);
    assertArrayEquals(x, task.initialControls(1));
    double[] u = task.perStep(x);
    for (int t = 0; t < 40; t++) {
      for (int k = 0; k < nu; k++) {
        assertEquals(x[t / 10 * nu + k], u[t * nu + k]);
      }
    }
    assertThrows(IllegalArgumentException.class, () -> task.perStep(new double[3]));
    assertThrows(IllegalArgumentException.class, () -> MotionTask.named(name, 45, 10));
    var e = assertThrows(IllegalArgumentException.class, () -> MotionTask.named("juggle", 10, 1));
    assertTrue(e.getMessage().contains("throw, golf"), e.getMessage());
  }
}
