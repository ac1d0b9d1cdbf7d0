package org.diffart.sim.algo;

import org.diffart.sim.algo.collision.Collision;
import org.diffart.sim.algo.constraint.Constraints;
import org.diffart.sim.algo.constraint.ContactInteriorPoint;
import org.diffart.sim.algo.constraint.ProjectedGaussSeidel;
import org.diffart.sim.algo.dynamics.Aba;
import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.dynamics.MassMatrixFactor;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.algo.implicit.Implicit;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.sensor.Energy;
import org.diffart.sim.algo.sensor.Sensors;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * The step pipeline: kinematics and collision detection → forces → dynamics (ABA) → contact solve
 * (PGS) → integration. Semi-implicit Euler by default (Qiao et al. 2021): {@code v⁺ = v + dt
 * q̈_smooth + M̃⁻¹ Jᵀ p}, {@code q⁺ = q ⊕ dt v⁺}, with contacts detected at {@code q} and {@code M̃
 * = M + dt B} (joint damping B implicit, as MuJoCo's Euler) or {@code M̃ = M} ({@link
 * Integrator#EULER_EXPLICIT_DAMPING}); or MuJoCo 3.x's Euler implicit in velocity ({@link
 * Implicit}); or RK4.
 */
public final class Step {
  /** RK4 stage times as fractions of the step. */
  static final double[] STAGE = {0, 0.5, 0.5, 1};

  /** RK4's weights of the stages' derivatives. */
  static final double[] WEIGHT = {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6};

  private Step() {}

  /**
   * Smooth dynamics at the current state with plain M: kinematics and the contacts at the current
   * positions (MuJoCo's position stage: adhesion actuators pull along them), velocities, passive
   * and actuator forces, and {@code qaccSmooth} by ABA. Throws {@link
   * org.diffart.sim.data.SimulationException} on a non-finite state or acceleration.
   */
  public static void smooth(Model m, Data d) {
    smooth(m, d, 0);
  }

  /**
   * As {@link #smooth(Model, Data)} with {@code M + h B} in place of M ({@link Forces#armature}):
   * {@code h = dt} in the Euler step with implicit damping, 0 otherwise.
   */
  public static void smooth(Model m, Data d, double h) {
    Checks.finiteState(m, d);
    Kinematics.forward(m, d);
    collide(m, d);
    Kinematics.velocity(m, d);
    Forces.passive(m, d);
    Forces.actuation(m, d);
    Forces.total(m, d);
    acceleration(m, d, h);
  }

  /**
   * The last stage of {@link #smooth(Model, Data, double)}: {@code qaccSmooth} by ABA with {@code M
   * + h B}.
   */
  private static void acceleration(Model m, Data d, double h) {
    Forces.armature(m, d, h);
    Aba.forward(m, d);
    Checks.finiteDofs(m, d, d.qaccSmooth, "qacc");
  }

  /**
   * Everything but the integration, like MuJoCo's {@code mj_forward}: the smooth dynamics, then
   * contacts and limits at the current positions with the free velocity {@code v* = v + dt
   * q̈_smooth}; {@code qacc} includes the constraint impulses divided by dt. Without active
   * constraints {@code qacc == qaccSmooth}.
   */
  public static void forward(Model m, Data d) {
    smooth(m, d, 0);
    constraints(m, d, true);
    outputs(m, d);
  }

  /**
   * Starts the history buffers at d's state: MuJoCo 3.14's reset ({@link Data#resetHistory}), then
   * with {@link HistoryInit#FILLED} every delayed control's samples its {@code ctrl} and every
   * buffered sensor's its value at this state, computed by {@link #forward} with the controls'
   * buffers filled (a sensor of a delayed actuator's force sees the filled control).
   */
  public static void initHistory(Model m, Data d, HistoryInit init) {
    d.resetHistory();
    if (init == HistoryInit.FILLED && m.nhistory() > 0) {
      History.fillControls(m, d);
      forward(m, d);
      History.fillSensors(m, d);
    }
  }

  /**
   * The outputs of the state a step starts from: sensors, and the energy when the model asks for
   * it.
   */
  private static void outputs(Model m, Data d) {
    if (m.nsensor() > 0 && m.opt().sensor()) {
      Sensors.compute(m, d);
    }
    if (m.opt().energy()) {
      Energy.compute(m, d);
    }
  }

