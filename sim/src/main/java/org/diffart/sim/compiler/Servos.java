package org.diffart.sim.compiler;

import java.util.List;
import org.diffart.sim.algo.ModelConstants;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.Model;

/**
 * What MuJoCo 3's compiler makes of a servo's {@code inheritrange} and {@code dampratio}: ranges
 * and biases of the general form the step already has (see {@code
 * datasets/reference/mujoco-314-semantics.md} § 3).
 */
final class Servos {
  private Servos() {}

  /**
   * MuJoCo 3's {@code inheritrange}: the joint's or tendon's range (a joint's as stored: radians
   * when limited, as written when not) scaled by the fraction about its centre becomes a position
   * servo's control range, an intvelocity's activation range.
   *
   * @param j the actuator's joint, or null
   * @param t the actuator's tendon, or null
   * @throws IllegalArgumentException naming the actuator when the target has no range (MuJoCo's
   *     error) or the transmission is neither a joint nor a tendon
   */
  static void inheritRange(ActuatorSpec s, JointSpec j, TendonSpec t) {
    double[] r;
    String target;
    if (j != null) {
      r = j.range;
      target = j.name;
    } else if (t != null) {
      r = t.limited ? t.range : new double[2];
      target = t.name;
    } else {
      throw new IllegalArgumentException(
          "actuator '" + s.name + "': inheritrange needs a joint or a tendon transmission");
    }
    if (r[0] == 0 && r[1] == 0) {
      throw new IllegalArgumentException(
          "actuator '"
              + s.name
              + "': inheritrange used but target '"
              + target
              + "' has no range defined (MuJoCo 3.14's error"
              + (j == null ? "; diffart keeps no range for a tendon that is not limited)" : ")"));
    }
    double mid = (r[0] + r[1]) / 2, half = (r[1] - r[0]) / 2 * s.inheritRange;
    if (s.type == ActuatorType.INTVELOCITY) {
      s.activationRange(mid - half, mid + half);
    } else {
      s.ctrlRange(mid - half, mid + half);
    }
  }

  /**
   * MuJoCo 3's {@code dampratio} resolved as its {@code mj_setConst} does: an actuator given one
   * that is still position-like ({@code gain[0] = −bias[1]}) with a positive ratio in {@code
   * bias[2]} gets {@code bias[2] = −ratio·2·sqrt(kp·mass)}, mass from {@link
   * ModelConstants#servoMasses} on the model compiled so far.
   *
   * @param gain the compiled gains ({@link ActuatorSpec#PRM} per actuator)
   * @param bias the compiled biases, rewritten in place
   * @return whether any actuator had a ratio resolved
   */
  static boolean dampRatios(Model m, List<ActuatorSpec> specs, double[] gain, double[] bias) {
    double[] mass = null;
    for (int a = 0; a < specs.size(); a++) {
      int g = ActuatorSpec.PRM * a;
      if (!specs.get(a).dampRatio || gain[g] != -bias[g + 1] || !(bias[g + 2] > 0)) {
        continue;
      }
      if (mass == null) {
        mass = ModelConstants.servoMasses(m);
      }
      bias[g + 2] = -(bias[g + 2] * 2 * Math.sqrt(gain[g] * mass[a]));
    }
    return mass != null;
  }
}
