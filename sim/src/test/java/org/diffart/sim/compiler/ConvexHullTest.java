package org.diffart.sim.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ConvexHull} against what a hull must be: a closed, consistently outward surface (every
 * edge in two faces, once each way; Euler's V − E + F = 2) with every vertex on or below every
 * face, and the volume of known solids.
 */
class ConvexHullTest {
  /** The hull's volume by the divergence theorem: Σ over faces of a · (b × c) / 6. */
  private static double volume(float[] v, int[] f) {
    double vol = 0;
    for (int t = 0; t < f.length; t += 3) {
      int a = 3 * f[t], b = 3 * f[t + 1], c = 3 * f[t + 2];
      double ax = v[a], ay = v[a + 1], az = v[a + 2], bx = v[b], by = v[b + 1], bz = v[b + 2];
      double cx = v[c], cy = v[c + 1], cz = v[c + 2];
      vol += (ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx)) / 6;
    }
    return vol;
  }

  /** Closed and outward, every vertex inside; returns the number of hull vertices. */
  private static int assertHull(float[] v, int[] f) {
    Map<Long, Integer> edges = new HashMap<>();
    Set<Integer> corners = new HashSet<>();
    for (int t = 0; t < f.length; t += 3) {
      for (int k = 0; k < 3; k++) {
        corners.add(f[t + k]);
        edges.merge(((long) f[t + k] << 32) | f[t + (k + 1) % 3], 1, Integer::sum);
      }
    }
    for (Map.Entry<Long, Integer> e : edges.entrySet()) {
      long from = e.getKey() >>> 32, to = e.getKey() & 0xffffffffL;
      assertEquals(1, e.getValue(), "edge " + from + "-" + to + " once");
      assertTrue(
          edges.containsKey((to << 32) | from), "edge " + from + "-" + to + " also the other way");
    }
    int nf = f.length / 3;
    assertEquals(2, corners.size() - edges.size() / 2 + nf, "Euler's formula");
    for (int t = 0; t < f.length; t += 3) {
      int a = 3 * f[t], b = 3 * f[t + 1], c = 3 * f[t + 2];
      double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
      double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
      double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
      double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      for (int p = 0; p < v.length / 3; p++) {
        double h =
            (nx * (v[3 * p] - v[a])
                    + ny * (v[3 * p + 1] - v[a + 1])
                    + nz * (v[3 * p + 2] - v[a + 2]))
                / len;
        assertTrue(h < 1e-6, "vertex " + p + " lies " + h + " above face " + t / 3);
      }
    }
    assertTrue(volume(v, f) > 0, "outward");
    return corners.size();
  }

  @Test
  void aCubeWithPointsInsideAndOnItsFacesIsItsEightCorners() {
    Random rnd = new Random(3);
    float[] v = new float[3 * 40];
    for (int i = 0; i < 40; i++) {
      for (int k = 0; k < 3; k++) {
        // corners first (bit k of i), then points inside, then points on a face
        v[3 * i + k] = i < 8 ? ((i >> k & 1) == 1 ? 1 : -1) : (float) (rnd.nextDouble() * 2 - 1);
      }
      if (i >= 30) {
        v[3 * i + i % 3] = i % 2 == 0 ? 1 : -1;
      }
    }
    int[] f = ConvexHull.faces(v);
    assertEquals(8, assertHull(v, f), "only the corners");
    assertEquals(12, f.length / 3, "two triangles a side");
    assertEquals(8, volume(v, f), 1e-12);
  }

  @Test
  void pointsOnASphereGiveAClosedHullOfNearlyItsVolume() {
    Random rnd = new Random(7);
    int n = 300;
    float[] v = new float[3 * n];
    for (int i = 0; i < n; i++) {
      double x = rnd.nextGaussian(),
          y = rnd.nextGaussian(),
          z = rnd.nextGaussian(),
          r = Math.sqrt(x * x + y * y + z * z);
      v[3 * i] = (float) (0.5 + x / r);
      v[3 * i + 1] = (float) (-2 + y / r);
      v[3 * i + 2] = (float) (z / r);
    }
    int[] f = ConvexHull.faces(v);
    assertEquals(n, assertHull(v, f), "every point on the sphere is a corner");
    double vol = volume(v, f), ball = 4 * Math.PI / 3;
    assertTrue(vol < ball && vol > 0.95 * ball, "volume " + vol + " of the ball's " + ball);
  }

  @Test
  void verticesThatSpanNoVolumeHaveNoHull() {
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> ConvexHull.faces(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0}))
            .getMessage()
            .contains("at least 4 vertices"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> ConvexHull.faces(new float[] {0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0}))
            .getMessage()
            .contains("on a line"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    ConvexHull.faces(
                        new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0.5f, 0.5f, 0}))
            .getMessage()
            .contains("in a plane"));
  }
}
