package org.diffart.sim.task;

import java.util.Locale;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.optim.Adam;
import org.diffart.sim.optim.Stop;
import org.diffart.sim.optim.Trace;
import org.diffart.sim.sdf.MarchingTetrahedra;
import org.diffart.sim.sdf.NeuralSdf;
import org.diffart.sim.sdf.NeuralSdfFamily;
import org.diffart.sim.sdf.Sdf;

/**
 * DiffSDFSim's shape from a trajectory ({@code trajectory_fitting/optim_shapespace.py}) on the
 * workbench's learned family ({@link NeuralSdfFamily#shipped}): a body of one of its shapes, at a
 * random orientation, thrown without spin at 1 m/s against a wall 0.5 m away, without gravity (the
 * seed's setting: it throws at 5 m/s from 5 m, its shapes about 1 m across, ours 0.2), restitution
 * 0.5, friction 0.25, 1 s at 1/30 s in steps without penetration; its latent code z is recovered
 * from the centre's positions by Adam on {@code L(z) = Σ_t |p_t − p_t*|² / (T ℓ²) + 10⁻⁴ |z|²} (the
 * seed's latent regulariser; ℓ = 0.2 m, the shapes' size, counts the positions in body lengths as
 * the seed's do) with time-of-contact gradients, from the seed's start (the codes' mean plus a
 * tenth of their spread in noise). The code is the body's shape parameters: the gradient runs
 * through its contacts with the wall (by signed distance, or through its mesh's vertices) and
 * through its mass and inertia. The seed fits IGR shapes of ShapeNet and of a duck and a cow; here
 * nine superellipsoids, learned.
 *
 * @param family the learned shapes
 * @param rate Adam's step
 * @param orientation the body's orientation at the start (unit quaternion, w first)
 * @param surface contacts by signed distance ({@code diffart:sdfsurface}), else through the mesh
 */
