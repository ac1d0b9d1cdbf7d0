package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.history.HistoryAdjoint;
import org.diffart.sim.algo.kinematics.JacobiansAdjoint;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.DynType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * Adjoints of {@link Forces}: passive springs and dampers, actuation, the total and the
 * implicit-damping diagonal.
 */
public final class ForcesAdjoint {
  private ForcesAdjoint() {}

  /** Adjoint of {@link Forces#total}: consumes {@code qfrcSmoothBar}. */
  public static void total(Model m, DataBar b) {
    for (int k = 0; k < m.nv(); k++) {
      double g = b.qfrcSmoothBar[k];
      b.qfrcAppliedBar[k] += g;
      b.qfrcActuatorBar[k] += g;
      b.qfrcPassiveBar[k] += g;
      b.qfrcSmoothBar[k] = 0;
    }
  }

  /**
   * Adjoint of {@link Forces#armature}: consumes {@code dofArmatureBar} into {@code dofDampingBar}.
   */
  public static void armature(Model m, DataBar b, double h) {
    for (int k = 0; k < m.nv(); k++) {
      b.dofDampingBar[k] += h * b.dofArmatureBar[k];
      b.dofArmatureBar[k] = 0;
    }
  }

  /**
   * Adjoint of {@link Forces#actuation}: consumes {@code qfrcActuatorBar} and {@code actDotBar}
   * into {@code ctrlBar, actBar, qposBar, qvelBar}. A control or force held at a bound of its range
   * passes no gradient, as the clamp {@code min(max(x, lo), hi)} does.
   */
  public static void actuation(Model m, Data d, DataBar b) {
    int nv = m.nv();
    if (!m.opt().actuation()) {
      // the forces and activation derivatives were zeroed: nothing flows back but the lengths' bars
      // (none here)
      java.util.Arrays.fill(b.qfrcActuatorBar, 0);
      java.util.Arrays.fill(b.actDotBar, 0);
      java.util.Arrays.fill(b.actuatorForceBar, 0);
    }
    // a joint's clamped total actuator force passes no bar back
    for (int j = 0; j < m.njnt(); j++) {
      if (m.jntActFrcLimited(j)) {
        int k = m.jntDofAdr(j);
        if (d.qfrcActuator[k] <= m.jntActFrcRange(j, 0)
            || d.qfrcActuator[k] >= m.jntActFrcRange(j, 1)) {
          b.qfrcActuatorBar[k] = 0;
        }
      }
    }
    boolean sites = false;
    for (int a = 0; a < m.nu(); a++) {
      boolean crank = m.actCrankSite(a) >= 0, site = m.actSite(a) >= 0;
      boolean dense = Forces.denseMoment(m, a);
      sites |= crank || site;
      // the force's bar: from the sensors that read it, and through the transmission
      double forceBar = b.actuatorForceBar[a];
      b.actuatorForceBar[a] = 0;
      for (int n = m.actTrnAdr(a); n < m.actTrnAdr(a) + m.actTrnNum(a); n++) {
        forceBar += m.trnCoef(n) * b.qfrcActuatorBar[m.trnDofAdr(n)];
      }
      if (dense) {
        for (int k = 0; k < nv; k++) {
          forceBar += d.actuatorMoment[nv * a + k] * b.qfrcActuatorBar[k];
        }
      }
      int ten = m.actTendon(a);
      boolean spatial = ten >= 0 && m.tendonSpatial(ten);
      if (spatial) {
        for (int k = 0; k < nv; k++) {
          forceBar += d.tendonJ[nv * ten + k] * m.actGear(a) * b.qfrcActuatorBar[k];
        }
      }
      double len = d.actuatorLength[a], vel = d.actuatorVelocity[a];
      double u = History.control(m, d, a);
      boolean ctrlPasses =
          !m.actCtrlLimited(a) || passes(u, m.actCtrlRange(a, 0), m.actCtrlRange(a, 1));
      if (m.actCtrlLimited(a)) {
        u = Math.min(Math.max(u, m.actCtrlRange(a, 0)), m.actCtrlRange(a, 1));
      }
      int s = m.actActAdr(a);
      double input = s >= 0 ? d.act[s] : u;
      boolean mg = m.actGainMuscle(a), mb = m.actBiasMuscle(a);
      double gain =
          mg
              ? Muscle.gain(m, a, len, vel, 0)
              : m.actGain(a, 0) + m.actGain(a, 1) * len + m.actGain(a, 2) * vel;
      double force =
          gain * input
              + (mb
                  ? Muscle.bias(m, a, len, 0)
                  : m.actBias(a, 0) + m.actBias(a, 1) * len + m.actBias(a, 2) * vel);
      if (m.actForceLimited(a) && !passes(force, m.actForceRange(a, 0), m.actForceRange(a, 1))) {
        forceBar = 0;
      }
      double inputBar = gain * forceBar;
      double gainLen = mg ? Muscle.gain(m, a, len, vel, 1) : m.actGain(a, 1);
      double gainVel = mg ? Muscle.gain(m, a, len, vel, 2) : m.actGain(a, 2);
      // the length's and velocity's bars: through the force, and from the sensors that read them
      double lenBar =
          (gainLen * input + (mb ? Muscle.bias(m, a, len, 1) : m.actBias(a, 1))) * forceBar
              + b.actuatorLengthBar[a];
      double velBar =
          (gainVel * input + (mb ? 0 : m.actBias(a, 2))) * forceBar + b.actuatorVelocityBar[a];
      b.actuatorLengthBar[a] = 0;
      b.actuatorVelocityBar[a] = 0;
      double uBar = inputBar;
      if (s >= 0) {
        b.actBar[s] += inputBar;
        uBar = b.actDotBar[s];
        if (m.actDynType(a) == DynType.FILTER) {
          uBar /= Math.max(m.actDynPrm(a, 0), Forces.MIN_TIME_CONSTANT);
          b.actBar[s] -= uBar;
        } else if (m.actDynType(a) == DynType.MUSCLE) {
          double adb = uBar;
          b.actBar[s] += adb * Muscle.dynamics(m, a, u, input, 1);
          uBar = adb * Muscle.dynamics(m, a, u, input, 2);
        }
        b.actDotBar[s] = 0;
      }
      if (ctrlPasses) {
        HistoryAdjoint.control(m, d, b, a, uBar);
      }
      for (int n = m.actTrnAdr(a); n < m.actTrnAdr(a) + m.actTrnNum(a); n++) {
        b.qposBar[m.trnQposAdr(n)] += m.trnCoef(n) * lenBar;
        b.qvelBar[m.trnDofAdr(n)] += m.trnCoef(n) * velBar;
      }
      if (dense) {
        // vel = Σ moment q̇, qfrc += moment force
        double applied = d.actuatorForce[a];
        for (int k = 0; k < nv; k++) {
          b.actuatorMomentBar[nv * a + k] += applied * b.qfrcActuatorBar[k] + velBar * d.qvel[k];
          b.qvelBar[k] += velBar * d.actuatorMoment[nv * a + k];
        }
        if (crank) {
          sliderCrank(m, d, b, a, lenBar);
        } else if (site) {
          SiteTransmissionAdjoint.length(m, d, b, a, lenBar);
        } else {
          adhesion(m, d, b, a);
        }
      }
      if (spatial) {
        // len = gear L, vel = Σ gear J q̇, qfrc += gear J force: into the tendon's bars
        // (TendonsAdjoint, in passive)
        double gear = m.actGear(a), applied = d.actuatorForce[a];
        b.tendonLengthBar[ten] += gear * lenBar;
        for (int k = 0; k < nv; k++) {
          b.tendonJBar[nv * ten + k] +=
              gear * (applied * b.qfrcActuatorBar[k] + velBar * d.qvel[k]);
          b.qvelBar[k] += velBar * gear * d.tendonJ[nv * ten + k];
        }
      }
    }
    java.util.Arrays.fill(b.qfrcActuatorBar, 0);
    if (sites) {
      KinematicsAdjoint.sites(m, d, b);
    }
  }

