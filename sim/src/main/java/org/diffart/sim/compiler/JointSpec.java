package org.diffart.sim.compiler;

import org.diffart.sim.model.JointType;

/** A joint being built, with MuJoCo's attributes and defaults. Angles are in radians. */
public final class JointSpec {
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public JointSpec user(double... v) {
    user = v.clone();
    return this;
  }

  final int id;
  final int body;
  final JointType type;
  final String name;
  final double[] pos = new double[3];
  final double[] axis = {0, 0, 1};
  boolean limited;
  final double[] range = new double[2];
  double damping;
  double stiffness;
  double springref;
  double armature;
  double frictionloss;
  double ref;
  boolean actFrcLimited;
  final double[] actFrcRange = new double[2];

  /** MJCF {@code springdamper}: time constant and damping ratio, or zeros. */
  final double[] springdamper = new double[2];

  int compiledIndex = -1;

  JointSpec(int id, int body, JointType type, String name) {
    this.id = id;
    this.body = body;
    this.type = type;
    this.name = name;
  }

  /**
   * Order of addition (the joint's index in the model is assigned at build time, grouped by body).
   */
  public int id() {
    return id;
  }

  /** The joint's type. */
  public JointType type() {
    return type;
  }

  /** The body this joint moves. */
  public int body() {
    return body;
  }

  /** The joint's name. */
  public String name() {
    return name;
  }

  /** Anchor in the body frame, m (ignored for free joints, which must have it at the origin). */
  public JointSpec pos(double x, double y, double z) {
    pos[0] = x;
    pos[1] = y;
    pos[2] = z;
    return this;
  }

  /** Axis in the body frame (hinge, slide), normalised at build time. */
  public JointSpec axis(double x, double y, double z) {
    axis[0] = x;
    axis[1] = y;
    axis[2] = z;
    return this;
  }

  /**
   * Enables the range limit {@code [lo, hi]} (rad for hinges, m for slides, max angle for ball
   * joints in hi).
   */
  public JointSpec range(double lo, double hi) {
    limited = true;
    range[0] = lo;
    range[1] = hi;
    return this;
  }

  /**
   * MuJoCo 3's joint-level clamp of the total actuator force (MJCF {@code actuatorfrcrange} with
   * {@code actuatorfrclimited}): {@code qfrc_actuator} at the joint's dof is clipped to [lo, hi].
   */
  public JointSpec actuatorForceRange(double lo, double hi) {
    actFrcLimited = true;
    actFrcRange[0] = lo;
    actFrcRange[1] = hi;
    return this;
  }

  /** Sets the range without enabling the limit (MJCF {@code limited="false"}). */
  public JointSpec rangeUnlimited(double lo, double hi) {
    range[0] = lo;
    range[1] = hi;
    limited = false;
    return this;
  }

  /** Viscous damping per degree of freedom, N·m·s/rad or N·s/m. */
  public JointSpec damping(double v) {
    damping = v;
    return this;
  }

  /** Spring stiffness towards {@link #springref(double)}. */
  public JointSpec stiffness(double v) {
    stiffness = v;
    return this;
  }

  /** Spring reference position (hinge, slide). */
  public JointSpec springref(double v) {
    springref = v;
    return this;
  }

  /**
   * MuJoCo's {@code springdamper}: a spring and damper of time constant {@code timeconst} (s) and
   * damping ratio {@code dampratio} for the joint's inertia at qpos0, which replace {@link
   * #stiffness} and {@link #damping} when the compiler has the mass matrix ({@code k =
   * m/(timeconst·dampratio)²}, {@code b = 2m/timeconst}, {@code m} the reciprocal of the mean of
   * the diagonal of {@code M⁻¹} over the joint's dofs). Zeros: none.
   *
   * @throws IllegalArgumentException unless both are zero or both positive
   */
  public JointSpec springdamper(double timeconst, double dampratio) {
    if (!(timeconst == 0 && dampratio == 0) && !(timeconst > 0 && dampratio > 0)) {
      throw new IllegalArgumentException(
          "joint '"
              + name
              + "': springdamper values must both be positive (or both"
              + " zero), got "
              + timeconst
              + " "
              + dampratio);
    }
    springdamper[0] = timeconst;
    springdamper[1] = dampratio;
    return this;
  }

  /** Armature inertia added to the mass matrix diagonal of each degree of freedom. */
  public JointSpec armature(double v) {
    armature = v;
    return this;
  }

  /**
   * Dry friction of each degree of freedom, N·m or N (MJCF {@code frictionloss}): a constraint row
   * whose force is bounded by it and that opposes the motion, solved with the contacts.
   */
  public JointSpec frictionloss(double v) {
    if (!(v >= 0)) {
      throw new IllegalArgumentException(
          "joint '" + name + "': frictionloss must be non-negative, got " + v);
    }
    frictionloss = v;
    return this;
  }

  /**
   * Reference position {@code qpos0} of a hinge or slide: the joint displacement is {@code qpos -
   * ref}.
   */
  public JointSpec ref(double v) {
    ref = v;
    return this;
  }
}
