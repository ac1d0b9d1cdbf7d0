package org.diffart.sim.nn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * MBPO's probabilistic dynamics model: E networks, each predicting a diagonal Gaussian over the
 * reward and the change of the observation, {@code (s, a) → (r, Δs)}, trained together on the
 * Gaussian negative log-likelihood ({@link GaussianHead}) with a held-out split choosing the elites
 * that generate model rollouts. It follows the MBPO code (Janner et al. 2019, {@code
 * mbpo/models/bnn.py}) step for step:
 *
 * <ul>
 *   <li>each member is an {@link Mlp} with swish hidden layers (4×200 in the paper) and 2K linear
 *       outputs, K = 1 + observation size (reward first); weights drawn from a normal of standard
 *       deviation {@code 1/(2√fan-in)} truncated at two deviations, biases zero;
 *   <li>the soft log-variance bounds are shared by the members and learned, starting at 0.5 (upper)
 *       and −10 (lower), and penalised by {@code 0.01·(Σ max − Σ min)};
 *   <li>weight decay {@code λ_l·½‖W_l‖²} per layer (biases free), λ = 2.5e-5, 5e-5, 7.5e-5, 7.5e-5,
 *       1e-4 in the paper; one Adam (learning rate 1e-3) on the sum of the members' losses;
 *   <li>every {@link #train} refits the input standardiser (mean, population deviation; a deviation
 *       below 1e-12 counts as 1) on the training rows, holds out {@code min(⌊0.2n⌋, 5000)} rows (at
 *       least one), gives each member its own bootstrap of the rest, runs epochs of minibatches of
 *       256 (each member's bootstrap row order reshuffled after each epoch), snapshots a member
 *       when its held-out mean squared error improves by more than 1 %, stops after 5 epochs
 *       without a snapshot (or at {@link EnsembleConfig#maxEpochs} when that is positive), restores
 *       the snapshots and ranks the members by held-out mean squared error: the best {@link
 *       EnsembleConfig#elites} are the elites. The networks are not reset between calls.
 * </ul>
 *
 * <p>{@link #sample} is MBPO's {@code FakeEnv.step} less the termination: for each row a uniformly
 * chosen elite, a draw from its Gaussian, {@code s' = s + Δs}. A run is fixed by the seed given at
 * construction; {@link #save}/{@link #restore} keep every parameter, moment and the random stream.
 */
public final class ProbabilisticEnsemble {
  /** Rows per forward pass when predicting, so that caches stay small. */
  private static final int CHUNK = 1024;

  /**
   * What one {@link #train} call did.
   *
   * @param epochs the epochs run
   * @param holdoutRows the rows held out
   * @param holdoutMse the elites' mean held-out mean squared error after restoring the snapshots
   * @param holdoutLoss the elites' mean held-out loss ({@link GaussianHead#loss})
   */
  public record TrainResult(int epochs, int holdoutRows, double holdoutMse, double holdoutLoss) {}

  private final EnsembleConfig config;
  private final int obsSize;
  private final int actSize;
  private final int in;
  private final int k;
  private final Mlp[] members;
  private final Adam[] adams;
  private final double[] bounds;
  private final double[] boundsBar;
  private final Adam boundsAdam;
  private final double[] inputMean;
  private final double[] inputStd;
  private final int[] elites;
  private final Rng rng;
  // scratch
  private double[] outBar = new double[0];
  private double[] rowsX = new double[0];
  private double[] rowsY = new double[0];

  /**
   * An ensemble for observations of {@code obsSize} and actions of {@code actSize}, initialised
   * from {@code seed}.
   */
  public ProbabilisticEnsemble(EnsembleConfig config, int obsSize, int actSize, long seed) {
    if (obsSize < 1 || actSize < 1) {
      throw new IllegalArgumentException(
          "obsSize and actSize must be positive, got " + obsSize + ", " + actSize);
    }
    this.config = config;
    this.obsSize = obsSize;
    this.actSize = actSize;
    this.in = obsSize + actSize;
    this.k = 1 + obsSize;
    this.rng = new Rng(seed);
    members = new Mlp[config.members()];
    adams = new Adam[config.members()];
    for (int e = 0; e < members.length; e++) {
      members[e] = Mlp.of(in, config.hidden(), 2 * k, Activation.SWISH);
      initialise(members[e], rng);
      adams[e] = new Adam(members[e].parameterCount(), config.learningRate());
    }
    bounds = new double[2 * k];
    Arrays.fill(bounds, 0, k, 0.5);
    Arrays.fill(bounds, k, 2 * k, -10.0);
    boundsBar = new double[2 * k];
    boundsAdam = new Adam(2 * k, config.learningRate());
    inputMean = new double[in];
    inputStd = new double[in];
    Arrays.fill(inputStd, 1.0);
    elites = new int[config.elites()];
    for (int i = 0; i < elites.length; i++) {
      elites[i] = i;
    }
  }

  /** The configuration. */
  public EnsembleConfig config() {
    return config;
  }

  /** K, the outputs per member: reward then the observation's change. */
  public int targetSize() {
    return k;
  }

  /** The elites' member indices, best first (a copy). */
  public int[] elites() {
    return elites.clone();
  }

  /** Member e's network (live; for tests and benchmarks). */
  Mlp member(int e) {
    return members[e];
  }

  /** The shared soft bounds, K upper then K lower (live). */
  double[] bounds() {
    return bounds;
  }

  /** The bounds' gradient from the last {@link #objective} (live). */
  double[] boundsGradient() {
    return boundsBar;
  }

  // ---- training ----

  /**
   * Trains on n transitions: {@code obs} (n×obsSize), {@code actions} (n×actSize), {@code rewards}
   * (n), {@code nextObs} (n×obsSize), as MBPO's {@code train} does (see the class comment).
   *
   * @throws IllegalArgumentException when n < 2 or an array is too short
   */
  public TrainResult train(
      double[] obs, double[] actions, double[] rewards, double[] nextObs, int n) {
    if (n < 2) {
      throw new IllegalArgumentException("train needs at least 2 transitions, got " + n);
    }
    double[] x = new double[n * in];
    double[] y = new double[n * k];
    inputsAndTargets(obs, actions, rewards, nextObs, n, x, y);
    // split: holdout first in a random permutation
    int[] perm = permutation(n);
    int nHold = Math.max(1, Math.min((int) (n * config.holdoutRatio()), config.maxHoldout()));
    int nTrain = n - nHold;
    double[] hx = gatherRows(x, in, perm, 0, nHold);
    double[] hy = gatherRows(y, k, perm, 0, nHold);
    double[] tx = gatherRows(x, in, perm, nHold, nTrain);
    double[] ty = gatherRows(y, k, perm, nHold, nTrain);
    fitScaler(tx, nTrain);
    standardise(tx, nTrain);
    standardise(hx, nHold);
    // each member's bootstrap of the training rows
    int[][] idx = new int[members.length][nTrain];
    for (int e = 0; e < members.length; e++) {
      for (int i = 0; i < nTrain; i++) {
        idx[e][i] = rng.nextInt(nTrain);
      }
    }
    double[][] best = new double[members.length][];
    double[] bestLoss = new double[members.length];
    Arrays.fill(bestLoss, 1e10);
    int sinceUpdate = 0;
    int epochs = 0;
    int b = config.batchSize();
    while (config.maxEpochs() == 0 || epochs < config.maxEpochs()) {
      for (int start = 0; start < nTrain; start += b) {
        gradientStep(tx, ty, idx, start, Math.min(b, nTrain - start));
      }
      for (int[] row : idx) {
        shuffle(row);
      }
      epochs++;
      boolean updated = false;
      for (int e = 0; e < members.length; e++) {
        double mse = holdout(e, hx, hy, nHold)[0];
        if ((bestLoss[e] - mse) / bestLoss[e] > 0.01) {
          bestLoss[e] = mse;
          best[e] = members[e].parameters().clone();
          updated = true;
        }
      }
      sinceUpdate = updated ? 0 : sinceUpdate + 1;
      if (sinceUpdate > config.patience()) {
        break;
      }
    }
    double[][] losses = new double[members.length][];
    for (int e = 0; e < members.length; e++) {
      if (best[e] != null) {
        System.arraycopy(best[e], 0, members[e].parameters(), 0, best[e].length);
      }
      losses[e] = holdout(e, hx, hy, nHold);
    }
    chooseElites(losses);
    double mse = 0;
    double loss = 0;
    for (int e : elites) {
      mse += losses[e][0] / elites.length;
      loss += losses[e][1] / elites.length;
    }
    return new TrainResult(epochs, nHold, mse, loss);
  }

  /** One Adam step of every member on its next minibatch {@code idx[e][start..start+n)}. */
  private void gradientStep(double[] tx, double[] ty, int[][] idx, int start, int n) {
    Arrays.fill(boundsBar, 0.0);
    for (int e = 0; e < members.length; e++) {
      ensureRows(n);
      for (int r = 0; r < n; r++) {
        int row = idx[e][start + r];
        System.arraycopy(tx, row * in, rowsX, r * in, in);
        System.arraycopy(ty, row * k, rowsY, r * k, k);
      }
      members[e].zeroGradients();
      memberLoss(e, rowsX, rowsY, n, true);
    }
    regularisation(true);
    for (int e = 0; e < members.length; e++) {
      adams[e].step(members[e].parameters(), members[e].gradients());
    }
    boundsAdam.step(bounds, boundsBar);
  }

  /**
   * The training objective on n standardised rows {@code x} with targets {@code y} given to every
   * member (Σ_e L_e plus decays and bound penalties), its gradients left in the members' {@link
   * Mlp#gradients()} and {@link #boundsGradient()}. For tests of the gradient.
   */
  double objective(double[] x, double[] y, int n) {
    Arrays.fill(boundsBar, 0.0);
    double sum = 0;
    for (int e = 0; e < members.length; e++) {
      members[e].zeroGradients();
      sum += memberLoss(e, x, y, n, true);
    }
    return sum + regularisation(true);
  }

  /** Member e's loss on n standardised rows, its gradients accumulated when asked. */
  private double memberLoss(int e, double[] x, double[] y, int n, boolean gradients) {
    double[] out = members[e].forward(x, n);
    if (!gradients) {
      return GaussianHead.loss(out, y, n, k, bounds, null, null);
    }
    if (outBar.length < n * 2 * k) {
      outBar = new double[n * 2 * k];
    }
    double loss = GaussianHead.loss(out, y, n, k, bounds, outBar, boundsBar);
    members[e].backward(outBar, null, true);
    return loss;
  }

  /** Weight decay of every member and the bounds' penalty, gradients added when asked. */
  private double regularisation(boolean gradients) {
    double sum = 0;
    for (Mlp m : members) {
      double[] p = m.parameters();
      double[] g = m.gradients();
      for (int l = 0; l < m.layers(); l++) {
        double lambda = config.weightDecays()[l];
        for (int i = m.weightOffset(l); i < m.biasOffset(l); i++) {
          sum += 0.5 * lambda * p[i] * p[i];
          if (gradients) {
            g[i] += lambda * p[i];
          }
        }
      }
    }
    for (int i = 0; i < k; i++) {
      sum += 0.01 * (bounds[i] - bounds[k + i]);
      if (gradients) {
        boundsBar[i] += 0.01;
        boundsBar[k + i] -= 0.01;
      }
    }
    return sum;
  }

  /** Member e's held-out {mean squared error, loss} on n standardised rows. */
  private double[] holdout(int e, double[] hx, double[] hy, int n) {
    double mse = 0;
    double loss = 0;
    for (int start = 0; start < n; start += CHUNK) {
      int m = Math.min(CHUNK, n - start);
      double[] x = Arrays.copyOfRange(hx, start * in, (start + m) * in);
      double[] y = Arrays.copyOfRange(hy, start * k, (start + m) * k);
      double[] out = members[e].forward(x, m);
      mse += GaussianHead.meanSquaredError(out, y, m, k) * m;
      loss += GaussianHead.loss(out, y, m, k, bounds, null, null) * m;
    }
    return new double[] {mse / n, loss / n};
  }

  /** The members with the smallest held-out mean squared error, best first (ties by index). */
  private void chooseElites(double[][] losses) {
    Integer[] order = new Integer[members.length];
    for (int e = 0; e < order.length; e++) {
      order[e] = e;
    }
    Arrays.sort(order, (a, c) -> Double.compare(losses[a][0], losses[c][0]));
    for (int i = 0; i < elites.length; i++) {
      elites[i] = order[i];
    }
  }

  // ---- prediction ----

  /**
   * Member e's mean and bounded log-variance of {@code (r, Δs)} on n rows of raw (not standardised)
   * inputs {@code x = (s, a)} (n×(obsSize+actSize)), written into {@code mean} and {@code logVar}
   * (n×K).
   */
  public void predict(int e, double[] x, int n, double[] mean, double[] logVar) {
    double[] z = new double[Math.min(n, CHUNK) * in];
    double[] m = new double[Math.min(n, CHUNK) * k];
    double[] lv = new double[Math.min(n, CHUNK) * k];
    for (int start = 0; start < n; start += CHUNK) {
      int c = Math.min(CHUNK, n - start);
      System.arraycopy(x, start * in, z, 0, c * in);
      standardise(z, c);
      GaussianHead.split(members[e].forward(z, c), c, k, bounds, m, lv);
      System.arraycopy(m, 0, mean, start * k, c * k);
      System.arraycopy(lv, 0, logVar, start * k, c * k);
    }
  }

  /**
   * One model step of n rows as MBPO's fake environment takes it: for each row an elite chosen
   * uniformly, a draw {@code (r, Δs) ~ N(μ, e^ℓ)} from it, {@code nextObs = obs + Δs}. Draws the
   * elites for all rows first, then the normal deviates row by row.
   *
   * @param obs n×obsSize
   * @param actions n×actSize
   * @param nextObs n×obsSize, written
   * @param rewards n, written
   */
  public void sample(double[] obs, double[] actions, int n, double[] nextObs, double[] rewards) {
    int[] chosen = new int[n];
    for (int r = 0; r < n; r++) {
      chosen[r] = elites[rng.nextInt(elites.length)];
    }
    double[] mean = new double[n * k];
    double[] logVar = new double[n * k];
    for (int e : elites) {
      int[] rows = rowsOf(chosen, e);
      if (rows.length == 0) {
        continue;
      }
      double[] x = new double[rows.length * in];
      for (int i = 0; i < rows.length; i++) {
        System.arraycopy(obs, rows[i] * obsSize, x, i * in, obsSize);
        System.arraycopy(actions, rows[i] * actSize, x, i * in + obsSize, actSize);
      }
      double[] m = new double[rows.length * k];
      double[] lv = new double[rows.length * k];
      predict(e, x, rows.length, m, lv);
      for (int i = 0; i < rows.length; i++) {
        System.arraycopy(m, i * k, mean, rows[i] * k, k);
        System.arraycopy(lv, i * k, logVar, rows[i] * k, k);
      }
    }
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < k; i++) {
        double draw = mean[r * k + i] + Math.exp(0.5 * logVar[r * k + i]) * rng.normal();
        if (i == 0) {
          rewards[r] = draw;
        } else {
          nextObs[r * obsSize + i - 1] = obs[r * obsSize + i - 1] + draw;
        }
      }
    }
  }

  private static int[] rowsOf(int[] chosen, int e) {
    int count = 0;
    for (int c : chosen) {
      count += c == e ? 1 : 0;
    }
    int[] rows = new int[count];
    int j = 0;
    for (int r = 0; r < chosen.length; r++) {
      if (chosen[r] == e) {
        rows[j++] = r;
      }
    }
    return rows;
  }

  // ---- data ----

  /** Rows {@code x = (s, a)} and targets {@code y = (r, s' − s)}. */
  private void inputsAndTargets(
      double[] obs,
      double[] actions,
      double[] rewards,
      double[] nextObs,
      int n,
      double[] x,
      double[] y) {
    if (obs.length < n * obsSize
        || nextObs.length < n * obsSize
        || actions.length < n * actSize
        || rewards.length < n) {
      throw new IllegalArgumentException(
          "obs, actions, rewards, nextObs must hold n=" + n + " rows");
    }
    for (int r = 0; r < n; r++) {
      System.arraycopy(obs, r * obsSize, x, r * in, obsSize);
      System.arraycopy(actions, r * actSize, x, r * in + obsSize, actSize);
      y[r * k] = rewards[r];
      for (int i = 0; i < obsSize; i++) {
        y[r * k + 1 + i] = nextObs[r * obsSize + i] - obs[r * obsSize + i];
      }
    }
  }

  private void fitScaler(double[] x, int n) {
    for (int j = 0; j < in; j++) {
      double mean = 0;
      for (int r = 0; r < n; r++) {
        mean += x[r * in + j];
      }
      mean /= n;
      double var = 0;
      for (int r = 0; r < n; r++) {
        double d = x[r * in + j] - mean;
        var += d * d;
      }
      double std = Math.sqrt(var / n);
      inputMean[j] = mean;
      inputStd[j] = std < 1e-12 ? 1.0 : std;
    }
  }

  private void standardise(double[] x, int n) {
    for (int r = 0; r < n; r++) {
      for (int j = 0; j < in; j++) {
        x[r * in + j] = (x[r * in + j] - inputMean[j]) / inputStd[j];
      }
    }
  }

  private int[] permutation(int n) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    shuffle(p);
    return p;
  }

  /** Fisher–Yates with the ensemble's stream. */
  private void shuffle(int[] a) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }

  private static double[] gatherRows(double[] a, int width, int[] perm, int from, int count) {
    double[] out = new double[count * width];
    for (int i = 0; i < count; i++) {
      System.arraycopy(a, perm[from + i] * width, out, i * width, width);
    }
    return out;
  }

  private void ensureRows(int n) {
    if (rowsX.length < n * in) {
      rowsX = new double[n * in];
      rowsY = new double[n * k];
    }
  }

  /**
   * Normal weights of deviation 1/(2√fan-in) truncated at two deviations (redrawn), zero biases.
   */
  private static void initialise(Mlp m, Rng rng) {
    double[] p = m.parameters();
    Arrays.fill(p, 0.0);
    int[] sizes = m.sizes();
    for (int l = 0; l < m.layers(); l++) {
      double std = 1.0 / (2.0 * Math.sqrt(sizes[l]));
      for (int i = m.weightOffset(l); i < m.biasOffset(l); i++) {
        double z;
        do {
          z = rng.normal();
        } while (Math.abs(z) > 2.0);
        p[i] = std * z;
      }
    }
  }

  // ---- save and restore ----

  /**
   * Writes the networks, the bounds, the Adam moments, the standardiser, the elites and the stream.
   */
  public void save(DataOutput out) throws IOException {
    for (int e = 0; e < members.length; e++) {
      members[e].save(out);
      adams[e].save(out);
    }
    Arrays64.write(out, bounds);
    boundsAdam.save(out);
    Arrays64.write(out, inputMean);
    Arrays64.write(out, inputStd);
    for (int e : elites) {
      out.writeInt(e);
    }
    rng.save(out);
  }

  /**
   * Reads what {@link #save} wrote into this ensemble, built with the same configuration and sizes.
   *
   * @throws IOException when the stored sizes differ
   */
  public void restore(DataInput in) throws IOException {
    for (int e = 0; e < members.length; e++) {
      members[e].restore(in);
      adams[e].restore(in);
    }
    Arrays64.read(in, bounds, "ensemble log-variance bounds");
    boundsAdam.restore(in);
    Arrays64.read(in, inputMean, "ensemble input mean");
    Arrays64.read(in, inputStd, "ensemble input deviation");
    for (int i = 0; i < elites.length; i++) {
      int e = in.readInt();
      if (e < 0 || e >= members.length) {
        throw new IOException("ensemble elite index " + e + " outside [0, " + members.length + ")");
      }
      elites[i] = e;
    }
    rng.restore(in);
  }
}
