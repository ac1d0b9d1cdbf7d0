package org.diffart.sim.tape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class TapeTest {

  @Test
  void tapedStepReproducesThePlainStepBitForBit() {
    Model m = ModelLoader.load("builtin:laikago");
    Data plain = new Data(m), taped = new Data(m);
    plain.resetToKey(m.keyLookup("stand"));
    taped.resetToKey(m.keyLookup("stand"));
    try (Tape t = Tape.begin(1L << 30)) {
      for (int k = 0; k < m.nq(); k++) {
        taped.qpos[k] = t.variable(taped.qpos[k]);
      }
      for (int k = 0; k < m.nv(); k++) {
        taped.qvel[k] = t.variable(taped.qvel[k]);
      }
      int contacts = 0;
      for (int s = 0; s < 200; s++) {
        Step.step(m, plain);
        Taped.step(m, taped);
        contacts += plain.ncon;
        assertEquals(plain.ncon, taped.ncon);
        for (int k = 0; k < m.nq(); k++) {
          assertTrue(
              Tape.isVariable(taped.qpos[k]), "qpos[" + k + "] depends on the initial state");
          assertEquals(
              Double.doubleToRawLongBits(plain.qpos[k]),
              Double.doubleToRawLongBits(t.value(taped.qpos[k])),
              "step " + s + " qpos[" + k + "]");
        }
        for (int k = 0; k < m.nv(); k++) {
          assertEquals(
              Double.doubleToRawLongBits(plain.qvel[k]),
              Double.doubleToRawLongBits(t.value(taped.qvel[k])),
              "step " + s + " qvel[" + k + "]");
        }
      }
      assertTrue(contacts > 0, "the rollout touches the ground");
      assertTrue(t.size() > 100_000, "every operation is recorded: " + t.size());
    }
  }

  @Test
  void elementaryPartialsAreExact() {
    try (Tape t = Tape.begin(1 << 20)) {
      double x = t.variable(0.7), y = t.variable(-1.3);
      // f = sin(x)·y + sqrt(x)/y + atan2(y, x) + fma(x, y, x)
      double f =
          TapeOps.dadd(
              TapeOps.dadd(TapeOps.dmul(TapeOps.sin(x), y), TapeOps.ddiv(TapeOps.sqrt(x), y)),
              TapeOps.dadd(TapeOps.atan2(y, x), TapeOps.fma(x, y, x)));
      t.seed(f, 1);
      t.reverse();
      double a = 0.7, b = -1.3, r2 = a * a + b * b;
      assertEquals(Math.cos(a) * b + 0.5 / Math.sqrt(a) / b - b / r2 + b + 1, t.adjoint(x), 1e-15);
      assertEquals(Math.sin(a) - Math.sqrt(a) / (b * b) + a / r2 + a, t.adjoint(y), 1e-15);
      assertEquals(
          Math.sin(a) * b + Math.sqrt(a) / b + Math.atan2(b, a) + Math.fma(a, b, a), t.value(f), 0);
    }
  }

  @Test
  void selectionsPassTheChosenOperandThrough() {
    try (Tape t = Tape.begin(1 << 20)) {
      double x = t.variable(2), y = t.variable(3);
      assertEquals(Double.doubleToRawLongBits(y), Double.doubleToRawLongBits(TapeOps.max(x, y)));
      assertEquals(Double.doubleToRawLongBits(x), Double.doubleToRawLongBits(TapeOps.min(x, y)));
      assertEquals(Double.doubleToRawLongBits(x), Double.doubleToRawLongBits(TapeOps.max(x, 2.0)));
      assertEquals(1, TapeOps.dcmpl(y, x));
      assertFalse(Tape.isVariable(TapeOps.dadd(1.0, 2.0)), "constants stay constants");
      assertEquals(3.0, TapeOps.dadd(1.0, 2.0));
    }
  }

  @Test
  void budgetFailsCleanly() {
    Model m = ModelLoader.load("builtin:laikago");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    TapeBudgetExceededException e;
    try (Tape t = Tape.begin(4L << 20)) {
      for (int k = 0; k < m.nv(); k++) {
        d.qvel[k] = t.variable(d.qvel[k]);
      }
      e =
          assertThrows(
              TapeBudgetExceededException.class,
              () -> {
                for (int s = 0; s < 10_000; s++) {
                  Taped.step(m, d);
                }
              });
      assertTrue(t.peakBytes() <= 4L << 20, "held " + t.peakBytes());
    }
    assertTrue(e.getMessage().startsWith("tape exceeded 4.00 MiB"), e.getMessage());
    // the lock is released: another recording starts at once
    try (Tape t = Tape.begin(1 << 10)) {
      assertEquals(0, t.size());
    }
  }

  @Test
  void seedsSurviveTheTapeGrowingAfterThem() {
    try (Tape t = Tape.begin(1L << 30)) {
      double x = t.variable(3);
      double y = TapeOps.dmul(x, x);
      t.seed(y, 1);
      double z = x;
      for (int i = 0; i < 100_000; i++) {
        z = TapeOps.dadd(z, 1e-9);
      }
      t.seed(z, 2);
      t.reverse();
      assertEquals(2 * 3 + 2, t.adjoint(x), 0, "d(x² + 2(x + c))/dx");
    }
  }
}
