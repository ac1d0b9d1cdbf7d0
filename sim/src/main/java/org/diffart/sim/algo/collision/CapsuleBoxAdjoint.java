package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * Adjoint of {@link CapsuleBox}: contact k is the sphere at parameter {@code t_k} of the capsule's
 * segment against the box. The sphere–box adjoint gives the bar of the sphere's centre {@code w = c
 * + hl t_k a}; t_k's derivative along the six box-frame coordinates it is computed from (the
 * capsule's centre and half axis) comes from {@link CapsuleBox#segment} in tangent mode, one
 * coordinate at a time.
 *
 * <p>Work space: {@code DataBar.scratch36} (the derivative at [0..6), the centre's bar at [6..9)),
 * {@code Data.scratch6}.
 */
final class CapsuleBoxAdjoint {
  private CapsuleBoxAdjoint() {}

  /**
   * Contact c, feature k, of capsule gc and box gb with the pair's margin; {@code nb} the bar of
   * its normal (tangents folded in).
   */
  static void contact(
      Model m, Data d, DataBar b, int c, int gc, int gb, int k, double margin, double[] nb) {
    double[] w = d.scratch6, jac = b.scratch36, pos = d.geomXpos, mat = d.geomXmat;
    for (int s = 0; s < 6; s++) {
      CapsuleBox.segment(m, d, gc, gb, margin, s, w);
      jac[s] = k == 0 ? w[CapsuleBox.DT1] : w[CapsuleBox.DT2];
    }
    double t = k == 0 ? w[CapsuleBox.T1] : w[CapsuleBox.T2];
    int cc = 3 * gc, bo = 3 * gb, oc = 9 * gc, ob = 9 * gb;
    double hl = m.geomSize(gc, 1);
    double wx = pos[cc] - pos[bo], wy = pos[cc + 1] - pos[bo + 1], wz = pos[cc + 2] - pos[bo + 2];
    double ax = mat[oc + 2], ay = mat[oc + 5], az = mat[oc + 8];
    CapsuleBox.centre(m, d, gc, gb, t, w);
    jac[6] = 0;
    jac[7] = 0;
    jac[8] = 0;
    CollisionPrimitivesAdjoint.sphereBoxAt(
        m, d, b, c, w[0], w[1], w[2], m.geomSize(gc, 0), gb, nb, jac, 6);
    double cbx = jac[6], cby = jac[7], cbz = jac[8];
    // w = c + hl t a (the box's rotation there and back cancels along every rotation)
    double tb = hl * (ax * cbx + ay * cby + az * cbz);
    double abx = hl * t * cbx, aby = hl * t * cby, abz = hl * t * cbz;
    b.geomXposBar[cc] += cbx;
    b.geomXposBar[cc + 1] += cby;
    b.geomXposBar[cc + 2] += cbz;
    // t(l, h): l = Rᵀ (c − c_box), h = hl Rᵀ a
    double lbx = tb * jac[0], lby = tb * jac[1], lbz = tb * jac[2];
    double hbx = tb * jac[3], hby = tb * jac[4], hbz = tb * jac[5];
    double[] rb = b.geomXmatBar;
    for (int i = 0; i < 3; i++) {
      double wi = i == 0 ? wx : i == 1 ? wy : wz, ai = i == 0 ? ax : i == 1 ? ay : az;
      rb[ob + 3 * i] += wi * lbx + hl * ai * hbx;
      rb[ob + 3 * i + 1] += wi * lby + hl * ai * hby;
      rb[ob + 3 * i + 2] += wi * lbz + hl * ai * hbz;
      double rl = mat[ob + 3 * i] * lbx + mat[ob + 3 * i + 1] * lby + mat[ob + 3 * i + 2] * lbz;
      double rh = mat[ob + 3 * i] * hbx + mat[ob + 3 * i + 1] * hby + mat[ob + 3 * i + 2] * hbz;
      b.geomXposBar[cc + i] += rl;
      b.geomXposBar[bo + i] -= rl;
      double abi = (i == 0 ? abx : i == 1 ? aby : abz) + hl * rh;
      // a = column 2 of the capsule's rotation
      rb[oc + 3 * i + 2] += abi;
    }
  }
}
