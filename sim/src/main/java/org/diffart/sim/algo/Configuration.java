package org.diffart.sim.algo;

import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * Operations on the configuration manifold: positions live in {@code qpos} (nq, with unit quaternions for ball and
 * free joints) and velocities, perturbations and differences in the tangent space (nv). Never subtract quaternions.
 */
public final class Configuration {
  private Configuration() {}

  /**
   * {@code qpos ← qpos ⊕ dt·qvel}: hinge and slide add, free-joint positions add the world velocity, quaternions are
   * rotated by the body-frame angular velocity ({@code q ⊗ exp(ω dt / 2)}) and renormalised (MuJoCo's
   * {@code mj_integratePos}).
   *
   * @param qpos positions (nq), updated in place
   * @param qvel tangent vector (nv)
   */
  public static void integratePos(Model m, double[] qpos, double[] qvel, double dt) {
    integratePos(m, qpos, qvel, 0, dt);
  }

  /** As {@link #integratePos(Model, double[], double[], double)} with the tangent vector at {@code qvel[vo ..]}. */
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
   * Adjoint of {@link #integratePos(Model, double[], double[], int, double)}: given qpos before the update and the
   * tangent vector, turns {@code qposBar} (the bar of the updated qpos) into the bar of qpos before it, in place, and
   * accumulates into {@code qvelBar[vbo ..]}.
   */
  public static void integratePosAdjoint(Model m, double[] qpos, double[] qvel, int vo, double dt, double[] qposBar,
      double[] qvelBar, int vbo) {
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> qvelBar[vbo + da] += dt * qposBar[qa];
        case BALL -> Quat.integrateAdjoint(qpos, qa, qvel, vo + da, dt, qposBar, qa, qvelBar, vbo + da);
        case FREE -> {
          qvelBar[vbo + da] += dt * qposBar[qa];
          qvelBar[vbo + da + 1] += dt * qposBar[qa + 1];
          qvelBar[vbo + da + 2] += dt * qposBar[qa + 2];
          Quat.integrateAdjoint(qpos, qa + 3, qvel, vo + da + 3, dt, qposBar, qa + 3, qvelBar, vbo + da + 3);
        }
      }
    }
  }

  /**
   * The tangent vector taking {@code qpos2} to {@code qpos1} over time {@code dt}: {@code qvel = (qpos1 ⊖ qpos2) /
   * dt}, so that {@code integratePos(qpos2, qvel, dt)} reproduces {@code qpos1} (MuJoCo's
   * {@code mj_differentiatePos} with the arguments in this order).
   *
   * @param qvel output (nv)
   */
  public static void differencePos(Model m, double[] qvel, double dt, double[] qpos2, double[] qpos1) {
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
}
