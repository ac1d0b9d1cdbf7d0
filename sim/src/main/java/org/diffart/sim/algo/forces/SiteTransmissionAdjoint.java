package org.diffart.sim.algo.forces;

import org.diffart.sim.algo.kinematics.JacobiansAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * Adjoint of {@link SiteTransmission}: the bars of a site transmission's length and moment arms
 * into those of the site poses ({@code siteXposBar, siteXmatBar}), of the bodies' orientations
 * ({@code xquatBar}, which the rotational length reads) and of the kinematics the Jacobians read.
 * The length is differentiated as it is computed, not through MuJoCo's moment arms, which are not
 * its derivative.
 */
public final class SiteTransmissionAdjoint {
  private SiteTransmissionAdjoint() {}

  /**
   * Adjoint of {@link SiteTransmission#length} for actuator a: consumes its row of {@code
   * actuatorMomentBar}, with {@code lenBar} the bar of the length it returned. Uses {@code
   * d.scratch36[0..20]} and {@code b.scratch36[0..16]}.
   */
  static void length(Model m, Data d, DataBar b, int a, double lenBar) {
    int nv = m.nv(), s = m.actSite(a), r = m.actRefSite(a), o = nv * a;
    double[] t = d.scratch36, w = b.scratch36, mb = b.actuatorMomentBar;
    for (int k = 0; k < 6; k++) {
      t[6 + k] = m.actSiteGear(a, k);
      w[k] = 0;
    }
    if (r < 0) {
      // moment = J_pᵀ R g_t + J_ωᵀ R g_r: the wrench's bar w[0..5], then R̄ += w̄ gᵀ
      Mat3.mulVec(t, 0, d.siteXmat, 9 * s, t, 6);
      Mat3.mulVec(t, 3, d.siteXmat, 9 * s, t, 9);
      JacobiansAdjoint.addPointJacobian(
          m, d, b, mb, o, m.siteBody(s), d.siteXpos, 3 * s, b.siteXposBar, 3 * s, t, 0, w, 0, 1);
      JacobiansAdjoint.addAngularJacobian(m, d, b, mb, o, m.siteBody(s), t, 3, w, 3, 1);
      frameBar(b.siteXmatBar, 9 * s, w, 0, t, 6);
      frameBar(b.siteXmatBar, 9 * s, w, 3, t, 9);
      java.util.Arrays.fill(mb, o, o + nv, 0);
      return;
    }
    // the forward cleared the columns of the dofs both sites hang from: they pass nothing back
    SiteTransmission.clearCommonDofs(
        m, mb, o, SiteTransmission.commonAncestor(m, m.siteBody(s), m.siteBody(r)));
    double[] xb = b.siteXposBar, rb = b.siteXmatBar;
    if (t[6] != 0 || t[7] != 0 || t[8] != 0) {
      // moment += (J_p − J_p,ref)ᵀ w with w = R_ref g_t; length += (p − p_ref) · w
      Mat3.mulVec(t, 0, d.siteXmat, 9 * r, t, 6);
      JacobiansAdjoint.addPointJacobian(
          m, d, b, mb, o, m.siteBody(s), d.siteXpos, 3 * s, xb, 3 * s, t, 0, w, 0, 1);
      JacobiansAdjoint.addPointJacobian(
          m, d, b, mb, o, m.siteBody(r), d.siteXpos, 3 * r, xb, 3 * r, t, 0, w, 0, -1);
      for (int k = 0; k < 3; k++) {
        double v = d.siteXpos[3 * s + k] - d.siteXpos[3 * r + k];
        xb[3 * s + k] += lenBar * t[k];
        xb[3 * r + k] -= lenBar * t[k];
        w[k] += lenBar * v;
      }
      frameBar(rb, 9 * r, w, 0, t, 6);
    }
    if (t[9] != 0 || t[10] != 0 || t[11] != 0) {
      // moment += (J_ω − J_ω,ref)ᵀ R_ref g_r
      Mat3.mulVec(t, 3, d.siteXmat, 9 * r, t, 9);
      JacobiansAdjoint.addAngularJacobian(m, d, b, mb, o, m.siteBody(s), t, 3, w, 3, 1);
      JacobiansAdjoint.addAngularJacobian(m, d, b, mb, o, m.siteBody(r), t, 3, w, 3, -1);
      frameBar(rb, 9 * r, w, 3, t, 9);
      // length += g_r · log(conj(q_ref) ⊗ q), q = q_site ⊗ q_body: into the bodies' xquatBar
      SiteTransmission.orientations(m, d, s, r, t, 13, 17);
      for (int k = 0; k < 3; k++) {
        w[6 + k] = lenBar * t[9 + k];
      }
      java.util.Arrays.fill(w, 9, 17, 0);
      Quat.differenceAdjoint(w, 6, t, 13, t, 17, w, 9, w, 13);
      for (int k = 0; k < 4; k++) {
        t[13 + k] = m.siteQuat(s, k);
        t[17 + k] = m.siteQuat(r, k);
      }
      // the site quaternions are constants: their bars land in w[0..3], unused
      Quat.mulAdjoint(w, 9, t, 13, d.xquat, 4 * m.siteBody(s), w, 0, b.xquatBar, 4 * m.siteBody(s));
      Quat.mulAdjoint(
          w, 13, t, 17, d.xquat, 4 * m.siteBody(r), w, 0, b.xquatBar, 4 * m.siteBody(r));
    }
    java.util.Arrays.fill(mb, o, o + nv, 0);
  }

  /**
   * Adjoint of {@code w = R g} for the frame R at {@code rb[ro..]}: {@code R̄ += w̄ gᵀ}, with w̄ at
   * {@code wb[wo..wo+2]} and g at {@code g[go..go+2]}.
   */
  private static void frameBar(double[] rb, int ro, double[] wb, int wo, double[] g, int go) {
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        rb[ro + 3 * i + j] += wb[wo + i] * g[go + j];
      }
    }
  }
}
