package org.diffart.sim.compiler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The convex hull of a mesh's vertices as triangles, for a mesh given without faces: MuJoCo's
 * compiler then takes the faces of the hull (qhull, triangulated), and so does diffart's, for the
 * mesh's volume, centre and inertia. Its collisions need no faces: the support point over all
 * vertices is the hull's.
 *
 * <p>Incremental construction: a first tetrahedron of extreme vertices, then each other vertex in
 * turn replaces the faces it sees (those it lies strictly above) by the fan from their horizon to
 * it. A vertex within a relative tolerance of a face's plane does not see it, so vertices on the
 * hull's faces or edges do not become corners; the triangulation of a flat facet may differ from
 * qhull's, which changes no integral over the solid.
 */
final class ConvexHull {
  private ConvexHull() {}

  /**
   * Plane tolerance relative to the vertices' extent: a point closer to a face's plane than this is
   * on it.
   */
  private static final double TOLERANCE = 1e-10;

  /**
   * The hull's triangles over the vertices {@code v} (x, y, z each), counter-clockwise seen from
   * outside, as indices into them.
   *
   * @throws IllegalArgumentException when the vertices span no volume (fewer than four, or all in a
   *     plane)
   */
  static int[] faces(float[] v) {
    int n = v.length / 3;
    if (n < 4) {
      throw new IllegalArgumentException("a convex hull needs at least 4 vertices, got " + n);
    }
    double extent = 0;
    for (int i = 0; i < v.length; i++) {
      extent = Math.max(extent, Math.abs(v[i] - v[i % 3]));
    }
    double eps = TOLERANCE * Math.max(extent, Double.MIN_NORMAL);
    int[] t = tetrahedron(v, n, eps);
    List<int[]> faces = new ArrayList<>();
    // orient the first tetrahedron outward: the fourth vertex lies below every face
    int a = t[0], b = t[1], c = t[2], d = t[3];
    if (distance(v, a, b, c, d) > 0) {
      int s = b;
      b = c;
      c = s;
    }
    faces.add(new int[] {a, b, c});
    faces.add(new int[] {a, d, b});
    faces.add(new int[] {b, d, c});
    faces.add(new int[] {c, d, a});
    for (int p = 0; p < n; p++) {
      if (p == t[0] || p == t[1] || p == t[2] || p == t[3]) {
        continue;
      }
      add(v, p, faces, eps);
    }
    int[] out = new int[3 * faces.size()];
    for (int f = 0; f < faces.size(); f++) {
      System.arraycopy(faces.get(f), 0, out, 3 * f, 3);
    }
    return out;
  }

  /** Adds vertex p: the faces it sees go, the fan from their horizon edges to p comes. */
  private static void add(float[] v, int p, List<int[]> faces, double eps) {
    List<int[]> kept = new ArrayList<>();
    // directed edges of the visible faces; an edge whose reverse is not among them lies on the
    // horizon
    Map<Long, int[]> visible = new HashMap<>();
    for (int[] f : faces) {
      if (distance(v, f[0], f[1], f[2], p) > eps) {
        for (int k = 0; k < 3; k++) {
          visible.put(key(f[k], f[(k + 1) % 3]), new int[] {f[k], f[(k + 1) % 3]});
        }
      } else {
        kept.add(f);
      }
    }
    if (visible.isEmpty()) {
      return;
    }
    for (int[] e : visible.values()) {
      if (!visible.containsKey(key(e[1], e[0]))) {
        kept.add(new int[] {e[0], e[1], p});
      }
    }
    faces.clear();
    faces.addAll(kept);
  }

  private static long key(int from, int to) {
    return ((long) from << 32) | (to & 0xffffffffL);
  }

  /**
   * Four vertices spanning a volume: the two farthest apart along a coordinate axis, the one
   * farthest from their line, the one farthest from the plane of the three.
   */
  private static int[] tetrahedron(float[] v, int n, double eps) {
    int a = 0, b = 0;
    double best = -1;
    for (int k = 0; k < 3; k++) {
      int lo = 0, hi = 0;
      for (int i = 1; i < n; i++) {
        lo = v[3 * i + k] < v[3 * lo + k] ? i : lo;
        hi = v[3 * i + k] > v[3 * hi + k] ? i : hi;
      }
      if (v[3 * hi + k] - v[3 * lo + k] > best) {
        best = v[3 * hi + k] - v[3 * lo + k];
        a = lo;
        b = hi;
      }
    }
    int c = -1;
    best = eps * eps;
    for (int i = 0; i < n; i++) {
      double[] u = cross(v, a, b, i);
      double len2 = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
      if (len2 > best) {
        best = len2;
        c = i;
      }
    }
    if (c < 0) {
      throw new IllegalArgumentException("the vertices lie on a line: they span no volume");
    }
    int d = -1;
    best = eps;
    for (int i = 0; i < n; i++) {
      double h = Math.abs(distance(v, a, b, c, i));
      if (h > best) {
        best = h;
        d = i;
      }
    }
    if (d < 0) {
      throw new IllegalArgumentException("the vertices lie in a plane: they span no volume");
    }
    return new int[] {a, b, c, d};
  }

  /** {@code (v_b − v_a) × (v_c − v_a)}. */
  private static double[] cross(float[] v, int a, int b, int c) {
    double ux = v[3 * b] - v[3 * a],
        uy = v[3 * b + 1] - v[3 * a + 1],
        uz = v[3 * b + 2] - v[3 * a + 2];
    double wx = v[3 * c] - v[3 * a],
        wy = v[3 * c + 1] - v[3 * a + 1],
        wz = v[3 * c + 2] - v[3 * a + 2];
    return new double[] {uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx};
  }

  /** The height of p above the plane of triangle (a, b, c), along its counter-clockwise normal. */
  private static double distance(float[] v, int a, int b, int c, int p) {
    double[] nrm = cross(v, a, b, c);
    double len = Math.sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
    if (len == 0) {
      return 0;
    }
    return (nrm[0] * (v[3 * p] - v[3 * a])
            + nrm[1] * (v[3 * p + 1] - v[3 * a + 1])
            + nrm[2] * (v[3 * p + 2] - v[3 * a + 2]))
        / len;
  }
}
