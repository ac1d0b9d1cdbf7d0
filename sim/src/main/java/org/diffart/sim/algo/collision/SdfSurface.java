package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.HostOnly;
import org.diffart.sim.model.Model;
import org.diffart.sim.sdf.Sdf;

/**
 * DiffSDFSim's contacts by signed distance ({@code Options.sdfSurface}); two SDF geoms: {@link
 * #pair}. An SDF geom meets a plane where its φ is least on the plane (the seed minimises the SDF
 * over the other body's surface). The search starts from the vertices the mesh view would touch
 * with (the deepest and up to two more below the margin, {@link ConvexCollision#planeMesh}) and
 * runs Newton's method in the plane's coordinates w, with the SDF's Hessian ({@link Sdf#curvature})
 * and a backtracking line search (gradient steps where the Hessian is not positive definite),
 * inside the shape's box ({@link Sdf#bounds}, grown by a tenth). Each distinct least point found is
 * a contact: its depth {@code φ(w*)}, its point midway between the plane and the surface, {@code y*
 * + ½φ n}, the plane's normal. A convex shape has one; a shape with several lobes on the plane one
 * per lobe. Feature k is the k-th start.
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
    double[] y = new double[3];
    planePoint(d, gp, w, y);
    inFrame(d, gs, y, q);
  }

  /** The world point x in geom g's frame, {@code q = Rᵀ(x − x_g)}, into q. */
  static void inFrame(Data d, int g, double[] x, double[] q) {
    double[] mat = d.geomXmat;
    int o = 9 * g;
    for (int j = 0; j < 3; j++) {
      double s = 0;
      for (int i = 0; i < 3; i++) {
        s += mat[o + 3 * i + j] * (x[i] - d.geomXpos[3 * g + i]);
      }
      q[j] = s;
    }
  }

  // ---- two SDF geoms: the least of φ₂ on the surface of geom 1 ----

  /** {@code Data.conFeature} of a contact that is a least point of φ₂ on geom 1's surface. */
  static final int LEAST = -2;

  /** KKT residual at which a least point on a surface is found. */
  static final double KKT_TOLERANCE = 1e-12;

  /**
   * An SDF geom g2 against an SDF geom, a sphere, a capsule, an ellipsoid or a box g1 ({@link
   * Model#geomSdf}: the primitive's own φ): MPR on the hulls ({@link ConvexCollision#contact}) says
   * whether they can touch. Then, from MPR's point and from up to three mesh vertices lying inside
   * the other geom or near its surface (either geom's, the deepest first, spread by a third of the
   * smaller bounding radius: DiffSDFSim's candidates, its mesh checked against the other's SDF both
   * ways), {@link #leastOnSurface} finds the points of one geom's surface locally deepest in the
   * other, the local least of the other's φ on that surface: of φ₂ on geom 1's surface, or, against
   * a box (whose surface has edges, whose φ is smooth near its faces), of the box's φ on the SDF's
   * surface ({@link #objective}). Each distinct one below the margin and inside the other geom's
   * box is a contact (feature k its start): depth φ there, normal ∓∇φ/|∇φ| (from geom 1 to geom 2),
   * point midway. A box's corners inside the SDF are contacts too (features {@link #CORNER} − i for
   * corner i, slots 4–7, the deepest four): depth φ₂ at the corner. A rod across a torus rests on
   * two least points; a ball in the torus's hole, whose hull MPR sees it in, has its least point
   * outside: no contact. Where no search reaches a least point (no convergence, a maximum, outside
   * the surface's box, a least that is not unique) and no corner is inside, MPR's contact stays.
   */
  static void pair(Model m, Data d, int p, int g1, int g2) {
    int c = d.ncon;
    ConvexCollision.contact(m, d, p, g1, g2);
    if (d.ncon == c) {
      return;
    }
    d.conFeature[c] = 0;
    int go = objective(m, g1, g2), gs = go == g1 ? g2 : g1;
    Sdf ss = m.geomSdf(gs), so = m.geomSdf(go);
    if (!ss.smooth() || !(so.smooth() || go == g1)) {
      return;
    }
    double[][] starts = starts(m, d, p, g1, g2, d.conPos, 3 * c);
    double same = SAME * Math.max(m.geomRbound(g1), m.geomRbound(g2));
    double[][] found = new double[starts.length][];
    boolean reached = false;
    for (int k = 0; k < starts.length; k++) {
      double[] xl = new double[4];
      if (starts[k] == null || !leastOnSurface(ss, so, d, gs, go, starts[k], xl)) {
        continue;
      }
      reached = true;
      double phi = world(so, d, go, xl, new double[3], null);
      // a least point outside the other geom's box is apart from it (a neural φ far away means
      // nothing)
      phi = inBox(so, d, go, xl) ? phi : Double.POSITIVE_INFINITY;
      boolean seen = false;
      for (int j = 0; j < k; j++) {
        seen |= found[j] != null && distance(found[j], xl) < same;
      }
      if (phi < m.pairMargin(p) && !seen) {
        found[k] = xl;
      }
    }
    double[][] corners =
        m.geomType(g1) == GeomType.BOX ? corners(m, d, p, g1, g2) : new double[0][];
    if (!reached && corners.length == 0) {
      return;
    }
    // the least points and corners replace MPR's contact
    d.ncon = c;
    double[] g = new double[3];
    for (int k = 0; k < found.length; k++) {
      if (found[k] == null) {
        continue;
      }
      double phi = world(so, d, go, found[k], g, null);
      double len = Math.sqrt(dot(g, g));
      boolean nearCorner = false;
      for (double[] corner : corners) {
        // the box's corner inside the SDF and the SDF's point deepest in the box near it: one
        // contact, the corner's
        nearCorner |= distance(corner, found[k]) < 2 * Math.abs(corner[3]) + same;
      }
      if (len == 0 || nearCorner) {
        continue;
      }
      // the normal from geom 1 to geom 2, the point midway: x* − ½φ∇φ/|∇φ|
      double sign = go == g1 ? 1 : -1;
      for (int i = 0; i < 3; i++) {
        d.conFrame[9 * d.ncon + i] = sign * g[i] / len;
        d.conPos[3 * d.ncon + i] = found[k][i] - 0.5 * phi * g[i] / len;
      }
      d.conFeature[d.ncon] = LEAST;
      Contacts.emit(m, d, p, k, phi);
    }
    for (int k = 0; k < corners.length; k++) {
      double phi = world(m.geomSdf(g2), d, g2, corners[k], g, null);
      double len = Math.sqrt(dot(g, g));
      if (len == 0) {
        continue;
      }
      for (int i = 0; i < 3; i++) {
        d.conFrame[9 * d.ncon + i] = -g[i] / len;
        d.conPos[3 * d.ncon + i] = corners[k][i] - 0.5 * phi * g[i] / len;
      }
      d.conFeature[d.ncon] = CORNER - (int) corners[k][4];
      Contacts.emit(m, d, p, starts.length + k, phi);
    }
  }

  /** {@code Data.conFeature} of box corner i inside an SDF geom: {@code CORNER − i}. */
  static final int CORNER = -10;

  /**
   * The geom whose φ is minimised over the other's surface: geom 2 (the SDF), or against a box,
   * whose surface has edges, the box, over the SDF's surface.
   */
  static int objective(Model m, int g1, int g2) {
    return m.geomType(g1) == GeomType.BOX ? g1 : g2;
  }

  private static double distance(double[] a, double[] b) {
    double ex = a[0] - b[0], ey = a[1] - b[1], ez = a[2] - b[2];
    return Math.sqrt(ex * ex + ey * ey + ez * ez);
  }

  /**
   * The corners of box gb where φ of SDF geom g2 is below the pair's margin, the deepest four: each
   * its world point, φ there and its index i (bit 0, 1, 2 set for the + sign of x, y, z).
   */
  static double[][] corners(Model m, Data d, int p, int gb, int g2) {
    Sdf sdf = m.geomSdf(g2);
    java.util.List<double[]> inside = new java.util.ArrayList<>();
    double[] q = new double[3];
    for (int i = 0; i < 8; i++) {
      double[] x = new double[5];
      for (int j = 0; j < 3; j++) {
        double v = ((i >> j) & 1) == 1 ? m.geomSize(gb, j) : -m.geomSize(gb, j);
        for (int k = 0; k < 3; k++) {
          x[k] += d.geomXmat[9 * gb + 3 * k + j] * v;
        }
      }
      for (int k = 0; k < 3; k++) {
        x[k] += d.geomXpos[3 * gb + k];
      }
      inFrame(d, g2, x, q);
      if (within(sdf.bounds(), q)) {
        x[3] = sdf.value(q, 0);
        x[4] = i;
        if (x[3] < m.pairMargin(p)) {
          inside.add(x);
        }
      }
    }
    inside.sort(java.util.Comparator.comparingDouble(x -> x[3]));
    return inside.subList(0, Math.min(4, inside.size())).toArray(new double[0][]);
  }

  /**
   * The searches' starts: MPR's point (at mpr[mo..mo+3)), then up to three mesh vertices of either
   * geom inside the other or near its surface (φ of the other below the pair's margin plus a tenth
   * of the smaller bounding radius: a thin rod pressed into a coarse mesh has no vertex inside),
   * the deepest first, each a third of the smaller bounding radius from those taken; unused entries
   * null.
   */
  static double[][] starts(Model m, Data d, int p, int g1, int g2, double[] mpr, int mo) {
    double[][] out = new double[org.diffart.sim.model.ContactCapacity.SDF_SURFACE][];
    out[0] = new double[] {mpr[mo], mpr[mo + 1], mpr[mo + 2]};
    double size = Math.min(m.geomRbound(g1), m.geomRbound(g2));
    double band = m.pairMargin(p) + 0.1 * size, spacing = 0.3 * size;
    Near found = new Near();
    nearVertices(m, d, g1, g2, band, found);
    nearVertices(m, d, g2, g1, band, found);
    double[] near = found.x;
    // the deepest, then the deepest a spacing from those taken, and so on
    for (int k = 1; k < out.length; k++) {
      int best = -1;
      for (int i = 0; i < found.count; i++) {
        if (best >= 0 && near[4 * i + 3] >= near[4 * best + 3]) {
          continue;
        }
        boolean spread = true;
        for (int j = 1; j < k && spread; j++) {
          double ex = near[4 * i] - out[j][0], ey = near[4 * i + 1] - out[j][1];
          double ez = near[4 * i + 2] - out[j][2];
          spread = Math.sqrt(ex * ex + ey * ey + ez * ez) >= spacing;
        }
        if (spread) {
          best = i;
        }
      }
      if (best < 0) {
        break;
      }
      out[k] = java.util.Arrays.copyOfRange(near, 4 * best, 4 * best + 3);
    }
    return out;
  }

  /** The number of mesh vertices of geom g if it is an SDF geom, else 0. */
  private static int vertices(Model m, int g) {
    return m.geomType(g) == org.diffart.sim.model.GeomType.SDF ? m.meshVertNum(m.geomMesh(g)) : 0;
  }

  /** Candidate starts: world points each followed by φ there, {@code x[4i..4i+4)}, i < count. */
  private static final class Near {
    double[] x = new double[64];
    int count;

    void add(double[] p, double phi) {
      if (4 * count + 4 > x.length) {
        x = java.util.Arrays.copyOf(x, 2 * x.length);
      }
      System.arraycopy(p, 0, x, 4 * count, 3);
      x[4 * count++ + 3] = phi;
    }
  }

  /**
   * The world points of geom g's mesh vertices (an SDF geom's; none for a primitive) where φ of
   * geom o is below band, with that φ, added to out (the few near the other geom, not a copy of the
   * mesh: this runs every step).
   */
  private static void nearVertices(Model m, Data d, int g, int o, double band, Near out) {
    int mesh = m.geomMesh(g);
    Sdf other = m.geomSdf(o);
    double[] box = other.bounds(), q = new double[3], x = new double[3], c = new double[3];
    // geom o's centre in geom g's frame: vertices beyond its bounding sphere are skipped first
    inFrame(
        d, g, new double[] {d.geomXpos[3 * o], d.geomXpos[3 * o + 1], d.geomXpos[3 * o + 2]}, c);
    double reach = m.geomRbound(o) + band;
    for (int i = 0; i < vertices(m, g); i++) {
      double ex = m.meshVert(mesh, i, 0) - c[0], ey = m.meshVert(mesh, i, 1) - c[1];
      double ez = m.meshVert(mesh, i, 2) - c[2];
      if (ex * ex + ey * ey + ez * ez > reach * reach) {
        continue;
      }
      for (int j = 0; j < 3; j++) {
        x[j] = ConvexCollision.meshPoint(m, d, g, i, j);
      }
      inFrame(d, o, x, q);
      if (within(box, q)) {
        double phi = other.value(q, 0);
        if (phi < band) {
          out.add(x, phi);
        }
      }
    }
  }

  /**
   * The least of φ₂ on geom 1's surface from x (projected onto it first). Far from it, Newton's
   * method on the surface: in the tangent plane of geom 1's surface, the step {@code −(H_t + μI)⁻¹
   * g_t} with g_t φ₂'s tangential gradient and H_t the Lagrangian's Hessian {@code ∇²φ₂ − λ∇²φ₁}
   * there (the surface's curvature included), shifted by μ where it is not positive (and a step
   * down the direction of negative curvature at a saddle), at most half the shape's smallest
   * extent, projected back onto the surface, with a backtracking line search on φ₂. Near it (the
   * Hessian positive, the step short), Newton's method on the optimality conditions {@code F(x, λ)
   * = (∇φ₂ − λ∇φ₁, φ₁) = 0} (world frame) with a line search on |F|, which converges to rounding.
   * Writes (x*, λ*) to out and says whether it is a least point: converged, in geom 1's box, the
   * Lagrangian's Hessian positive on the tangent plane.
   */
  static boolean leastOnSurface(Sdf s1, Sdf s2, Data d, int g1, int g2, double[] x0, double[] out) {
    double[] x = project(s1, d, g1, new double[] {x0[0], x0[1], x0[2]});
    if (x == null) {
      return false;
    }
    double[] n = new double[3], t1 = new double[3], t2 = new double[3], box = s1.bounds();
    double[] h1 = new double[9], h2 = new double[9], jac = new double[16], f = new double[4];
    double reach = 0.5 * Math.min(box[3] - box[0], Math.min(box[4] - box[1], box[5] - box[2]));
    double lambda = multiplier(s1, s2, d, g1, g2, x);
    double norm = residual(s1, s2, d, g1, g2, x, lambda, f);
    for (int it = 0; it < ITERATIONS && norm > KKT_TOLERANCE; it++) {
      kkt(s1, s2, d, g1, g2, x, lambda, jac, h1, h2);
      world(s1, d, g1, x, n, null);
      tangentPlane(n, t1, t2);
      double gr1 = dot(f, t1), gr2 = dot(f, t2);
      double a11 = quad(jac, t1, t1), a12 = quad(jac, t1, t2), a22 = quad(jac, t2, t2);
      double trace = a11 + a22, det = a11 * a22 - a12 * a12;
      double lowest = 0.5 * trace - Math.sqrt(0.25 * (a11 - a22) * (a11 - a22) + a12 * a12);
      boolean positive = a11 > 0 && det > 0;
      if (positive) {
        double r1 = -(a22 * gr1 - a12 * gr2) / det, r2 = -(a11 * gr2 - a12 * gr1) / det;
        if (Math.sqrt(r1 * r1 + r2 * r2) < 0.1 * reach) {
          double[] step = {-f[0], -f[1], -f[2], -f[3]};
          if (!solve4(jac, step)) {
            return false;
          }
          double t = 1;
          double[] xt = new double[3];
          boolean taken = false;
          for (int ls = 0; ls < 30 && !taken; ls++) {
            for (int i = 0; i < 3; i++) {
              xt[i] = x[i] + t * step[i];
            }
            double next = residual(s1, s2, d, g1, g2, xt, lambda + t * step[3], f);
            if (next < (1 - 1e-4 * t) * norm) {
              x = xt.clone();
              lambda += t * step[3];
              norm = next;
              taken = true;
            }
            t *= 0.5;
          }
          if (!taken) {
            break;
          }
          continue;
        }
      }
      // Newton's method on the surface, the Hessian shifted where it is not positive
      double mu = positive ? 0 : -lowest + 1e-2 * (Math.abs(a11) + Math.abs(a22)) + 1e-12;
      double b11 = a11 + mu, b22 = a22 + mu, bdet = b11 * b22 - a12 * a12;
      double r1 = -(b22 * gr1 - a12 * gr2) / bdet, r2 = -(b11 * gr2 - a12 * gr1) / bdet;
      if (lowest < 0) {
        // down the direction of negative curvature too (a saddle between two least points)
        double v1 = a12, v2 = lowest - a11;
        if (Math.abs(lowest - a22) + Math.abs(a12) > Math.abs(v1) + Math.abs(v2)) {
          v1 = lowest - a22;
          v2 = a12;
        }
        double len = Math.sqrt(v1 * v1 + v2 * v2), sign = v1 * gr1 + v2 * gr2 > 0 ? -1 : 1;
        if (len > 0) {
          r1 += sign * 0.1 * reach * v1 / len;
          r2 += sign * 0.1 * reach * v2 / len;
        }
      }
      double len = Math.sqrt(r1 * r1 + r2 * r2);
      if (len > reach) {
        r1 *= reach / len;
        r2 *= reach / len;
      }
      double slope = gr1 * r1 + gr2 * r2, phi = world(s2, d, g2, x, n, null), t = 1;
      boolean taken = false;
      for (int ls = 0; ls < 40 && !taken; ls++) {
        double[] xt = new double[3];
        for (int i = 0; i < 3; i++) {
          xt[i] = x[i] + t * (r1 * t1[i] + r2 * t2[i]);
        }
        xt = project(s1, d, g1, xt);
        if (xt != null && world(s2, d, g2, xt, n, null) < phi + 1e-4 * t * Math.min(slope, 0)) {
          x = xt;
          taken = true;
        }
        t *= 0.5;
      }
      if (!taken) {
        break;
      }
      lambda = multiplier(s1, s2, d, g1, g2, x);
      norm = residual(s1, s2, d, g1, g2, x, lambda, f);
    }
    if (!(norm <= 1e-9) || !inBox(s1, d, g1, x)) {
      return false;
    }
    // a least, not a most: the Lagrangian's Hessian on the tangent plane of geom 1's surface
    kkt(s1, s2, d, g1, g2, x, lambda, jac, h1, h2);
    if (!tangentPositive(s1, d, g1, x, jac)) {
      return false;
    }
    System.arraycopy(x, 0, out, 0, 3);
    out[3] = lambda;
    return true;
  }

  /** x moved onto geom g's surface by three Newton steps on φ along its gradient; null if flat. */
  private static double[] project(Sdf sdf, Data d, int g, double[] x) {
    double[] grad = new double[3];
    for (int k = 0; k < 3; k++) {
      double phi = world(sdf, d, g, x, grad, null), gg = dot(grad, grad);
      if (gg == 0) {
        return null;
      }
      for (int i = 0; i < 3; i++) {
        x[i] -= phi * grad[i] / gg;
      }
    }
    return x;
  }

  /** The multiplier that makes ∇φ₂ − λ∇φ₁ tangential at x: {@code ∇φ₂·∇φ₁ / |∇φ₁|²}. */
  private static double multiplier(Sdf s1, Sdf s2, Data d, int g1, int g2, double[] x) {
    double[] a = new double[3], b = new double[3];
    world(s1, d, g1, x, a, null);
    world(s2, d, g2, x, b, null);
    return dot(b, a) / dot(a, a);
  }

  /**
   * Whether the upper-left 3×3 of the KKT matrix jac (the Lagrangian's Hessian) is positive
   * definite on the tangent plane of geom g's surface at x.
   */
  private static boolean tangentPositive(Sdf sdf, Data d, int g, double[] x, double[] jac) {
    double[] n = new double[3], t1 = new double[3], t2 = new double[3];
    world(sdf, d, g, x, n, null);
    tangentPlane(n, t1, t2);
    double a11 = quad(jac, t1, t1), a12 = quad(jac, t1, t2), a22 = quad(jac, t2, t2);
    return a11 > 0 && a11 * a22 - a12 * a12 > 0;
  }

  /** |F(x, λ)| with F written to f. */
  static double residual(
      Sdf s1, Sdf s2, Data d, int g1, int g2, double[] x, double lambda, double[] f) {
    double[] a = new double[3], b = new double[3];
    double phi1 = world(s1, d, g1, x, a, null);
    world(s2, d, g2, x, b, null);
    for (int i = 0; i < 3; i++) {
      f[i] = b[i] - lambda * a[i];
    }
    f[3] = phi1;
    return Math.sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2] + f[3] * f[3]);
  }

  /**
   * The KKT matrix {@code [[H₂ − λH₁, −∇φ₁], [∇φ₁ᵀ, 0]]} (row-major 4×4) at (x, λ), the world
   * Hessians into h1, h2.
   */
  static void kkt(
      Sdf s1,
      Sdf s2,
      Data d,
      int g1,
      int g2,
      double[] x,
      double lambda,
      double[] jac,
      double[] h1,
      double[] h2) {
    double[] a = new double[3];
    world(s1, d, g1, x, a, h1);
    world(s2, d, g2, x, new double[3], h2);
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        jac[4 * i + j] = h2[3 * i + j] - lambda * h1[3 * i + j];
      }
      jac[4 * i + 3] = -a[i];
      jac[12 + i] = a[i];
    }
    jac[15] = 0;
  }

  /**
   * φ of geom g's SDF at the world point x, its world gradient into grad and, when hess is not
   * null, its world Hessian (row-major 3×3): {@code ∇ = R∇φ(q)}, {@code H = R ∇²φ(q) Rᵀ}, {@code q
   * = Rᵀ(x − x_g)}.
   */
  static double world(Sdf sdf, Data d, int g, double[] x, double[] grad, double[] hess) {
    double[] mat = d.geomXmat, q = new double[3], gl = new double[3];
    int o = 9 * g;
    inFrame(d, g, x, q);
    double phi = sdf.gradient(gl, 0, q, 0);
    for (int i = 0; i < 3; i++) {
      grad[i] = mat[o + 3 * i] * gl[0] + mat[o + 3 * i + 1] * gl[1] + mat[o + 3 * i + 2] * gl[2];
    }
    if (hess != null) {
      double[] v = new double[3], hv = new double[3], tv = new double[sdf.nparam()];
      for (int col = 0; col < 3; col++) {
        // v = Rᵀ e_col, then the world column R ∇²φ v
        for (int j = 0; j < 3; j++) {
          v[j] = mat[o + 3 * col + j];
        }
        sdf.curvature(hv, 0, tv, 0, q, 0, v, 0);
        for (int i = 0; i < 3; i++) {
          hess[3 * i + col] =
              mat[o + 3 * i] * hv[0] + mat[o + 3 * i + 1] * hv[1] + mat[o + 3 * i + 2] * hv[2];
        }
      }
    }
    return phi;
  }

  /** Whether the world point x lies in geom g's SDF box grown by a tenth ({@link #within}). */
  static boolean inBox(Sdf sdf, Data d, int g, double[] x) {
    double[] q = new double[3];
    inFrame(d, g, x, q);
    return within(sdf.bounds(), q);
  }

  /** Two unit vectors orthogonal to n and to each other. */
  static void tangentPlane(double[] n, double[] t1, double[] t2) {
    double[] f = new double[9];
    double len = Math.sqrt(dot(n, n));
    for (int i = 0; i < 3; i++) {
      f[i] = n[i] / len;
    }
    Contacts.tangents(f, 0);
    System.arraycopy(f, 3, t1, 0, 3);
    System.arraycopy(f, 6, t2, 0, 3);
  }

  /** uᵀ A v for the upper-left 3×3 of the row-major 4×4 A. */
  static double quad(double[] a, double[] u, double[] v) {
    double s = 0;
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 3; j++) {
        s += u[i] * a[4 * i + j] * v[j];
      }
    }
    return s;
  }

  static double dot(double[] u, double[] v) {
    return u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  }

  /**
   * Solves the 4×4 system a·x = b in place (b becomes x) by Gaussian elimination with partial
   * pivoting; false when it is singular.
   */
  static boolean solve4(double[] a, double[] b) {
    double[] m = a.clone();
    for (int col = 0; col < 4; col++) {
      int piv = col;
      for (int r = col + 1; r < 4; r++) {
        if (Math.abs(m[4 * r + col]) > Math.abs(m[4 * piv + col])) {
          piv = r;
        }
      }
      if (Math.abs(m[4 * piv + col]) < 1e-300) {
        return false;
      }
      if (piv != col) {
        for (int k = 0; k < 4; k++) {
          double t = m[4 * col + k];
          m[4 * col + k] = m[4 * piv + k];
          m[4 * piv + k] = t;
        }
        double t = b[col];
        b[col] = b[piv];
        b[piv] = t;
      }
      for (int r = col + 1; r < 4; r++) {
        double f = m[4 * r + col] / m[4 * col + col];
        for (int k = col; k < 4; k++) {
          m[4 * r + k] -= f * m[4 * col + k];
        }
        b[r] -= f * b[col];
      }
    }
    for (int r = 3; r >= 0; r--) {
      double s = b[r];
      for (int k = r + 1; k < 4; k++) {
        s -= m[4 * r + k] * b[k];
      }
      b[r] = s / m[4 * r + r];
    }
    return true;
  }
}
