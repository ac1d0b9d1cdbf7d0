package org.diffart.sim.compiler;

import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.DynType;

/**
 * An actuator being built on a hinge or slide joint or on a fixed tendon, in MuJoCo's general form
 * ({@link ActuatorType}): its type sets the defaults of gain, bias and dynamics, which the setters
 * override.
 */
public final class ActuatorSpec {
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public ActuatorSpec user(double... v) {
    user = v.clone();
    return this;
  }

  /** Number of gain and bias parameters kept: a muscle's nine. */
  public static final int PRM = 9;

  /**
   * MuJoCo's parameters of a {@code <muscle>} without attributes: range, force, scale, lmin, lmax,
   * vmax, fpmax, fvmax.
   */
  public static final double[] MUSCLE_DEFAULTS = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};

  final ActuatorType type;
  final String name;
  final int joint;
  final int tendon;
  double gear = 1;
  boolean ctrlLimited;
  final double[] ctrlRange = new double[2];
  boolean forceLimited;
  final double[] forceRange = new double[2];

  /** MuJoCo's gainprm and biasprm (their first nine entries; the affine forms use three). */
  final double[] gain = {1, 0, 0, 0, 0, 0, 0, 0, 0};

  final double[] bias = new double[PRM];
  boolean gainMuscle, biasMuscle;
  DynType dynType = DynType.NONE;
  final double[] dynPrm = {1, 0};

  /** The actuator's length range, used by muscles; computed at compile time unless lo < hi here. */
  final double[] lengthRange = new double[2];

  boolean actLimited;
  final double[] actRange = new double[2];

  /** The body of an adhesion actuator (MuJoCo's body transmission); −1 for the others. */
  int body = -1;

  /**
   * A slider-crank transmission's crank and slider sites and its rod's length; null for the others.
   */
  SiteSpec crank, slider;

  double crankLength;

  /**
   * A site transmission's site and reference site (null: the gear is a wrench in the site's frame)
   * and its six gear components; null sites for the others.
   */
  SiteSpec site, refSite;

  final double[] siteGear = new double[6];

  /** The control's history: samples (0: no buffer), interpolation (0 zoh, 1 linear, 2 cubic). */
  int historyNum, historyInterp;

  /** The control's delay, s (MuJoCo 3's actuator {@code delay}). */
  double delay;

  /**
   * MuJoCo 3's {@code dampratio}: {@code bias[2]} holds a damping ratio, which the compiler turns
   * into {@code −ratio·2·sqrt(kp·mass)} ({@link #dampRatio}).
   */
  boolean dampRatio;

  /** MuJoCo 3's {@code inheritrange}: 0 (none) or the fraction of the target's range to take. */
  double inheritRange;

  ActuatorSpec(ActuatorType type, String name, int joint, int tendon) {
    this.type = type;
    this.name = name;
    this.joint = joint;
    this.tendon = tendon;
    switch (type) {
      case POSITION -> kp(1);
      case VELOCITY, DAMPER -> kv(1);
      case INTVELOCITY -> {
        kp(1);
        dynamics(DynType.INTEGRATOR, 1);
      }
      case CYLINDER -> {
        bias(0, 0, 0);
        dynamics(DynType.FILTER, 1);
      }
      case MUSCLE -> muscle(MUSCLE_DEFAULTS, 0.01, 0.04);
      case MOTOR, GENERAL, ADHESION -> {}
    }
  }

  /** The actuator's type. */
  public ActuatorType type() {
    return type;
  }

  /** The actuator's name. */
  public String name() {
    return name;
  }

  /**
   * MuJoCo 3's control history: the control acts {@code delay} seconds late, read from a buffer of
   * the last {@code nsample} controls with interpolation {@code interp} (0 zero-order hold, 1
   * linear, 2 cubic); see {@code datasets/reference/mujoco-314-semantics.md} § 1.
   *
   * @throws IllegalArgumentException naming the actuator for a delay without a buffer, a negative
   *     nsample or an unknown interpolation
   */
  public ActuatorSpec history(double delay, int nsample, int interp) {
    HistorySpec.check("actuator '" + name + "'", delay, nsample, interp, 0);
    this.delay = delay;
    historyNum = nsample;
    historyInterp = interp;
    return this;
  }

  /**
   * Transmission gear: {@code length = gear*q}, {@code qfrc = gear*force} (on a tendon: {@code
   * length = gear*L}, {@code qfrc = gear*force*∂L/∂q}).
   */
  public ActuatorSpec gear(double v) {
    gear = v;
    return this;
  }

  /**
   * A site transmission's gear (MuJoCo's six components: translation, then rotation, in the site's
   * frame or, with a reference site, in the reference site's); its first component is also {@link
   * #gear}.
   *
   * @param g six components
   */
  public ActuatorSpec siteGear(double[] g) {
    if (g.length != 6) {
      throw new IllegalArgumentException(
          "actuator '" + name + "': a site transmission's gear has 6 components, got " + g.length);
    }
    System.arraycopy(g, 0, siteGear, 0, 6);
    gear = g[0];
    return this;
  }

  /** Clamps ctrl to {@code [lo, hi]} before computing the force. */
  public ActuatorSpec ctrlRange(double lo, double hi) {
    ctrlLimited = true;
    ctrlRange[0] = lo;
    ctrlRange[1] = hi;
    return this;
  }

  /** Clamps the actuator force to {@code [lo, hi]}. */
  public ActuatorSpec forceRange(double lo, double hi) {
    forceLimited = true;
    forceRange[0] = lo;
    forceRange[1] = hi;
    return this;
  }

  /**
   * Position gain: gain kp and bias {@code (0, -kp, 0)} ({@code position}, {@code intvelocity}).
   */
  public ActuatorSpec kp(double v) {
    return gain(v, 0, 0).bias(0, -v, 0);
  }

  /**
   * Velocity gain: gain kv and bias {@code (0, 0, -kv)} for {@code velocity}; the affine gain
   * {@code (0, 0, -kv)} without bias for {@code damper}.
   */
  public ActuatorSpec kv(double v) {
    return type == ActuatorType.DAMPER
        ? gain(0, 0, -v).bias(0, 0, 0)
        : gain(v, 0, 0).bias(0, 0, -v);
  }

  /**
   * MuJoCo 3's damping ratio of a position servo: at compile time {@code bias[2]} becomes {@code
   * −ratio·2·sqrt(kp·mass)}, the mass being the sum over the dofs the actuator moves of {@code
   * M(qpos0)ᵢᵢ / momentᵢ²} (armature included), provided the actuator is still position-like
   * ({@code gain[0] = −bias[1]}) and the ratio positive; see {@code
   * datasets/reference/mujoco-314-semantics.md} § 3. Set the gain first.
   */
  public ActuatorSpec dampRatio(double ratio) {
    if (!(ratio >= 0)) {
      throw new IllegalArgumentException(
          "actuator '" + name + "': dampratio cannot be negative, got " + ratio);
    }
    bias[2] = ratio;
    dampRatio = true;
    return this;
  }

  /**
   * MuJoCo 3's {@code inheritrange}: a position servo's control range (an intvelocity's activation
   * range) becomes its joint's or tendon's range scaled by {@code fraction} about its centre; 0
   * takes none.
   */
  public ActuatorSpec inheritRange(double fraction) {
    inheritRange = fraction;
    return this;
  }

  /** The gain {@code g0 + g1·length + g2·velocity} (MuJoCo's fixed gain: g1 = g2 = 0). */
  public ActuatorSpec gain(double g0, double g1, double g2) {
    gainMuscle = false;
    gain[0] = g0;
    gain[1] = g1;
    gain[2] = g2;
    return this;
  }

  /** The bias {@code b0 + b1·length + b2·velocity} (MuJoCo's bias none: all zero). */
  public ActuatorSpec bias(double b0, double b1, double b2) {
    biasMuscle = false;
    bias[0] = b0;
    bias[1] = b1;
    bias[2] = b2;
    return this;
  }

  /** Activation dynamics; {@code tau} is the filter's time constant (ignored otherwise). */
  public ActuatorSpec dynamics(DynType t, double tau) {
    dynType = t;
    dynPrm[0] = tau;
    return this;
  }

  /**
   * A muscle: muscle gain and bias with the parameters {@code prm} = (range0, range1, force, scale,
   * lmin, lmax, vmax, fpmax, fvmax) ({@code force < 0}: scale over the actuator's acceleration at
   * qpos0, {@code acc0}), and muscle activation dynamics with the time constants of activation and
   * deactivation.
   */
  public ActuatorSpec muscle(double[] prm, double tauActivation, double tauDeactivation) {
    if (prm.length != PRM) {
      throw new IllegalArgumentException(
          "actuator '" + name + "': a muscle has " + PRM + " parameters, got " + prm.length);
    }
    System.arraycopy(prm, 0, gain, 0, PRM);
    System.arraycopy(prm, 0, bias, 0, PRM);
    gainMuscle = true;
    biasMuscle = true;
    dynType = DynType.MUSCLE;
    dynPrm[0] = tauActivation;
    dynPrm[1] = tauDeactivation;
    return this;
  }

  /**
   * MuJoCo's general form with the gain and bias types given: {@code gainprm}/{@code biasprm} (up
   * to nine values, the rest zero) are muscle parameters where the type is muscle, affine
   * coefficients otherwise; {@code dynprm} the dynamics' parameters (a filter's time constant, a
   * muscle's two).
   */
  public ActuatorSpec general(
      boolean muscleGain,
      double[] gainprm,
      boolean muscleBias,
      double[] biasprm,
      DynType dyn,
      double[] dynprm) {
    java.util.Arrays.fill(gain, 0);
    java.util.Arrays.fill(bias, 0);
    System.arraycopy(gainprm, 0, gain, 0, Math.min(PRM, gainprm.length));
    System.arraycopy(biasprm, 0, bias, 0, Math.min(PRM, biasprm.length));
    gainMuscle = muscleGain;
    biasMuscle = muscleBias;
    dynType = dyn;
    dynPrm[0] = dynprm.length > 0 ? dynprm[0] : 1;
    dynPrm[1] = dynprm.length > 1 ? dynprm[1] : 0;
    return this;
  }

  /**
   * The actuator's length range (MuJoCo's lengthrange); with lo < hi a muscle uses it instead of
   * computing it.
   */
  public ActuatorSpec lengthRange(double lo, double hi) {
    lengthRange[0] = lo;
    lengthRange[1] = hi;
    return this;
  }

  /**
   * Clamps the activation to {@code [lo, hi]} after each integration step (an actuator with
   * dynamics only).
   */
  public ActuatorSpec activationRange(double lo, double hi) {
    actLimited = true;
    actRange[0] = lo;
    actRange[1] = hi;
    return this;
  }
}
