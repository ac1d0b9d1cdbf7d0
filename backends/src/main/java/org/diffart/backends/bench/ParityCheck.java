package org.diffart.backends.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.opencl.OpenClBackend;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * 1000 steps of each model on the CPU and the OpenCL backend from the same 4 worlds (first keyframe
 * or qpos0, random velocities and controls, seeded); prints how many final qpos differ and by how
 * much, and the OpenCL device; then the same for the adjoint gradients of 3 short rollouts. For a
 * device the tests do not reach (a GPU borrowed for one run); the tests' own parity suite is {@code
 * OpenClBackendContractTest}.
 *
 * <p>{@code java -cp ... ParityCheck MODEL...}
 */
public final class ParityCheck {
  private ParityCheck() {}

  /** Runs the check for each model given. */
  public static void main(String[] args) {
    for (String spec : args) {
      Model m = ModelLoader.load(spec);
      int worlds = 4, steps = 1000;
      double[] q = new double[worlds * m.nq()],
          v = new double[worlds * m.nv()],
          u = new double[worlds * m.nu()];
      Random rnd = new Random(1);
      for (int w = 0; w < worlds; w++) {
        System.arraycopy(m.nkey() > 0 ? m.keyQpos(0) : m.qpos0(), 0, q, w * m.nq(), m.nq());
        for (int k = 0; k < m.nv(); k++) {
          v[w * m.nv() + k] = 0.3 * rnd.nextGaussian();
        }
        for (int k = 0; k < m.nu(); k++) {
          u[w * m.nu() + k] = 0.5 * rnd.nextGaussian();
        }
      }
      double[][] out = new double[2][worlds * m.nq()];
      String device = "";
      String[] names = {"cpu", "opencl"};
      for (int b = 0; b < 2; b++) {
        try (Backend backend = Backends.create(names[b], m, worlds)) {
          backend.setQpos(q);
          backend.setQvel(v);
          backend.setCtrl(u);
          backend.step(steps);
          backend.getQpos(out[b]);
          if (backend instanceof OpenClBackend o) {
            device = o.device();
          }
        }
      }
      int differ = 0;
      double max = 0;
      for (int i = 0; i < out[0].length; i++) {
        differ += out[0][i] != out[1][i] ? 1 : 0;
        max = Math.max(max, Math.abs(out[0][i] - out[1][i]));
      }
      System.out.println(
          spec
              + ": "
              + differ
              + " of "
              + out[0].length
              + " qpos differ after "
              + steps
              + " steps, max |diff| "
              + max
              + " on "
              + device);
      gradients(m);
    }
  }

  /**
   * The adjoint of 3 rollouts of 60 steps (checkpoint every 10) on both backends: how many numbers
   * differ.
   */
  private static void gradients(Model m) {
    List<RolloutProblem> problems = new ArrayList<>();
    Random rnd = new Random(2);
    for (int w = 0; w < 3; w++) {
      Data d = new Data(m);
      if (m.nkey() > 0) {
        d.resetToKey(0);
      }
      for (int k = 0; k < m.nv(); k++) {
        d.qvel[k] += 0.05 * rnd.nextGaussian();
      }
      problems.add(RolloutProblem.of(m, d, 60, Loss.finalConfiguration()));
    }
    var schedule = new Checkpointing.Every(10);
    try (Backend cpu = Backends.create("cpu", m, 1);
        Backend ocl = Backends.create("opencl", m, 1)) {
      var a = cpu.gradients(problems, "adjoint", schedule);
      var b = ocl.gradients(problems, "adjoint", schedule);
      int differ = 0, total = 0;
      for (int w = 0; w < problems.size(); w++) {
        for (Wrt wrt : Wrt.values()) {
          double[] x = a.get(w).grad(wrt), y = b.get(w).grad(wrt);
          for (int i = 0; i < x.length; i++) {
            differ += Double.doubleToRawLongBits(x[i]) != Double.doubleToRawLongBits(y[i]) ? 1 : 0;
            total++;
          }
        }
      }
      System.out.println(
          m.name()
              + " adjoint: "
              + differ
              + " of "
              + total
              + " gradient entries differ (3 rollouts"
              + " of 60 steps, checkpoint every 10)");
    }
  }
}
