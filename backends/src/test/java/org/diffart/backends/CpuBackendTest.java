package org.diffart.backends;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.backends.cpu.CpuBackend;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class CpuBackendTest {

  @Test
  void worldsStepIndependentlyAndMatchASingleData() {
    Model m = ModelLoader.load("builtin:laikago");
    int worlds = 12;
    CpuBackend b = new CpuBackend(m, worlds);
    double[] qpos = new double[worlds * m.nq()];
    double[] ctrl = new double[worlds * m.nu()];
    for (int w = 0; w < worlds; w++) {
      System.arraycopy(m.keyQpos(0), 0, qpos, w * m.nq(), m.nq());
      System.arraycopy(m.keyCtrl(0), 0, ctrl, w * m.nu(), m.nu());
      qpos[w * m.nq()] = 0.01 * w; // each world a little shifted
    }
    b.setQpos(qpos);
    b.setQvel(new double[worlds * m.nv()]);
    b.setCtrl(ctrl);
    b.step(200);
    double[] out = new double[worlds * m.nq()];
    b.getQpos(out);
    for (int w = 0; w < worlds; w++) {
      Data d = new Data(m);
      d.resetToKey(0);
      d.qpos[0] = 0.01 * w;
      for (int s = 0; s < 200; s++) {
        Step.step(m, d);
      }
      assertArrayEquals(d.qpos, java.util.Arrays.copyOfRange(out, w * m.nq(), (w + 1) * m.nq()), "world " + w);
    }
  }

  @Test
  void aBlownUpWorldIsNamed() {
    Model m = ModelLoader.load("builtin:pendulum:2");
    CpuBackend b = new CpuBackend(m, 2);
    double[] qvel = {0, 0, Double.NaN, 0};
    b.setQvel(qvel);
    SimulationException e = assertThrows(SimulationException.class, () -> b.step(1));
    assertTrue(e.getMessage().startsWith("world 1: step 0"), e.getMessage());
  }

  @Test
  void batchArraysMustHaveWorldsTimesSize() {
    Model m = ModelLoader.load("builtin:pendulum:2");
    CpuBackend b = new CpuBackend(m, 3);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.setQpos(new double[2]));
    assertEquals("qpos must have worlds×2 = 6 values, got 2", e.getMessage());
  }
}
