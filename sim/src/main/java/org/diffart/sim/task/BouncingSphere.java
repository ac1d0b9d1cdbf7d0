package org.diffart.sim.task;

import java.util.Locale;
import java.util.SplittableRandom;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * DiffSDFSim's bouncing sphere (Strecke and Stueckler 2021, {@code optim_sphere.py}): an SDF sphere
 * thrown from (0, 0, 5) at 5 m/s along x against a wall (the plane x = 4.5) above a floor (z = 0),
 * restitution 0.5 and friction 0.25 on both, 1.5 s at Δt = 1/30 s, with or without gravity; its
 * radius is recovered from its trajectory by gradient descent on {@code L(r) = Σ_t |p_t − p_t*|² /
 * T} (p_t the centre after step t), the seed's optimiser: step 0.1, at most 100 iterations,
 * stopping when the loss changes by less than 10⁻⁵, the radius kept in [0.4, 2].
 *
 * <p>Ours is z-up (the seed's y-up), the contacts are the exact sphere's against the two planes
 * ({@code Model.geomSdfSphere}) with the seed's contact margin of 1 mm, solved by the lcp-pdipm
 * solver with 8 friction directions and no Baumgarte correction, the steps taken as the seed's
 * without penetration ({@code Options.impactBisections} 10: halved until no new contact is deeper
 * than 10⁻⁸ m), or, to show what they change, as fixed steps that begin a contact up to a step's
 * travel deep. The gradient is the adjoint's, with or without time-of-contact gradients ({@code
 * Options.timeOfContact}); it runs through every bounce (the seed detaches the state after its
 * second contact step), and the loss compares the states after each 1/30 s step (the seed's by the
 * nearest time of its variable steps).
 *
 * @param gravity whether gravity acts (−9.81 m/s² along z)
 * @param timeOfContact whether the gradient has time-of-contact terms
 * @param bisections the seed's 10 halvings of a step, or 0 for fixed steps
 */
public record BouncingSphere(boolean gravity, boolean timeOfContact, int bisections) {
  /** The seed's setting: steps without penetration, at most 10 halvings. */
  public BouncingSphere(boolean gravity, boolean timeOfContact) {
    this(gravity, timeOfContact, 10);
  }

  /** Steps: 1.5 s at 1/30 s. */
  public static final int STEPS = 45;

  /** The seed's radius range, for the truth, the start and the descent. */
  public static final double MIN_RADIUS = 0.4, MAX_RADIUS = 2.0;

  /** The seed's gradient-descent step. */
  public static final double RATE = 0.1;

  /** The seed's convergence threshold on the change of the loss. */
  public static final double CONVERGED = 1e-5;

  /** The variant's name: {@code gravity+toc}, {@code gravity}, {@code no-gravity+toc}, … */
  public String variant() {
    return (gravity ? "gravity" : "no-gravity") + (timeOfContact ? "+toc" : "");
  }

  /** The scene with a sphere of radius r. */
  public Model model(double r) {
    Model m =
        ModelLoader.loadMjcfString(
            String.format(
                Locale.ROOT,
                """
                <mujoco model="bouncing-sphere">
                  <option timestep="%.17g" gravity="0 0 %s"/>
                  <custom>
                    <text name="diffart:solver" data="lcp-pdipm"/>
                    <numeric name="diffart:restitution" data="0.5"/>
                    <numeric name="diffart:timeofcontact" data="%d"/>
                    <numeric name="diffart:impactbisections" data="%d"/>
                  </custom>
                  <extension>
                    <plugin plugin="diffart.sdf.sphere">
                      <instance name="sphere">
                        <config key="radius" value="%.17g"/><config key="cells" value="16"/>
                      </instance>
                    </plugin>
                  </extension>
                  <worldbody>
                    <geom name="floor" type="plane" size="20 20 0.1" friction="0.25"/>
                    <geom name="wall" type="plane" size="10 10 0.1" pos="4.5 0 5" zaxis="-1 0 0"
                          friction="0.25"/>
                    <body name="sphere" pos="0 0 5">
                      <freejoint/>
                      <geom type="sdf" density="1" friction="0.25" margin="0.001">
                        <plugin instance="sphere"/>
                      </geom>
                    </body>
                  </worldbody>
                </mujoco>
                """,
                1.0 / 30,
                gravity ? "-9.81" : "0",
                timeOfContact ? 1 : 0,
                bisections,
                r),
            "bouncing-sphere");
    return m.withOptions(m.opt().toBuilder().erp(0).build());
  }

