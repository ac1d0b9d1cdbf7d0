package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.HostOnly;
import org.diffart.sim.model.Model;
import org.diffart.sim.sdf.Sdf;

/**
 * DiffSDFSim's contacts by signed distance ({@code Options.sdfSurface}): an SDF geom meets a plane
 * where its φ is least on the plane (the seed minimises the SDF over the other body's surface). The
 * search starts from the vertices the mesh view would touch with (the deepest and up to two more
 * below the margin, {@link ConvexCollision#planeMesh}) and runs Newton's method in the plane's
 * coordinates w, with the SDF's Hessian ({@link Sdf#curvature}) and a backtracking line search
 * (gradient steps where the Hessian is not positive definite), inside the shape's box ({@link
 * Sdf#bounds}, grown by a tenth). Each distinct least point found is a contact: its depth {@code
 * φ(w*)}, its point midway between the plane and the surface, {@code y* + ½φ n}, the plane's
 * normal. A convex shape has one; a shape with several lobes on the plane one per lobe. Feature k
 * is the k-th start.
 *
 * <p>Only where the least exists as a smooth function: the body's centre above the plane (once
 * through it the least on the plane no longer measures the depth) and a {@link Sdf#smooth} φ.
 * Unlike the mesh's vertices, the least point moves smoothly with the pose and the shape, and its
 * depth is φ itself: the rolling ball and the shape-from-trajectory fit see no facets. Where the
 * least is not unique (a capsule lying along the plane) the point stays where the search stopped. A
 * φ that is not a true distance may have several shallow least points where the true distance has
 * one (a boxy superellipsoid's radial distance, a few micrometres apart in depth): each is a
 * contact. CPU only: it calls the geom's {@link Sdf}.
 */
@HostOnly
public final class SdfSurface {
  /** Newton iterations at most. */
  static final int ITERATIONS = 60;

  /** The tangential gradient of φ (dimensionless) at which a least point is found. */
  static final double TOLERANCE = 1e-12;

  /** Least points closer than this fraction of the geom's bounding radius are one contact. */
  static final double SAME = 1e-4;

  private SdfSurface() {}

  /**
   * Plane gp against SDF geom gs: up to three contacts, see the class comment; an SDF that is not
   * {@link Sdf#smooth} as the mesh view meets the plane.
   */
  static void plane(Model m, Data d, int p, int gp, int gs) {
    if (!m.geomSdf(gs).smooth()) {
      ConvexCollision.planeMesh(m, d, p, gp, gs);
      return;
    }
    double[] mat = d.geomXmat, pos = d.geomXpos;
    int o = 9 * gp, os = 9 * gs, mesh = m.geomMesh(gs);
    double nx = mat[o + 2], ny = mat[o + 5], nz = mat[o + 8];
    // −n in the geom's frame; the vertices below the margin, as the mesh view picks them
    double lx = -(mat[os] * nx + mat[os + 3] * ny + mat[os + 6] * nz);
    double ly = -(mat[os + 1] * nx + mat[os + 4] * ny + mat[os + 7] * nz);
    double lz = -(mat[os + 2] * nx + mat[os + 5] * ny + mat[os + 8] * nz);
    int deepest = ConvexCollision.meshSupport(m, mesh, lx, ly, lz);
    double threshold =
        nx * (pos[3 * gs] - pos[3 * gp])
            + ny * (pos[3 * gs + 1] - pos[3 * gp + 1])
            + nz * (pos[3 * gs + 2] - pos[3 * gp + 2])
            - m.pairMargin(p);
    double spacing = 0.3 * m.geomRbound(gs), same = SAME * m.geomRbound(gs);
    int[] starts = {deepest, -1, -1};
    int count = 1;
    for (int i = 0; i < m.meshVertNum(mesh) && count < 3; i++) {
      double h =
          lx * m.meshVert(mesh, i, 0) + ly * m.meshVert(mesh, i, 1) + lz * m.meshVert(mesh, i, 2);
      double ex = m.meshVert(mesh, i, 0) - m.meshVert(mesh, deepest, 0);
      double ey = m.meshVert(mesh, i, 1) - m.meshVert(mesh, deepest, 1);
      double ez = m.meshVert(mesh, i, 2) - m.meshVert(mesh, deepest, 2);
      if (i != deepest && h > threshold && Math.sqrt(ex * ex + ey * ey + ez * ez) >= spacing) {
        starts[count++] = i;
      }
    }
    int first = d.ncon;
    double[] w = new double[2], y = new double[3];
    for (int k = 0; k < count; k++) {
      double[] s = new double[3];
      for (int j = 0; j < 3; j++) {
        s[j] = ConvexCollision.meshPoint(m, d, gs, starts[k], j) - pos[3 * gp + j];
      }
      w[0] = mat[o] * s[0] + mat[o + 3] * s[1] + mat[o + 6] * s[2];
      w[1] = mat[o + 1] * s[0] + mat[o + 4] * s[1] + mat[o + 7] * s[2];
      double phi = least(m.geomSdf(gs), d, gp, gs, w);
      if (!(phi < m.pairMargin(p))) {
        continue;
      }
      planePoint(d, gp, w, y);
      boolean seen = false;
      for (int c = first; c < d.ncon; c++) {
        double ex = d.conPos[3 * c] - 0.5 * d.conDist[c] * nx - y[0];
        double ey = d.conPos[3 * c + 1] - 0.5 * d.conDist[c] * ny - y[1];
        double ez = d.conPos[3 * c + 2] - 0.5 * d.conDist[c] * nz - y[2];
        seen |= Math.sqrt(ex * ex + ey * ey + ez * ez) < same;
      }
      if (seen) {
        continue;
      }
      int c = d.ncon;
      d.conFrame[9 * c] = nx;
      d.conFrame[9 * c + 1] = ny;
      d.conFrame[9 * c + 2] = nz;
      d.conPos[3 * c] = y[0] + 0.5 * phi * nx;
      d.conPos[3 * c + 1] = y[1] + 0.5 * phi * ny;
      d.conPos[3 * c + 2] = y[2] + 0.5 * phi * nz;
      d.conFeature[c] = starts[k];
      Contacts.emit(m, d, p, k, phi);
    }
  }

