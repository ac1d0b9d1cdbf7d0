package org.diffart.sim.algo;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.model.Model;

/**
 * Finite-value checks of the step, with messages naming the step, the quantity, the joint, the body
 * and the dof.
 */
public final class Checks {
  private Checks() {}

  /** Throws if a velocity-sized array (nv) holds a NaN or infinity. */
  public static void finiteDofs(Model m, Data d, double[] v, String field) {
    for (int k = 0; k < m.nv(); k++) {
      if (!Double.isFinite(v[k])) {
        int j = m.dofJnt(k);
        throw new SimulationException(
            "step "
                + d.nstep
                + " (t="
                + d.time
                + "): "
                + field
                + "["
                + k
                + "] = "
                + v[k]
                + " at dof "
                + k
                + " of joint '"
                + m.jntName(j)
                + "' in body '"
                + m.bodyName(m.dofBody(k))
                + "'",
            d.nstep,
            k);
      }
    }
  }

  /** Throws if {@code qpos}, {@code qvel} or {@code ctrl} holds a NaN or infinity. */
  public static void finiteState(Model m, Data d) {
    if (allFinite(d.qpos, m.nq())
        && allFinite(d.qvel, m.nv())
        && allFinite(d.ctrl, m.nu())
        && allFinite(d.act, m.na())) {
      return;
    }
    // find the first culprit, by joint, for the message
    for (int j = 0; j < m.njnt(); j++) {
      int qa = m.jntQposAdr(j);
      for (int k = qa; k < qa + m.jntType(j).nq; k++) {
        if (!Double.isFinite(d.qpos[k])) {
          throw new SimulationException(
              "step "
                  + d.nstep
                  + " (t="
                  + d.time
                  + "): qpos["
                  + k
                  + "] = "
                  + d.qpos[k]
                  + " in joint '"
                  + m.jntName(j)
                  + "' of body '"
                  + m.bodyName(m.jntBody(j))
                  + "' (dof "
                  + m.jntDofAdr(j)
                  + ")",
              d.nstep,
              m.jntDofAdr(j));
        }
      }
    }
    finiteDofs(m, d, d.qvel, "qvel");
    for (int a = 0; a < m.nu(); a++) {
      if (!Double.isFinite(d.ctrl[a])) {
        throw new SimulationException(
            "step "
                + d.nstep
                + " (t="
                + d.time
                + "): ctrl["
                + a
                + "] = "
                + d.ctrl[a]
                + " of actuator '"
                + m.actName(a)
                + "'",
            d.nstep,
            m.trnDofAdr(m.actTrnAdr(a)));
      }
      int s = m.actActAdr(a);
      if (s >= 0 && !Double.isFinite(d.act[s])) {
        throw new SimulationException(
            "step "
                + d.nstep
                + " (t="
                + d.time
                + "): act["
                + s
                + "] = "
                + d.act[s]
                + " of actuator '"
                + m.actName(a)
                + "'",
            d.nstep,
            m.trnDofAdr(m.actTrnAdr(a)));
      }
    }
  }

  private static boolean allFinite(double[] x, int n) {
    for (int k = 0; k < n; k++) {
      if (!Double.isFinite(x[k])) {
        return false;
      }
    }
    return true;
  }
}
