package org.diffart.sim.model;

/**
 * Joint types, numbered as MuJoCo's {@code mjtJoint} so that arrays interchange with MuJoCo.
 *
 * <p>Coordinates follow MuJoCo: a free joint has {@code qpos = (x, y, z, qw, qx, qy, qz)} and
 * {@code qvel = (v_world, omega_body)}; a ball joint has a unit quaternion in {@code qpos} and the
 * angular velocity in the child body frame in {@code qvel}; hinge and slide have one scalar each,
 * measured from the joint's {@code ref} ({@code qpos0}).
 */
public enum JointType {
  /** Six degrees of freedom, root bodies only. */
  FREE(7, 6),
  /** Three rotational degrees of freedom about the joint anchor. */
  BALL(4, 3),
  /** Translation along the joint axis (prismatic). */
  SLIDE(1, 1),
  /** Rotation about the joint axis (revolute). */
  HINGE(1, 1);

  /** Number of position coordinates in {@code qpos}. */
  public final int nq;

  /** Number of velocity coordinates (degrees of freedom) in {@code qvel}. */
  public final int nv;

  JointType(int nq, int nv) {
    this.nq = nq;
    this.nv = nv;
  }

  /** True for the joints whose position is a unit quaternion (ball) or contains one (free). */
  public boolean hasQuaternion() {
    return this == FREE || this == BALL;
  }
}
