package org.diffart.backends.bench;

import java.util.Locale;
import java.util.SplittableRandom;
import org.diffart.backends.rl.BackendEnv;
import org.diffart.sim.rl.AbstractTaskEnv;
import org.diffart.sim.rl.Ant;
import org.diffart.sim.rl.Pendulum;
import org.diffart.sim.rl.Task;
import org.diffart.sim.rl.TaskEnv;
import org.diffart.sim.rl.VectorEnv;

/**
 * The RL environments' step throughput: for each environment kind ({@code taskenv}: the CPU {@link
 * TaskEnv}; {@code cpu}, {@code opencl}: {@link BackendEnv} on that backend) and each W, a warm-up,
 * then uniform random actions for the given seconds, worlds reset when their episodes end; prints
 * one JSON line each with env steps/s (calls of {@code step}) and world steps/s (W times that), and
 * the ms of one {@code actionJacobians} call and of one {@code actionVjp} call (one observation row
 * and the reward) for all W worlds (each the median of five after ten of warm-up, where W ≤ 64).
 *
 * <p>{@code EnvBenchmark TASK KINDS WORLDS SECONDS}, e.g. {@code EnvBenchmark pendulum-3
 * taskenv,cpu,opencl 1,64 3}; TASK is {@code pendulum-N} or {@code ant}.
 */
public final class EnvBenchmark {
  private EnvBenchmark() {}

  /** See the class comment. */
  public static void main(String[] args) {
    if (args.length != 4) {
      throw new IllegalArgumentException(
          "usage: EnvBenchmark TASK KINDS WORLDS SECONDS, e.g. pendulum-3 taskenv,cpu,opencl 1,64 3");
    }
    double seconds = Double.parseDouble(args[3]);
    for (String kind : args[1].split(",")) {
      for (String w : args[2].split(",")) {
        Task task = task(args[0]);
        try (VectorEnv env = env(task, kind, Integer.parseInt(w))) {
          measure(env, kind, seconds);
        }
      }
    }
  }

  private static Task task(String name) {
    if (name.equals("ant")) {
      return Ant.task();
    }
    if (name.startsWith("pendulum-")) {
      return Pendulum.task(Integer.parseInt(name.substring("pendulum-".length())));
    }
    throw new IllegalArgumentException("unknown task " + name + ": pendulum-N or ant");
  }

  private static VectorEnv env(Task task, String kind, int worlds) {
    return kind.equals("taskenv")
        ? new TaskEnv(task, worlds)
        : BackendEnv.create(task, kind, worlds);
  }

  private static void measure(VectorEnv env, String kind, double seconds) {
    int w = env.worlds(), na = env.actionSize(), no = env.observationSize();
    SplittableRandom r = new SplittableRandom(1);
    double[] obs = new double[w * no], a = new double[w * na];
    for (int k = 0; k < w; k++) {
      env.reset(k, k, obs);
    }
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    long seed = w;
    run(env, r, a, obs, out, seed, Math.min(2, seconds));
    long t0 = System.nanoTime();
    long calls = run(env, r, a, obs, out, seed, seconds);
    double s = (System.nanoTime() - t0) / 1e9;
    double jacMs = Double.NaN, vjpMs = Double.NaN;
    if (w <= 64) {
      double[] jo = new double[w * no * na], jr = new double[w * na];
      double[] obsBar = new double[w * no], rewardBar = new double[w], aBar = new double[w * na];
      java.util.Arrays.fill(rewardBar, 1);
      for (int k = 0; k < w; k++) {
        obsBar[k * no] = 1;
      }
      jacMs = median(() -> env.actionJacobians(jo, jr));
      if (env instanceof AbstractTaskEnv t) {
        vjpMs = median(() -> t.actionVjp(obsBar, rewardBar, aBar));
      }
    }
    System.out.printf(
        Locale.ROOT,
        "{\"task\": \"%s\", \"env\": \"%s\", \"worlds\": %d, \"env_steps_per_s\": %.1f,"
            + " \"world_steps_per_s\": %.1f, \"jacobians_ms\": %.3f, \"vjp_ms\": %.3f}%n",
        env.name(),
        kind,
        w,
        calls / s,
        calls * w / s,
        jacMs,
        vjpMs);
  }

  /** The median ms of five runs after ten of warm-up. */
  private static double median(Runnable r) {
    for (int i = 0; i < 10; i++) {
      r.run();
    }
    double[] ms = new double[5];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      r.run();
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    java.util.Arrays.sort(ms);
    return ms[2];
  }

  /** Steps with random actions for the given seconds, resetting ended worlds; the step calls. */
  private static long run(
      VectorEnv env,
      SplittableRandom r,
      double[] a,
      double[] obs,
      VectorEnv.StepResult out,
      long seed,
      double seconds) {
    long until = System.nanoTime() + (long) (seconds * 1e9), calls = 0;
    while (System.nanoTime() < until) {
      for (int i = 0; i < a.length; i++) {
        a[i] = r.nextDouble(-1, 1);
      }
      env.step(a, out);
      calls++;
      for (int k = 0; k < env.worlds(); k++) {
        if (out.done(k)) {
          env.reset(k, seed++, obs);
        }
      }
    }
    return calls;
  }
}
