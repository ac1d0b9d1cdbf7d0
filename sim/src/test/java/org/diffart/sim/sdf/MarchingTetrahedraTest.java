package org.diffart.sim.sdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Meshes of SDFs are closed, outward, on the surface, and converge to the true volume. */
class MarchingTetrahedraTest {
  /** Each directed edge appears once and its reverse once: closed, consistently oriented. */
  static void assertClosedAndOriented(TriangleMesh mesh) {
    Map<Long, Integer> directed = new HashMap<>();
    int[] t = mesh.triangles();
    for (int f = 0; f < mesh.ntriangle(); f++) {
      for (int e = 0; e < 3; e++) {
        long a = t[3 * f + e], b = t[3 * f + (e + 1) % 3];
        directed.merge(a << 32 | b, 1, Integer::sum);
      }
    }
    for (var e : directed.entrySet()) {
      long a = e.getKey() >>> 32, b = e.getKey() & 0xffffffffL;
      assertEquals(1, e.getValue(), "edge " + a + "-" + b + " used twice the same way");
      assertEquals(1, directed.getOrDefault(b << 32 | a, 0), "edge " + a + "-" + b + " open");
    }
  }

  @Test
  void aSphereMeshIsClosedOutwardAndOnTheSurface() {
    Sdf sphere = new SphereSdf(0.7);
    TriangleMesh mesh = MarchingTetrahedra.extract(sphere, 24);
    assertTrue(mesh.ntriangle() > 1000);
    assertClosedAndOriented(mesh);
    double h = 1.4 / 24;
    for (int v = 0; v < mesh.nvertex(); v++) {
      // linear interpolation of a smooth φ along an edge of length ≤ h√3 is off by O(h²/r)
      assertEquals(0, sphere.value(mesh.vertices(), 3 * v), 3 * h * h / 0.7);
    }
    double volume = ShapeInertia.of(mesh, 1).mass();
    assertEquals(4.0 / 3 * Math.PI * Math.pow(0.7, 3), volume, 0.01 * volume);
  }

  @Test
  void volumesConvergeWithTheGrid() {
    Sdf s = new SuperellipsoidSdf(0.5, 0.7, 0.4, 1, 1); // an ellipsoid: V = 4/3 π a b c
    double exact = 4.0 / 3 * Math.PI * 0.5 * 0.7 * 0.4, last = Double.POSITIVE_INFINITY;
    for (int cells : new int[] {8, 16, 32, 64}) {
      TriangleMesh mesh = MarchingTetrahedra.extract(s, cells);
      assertClosedAndOriented(mesh);
      double err = Math.abs(ShapeInertia.of(mesh, 1).mass() - exact) / exact;
      assertTrue(err < 0.6 * last, cells + " cells: error " + err + " after " + last);
      last = err;
    }
    assertTrue(last < 2e-3, "error at 64 cells " + last);
  }

  @Test
  void boxesCapsulesAndSuperellipsoidsMeshClosed() {
    for (Sdf s :
        new Sdf[] {
          new BoxSdf(0.3, 0.5, 0.8),
          new CapsuleSdf(0.25, 0.6),
          new SuperellipsoidSdf(0.5, 0.7, 0.4, 0.3, 0.5)
        }) {
      TriangleMesh mesh = MarchingTetrahedra.extract(s, 20);
      assertClosedAndOriented(mesh);
      assertTrue(ShapeInertia.of(mesh, 1).mass() > 0, s + ": outward");
    }
  }
}
