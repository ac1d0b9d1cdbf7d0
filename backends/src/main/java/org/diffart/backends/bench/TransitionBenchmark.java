package org.diffart.backends.bench;

import java.util.Arrays;
import java.util.Locale;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * Times the transition linearisation as {@code datasets/reference/mjtransition.c} times MuJoCo's
 * {@code mjd_transitionFD}: keyframe, warm-up steps, two seconds of JIT warm-up per method, then R
 * rounds in which the methods take turns; prints one JSON line per method (forward and central
 * differences with ε = 1e-6, and exact by reverse sweeps) with the median ms.
 */
public final class TransitionBenchmark {
  private TransitionBenchmark() {}

  /** {@code TransitionBenchmark MODEL KEY WARMUP REPS}. */
  public static void main(String[] args) {
    Model m = ModelLoader.load(args[0]);
    Data d = new Data(m);
    d.resetToKey(m.keyLookup(args[1]));
    for (int s = 0; s < Integer.parseInt(args[2]); s++) {
      Step.step(m, d);
    }
    int reps = Integer.parseInt(args[3]);
    String[] methods = {"fd", "fd-centered", "adjoint"};
    for (String method : methods) {
      long until = System.nanoTime() + 2_000_000_000L;
      while (System.nanoTime() < until) {
        run(m, d, method);
      }
    }
    // the methods take turns, so that a slow spell of the machine or late JIT work hits them alike
    double[][] ms = new double[methods.length][reps];
    for (int r = 0; r < reps; r++) {
      for (int k = 0; k < methods.length; k++) {
        long t0 = System.nanoTime();
        run(m, d, methods[k]);
        ms[k][r] = (System.nanoTime() - t0) / 1e6;
      }
    }
    for (int k = 0; k < methods.length; k++) {
      Arrays.sort(ms[k]);
      System.out.printf(
          Locale.ROOT,
          "{\"model\": \"%s\", \"method\": \"%s\", \"nv\": %d, \"ncon\": %d,"
              + " \"ms_median\": %.4f, \"ms_min\": %.4f}%n",
          args[0],
          methods[k],
          m.nv(),
          ncon(m, d),
          ms[k][reps / 2],
          ms[k][0]);
    }
  }

  private static Transition run(Model m, Data d, String method) {
    return switch (method) {
      case "fd" -> Transition.finiteDifferences(m, d, false, 1e-6);
      case "fd-centered" -> Transition.finiteDifferences(m, d, true, 1e-6);
      default -> Transition.exact(m, d);
    };
  }

  private static int ncon(Model m, Data d) {
    Data c = new Data(m);
    c.copyStateFrom(d);
    Step.forward(m, c);
    return c.ncon;
  }
}