  /**
   * Adjoint of {@link Forces#moment}: the bars {@code mBar} of actuator a's moment arms into {@code
   * actuatorMomentBar} (slider-crank, site, adhesion) or {@code tendonJBar} (spatial tendon),
   * consumed by {@link #actuation} and {@link #passive}; a joint's or fixed tendon's arms are
   * constants.
   */
  public static void moment(Model m, DataBar b, int a, double[] mBar) {
    int nv = m.nv(), ten = m.actTendon(a);
    if (Forces.denseMoment(m, a)) {
      for (int k = 0; k < nv; k++) {
        b.actuatorMomentBar[nv * a + k] += mBar[k];
      }
    } else if (ten >= 0 && m.tendonSpatial(ten)) {
      for (int k = 0; k < nv; k++) {
        b.tendonJBar[nv * ten + k] += m.actGear(a) * mBar[k];
      }
    }
  }

  /**
   * Adjoint of {@link Forces#adhesion}: from the bars of the moment arms ({@code
   * actuatorMomentBar}, consumed), the bars of the contacts' points and normals ({@code conPosBar,
   * conFrameBar}, which {@code CollisionAdjoint} carries on) and of the kinematics the Jacobians
   * read.
   */
  static void adhesion(Model m, Data d, DataBar b, int a) {
    int nv = m.nv(), o = nv * a, body = m.actBody(a), count = 0;
    for (int c = 0; c < d.ncon; c++) {
      int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
      count += b1 == body || b2 == body ? 1 : 0;
    }
    double[] mb = b.actuatorMomentBar;
    if (count > 0) {
      double scale = -1.0 / count;
      for (int k = 0; k < nv; k++) {
        mb[o + k] *= scale;
      }
      for (int c = 0; c < d.ncon; c++) {
        int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
        if (b1 == body || b2 == body) {
          JacobiansAdjoint.addPointJacobian(
              m,
              d,
              b,
              mb,
              o,
              b2,
              d.conPos,
              3 * c,
              b.conPosBar,
              3 * c,
              d.conFrame,
              9 * c,
              b.conFrameBar,
              9 * c,
              1);
          JacobiansAdjoint.addPointJacobian(
              m,
              d,
              b,
              mb,
              o,
              b1,
              d.conPos,
              3 * c,
              b.conPosBar,
              3 * c,
              d.conFrame,
              9 * c,
              b.conFrameBar,
              9 * c,
              -1);
        }
      }
    }
    java.util.Arrays.fill(mb, o, o + nv, 0);
  }

