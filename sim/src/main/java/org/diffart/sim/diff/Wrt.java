package org.diffart.sim.diff;

import java.util.Arrays;
import java.util.Locale;

/** What a rollout gradient is taken with respect to, and the flat layout of each. */
public enum Wrt {
  /**
   * Every control, step-major: T×nu, entry {@code t·nu + a} the control of actuator a applied at
   * step t.
   */
  CTRL,
  /** The initial configuration in the tangent space (nv), perturbed as {@code qpos0 ⊕ δ}. */
  QPOS0,
  /** The initial velocity (nv). */
  QVEL0,
  /** Each geom's sliding friction coefficient (ngeom). */
  FRICTION,
  /** Each body's mass with its inertia scaled along (nbody, world first). */
  MASS,
  /** Each dof's joint damping (nv). */
  DAMPING,
  /** Each geom's coefficient of restitution (ngeom). */
  RESTITUTION,
  /** The initial activations of the actuators with dynamics (na). */
  ACT0,
  /**
   * The shape parameters θ of the SDF geoms (nshape, geom after geom): through the contacts of
   * their meshes' vertices and the inertia of the bodies whose inertia comes from their geoms. By
   * the adjoint only: θ is compiled into the meshes, so finite differences and the tape take it by
   * recompiling the model.
   */
  SHAPE;

  /** The command-line name, lower case. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The value named s (case-insensitive), or an error listing the names. */
  public static Wrt parse(String s) {
    for (Wrt w : values()) {
      if (w.cliName().equalsIgnoreCase(s.strip())) {
        return w;
      }
    }
    throw new IllegalArgumentException(
        "unknown --wrt '"
            + s
            + "'; available: "
            + String.join(", ", Arrays.stream(values()).map(Wrt::cliName).toList()));
  }
}
