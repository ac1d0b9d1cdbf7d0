package org.diffart.backends;

import java.util.Locale;

/**
 * One thing a backend may claim to do ({@link Backend#capabilities}). Each has a probe ({@code
 * org.diffart.backends.capability.Capabilities.verify}) that shows a claim holds (results against
 * the CPU reference, gradients against finite differences) or that a refusal fires with a clear
 * error.
 */
public enum Capability {
  JOINT_FREE("joints", "free joint (position, unit quaternion)"),
  JOINT_BALL("joints", "ball joint (unit quaternion)"),
  JOINT_SLIDE("joints", "slide joint"),
  JOINT_HINGE("joints", "hinge joint"),
  INTEGRATOR_EULER(
      "integrators", "semi-implicit Euler, joint damping implicit (MuJoCo 2.2.2's Euler)"),
  INTEGRATOR_EULER_EXPLICIT_DAMPING(
      "integrators", "semi-implicit Euler, joint damping explicit (the paper's)"),
  INTEGRATOR_RK4("integrators", "RK4 (limits, dry friction and equalities at every stage)"),
  INTEGRATOR_RK4_CONTACTS(
      "integrators",
      "RK4 with contacts: each stage a whole forward, collision and constraint solve included"),
  INTEGRATOR_IMPLICIT(
      "integrators",
      "implicit (MuJoCo 3.x): Euler implicit in every velocity-dependent force, Coriolis included"),
  INTEGRATOR_IMPLICITFAST(
      "integrators",
      "implicitfast (MuJoCo 3.x): implicit in damping and actuators, free bodies' gyroscopic terms"),
  COLLISION_PLANE_SPHERE("collision pairs", "plane-sphere"),
  COLLISION_PLANE_CAPSULE("collision pairs", "plane-capsule"),
  COLLISION_PLANE_BOX("collision pairs", "plane-box"),
  COLLISION_PLANE_ELLIPSOID("collision pairs", "plane-ellipsoid"),
  COLLISION_PLANE_CYLINDER("collision pairs", "plane-cylinder"),
  COLLISION_SPHERE_SPHERE("collision pairs", "sphere-sphere"),
  COLLISION_SPHERE_CAPSULE("collision pairs", "sphere-capsule"),
  COLLISION_SPHERE_BOX("collision pairs", "sphere-box"),
  COLLISION_CAPSULE_CAPSULE("collision pairs", "capsule-capsule"),
  COLLISION_CAPSULE_BOX("collision pairs", "capsule-box"),
  COLLISION_BOX_BOX(
      "collision pairs",
      "box-box by separating axes and face clipping (MuJoCo 2.2.2's mjc_BoxBox, up"
          + " to 24 contacts)"),
  COLLISION_CONVEX(
      "collision pairs",
      "ellipsoid and cylinder pairs by MPR (MuJoCo 2.2.2's mjc_Convex), one" + " contact"),
  COLLISION_HFIELD(
      "collision pairs",
      "height fields against every convex primitive (MuJoCo 2.2.2's"
          + " mjc_ConvexHField: MPR against the prisms under the geom)"),
  COLLISION_MESH(
      "collision pairs",
      "meshes as the convex hull of their vertices: plane-mesh (MuJoCo's"
          + " mjc_PlaneConvex, up to three contacts), MPR against every other geom"),
  COLLISION_SDF(
      "collision pairs",
      "SDF geoms (diffart.sdf shapes) through the mesh of their zero set: a plane against its"
          + " vertices (up to three contacts; an SDF sphere as the exact sphere), other geoms by MPR"
          + " against its convex hull"),
  COLLISION_SDF_SURFACE(
      "collision pairs",
      "DiffSDFSim's contacts by signed distance (diffart:sdfsurface): an SDF geom meets a plane"
          + " where its φ is least on the plane (Newton's method with the SDF's Hessian), and another"
          + " SDF geom, a sphere, a capsule, an ellipsoid or a box at the least points of one's φ on"
          + " the other's surface (several: non-convex shapes, a ball through a torus's hole; a box's"
          + " corners inside); the depth"
          + " φ itself, point and depth differentiable in the poses and the shapes"),
  CONTACT_PGS(
      "contact solver", "projected Gauss-Seidel, fixed sweeps, one sliding-direction friction row"),
  CONTACT_JOINT_LIMITS("contact solver", "joint limits as constraint rows"),
  CONTACT_WARM_START("contact solver", "PGS warm start from the previous step"),
  CONTACT_TOLERANCE("contact solver", "PGS stopped early at a tolerance"),
  CONTACT_BOX_CONE("contact solver", "two friction directions (box cone)"),
  CONTACT_RESTITUTION("contact solver", "restitution"),
  CONTACT_DOF_FRICTION("contact solver", "joints' dry friction (frictionloss rows)"),
  CONTACT_SPIN_ROLL("contact solver", "torsional and rolling friction rows (condim 4 and 6)"),
  CONTACT_INTERIOR_POINT(
      "contact solver",
      "lcp-pdipm: DiffSDFSim's mixed LCP with a polyhedral friction cone (8 edges), solved by a"
          + " primal-dual interior-point method to its KKT point"),
  CONTACT_IMPACT_BISECTION(
      "contact solver",
      "DiffSDFSim's steps without penetration (diffart:impactbisections): a step that would start"
          + " a contact deeper than 1e-8 m is taken again in halves, so that impacts land at the"
          + " surface"),
  CONTACT_MARGIN(
      "contact solver",
      "contact margin and gap: contacts detected within the margin act within"
          + " margin - gap (MuJoCo's includemargin)"),
  TENDONS_FIXED("tendons", "fixed tendons: springs, dampers, limits, actuators on tendons"),
  TENDONS_SPATIAL("tendons", "spatial tendons through sites: springs, dampers, limits"),
  TENDONS_WRAPPING(
      "tendons",
      "spatial tendons wrapping around spheres and cylinders (side sites), pulleys,"
          + " actuators on spatial tendons"),
  FORCES_FLUID("forces", "fluid forces: MuJoCo's inertia-box drag (density, viscosity, wind)"),
  ACTUATORS_ACTIVATION(
      "actuators", "activation dynamics: filter and integrator states (na > 0), actrange"),
  ACTUATORS_SLIDER_CRANK(
      "actuators",
      "slider-crank transmissions (cranksite, slidersite: moment arms from the sites'"
          + " Jacobians)"),
  ACTUATORS_SITE(
      "actuators",
      "site transmissions (site: a wrench in the site's frame; refsite: the site's pose in a"
          + " reference site's frame; MuJoCo 3.14's moment arms)"),
  ACTUATORS_MUSCLE(
      "actuators",
      "MuJoCo's muscles: force-length-velocity gain, passive bias, activation dynamics"),
  ACTUATORS_ADHESION(
      "actuators",
      "adhesion (MuJoCo's body transmission: the mean normal Jacobian of a body's"
          + " contacts, those in their gap included)"),
  CONSTRAINTS_EQUALITY(
      "constraints", "equality constraints: connect, weld, joint and tendon couplings"),
  SENSORS_MUJOCO(
      "sensors", "MuJoCo's sensors: sites, frames, velocities, accelerations, forces, touch"),
  DERIVATIVE_ADJOINT("derivatives", "adjoint (hand-derived reverse mode)"),
  DERIVATIVE_TAPE("derivatives", "tape (operator-overloading reverse mode)"),
  DERIVATIVE_FD("derivatives", "finite differences"),
  DERIVATIVE_JACOBIAN(
      "derivatives",
      "kinematic Jacobians of body points and sites: 3×nv translation and rotation w.r.t. qvel"
          + " (MuJoCo's mj_jac)"),
  DERIVATIVE_SMOOTH(
      "derivatives",
      "internal derivatives of the smooth dynamics at a state: ∂qfrc_smooth/∂qvel (MuJoCo's qDeriv),"
          + " ∂qacc_smooth/∂(q, qvel, act, ctrl), by reverse sweeps"),
  DERIVATIVE_TRANSITION(
      "derivatives",
      "the step's transition A, B, C, D (MuJoCo's mjd_transitionFD), exact by reverse sweeps"),
  DERIVATIVE_IMPLICIT_CONTACT(
      "derivatives",
      "adjoint of the lcp-pdipm contact solve by implicit differentiation of its KKT system at the"
          + " solution (OptNet), no iteration reversed"),
  DERIVATIVE_SHAPE(
      "derivatives",
      "rollout gradients with respect to the SDF geoms' shape parameters: the adjoint through"
          + " their meshes' vertices (contacts) and their bodies' inertia"),
  DERIVATIVE_TIME_OF_CONTACT(
      "derivatives",
      "time-of-contact gradients (DiffSDFSim, diffart:timeofcontact): the step that brings a"
          + " pair into contact split at the implicit contact time h(x), ∂h/∂x by the implicit"
          + " function theorem"),
  DERIVATIVE_CLOSED_LOOP(
      "derivatives",
      "closed-loop rollout gradients: controls u_t = c_t + π(x_t; θ) from a differentiable control"
          + " law, the adjoint through π into the state and θ"),
  CHECKPOINTING_INTERVAL("checkpointing", "adjoint with a state every k steps"),
  CHECKPOINTING_REPLAY(
      "checkpointing", "adjoint with a state every k steps, replayed for each step (the paper's)"),
  CHECKPOINTING_REVOLVE("checkpointing", "adjoint with binomial checkpointing (revolve)"),
  HISTORY_ACTUATOR_DELAY(
      "history", "delayed controls: a control acts its delay later (MuJoCo 3.14's history)"),
  HISTORY_ACTUATOR_ZOH(
      "history", "delayed controls between samples: zero-order hold (interp=\"zoh\")"),
  HISTORY_ACTUATOR_LINEAR(
      "history", "delayed controls between samples: linear interpolation (interp=\"linear\")"),
  HISTORY_ACTUATOR_CUBIC(
      "history",
      "delayed controls between samples: Hermite cubic, secant slopes (interp=\"cubic\")"),
  HISTORY_SENSOR_DELAY("history", "delayed sensors: a sensor reports its value of delay ago"),
  HISTORY_SENSOR_INTERVAL(
      "history",
      "sampled sensors (interval): held between samples, sampled on MuJoCo's phase-locked"
          + " schedule"),
  HISTORY_SENSOR_LINEAR("history", "delayed sensors between samples: linear interpolation"),
  HISTORY_SENSOR_CUBIC("history", "delayed sensors between samples: Hermite cubic"),
  HISTORY_FORWARD_PURE(
      "history",
      "forward without a step (mj_forward) reads the history buffers and leaves them unchanged"),
  HISTORY_INIT_ZERO(
      "history",
      "buffers started as MuJoCo 3.14's reset: every value 0 (--history-init zero, the default)"),
  HISTORY_INIT_FILLED(
      "history",
      "buffers started with the start's own control and sensor values (--history-init filled)"),
  HISTORY_GRADIENT_ACTUATOR(
      "history", "rollout gradients through delayed controls (the adjoint through the buffers)"),
  HISTORY_GRADIENT_SENSOR("history", "rollout gradients of a cost on delayed and sampled sensors"),
  HISTORY_TRANSITION(
      "history",
      "transitions with the buffers' sample values in the state (nx = 2nv+na+nh; MuJoCo refuses"
          + " delays)"),
  PRECISION_FP64("precision", "double precision (float64)");

  private final String group;
  private final String description;

  Capability(String group, String description) {
    this.group = group;
    this.description = description;
  }

  /** The group it is listed under, e.g. {@code joints}. */
  public String group() {
    return group;
  }

  /** What it is, in words. */
  public String description() {
    return description;
  }

  /** Its name on the command line and in JSON, e.g. {@code collision.plane-sphere}. */
  public String key() {
    String n = name().toLowerCase(Locale.ROOT);
    int cut = n.indexOf('_');
    return n.substring(0, cut) + "." + n.substring(cut + 1).replace('_', '-');
  }
}