  /**
   * Minimises φ of geom gs over plane gp from the plane coordinates w (updated in place) and
   * returns the least φ.
   */
  static double least(Sdf sdf, Data d, int gp, int gs, double[] w) {
    double[] a = planeAxes(d, gp, gs), q = new double[3], g = new double[3];
    double[] h1 = new double[3], h2 = new double[3], gt = new double[3];
    double[] tv = new double[sdf.nparam()], box = sdf.bounds();
    double reach = 0.05 * Math.min(box[3] - box[0], Math.min(box[4] - box[1], box[5] - box[2]));
    local(d, gp, gs, w, q);
    if (!within(box, q)) {
      // the plane passes outside the shape's box: nothing of it is near
      return Double.POSITIVE_INFINITY;
    }
    double phi = 0;
    for (int it = 0; it < ITERATIONS; it++) {
      phi = sdf.gradient(g, 0, q, 0);
      double g1 = a[0] * g[0] + a[1] * g[1] + a[2] * g[2];
      double g2 = a[3] * g[0] + a[4] * g[1] + a[5] * g[2];
      sdf.curvature(h1, 0, tv, 0, q, 0, a, 0);
      sdf.curvature(h2, 0, tv, 0, q, 0, a, 3);
      double h11 = a[0] * h1[0] + a[1] * h1[1] + a[2] * h1[2];
      double h12 = a[0] * h2[0] + a[1] * h2[1] + a[2] * h2[2];
      double h22 = a[3] * h2[0] + a[4] * h2[1] + a[5] * h2[2];
      double det = h11 * h22 - h12 * h12, trace = h11 + h22;
      double lowest = 0.5 * trace - Math.sqrt(0.25 * (h11 - h22) * (h11 - h22) + h12 * h12);
      boolean newton = h11 > 0 && det > 1e-12 * trace * trace;
      boolean saddle = lowest < -1e-9 * Math.abs(trace) && lowest < 0;
      if (Math.sqrt(g1 * g1 + g2 * g2) < TOLERANCE && !saddle) {
        break;
      }
      double s1, s2;
      if (newton) {
        s1 = -(h22 * g1 - h12 * g2) / det;
        s2 = -(h11 * g2 - h12 * g1) / det;
      } else {
        s1 = -g1;
        s2 = -g2;
        if (saddle) {
          // down the direction of negative curvature too (a search that started on a symmetry
          // line would otherwise stop at the saddle between two least points)
          double v1 = h12, v2 = lowest - h11;
          if (Math.abs(lowest - h22) + Math.abs(h12) > Math.abs(v1) + Math.abs(v2)) {
            v1 = lowest - h22;
            v2 = h12;
          }
          double len = Math.sqrt(v1 * v1 + v2 * v2);
          double sign =
              v1 * g1 + v2 * g2 > 0 || v1 * g1 + v2 * g2 == 0 && (v1 < 0 || v1 == 0 && v2 < 0)
                  ? -1
                  : 1;
          s1 += sign * reach * v1 / len;
          s2 += sign * reach * v2 / len;
        }
      }
      // a step is taken when φ falls enough (Armijo) or, near the least point where φ's change is
      // below its rounding, when a Newton step halves the tangential gradient
      double slope = g1 * s1 + g2 * s2, step = 1, w1 = w[0], w2 = w[1];
      boolean taken = false;
      for (int ls = 0; ls < 40 && !taken; ls++) {
        w[0] = w1 + step * s1;
        w[1] = w2 + step * s2;
        local(d, gp, gs, w, q);
        if (!within(box, q)) {
          step *= 0.5;
          continue;
        }
        double next = sdf.gradient(gt, 0, q, 0);
        double n1 = a[0] * gt[0] + a[1] * gt[1] + a[2] * gt[2];
        double n2 = a[3] * gt[0] + a[4] * gt[1] + a[5] * gt[2];
        taken =
            next <= phi + 1e-4 * step * slope
                || newton && n1 * n1 + n2 * n2 < 0.25 * (g1 * g1 + g2 * g2)
                || next < phi && saddle;
        step *= 0.5;
      }
      if (!taken) {
        // no progress left at rounding's scale: stay
        w[0] = w1;
        w[1] = w2;
        local(d, gp, gs, w, q);
        break;
      }
    }
    return sdf.value(q, 0);
  }

