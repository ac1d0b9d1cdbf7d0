package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * Site transmissions (MuJoCo's {@code mjTRN_SITE}) as MuJoCo 3.14 computes them ({@code
 * datasets/reference/mujoco-314-semantics.md} § 6): an actuator's length and moment arms from the
 * pose of its site and, if it has one, of its reference site. The moment arms are MuJoCo's, which
 * are not the derivative of the length where the reference frame turns or the gear has a rotation
 * (§ 6 measures by how much); the velocity is {@code moment · q̇} as for every transmission.
 */
public final class SiteTransmission {
  private SiteTransmission() {}

  /**
   * Actuator a's site transmission: writes its moment arms to {@code actuatorMoment} and returns
   * its length. Without a reference site the gear {@code g = (g_t, g_r)} is a wrench in the site's
   * frame R: {@code moment = J_pᵀ R g_t + J_ωᵀ R g_r} at the site, length 0. With a reference site
   * (frame R_ref): {@code length = g_t · R_refᵀ (p − p_ref) + g_r · log(conj(q_ref) ⊗ q)} with each
   * site's orientation taken as MuJoCo 3.14 takes it, {@code q = q_site ⊗ q_body} (the reverse of
   * its world orientation), and {@code moment = (J_p − J_p,ref)ᵀ R_ref g_t + (J_ω − J_ω,ref)ᵀ R_ref
   * g_r}, zero on the dofs both sites hang from; each part is skipped when its three gear
   * components are zero. Requires the site poses ({@code Kinematics.sites}); uses {@code
   * scratch36[0..20]}.
   */
  static double length(Model m, Data d, int a) {
    int nv = m.nv(), s = m.actSite(a), r = m.actRefSite(a), o = nv * a;
    double[] t = d.scratch36, mom = d.actuatorMoment;
    java.util.Arrays.fill(mom, o, o + nv, 0);
    for (int k = 0; k < 6; k++) {
      t[6 + k] = m.actSiteGear(a, k);
    }
    if (r < 0) {
      // the wrench in the world: t[0..2] = R g_t, t[3..5] = R g_r
      Mat3.mulVec(t, 0, d.siteXmat, 9 * s, t, 6);
      Mat3.mulVec(t, 3, d.siteXmat, 9 * s, t, 9);
      Jacobians.addPointJacobian(m, d, mom, o, m.siteBody(s), d.siteXpos, 3 * s, t, 0, 1);
      Jacobians.addAngularJacobian(m, d, mom, o, m.siteBody(s), t, 3, 1);
      return 0;
    }
    double length = 0;
    if (t[6] != 0 || t[7] != 0 || t[8] != 0) {
      // translation: the site's position in the reference frame, t[12..14]
      for (int k = 0; k < 3; k++) {
        t[15 + k] = d.siteXpos[3 * s + k] - d.siteXpos[3 * r + k];
      }
      Mat3.mulTransVec(t, 12, d.siteXmat, 9 * r, t, 15);
      length += t[12] * t[6] + t[13] * t[7] + t[14] * t[8];
      Mat3.mulVec(t, 0, d.siteXmat, 9 * r, t, 6);
      Jacobians.addPointJacobian(m, d, mom, o, m.siteBody(s), d.siteXpos, 3 * s, t, 0, 1);
      Jacobians.addPointJacobian(m, d, mom, o, m.siteBody(r), d.siteXpos, 3 * r, t, 0, -1);
    }
    if (t[9] != 0 || t[10] != 0 || t[11] != 0) {
      // rotation: log(conj(q_ref) ⊗ q) at t[0..2], from q at t[13..16] and q_ref at t[17..20]
      orientations(m, d, s, r, t, 13, 17);
      Quat.difference(t, 0, t, 13, t, 17);
      length += t[0] * t[9] + t[1] * t[10] + t[2] * t[11];
      Mat3.mulVec(t, 3, d.siteXmat, 9 * r, t, 9);
      Jacobians.addAngularJacobian(m, d, mom, o, m.siteBody(s), t, 3, 1);
      Jacobians.addAngularJacobian(m, d, mom, o, m.siteBody(r), t, 3, -1);
    }
    clearCommonDofs(m, mom, o, commonAncestor(m, m.siteBody(s), m.siteBody(r)));
    return length;
  }

  /**
   * The orientations of sites s and r as MuJoCo 3.14's site transmission takes them, {@code q_site
   * ⊗ q_body}, into {@code t[so..so+3]} and {@code t[ro..ro+3]} (the site quaternions at {@code
   * t[so..]}, {@code t[ro..]} first).
   */
  static void orientations(Model m, Data d, int s, int r, double[] t, int so, int ro) {
    for (int k = 0; k < 4; k++) {
      t[so + k] = m.siteQuat(s, k);
      t[ro + k] = m.siteQuat(r, k);
    }
    Quat.mul(t, so, t, so, d.xquat, 4 * m.siteBody(s));
    Quat.mul(t, ro, t, ro, d.xquat, 4 * m.siteBody(r));
  }

  /** The deepest body both b1 and b2 hang from (themselves included); 0, the world, if none. */
  static int commonAncestor(Model m, int b1, int b2) {
    for (int x = b1; x > 0; x = m.bodyParent(x)) {
      for (int y = b2; y > 0; y = m.bodyParent(y)) {
        if (x == y) {
          return x;
        }
      }
    }
    return 0;
  }

  /** Zeroes {@code row[o + k]} for every dof k on the path of body b to the root. */
  static void clearCommonDofs(Model m, double[] row, int o, int b) {
    for (; b > 0; b = m.bodyParent(b)) {
      for (int k = m.bodyDofAdr(b); k >= 0 && k < m.bodyDofAdr(b) + m.bodyDofNum(b); k++) {
        row[o + k] = 0;
      }
    }
  }
}
