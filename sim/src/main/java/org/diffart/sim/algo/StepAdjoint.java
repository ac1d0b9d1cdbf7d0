package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * Adjoint of one Euler {@link Step#step}, stage by stage in reverse: the configuration update {@code q⁺ = q ⊕ dt v⁺},
 * the velocity update {@code v⁺ = v + dt q̈}, the contact solve (impulses, reverse PGS, rows), ABA, forces, the
 * contact geometry and kinematics. It needs the step's forward intermediates: call {@link Step#dynamics} on the state before
 * the step first (the rollout gradient recomputes it from a checkpoint).
 */
public final class StepAdjoint {
  private StepAdjoint() {}

  /**
   * Turns the bars of the state after the step ({@code qposBar}, {@code qvelBar}, {@code actBar}, and {@code
   * warmImpulseBar} when warm-starting) into the bars of the state before it, in place, and accumulates into
   * {@code ctrlBar}, {@code qfrcAppliedBar} and the parameter bars ({@code bodyInertBar, dofDampingBar, geomFrictionBar,
   * geomRestitutionBar}).
   *
   * @param d the data after {@link Step#dynamics} on the state before the step
   * @throws UnsupportedOperationException for RK4, whose adjoint is not implemented (use the tape or finite
   *     differences)
   */
  public static void step(Model m, Data d, DataBar b) {
    step(m, d, b, stage -> { });
  }

  /** Called after each stage of a step's adjoint with the stage's name, to inspect the bars (a tracer hook). */
  @FunctionalInterface
  public interface Tracer {
    /** The stage just reversed. */
    void after(String stage);
  }

  /** As {@link #step(Model, Data, DataBar)}, calling {@code tracer} after each stage. */
  public static void step(Model m, Data d, DataBar b, Tracer tracer) {
    integration(m, d, b, tracer);
    dynamics(m, d, b, tracer);
  }

  /**
   * The first part of {@link #step}: the bars of the state after the step become those of the acceleration, of the
   * activation derivatives and (partly) of the state before it. The sensors of the state before the step can add
   * their bars here ({@link SensorsAdjoint#compute}), before {@link #dynamics} carries every bar back.
   */
  public static void integration(Model m, Data d, DataBar b, Tracer tracer) {
    if (m.opt().integrator() == Integrator.RK4) {
      throw new UnsupportedOperationException("the adjoint supports the Euler integrators only, the model uses RK4:"
          + " use --method tape or fd, or integrator Euler");
    }
    int nv = m.nv();
    double dt = m.opt().timestep();
    double[] vplus = b.work;
    for (int k = 0; k < nv; k++) {
      vplus[k] = d.qvel[k] + dt * d.qacc[k];
    }
    // q⁺ = q ⊕ dt v⁺; then v⁺ = v + dt q̈: qvelBar holds v̄⁺ and keeps it as the first part of v̄
    Configuration.integratePosAdjoint(m, d.qpos, vplus, 0, dt, b.qposBar, b.qvelBar, 0);
    for (int k = 0; k < nv; k++) {
      b.qaccBar[k] += dt * b.qvelBar[k];
    }
    ForcesAdjoint.integrateActivation(m, d, b, dt);
    tracer.after("integration");
  }

  /** The rest of {@link #step} after {@link #integration}: the contact solve, ABA, forces and kinematics. */
  public static void dynamics(Model m, Data d, DataBar b, Tracer tracer) {
    ConstraintsAdjoint.step(m, d, b, tracer);
    smooth(m, d, b, Step.dampingH(m), tracer);
  }

  /**
   * Adjoint of {@link Step#smooth(Model, Data, double)}: consumes {@code qaccSmoothBar}, the bars of the contacts
   * and of the kinematics (and {@code actDotBar}), accumulates into {@code qposBar, qvelBar, actBar, ctrlBar, qfrcAppliedBar}
   * and the parameter bars.
   */
  public static void smooth(Model m, Data d, DataBar b, double h) {
    smooth(m, d, b, h, stage -> { });
  }

  private static void smooth(Model m, Data d, DataBar b, double h, Tracer tracer) {
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
}
