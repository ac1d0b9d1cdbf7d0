package org.diffart.backends.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.diffart.sim.nn.Activation;
import org.diffart.sim.nn.Adam;
import org.diffart.sim.nn.Mlp;
import org.diffart.sim.nn.Rng;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Times one SAC-sized network update as {@code BENCHMARKS.md} reports it, ours beside PyTorch's in
 * the same run: a critic MLP (obs+act → hidden → hidden → 1) and a policy MLP (obs → hidden →
 * hidden → 2·act), ReLU, each a forward pass, the loss {@code ½·mean (y − t)²}, the backward pass
 * and an Adam step on one batch; untimed warm-up updates, then the median of timed repeats of both
 * updates together. PyTorch (Debian's {@code /usr/bin/python3} with {@code python3-torch}) runs the
 * same in a process of its own, float64 and float32, its threads set to ours (one).
 *
 * <p>It also times the dense layer's three products (forward {@code X·W}, weight gradient {@code
 * Xᵀ·G}, input gradient {@code G·Wᵀ}) written out in {@link Mlp} against EJML's {@code
 * CommonOps_DDRM}, the choice {@link Mlp}'s implementation rests on.
 *
 * <p>Arguments (all optional): {@code --batch 256 --hidden 256 --obs 27 --act 8 --warmup 100 --reps
 * 41 --no-torch}. Prints one JSON line per measurement.
 */
public final class NetworkBenchmark {
  private static final Path PYTHON = Path.of("/usr/bin/python3");

  private NetworkBenchmark() {}

  /** Runs the benchmark; see the class comment for the arguments. */
  public static void main(String[] args) throws IOException, InterruptedException {
    int batch = intArg(args, "--batch", 256);
    int hidden = intArg(args, "--hidden", 256);
    int obs = intArg(args, "--obs", 27);
    int act = intArg(args, "--act", 8);
    int warmup = intArg(args, "--warmup", 100);
    int reps = intArg(args, "--reps", 41);
    boolean torch = !Arrays.asList(args).contains("--no-torch");
    String shape =
        String.format(
            Locale.ROOT,
            "\"batch\": %d, \"hidden\": %d, \"obs\": %d, \"act\": %d",
            batch,
            hidden,
            obs,
            act);
    for (int[] mkn : new int[][] {{batch, obs + act, hidden}, {batch, hidden, hidden}}) {
      layerKernels(mkn[0], mkn[1], mkn[2], warmup, reps);
    }
    double[] ours = sacUpdateMs(batch, hidden, obs, act, warmup, reps);
    System.out.printf(
        Locale.ROOT,
        "{\"what\": \"sac-update\", \"impl\": \"diffart\", \"dtype\": \"float64\", \"threads\": 1,"
            + " %s, \"median_ms\": %.3f, \"min_ms\": %.3f}%n",
        shape,
        ours[0],
        ours[1]);
    if (!torch) {
      return;
    }
    for (String line : runTorch(batch, hidden, obs, act, warmup, reps)) {
      System.out.println(line);
      double median = number(line, "median_ms");
      double min = number(line, "min_ms");
      if (!Double.isNaN(median)) {
        System.out.printf(
            Locale.ROOT,
            "{\"what\": \"sac-update-ratio\", \"versus\": %s, \"torch_over_diffart_median\":"
                + " %.3f, \"torch_over_diffart_min\": %.3f}%n",
            quoted(line),
            median / ours[0],
            min / ours[1]);
      }
    }
  }

  /**
   * One implementation's time for one SAC-sized update (a critic and a policy update together).
   *
   * @param impl {@code diffart} or {@code pytorch}
   * @param dtype {@code float64} or {@code float32}
   * @param hidden the hidden width (two layers)
   * @param batch the batch
   * @param medianMs the median over the timed repeats, ms (NaN when it did not run)
   * @param minMs the fastest repeat, ms
   * @param status {@code ok}, or why it did not run (no python3-torch, a time-out)
   */
  public record Timing(
      String impl,
      String dtype,
      int hidden,
      int batch,
      double medianMs,
      double minMs,
      String status) {
    /** PyTorch's median over ours, when both ran. */
    public double over(Timing ours) {
      return medianMs / ours.medianMs;
    }
  }