  /**
   * Whether the point q (the geom's frame) lies in the SDF's box grown by a tenth of its size on
   * every side: the search stays where the shape is (a network's φ far from its shapes means
   * nothing).
   */
  static boolean within(double[] box, double[] q) {
    for (int k = 0; k < 3; k++) {
      double grow = 0.1 * (box[3 + k] - box[k]);
      if (q[k] < box[k] - grow || q[k] > box[3 + k] + grow) {
        return false;
      }
    }
    return true;
  }

  /**
   * The plane's first two axes in the SDF geom's frame, {@code (a₁, a₂) = R_sᵀ (t₁, t₂)} (6
   * numbers).
   */
  static double[] planeAxes(Data d, int gp, int gs) {
    double[] mat = d.geomXmat, a = new double[6];
    int o = 9 * gp, os = 9 * gs;
    for (int i = 0; i < 2; i++) {
      for (int j = 0; j < 3; j++) {
        a[3 * i + j] =
            mat[os + j] * mat[o + i]
                + mat[os + 3 + j] * mat[o + 3 + i]
                + mat[os + 6 + j] * mat[o + 6 + i];
      }
    }
    return a;
  }

  /** The point of plane gp at coordinates w in the world, {@code y = x_p + w₁t₁ + w₂t₂}. */
  static void planePoint(Data d, int gp, double[] w, double[] y) {
    double[] mat = d.geomXmat;
    int o = 9 * gp;
    for (int i = 0; i < 3; i++) {
      y[i] = d.geomXpos[3 * gp + i] + mat[o + 3 * i] * w[0] + mat[o + 3 * i + 1] * w[1];
    }
  }

  /** The plane point at w in geom gs's frame, {@code q = R_sᵀ (y − x_s)}, into q. */
  static void local(Data d, int gp, int gs, double[] w, double[] q) {
    double[] y = new double[3], mat = d.geomXmat;
    planePoint(d, gp, w, y);
    int os = 9 * gs;
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int i = 0; i < 3; i++) {
        s += mat[os + 3 * i + j] * (y[i] - d.geomXpos[3 * gs + i]);
      }
      q[j] = s;
    }
  }
}