  /**
   * Adjoint of {@link Forces#sliderCrank}: from the bars of the length and of the moment arms
   * ({@code actuatorMomentBar}, consumed), the bars of the two sites' poses ({@code siteXposBar,
   * siteXmatBar}) and of the kinematics the moment arms' Jacobians read.
   */
  static void sliderCrank(Model m, Data d, DataBar b, int a, double lenBar) {
    int nv = m.nv(), cs = m.actCrankSite(a), ss = m.actSliderSite(a), o = nv * a;
    // the forward again: ∂l/∂v at t[12..14], ∂l/∂a at t[15..17], a × ∂l/∂a at t[18..20]
    Forces.sliderCrank(m, d, a);
    double[] t = d.scratch36, x = d.siteXpos, r = d.siteXmat, w = b.scratch36;
    double gear = m.actGear(a);
    double[] mb = b.actuatorMomentBar;
    for (int k = 0; k < nv; k++) {
      mb[o + k] *= gear;
    }
    for (int k = 20; k < 26; k++) {
      w[k] = 0;
    }
    JacobiansAdjoint.addPointJacobian(
        m, d, b, mb, o, m.siteBody(cs), x, 3 * cs, b.siteXposBar, 3 * cs, t, 12, w, 20, 1);
    JacobiansAdjoint.addPointJacobian(
        m, d, b, mb, o, m.siteBody(ss), x, 3 * ss, b.siteXposBar, 3 * ss, t, 12, w, 20, -1);
    JacobiansAdjoint.addAngularJacobian(m, d, b, mb, o, m.siteBody(ss), t, 18, w, 23, 1);
    java.util.Arrays.fill(mb, o, o + nv, 0);
    double ax = r[9 * ss + 2], ay = r[9 * ss + 5], az = r[9 * ss + 8];
    double vx = x[3 * cs] - x[3 * ss],
        vy = x[3 * cs + 1] - x[3 * ss + 1],
        vz = x[3 * cs + 2] - x[3 * ss + 2];
    // c = a × p (p = ∂l/∂a): ā += p × c̄, p̄ = c̄ × a
    double cbx = w[23], cby = w[24], cbz = w[25], px = t[15], py = t[16], pz = t[17];
    double abx = py * cbz - pz * cby, aby = pz * cbx - px * cbz, abz = px * cby - py * cbx;
    double pbx = cby * az - cbz * ay, pby = cbz * ax - cbx * az, pbz = cbx * ay - cby * ax;
    double qbx = w[20], qby = w[21], qbz = w[22];
    double l0Bar = gear * lenBar, vbx, vby, vbz;
    double rod = m.actCrankLength(a), av = vx * ax + vy * ay + vz * az;
    double det = av * av + rod * rod - (vx * vx + vy * vy + vz * vz);
    if (det <= 0) {
      // l = a·v, ∂l/∂v = a, ∂l/∂a = v
      vbx = pbx + l0Bar * ax;
      vby = pby + l0Bar * ay;
      vbz = pbz + l0Bar * az;
      abx += qbx + l0Bar * vx;
      aby += qby + l0Bar * vy;
      abz += qbz + l0Bar * vz;
    } else {
      // l = av − s, ∂l/∂v = g a + v/s, ∂l/∂a = g v with s = √det, g = 1 − av/s
      double s = Math.sqrt(det), g = 1 - av / s;
      double gBar = pbx * vx + pby * vy + pbz * vz + qbx * ax + qby * ay + qbz * az;
      vbx = g * pbx + qbx / s;
      vby = g * pby + qby / s;
      vbz = g * pbz + qbz / s;
      abx += g * qbx;
      aby += g * qby;
      abz += g * qbz;
      double sBar = -(qbx * vx + qby * vy + qbz * vz) / (s * s) + gBar * av / (s * s) - l0Bar;
      double avBar = -gBar / s + l0Bar;
      double detBar = sBar / (2 * s);
      avBar += 2 * av * detBar;
      vbx += -2 * vx * detBar;
      vby += -2 * vy * detBar;
      vbz += -2 * vz * detBar;
      vbx += avBar * ax;
      vby += avBar * ay;
      vbz += avBar * az;
      abx += avBar * vx;
      aby += avBar * vy;
      abz += avBar * vz;
    }
    b.siteXposBar[3 * cs] += vbx;
    b.siteXposBar[3 * cs + 1] += vby;
    b.siteXposBar[3 * cs + 2] += vbz;
    b.siteXposBar[3 * ss] -= vbx;
    b.siteXposBar[3 * ss + 1] -= vby;
    b.siteXposBar[3 * ss + 2] -= vbz;
    b.siteXmatBar[9 * ss + 2] += abx;
    b.siteXmatBar[9 * ss + 5] += aby;
    b.siteXmatBar[9 * ss + 8] += abz;
  }

