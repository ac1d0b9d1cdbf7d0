package org.diffart.sim.compiler;

import org.diffart.sim.model.EqualityType;

/**
 * An equality constraint under construction (see {@link EqualityType}): its two objects (bodies,
 * joints or tendons by the builder's index; object 2 of a connect or weld defaults to the world, of
 * a joint or tendon coupling to none) and MuJoCo's numbers: the anchor, the relative pose (a zero
 * quaternion: taken from {@code qpos0}), the torque scale and the polynomial coefficients. Created
 * by {@link ModelBuilder#addEquality}.
 */
public final class EqualitySpec {
  final EqualityType type;
  final String name;
  final int obj1;
  int obj2 = -1;
  boolean active = true;
  final double[] anchor = new double[3];
  final double[] relpose = {0, 1, 0, 0, 0, 0, 0};
  double torquescale = 1;
  final double[] polycoef = {0, 1, 0, 0, 0};

  EqualitySpec(EqualityType type, String name, int obj1) {
    this.type = type;
    this.name = name;
    this.obj1 = obj1;
  }

  public String name() {
    return name;
  }

  /** The second body (connect, weld: default the world), joint or tendon (default none). */
  public EqualitySpec obj2(int id) {
    obj2 = id;
    return this;
  }

  /** Whether the constraint acts (MJCF {@code active}). */
  public EqualitySpec active(boolean v) {
    active = v;
    return this;
  }

  /** Connect: the point in body 1's frame; weld: the point in body 2's frame. */
  public EqualitySpec anchor(double x, double y, double z) {
    anchor[0] = x;
    anchor[1] = y;
    anchor[2] = z;
    return this;
  }

  /**
   * Weld: body 2's anchor point in body 1's frame and the relative orientation {@code q₁⁻¹ q₂} (w,
   * x, y, z); a zero quaternion takes both from {@code qpos0}.
   */
  public EqualitySpec relpose(double[] pose) {
    if (pose.length != 7) {
      throw new IllegalArgumentException(
          "equality '" + name + "': relpose has 7 numbers, got " + pose.length);
    }
    System.arraycopy(pose, 0, relpose, 0, 7);
    return this;
  }

  /** Weld: the weight of the orientation rows relative to the position rows. */
  public EqualitySpec torquescale(double v) {
    torquescale = v;
    return this;
  }

  /** Joint and tendon couplings: the five coefficients of the quartic. */
  public EqualitySpec polycoef(double[] c) {
    if (c.length != 5) {
      throw new IllegalArgumentException(
          "equality '" + name + "': polycoef has 5 numbers, got " + c.length);
    }
    System.arraycopy(c, 0, polycoef, 0, 5);
    return this;
  }
}
