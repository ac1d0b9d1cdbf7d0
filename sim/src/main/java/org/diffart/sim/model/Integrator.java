package org.diffart.sim.model;

/** Time integrators. */
public enum Integrator {
  /**
   * Semi-implicit (symplectic) Euler, as in Qiao et al. and MuJoCo's {@code Euler}: {@code qvel += dt*qacc} including
   * contact impulses, then {@code qpos} is integrated with the new velocity. Joint damping is explicit (MuJoCo 2.2.2
   * treats it implicitly in its Euler integrator, so damped trajectories differ slightly).
   */
  EULER,
  /** Classic fourth-order Runge-Kutta on the smooth (contact- and limit-free) dynamics. */
  RK4
}