  /**
   * Advances the state by one time step with the model's integrator; with {@code
   * Options.impactBisections} in steps of its own ({@link ImpactBisection}). After an Euler step
   * {@code qacc} is the acceleration the step applied, {@code (v⁺ - v)/dt} (with implicit damping
   * it differs from {@link #forward}'s); after a step of an integrator implicit in velocity {@code
   * qacc} is the forward's, as MuJoCo's, and {@code qaccImplicit} the applied one. Sensors read the
   * state at the start of the step as {@link #forward} gives them, as after MuJoCo's {@code
   * mj_step}: with implicit damping the acceleration sensors see {@code M}'s accelerations and
   * impulses, not those of the step's {@code M + dt B} ({@link #separateOutputs}).
   */
  public static void step(Model m, Data d) {
    if (m.opt().impactBisections() > 0) {
      ImpactBisection.step(m, d, Step::fixedStep, null);
    } else {
      fixedStep(m, d);
    }
  }

  /**
   * One step of the model's time step, as {@link #step} takes it without {@code
   * Options.impactBisections} (the step the OpenCL backend runs).
   */
  public static void fixedStep(Model m, Data d) {
    Options o = m.opt();
    if (o.integrator() == Integrator.RK4) {
      rk4(m, d);
    } else {
      if (separateOutputs(m, d)) {
        // the sensors' own evaluation, as forward's (the warm start read, not stored); then the
        // step's M + dt B
        outputsDynamics(m, d);
        outputs(m, d);
        acceleration(m, d, dampingH(m));
        constraints(m, d, true);
      } else {
        dynamics(m, d);
        outputs(m, d);
      }
      if (m.nhistory() > 0) {
        History.insertAll(m, d);
      }
      double dt = o.timestep();
      double[] acc = appliedAcceleration(m, d);
      for (int k = 0; k < m.nv(); k++) {
        d.qvel[k] += dt * acc[k];
      }
      Configuration.integratePos(m, d.qpos, d.qvel, dt);
      Forces.integrateActivation(m, d, dt);
    }
    d.time += o.timestep();
    d.nstep++;
  }

  /**
   * Everything the Euler step computes before it integrates: the smooth dynamics with the
   * integrator's {@code M̃} and the constraint impulses, so that {@code qacc} is the acceleration
   * the step applies; with the integrators implicit in velocity then their solve, the applied
   * acceleration in {@code qaccImplicit} ({@link #appliedAcceleration}). The adjoint recomputes a
   * step with it from a checkpoint.
   */
  public static void dynamics(Model m, Data d) {
    smooth(m, d, dampingH(m));
    constraints(m, d, true);
    if (implicit(m)) {
      Implicit.acceleration(m, d);
    }
  }

  /**
   * Whether the model's integrator is implicit in velocity ({@link Integrator#isImplicit}, spelled
   * out for the OpenCL translation).
   */
  public static boolean implicit(Model m) {
    return m.opt().integrator() == Integrator.IMPLICIT
        || m.opt().integrator() == Integrator.IMPLICITFAST;
  }

  /**
   * The acceleration an Euler-type step applies: {@code qacc}, or with the integrators implicit in
   * velocity {@code qaccImplicit} ({@link Implicit#acceleration}).
   */
  public static double[] appliedAcceleration(Model m, Data d) {
    return implicit(m) ? d.qaccImplicit : d.qacc;
  }

