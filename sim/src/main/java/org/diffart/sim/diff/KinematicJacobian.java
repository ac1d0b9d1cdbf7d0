package org.diffart.sim.diff;

import org.diffart.sim.model.Model;

/**
 * The first kind of derivative ({@link Derivatives}): the kinematic Jacobian of a point fixed to a
 * body, as MuJoCo's {@code mj_jac} gives it. Its velocity is {@code translation · qvel} and the
 * body's angular velocity {@code rotation · qvel}, both in the world frame; columns follow {@code
 * qvel}, so a configuration with quaternions is differentiated in its tangent space (a free joint:
 * world-frame linear then body-frame angular velocity; a ball joint: child-frame angular velocity).
 *
 * <p>It is <b>not</b> a derivative with respect to the {@code nq} numbers of {@code qpos} (a
 * quaternion has 4 of them and 3 columns here), not a time derivative ({@code mj_jacDot}), and not
 * a derivative of the dynamics: it holds at one configuration and says nothing about forces.
 *
 * @param model the model (which names the columns)
 * @param frame what the point is: {@code body} (the body's origin, {@code mj_jacBody}), {@code
 *     body_com} (its centre of mass, {@code mj_jacBodyCom}), {@code site} ({@code mj_jacSite}) or
 *     {@code point} (a world point moving with the body, {@code mj_jac})
 * @param name the body's or site's name
 * @param body the body the point moves with
 * @param point the point in world coordinates (3)
 * @param translation ∂(point velocity)/∂qvel, world frame (3×nv)
 * @param rotation ∂(body angular velocity)/∂qvel, world frame (3×nv)
 */
public record KinematicJacobian(
    Model model,
    String frame,
    String name,
    int body,
    double[] point,
    double[][] translation,
    double[][] rotation) {}
