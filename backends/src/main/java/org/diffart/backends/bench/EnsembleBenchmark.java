package org.diffart.backends.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import org.diffart.sim.nn.Activation;
import org.diffart.sim.nn.EnsembleConfig;
import org.diffart.sim.nn.ProbabilisticEnsemble;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.nn.SquashedGaussianPolicy;

/**
 * Times MBPO's model work at the paper's sizes: one training epoch of the probabilistic ensemble (7
 * members of 4×200 swish, minibatches of 256, holdout evaluation included) on N transitions, and
 * one step of a model rollout batch (the SAC policy's sample, 256×256 ReLU, and the ensemble's draw
 * from a random elite) for R rows. The data are random (the cost does not depend on them).
 *
 * <p>After an untimed warm-up call, an epoch's time is {@code (t(1 + E epochs) − t(1 epoch)) / E},
 * which leaves out what a training call does once (standardiser, split, bootstrap, final holdout
 * and elites); that once-cost is {@code t(1 epoch)} less one epoch. Every time is the thread's CPU
 * time (the work is single-threaded), so that other processes on a shared machine do not inflate
 * it.
 *
 * <p>Arguments (all optional): {@code --obs 27 --act 8 --n 5000 --epochs 2 --rows 100000}. Prints
 * one JSON line per measurement.
 */
public final class EnsembleBenchmark {
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  private EnsembleBenchmark() {}

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) {
    int obs = intArg(args, "--obs", 27);
    int act = intArg(args, "--act", 8);
    int n = intArg(args, "--n", 5000);
    int epochs = intArg(args, "--epochs", 2);
    int rows = intArg(args, "--rows", 100_000);
    Rng rng = new Rng(1);
    double[] s = uniform(rng, n * obs);
    double[] a = uniform(rng, n * act);
    double[] r = uniform(rng, n);
    double[] s1 = uniform(rng, n * obs);
    EnsembleConfig paper = EnsembleConfig.paper();
    int[] hidden = paper.hidden();
    // warm-up: the JIT compiles the training and prediction paths
    new ProbabilisticEnsemble(
            paper.resized(paper.members(), paper.elites(), hidden, 2), obs, act, 3)
        .train(s, a, r, s1, Math.min(n, 1500));
    long t0 = CPU.getCurrentThreadCpuTime();
    ProbabilisticEnsemble one =
        new ProbabilisticEnsemble(
            paper.resized(paper.members(), paper.elites(), hidden, 1), obs, act, 2);
    one.train(s, a, r, s1, n);
    long t1 = CPU.getCurrentThreadCpuTime();
    ProbabilisticEnsemble more =
        new ProbabilisticEnsemble(
            paper.resized(paper.members(), paper.elites(), hidden, 1 + epochs), obs, act, 2);
    more.train(s, a, r, s1, n);
    long t2 = CPU.getCurrentThreadCpuTime();
    double oneMs = (t1 - t0) / 1e6;
    double epochMs = ((t2 - t1) / 1e6 - oneMs) / epochs;
    System.out.printf(
        Locale.ROOT,
        "{\"measure\": \"ensemble_epoch\", \"obs\": %d, \"act\": %d, \"transitions\": %d,"
            + " \"epoch_ms\": %.1f, \"once_ms\": %.1f}%n",
        obs,
        act,
        n,
        epochMs,
        oneMs - epochMs);
    // one rollout step of `rows` rows
    double[] start = uniform(rng, rows * obs);
    double[] actions = new double[rows * act];
    double[] logProb = new double[1024];
    double[] chunk = new double[1024 * obs];
    double[] chunkAct = new double[1024 * act];
    SquashedGaussianPolicy policy =
        new SquashedGaussianPolicy(obs, act, new int[] {256, 256}, Activation.RELU);
    policy.network().initialize(rng);
    double[] next = new double[rows * obs];
    double[] rewards = new double[rows];
    for (int rep = 0; rep < 2; rep++) {
      long p0 = CPU.getCurrentThreadCpuTime();
      for (int from = 0; from < rows; from += 1024) {
        int c = Math.min(1024, rows - from);
        System.arraycopy(start, from * obs, chunk, 0, c * obs);
        policy.sample(chunk, c, rng, chunkAct, logProb);
        System.arraycopy(chunkAct, 0, actions, from * act, c * act);
      }
      long p1 = CPU.getCurrentThreadCpuTime();
      more.sample(start, actions, rows, next, rewards);
      long p2 = CPU.getCurrentThreadCpuTime();
      System.out.printf(
          Locale.ROOT,
          "{\"measure\": \"rollout_step\", \"rep\": %d, \"rows\": %d, \"policy_ms\": %.1f,"
              + " \"model_ms\": %.1f}%n",
          rep,
          rows,
          (p1 - p0) / 1e6,
          (p2 - p1) / 1e6);
    }
  }

  private static double[] uniform(Rng rng, int n) {
    double[] x = new double[n];
    Arrays.setAll(x, i -> rng.uniform(-1, 1));
    return x;
  }

  private static int intArg(String[] args, String name, int fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        return Integer.parseInt(args[i + 1]);
      }
    }
    return fallback;
  }
}
