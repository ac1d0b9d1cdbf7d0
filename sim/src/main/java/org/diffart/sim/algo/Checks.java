package org.diffart.sim.algo;

import org.diffart.sim.algo.constraint.Rows;
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

  /**
   * Throws if PGS left a contact's normal impulse at its cap, {@code Options.maxNormalImpulse} (the
   * paper's bound): the contact then holds less than the bodies need and they sink into each other
   * step after step, which is no longer the model's physics. Raise the cap (MJCF {@code <numeric
   * name="diffart:maxnormalimpulse" data="..."/>}) for heavy bodies: a 100 t box resting on its
   * four corners with 10 ms steps needs about 2 500 N·s at each.
   */
  public static void normalImpulses(Model m, Data d) {
    double cap = m.opt().maxNormalImpulse();
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] == Rows.NORMAL && d.efcImpulse[r] >= cap) {
        int c = d.efcId[r], g1 = d.conGeom[2 * c], g2 = d.conGeom[2 * c + 1];
        throw new SimulationException(
            "step "
                + d.nstep
                + " (t="
                + d.time
                + "): the normal impulse of the contact between geom "
                + g1
                + " of body '"
                + m.bodyName(m.geomBody(g1))
                + "' and geom "
                + g2
                + " of body '"
                + m.bodyName(m.geomBody(g2))
                + "' reached the cap maxNormalImpulse = "
                + cap
                + " N·s, less than the bodies need: they would sink into each other. Raise it"
                + " (Options.maxNormalImpulse, MJCF <numeric name=\"diffart:maxnormalimpulse\""
                + " data=\"...\"/>)",
            d.nstep,
            -1);
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