  /** The start: the centre at (0, 0, 5), 5 m/s along x. */
  public static Data start(Model m) {
    Data d = new Data(m);
    d.qvel[0] = 5;
    return d;
  }

  /** The centre's positions after each step, (x, y, z) per step [3×STEPS]. */
  public double[] trajectory(double r) {
    Model m = model(r);
    return CentreCourse.of(m, start(m), STEPS);
  }

  /** The seed's loss of radius r against {@code target}, by simulation alone. */
  public double loss(double r, double[] target) {
    double[] p = trajectory(r);
    double l = 0;
    for (int k = 0; k < p.length; k++) {
      l += (p[k] - target[k]) * (p[k] - target[k]);
    }
    return l / STEPS;
  }

  /**
   * The seed's loss against {@code target} and its derivative in r (the adjoint; the radius moves
   * the contacts, the mass and the inertia).
   *
   * @return {loss, dL/dr}
   */
  public double[] lossAndGradient(double r, double[] target) {
    Model m = model(r);
    Loss loss = CentreCourse.against(target, STEPS, 1);
    RolloutProblem p = new RolloutProblem(m, start(m), new double[0], STEPS, loss);
    GradientResult g = AdjointGradient.compute(p, new Checkpointing.Every(1));
    return new double[] {g.loss(), g.shape()[0]};
  }

  /**
   * One fit.
   *
   * @param truth the true radius
   * @param start the radius it starts from
   * @param iterations at most this many descent steps (the seed's 100)
   * @return the radius, the loss and the gradient at each iteration, and how it stopped
   */
  public Fit fit(double truth, double start, int iterations) {
    double[] target = trajectory(truth);
    double r = start, last = Double.POSITIVE_INFINITY;
    double[] radii = new double[iterations + 1], losses = new double[iterations + 1];
    int it = 0;
    String status = "iterations";
    while (true) {
      double[] lg = lossAndGradient(r, target);
      radii[it] = r;
      losses[it] = lg[0];
      if (Math.abs(last - lg[0]) < CONVERGED) {
        status = "converged";
        break;
      }
      if (it == iterations) {
        break;
      }
      last = lg[0];
      r = Math.min(MAX_RADIUS, Math.max(MIN_RADIUS, r - RATE * lg[1]));
      it++;
    }
    return new Fit(
        truth,
        start,
        r,
        java.util.Arrays.copyOf(radii, it + 1),
        java.util.Arrays.copyOf(losses, it + 1),
        status);
  }

  /**
   * Run {@code seed}'s truth and start, drawn from the seed's range U(0.4, 2.0) by {@code
   * SplittableRandom(seed)}, truth first.
   */
  public static double[] draw(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    double truth = MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * rnd.nextDouble();
    double start = MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * rnd.nextDouble();
    return new double[] {truth, start};
  }

  /**
   * A fit's course.
   *
   * @param truth the true radius
   * @param start where it started
   * @param estimate where it ended
   * @param radii the radius at each iteration
   * @param losses the loss at each iteration
   * @param status {@code converged} (the loss changed by less than 10⁻⁵) or {@code iterations}
   */
  public record Fit(
      double truth, double start, double estimate, double[] radii, double[] losses, String status) {
    /** |estimate − truth|. */
    public double error() {
      return Math.abs(estimate - truth);
    }

    /** Descent steps taken. */
    public int iterations() {
      return radii.length - 1;
    }
  }
}