  /**
   * One SAC-sized update timed in ours (float64) and, in the same run, in PyTorch (float64 and
   * float32, one thread like ours): ours first, then PyTorch's rows, each saying why when it did
   * not run.
   */
  public static List<Timing> compare(
      int batch, int hidden, int obs, int act, int warmup, int reps) {
    double[] ours = sacUpdateMs(batch, hidden, obs, act, warmup, reps);
    List<Timing> rows = new ArrayList<>();
    rows.add(new Timing("diffart", "float64", hidden, batch, ours[0], ours[1], "ok"));
    List<String> lines;
    try {
      lines = runTorch(batch, hidden, obs, act, warmup, reps);
    } catch (IOException e) {
      lines = List.of("{\"impl\": \"pytorch\", \"status\": " + quoted(e.getMessage()) + "}");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      lines = List.of("{\"impl\": \"pytorch\", \"status\": \"interrupted\"}");
    }
    for (String line : lines) {
      double median = number(line, "median_ms");
      String dtype =
          line.contains("float32") ? "float32" : line.contains("float64") ? "float64" : "-";
      rows.add(
          new Timing(
              "pytorch",
              dtype,
              hidden,
              batch,
              median,
              number(line, "min_ms"),
              Double.isNaN(median) ? text(line, "status") : "ok"));
    }
    return rows;
  }

  private static String text(String json, String key) {
    String k = "\"" + key + "\": \"";
    int i = json.indexOf(k);
    return i < 0
        ? json
        : json.substring(i + k.length(), Math.max(i + k.length(), json.lastIndexOf('"')));
  }

  /** The median and the minimum time of one critic update plus one policy update, ms. */
  static double[] sacUpdateMs(int batch, int hidden, int obs, int act, int warmup, int reps) {
    Rng rng = new Rng(1);
    int[] h = {hidden, hidden};
    Mlp critic = Mlp.of(obs + act, h, 1, Activation.RELU);
    Mlp policy = Mlp.of(obs, h, 2 * act, Activation.RELU);
    critic.initialize(rng);
    policy.initialize(rng);
    Adam cAdam = new Adam(critic.parameterCount(), 3e-4);
    Adam pAdam = new Adam(policy.parameterCount(), 3e-4);
    double[] xc = normals(rng, batch * (obs + act));
    double[] tc = normals(rng, batch);
    double[] xp = normals(rng, batch * obs);
    double[] tp = normals(rng, batch * 2 * act);
    double[] bar = new double[batch * 2 * act];
    Runnable both =
        () -> {
          update(critic, cAdam, xc, tc, batch, bar);
          update(policy, pAdam, xp, tp, batch, bar);
        };
    double[] t = timesMs(both, warmup, reps);
    return new double[] {t[reps / 2], t[0]};
  }

  /** Forward, ½·mean squared error, backward and an Adam step. */
  static void update(Mlp net, Adam adam, double[] x, double[] target, int batch, double[] bar) {
    double[] y = net.forward(x, batch);
    int n = batch * net.outputSize();
    for (int i = 0; i < n; i++) {
      bar[i] = (y[i] - target[i]) / n;
    }
    net.zeroGradients();
    net.backward(bar, null, true);
    adam.step(net.parameters(), net.gradients());
  }

