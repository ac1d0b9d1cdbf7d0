package org.diffart.sim.task;

import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.TrajectoryResiduals;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.optim.Stop;
import org.diffart.sim.optim.Trace;

/**
 * DiffSDFSim's system identification (Strecke and Stueckler 2021, {@code optim_sysid.py}) on a box:
 * a block on a floor, gravity along the floor's normal, pushed by a constant horizontal force (fx,
 * fy) for 1 s at Δt = 1/30 s, observed by its position at every step; one of the force (2 numbers),
 * the mass or the friction coefficient is estimated with the others known, from {@code Σ_t |p_t −
 * p_t*|²}.
 *
 * <p>The block (0.2 m cube) moves on three slide joints, motors on the two horizontal ones: the
 * force is then the constant control (a {@link Wrt#CTRL} parameter held over every step), applied
 * through the centre of mass, and the block slides without tipping, as the seed's pushed shape
 * does; the floor's own friction is 0, so the contact's μ (MuJoCo's rule: the larger of the two
 * geoms') is the block's. The seed's body is a duck- or cow-shaped SDF; here a box, so the contact
 * is a face.
 *
 * @param model the block on its floor
 * @param truth the true force, mass and friction
 * @param unknown what is estimated
 * @param target p*, the positions (x, y, z) after each of the 30 steps under the truth
 */
public record PushedBlock(Model model, Truth truth, Unknown unknown, double[] target) {
  /** The scene: a frictionless floor and the block on three slides, motors on x and y. */
  public static final String MJCF =
      """
      <mujoco model="pushed-block">
        <option timestep="0.0333333333333333" gravity="0 0 -9.81"/>
        <worldbody>
          <geom name="floor" type="plane" size="20 20 0.1" friction="0 0 0"/>
          <body name="block" pos="0 0 0.1">
            <joint name="x" type="slide" axis="1 0 0"/>
            <joint name="y" type="slide" axis="0 1 0"/>
            <joint name="z" type="slide" axis="0 0 1"/>
            <geom name="block" type="box" size="0.1 0.1 0.1" mass="1" friction="0.1 0 0"/>
          </body>
        </worldbody>
        <actuator>
          <motor name="fx" joint="x"/>
          <motor name="fy" joint="y"/>
        </actuator>
      </mujoco>
      """;

  /**
   * The seed's pushed body as an SDF ({@code reproduce sdf-sysid}): a superellipsoid pebble
   * (semi-axes 0.12, 0.09, 0.06 m, flat below) of 1 kg on the same slides, its contacts those of
   * its mesh's vertices against the floor (up to three), solved by DiffSDFSim's interior point with
   * 8 friction directions and no restitution; it starts a fraction of a millimetre above the floor.
   */
  public static final String SDF_MJCF =
      """
      <mujoco model="pushed-pebble">
        <option timestep="0.0333333333333333" gravity="0 0 -9.81"/>
        <custom>
          <text name="diffart:solver" data="lcp-pdipm"/>
          <numeric name="diffart:frictiondirections" data="8"/>
        </custom>
        <extension>
          <plugin plugin="diffart.sdf.superellipsoid">
            <instance name="pebble">
              <config key="size" value="0.12 0.09 0.06"/>
              <config key="exponents" value="0.5 0.8"/>
              <config key="cells" value="16"/>
            </instance>
          </plugin>
        </extension>
        <worldbody>
          <geom name="floor" type="plane" size="20 20 0.1" friction="0 0 0"/>
          <body name="block" pos="0 0 0.06">
            <joint name="x" type="slide" axis="1 0 0"/>
            <joint name="y" type="slide" axis="0 1 0"/>
            <joint name="z" type="slide" axis="0 0 1"/>
            <geom name="block" type="sdf" mass="1" friction="0.1"><plugin instance="pebble"/></geom>
          </body>
        </worldbody>
        <actuator>
          <motor name="fx" joint="x"/>
          <motor name="fy" joint="y"/>
        </actuator>
      </mujoco>
      """;

  /** Steps: 1 s at 1/30 s. */
  public static final int STEPS = 30;

  /** What one run estimates. */
  public enum Unknown {
    /** The force (fx, fy), N: its error is the Euclidean norm. */
    FORCE,
    /** The block's mass, kg. */
    MASS,
    /** The friction coefficient. */
    FRICTION;

    /** The seed's SGD learning rate for this quantity (mass 1e-2, friction 1e-3, force 1e-1). */
    public double seedRate() {
      return switch (this) {
        case FORCE -> 1e-1;
        case MASS -> 1e-2;
        case FRICTION -> 1e-3;
      };
    }
  }

