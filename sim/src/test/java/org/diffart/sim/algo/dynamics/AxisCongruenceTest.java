package org.diffart.sim.algo.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.ArticulatedInertia;
import org.diffart.sim.spatial.Quat;
import org.diffart.sim.testing.RandomModels;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The axis-aligned congruences against the general one, which SpatialOpsTest checks against dense
 * products.
 */
class AxisCongruenceTest {
  private final Random rnd = new Random(11);

  private double[] vec(int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = rnd.nextGaussian();
    }
    return v;
  }

  /**
   * E = R_relᵀ for a rotation by angle about coordinate axis k, built as the kinematics builds it.
   */
  private static double[] rotationAbout(int k, double angle) {
    double[] q = {Math.cos(angle / 2), 0, 0, 0};
    q[1 + k] = Math.sin(angle / 2);
    Quat.conjugate(q, 0, q, 0);
    double[] e = new double[9];
    Quat.toMat(e, 0, q, 0);
    return e;
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void matchesGeneralCongruenceAboutEachAxis(int k) {
    for (int trial = 0; trial < 5; trial++) {
      double[] e = rotationAbout(k, 6 * rnd.nextDouble() - 3), r = vec(3), g = vec(36);
      double[] a = new double[36];
      for (int i = 0; i < 6; i++) {
        for (int j = i; j < 6; j++) {
          for (int l = 0; l < 6; l++) {
            a[6 * i + j] += g[6 * i + l] * g[6 * j + l];
          }
        }
      }
      double[] expected = vec(36);
      double[] actual = expected.clone();
      ArticulatedInertia.addCongruence(expected, 0, e, 0, r, 0, a, 0);
      assertTrue(AxisCongruence.add(k, actual, 0, e, 0, r, 0, a, 0), "axis " + k);
      for (int i = 0; i < 36; i++) {
        assertEquals(
            expected[i],
            actual[i],
            1e-12 * (1 + Math.abs(expected[i])),
            "axis " + k + ", entry " + i);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void halfTurnsMatchGeneralCongruence(int k) {
    // diag(±1) with E_kk = 1: a half turn about axis k, whose other diagonal entries are -1
    double[] e = {-1, 0, 0, 0, -1, 0, 0, 0, -1};
    e[4 * k] = 1;
    double[] r = vec(3), a = vec(36);
    double[] expected = vec(36);
    double[] actual = expected.clone();
    ArticulatedInertia.addCongruence(expected, 0, e, 0, r, 0, a, 0);
    assertTrue(AxisCongruence.add(k, actual, 0, e, 0, r, 0, a, 0));
    for (int i = 0; i < 36; i++) {
      assertEquals(expected[i], actual[i], 1e-12 * (1 + Math.abs(expected[i])), "entry " + i);
    }
  }

  @Test
  void declinesBodiesWithoutAnAxis() {
    double[] e = new double[9];
    Quat.toMat(e, 0, RandomModels.randomQuat(rnd), 0);
    double[] res = vec(36);
    double[] before = res.clone();
    assertFalse(AxisCongruence.add(-1, res, 0, e, 0, vec(3), 0, vec(36), 0));
    for (int i = 0; i < 36; i++) {
      assertEquals(before[i], res[i], 0, "entry " + i);
    }
  }

  @Test
  void theAxisIsAStructuralPropertyOfTheBody() {
    ModelBuilder b = new ModelBuilder("axes");
    BodySpec y = b.addBody(0, "y").pos(0, 0, 1);
    b.addJoint(y.id(), JointType.HINGE, "y").axis(0, 1, 0);
    BodySpec tilted = b.addBody(y.id(), "tilted").pos(0.1, 0, 0);
    b.addJoint(tilted.id(), JointType.HINGE, "tilted").axis(0, 1, 1);
    BodySpec turned = b.addBody(tilted.id(), "turned").quat(Math.cos(0.3), Math.sin(0.3), 0, 0);
    b.addJoint(turned.id(), JointType.HINGE, "turned").axis(0, 0, 1);
    BodySpec same = b.addBody(turned.id(), "same").quat(Math.cos(0.3), 0, 0, Math.sin(0.3));
    b.addJoint(same.id(), JointType.HINGE, "same").axis(0, 0, -1);
    BodySpec welded = b.addBody(same.id(), "welded").pos(0.2, 0, 0);
    for (BodySpec body : new BodySpec[] {y, tilted, turned, same, welded}) {
      b.addGeom(body.id(), GeomType.SPHERE, body.name() + "-g")
          .size(0.05)
          .contype(0)
          .conaffinity(0);
    }
    Model m = b.build();
    assertEquals(1, m.bodyRotationAxis(1), "hinge along y");
    assertEquals(-1, m.bodyRotationAxis(2), "hinge along (0, 1, 1)");
    assertEquals(-1, m.bodyRotationAxis(3), "offset about x, hinge about z");
    assertEquals(2, m.bodyRotationAxis(4), "offset and hinge about z");
    assertEquals(0, m.bodyRotationAxis(5), "welded without rotation");
  }

  /**
   * The generated code is the generator's output: AxisCongruence.java whole, SpatialOps' dense body
   * between markers.
   */
  @Test
  void theGeneratedCodeIsCurrent() throws Exception {
    Path root = ReferenceFiles.repoRoot();
    assertEquals(
        generate(root, "axis"),
        Files.readString(
            root.resolve("sim/src/main/java/org/diffart/sim/algo/dynamics/AxisCongruence.java")),
        "AxisCongruence.java is stale: run "
            + "python3 sim/tools/gen_congruence.py axis > sim/src/main/java/org/diffart/sim/algo/dynamics/AxisCongruence.java");
    String ops =
        Files.readString(
            root.resolve("sim/src/main/java/org/diffart/sim/spatial/ArticulatedInertia.java"));
    String begin = "// GENERATED by sim/tools/gen_congruence.py dense",
        end = "    // END GENERATED";
    int b = ops.indexOf('\n', ops.indexOf(begin)) + 1, e = ops.indexOf(end, b);
    assertTrue(
        ops.indexOf(begin) >= 0 && e > b,
        "ArticulatedInertia.addCongruence lost its GENERATED markers");
    assertEquals(
        generate(root, "dense"),
        ops.substring(b, e),
        "ArticulatedInertia.addCongruence's body is stale: paste "
            + "python3 sim/tools/gen_congruence.py dense between its markers");
  }

  private static String generate(Path root, String what) throws IOException, InterruptedException {
    Process p;
    try {
      p =
          new ProcessBuilder(
                  "python3", root.resolve("sim/tools/gen_congruence.py").toString(), what)
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      throw new IOException(
          "python3 runs the generator of AxisCongruence; install it (apt-get install python3)", e);
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    return out;
  }
}
