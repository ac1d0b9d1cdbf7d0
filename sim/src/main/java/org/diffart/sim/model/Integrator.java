package org.diffart.sim.model;

/** Time integrators. */
public enum Integrator {
  /**
   * Semi-implicit (symplectic) Euler with implicit joint damping, MuJoCo 2.2.2's {@code Euler}: the
   * velocity update solves {@code (M + dt B) Δv = dt (f - B v) + Jᵀ p} with B the diagonal joint
   * damping, so a stiff damper decays instead of diverging; contact impulses see the same {@code M
   * + dt B}. Then {@code qpos} is integrated with the new velocity. The default.
   */
  EULER,
  /**
   * Semi-implicit Euler with explicit joint damping, as in Qiao et al.'s code: {@code M Δv = dt (f
   * - B v) + Jᵀ p}. Unstable where {@code dt λ_max(M⁻¹ B) > 2}; kept for the paper's experiments
   * (MJCF: {@code <flag eulerdamp="disable"/>}, MuJoCo's later name for it).
   */
  EULER_EXPLICIT_DAMPING,
  /**
   * Classic fourth-order Runge-Kutta, damping explicit; every stage includes the joint-space
   * constraints (limits, dry friction); models with contacts are refused.
   */
  RK4,
  /**
   * MuJoCo 3.x's {@code implicit}: Euler implicit in every velocity-dependent force. The forward's
   * acceleration {@code a} (constraints solved with plain M) becomes {@code M̃⁻¹ M a} with {@code
   * M̃ = M - dt D}, D = ∂(qfrc_passive + qfrc_actuator - qfrc_bias)/∂qvel (MuJoCo's {@code qDeriv}
   * with the Coriolis and centrifugal terms) on the tree pattern of M, not symmetric (an LU
   * factorisation). Then {@code v⁺ = v + dt M̃⁻¹ M a}, {@code q⁺ = q ⊕ dt v⁺}.
   */
  IMPLICIT,
  /**
   * MuJoCo 3.x's {@code implicitfast}: as {@link #IMPLICIT} without the Coriolis and centrifugal
   * terms in D (joint and tendon damping and velocity-dependent actuators only), D's lower triangle
   * mirrored so that {@code M̃} is symmetric; except on a standalone free body (a free joint with
   * no child), whose 6×6 block keeps its whole D block and its gyroscopic terms.
   */
  IMPLICITFAST;

  /** Whether this is one of the two Euler variants. */
  public boolean isEuler() {
    return this == EULER || this == EULER_EXPLICIT_DAMPING;
  }

  /** Whether this is one of MuJoCo 3.x's two integrators implicit in velocity. */
  public boolean isImplicit() {
    return this == IMPLICIT || this == IMPLICITFAST;
  }
}