  /**
   * Force, mass and friction.
   *
   * @param fx N
   * @param fy N
   * @param mass kg
   * @param friction μ
   */
  public record Truth(double fx, double fy, double mass, double friction) {
    /** Drawn from the seed's ranges: force U[2, 5]² N, mass U[0.9, 1.1] kg, μ U[0.01, 0.25]. */
    public static Truth sample(RandomGenerator r) {
      return new Truth(
          2 + 3 * r.nextDouble(),
          2 + 3 * r.nextDouble(),
          0.9 + 0.2 * r.nextDouble(),
          0.01 + 0.24 * r.nextDouble());
    }

    /** The values of {@code u}: (fx, fy), (mass) or (μ). */
    public double[] of(Unknown u) {
      return switch (u) {
        case FORCE -> new double[] {fx, fy};
        case MASS -> new double[] {mass};
        case FRICTION -> new double[] {friction};
      };
    }
  }

  /**
   * The task for run {@code seed}: the truth drawn first from {@code SplittableRandom(seed)}, the
   * target simulated.
   */
  public static PushedBlock of(Unknown unknown, long seed) {
    return of(unknown, Truth.sample(new SplittableRandom(seed)));
  }

  /** As {@link #of(Unknown, long)}, the body the box or, with {@code sdf}, the SDF pebble. */
  public static PushedBlock of(Unknown unknown, long seed, boolean sdf) {
    return of(unknown, Truth.sample(new SplittableRandom(seed)), sdf);
  }

  /** The task with this truth: simulates the target. */
  public static PushedBlock of(Unknown unknown, Truth truth) {
    return of(unknown, truth, false);
  }

  /** The task with this truth, the box or the SDF pebble: simulates the target. */
  public static PushedBlock of(Unknown unknown, Truth truth, boolean sdf) {
    Model m =
        sdf
            ? ModelLoader.loadMjcfString(SDF_MJCF, "pushed-pebble")
            : ModelLoader.loadMjcfString(MJCF, "pushed-block");
    PushedBlock blind = new PushedBlock(m, truth, unknown, new double[3 * STEPS]);
    double[] r = new double[3 * STEPS];
    blind.identification().residuals().residuals(truth.of(unknown), r);
    return new PushedBlock(m, truth, unknown, r);
  }

  /** Validates and copies the target. */
  public PushedBlock {
    if (target.length != 3 * STEPS) {
      throw new IllegalArgumentException(
          "target must hold 3 positions per step (" + 3 * STEPS + "), got " + target.length);
    }
    target = target.clone();
  }

  /**
   * The seed's start for run {@code seed}: the unknown drawn anew from its range (the second draw
   * of {@code SplittableRandom(seed)}, after the truth's), the others true.
   */
  public double[] start(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Truth.sample(r);
    return Truth.sample(r).of(unknown);
  }

  /** {@code Σ_t |p_t − p_t*|²} over the unknown, with the others at their true values. */
  public Identification identification() {
    Data d = new Data(model);
    new TrajectoryResiduals.Parameter(Wrt.MASS, 1).set(model, d, truth.mass());
    d.geomFriction[SlidingBox.geomNamed(model, "block")] = truth.friction();
    double[] u = new double[STEPS * 2];
    for (int t = 0; t < STEPS; t++) {
      u[2 * t] = truth.fx();
      u[2 * t + 1] = truth.fy();
    }
    List<TrajectoryResiduals.Parameter> ps =
        switch (unknown) {
          case FORCE ->
              List.of(
                  new TrajectoryResiduals.Parameter(Wrt.CTRL, 0),
                  new TrajectoryResiduals.Parameter(Wrt.CTRL, 1));
          case MASS -> List.of(new TrajectoryResiduals.Parameter(Wrt.MASS, 1));
          case FRICTION ->
              List.of(
                  new TrajectoryResiduals.Parameter(
                      Wrt.FRICTION, SlidingBox.geomNamed(model, "block")));
        };
    double[] lower =
        switch (unknown) {
          case FORCE -> new double[] {-1e9, -1e9};
          case MASS -> new double[] {1e-3};
          case FRICTION -> new double[] {1e-6};
        };
    return new Identification(
        new TrajectoryResiduals(
            model,
            d,
            u,
            TrajectoryResiduals.every(1, 1, STEPS),
            new int[] {0, 1, 2},
            null,
            target,
            ps),
        lower);
  }

  /** The absolute error of an estimate: |Δ| for mass and friction, the norm of Δ for the force. */
  public double error(double[] estimate) {
    double[] t = truth.of(unknown);
    double s = 0;
    for (int i = 0; i < t.length; i++) {
      s += (estimate[i] - t[i]) * (estimate[i] - t[i]);
    }
    return Math.sqrt(s);
  }

  /** The seed's optimiser: SGD at its rate for the unknown, for {@code iterations} steps. */
  public Trace seedSgd(double[] start, int iterations) {
    return identification()
        .gradientDescent(
            start, new double[] {unknown.seedRate()}, Stop.afterIterations(iterations));
  }
}