  /** The dense layer's products, {@link Mlp}'s loops against EJML's, m×k times k×n. */
  static void layerKernels(int m, int k, int n, int warmup, int reps) {
    Rng rng = new Rng(2);
    Mlp layer = new Mlp(new int[] {k, n}, Activation.RELU);
    layer.initialize(rng);
    double[] x = normals(rng, m * k);
    double[] g = normals(rng, m * n);
    double[] xBar = new double[m * k];
    DMatrixRMaj xm = DMatrixRMaj.wrap(m, k, x);
    DMatrixRMaj wm = DMatrixRMaj.wrap(k, n, Arrays.copyOf(layer.parameters(), k * n));
    DMatrixRMaj gm = DMatrixRMaj.wrap(m, n, g);
    DMatrixRMaj ym = new DMatrixRMaj(m, n);
    DMatrixRMaj dw = new DMatrixRMaj(k, n);
    DMatrixRMaj dx = new DMatrixRMaj(m, k);
    double oursForward = medianMs(() -> layer.forward(x, m), warmup, reps);
    double oursBackward =
        medianMs(
                () -> {
                  layer.forward(x, m);
                  layer.backward(g, xBar, true);
                },
                warmup,
                reps)
            - oursForward;
    double ejmlForward = medianMs(() -> CommonOps_DDRM.mult(xm, wm, ym), warmup, reps);
    double ejmlBackward =
        medianMs(
            () -> {
              CommonOps_DDRM.multTransA(xm, gm, dw);
              CommonOps_DDRM.multTransB(gm, wm, dx);
            },
            warmup,
            reps);
    System.out.printf(
        Locale.ROOT,
        "{\"what\": \"dense-layer\", \"m\": %d, \"k\": %d, \"n\": %d, \"forward_ms\": {\"loops\":"
            + " %.4f, \"ejml\": %.4f}, \"backward_ms\": {\"loops\": %.4f, \"ejml\": %.4f}}%n",
        m,
        k,
        n,
        oursForward,
        ejmlForward,
        oursBackward,
        ejmlBackward);
  }

  private static double medianMs(Runnable r, int warmup, int reps) {
    return timesMs(r, warmup, reps)[reps / 2];
  }

  /** The sorted times of {@code reps} runs after {@code warmup} untimed ones, ms. */
  private static double[] timesMs(Runnable r, int warmup, int reps) {
    for (int i = 0; i < warmup; i++) {
      r.run();
    }
    double[] t = new double[reps];
    for (int i = 0; i < reps; i++) {
      long t0 = System.nanoTime();
      r.run();
      t[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(t);
    return t;
  }

  private static List<String> runTorch(
      int batch, int hidden, int obs, int act, int warmup, int reps)
      throws IOException, InterruptedException {
    List<String> lines = new ArrayList<>();
    Path script = Files.createTempFile("nn_torch", ".py");
    try (InputStream in = NetworkBenchmark.class.getResourceAsStream("nn_torch.py")) {
      if (in == null) {
        throw new IOException("resource nn_torch.py missing beside NetworkBenchmark");
      }
      Files.write(script, in.readAllBytes());
    }
    try {
      Process p =
          new ProcessBuilder(
                  PYTHON.toString(),
                  script.toString(),
                  "1",
                  Integer.toString(batch),
                  Integer.toString(hidden),
                  Integer.toString(obs),
                  Integer.toString(act),
                  Integer.toString(warmup),
                  Integer.toString(reps))
              .redirectErrorStream(true)
              .start();
      String out;
      try (InputStream in = p.getInputStream()) {
        out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!p.waitFor(600, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        lines.add("{\"impl\": \"pytorch\", \"status\": \"timed out after 600 s\"}");
        return lines;
      }
      for (String line : out.split("\n")) {
        if (line.startsWith("{")) {
          lines.add(line);
        }
      }
      if (p.exitValue() != 0 || lines.isEmpty()) {
        lines.add(
            "{\"impl\": \"pytorch\", \"status\": "
                + quoted("exit " + p.exitValue() + ": " + out.strip())
                + "}");
      }
      return lines;
    } finally {
      Files.deleteIfExists(script);
    }
  }

  private static double number(String json, String key) {
    String k = "\"" + key + "\":";
    int i = json.indexOf(k);
    if (i < 0) {
      return Double.NaN;
    }
    String rest = json.substring(i + k.length()).trim();
    int end = 0;
    while (end < rest.length() && "0123456789.eE+-".indexOf(rest.charAt(end)) >= 0) {
      end++;
    }
    return Double.parseDouble(rest.substring(0, end));
  }

  private static String quoted(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "'").replace("\n", " ") + "\"";
  }

  private static double[] normals(Rng rng, int n) {
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = rng.normal();
    }
    return a;
  }

  private static int intArg(String[] args, String name, int fallback) {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals(name)) {
        try {
          return Integer.parseInt(args[i + 1]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(name + " needs an integer, got " + args[i + 1], e);
        }
      }
    }
    return fallback;
  }
}
