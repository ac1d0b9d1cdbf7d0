package org.diffart.sim.model;

import java.util.Locale;

/**
 * The sensors diffart computes, with MuJoCo 2.2.2's meaning, output size and stage (the MJCF
 * element is the name in lower case). Frame sensors measure a body's inertial frame ({@code
 * objtype="body"}), a body frame ({@code xbody}), a geom or a site; site sensors express their
 * value in the site's frame.
 */
public enum SensorType {
  /**
   * Normal contact force through the site's volume, N (sum over the contacts whose normal ray hits
   * it).
   */
  TOUCH(1, Stage.ACC, Object.SITE),
  /** Linear acceleration of the site point minus gravity, in the site frame, m/s². */
  ACCELEROMETER(3, Stage.ACC, Object.SITE),
  /** Linear velocity of the site point in the site frame, m/s. */
  VELOCIMETER(3, Stage.VEL, Object.SITE),
  /** Angular velocity of the site in its own frame, rad/s. */
  GYRO(3, Stage.VEL, Object.SITE),
  /** Force the parent exerts on the site's body (its subtree), in the site frame, N. */
  FORCE(3, Stage.ACC, Object.SITE),
  /**
   * Torque about the site point that the parent exerts on the site's body, in the site frame, N·m.
   */
  TORQUE(3, Stage.ACC, Object.SITE),
  /** The magnetic field of the option {@code magnetic} in the site frame. */
  MAGNETOMETER(3, Stage.POS, Object.SITE),
  /** Position of a hinge or slide joint. */
  JOINTPOS(1, Stage.POS, Object.JOINT),
  /** Velocity of a hinge or slide joint. */
  JOINTVEL(1, Stage.VEL, Object.JOINT),
  /** Length of a fixed tendon. */
  TENDONPOS(1, Stage.POS, Object.TENDON),
  /** Velocity of a fixed tendon. */
  TENDONVEL(1, Stage.VEL, Object.TENDON),
  /**
   * Length of an actuator's transmission ({@code gear·q} on a joint, {@code gear·L} on a tendon).
   */
  ACTUATORPOS(1, Stage.POS, Object.ACTUATOR),
  /** Velocity of an actuator's transmission. */
  ACTUATORVEL(1, Stage.VEL, Object.ACTUATOR),
  /** Scalar force of an actuator (before its gear). */
  ACTUATORFRC(1, Stage.ACC, Object.ACTUATOR),
  /** Orientation of a ball joint, its unit quaternion (w, x, y, z). */
  BALLQUAT(4, Stage.POS, Object.JOINT),
  /** Angular velocity of a ball joint in the child body's frame. */
  BALLANGVEL(3, Stage.VEL, Object.JOINT),
  /**
   * Distance of a limited joint from its violated bound (negative inside the violation), 0 while
   * within range.
   */
  JOINTLIMITPOS(1, Stage.POS, Object.JOINT),
  /** Velocity along the active limit's row (positive away from the bound), 0 while within range. */
  JOINTLIMITVEL(1, Stage.VEL, Object.JOINT),
  /** Force of the active limit (its impulse over dt), 0 while within range. */
  JOINTLIMITFRC(1, Stage.ACC, Object.JOINT),
  /** As {@link #JOINTLIMITPOS} for a limited tendon's length. */
  TENDONLIMITPOS(1, Stage.POS, Object.TENDON),
  /** As {@link #JOINTLIMITVEL} for a limited tendon. */
  TENDONLIMITVEL(1, Stage.VEL, Object.TENDON),
  /** As {@link #JOINTLIMITFRC} for a limited tendon. */
  TENDONLIMITFRC(1, Stage.ACC, Object.TENDON),
  /** Position of a frame in the world. */
  FRAMEPOS(3, Stage.POS, Object.FRAME),
  /** Orientation of a frame in the world, a unit quaternion (w, x, y, z). */
  FRAMEQUAT(4, Stage.POS, Object.FRAME),
  /** The frame's x axis in the world. */
  FRAMEXAXIS(3, Stage.POS, Object.FRAME),
  /** The frame's y axis in the world. */
  FRAMEYAXIS(3, Stage.POS, Object.FRAME),
  /** The frame's z axis in the world. */
  FRAMEZAXIS(3, Stage.POS, Object.FRAME),
  /** Linear velocity of the frame's origin in the world. */
  FRAMELINVEL(3, Stage.VEL, Object.FRAME),
  /** Angular velocity of the frame in the world. */
  FRAMEANGVEL(3, Stage.VEL, Object.FRAME),
  /**
   * Linear acceleration of the frame's origin in the world, gravity's reaction included as for the
   * accelerometer.
   */
  FRAMELINACC(3, Stage.ACC, Object.FRAME),
  /** Angular acceleration of the frame in the world. */
  FRAMEANGACC(3, Stage.ACC, Object.FRAME),
  /**
   * Distance along the site's z axis to the nearest geom surface that the ray meets, geoms of the
   * site's own body excepted (MuJoCo's {@code mj_ray}), in units of the axis (m); −1 when it meets
   * none.
   */
  RANGEFINDER(1, Stage.POS, Object.SITE),
  /** Centre of mass of a body's subtree in the world. */
  SUBTREECOM(3, Stage.POS, Object.BODY),
  /** Linear velocity of the centre of mass of a body's subtree in the world. */
  SUBTREELINVEL(3, Stage.VEL, Object.BODY),
  /** Angular momentum of a body's subtree about its centre of mass, in the world. */
  SUBTREEANGMOM(3, Stage.VEL, Object.BODY),
  /** Simulation time, s (MJCF {@code <clock/>}, attached to nothing). */
  CLOCK(1, Stage.POS, Object.NONE);

  /**
   * The quantities a sensor needs: positions, velocities or accelerations and forces (MuJoCo's
   * stages).
   */
  public enum Stage {
    POS,
    VEL,
    ACC
  }

  /**
   * What a sensor is attached to in MJCF: a site, joint, tendon, actuator or body, any frame
   * (objtype, objname), or nothing.
   */
  public enum Object {
    SITE,
    JOINT,
    TENDON,
    ACTUATOR,
    BODY,
    FRAME,
    NONE
  }

  /** Number of values the sensor writes. */
  public final int dim;

  /** The stage whose results it reads. */
  public final Stage stage;

  /** What its MJCF element names (a tendon sensor: {@code tendon}). */
  public final Object object;

  SensorType(int dim, Stage stage, Object object) {
    this.dim = dim;
    this.stage = stage;
    this.object = object;
  }

  /**
   * Whether the sensor may be read in a reference frame (MuJoCo's {@code reftype}/{@code refname}):
   * the frame position, orientation, axes and velocities (MuJoCo 3.14 refuses the attributes on
   * every other sensor, frame accelerations included).
   */
  public boolean takesReference() {
    return this == FRAMEPOS
        || this == FRAMEQUAT
        || this == FRAMEXAXIS
        || this == FRAMEYAXIS
        || this == FRAMEZAXIS
        || this == FRAMELINVEL
        || this == FRAMEANGVEL;
  }

  /** The MJCF element name. */
  public String mjcfName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
