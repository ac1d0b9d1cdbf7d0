package org.diffart.sim.sdf;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Trains a {@link NeuralSdf} on a family of shapes as an auto-decoder (DeepSDF's: one network, one
 * latent code per shape, both learned) with IGR's losses (Gropp et al. 2020, the losses
 * DiffSDFSim's shape space was trained with): per shape, points on its surface (its
 * marching-tetrahedra mesh's vertices) with their normals, and points in the box around it,
 *
 * <pre>
 *   L = mean_s f(x_s, z)² + λ_n mean_s |∇ₓf(x_s, z) − n_s|² + λ_e mean_r (|∇ₓf(x_r, z)| − 1)² + λ_z |z|²
 * </pre>
 *
 * the Eikonal term making f a distance away from the surface. Its gradient in the weights needs the
 * second-order pass {@link NeuralSdf.Pass#backward}. Points are in the network's units ({@link
 * NeuralSdf#scale}). Adam on the weights and the codes, minibatches drawn by a seeded generator:
 * the same settings give the same network.
 */
public final class NeuralSdfTraining {
  private NeuralSdfTraining() {}

  /**
   * How to train.
   *
   * @param latent the code's size
   * @param hidden units per layer
   * @param iterations Adam steps (each over every shape)
   * @param surfacePoints surface points per shape and step
   * @param spacePoints points in the box per shape and step (half of them near the surface)
   * @param rate Adam's step
   * @param normals λ_n
   * @param eikonal λ_e
   * @param codeRegular λ_z
   * @param cells the marching grid of the surface samples
   * @param seed the generator's seed
   */
  public record Settings(
      int latent,
      int hidden,
      int iterations,
      int surfacePoints,
      int spacePoints,
      double rate,
      double normals,
      double eikonal,
      double codeRegular,
      int cells,
      long seed) {
    /** A 2-number code, 24 units, 1500 steps of 64 + 64 points, rate 3e-3. */
    public static Settings defaults() {
      return new Settings(2, 24, 1500, 64, 64, 3e-3, 1, 0.1, 1e-3, 24, 1);
    }

    /** The same with {@code n} steps. */
    public Settings withIterations(int n) {
      return new Settings(
          latent,
          hidden,
          n,
          surfacePoints,
          spacePoints,
          rate,
          normals,
          eikonal,
          codeRegular,
          cells,
          seed);
    }
  }

  /**
   * What training gave.
   *
   * @param network the network with the first shape's code
   * @param codes each shape's code
   * @param losses the loss over all shapes at each step
   */
  public record Result(NeuralSdf network, double[][] codes, double[] losses) {
    /** Shape i of the family as the network has learned it. */
    public NeuralSdf shape(int i) {
      return (NeuralSdf) network.withParams(codes[i]);
    }
  }

  /** Trains a network on the shapes, all inside {@code box}. */
  public static Result train(List<? extends Sdf> shapes, double[] box, Settings s) {
    int n = shapes.size(), k = s.latent(), nw = NeuralSdf.weightCount(k, s.hidden());
    SplittableRandom rnd = new SplittableRandom(s.seed());
    double[] w = new double[nw];
    NeuralSdf.Pass pass = new NeuralSdf.Pass(k, s.hidden());
    initialise(w, pass, rnd);
    double[][] z = new double[n][k];
    for (double[] zi : z) {
      for (int j = 0; j < k; j++) {
        zi[j] = 0.01 * rnd.nextGaussian();
      }
    }
    // the network's units: the box's largest half-extent
    double scale = new NeuralSdf(k, s.hidden(), w, new double[k], box).scale();
    double[] unit = new double[6];
    for (int c = 0; c < 6; c++) {
      unit[c] = box[c] / scale;
    }
    List<double[]> surface = new ArrayList<>(), normal = new ArrayList<>();
    for (Sdf shape : shapes) {
      double[] v = MarchingTetrahedra.extract(shape, s.cells()).vertices().clone();
      double[] nv = new double[v.length];
      for (int q = 0; q < v.length / 3; q++) {
        shape.gradient(nv, 3 * q, v, 3 * q);
        double len = Vec.norm(nv, 3 * q);
        for (int c = 0; c < 3; c++) {
          nv[3 * q + c] /= len;
          v[3 * q + c] /= scale;
        }
      }
      surface.add(v);
      normal.add(nv);
    }
    Adam adam = new Adam(nw + n * k, s.rate());
    double[] theta = new double[nw + n * k], grad = new double[nw + n * k];
    double[] losses = new double[s.iterations()];
    double[] wBar = new double[nw],
        uBar = new double[3 + k],
        x = new double[3],
        gBar = new double[3];
    for (int it = 0; it < s.iterations(); it++) {
      java.util.Arrays.fill(grad, 0);
      double loss = 0;
      for (int i = 0; i < n; i++) {
        java.util.Arrays.fill(wBar, 0);
        double[] zBar = new double[k];
        double[] v = surface.get(i), nv = normal.get(i);
        int nvert = v.length / 3;
        for (int p = 0; p < s.surfacePoints(); p++) {
          int q = rnd.nextInt(nvert);
          pass.input(v, 3 * q, z[i]);
          double f = pass.forward(w);
          pass.inputGradient(w);
          double sn = 0;
          for (int c = 0; c < 3; c++) {
            double e = pass.gu[c] - nv[3 * q + c];
            sn += e * e;
            gBar[c] = 2 * s.normals() * e / s.surfacePoints();
          }
          loss += (f * f + s.normals() * sn) / s.surfacePoints();
          java.util.Arrays.fill(uBar, 0);
          pass.backward(w, 2 * f / s.surfacePoints(), gBar, wBar, uBar);
          addLatent(zBar, uBar);
        }
        for (int p = 0; p < s.spacePoints(); p++) {
          if (p % 2 == 0) {
            for (int c = 0; c < 3; c++) {
              double lo = unit[c], hi = unit[3 + c], pad = 0.1 * (hi - lo);
              x[c] = lo - pad + (hi - lo + 2 * pad) * rnd.nextDouble();
            }
          } else {
            int q = rnd.nextInt(nvert);
            for (int c = 0; c < 3; c++) {
              x[c] = v[3 * q + c] + 0.02 * (unit[3 + c] - unit[c]) * rnd.nextGaussian();
            }
          }
          pass.input(x, 0, z[i]);
          pass.forward(w);
          pass.inputGradient(w);
          double len = Math.sqrt(Vec.dot(pass.gu, 0, pass.gu, 0));
          double e = len - 1;
          loss += s.eikonal() * e * e / s.spacePoints();
          for (int c = 0; c < 3; c++) {
            gBar[c] = len > 0 ? 2 * s.eikonal() * e * pass.gu[c] / len / s.spacePoints() : 0;
          }
          java.util.Arrays.fill(uBar, 0);
          pass.backward(w, 0, gBar, wBar, uBar);
          addLatent(zBar, uBar);
        }
        for (int j = 0; j < k; j++) {
          loss += s.codeRegular() * z[i][j] * z[i][j];
          zBar[j] += 2 * s.codeRegular() * z[i][j];
          grad[nw + i * k + j] = zBar[j];
        }
        for (int j = 0; j < nw; j++) {
          grad[j] += wBar[j];
        }
      }
      losses[it] = loss / n;
      System.arraycopy(w, 0, theta, 0, nw);
      for (int i = 0; i < n; i++) {
        System.arraycopy(z[i], 0, theta, nw + i * k, k);
      }
      adam.step(theta, grad);
      System.arraycopy(theta, 0, w, 0, nw);
      for (int i = 0; i < n; i++) {
        System.arraycopy(theta, nw + i * k, z[i], 0, k);
      }
    }
    NeuralSdf net = new NeuralSdf(k, s.hidden(), w, n > 0 ? z[0] : new double[k], box);
    return new Result(net, z, losses);
  }

  private static void addLatent(double[] zBar, double[] uBar) {
    for (int j = 0; j < zBar.length; j++) {
      zBar[j] += uBar[3 + j];
    }
  }

  /** Weights N(0, 1/fan-in), biases 0. */
  private static void initialise(double[] w, NeuralSdf.Pass p, SplittableRandom rnd) {
    for (int j = 0; j < p.h * p.in; j++) {
      w[p.ow1 + j] = rnd.nextGaussian() / Math.sqrt(p.in);
    }
    for (int j = 0; j < p.h * p.h; j++) {
      w[p.ow2 + j] = rnd.nextGaussian() / Math.sqrt(p.h);
    }
    for (int j = 0; j < p.h; j++) {
      w[p.ow3 + j] = rnd.nextGaussian() / Math.sqrt(p.h);
    }
  }

  /** Adam (Kingma and Ba 2015) with β = (0.9, 0.999), ε = 1e-8, over a flat vector. */
  private static final class Adam {
    private final double[] m, v;
    private final double rate;
    private int t;

    Adam(int n, double rate) {
      m = new double[n];
      v = new double[n];
      this.rate = rate;
    }

    void step(double[] x, double[] g) {
      t++;
      double c1 = 1 - StrictMath.pow(0.9, t), c2 = 1 - StrictMath.pow(0.999, t);
      for (int i = 0; i < x.length; i++) {
        m[i] = 0.9 * m[i] + 0.1 * g[i];
        v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
        x[i] -= rate * (m[i] / c1) / (Math.sqrt(v[i] / c2) + 1e-8);
      }
    }
  }
}
