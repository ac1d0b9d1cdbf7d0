package org.diffart.backends.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.diffart.sim.algo.Checks;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.collision.Collision;
import org.diffart.sim.algo.constraint.Constraints;
import org.diffart.sim.algo.constraint.ProjectedGaussSeidel;
import org.diffart.sim.algo.dynamics.Aba;
import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.dynamics.MassMatrixFactor;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * Times each stage of the step on one state, to see where a step's time goes: the smooth stages
 * (checks, kinematics, geom poses and collision when the state has contacts, velocities, forces,
 * ABA) and, when it has contacts or active limits, the constraint stages (CRBA and factorisation,
 * row assembly, PGS). Each stage is repeated N times per rep; the minimum and the median over the
 * reps are printed in µs per call.
 */
public final class StageBenchmark {
  private StageBenchmark() {}

  /** {@code StageBenchmark MODEL N [KEY] [--warmup W]}: one line per stage. */
  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: StageBenchmark MODEL N [KEY] [--warmup W]");
      System.exit(2);
    }
    String key = null;
    int warmup = 0;
    for (int i = 2; i < args.length; i++) {
      if (args[i].equals("--warmup")) {
        warmup = Integer.parseInt(args[++i]);
      } else {
        key = args[i];
      }
    }
    Model m = ModelLoader.load(args[0]);
    Data d = new Data(m);
    if (key != null) {
      d.resetToKey(m.keyLookup(key));
    }
    for (int s = 0; s < warmup; s++) {
      Step.step(m, d);
    }
    Step.forward(m, d);
    int n = Integer.parseInt(args[1]);
    Map<String, Runnable> stages = new LinkedHashMap<>();
    stages.put("checks", () -> Checks.finiteState(m, d));
    stages.put("kinematics", () -> Kinematics.forward(m, d));
    int ncon = d.ncon;
    if (ncon > 0) {
      stages.put(
          "geoms + collision",
          () -> {
            Kinematics.geoms(m, d);
            d.ncon = 0;
            Collision.detect(m, d);
          });
    }
    stages.put("velocity", () -> Kinematics.velocity(m, d));
    stages.put(
        "forces",
        () -> {
          Forces.passive(m, d);
          Forces.actuation(m, d);
          Forces.total(m, d);
        });
    stages.put("aba", () -> Aba.forward(m, d));
    stages.put("smooth (all above)", () -> Step.smooth(m, d));
    if (d.nefc > 0) {
      stages.put(
          "crba + factor",
          () -> {
            Crba.massMatrix(m, d);
            MassMatrixFactor.factor(m, d);
          });
      stages.put("constraint rows", () -> Constraints.assemble(m, d));
      stages.put("pgs", () -> ProjectedGaussSeidel.solve(m, d));
      stages.put("forward (all)", () -> Step.forward(m, d));
      System.out.println(
          m.name()
              + ": "
              + ncon
              + " contacts, "
              + d.nefc
              + " constraint rows, "
              + m.opt().iterations()
              + " PGS sweeps");
    }
    int reps = 15;
    Map<String, double[]> times = new LinkedHashMap<>();
    stages.keySet().forEach(k -> times.put(k, new double[reps]));
    for (int round = 0; round < 2; round++) {
      // the first round warms the JIT up
      for (int rep = 0; rep < reps; rep++) {
        for (Map.Entry<String, Runnable> e : stages.entrySet()) {
          long t0 = System.nanoTime();
          for (int i = 0; i < n; i++) {
            e.getValue().run();
          }
          times.get(e.getKey())[rep] = (System.nanoTime() - t0) / 1e3 / n;
        }
      }
    }
    for (Map.Entry<String, double[]> e : times.entrySet()) {
      double[] t = e.getValue().clone();
      Arrays.sort(t);
      System.out.println(
          String.format(
              Locale.ROOT, "%-20s min %8.3f  median %8.3f  µs", e.getKey(), t[0], t[reps / 2]));
    }
  }
}
