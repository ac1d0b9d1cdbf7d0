package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.DynType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * Joint-space forces of the smooth dynamics: springs and dampers ({@link #passive}) and actuators
 * ({@link #actuation}).
 */
public final class Forces {
  /** The smallest filter time constant, MuJoCo's {@code mjMINVAL}. */
  static final double MIN_TIME_CONSTANT = 1e-15;

  private Forces() {}

  /**
   * Writes {@code qfrcPassive}: {@code -damping q̇} per dof (damping from {@code d.dofDamping}) and
   * {@code -stiffness (q - springref)} per joint; for ball and free joints the rotational spring
   * uses the quaternion difference in the joint frame, as MuJoCo does. Fixed tendons: writes their
   * lengths and velocities and adds {@code ∂L/∂qᵀ f} with {@code f = -stiffness (L - springlength)
   * - damping L̇}. With the passive flag off only the tendons are computed.
   */
  public static void passive(Model m, Data d) {
    double[] f = d.qfrcPassive;
    for (int k = 0; k < m.nv(); k++) {
      f[k] = -d.dofDamping[k] * d.qvel[k];
    }
    double[] t = d.scratch36;
    for (int j = 0; j < m.njnt(); j++) {
      double k = m.jntStiffness(j);
      if (k == 0) {
        continue;
      }
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> f[da] -= k * (d.qpos[qa] - m.qposSpring(qa));
        case BALL -> {
          springDifference(m, d, qa);
          for (int r = 0; r < 3; r++) {
            f[da + r] -= k * t[8 + r];
          }
        }
        case FREE -> {
          for (int r = 0; r < 3; r++) {
            f[da + r] -= k * (d.qpos[qa + r] - m.qposSpring(qa + r));
          }
          springDifference(m, d, qa + 3);
          for (int r = 0; r < 3; r++) {
            f[da + 3 + r] -= k * t[8 + r];
          }
        }
      }
    }
    for (int tn = 0; tn < m.ntendon(); tn++) {
      if (m.tendonSpatial(tn)) {
        Tendons.spatial(m, d, tn);
        // no shortcut for a zero force: a spring exactly at rest still has a derivative (the tape
        // records it)
        double force =
            -m.tendonStiffness(tn) * (d.tendonLength[tn] - m.tendonLengthSpring(tn))
                - m.tendonDamping(tn) * d.tendonVelocity[tn];
        for (int k = 0; k < m.nv(); k++) {
          f[k] += d.tendonJ[m.nv() * tn + k] * force;
        }
        continue;
      }
      double len = 0, vel = 0;
      for (int w = m.tendonAdr(tn); w < m.tendonAdr(tn) + m.tendonNum(tn); w++) {
        len += m.wrapCoef(w) * d.qpos[m.wrapQposAdr(w)];
        vel += m.wrapCoef(w) * d.qvel[m.wrapDofAdr(w)];
      }
      d.tendonLength[tn] = len;
      d.tendonVelocity[tn] = vel;
      double force =
          -m.tendonStiffness(tn) * (len - m.tendonLengthSpring(tn)) - m.tendonDamping(tn) * vel;
      for (int w = m.tendonAdr(tn); w < m.tendonAdr(tn) + m.tendonNum(tn); w++) {
        f[m.wrapDofAdr(w)] += m.wrapCoef(w) * force;
      }
    }
    if (m.opt().density() > 0 || m.opt().viscosity() > 0) {
      Fluid.forces(m, d);
    }
    if (!m.opt().passive()) {
      // MJCF flag passive off: the tendons' lengths stay (limits, sensors and actuators read them),
      // no force
      java.util.Arrays.fill(f, 0);
    }
  }

  /**
   * scratch36[8..10] = log(conj(q_spring) ⊗ q) for the quaternion at qpos address a (uses
   * scratch36[0..10]).
   */
  public static void springDifference(Model m, Data d, int a) {
    double[] t = d.scratch36;
    for (int r = 0; r < 4; r++) {
      t[r] = m.qposSpring(a + r);
      t[4 + r] = d.qpos[a + r];
    }
    Quat.normalize(t, 4);
    Quat.difference(t, 8, t, 4, t, 0);
  }

  /**
   * Writes the actuator lengths, velocities and forces, {@code actDot} and {@code qfrcActuator}, as
   * MuJoCo 2.2.2: the control is clamped to ctrlrange where limited; the input is the control, or
   * the activation {@code act} of an actuator with dynamics (whose {@code act' = ctrl} for an
   * integrator, {@code (ctrl - act)/τ} for a filter); {@code force = (gain0 + gain1 length + gain2
   * velocity) input + bias0 + bias1 length + bias2 velocity}, clamped to forcerange where limited,
   * through the actuator's transmission terms: {@code length = Σ c q}, {@code velocity = Σ c q̇},
   * {@code qfrc += c force} (one term {@code gear} on a joint; {@code gear·coef} per joint of a
   * fixed tendon); on a spatial tendon the moment arms are {@code gear ∂L/∂q} ({@link #passive}
   * computes the tendon first); a site's length and moment arms are {@link SiteTransmission}'s; an
   * adhesion actuator's are those of {@link #adhesion}, at length 0. Then, as MuJoCo 3, {@code
   * qfrcActuator} at the dof of a joint with {@code actuatorfrcrange} is clamped to it.
   */
  public static void actuation(Model m, Data d) {
    java.util.Arrays.fill(d.qfrcActuator, 0);
    boolean sites = false;
    for (int a = 0; a < m.nu(); a++) {
      sites |= m.actCrankSite(a) >= 0 || m.actSite(a) >= 0;
    }
    if (sites) {
      Kinematics.sites(m, d);
    }
    int nv = m.nv();
    for (int a = 0; a < m.nu(); a++) {
      double len = 0, vel = 0;
      for (int n = m.actTrnAdr(a); n < m.actTrnAdr(a) + m.actTrnNum(a); n++) {
        len += m.trnCoef(n) * d.qpos[m.trnQposAdr(n)];
        vel += m.trnCoef(n) * d.qvel[m.trnDofAdr(n)];
      }
      boolean dense = denseMoment(m, a);
      if (m.actCrankSite(a) >= 0) {
        len = sliderCrank(m, d, a);
      } else if (m.actSite(a) >= 0) {
        len = SiteTransmission.length(m, d, a);
      } else if (m.actBody(a) >= 0) {
        adhesion(m, d, a);
      }
      if (dense) {
        for (int k = 0; k < nv; k++) {
          vel += d.actuatorMoment[nv * a + k] * d.qvel[k];
        }
      }
      int ten = m.actTendon(a);
      boolean spatial = ten >= 0 && m.tendonSpatial(ten);
      if (spatial) {
        // moment arms gear ∂L/∂q (the tendon's Jacobian, from passive)
        len = m.actGear(a) * d.tendonLength[ten];
        for (int k = 0; k < nv; k++) {
          vel += d.tendonJ[nv * ten + k] * m.actGear(a) * d.qvel[k];
        }
      }
      // the control the actuator sees: delayed through its history buffer, if it has one
      double u = History.control(m, d, a);
      if (m.actCtrlLimited(a)) {
        u = Math.min(Math.max(u, m.actCtrlRange(a, 0)), m.actCtrlRange(a, 1));
      }
      double input = u;
      int s = m.actActAdr(a);
      if (s >= 0) {
        input = d.act[s];
        DynType dyn = m.actDynType(a);
        d.actDot[s] =
            dyn == DynType.FILTER
                ? (u - input) / Math.max(m.actDynPrm(a, 0), MIN_TIME_CONSTANT)
                : dyn == DynType.MUSCLE ? Muscle.dynamics(m, a, u, input, 0) : u;
      }
      double gain =
          m.actGainMuscle(a)
              ? Muscle.gain(m, a, len, vel, 0)
              : m.actGain(a, 0) + m.actGain(a, 1) * len + m.actGain(a, 2) * vel;
      double bias =
          m.actBiasMuscle(a)
              ? Muscle.bias(m, a, len, 0)
              : m.actBias(a, 0) + m.actBias(a, 1) * len + m.actBias(a, 2) * vel;
      double force = gain * input + bias;
      if (m.actForceLimited(a)) {
        force = Math.min(Math.max(force, m.actForceRange(a, 0)), m.actForceRange(a, 1));
      }
      d.actuatorLength[a] = len;
      d.actuatorVelocity[a] = vel;
      d.actuatorForce[a] = force;
      for (int n = m.actTrnAdr(a); n < m.actTrnAdr(a) + m.actTrnNum(a); n++) {
        d.qfrcActuator[m.trnDofAdr(n)] += m.trnCoef(n) * force;
      }
      if (dense) {
        for (int k = 0; k < nv; k++) {
          d.qfrcActuator[k] += d.actuatorMoment[nv * a + k] * force;
        }
      }
      if (spatial) {
        for (int k = 0; k < nv; k++) {
          d.qfrcActuator[k] += d.tendonJ[nv * ten + k] * m.actGear(a) * force;
        }
      }
    }
    // MuJoCo 3's joint-level clamp of the total actuator force (actuatorfrcrange)
    for (int j = 0; j < m.njnt(); j++) {
      if (m.jntActFrcLimited(j)) {
        int k = m.jntDofAdr(j);
        d.qfrcActuator[k] =
            Math.min(Math.max(d.qfrcActuator[k], m.jntActFrcRange(j, 0)), m.jntActFrcRange(j, 1));
      }
    }
    if (!m.opt().actuation()) {
      // MJCF flag actuation off: lengths and velocities stay, forces and activation derivatives are
      // zero
      java.util.Arrays.fill(d.qfrcActuator, 0);
      java.util.Arrays.fill(d.actuatorForce, 0);
      java.util.Arrays.fill(d.actDot, 0);
    }
  }

  /**
   * Actuator a's moment arms {@code ∂length/∂q} into {@code out[0..nv)}: its transmission terms, a
   * slider-crank's, a site's (MuJoCo's, not quite {@code ∂length/∂q}) or an adhesion's {@code
   * actuatorMoment}, a spatial tendon's {@code gear·tendonJ}. Requires {@link #passive} and {@link
   * #actuation}.
   */
  public static void moment(Model m, Data d, int a, double[] out) {
    int nv = m.nv(), ten = m.actTendon(a);
    java.util.Arrays.fill(out, 0, nv, 0);
    for (int n = m.actTrnAdr(a); n < m.actTrnAdr(a) + m.actTrnNum(a); n++) {
      out[m.trnDofAdr(n)] += m.trnCoef(n);
    }
    for (int k = 0; k < nv; k++) {
      out[k] +=
          denseMoment(m, a)
              ? d.actuatorMoment[nv * a + k]
              : ten >= 0 && m.tendonSpatial(ten) ? d.tendonJ[nv * ten + k] * m.actGear(a) : 0;
    }
  }

  /**
   * Whether actuator a's moment arms are a row of {@code actuatorMoment} that depends on the
   * configuration (a slider-crank, a site, an adhesion) rather than fixed transmission terms.
   */
  public static boolean denseMoment(Model m, int a) {
    return m.actCrankSite(a) >= 0 || m.actSite(a) >= 0 || m.actBody(a) >= 0;
  }

  /**
   * Adhesion actuator a's moment arms into {@code actuatorMoment} (MuJoCo 2.2.2's body
   * transmission): minus the mean, over the contacts of its body (active or in their gap), of the
   * normal row of the contact Jacobian, {@code nᵀ (J₂ − J₁)} at the contact point; zero without
   * contacts. A positive force thus pulls the body onto what it touches.
   */
  public static void adhesion(Model m, Data d, int a) {
    int nv = m.nv(), o = nv * a, body = m.actBody(a), count = 0;
    java.util.Arrays.fill(d.actuatorMoment, o, o + nv, 0);
    for (int c = 0; c < d.ncon; c++) {
      int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
      if (b1 == body || b2 == body) {
        Jacobians.addPointJacobian(
            m, d, d.actuatorMoment, o, b2, d.conPos, 3 * c, d.conFrame, 9 * c, 1);
        Jacobians.addPointJacobian(
            m, d, d.actuatorMoment, o, b1, d.conPos, 3 * c, d.conFrame, 9 * c, -1);
        count++;
      }
    }
    if (count > 0) {
      double scale = -1.0 / count;
      for (int k = 0; k < nv; k++) {
        d.actuatorMoment[o + k] *= scale;
      }
    }
  }

  /**
   * Actuator a's slider-crank (MuJoCo 2.2.2's {@code mjTRN_SLIDERCRANK}): with the slider site's z
   * axis a, the vector v from the slider site to the crank site and the rod length r, {@code length
   * = a·v − √det}, {@code det = (a·v)² + r² − v·v} (just {@code a·v} when det ≤ 0: the rod cannot
   * reach the axis), times the gear; writes the moment arms {@code ∂length/∂q = ∂l/∂a · ∂a/∂q +
   * ∂l/∂v · (J_crank − J_slider)} to {@code actuatorMoment} and returns the length. Uses {@code
   * scratch36[12..20]}.
   */
  static double sliderCrank(Model m, Data d, int a) {
    int nv = m.nv(), cs = m.actCrankSite(a), ss = m.actSliderSite(a), o = nv * a;
    double[] t = d.scratch36, x = d.siteXpos, r = d.siteXmat;
    double ax = r[9 * ss + 2], ay = r[9 * ss + 5], az = r[9 * ss + 8];
    double vx = x[3 * cs] - x[3 * ss],
        vy = x[3 * cs + 1] - x[3 * ss + 1],
        vz = x[3 * cs + 2] - x[3 * ss + 2];
    double rod = m.actCrankLength(a), av = vx * ax + vy * ay + vz * az;
    double det = av * av + rod * rod - (vx * vx + vy * vy + vz * vz);
    double length;
    if (det <= 0) {
      length = av;
      // ∂l/∂v = a, ∂l/∂a = v
      t[12] = ax;
      t[13] = ay;
      t[14] = az;
      t[15] = vx;
      t[16] = vy;
      t[17] = vz;
    } else {
      double sdet = Math.sqrt(det), g = 1 - av / sdet;
      length = av - sdet;
      t[12] = ax * g + vx / sdet;
      t[13] = ay * g + vy / sdet;
      t[14] = az * g + vz / sdet;
      t[15] = vx * g;
      t[16] = vy * g;
      t[17] = vz * g;
    }
    // ∂l/∂a · ∂a/∂q = ω · (a × ∂l/∂a) for the slider's body
    t[18] = ay * t[17] - az * t[16];
    t[19] = az * t[15] - ax * t[17];
    t[20] = ax * t[16] - ay * t[15];
    java.util.Arrays.fill(d.actuatorMoment, o, o + nv, 0);
    Jacobians.addPointJacobian(m, d, d.actuatorMoment, o, m.siteBody(cs), x, 3 * cs, t, 12, 1);
    Jacobians.addPointJacobian(m, d, d.actuatorMoment, o, m.siteBody(ss), x, 3 * ss, t, 12, -1);
    Jacobians.addAngularJacobian(m, d, d.actuatorMoment, o, m.siteBody(ss), t, 18, 1);
    double gear = m.actGear(a);
    for (int k = 0; k < nv; k++) {
      d.actuatorMoment[o + k] *= gear;
    }
    return length * gear;
  }

  /**
   * The activations after a step of h: {@code act += h·act'}, clamped to actrange where limited
   * (MuJoCo's Euler and the final RK4 update).
   */
  public static void integrateActivation(Model m, Data d, double h) {
    for (int a = m.nu() - m.na(); a < m.nu(); a++) {
      int s = m.actActAdr(a);
      d.act[s] += h * d.actDot[s];
      if (m.actActLimited(a)) {
        d.act[s] = Math.min(Math.max(d.act[s], m.actActRange(a, 0)), m.actActRange(a, 1));
      }
    }
  }

  /**
   * Writes {@code dofArmature = armature + h·damping}: with {@code h = dt} the dynamics use {@code
   * M + dt B}, the implicit damping of MuJoCo's Euler step; with {@code h = 0} plain M.
   */
  public static void armature(Model m, Data d, double h) {
    for (int k = 0; k < m.nv(); k++) {
      d.dofArmature[k] = m.dofArmature(k) + h * d.dofDamping[k];
    }
  }

  /** {@code qfrcSmooth = qfrcApplied + qfrcActuator + qfrcPassive}. */
  public static void total(Model m, Data d) {
    for (int k = 0; k < m.nv(); k++) {
      d.qfrcSmooth[k] = d.qfrcApplied[k] + d.qfrcActuator[k] + d.qfrcPassive[k];
    }
  }
}
