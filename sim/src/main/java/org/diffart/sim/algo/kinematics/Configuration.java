package org.diffart.sim.algo.kinematics;

import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * Operations on the configuration manifold: positions live in {@code qpos} (nq, with unit
 * quaternions for ball and free joints) and velocities, perturbations and differences in the
 * tangent space (nv). Never subtract quaternions.
 */
public final class Configuration {
  private Configuration() {}

  /**
   * {@code qpos ← qpos ⊕ dt·qvel}: hinge and slide add, free-joint positions add the world
   * velocity, quaternions are rotated by the body-frame angular velocity ({@code q ⊗ exp(ω dt /
   * 2)}) and renormalised (MuJoCo's {@code mj_integratePos}).
   *
   * @param qpos positions (nq), updated in place
   * @param qvel tangent vector (nv)
   */
  public static void integratePos(Model m, double[] qpos, double[] qvel, double dt) {
    integratePos(m, qpos, qvel, 0, dt);
  }

  /**
   * As {@link #integratePos(Model, double[], double[], double)} with the tangent vector at {@code
   * qvel[vo ..]}.
   */
  public static void integratePos(Model m, double[] qpos, double[] qvel, int vo, double dt) {
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = vo + m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> qpos[qa] += dt * qvel[da];
        case BALL -> Quat.integrate(qpos, qa, qvel, da, dt);
        case FREE -> {
          qpos[qa] += dt * qvel[da];
          qpos[qa + 1] += dt * qvel[da + 1];
          qpos[qa + 2] += dt * qvel[da + 2];
          Quat.integrate(qpos, qa + 3, qvel, da + 3, dt);
        }
      }
    }
  }

  /**
   * Adjoint of {@link #integratePos(Model, double[], double[], int, double)}: given qpos before the
   * update and the tangent vector, turns {@code qposBar} (the bar of the updated qpos) into the bar
   * of qpos before it, in place, and accumulates into {@code qvelBar[vbo ..]}.
   */
  public static void integratePosAdjoint(
      Model m,
      double[] qpos,
      double[] qvel,
      int vo,
      double dt,
      double[] qposBar,
      double[] qvelBar,
      int vbo) {
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> qvelBar[vbo + da] += dt * qposBar[qa];
        case BALL ->
            Quat.integrateAdjoint(qpos, qa, qvel, vo + da, dt, qposBar, qa, qvelBar, vbo + da);
        case FREE -> {
          qvelBar[vbo + da] += dt * qposBar[qa];
          qvelBar[vbo + da + 1] += dt * qposBar[qa + 1];
          qvelBar[vbo + da + 2] += dt * qposBar[qa + 2];
          Quat.integrateAdjoint(
              qpos, qa + 3, qvel, vo + da + 3, dt, qposBar, qa + 3, qvelBar, vbo + da + 3);
        }
      }
    }
  }

  /**
   * The tangent vector taking {@code qpos2} to {@code qpos1} over time {@code dt}: {@code qvel =
   * (qpos1 ⊖ qpos2) / dt}, so that {@code integratePos(qpos2, qvel, dt)} reproduces {@code qpos1}
   * (MuJoCo's {@code mj_differentiatePos} with the arguments in this order).
   *
   * @param qvel output (nv)
   */
  public static void differencePos(
      Model m, double[] qvel, double dt, double[] qpos2, double[] qpos1) {
    double inv = 1 / dt;
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> qvel[da] = (qpos1[qa] - qpos2[qa]) * inv;
        case BALL -> {
          Quat.difference(qvel, da, qpos1, qa, qpos2, qa);
          scale(qvel, da, inv);
        }
        case FREE -> {
          for (int k = 0; k < 3; k++) {
            qvel[da + k] = (qpos1[qa + k] - qpos2[qa + k]) * inv;
          }
          Quat.difference(qvel, da + 3, qpos1, qa + 3, qpos2, qa + 3);
          scale(qvel, da + 3, inv);
        }
      }
    }
  }

  private static void scale(double[] v, int o, double s) {
    v[o] *= s;
    v[o + 1] *= s;
    v[o + 2] *= s;
  }

  /**
   * Adjoint of {@link #differencePos}: accumulates into the bars of qpos2 and qpos1 (ambient, nq
   * each) from the bar of the tangent vector (nv).
   */
  public static void differencePosAdjoint(
      Model m,
      double[] qvelBar,
      double dt,
      double[] qpos2,
      double[] qpos1,
      double[] qpos2Bar,
      double[] qpos1Bar) {
    double inv = 1 / dt;
    double[] t = new double[3];
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> {
          qpos1Bar[qa] += qvelBar[da] * inv;
          qpos2Bar[qa] -= qvelBar[da] * inv;
        }
        case BALL -> {
          scaled(qvelBar, da, inv, t);
          Quat.differenceAdjoint(t, 0, qpos1, qa, qpos2, qa, qpos1Bar, qa, qpos2Bar, qa);
        }
        case FREE -> {
          for (int k = 0; k < 3; k++) {
            qpos1Bar[qa + k] += qvelBar[da + k] * inv;
            qpos2Bar[qa + k] -= qvelBar[da + k] * inv;
          }
          scaled(qvelBar, da + 3, inv, t);
          Quat.differenceAdjoint(
              t, 0, qpos1, qa + 3, qpos2, qa + 3, qpos1Bar, qa + 3, qpos2Bar, qa + 3);
        }
      }
    }
  }

  private static void scaled(double[] v, int o, double s, double[] out) {
    out[0] = v[o] * s;
    out[1] = v[o + 1] * s;
    out[2] = v[o + 2] * s;
  }

  /**
   * The gradient in the tangent space at qpos (nv) of a function whose gradient in qpos's own
   * coordinates is {@code qposBar} (nq): for a perturbation {@code qpos ⊕ δ} ({@link
   * #integratePos}), {@code ∂f/∂δ = ½ vec(conj(q) ⊗ q̄)} for a quaternion q (the radial part of q̄
   * drops out) and {@code q̄} itself for the other coordinates.
   */
  public static void tangentGradient(Model m, double[] qpos, double[] qposBar, double[] out) {
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> out[da] = qposBar[qa];
        case BALL -> halfConjProduct(qpos, qposBar, qa, out, da);
        case FREE -> {
          out[da] = qposBar[qa];
          out[da + 1] = qposBar[qa + 1];
          out[da + 2] = qposBar[qa + 2];
          halfConjProduct(qpos, qposBar, qa + 3, out, da + 3);
        }
      }
    }
  }

  /**
   * The seed in qpos's own coordinates (nq) for a gradient given in the tangent space at qpos (nv),
   * so that {@link #tangentGradient} returns it again: {@code q̄ = 2 q ⊗ (0, g)} for a quaternion
   * (tangent to the unit sphere).
   */
  public static void ambientSeed(Model m, double[] qpos, double[] tangent, double[] out) {
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> out[qa] = tangent[da];
        case BALL -> twiceProduct(qpos, qa, tangent, da, out);
        case FREE -> {
          out[qa] = tangent[da];
          out[qa + 1] = tangent[da + 1];
          out[qa + 2] = tangent[da + 2];
          twiceProduct(qpos, qa + 3, tangent, da + 3, out);
        }
      }
    }
  }

  /** out[o..o+2] = ½ vec(conj(q) ⊗ b) with q = qpos[a..a+3], b = qposBar[a..a+3]. */
  private static void halfConjProduct(double[] q, double[] b, int a, double[] out, int o) {
    double w = q[a], x = q[a + 1], y = q[a + 2], z = q[a + 3];
    double bw = b[a], bx = b[a + 1], by = b[a + 2], bz = b[a + 3];
    out[o] = 0.5 * (w * bx - x * bw - y * bz + z * by);
    out[o + 1] = 0.5 * (w * by + x * bz - y * bw - z * bx);
    out[o + 2] = 0.5 * (w * bz - x * by + y * bx - z * bw);
  }

  /** out[a..a+3] = 2 q ⊗ (0, g) with q = qpos[a..a+3], g = tangent[o..o+2]. */
  private static void twiceProduct(double[] q, int a, double[] g, int o, double[] out) {
    double w = q[a], x = q[a + 1], y = q[a + 2], z = q[a + 3];
    double gx = g[o], gy = g[o + 1], gz = g[o + 2];
    out[a] = 2 * (-x * gx - y * gy - z * gz);
    out[a + 1] = 2 * (w * gx + y * gz - z * gy);
    out[a + 2] = 2 * (w * gy - x * gz + z * gx);
    out[a + 3] = 2 * (w * gz + x * gy - y * gx);
  }
}
