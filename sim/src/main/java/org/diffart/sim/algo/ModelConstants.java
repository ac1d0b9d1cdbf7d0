package org.diffart.sim.algo;

import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.dynamics.MassMatrixFactor;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.forces.Tendons;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.LengthRangeOptions;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * The constants a model's compiler needs the engine for, as MuJoCo's {@code engine_setconst.c}: the
 * tendons' lengths at a configuration (spatial tendons' spring rest lengths), the diagonal of
 * {@code M⁻¹} (a joint's {@code springdamper}), {@code actuator_acc0} ({@code mj_setConst}), the
 * masses MuJoCo 3's servo {@code dampratio} reflects through the transmissions and {@code
 * actuator_lengthrange} ({@code mj_setLengthRange}, {@link LengthRangeOptions}). The compiler
 * ({@code org.diffart.sim.compiler}) calls them on the model compiled so far; the engine never sees
 * the compiler.
 *
 * <p>The length range is simulated: from qpos0 at rest, with gravity, contacts, dry friction,
 * passive forces and actuation off and a time step of (by default) 10 ms, a force along the
 * actuator's moment arms accelerates the model at 20 (in the norm of {@code M⁻¹ moment}) towards
 * the shortest (then the longest) length while the velocity decays with a time constant of 1 s;
 * after 10 s the extreme length over the last 2 s is the bound, which must have settled within 5 %
 * of the range.
 *
 * <p>diffart's joint and tendon limits are hard constraints where MuJoCo's are soft: MuJoCo's
 * simulation pushes a little past a limit, so its range is slightly wider than the one computed
 * here (semantics §27 measures by how much).
 */
public final class ModelConstants {
  private static final double MINVAL = 1e-15;

  private ModelConstants() {}

  /** Every tendon's length with the joints at {@code qpos} (kinematics, then wrapping). */
  public static double[] tendonLengths(Model m, double[] qpos) {
    Data d = new Data(m);
    System.arraycopy(qpos, 0, d.qpos, 0, m.nq());
    Kinematics.forward(m, d);
    Tendons.spatialLengths(m, d);
    return d.tendonLength.clone();
  }

  /**
   * The diagonal of {@code M⁻¹} (armature included) at configuration {@code qpos}: MuJoCo's {@code
   * dof_invweight0} at qpos0 before it averages ball and free joints' dofs. One solve per dof.
   */
  public static double[] inverseDiagonal(Model m, double[] qpos) {
    Data d = new Data(m);
    System.arraycopy(qpos, 0, d.qpos, 0, m.nq());
    Kinematics.forward(m, d);
    Forces.armature(m, d, 0);
    Crba.massMatrix(m, d);
    MassMatrixFactor.factor(m, d);
    double[] diag = new double[m.nv()], x = new double[m.nv()];
    for (int k = 0; k < m.nv(); k++) {
      java.util.Arrays.fill(x, 0);
      x[k] = 1;
      MassMatrixFactor.solve(m, d, x);
      diag[k] = x[k];
    }
    return diag;
  }

  /** Every actuator's acc0 at qpos0: {@code |M⁻¹ ∂length/∂q|}, M with armature. */
  public static double[] acc0(Model m) {
    Data d = new Data(m);
    double[] acc = new double[m.nu()], x = new double[m.nv()];
    arms(m, d);
    for (int a = 0; a < m.nu(); a++) {
      acc[a] = accelerationNorm(m, d, a, x);
    }
    return acc;
  }

  /**
   * Every actuator's mass as MuJoCo 3's {@code dampratio} reflects it through the transmission at
   * qpos0: {@code Σᵢ M(qpos0)ᵢᵢ / momentᵢ²} over the dofs with {@code momentᵢ² > 1e-15}, M with
   * armature (MuJoCo's {@code dof_M0}); the inertia of each dof the actuator moves, as if it moved
   * that dof alone (see {@code datasets/reference/mujoco-314-semantics.md} § 3).
   */
  public static double[] servoMasses(Model m) {
    Data d = new Data(m);
    int nv = m.nv();
    double[] mass = new double[m.nu()], x = new double[nv];
    arms(m, d);
    for (int a = 0; a < m.nu(); a++) {
      Forces.moment(m, d, a, x);
      for (int k = 0; k < nv; k++) {
        double trn2 = x[k] * x[k];
        if (trn2 > MINVAL) {
          mass[a] += d.qM[k * nv + k] / trn2;
        }
      }
    }
    return mass;
  }