  /**
   * Whether the step's sensors need an evaluation of their own: with the implicit damping of the
   * Euler step ({@code h·damping ≠ 0} for some dof) the step's {@code M + dt B} gives other
   * accelerations and impulses than {@link #forward}'s plain M, and the model has sensors that read
   * them ({@link Sensors#readAcceleration}) and computes them ({@code Options.sensor}).
   */
  public static boolean separateOutputs(Model m, Data d) {
    if (dampingH(m) == 0 || !m.opt().sensor() || !Sensors.readAcceleration(m)) {
      return false;
    }
    for (int k = 0; k < m.nv(); k++) {
      if (d.dofDamping[k] != 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The evaluation the step's sensors read when {@link #separateOutputs}: {@link #forward}'s
   * dynamics with plain M, its constraint solve starting from the step's warm start without storing
   * its own. The adjoint recomputes it for the sensors' bars.
   */
  public static void outputsDynamics(Model m, Data d) {
    smooth(m, d, 0);
    constraints(m, d, false);
  }

  /**
   * The h of {@link #smooth(Model, Data, double)} that the model's integrator steps with: dt for
   * {@code EULER}.
   */
  public static double dampingH(Model m) {
    return m.opt().integrator() == Integrator.EULER ? m.opt().timestep() : 0;
  }

  /**
   * The contacts at the current positions ({@link Collision#detect}), none when contacts are off.
   */
  static void collide(Model m, Data d) {
    d.ncon = 0;
    if (m.opt().contact() && m.nconMax() > 0) {
      Kinematics.geoms(m, d);
      Collision.detect(m, d);
    }
  }

  /**
   * Contact (detected by {@link #smooth}), limit, dry-friction and equality impulses for the free
   * velocity; sets {@code qacc}. With {@code store} the solve's impulses become the warm start of
   * the next step.
   */
  static void constraints(Model m, Data d, boolean store) {
    Options o = m.opt();
    int nv = m.nv();
    double dt = o.timestep();
    for (int k = 0; k < nv; k++) {
      d.qvelFree[k] = d.qvel[k] + dt * d.qaccSmooth[k];
    }
    d.nefc = 0;
    if (d.ncon > 0
        || (o.limit() && anyLimitViolated(m, d))
        || (o.frictionLoss() && m.nfrictionloss() > 0)
        || (o.equality() && m.neqRows() > 0)) {
      Crba.massMatrix(m, d);
      MassMatrixFactor.factor(m, d);
      Constraints.assemble(m, d);
      if (o.solver() == ContactSolver.PDIPM) {
        ContactInteriorPoint.solve(m, d, store);
      } else {
        ProjectedGaussSeidel.solve(m, d, store);
        Checks.normalImpulses(m, d);
      }
      Constraints.applyImpulses(m, d);
      Checks.finiteDofs(m, d, d.qacc, "qacc (after contact impulses)");
    } else {
      System.arraycopy(d.qaccSmooth, 0, d.qacc, 0, nv);
      if (store) {
        java.util.Arrays.fill(d.warmValid, 0);
      }
    }
  }

  private static boolean anyLimitViolated(Model m, Data d) {
    for (int t = 0; t < m.ntendon(); t++) {
      if (m.tendonLimited(t)
          && (d.tendonLength[t] < m.tendonRange(t, 0) || d.tendonLength[t] > m.tendonRange(t, 1))) {
        return true;
      }
    }
    for (int j = 0; j < m.njnt(); j++) {
      if (m.jntLimited(j)) {
        double q = d.qpos[m.jntQposAdr(j)];
        if (q < m.jntRange(j, 0) || q > m.jntRange(j, 1)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Classic RK4 on {@code (q, v, act)} with tangent-space stages: {@code q ⊕ h·v}, as MuJoCo's
   * {@code mj_RungeKutta}; the activations are clamped to their ranges after the final update only.
   * Each stage is a whole forward, as MuJoCo's RK4 runs {@code mj_forward} per stage: collision
   * detection at the stage's positions and the constraint solve (contacts, limits, dry friction,
   * equalities), its acceleration including the impulses divided by dt; the solve starts from zero
   * at every stage (a contact warm start is refused with RK4 at compile time).
   */
  private static void rk4(Model m, Data d) {
    int nv = m.nv(), na = m.na();
    double h = m.opt().timestep();
    double[] dq = d.rkDq, dv = d.rkDv, da = d.rkDact;
    rk4Stages(m, d, true);
    if (m.nhistory() > 0) {
      rk4Samples(m, d);
    }
    // combine: q = q0 ⊕ h (k1 + 2 k2 + 2 k3 + k4) / 6
    double[] w = d.scratchNv1;
    System.arraycopy(d.rkQpos, 0, d.qpos, 0, m.nq());
    for (int k = 0; k < nv; k++) {
      w[k] = (dq[k] + 2 * dq[nv + k] + 2 * dq[2 * nv + k] + dq[3 * nv + k]) / 6;
      d.qvel[k] =
          d.rkQvel[k] + h * (dv[k] + 2 * dv[nv + k] + 2 * dv[2 * nv + k] + dv[3 * nv + k]) / 6;
    }
    Configuration.integratePos(m, d.qpos, w, 0, h);
    // the activations as Euler's update with the combined derivative, clamped to their ranges
    System.arraycopy(d.rkAct, 0, d.act, 0, na);
    for (int k = 0; k < na; k++) {
      d.actDot[k] = (da[k] + 2 * da[na + k] + 2 * da[2 * na + k] + da[3 * na + k]) / 6;
    }
    Forces.integrateActivation(m, d, h);
    // report the acceleration and activation derivative at the start of the step, as with Euler
    System.arraycopy(dv, 0, d.qacc, 0, nv);
    System.arraycopy(da, 0, d.actDot, 0, na);
  }

  /**
   * The history samples of an RK4 step, as MuJoCo 3.14 takes them where its RK4 advances: the state
   * the step started from, with the last stage's intermediates (a sampled actuator force is the
   * last stage's), measured; the step's reported sensors stay those of its first stage.
   */
  private static void rk4Samples(Model m, Data d) {
    System.arraycopy(d.rkQpos, 0, d.qpos, 0, m.nq());
    System.arraycopy(d.rkQvel, 0, d.qvel, 0, m.nv());
    System.arraycopy(d.rkAct, 0, d.act, 0, m.na());
    System.arraycopy(d.sensordata, 0, d.rkSensordata, 0, m.nsensordata());
    if (m.opt().sensor()) {
      Sensors.compute(m, d);
    }
    System.arraycopy(d.rkSensordata, 0, d.sensordata, 0, m.nsensordata());
    History.insertAll(m, d);
  }

  /**
   * The four stages of an RK4 step from d's state: saves it in {@code rkQpos, rkQvel, rkAct} and
   * each stage's derivatives {@code (v, q̈, act_dot)} in {@code rkDq, rkDv, rkDact}; with {@code
   * outputs} the sensors and energy of the first stage, the state the step starts from. d is left
   * with the last stage's evaluation.
   */
  public static void rk4Stages(Model m, Data d, boolean outputs) {
    int nv = m.nv(), na = m.na();
    System.arraycopy(d.qpos, 0, d.rkQpos, 0, m.nq());
    System.arraycopy(d.qvel, 0, d.rkQvel, 0, nv);
    System.arraycopy(d.act, 0, d.rkAct, 0, na);
    d.rkTime = d.time;
    for (int s = 0; s < 4; s++) {
      rk4Stage(m, d, s);
      if (s == 0 && outputs) {
        outputs(m, d);
      }
      System.arraycopy(d.qvel, 0, d.rkDq, s * nv, nv);
      System.arraycopy(d.qacc, 0, d.rkDv, s * nv, nv);
      System.arraycopy(d.actDot, 0, d.rkDact, s * na, na);
    }
    d.time = d.rkTime;
  }

  /**
   * Stage s of an RK4 step: its state from the saved one and the previous stage's derivatives
   * ({@code q0 ⊕ c_s h k_{s-1}}, {@code c = (0, ½, ½, 1)}), then its dynamics with every
   * constraint, as MuJoCo's RK4 calls {@code mj_forward} at every stage.
   */
  public static void rk4Stage(Model m, Data d, int s) {
    int nv = m.nv(), na = m.na();
    double c = STAGE[s] * m.opt().timestep();
    System.arraycopy(d.rkQpos, 0, d.qpos, 0, m.nq());
    System.arraycopy(d.rkQvel, 0, d.qvel, 0, nv);
    System.arraycopy(d.rkAct, 0, d.act, 0, na);
    // the stage's time, as MuJoCo's RK4 sets it: delayed controls are read at it
    d.time = d.rkTime + c;
    if (s > 0) {
      Configuration.integratePos(m, d.qpos, d.rkDq, (s - 1) * nv, c);
      for (int k = 0; k < nv; k++) {
        d.qvel[k] += c * d.rkDv[(s - 1) * nv + k];
      }
      for (int k = 0; k < na; k++) {
        d.act[k] += c * d.rkDact[(s - 1) * na + k];
      }
    }
    smooth(m, d);
    constraints(m, d, true);
  }
}
