package org.diffart.backends;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.diffart.backends.cpu.CpuBackend;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
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
      assertArrayEquals(
          d.qpos, java.util.Arrays.copyOfRange(out, w * m.nq(), (w + 1) * m.nq()), "world " + w);
    }
  }

  @Test
  void resultsAreBitwiseTheSameWhateverTheSplitIntoTasks() {
    Model m = ModelLoader.load("builtin:laikago");
    int worlds = 13;
    double[] reference = null;
    for (int perTask : new int[] {1, 2, 4, 13}) {
      CpuBackend b = new CpuBackend(m, worlds, perTask);
      double[] qpos = new double[worlds * m.nq()];
      for (int w = 0; w < worlds; w++) {
        System.arraycopy(m.keyQpos(0), 0, qpos, w * m.nq(), m.nq());
        qpos[w * m.nq() + 2] += 0.002 * w;
      }
      b.setQpos(qpos);
      b.step(100);
      double[] out = new double[worlds * m.nq()];
      b.getQpos(out);
      if (reference == null) {
        reference = out;
      } else {
        assertArrayEquals(reference, out, perTask + " worlds per task");
      }
    }
  }
}
