package org.diffart.sim.diff;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Linear state feedback, the simplest {@link ControlLaw}: {@code π(x) = K (qpos, qvel) + k} with θ
 * = (K row-major nu×(nq+nv), then k, nu numbers). Its qpos columns act on qpos's own coordinates (a
 * quaternion's four numbers), so on a model with ball or free joints it is a function of the
 * numbers, not of a rotation. A record of plain arithmetic, so the tape follows it too.
 *
 * @param nq the model's nq
 * @param nv the model's nv
 * @param nu the model's nu
 */
public record LinearFeedback(int nq, int nv, int nu) implements ControlLaw {
  /** The law for model m's sizes. */
  public LinearFeedback(Model m) {
    this(m.nq(), m.nv(), m.nu());
  }

  /** {@code nu·(nq + nv + 1)}. */
  @Override
  public int parameters() {
    return nu * (nq + nv + 1);
  }

  @Override
  public void control(Model m, int t, Data d, double[] theta, double[] u) {
    int w = nq + nv;
    for (int a = 0; a < nu; a++) {
      double s = theta[nu * w + a];
      for (int k = 0; k < nq; k++) {
        s += theta[a * w + k] * d.qpos[k];
      }
      for (int k = 0; k < nv; k++) {
        s += theta[a * w + nq + k] * d.qvel[k];
      }
      u[a] = s;
    }
  }

  @Override
  public void adjoint(Model m, int t, Data d, double[] theta, double[] uBar, Bars out) {
    int w = nq + nv;
    for (int a = 0; a < nu; a++) {
      for (int k = 0; k < nq; k++) {
        out.qpos()[k] += uBar[a] * theta[a * w + k];
        out.theta()[a * w + k] += uBar[a] * d.qpos[k];
      }
      for (int k = 0; k < nv; k++) {
        out.qvel()[k] += uBar[a] * theta[a * w + nq + k];
        out.theta()[a * w + nq + k] += uBar[a] * d.qvel[k];
      }
      out.theta()[nu * w + a] += uBar[a];
    }
  }

  @Override
  public String toString() {
    return "linear feedback (" + nu + "×" + (nq + nv) + " gains and " + nu + " offsets)";
  }
}
