package org.diffart.backends.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * World-steps per second of each backend for W worlds of one model standing from a keyframe, each
 * world's configuration perturbed a little (seeded): create the backend, upload the worlds, step
 * until two seconds of warm-up have passed (JIT and OpenCL program builds), then R reps of N steps;
 * each rep is timed alone, the uploads and read-backs of qpos and qvel separately. Prints one JSON
 * line per (backend, W).
 *
 * <p>{@code java -cp ... BackendBenchmark MODEL KEY STEPS REPS W[,W...] BACKEND[,BACKEND...]
 * [grad]}: with {@code grad}, the adjoint gradients of W rollouts of STEPS steps (one per world,
 * checkpoint interval 1) instead: the time of the forward and backward sweeps together, per
 * world-step.
 */
public final class BackendBenchmark {
  private BackendBenchmark() {}

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) {
    Model m = ModelLoader.load(args[0]);
    int key = m.keyLookup(args[1]);
    int steps = Integer.parseInt(args[2]), reps = Integer.parseInt(args[3]);
    int[] ws = Arrays.stream(args[4].split(",")).mapToInt(Integer::parseInt).toArray();
    String[] backends = args[5].split(",");
    boolean grad = args.length > 6 && args[6].equals("grad");
    for (int w : ws) {
      for (String name : backends) {
        System.out.println(
            grad ? gradients(m, key, name, w, steps, reps) : run(m, key, name, w, steps, reps));
      }
    }
  }

  private static String run(Model m, int key, String name, int worlds, int steps, int reps) {
    double[] qpos = new double[worlds * m.nq()],
        qvel = new double[worlds * m.nv()],
        ctrl = new double[worlds * m.nu()];
    Random rnd = new Random(worlds);
    for (int w = 0; w < worlds; w++) {
      System.arraycopy(m.keyQpos(key), 0, qpos, w * m.nq(), m.nq());
      System.arraycopy(m.keyCtrl(key), 0, ctrl, w * m.nu(), m.nu());
      qpos[w * m.nq() + 2] += 0.002 * rnd.nextDouble();
    }
    long c0 = System.nanoTime();
    try (Backend b = Backends.create(name, m, worlds)) {
      long c1 = System.nanoTime();
      upload(b, qpos, qvel, ctrl);
      long until = System.nanoTime() + 2_000_000_000L;
      int warm = 0;
      while (System.nanoTime() < until || warm < 2) {
        upload(b, qpos, qvel, ctrl);
        b.step(steps);
        warm++;
      }
      double[] stepMs = new double[reps], transferMs = new double[reps];
      double[] q = new double[qpos.length], v = new double[qvel.length];
      for (int r = 0; r < reps; r++) {
        long t0 = System.nanoTime();
        upload(b, qpos, qvel, ctrl);
        long t1 = System.nanoTime();
        b.step(steps);
        long t2 = System.nanoTime();
        b.getQpos(q);
        b.getQvel(v);
        long t3 = System.nanoTime();
        stepMs[r] = (t2 - t1) / 1e6;
        transferMs[r] = ((t1 - t0) + (t3 - t2)) / 1e6;
        for (double x : q) {
          if (!Double.isFinite(x)) {
            throw new IllegalStateException(name + ": a world blew up");
          }
        }
      }
      Arrays.sort(stepMs);
      Arrays.sort(transferMs);
      double med = stepMs[reps / 2];
      return String.format(
          Locale.ROOT,
          "{\"model\": \"%s\", \"backend\": \"%s\", \"worlds\": %d, \"steps\": %d,"
              + " \"reps\": %d, \"create_ms\": %.1f, \"step_ms_median\": %.3f, \"step_ms_min\": %.3f,"
              + " \"transfer_ms_median\": %.3f, \"world_steps_per_s\": %.1f}",
          m.name(),
          name,
          worlds,
          steps,
          reps,
          (c1 - c0) / 1e6,
          med,
          stepMs[0],
          transferMs[reps / 2],
          worlds * (double) steps / (med / 1e3));
    }
  }

  private static String gradients(Model m, int key, String name, int worlds, int steps, int reps) {
    List<RolloutProblem> problems = new ArrayList<>();
    Random rnd = new Random(worlds);
    for (int w = 0; w < worlds; w++) {
      Data d = new Data(m);
      d.resetToKey(key);
      d.qpos[2] += 0.002 * rnd.nextDouble();
      problems.add(RolloutProblem.of(m, d, steps, Loss.finalConfiguration()));
    }
    var schedule = new Checkpointing.Every(1);
    try (Backend b = Backends.create(name, m, 1)) {
      long until = System.nanoTime() + 2_000_000_000L;
      int warm = 0;
      while (System.nanoTime() < until || warm < 2) {
        b.gradients(problems, "adjoint", schedule);
        warm++;
      }
      double[] ms = new double[reps];
      for (int r = 0; r < reps; r++) {
        long t0 = System.nanoTime();
        b.gradients(problems, "adjoint", schedule);
        ms[r] = (System.nanoTime() - t0) / 1e6;
      }
      Arrays.sort(ms);
      double med = ms[reps / 2];
      return String.format(
          Locale.ROOT,
          "{\"model\": \"%s\", \"backend\": \"%s\", \"worlds\": %d, \"steps\": %d,"
              + " \"reps\": %d, \"grad_ms_median\": %.3f, \"grad_ms_min\": %.3f, \"world_steps_per_s\": %.1f}",
          m.name(),
          name,
          worlds,
          steps,
          reps,
          med,
          ms[0],
          worlds * (double) steps / (med / 1e3));
    }
  }

  private static void upload(Backend b, double[] qpos, double[] qvel, double[] ctrl) {
    b.setQpos(qpos);
    b.setQvel(qvel);
    b.setCtrl(ctrl);
  }
}