public record ThrownShape(
    NeuralSdfFamily family, double rate, double[] orientation, boolean surface) {
  /** Steps: 1 s at 1/30 s. */
  public static final int STEPS = 30;

  /**
   * The unit of the loss's positions, m: our shapes' size (0.2 m across), so that the loss counts
   * in body lengths as the seed's does with its shapes about 1 m across, and its regulariser weighs
   * the same against it.
   */
  public static final double LENGTH = 0.2;

  /** The seed's latent regulariser. */
  public static final double CODE_REGULAR = 1e-4;

  /** The seed's convergence threshold on the change of the loss. */
  public static final double CONVERGED = 1e-8;

  /** Adam's step: the seed's 1e-3 is for its wider codes; ours spread over about 0.5. */
  public static final double RATE = 0.02;

  /** The shipped family at an orientation, Adam's step {@link #RATE}. */
  public static ThrownShape standard(double[] orientation, boolean surface) {
    return new ThrownShape(NeuralSdfFamily.shipped(), RATE, orientation, surface);
  }

  /** A uniformly random orientation (unit quaternion, w first) from the seed. */
  public static double[] randomOrientation(long seed) {
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    double[] q = new double[4];
    double n = 0;
    while (n < 1e-6) {
      n = 0;
      for (int k = 0; k < 4; k++) {
        q[k] = r.nextGaussian();
        n += q[k] * q[k];
      }
    }
    n = Math.sqrt(n);
    for (int k = 0; k < 4; k++) {
      q[k] /= n;
    }
    return q;
  }

  /**
   * The seed's start: the mean of the family's codes plus 0.1 of their spread times a standard
   * normal draw per coordinate.
   */
  public double[] startCode(long seed) {
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    int k = family.network().latent();
    double[] mean = new double[k], sq = new double[k], z = new double[k];
    int n = family.codes().size();
    for (double[] c : family.codes().values()) {
      for (int j = 0; j < k; j++) {
        mean[j] += c[j] / n;
        sq[j] += c[j] * c[j] / n;
      }
    }
    for (int j = 0; j < k; j++) {
      double std = Math.sqrt(Math.max(0, (sq[j] - mean[j] * mean[j]) * n / (n - 1)));
      z[j] = mean[j] + 0.1 * std * r.nextGaussian();
    }
    return z;
  }

  /**
   * The scene with the shape of code z (the seed's floor never comes into play: it is left out).
   */
  public Model model(double[] z) {
    Model m =
        ModelLoader.loadMjcfString(
            String.format(
                Locale.ROOT,
                """
                <mujoco model="thrown-shape">
                  <option timestep="%.17g" gravity="0 0 0"/>
                  <custom>
                    <text name="diffart:solver" data="lcp-pdipm"/>
                    <numeric name="diffart:restitution" data="0.5"/>
                    <numeric name="diffart:timeofcontact" data="1"/>
                    <numeric name="diffart:impactbisections" data="10"/>
                    <numeric name="diffart:sdfsurface" data="%d"/>
                  </custom>
                  <extension>
                    <plugin plugin="diffart.sdf.neural">
                      <instance name="shape">
                        <config key="file" value="builtin:superellipsoids"/>
                        <config key="code" value="%.17g %.17g"/>
                        <config key="cells" value="16"/>
                      </instance>
                    </plugin>
                  </extension>
                  <worldbody>
                    <geom name="wall" type="plane" size="5 5 0.1" pos="0.5 0 0" zaxis="-1 0 0"
                          friction="0.25"/>
                    <body name="shape" pos="0 0 0" quat="%.17g %.17g %.17g %.17g">
                      <freejoint/>
                      <geom type="sdf" density="1000" friction="0.25" margin="0.001">
                        <plugin instance="shape"/>
                      </geom>
                    </body>
                  </worldbody>
                </mujoco>
                """,
                1.0 / 30,
                surface ? 1 : 0,
                z[0],
                z[1],
                orientation[0],
                orientation[1],
                orientation[2],
                orientation[3]),
            "thrown-shape");
    return m.withOptions(m.opt().toBuilder().erp(0).build());
  }

  /** The start: 1 m/s towards the wall, not spinning (the seed's). */
  public static Data start(Model m) {
    Data d = new Data(m);
    d.qvel[0] = 1;
    return d;
  }

  /** The centre's positions after each step [3×STEPS]. */
  public double[] trajectory(double[] z) {
    Model m = model(z);
    return CentreCourse.of(m, start(m), STEPS);
  }

  /** L(z) and ∂L/∂z (the adjoint with time of contact; the code is the shape's parameters). */
  public double lossAndGradient(double[] z, double[] target, double[] grad) {
    Model m = model(z);
    Loss loss = CentreCourse.against(target, STEPS, LENGTH);
    GradientResult g =
        AdjointGradient.compute(
            new RolloutProblem(m, start(m), new double[0], STEPS, loss),
            new Checkpointing.Every(1));
    double l = g.loss();
    for (int k = 0; k < z.length; k++) {
      l += CODE_REGULAR * z[k] * z[k];
      if (grad != null) {
        grad[k] = g.shape()[k] + 2 * CODE_REGULAR * z[k];
      }
    }
    return l;
  }

  /**
   * Fits the code of shape {@code truth} of the family from {@code start} by Adam, at most {@code
   * iterations} steps, stopping when the loss changes by less than {@link #CONVERGED}.
   */
  public Fit fit(String truth, double[] start, int iterations) {
    double[] zTrue = family.codes().get(truth);
    double[] target = trajectory(zTrue);
    double[] last = {Double.NaN};
    Stop stop =
        it -> {
          if (it.iteration() >= iterations) {
            return "budget";
          }
          boolean done = Math.abs(last[0] - it.loss()) < CONVERGED;
          last[0] = it.loss();
          return done ? "ok" : null;
        };
    Trace tr =
        Adam.minimize((z, g) -> lossAndGradient(z, target, g), start, Adam.Settings.of(rate), stop);
    return new Fit(truth, zTrue, start.clone(), tr.best(), tr);
  }

  /**
   * The largest |φ_fit − φ_true| of the two learned shapes on the true one's surface (its mesh at
   * 16 cells), m: how far apart the shapes are where it matters.
   */
  public double shapeError(double[] fitted, double[] truth) {
    Sdf t = family.network().withParams(truth), f = family.network().withParams(fitted);
    double[] v = MarchingTetrahedra.extract(t, 16).vertices();
    double worst = 0;
    for (int q = 0; q < v.length / 3; q++) {
      worst = Math.max(worst, Math.abs(f.value(v, 3 * q) - t.value(v, 3 * q)));
    }
    return worst;
  }

  /**
   * One fit.
   *
   * @param truth the true shape's name
   * @param code its code
   * @param start the code it started from
   * @param estimate the best code found
   * @param trace Adam's course
   */
  public record Fit(String truth, double[] code, double[] start, double[] estimate, Trace trace) {
    /** |estimate − code|. */
    public double codeError() {
      return distance(estimate, code);
    }

    /** |start − code|. */
    public double startError() {
      return distance(start, code);
    }

    static double distance(double[] a, double[] b) {
      double s = 0;
      for (int k = 0; k < a.length; k++) {
        s += (a[k] - b[k]) * (a[k] - b[k]);
      }
      return Math.sqrt(s);
    }
  }

  /** The family's network with code z, as a shape. */
  public NeuralSdf shape(double[] z) {
    return (NeuralSdf) family.network().withParams(z);
  }
}
