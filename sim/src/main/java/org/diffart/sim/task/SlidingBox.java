package org.diffart.sim.task;

import java.util.List;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.TrajectoryResiduals;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * The paper's friction estimation (Qiao et al. 2021, {@code exp_car.py}) on a box: a free box (0.4
 * × 0.2 × 0.1 m, 1 kg) resting on a plane is given the velocity (1, 0, 0) m/s and slides for 1000
 * steps of 1 ms with no control; the loss is {@code (x_T − x*)²}, its final position against a
 * target. The paper's target is 0.75 m and its car a wheeled racecar; here the target is where the
 * box stops under a hidden friction coefficient (μ* = 0.05 puts it at 0.7548 m), so that the
 * estimate has a truth to be compared with.
 *
 * <p>Contacts combine the two geoms' coefficients MuJoCo's way, the larger of the two; the plane's
 * is 0, so the box geom's {@link Wrt#FRICTION} is the contact's μ and the parameter.
 *
 * @param model the box on its plane
 * @param truth μ*, hidden from the estimators (they see only the target)
 * @param steps T
 * @param target x*, the box's final x under μ*
 */
public record SlidingBox(Model model, double truth, int steps, double target) {
  /**
   * The scene: a plane without friction of its own and the box, whose geom is named {@code box}.
   */
  public static final String MJCF =
      """
      <mujoco model="sliding-box">
        <option timestep="0.001" gravity="0 0 -9.81"/>
        <worldbody>
          <geom name="plane" type="plane" size="5 5 0.1" friction="0 0 0"/>
          <body name="box" pos="0 0 0.05">
            <freejoint/>
            <geom name="box" type="box" size="0.2 0.1 0.05" mass="1" friction="0.05 0 0"/>
          </body>
        </worldbody>
      </mujoco>
      """;

  /** The paper's start, μ = 0.002. */
  public static final double PAPER_START = 0.002;

  /** The paper's rate, μ ← μ − 0.05·dL/dμ. */
  public static final double PAPER_RATE = 0.05;

  /** The paper's stop, loss below 1e-4. */
  public static final double PAPER_STOP = 1e-4;

  /** μ* = 0.05 and T = 1000; the target simulated from them. */
  public static SlidingBox standard() {
    return of(0.05, 1000);
  }

  /** The task with truth μ* over T steps: simulates the target. */
  public static SlidingBox of(double truth, int steps) {
    Model m = ModelLoader.loadMjcfString(MJCF, "sliding-box");
    SlidingBox unknown = new SlidingBox(m, truth, steps, 0);
    return new SlidingBox(m, truth, steps, unknown.finalX(truth));
  }

  /** The box's geom. */
  public int geom() {
    return geomNamed(model, "box");
  }

  /** The index of the geom named n. */
  static int geomNamed(Model m, String n) {
    for (int g = 0; g < m.ngeom(); g++) {
      if (n.equals(m.geomName(g))) {
        return g;
      }
    }
    throw new IllegalArgumentException("model '" + m.name() + "' has no geom named '" + n + "'");
  }

  /** The start: at rest on the plane but for (1, 0, 0) m/s. */
  public Data start() {
    Data d = new Data(model);
    d.qvel[0] = 1;
    return d;
  }

  /** The box's final x under μ, by one rollout. */
  public double finalX(double mu) {
    double[] r = new double[1];
    residualsAgainst(0).residuals(new double[] {mu}, r);
    return r[0];
  }

  private TrajectoryResiduals residualsAgainst(double x) {
    return new TrajectoryResiduals(
        model,
        start(),
        new double[steps * model.nu()],
        new int[] {steps},
        new int[] {0},
        null,
        new double[] {x},
        List.of(new TrajectoryResiduals.Parameter(Wrt.FRICTION, geom())));
  }

  /** {@code (x_T(μ) − x*)²} with μ ≥ 0 as the estimation problem. */
  public Identification identification() {
    return new Identification(residualsAgainst(target), new double[] {1e-6});
  }

  /** The loss landscape over μ: one rollout per μ of mus, its loss. */
  public double[] landscape(double[] mus) {
    Identification id = identification();
    double[] loss = new double[mus.length];
    for (int i = 0; i < mus.length; i++) {
      loss[i] = id.loss(new double[] {mus[i]});
    }
    return loss;
  }

  /** The loss and its derivative dL/dμ at μ (one forward and one backward sweep). */
  public double[] lossAndSlope(double mu) {
    double[] g = new double[1];
    double l = identification().residuals().gradient(new double[] {mu}, g);
    return new double[] {l, g[0]};
  }
}
