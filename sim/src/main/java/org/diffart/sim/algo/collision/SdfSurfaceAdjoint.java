package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.HostOnly;
import org.diffart.sim.model.Model;
import org.diffart.sim.sdf.Sdf;

/**
 * Adjoint of {@link SdfSurface}. With the plane's axes T = (t₁, t₂), normal n, the SDF geom's pose
 * (x_s, R_s) and the least point's coordinates w* (recovered from the contact's point and depth):
 * the depth {@code φ(q(w*))} at its least over w needs no term through w* (the envelope theorem);
 * the point {@code y(w*) + ½φn} does, by the implicit function theorem on the stationarity {@code
 * Tᵀ R_s ∇φ(q) = 0}: {@code λ = H_w⁻¹ Tᵀ ȳ} with {@code H_w = (R_sᵀT)ᵀ ∇²φ (R_sᵀT)}, and every
 * input gets {@code −λ·∂(Tᵀ R_s ∇φ)/∂input}, which the SDF's curvature pass gives for the shape and
 * the point. Where H_w is not positive definite (a least point that is not unique) w* is held.
 */
@HostOnly
public final class SdfSurfaceAdjoint {
  private SdfSurfaceAdjoint() {}

  /** Plane gp – SDF geom gs, contact c; nb the bar of its normal. */
  static void plane(Model m, Data d, DataBar b, int c, int gp, int gs, double[] nb) {
    Sdf sdf = m.geomSdf(gs);
    if (!sdf.smooth()) {
      ConvexCollisionAdjoint.planeMesh(m, d, b, c, gp, gs, nb);
      return;
    }
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, os = 9 * gs, np = sdf.nparam(), adr = m.geomShapeAdr(gs);
    double[] n = {mat[o + 2], mat[o + 5], mat[o + 8]};
    double dist = d.conDist[c];
    double[] y = new double[3], w = new double[2];
    for (int i = 0; i < 3; i++) {
      y[i] = d.conPos[3 * c + i] - 0.5 * dist * n[i];
    }
    for (int i = 0; i < 3; i++) {
      w[0] += mat[o + 3 * i] * (y[i] - pos[3 * gp + i]);
      w[1] += mat[o + 3 * i + 1] * (y[i] - pos[3 * gp + i]);
    }
    double[] q = new double[3], g = new double[3], pg = new double[np];
    SdfSurface.local(d, gp, gs, w, q);
    sdf.gradient(g, 0, q, 0);
    sdf.paramGradient(pg, 0, q, 0);
    // outputs: φ̄, n̄ and ȳ (the point's bar)
    double[] posBar = {b.conPosBar[3 * c], b.conPosBar[3 * c + 1], b.conPosBar[3 * c + 2]};
    double phiBar = b.conDistBar[c] + 0.5 * dot(n, 0, posBar, 0);
    double[] nBar = new double[3], tBar = new double[6], qBar = new double[3];
    double[] xsBar = new double[3], rsBar = new double[9];
    for (int i = 0; i < 3; i++) {
      nBar[i] = nb[i] + 0.5 * dist * posBar[i];
    }
    // ȳ through the point at fixed w, and w̄ = Tᵀ ȳ for the implicit term
    double[] yBar = posBar.clone();
    double wBar1 = 0, wBar2 = 0;
    for (int i = 0; i < 3; i++) {
      wBar1 += mat[o + 3 * i] * posBar[i];
      wBar2 += mat[o + 3 * i + 1] * posBar[i];
    }
    // φ(q; θ) at fixed w
    for (int j = 0; j < 3; j++) {
      qBar[j] += phiBar * g[j];
    }
    for (int k = 0; k < np; k++) {
      b.shapeBar[adr + k] += phiBar * pg[k];
    }
    // the implicit term: λ = H_w⁻¹ w̄, then −λ·(Tᵀ R_s ∇φ) as a function of everything at fixed w
    double[] a = SdfSurface.planeAxes(d, gp, gs), h1 = new double[3], h2 = new double[3];
    double[] tv = new double[np];
    sdf.curvature(h1, 0, tv, 0, q, 0, a, 0);
    sdf.curvature(h2, 0, tv, 0, q, 0, a, 3);
    double h11 = dot(a, 0, h1, 0), h12 = dot(a, 0, h2, 0), h22 = dot(a, 3, h2, 0);
    double det = h11 * h22 - h12 * h12;
    boolean pd = h11 > 0 && det > 1e-12 * (h11 + h22) * (h11 + h22);
    if (!pd && (wBar1 != 0 || wBar2 != 0) && heldAtVertex(m, d, c, gp, gs, w)) {
      // a flat least (the search did not move): the point is the start vertex's foot on the plane,
      // w = Tᵀ(x_s + R_s v − x_p)
      int v = d.conFeature[c];
      double[] x = new double[3], tw = new double[3];
      for (int i = 0; i < 3; i++) {
        x[i] = ConvexCollision.meshPoint(m, d, gs, v, i);
        tw[i] = mat[o + 3 * i] * wBar1 + mat[o + 3 * i + 1] * wBar2;
        tBar[i] += wBar1 * (x[i] - pos[3 * gp + i]);
        tBar[3 + i] += wBar2 * (x[i] - pos[3 * gp + i]);
        xsBar[i] += tw[i];
        b.geomXposBar[3 * gp + i] -= tw[i];
        for (int j = 0; j < 3; j++) {
          rsBar[3 * i + j] += tw[i] * m.meshVert(m.geomMesh(gs), v, j);
        }
      }
      ConvexCollisionAdjoint.shapeVertex(
          m,
          b,
          gs,
          v,
          mat[os] * tw[0] + mat[os + 3] * tw[1] + mat[os + 6] * tw[2],
          mat[os + 1] * tw[0] + mat[os + 4] * tw[1] + mat[os + 7] * tw[2],
          mat[os + 2] * tw[0] + mat[os + 5] * tw[1] + mat[os + 8] * tw[2]);
    }
    if ((wBar1 != 0 || wBar2 != 0) && pd) {
      double l1 = (h22 * wBar1 - h12 * wBar2) / det, l2 = (h11 * wBar2 - h12 * wBar1) / det;
      // W = R_s ∇φ, the gradient in the world; s = Gᵀ W with G = −(λ₁t₁ + λ₂t₂)
      double[] world = new double[3], big = new double[3], gBar = new double[3];
      for (int i = 0; i < 3; i++) {
        world[i] = mat[os + 3 * i] * g[0] + mat[os + 3 * i + 1] * g[1] + mat[os + 3 * i + 2] * g[2];
        big[i] = -(l1 * mat[o + 3 * i] + l2 * mat[o + 3 * i + 1]);
        tBar[i] -= l1 * world[i];
        tBar[3 + i] -= l2 * world[i];
      }
      for (int j = 0; j < 3; j++) {
        gBar[j] = mat[os + j] * big[0] + mat[os + 3 + j] * big[1] + mat[os + 6 + j] * big[2];
      }
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          rsBar[3 * i + j] += big[i] * g[j];
        }
      }
      double[] hv = new double[3];
      sdf.curvature(hv, 0, tv, 0, q, 0, gBar, 0);
      for (int j = 0; j < 3; j++) {
        qBar[j] += hv[j];
      }
      for (int k = 0; k < np; k++) {
        b.shapeBar[adr + k] += tv[k];
      }
    }
    // q = R_sᵀ (y − x_s) with y = x_p + T w at fixed w
    for (int i = 0; i < 3; i++) {
      double rq =
          mat[os + 3 * i] * qBar[0] + mat[os + 3 * i + 1] * qBar[1] + mat[os + 3 * i + 2] * qBar[2];
      yBar[i] += rq;
      xsBar[i] -= rq;
      for (int j = 0; j < 3; j++) {
        rsBar[3 * i + j] += (y[i] - pos[3 * gs + i]) * qBar[j];
      }
    }
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[3 * gp + i] += yBar[i];
      b.geomXmatBar[o + 3 * i] += tBar[i] + w[0] * yBar[i];
      b.geomXmatBar[o + 3 * i + 1] += tBar[3 + i] + w[1] * yBar[i];
      b.geomXmatBar[o + 3 * i + 2] += nBar[i];
      b.geomXposBar[3 * gs + i] += xsBar[i];
    }
    for (int q9 = 0; q9 < 9; q9++) {
      b.geomXmatBar[os + q9] += rsBar[q9];
    }
  }

  /** Whether contact c's plane coordinates w are its start vertex's: the search stayed there. */
  private static boolean heldAtVertex(Model m, Data d, int c, int gp, int gs, double[] w) {
    int v = d.conFeature[c], o = 9 * gp;
    double s1 = 0, s2 = 0;
    for (int i = 0; i < 3; i++) {
      double x = ConvexCollision.meshPoint(m, d, gs, v, i) - d.geomXpos[3 * gp + i];
      s1 += d.geomXmat[o + 3 * i] * x;
      s2 += d.geomXmat[o + 3 * i + 1] * x;
    }
    return Math.abs(s1 - w[0]) + Math.abs(s2 - w[1]) < 1e-12 * (1 + m.geomRbound(gs));
  }

  private static double dot(double[] u, int uo, double[] v, int vo) {
    return u[uo] * v[vo] + u[uo + 1] * v[vo + 1] + u[uo + 2] * v[vo + 2];
  }
}
