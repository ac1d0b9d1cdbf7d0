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
    int o = 9 * gp, os = 9 * gs;
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
    // outputs: φ̄, n̄ and the point's bar, which is ȳ at fixed w and w̄ = Tᵀ ȳ for the implicit
    // term
    double[] posBar = {b.conPosBar[3 * c], b.conPosBar[3 * c + 1], b.conPosBar[3 * c + 2]};
    double phiBar = b.conDistBar[c] + 0.5 * dot(n, 0, posBar, 0);
    double[] nBar = new double[3], tBar = new double[6], yBar = posBar.clone();
    double wBar1 = 0, wBar2 = 0;
    for (int i = 0; i < 3; i++) {
      nBar[i] = nb[i] + 0.5 * dist * posBar[i];
      wBar1 += mat[o + 3 * i] * posBar[i];
      wBar2 += mat[o + 3 * i + 1] * posBar[i];
    }
    // φ at the plane point y(w) at fixed w
    pointBars(m, d, b, sdf, gs, y, phiBar, new double[3], yBar);
    // the implicit term: λ = H_w⁻¹ w̄, then −λ·(Tᵀ ∇φ_w) as a function of everything at fixed w
    double[] q = new double[3], a = SdfSurface.planeAxes(d, gp, gs);
    double[] h1 = new double[3], h2 = new double[3], tv = new double[sdf.nparam()];
    SdfSurface.local(d, gp, gs, w, q);
    sdf.curvature(h1, 0, tv, 0, q, 0, a, 0);
    sdf.curvature(h2, 0, tv, 0, q, 0, a, 3);
    double h11 = dot(a, 0, h1, 0), h12 = dot(a, 0, h2, 0), h22 = dot(a, 3, h2, 0);
    double det = h11 * h22 - h12 * h12;
    boolean pd = h11 > 0 && det > 1e-12 * (h11 + h22) * (h11 + h22);
    if (!pd && (wBar1 != 0 || wBar2 != 0) && heldAtVertex(m, d, c, gp, gs, w)) {
      // a least that is not unique and the search did not move: the point is the start vertex's
      // foot on the plane, w = Tᵀ(x_s + R_s v − x_p)
      int v = d.conFeature[c];
      double[] x = new double[3], tw = new double[3], local = new double[3];
      for (int i = 0; i < 3; i++) {
        x[i] = ConvexCollision.meshPoint(m, d, gs, v, i);
        local[i] = m.meshVert(m.geomMesh(gs), v, i);
        tw[i] = mat[o + 3 * i] * wBar1 + mat[o + 3 * i + 1] * wBar2;
        tBar[i] += wBar1 * (x[i] - pos[3 * gp + i]);
        tBar[3 + i] += wBar2 * (x[i] - pos[3 * gp + i]);
        b.geomXposBar[3 * gp + i] -= tw[i];
      }
      fixedPointBars(b, gs, local, tw);
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
      // with G = −(λ₁t₁ + λ₂t₂): the bar G of ∇φ_w, and t̄ᵢ = −λᵢ ∇φ_w
      double[] world = new double[3], big = new double[3];
      SdfSurface.world(sdf, d, gs, y, world, null);
      for (int i = 0; i < 3; i++) {
        big[i] = -(l1 * mat[o + 3 * i] + l2 * mat[o + 3 * i + 1]);
        tBar[i] -= l1 * world[i];
        tBar[3 + i] -= l2 * world[i];
      }
      pointBars(m, d, b, sdf, gs, y, 0, big, yBar);
    }
    // y = x_p + T w at fixed w
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[3 * gp + i] += yBar[i];
      b.geomXmatBar[o + 3 * i] += tBar[i] + w[0] * yBar[i];
      b.geomXmatBar[o + 3 * i + 1] += tBar[3 + i] + w[1] * yBar[i];
      b.geomXmatBar[o + 3 * i + 2] += nBar[i];
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

  /**
   * An SDF geom against an SDF geom or a sphere, capsule, ellipsoid or box, contact c ({@link
   * SdfSurface#pair}): MPR's adjoint for a contact MPR kept. For a least point x* of the objective
   * geom's φ on the surface geom's ({@link SdfSurface#objective}) with its multiplier λ, the bars
   * of the depth φ(x*), the normal ∓∇φ/|∇φ| and the point x* − ½φ∇φ/|∇φ| go to the inputs at fixed
   * x* and to x*, and x*'s bar by the implicit function theorem on {@code F = (∇φ − λ∇φ_s, φ_s) =
   * 0}: {@code Jᵀ(μ, ν) = (x̄, 0)}, then every input gets {@code −μ·∂(∇φ − λ∇φ_s)/∂input − ν
   * ∂φ_s/∂input}. For a box's corner inside the SDF, the same outputs of φ₂ at the corner, which
   * moves with the box.
   */
  static void pair(Model m, Data d, DataBar b, int c, int g1, int g2, double margin, double[] nb) {
    int feature = d.conFeature[c];
    if (feature != SdfSurface.LEAST && feature > SdfSurface.CORNER) {
      ConvexCollisionAdjoint.contact(m, d, b, c, g1, g2, margin, nb);
      return;
    }
    boolean corner = feature <= SdfSurface.CORNER;
    int go = corner ? g2 : SdfSurface.objective(m, g1, g2), gs = go == g1 ? g2 : g1;
    Sdf so = m.geomSdf(go), ss = m.geomSdf(gs);
    double dist = d.conDist[c], sign = go == g1 ? 1 : -1;
    double[] n = {d.conFrame[9 * c], d.conFrame[9 * c + 1], d.conFrame[9 * c + 2]};
    // u = ∇φ/|∇φ| = sign·n; the point x* + ½φ... : x* = pos + ½φu
    double[] x = new double[3], posBar = new double[3], u = new double[3];
    for (int i = 0; i < 3; i++) {
      u[i] = sign * n[i];
      x[i] = d.conPos[3 * c + i] + 0.5 * dist * u[i];
      posBar[i] = b.conPosBar[3 * c + i];
    }
    double[] grad = new double[3];
    SdfSurface.world(so, d, go, x, grad, null);
    double len = Math.sqrt(SdfSurface.dot(grad, grad));
    double phiBar = b.conDistBar[c] - 0.5 * SdfSurface.dot(u, posBar);
    double[] uBar = new double[3], gBar = new double[3];
    for (int i = 0; i < 3; i++) {
      uBar[i] = sign * nb[i] - 0.5 * dist * posBar[i];
    }
    double uu = SdfSurface.dot(uBar, u);
    for (int i = 0; i < 3; i++) {
      gBar[i] = (uBar[i] - uu * u[i]) / len;
    }
    double[] xBar = posBar.clone();
    pointBars(m, d, b, so, go, x, phiBar, gBar, xBar);
    if (corner) {
      // the corner moves with the box
      int i0 = SdfSurface.CORNER - feature;
      double[] v = new double[3];
      for (int j = 0; j < 3; j++) {
        v[j] = ((i0 >> j) & 1) == 1 ? m.geomSize(g1, j) : -m.geomSize(g1, j);
      }
      fixedPointBars(b, g1, v, xBar);
      return;
    }
    // the implicit function theorem: Jᵀ (μ, ν) = (x̄, 0)
    double[] gs1 = new double[3];
    SdfSurface.world(ss, d, gs, x, gs1, null);
    double lambda = SdfSurface.dot(grad, gs1) / SdfSurface.dot(gs1, gs1);
    double[] jac = new double[16], jt = new double[16];
    SdfSurface.kkt(ss, so, d, gs, go, x, lambda, jac, new double[9], new double[9]);
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        jt[4 * i + j] = jac[4 * j + i];
      }
    }
    double[] mu = {xBar[0], xBar[1], xBar[2], 0};
    if (!SdfSurface.solve4(jt, mu)) {
      return;
    }
    pointBars(m, d, b, so, go, x, 0, new double[] {-mu[0], -mu[1], -mu[2]}, null);
    pointBars(
        m,
        d,
        b,
        ss,
        gs,
        x,
        -mu[3],
        new double[] {lambda * mu[0], lambda * mu[1], lambda * mu[2]},
        null);
  }

  /**
   * The bar xBar of a point fixed in geom g, {@code x = x_g + R_g v} (v in g's frame), into g's
   * pose.
   */
  private static void fixedPointBars(DataBar b, int g, double[] v, double[] xBar) {
    for (int i = 0; i < 3; i++) {
      b.geomXposBar[3 * g + i] += xBar[i];
      for (int j = 0; j < 3; j++) {
        b.geomXmatBar[9 * g + 3 * i + j] += xBar[i] * v[j];
      }
    }
  }

  /**
   * The bars of φ (phiBar) and of its world gradient (gradBar) of geom g's SDF at the world point x
   * into g's pose, its shape parameters and, when xBar is not null, into x: with {@code q = Rᵀ(x −
   * x_g)} and {@code ∇_w = R∇φ(q)}.
   */
  static void pointBars(
      Model m,
      Data d,
      DataBar b,
      Sdf sdf,
      int g,
      double[] x,
      double phiBar,
      double[] gradBar,
      double[] xBar) {
    double[] mat = d.geomXmat;
    int o = 9 * g, np = sdf.nparam(), adr = m.geomShapeAdr(g);
    double[] q = new double[3], gl = new double[3], pg = new double[np], qBar = new double[3];
    SdfSurface.inFrame(d, g, x, q);
    sdf.gradient(gl, 0, q, 0);
    sdf.paramGradient(pg, 0, q, 0);
    for (int j = 0; j < 3; j++) {
      qBar[j] = phiBar * gl[j];
    }
    // a primitive's φ (sphere, capsule, ellipsoid) has no shape parameters in the model
    int shapes = adr < 0 ? 0 : np;
    for (int k = 0; k < shapes; k++) {
      b.shapeBar[adr + k] += phiBar * pg[k];
    }
    double[] glBar = new double[3];
    for (int j = 0; j < 3; j++) {
      glBar[j] =
          mat[o + j] * gradBar[0] + mat[o + 3 + j] * gradBar[1] + mat[o + 6 + j] * gradBar[2];
    }
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        b.geomXmatBar[o + 3 * i + j] += gradBar[i] * gl[j];
      }
    }
    if (glBar[0] != 0 || glBar[1] != 0 || glBar[2] != 0) {
      double[] hv = new double[3], tv = new double[np];
      sdf.curvature(hv, 0, tv, 0, q, 0, glBar, 0);
      for (int j = 0; j < 3; j++) {
        qBar[j] += hv[j];
      }
      for (int k = 0; k < shapes; k++) {
        b.shapeBar[adr + k] += tv[k];
      }
    }
    for (int i = 0; i < 3; i++) {
      double rq =
          mat[o + 3 * i] * qBar[0] + mat[o + 3 * i + 1] * qBar[1] + mat[o + 3 * i + 2] * qBar[2];
      b.geomXposBar[3 * g + i] -= rq;
      if (xBar != null) {
        xBar[i] += rq;
      }
      for (int j = 0; j < 3; j++) {
        b.geomXmatBar[o + 3 * i + j] += (x[i] - d.geomXpos[3 * g + i]) * qBar[j];
      }
    }
  }
}
