package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;
import org.junit.jupiter.api.function.Executable;

/**
 * The test model files under {@code src/test/resources/models} and assertions shared by the loader
 * tests.
 */
final class TestModels {
  private TestModels() {}

  /** The file of a test model, e.g. {@code "mjcf/defaults.xml"}. */
  static Path path(String relative) {
    URL url = TestModels.class.getClassLoader().getResource("models/" + relative);
    if (url == null) {
      throw new IllegalArgumentException("no test model " + relative);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Loads a test model through {@link ModelLoader}. */
  static Model load(String relative) {
    return ModelLoader.load(path(relative));
  }

  /** A quaternion equal to {@code expected} up to sign, within {@code tol} per component. */
  static void assertQuat(double[] expected, double[] actual, double tol, String what) {
    double dot = 0;
    for (int k = 0; k < 4; k++) {
      dot += expected[k] * actual[k];
    }
    double s = dot < 0 ? -1 : 1;
    for (int k = 0; k < 4; k++) {
      assertEquals(expected[k], s * actual[k], tol, what + " component " + k);
    }
  }

  /** The first geom of body b. */
  static int firstGeom(Model m, int b) {
    for (int g = 0; g < m.ngeom(); g++) {
      if (m.geomBody(g) == b) {
        return g;
      }
    }
    throw new AssertionError("body " + b + " has no geom");
  }

  /** Index of the geom named {@code name}. */
  static int geomId(Model m, String name) {
    for (int g = 0; g < m.ngeom(); g++) {
      if (m.geomName(g).equals(name)) {
        return g;
      }
    }
    throw new AssertionError("no geom " + name);
  }

  /** Body i's orientation in its parent frame. */
  static double[] bodyQuat(Model m, int i) {
    return new double[] {m.bodyQuat(i, 0), m.bodyQuat(i, 1), m.bodyQuat(i, 2), m.bodyQuat(i, 3)};
  }

  /** Geom g's orientation in its body frame. */
  static double[] geomQuat(Model m, int g) {
    return new double[] {m.geomQuat(g, 0), m.geomQuat(g, 1), m.geomQuat(g, 2), m.geomQuat(g, 3)};
  }

  /** The rotation (w, x, y, z) by {@code degrees} about a unit coordinate axis (0 x, 1 y, 2 z). */
  static double[] axisQuat(int axis, double degrees) {
    double[] q = new double[4];
    Quat.fromAxisAngle(
        q, 0, axis == 0 ? 1 : 0, axis == 1 ? 1 : 0, axis == 2 ? 1 : 0, Math.toRadians(degrees));
    return q;
  }

  /** The Hamilton product of the quaternions, left to right. */
  static double[] product(double[]... qs) {
    double[] r = {1, 0, 0, 0};
    for (double[] q : qs) {
      Quat.mul(r, 0, r, 0, q, 0);
    }
    return r;
  }

  /**
   * Body i's inertia tensor about its centre of mass in its frame, {@code R diag(I) Rᵀ}, row-major
   * (9).
   */
  static double[] inertiaTensor(Model m, int i) {
    double[] r = new double[9];
    double[] q = {m.bodyIquat(i, 0), m.bodyIquat(i, 1), m.bodyIquat(i, 2), m.bodyIquat(i, 3)};
    Quat.toMat(r, 0, q, 0);
    double[] t = new double[9];
    for (int a = 0; a < 3; a++) {
      for (int b = 0; b < 3; b++) {
        for (int k = 0; k < 3; k++) {
          t[3 * a + b] += r[3 * a + k] * m.bodyInertia(i, k) * r[3 * b + k];
        }
      }
    }
    return t;
  }

  /** Arrays equal component-wise within {@code tol}. */
  static void assertClose(double[] expected, double[] actual, double tol, String what) {
    assertEquals(expected.length, actual.length, what + ": length");
    for (int k = 0; k < expected.length; k++) {
      assertEquals(expected[k], actual[k], tol, what + " [" + k + "]");
    }
  }

  /**
   * The load fails with a {@link ModelFormatException} located at {@code file:line: element:} whose
   * message contains {@code fragment}; returns it for further checks.
   */
  static ModelFormatException assertFormatError(
      Executable load, String file, int line, String element, String fragment) {
    ModelFormatException e = assertThrows(ModelFormatException.class, load);
    assertTrue(e.file().endsWith(file), () -> "file of: " + e.getMessage());
    assertEquals(line, e.line(), () -> "line of: " + e.getMessage());
    assertEquals(element, e.element(), () -> "element of: " + e.getMessage());
    assertTrue(
        e.getMessage().startsWith(e.file() + ":" + line + ": " + element + ": "), e.getMessage());
    assertTrue(e.detail().contains(fragment), () -> "'" + fragment + "' not in: " + e.getMessage());
    return e;
  }
}
