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
  RK4;

  /** Whether this is one of the two Euler variants. */
  public boolean isEuler() {
    return this != RK4;
  }
}
