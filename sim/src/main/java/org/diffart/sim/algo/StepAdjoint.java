package org.diffart.sim.algo;

import org.diffart.sim.algo.collision.CollisionAdjoint;
import org.diffart.sim.algo.constraint.ConstraintsAdjoint;
import org.diffart.sim.algo.dynamics.AbaAdjoint;
import org.diffart.sim.algo.forces.ForcesAdjoint;
import org.diffart.sim.algo.history.HistoryAdjoint;
import org.diffart.sim.algo.implicit.ImplicitAdjoint;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.algo.sensor.SensorsAdjoint;
import org.diffart.sim.data.AdjointTracer;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * Adjoint of one {@link Step#step}, stage by stage in reverse. With history buffers the insertion
 * first ({@link HistoryAdjoint#insertAll}: the bars of the samples written go to the controls and
 * the sensor values inserted), the reads inside the stages ({@link HistoryAdjoint#control}, {@link
 * HistoryAdjoint#readSensors}). Euler: the configuration update {@code q⁺ = q ⊕ dt v⁺}, the
 * velocity update {@code v⁺ = v + dt q̈}, an implicit integrator's solve, the contact solve
 * (impulses, reverse PGS, rows), ABA, forces, the contact geometry and kinematics. It needs the
 * step's forward intermediates: call {@link Step#dynamics} on the state before the step first (the
 * rollout gradient recomputes it from a checkpoint). RK4: the combination of the four stages, then
 * each stage's dynamics in reverse order, each recomputed just before its adjoint.
 */
public final class StepAdjoint {
  private StepAdjoint() {}

  /**
   * Turns the bars of the state after the step ({@code qposBar}, {@code qvelBar}, {@code actBar},
   * {@code historyBar}, and {@code warmImpulseBar} when warm-starting) into the bars of the state
   * before it, in place, and accumulates into {@code ctrlBar}, {@code qfrcAppliedBar} and the
   * parameter bars ({@code bodyInertBar, dofDampingBar, geomFrictionBar, geomRestitutionBar}).
   *
   * @param d the data after {@link Step#dynamics} on the state before the step (with RK4 its state
   *     is enough); left with that state
   */
  public static void step(Model m, Data d, DataBar b) {
    step(m, d, b, stage -> {});
  }

  /** As {@link #step(Model, Data, DataBar)}, calling {@code tracer} after each stage. */
  public static void step(Model m, Data d, DataBar b, AdjointTracer tracer) {
    insertion(m, d, b, tracer);
    if (m.opt().integrator() == Integrator.RK4) {
      rk4(m, d, b, tracer);
    } else {
      integration(m, d, b, tracer);
      implicit(m, d, b, tracer);
      dynamics(m, d, b, tracer);
    }
  }

  /**
   * With an integrator implicit in velocity, the adjoint of its solve ({@link
   * ImplicitAdjoint#acceleration}): {@code qaccBar}, the bar of the acceleration the step applied,
   * becomes that of the forward's.
   */
  private static void implicit(Model m, Data d, DataBar b, AdjointTracer tracer) {
    if (Step.implicit(m)) {
      ImplicitAdjoint.acceleration(m, d, b);
      tracer.after("implicit solve");
    }
  }

  /**
   * As {@link #step(Model, Data, DataBar, AdjointTracer)} with the bars of the sensors the step
   * computed at the state it starts from: {@code sensordataBar} (a cost on what the step reports)
   * and {@code sensorNowBar} (the values it inserted into sensors' buffers), carried back through
   * the sensors' adjoint ({@link SensorsAdjoint#compute}) between the integration and the dynamics.
   * For the Euler step whose sensors read its own evaluation (not {@link Step#separateOutputs});
   * the plain {@code step} leaves those bars alone (the device's adjoint has no sensors).
   */
  public static void stepWithSensors(Model m, Data d, DataBar b, AdjointTracer tracer) {
    insertion(m, d, b, tracer);
    integration(m, d, b, tracer);
    implicit(m, d, b, tracer);
    SensorsAdjoint.compute(m, d, b);
    tracer.after("sensors");
    dynamics(m, d, b, tracer);
  }

  /** The adjoint of the step's insertion into the history buffers, first in reverse. */
  private static void insertion(Model m, Data d, DataBar b, AdjointTracer tracer) {
    if (m.nhistory() > 0) {
      HistoryAdjoint.insertAll(m, d, b);
      tracer.after("history insertion");
    }
  }

  /**
   * The first part of {@link #step}: the bars of the state after the step become those of the
   * acceleration, of the activation derivatives and (partly) of the state before it. The sensors of
   * the state before the step can add their bars here ({@link SensorsAdjoint#compute}), before
   * {@link #dynamics} carries every bar back, unless the step evaluates them apart ({@link
   * Step#separateOutputs}: their bars go back through that evaluation's own dynamics).
   */
  public static void integration(Model m, Data d, DataBar b, AdjointTracer tracer) {
    if (m.opt().integrator() == Integrator.RK4) {
      throw new IllegalArgumentException(
          "StepAdjoint.integration reverses the Euler update; the model uses RK4,"
              + " whose step's adjoint is StepAdjoint.step");
    }
    int nv = m.nv();
    double dt = m.opt().timestep();
    double[] vplus = b.work, acc = Step.appliedAcceleration(m, d);
    for (int k = 0; k < nv; k++) {
      vplus[k] = d.qvel[k] + dt * acc[k];
    }
    // q⁺ = q ⊕ dt v⁺; then v⁺ = v + dt q̈: qvelBar holds v̄⁺ and keeps it as the first part of v̄
    Configuration.integratePosAdjoint(m, d.qpos, vplus, 0, dt, b.qposBar, b.qvelBar, 0);
    for (int k = 0; k < nv; k++) {
      b.qaccBar[k] += dt * b.qvelBar[k];
    }
    ForcesAdjoint.integrateActivation(m, d, b, dt);
    tracer.after("integration");
  }

  /**
   * The rest of {@link #step} after {@link #integration}: the contact solve, ABA, forces and
   * kinematics.
   */
  public static void dynamics(Model m, Data d, DataBar b, AdjointTracer tracer) {
    dynamics(m, d, b, Step.dampingH(m), tracer);
  }

  /**
   * As {@link #dynamics(Model, Data, DataBar, AdjointTracer)} for an evaluation with {@code M + h
   * B}: {@code h = 0} for the sensors' own evaluation ({@link Step#outputsDynamics}), which the
   * step runs when {@link Step#separateOutputs}.
   */
  public static void dynamics(Model m, Data d, DataBar b, double h, AdjointTracer tracer) {
    ConstraintsAdjoint.step(m, d, b, tracer);
    smooth(m, d, b, h, tracer);
  }

  /**
   * Adjoint of {@link Step#smooth(Model, Data, double)}: consumes {@code qaccSmoothBar}, the bars
   * of the contacts and of the kinematics (and {@code actDotBar}), accumulates into {@code qposBar,
   * qvelBar, actBar, ctrlBar, qfrcAppliedBar} and the parameter bars.
   */
  public static void smooth(Model m, Data d, DataBar b, double h) {
    smooth(m, d, b, h, stage -> {});
  }

  private static void smooth(Model m, Data d, DataBar b, double h, AdjointTracer tracer) {
    AbaAdjoint.forward(m, d, b);
    tracer.after("ABA");
    ForcesAdjoint.armature(m, b, h);
    ForcesAdjoint.total(m, b);
    ForcesAdjoint.actuation(m, d, b);
    tracer.after("actuation");
    ForcesAdjoint.passive(m, d, b);
    tracer.after("passive forces");
    KinematicsAdjoint.velocity(m, d, b);
    tracer.after("velocity kinematics");
    if (d.ncon > 0) {
      // the contacts' bars come from the constraint rows and from adhesion actuators
      CollisionAdjoint.detect(m, d, b);
      tracer.after("contact geometry");
    }
    if (d.ncon > 0 || m.nsensor() > 0) {
      // and the geoms' from the contacts and the sensors, the sites' from the sensors
      KinematicsAdjoint.geoms(m, d, b);
      tracer.after("geom poses");
    }
    if (m.nsensor() > 0) {
      KinematicsAdjoint.sites(m, d, b);
    }
    KinematicsAdjoint.forward(m, d, b);
    tracer.after("position kinematics");
  }

  /**
   * Adjoint of the RK4 step ({@code Step.rk4}): replays the four stages from d's state ({@link
   * Step#rk4Stages}), reverses the combination {@code q' = q0 ⊕ h Σ w_s v_s}, {@code v' = v0 + h Σ
   * w_s q̈_s}, {@code act' = clamp(act0 + h Σ w_s act_dot_s)}, then each stage from the last:
   * recomputed ({@link Step#rk4Stage}, its PGS recorded for the reverse sweeps), its dynamics
   * reversed with plain M, and its state {@code (q0 ⊕ c_s h v_{s-1}, v0 + c_s h q̈_{s-1}, act0 +
   * c_s h act_dot_{s-1})} split into the bars of the start state and of the previous stage's
   * derivatives. The stages' forwards change under it, so a prepared reverse PGS ({@code
   * pgsBasisReady}) is dropped.
   */
  private static void rk4(Model m, Data d, DataBar b, AdjointTracer tracer) {
    int nq = m.nq(), nv = m.nv(), na = m.na();
    double h = m.opt().timestep();
    b.pgsBasisReady = false;
    b.efcYReady = false;
    Step.rk4Stages(m, d, false);
    double[] dqBar = b.rkDqBar,
        dvBar = b.rkDvBar,
        daBar = b.rkDactBar,
        w = d.scratchNv1,
        wBar = b.work;
    // combination: the bars of the start state (b.qposBar, qvelBar, actBar in place) and of every
    // stage's derivatives
    for (int k = 0; k < nv; k++) {
      w[k] = (d.rkDq[k] + 2 * d.rkDq[nv + k] + 2 * d.rkDq[2 * nv + k] + d.rkDq[3 * nv + k]) / 6;
      wBar[k] = 0;
    }
    Configuration.integratePosAdjoint(m, d.rkQpos, w, 0, h, b.qposBar, wBar, 0);
    System.arraycopy(d.rkAct, 0, d.act, 0, na);
    for (int k = 0; k < na; k++) {
      d.actDot[k] =
          (d.rkDact[k] + 2 * d.rkDact[na + k] + 2 * d.rkDact[2 * na + k] + d.rkDact[3 * na + k])
              / 6;
    }
    ForcesAdjoint.integrateActivation(m, d, b, h);
    for (int s = 0; s < 4; s++) {
      for (int k = 0; k < nv; k++) {
        dqBar[s * nv + k] = Step.WEIGHT[s] * wBar[k];
        dvBar[s * nv + k] = Step.WEIGHT[s] * h * b.qvelBar[k];
      }
      for (int k = 0; k < na; k++) {
        daBar[s * na + k] = Step.WEIGHT[s] * b.actDotBar[k];
      }
    }
    java.util.Arrays.fill(b.actDotBar, 0);
    System.arraycopy(b.qposBar, 0, b.rkQposBar, 0, nq);
    System.arraycopy(b.qvelBar, 0, b.rkQvelBar, 0, nv);
    System.arraycopy(b.actBar, 0, b.rkActBar, 0, na);
    tracer.after("RK4 combination");
    // the stages from the last: b.qposBar, qvelBar, actBar hold the bars of the stage's own state
    for (int s = 3; s >= 0; s--) {
      Step.rk4Stage(m, d, s);
      java.util.Arrays.fill(b.qposBar, 0);
      java.util.Arrays.fill(b.qvelBar, 0);
      java.util.Arrays.fill(b.actBar, 0);
      for (int k = 0; k < nv; k++) {
        b.qaccBar[k] += dvBar[s * nv + k];
      }
      for (int k = 0; k < na; k++) {
        b.actDotBar[k] += daBar[s * na + k];
      }
      dynamics(m, d, b, 0, tracer);
      // the stage's velocity is its derivative of q
      for (int k = 0; k < nv; k++) {
        b.qvelBar[k] += dqBar[s * nv + k];
      }
      if (s > 0) {
        double c = Step.STAGE[s] * h;
        Configuration.integratePosAdjoint(
            m, d.rkQpos, d.rkDq, (s - 1) * nv, c, b.qposBar, dqBar, (s - 1) * nv);
        for (int k = 0; k < nv; k++) {
          dvBar[(s - 1) * nv + k] += c * b.qvelBar[k];
        }
        for (int k = 0; k < na; k++) {
          daBar[(s - 1) * na + k] += c * b.actBar[k];
        }
      }
      for (int k = 0; k < nq; k++) {
        b.rkQposBar[k] += b.qposBar[k];
      }
      for (int k = 0; k < nv; k++) {
        b.rkQvelBar[k] += b.qvelBar[k];
      }
      for (int k = 0; k < na; k++) {
        b.rkActBar[k] += b.actBar[k];
      }
      tracer.after("RK4 stage " + (s + 1));
    }
    System.arraycopy(b.rkQposBar, 0, b.qposBar, 0, nq);
    System.arraycopy(b.rkQvelBar, 0, b.qvelBar, 0, nv);
    System.arraycopy(b.rkActBar, 0, b.actBar, 0, na);
  }
}