  /**
   * Adjoint of {@link Forces#integrateActivation}: {@code actBar} holds the bar of the activations
   * after the step and becomes that of those before it; {@code actDotBar} receives {@code
   * h·actBar}. An activation held at a bound of its range passes no gradient.
   */
  public static void integrateActivation(Model m, Data d, DataBar b, double h) {
    for (int a = m.nu() - m.na(); a < m.nu(); a++) {
      int s = m.actActAdr(a);
      if (m.actActLimited(a)
          && !passes(d.act[s] + h * d.actDot[s], m.actActRange(a, 0), m.actActRange(a, 1))) {
        b.actBar[s] = 0;
      }
      b.actDotBar[s] += h * b.actBar[s];
    }
  }

  /**
   * Whether {@code min(max(x, lo), hi)} returns x itself (Math.max/min pick their first argument on
   * a tie).
   */
  static boolean passes(double x, double lo, double hi) {
    return x >= lo && x <= hi;
  }

  /**
   * Adjoint of {@link Forces#passive}: consumes {@code qfrcPassiveBar} into {@code qvelBar,
   * dofDampingBar} and, for springs, {@code qposBar}; fluid forces go to the bars of the body
   * velocities and poses ({@link FluidAdjoint}).
   */
  public static void passive(Model m, Data d, DataBar b) {
    double[] fb = b.qfrcPassiveBar;
    if (!m.opt().passive()) {
      // no passive force: only the tendons' bars (from limits and actuators) flow through their
      // paths
      java.util.Arrays.fill(fb, 0);
    }
    for (int k = 0; k < m.nv(); k++) {
      b.qvelBar[k] -= d.dofDamping[k] * fb[k];
      b.dofDampingBar[k] -= d.qvel[k] * fb[k];
    }
    for (int j = 0; j < m.njnt(); j++) {
      double k = m.jntStiffness(j);
      if (k == 0) {
        continue;
      }
      int qa = m.jntQposAdr(j), da = m.jntDofAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> b.qposBar[qa] -= k * fb[da];
        case BALL -> springDifference(m, d, b, qa, da, k);
        case FREE -> {
          for (int r = 0; r < 3; r++) {
            b.qposBar[qa + r] -= k * fb[da + r];
          }
          springDifference(m, d, b, qa + 3, da + 3, k);
        }
      }
    }
    // tendons: f = -k (L - L0) - b L̇ pushed along ∂L/∂q
    for (int t = 0; t < m.ntendon(); t++) {
      if (m.tendonSpatial(t)) {
        spatialTendon(m, d, b, t);
        continue;
      }
      double forceBar = 0;
      for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
        forceBar += m.wrapCoef(w) * fb[m.wrapDofAdr(w)];
      }
      for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
        b.qposBar[m.wrapQposAdr(w)] -= m.tendonStiffness(t) * m.wrapCoef(w) * forceBar;
        b.qvelBar[m.wrapDofAdr(w)] -= m.tendonDamping(t) * m.wrapCoef(w) * forceBar;
      }
    }
    if (m.opt().passive() && (m.opt().density() > 0 || m.opt().viscosity() > 0)) {
      FluidAdjoint.forces(m, d, b);
    }
    java.util.Arrays.fill(fb, 0);
  }

  /**
   * Spatial tendon t's spring and damper {@code qfrc += J f}, {@code f = -k (L - L0) - b J q̇},
   * then the bars of its length and Jacobian (from here and from the limit rows) through its path
   * ({@link TendonsAdjoint}).
   */
  private static void spatialTendon(Model m, Data d, DataBar b, int t) {
    int nv = m.nv(), o = nv * t;
    double[] fb = b.qfrcPassiveBar;
    double force =
        -m.tendonStiffness(t) * (d.tendonLength[t] - m.tendonLengthSpring(t))
            - m.tendonDamping(t) * d.tendonVelocity[t];
    double forceBar = 0;
    for (int k = 0; k < nv; k++) {
      forceBar += d.tendonJ[o + k] * fb[k];
      b.tendonJBar[o + k] += force * fb[k];
    }
    b.tendonLengthBar[t] -= m.tendonStiffness(t) * forceBar;
    double velBar = -m.tendonDamping(t) * forceBar;
    if (velBar != 0) {
      for (int k = 0; k < nv; k++) {
        b.tendonJBar[o + k] += velBar * d.qvel[k];
        b.qvelBar[k] += velBar * d.tendonJ[o + k];
      }
    }
    TendonsAdjoint.spatial(m, d, b, t);
  }

  /**
   * The bar of {@code log(conj(q_spring) ⊗ normalize(q))} at qpos address a, from {@code f[da..] -=
   * k ·} it.
   */
  private static void springDifference(Model m, Data d, DataBar b, int a, int da, double k) {
    double[] t = b.scratch36;
    for (int r = 0; r < 4; r++) {
      t[r] = m.qposSpring(a + r);
      t[4 + r] = d.qpos[a + r];
      t[12 + r] = 0;
      t[16 + r] = 0;
    }
    Quat.normalize(t, 4);
    for (int r = 0; r < 3; r++) {
      t[8 + r] = -k * b.qfrcPassiveBar[da + r];
    }
    Quat.differenceAdjoint(t, 8, t, 4, t, 0, t, 12, t, 16);
    for (int r = 0; r < 4; r++) {
      t[4 + r] = d.qpos[a + r];
    }
    Quat.normalizeAdjoint(t, 4, t, 12);
    for (int r = 0; r < 4; r++) {
      b.qposBar[a + r] += t[12 + r];
    }
  }
}
