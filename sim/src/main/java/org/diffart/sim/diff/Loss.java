package org.diffart.sim.diff;

import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * A scalar loss of a rollout of T steps: {@code L = Σ_{t<T} running(t, q_t, v_t, u_t) + Σ_{t<T}
 * sensors(t, s_t) + terminal(q_T, v_T)}, where {@code (q_t, v_t)} is the state before step t,
 * {@code u_t} the control applied at step t and {@code s_t} the sensors step t reports (those of
 * its starting state, delayed or sampled ones as their buffers give them). Each part returns its
 * value and writes its gradient into the zeroed arrays of a {@link Gradient}: with respect to
 * {@code qpos} in qpos's own coordinates (nq; for a quaternion the part along q itself is ignored,
 * since the simulator normalises), {@code qvel} (nv) and {@code ctrl} (nu).
 */
public interface Loss {
  /** Running cost at step t; the default has none. */
  default double running(Model m, int t, double[] qpos, double[] qvel, double[] ctrl, Gradient g) {
    return 0;
  }

  /**
   * Cost of the sensors step t reports ({@code Data.sensordata} after it, nsensordata); its
   * gradient goes into {@code g.sensordata()}. The default has none.
   */
  default double sensors(Model m, int t, double[] sensordata, Gradient g) {
    return 0;
  }

  /** Whether {@link #sensors} is not identically zero; the default has no sensor cost. */
  default boolean hasSensorCost() {
    return false;
  }

  /** Terminal cost at the final state. */
  double terminal(Model m, double[] qpos, double[] qvel, Gradient g);

  /** Whether {@link #running} is identically zero (lets the gradient skip calling it). */
  default boolean hasRunningCost() {
    return true;
  }

  /** Gradient buffers of one loss evaluation, zeroed before each call. */
  record Gradient(double[] qpos, double[] qvel, double[] ctrl, double[] sensordata) {
    /** Buffers for model m. */
    public static Gradient of(Model m) {
      return new Gradient(
          new double[m.nq()], new double[m.nv()], new double[m.nu()], new double[m.nsensordata()]);
    }

    /** Sets every entry to zero. */
    public void clear() {
      java.util.Arrays.fill(qpos, 0);
      java.util.Arrays.fill(qvel, 0);
      java.util.Arrays.fill(ctrl, 0);
      java.util.Arrays.fill(sensordata, 0);
    }
  }

  /**
   * The default loss: {@code 0.5 |q_T ⊖ 0|²} over the final configuration, where {@code ⊖ 0}
   * measures it from the zero configuration in the tangent space ({@link
   * Configuration#differencePos}: hinge and slide values, free-joint positions, and the rotation
   * vector of each quaternion from the identity).
   */
  static Loss finalConfiguration() {
    return new Loss() {
      @Override
      public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
        double[] zero = zeroConfiguration(m),
            delta = new double[m.nv()],
            unused = new double[m.nq()];
        Configuration.differencePos(m, delta, 1, zero, qpos);
        double l = 0;
        for (double x : delta) {
          l += 0.5 * x * x;
        }
        Configuration.differencePosAdjoint(m, delta, 1, zero, qpos, unused, g.qpos());
        return l;
      }

      @Override
      public boolean hasRunningCost() {
        return false;
      }

      @Override
      public String toString() {
        return "0.5*|qpos_T|^2 (tangent space)";
      }
    };
  }

  /**
   * {@link #finalConfiguration()} plus {@code weight · Σ s²} over every sensor value each step
   * reports ({@link #sensors}): a cost on the readings as the sensors' delays and intervals give
   * them.
   */
  static Loss finalConfigurationAndSensors(double weight) {
    return finalConfigurationAndSensors(k -> weight, weight + "*|sensordata_t|^2 per step");
  }

  /**
   * As {@link #finalConfigurationAndSensors(double)} with {@code weight.applyAsDouble(k)} for the
   * k-th sensor value, {@code what} naming the sensor cost in {@code toString}.
   */
  static Loss finalConfigurationAndSensors(
      java.util.function.IntToDoubleFunction weight, String what) {
    Loss base = finalConfiguration();
    return new Loss() {
      @Override
      public double sensors(Model m, int t, double[] sensordata, Gradient g) {
        double l = 0;
        for (int k = 0; k < sensordata.length; k++) {
          double w = weight.applyAsDouble(k);
          l += w * sensordata[k] * sensordata[k];
          g.sensordata()[k] = 2 * w * sensordata[k];
        }
        return l;
      }

      @Override
      public boolean hasSensorCost() {
        return true;
      }

      @Override
      public boolean hasRunningCost() {
        return false;
      }

      @Override
      public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
        return base.terminal(m, qpos, qvel, g);
      }

      @Override
      public String toString() {
        return base + " + " + what;
      }
    };
  }

  /**
   * The zero configuration: 0 for hinge, slide and free-joint positions, the identity for
   * quaternions.
   */
  static double[] zeroConfiguration(Model m) {
    double[] q = new double[m.nq()];
    for (int j = 0; j < m.njnt(); j++) {
      JointType t = m.jntType(j);
      if (t == JointType.BALL) {
        q[m.jntQposAdr(j)] = 1;
      } else if (t == JointType.FREE) {
        q[m.jntQposAdr(j) + 3] = 1;
      }
    }
    return q;
  }
}
