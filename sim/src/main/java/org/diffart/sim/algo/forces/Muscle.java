package org.diffart.sim.algo.forces;

import org.diffart.sim.model.Model;

/**
 * MuJoCo 2.2.2's muscle model ({@code mju_muscleGain}, {@code mju_muscleBias}, {@code
 * mju_muscleDynamics}), with the parameters {@code (range0, range1, force, scale, lmin, lmax, vmax,
 * fpmax, fvmax)} of the actuator's gain or bias. The length is normalised by the actuator's length
 * range so that the range maps onto {@code [range0, range1]} ({@code L = range0 + (len − lr0)/L0},
 * {@code L0 = (lr1 − lr0)/(range1 − range0)}), the velocity by {@code L0·vmax}; the peak force is
 * {@code force}, or {@code scale/acc0} when {@code force < 0}. Every function returns the value
 * ({@code which = 0}) or one partial derivative, so that the adjoint reads the same branches.
 */
final class Muscle {
  private static final double MINVAL = 1e-15;

  private Muscle() {}

  /** Parameter k of actuator a's gain ({@code bias} false) or bias. */
  private static double prm(Model m, int a, boolean bias, int k) {
    return bias ? m.actBias(a, k) : m.actGain(a, k);
  }

  /** The peak force: {@code force}, or {@code scale/acc0} when it is negative. */
  private static double peak(Model m, int a, boolean bias) {
    double force = prm(m, a, bias, 2);
    return force < 0 ? prm(m, a, bias, 3) / Math.max(MINVAL, m.actAcc0(a)) : force;
  }

  /** {@code L0}, the length that one unit of normalised length spans. */
  private static double optimum(Model m, int a, boolean bias) {
    double span = prm(m, a, bias, 1) - prm(m, a, bias, 0);
    return (m.actLengthRange(a, 1) - m.actLengthRange(a, 0)) / Math.max(MINVAL, span);
  }

  /**
   * The active force per activation, {@code −F0·FL(L)·FV(V)} (which = 0), or its derivative along
   * the length (1) or the velocity (2). FL is MuJoCo's piecewise quadratic bump (zero outside
   * {@code [lmin, lmax]} above 1; below lmin MuJoCo's branch order continues the falling
   * quadratic), FV rises quadratically from 0 at {@code V = −1} to 1 at 0 and on to {@code fvmax}.
   */
  static double gain(Model m, int a, double len, double vel, int which) {
    double lmin = m.actGain(a, 4),
        lmax = m.actGain(a, 5),
        vmax = m.actGain(a, 6),
        fvmax = m.actGain(a, 8);
    double force = peak(m, a, false), l0 = optimum(m, a, false);
    double ma = 0.5 * (lmin + 1), mb = 0.5 * (1 + lmax);
    double ls = Math.max(MINVAL, l0), vs = Math.max(MINVAL, l0 * vmax);
    double nl = m.actGain(a, 0) + (len - m.actLengthRange(a, 0)) / ls, nv = vel / vs;
    double fl = 0, dfl = 0;
    if (nl >= lmin && nl <= ma) {
      double w = Math.max(MINVAL, ma - lmin), x = (nl - lmin) / w;
      fl = 0.5 * x * x;
      dfl = x / w;
    } else if (nl <= 1) {
      double w = Math.max(MINVAL, 1 - ma), x = (1 - nl) / w;
      fl = 1 - 0.5 * x * x;
      dfl = x / w;
    } else if (nl <= mb) {
      double w = Math.max(MINVAL, mb - 1), x = (nl - 1) / w;
      fl = 1 - 0.5 * x * x;
      dfl = -x / w;
    } else if (nl <= lmax) {
      double w = Math.max(MINVAL, lmax - mb), x = (lmax - nl) / w;
      fl = 0.5 * x * x;
      dfl = -x / w;
    }
    double y = fvmax - 1, fv, dfv;
    if (nv <= -1) {
      fv = 0;
      dfv = 0;
    } else if (nv <= 0) {
      fv = (nv + 1) * (nv + 1);
      dfv = 2 * (nv + 1);
    } else if (nv <= y) {
      fv = fvmax - (y - nv) * (y - nv) / Math.max(MINVAL, y);
      dfv = 2 * (y - nv) / Math.max(MINVAL, y);
    } else {
      fv = fvmax;
      dfv = 0;
    }
    return which == 0
        ? -force * fl * fv
        : which == 1 ? -force * dfl * fv / ls : -force * fl * dfv / vs;
  }

  /**
   * The passive force {@code −F0·fpmax·FP(L)} (which = 0) or its derivative along the length (1):
   * zero up to {@code L = 1}, half a parabola to {@code b = (1 + lmax)/2}, linear beyond.
   */
  static double bias(Model m, int a, double len, int which) {
    double lmax = m.actBias(a, 5), fpmax = m.actBias(a, 7);
    double force = peak(m, a, true), ls = Math.max(MINVAL, optimum(m, a, true));
    double nl = m.actBias(a, 0) + (len - m.actLengthRange(a, 0)) / ls;
    double mb = 0.5 * (1 + lmax), w = Math.max(MINVAL, mb - 1);
    if (nl <= 1) {
      return 0;
    } else if (nl <= mb) {
      double x = (nl - 1) / w;
      return which == 0 ? -force * fpmax * 0.5 * x * x : -force * fpmax * x / w / ls;
    }
    double x = (nl - mb) / w;
    return which == 0 ? -force * fpmax * (0.5 + x) : -force * fpmax / w / ls;
  }

  /**
   * {@code act' = (c − act)/τ} (which = 0), or its derivative along the activation (1) or the
   * control (2); c is the control clamped to [0, 1], τ is {@code dynprm[0]·(0.5 + 1.5 a)} when
   * {@code c > act} and {@code dynprm[1]/(0.5 + 1.5 a)} otherwise, a the activation clamped to [0,
   * 1].
   */
  static double dynamics(Model m, int a, double ctrl, double act, int which) {
    double c = Math.min(Math.max(ctrl, 0), 1),
        ac = Math.min(Math.max(act, 0), 1),
        s = 0.5 + 1.5 * ac;
    boolean inside = act > 0 && act < 1;
    double tau, dtau;
    if (c > act) {
      tau = m.actDynPrm(a, 0) * s;
      dtau = inside ? 1.5 * m.actDynPrm(a, 0) : 0;
    } else {
      tau = m.actDynPrm(a, 1) / s;
      dtau = inside ? -1.5 * m.actDynPrm(a, 1) / (s * s) : 0;
    }
    double t = Math.max(MINVAL, tau);
    if (which == 0) {
      return (c - act) / t;
    } else if (which == 1) {
      return -1 / t - (tau > MINVAL ? (c - act) / (t * t) * dtau : 0);
    }
    return ctrl >= 0 && ctrl <= 1 ? 1 / t : 0;
  }
}
