package org.diffart.sim.task;

import java.util.Arrays;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * A motion-control task of Qiao et al. (2021, Sec. 6): controls over T steps that bring a ball's
 * final position to a target, the loss the paper's {@code sqrt(mean((p_T − target)²))} over the
 * ball's three coordinates (the RMSE; the distance is √3 times it). The parameters are the
 * controls, held for {@code hold} steps each ({@code hold = 1}: one control vector per step, the
 * paper's), knot-major ({@code T/hold × nu}).
 *
 * <p>Two tasks, each with its reasons in its factory's comment: {@link #throwBall} (builtin {@code
 * arm9}) and {@link #golf} (builtin {@code golf}).
 *
 * @param name {@code throw} or {@code golf}
 * @param model the model
 * @param start the starting state and parameters
 * @param steps T
 * @param hold steps each control knot is held (T a multiple of it)
 * @param ball the qpos address of the ball's free joint (its position first)
 * @param target where the ball should end, world frame (m)
 * @param initialMean the mean of the starting controls, per actuator
 * @param initialSd the standard deviation of the starting controls
 * @param targetLoss the loss at which a run has solved the task
 */
public record MotionTask(
    String name,
    Model model,
    Data start,
    int steps,
    int hold,
    int ball,
    double[] target,
    double[] initialMean,
    double initialSd,
    double targetLoss) {

  /** Validates the sizes. */
  public MotionTask {
    if (steps < 1 || hold < 1 || steps % hold != 0) {
      throw new IllegalArgumentException(
          name + ": steps must be a positive multiple of hold, got " + steps + " and " + hold);
    }
    if (target.length != 3 || initialMean.length != model.nu()) {
      throw new IllegalArgumentException(name + ": a 3-vector target and nu means are needed");
    }
    target = target.clone();
    initialMean = initialMean.clone();
  }

  /**
   * The paper's throw ({@code exp_throw.py}): the 9-dof arm, 10 ms steps, the ball to (0.2679,
   * 0.2135, 0.6616), controls drawn from N(0, 0.03²) for the seven arm joints. Target loss 0.01 (a
   * final distance of 1.7 cm).
   *
   * <p>Where we differ: the {@code paper} key leaves the ball 8.6 mm below the finger pads, and no
   * control of the arm touches it in 1000 steps (the gradient is exactly zero there, and no method
   * can move it), so the ball starts between the pads, the fingers closed on it (0.0148 m open
   * each, pads 0.2 mm into it): the arm holds the ball and throws it.
   */
  public static MotionTask throwBall(int steps, int hold) {
    Model m = ModelLoader.load("builtin:arm9");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("paper"));
    int ball = m.jntQposAdr(m.jointId("ball"));
    d.qpos[m.jntQposAdr(m.jointId("finger_left"))] = 0.0148;
    d.qpos[m.jntQposAdr(m.jointId("finger_right"))] = 0.0148;
    Step.forward(m, d);
    int l = m.bodyId("left_finger"), r = m.bodyId("right_finger");
    for (int k = 0; k < 3; k++) {
      d.qpos[ball + k] = 0.5 * (d.xpos[3 * l + k] + d.xpos[3 * r + k]);
    }
    return new MotionTask(
        "throw",
        m,
        d,
        steps,
        hold,
        ball,
        new double[] {0.2679, 0.2135, 0.6616},
        new double[m.nu()],
        0.03,
        0.01);
  }

  /**
   * The paper's golf ({@code exp_punch.py}): the two-link club and a ball on a tee, 1 ms steps,
   * restitution 0.5, the ball to (0, −3, 0.05) in the model's world frame, the paper's stop at loss
   * 0.05 as the target loss, controls drawn with standard deviation 1.
   *
   * <p>Where we differ: with the paper's N(0, 1) torques our club swings under gravity alone and
   * passes 0.12 m from the ball, never touching it (the gradient is exactly zero, and no method can
   * move the ball), so the controls are drawn about a swing of (−3, +2) N·m, with which the club
   * meets the ball after about 0.5 s and sends it about 1.7 m (loss 0.7 to 0.9 over the seeds 0 to
   * 7 with knots of 1 to 10 steps; with knots of 20 steps, seed 3's club misses the ball).
   */
  public static MotionTask golf(int steps, int hold) {
    Model m = ModelLoader.load("builtin:golf");
    Data d = new Data(m);
    Arrays.fill(d.geomRestitution, 0.5);
    return new MotionTask(
        "golf",
        m,
        d,
        steps,
        hold,
        m.jntQposAdr(m.jointId("ball")),
        new double[] {0, -3, 0.05},
        new double[] {-3, 2},
        1,
        0.05);
  }

  /**
   * {@code throw} or {@code golf}.
   *
   * @throws IllegalArgumentException naming the tasks there are
   */
  public static MotionTask named(String name, int steps, int hold) {
    return switch (name) {
      case "throw" -> throwBall(steps, hold);
      case "golf" -> golf(steps, hold);
      default ->
          throw new IllegalArgumentException(
              "unknown motion-control task '" + name + "'; available: throw, golf");
    };
  }

  /** The number of parameters, {@code T/hold · nu}. */
  public int parameters() {
    return steps / hold * model.nu();
  }

  /** The starting controls of a run: N(initialMean, initialSd²) per knot, from {@code seed}. */
  public double[] initialControls(long seed) {
    Random r = new Random(seed);
    int nu = model.nu();
    double[] x = new double[parameters()];
    for (int i = 0; i < x.length; i++) {
      x[i] = initialMean[i % nu] + initialSd * r.nextGaussian();
    }
    return x;
  }

  /** The per-step controls (T×nu) of the knots x. */
  public double[] perStep(double[] x) {
    if (x.length != parameters()) {
      throw new IllegalArgumentException(
          name + ": " + parameters() + " parameters expected, got " + x.length);
    }
    int nu = model.nu();
    double[] u = new double[steps * nu];
    for (int t = 0; t < steps; t++) {
      System.arraycopy(x, t / hold * nu, u, t * nu, nu);
    }
    return u;
  }

  /** The rollout of the knots x with the task's loss. */
  public RolloutProblem problem(double[] x) {
    return new RolloutProblem(model, start, perStep(x), steps, loss());
  }

  /** The ball's final position after the rollout of x (3 numbers). */
  public double[] finalBall(double[] x) {
    Data d = rollout(x);
    return Arrays.copyOfRange(d.qpos, ball, ball + 3);
  }

  /** The state after the rollout of the knots x. */
  Data rollout(double[] x) {
    double[] u = perStep(x);
    Data d = new Data(model);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    int nu = model.nu();
    for (int t = 0; t < steps; t++) {
      System.arraycopy(u, t * nu, d.ctrl, 0, nu);
      Step.step(model, d);
    }
    return d;
  }

  /** The objective over the knots: values by a plain rollout, gradients by the adjoint. */
  public Rollouts objective() {
    return new Rollouts(this);
  }

  /** The paper's loss: the RMSE of the ball's final position against the target. */
  public Loss loss() {
    return new BallRmse(ball, target);
  }
}
