package org.diffart.sim.diff;

import org.diffart.sim.model.Model;

/**
 * The second kind of derivative ({@link Derivatives}): the internal derivatives of the smooth
 * dynamics {@code qacc_smooth = M(q)⁻¹ qfrc_smooth(q, v, act, ctrl)} at one state, with {@code
 * qfrc_smooth = qfrc_passive + qfrc_actuator + qfrc_applied - qfrc_bias} (MuJoCo's; ours is {@code
 * M qaccSmooth}, since diffart's {@code qfrcSmooth} leaves the bias to ABA). Columns are inputs,
 * rows outputs; {@code qpos} is differentiated in its tangent space ({@code q ⊕ δ}, nv columns).
 *
 * <p>{@code qfrcSmoothDqvel} is MuJoCo 3.14's {@code qDeriv} as {@code mjd_smooth_vel(m, d,
 * flg_bias = 1)} leaves it (the implicit integrator's): joint and tendon damping, fluid forces,
 * actuators whose force depends on velocity, and {@code -∂qfrc_bias/∂qvel}; the implicitfast
 * integrator's {@code qDeriv} omits that last term (mujoco-314-semantics.md § 2).
 *
 * <p>These are <b>not</b> derivatives of the step: no time step, no integrator and no constraint
 * (contact, limit, dry friction, equality) enters them, so they are neither {@link Transition}'s A
 * and B nor derivatives of {@code qacc} where a constraint is active. {@code qaccDctrl} is not a
 * parameter gradient, and the position columns are not derivatives with respect to the {@code nq}
 * numbers of {@code qpos}.
 *
 * @param model the model (which names rows and columns)
 * @param qaccSmooth the smooth acceleration at the state (nv)
 * @param qfrcSmoothDqvel ∂qfrc_smooth/∂qvel, MuJoCo's {@code qDeriv} (nv×nv)
 * @param qaccDqpos ∂qacc_smooth/∂q in the tangent space (nv×nv)
 * @param qaccDqvel ∂qacc_smooth/∂qvel (nv×nv)
 * @param qaccDact ∂qacc_smooth/∂act (nv×na)
 * @param qaccDctrl ∂qacc_smooth/∂ctrl (nv×nu)
 * @param method {@code adjoint} (exact, one reverse sweep per row) or {@code fd} (central
 *     differences)
 * @param ms wall time, ms
 */
public record SmoothDerivatives(
    Model model,
    double[] qaccSmooth,
    double[][] qfrcSmoothDqvel,
    double[][] qaccDqpos,
    double[][] qaccDqvel,
    double[][] qaccDact,
    double[][] qaccDctrl,
    String method,
    double ms) {}
