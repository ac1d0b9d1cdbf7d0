package org.diffart.sim.diff;

/**
 * A rollout gradient and what it cost: the fourth kind of derivative of {@link Derivatives}, the
 * gradient of one scalar loss of a whole T-step rollout. It is not a Jacobian (one row, the
 * loss's), and its {@code ctrl} entries are not {@link Transition}'s B: they carry the loss back
 * through every later step.
 *
 * @param method {@code adjoint}, {@code tape} or {@code fd}
 * @param loss the loss of the rollout
 * @param qpos0 gradient with respect to the initial configuration, tangent space (nv)
 * @param qvel0 gradient with respect to the initial velocity (nv)
 * @param ctrl gradient with respect to the controls, step-major (T×nu)
 * @param friction per geom (ngeom)
 * @param mass per body, the inertia scaled along (nbody)
 * @param damping per dof (nv)
 * @param restitution per geom (ngeom)
 * @param act0 gradient with respect to the initial activations (na)
 * @param theta gradient with respect to the control law's parameters θ ({@link RolloutProblem#law};
 *     empty for an open-loop problem)
 * @param shape gradient with respect to the SDF geoms' shape parameters ({@link Wrt#SHAPE}; empty
 *     where the method does not give it)
 * @param forwardMs wall time of the forward sweep, ms
 * @param backwardMs wall time of the backward sweep (recomputation included), ms; for fd the
 *     perturbed rollouts
 * @param peakBytes the most bytes the method held at once for the gradient (checkpoints, tape,
 *     scratch), counted
 * @param adjointNorms per step t (0..T) the norm of the state adjoint {@code |(q̄_t, v̄_t)|}
 *     (tangent space), or an empty array when the method has none
 * @param recomputedSteps steps the backward sweep re-advanced from checkpoints (adjoint only)
 * @param detail how it was computed (schedule, truncation, budget, step size)
 */
public record GradientResult(
    String method,
    double loss,
    double[] qpos0,
    double[] qvel0,
    double[] ctrl,
    double[] friction,
    double[] mass,
    double[] damping,
    double[] restitution,
    double[] act0,
    double[] theta,
    double[] shape,
    double forwardMs,
    double backwardMs,
    long peakBytes,
    double[] adjointNorms,
    long recomputedSteps,
    String detail) {

  /** An open-loop gradient: no control law, θ's and the shapes' gradients empty. */
  public GradientResult(
      String method,
      double loss,
      double[] qpos0,
      double[] qvel0,
      double[] ctrl,
      double[] friction,
      double[] mass,
      double[] damping,
      double[] restitution,
      double[] act0,
      double forwardMs,
      double backwardMs,
      long peakBytes,
      double[] adjointNorms,
      long recomputedSteps,
      String detail) {
    this(
        method,
        loss,
        qpos0,
        qvel0,
        ctrl,
        friction,
        mass,
        damping,
        restitution,
        act0,
        new double[0],
        new double[0],
        forwardMs,
        backwardMs,
        peakBytes,
        adjointNorms,
        recomputedSteps,
        detail);
  }

  /** The gradient with respect to w, in its flat layout ({@link Wrt}). */
  public double[] grad(Wrt w) {
    return switch (w) {
      case CTRL -> ctrl;
      case QPOS0 -> qpos0;
      case QVEL0 -> qvel0;
      case FRICTION -> friction;
      case MASS -> mass;
      case DAMPING -> damping;
      case RESTITUTION -> restitution;
      case ACT0 -> act0;
      case SHAPE -> shape;
    };
  }

  /** The Euclidean norm of every gradient together, θ's included. */
  public double norm() {
    double s = 0;
    for (Wrt w : Wrt.values()) {
      for (double x : grad(w)) {
        s += x * x;
      }
    }
    for (double x : theta) {
      s += x * x;
    }
    return Math.sqrt(s);
  }
}