  /**
   * Actuator a's length range {lo, hi} by MuJoCo's simulation with the options {@code lro}.
   *
   * @throws IllegalArgumentException naming the actuator when the simulation diverges, the range is
   *     empty or a side has not settled
   */
  public static double[] lengthRange(Model model, int a, LengthRangeOptions lro) {
    Options o = model.opt();
    Model m =
        model.withOptions(
            o.toBuilder()
                .timestep(lro.timeStep() > 0 ? lro.timeStep() : o.timestep())
                .gravity(0, 0, 0)
                .contact(false)
                .frictionLoss(false)
                .passive(false)
                .actuation(false)
                .limit(true)
                .equality(true)
                .integrator(
                    o.integrator() == Integrator.EULER_EXPLICIT_DAMPING
                        ? Integrator.EULER
                        : o.integrator())
                .build());
    double[] x = new double[m.nv()], lo = new double[2], hi = new double[2];
    String what = "actuator '" + model.actName(a) + "' (" + a + "): ";
    for (int side = 0; side < 2; side++) {
      Data d = new Data(m);
      boolean updated = false;
      while (d.time < lro.total()) {
        double len;
        try {
          len = push(m, d, a, side, x, lro);
        } catch (org.diffart.sim.data.SimulationException e) {
          throw new IllegalArgumentException(
              what + "the length-range simulation diverged: " + e.getMessage(), e);
        }
        if (d.time > lro.total() - lro.evaluation()) {
          lo[side] = !updated || len < lo[side] ? len : lo[side];
          hi[side] = !updated || len > hi[side] ? len : hi[side];
          updated = true;
        }
      }
    }
    double[] range = {lo[0], hi[1]};
    double span = range[1] - range[0];
    if (!(span > 0)) {
      throw new IllegalArgumentException(
          what + "invalid length range (" + range[0] + ", " + range[1] + ")");
    }
    for (int side = 0; side < 2; side++) {
      if (hi[side] - lo[side] > lro.tolerance() * span) {
        throw new IllegalArgumentException(
            what
                + "the length range did not settle: the "
                + (side == 0 ? "shortest" : "longest")
                + " lengths of the last "
                + lro.evaluation()
                + " s span ("
                + lo[side]
                + ", "
                + hi[side]
                + ")");
      }
    }
    return range;
  }

  /**
   * One step of the simulation (MuJoCo's evalAct): damps the velocity, applies {@code
   * ±accel·moment/|M⁻¹ moment|} (at most maxforce in norm, where positive) as a joint force and
   * steps; returns the length at the start of the step.
   */
  private static double push(Model m, Data d, int a, int side, double[] x, LengthRangeOptions lro) {
    double decay = Math.exp(-m.opt().timestep() / Math.max(0.01, lro.timeConst()));
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] *= decay;
    }
    arms(m, d);
    double norm = accelerationNorm(m, d, a, x);
    Forces.moment(m, d, a, x);
    double scale = (2 * side - 1) * lro.accel() / Math.max(MINVAL, norm), force = 0;
    for (int k = 0; k < m.nv(); k++) {
      d.qfrcApplied[k] = x[k] * scale;
      force += d.qfrcApplied[k] * d.qfrcApplied[k];
    }
    force = Math.sqrt(force);
    if (lro.maxForce() > 0 && force > lro.maxForce()) {
      for (int k = 0; k < m.nv(); k++) {
        d.qfrcApplied[k] *= lro.maxForce() / Math.max(MINVAL, force);
      }
    }
    double len = d.actuatorLength[a];
    Step.step(m, d);
    return len;
  }

  /**
   * The kinematics, mass matrix (with armature) and actuator lengths and moment arms at the current
   * state.
   */
  private static void arms(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.velocity(m, d);
    Forces.passive(m, d);
    Forces.actuation(m, d);
    Forces.armature(m, d, 0);
    Crba.massMatrix(m, d);
    MassMatrixFactor.factor(m, d);
  }

  /** {@code |M⁻¹ moment_a|}, with {@code x} as work space. */
  private static double accelerationNorm(Model m, Data d, int a, double[] x) {
    Forces.moment(m, d, a, x);
    MassMatrixFactor.solve(m, d, x);
    double s = 0;
    for (int k = 0; k < m.nv(); k++) {
      s += x[k] * x[k];
    }
    return Math.sqrt(s);
  }
}
