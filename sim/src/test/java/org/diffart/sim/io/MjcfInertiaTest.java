package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.Arrays;
import java.util.stream.Stream;
import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Mass and inertia from geoms as MuJoCo 2.2.2 computes them (density 1000 unless given; {@code
 * mass} overrides density; solid shapes, the capsule as a cylinder plus two hemispheres). Expected
 * values are MuJoCo's for {@code mjcf/inertia.xml} (10 significant digits), and MuJoCo's mass
 * matrices for {@code inertia_geoms.xml}.
 */
class MjcfInertiaTest {
  private static final Model M = TestModels.load("mjcf/inertia.xml");

  static Stream<Arguments> singleGeomBodies() {
    return Stream.of(
        Arguments.of(
            "sphere", 4.18879020479, new double[] {0.01675516082, 0.01675516082, 0.01675516082}),
        Arguments.of("box", 48, new double[] {2.08, 1.6, 0.8}),
        Arguments.of(
            "cylinder", 18.8495559215, new double[] {0.6126105675, 0.6126105675, 0.09424777961}),
        Arguments.of(
            "ellipsoid", 25.1327412287, new double[] {0.6534512719, 0.5026548246, 0.2513274123}),
        Arguments.of(
            "capsule", 23.0383461263, new double[] {1.100604626, 1.100604626, 0.1110029404}),
        // mass overrides density (mass 2 with density 3 given)
        Arguments.of(
            "capsule_mass", 2, new double[] {0.09554545455, 0.09554545455, 0.009636363636}),
        Arguments.of(
            "capsule_density",
            11.5191730632,
            new double[] {0.5503023132, 0.5503023132, 0.05550147021}),
        // a geom with mass 0 contributes nothing
        Arguments.of("massless_geom", 48, new double[] {2.08, 1.6, 0.8}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("singleGeomBodies")
  void geomAtTheOriginGivesMujocosMassAndInertia(String body, double mass, double[] diag) {
    int i = M.bodyId(body);
    assertEquals(mass, M.bodyMass(i), 1e-10 * mass, body + " mass");
    TestModels.assertClose(
        new double[] {diag[0], 0, 0, 0, diag[1], 0, 0, 0, diag[2]},
        TestModels.inertiaTensor(M, i),
        1e-9 * diag[0],
        body + " inertia");
  }

  @Test
  void handComputedSphereAndBox() {
    double m = 1000 * 4.0 / 3 * Math.PI * 1e-3;
    assertEquals(m, M.bodyMass(M.bodyId("sphere")), 1e-12);
    assertEquals(0.4 * m * 0.01, TestModels.inertiaTensor(M, M.bodyId("sphere"))[0], 1e-15);
    // box half-sizes a, b, c: I_x = m (b² + c²) / 3
    assertEquals(48 * (0.04 + 0.09) / 3, TestModels.inertiaTensor(M, M.bodyId("box"))[0], 1e-13);
  }

  @Test
  void capsuleFromtoIsTheSameCapsuleAlongTheSegment() {
    int i = M.bodyId("capsule_fromto");
    assertEquals(23.0383461263, M.bodyMass(i), 1e-9);
    TestModels.assertClose(
        new double[] {0, 0.3, 0},
        new double[] {M.bodyIpos(i, 0), M.bodyIpos(i, 1), M.bodyIpos(i, 2)},
        1e-15,
        "com at the midpoint");
    // the capsule's axis is y: its axial moment appears in I_yy
    TestModels.assertClose(
        new double[] {1.100604626, 0, 0, 0, 0.1110029404, 0, 0, 0, 1.100604626},
        TestModels.inertiaTensor(M, i),
        1e-9,
        "capsule along y");
  }

  @Test
  void severalGeomsCombineByTheParallelAxisTheorem() {
    int i = M.bodyId("composite");
    assertEquals(6.18879020479, M.bodyMass(i), 1e-10);
    TestModels.assertClose(
        new double[] {0.06463298751, 0.03231649375, 0.01615824688},
        new double[] {M.bodyIpos(i, 0), M.bodyIpos(i, 1), M.bodyIpos(i, 2)},
        1e-10,
        "composite com");
    double[] principal = {M.bodyInertia(i, 0), M.bodyInertia(i, 1), M.bodyInertia(i, 2)};
    Arrays.sort(principal);
    TestModels.assertClose(
        new double[] {0.02044176955, 0.09580290031, 0.09615617571},
        principal,
        1e-10,
        "composite principal moments");
  }

  @Test
  void explicitInertialWinsOverGeomsAndFullInertiaIsDiagonalised() {
    int explicit = M.bodyId("explicit");
    assertEquals(1, M.bodyMass(explicit));
    assertEquals(0.5, M.bodyIpos(explicit, 2));
    TestModels.assertClose(
        new double[] {0.1, 0, 0, 0, 0.2, 0, 0, 0, 0.3},
        TestModels.inertiaTensor(M, explicit),
        1e-15,
        "diaginertia turned 180° about x");
    int full = M.bodyId("full");
    TestModels.assertClose(
        new double[] {0.251925824, 0.198074176, 0.1},
        new double[] {M.bodyInertia(full, 0), M.bodyInertia(full, 1), M.bodyInertia(full, 2)},
        1e-9,
        "fullinertia eigenvalues, descending");
    TestModels.assertClose(
        new double[] {0.1, 0, 0, 0, 0.2, 0.01, 0, 0.01, 0.25},
        TestModels.inertiaTensor(M, full),
        1e-15,
        "fullinertia tensor");
  }

  @Test
  void inertiafromgeomTrueOverridesInertialOnlyInBodiesWithGeoms() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <compiler inertiafromgeom="true"/>
          <worldbody>
            <body name="with_geom"><freejoint/>
              <inertial pos="0 0 0.5" mass="1" diaginertia="0.1 0.1 0.1"/><geom size="1"/></body>
            <body name="without"><freejoint/><inertial pos="0 0 0.5" mass="1" diaginertia="0.1 0.2 0.3"/></body>
          </worldbody>
        </mujoco>""",
            "ifg.xml");
    assertEquals(4188.79020479, m.bodyMass(m.bodyId("with_geom")), 1e-8);
    assertEquals(1, m.bodyMass(m.bodyId("without")));
  }

  /**
   * Reference models with inertia from geoms (every type, mass, density, fromto, composites),
   * default classes and orientations, and the tolerance of MuJoCo's own inertias: its iterative 3x3
   * eigen-solver leaves about 1e-8 relative error on the composite body of {@code inertia_geoms}
   * and 1e-11 on the {@code fullinertia} of {@code free_body}; ours are exact.
   */
  static Stream<Arguments> referenceModels() {
    return Stream.of(
        Arguments.of("inertia_geoms", 1e-7),
        Arguments.of("free_body", 1e-9),
        Arguments.of("defaults_childclass", 1e-12),
        Arguments.of("orientations", 1e-12),
        Arguments.of("ant", 1e-12),
        Arguments.of("humanoid", 1e-12));
  }

  /**
   * The joint-space inertia matrix from our compiled inertias (not MuJoCo's) equals MuJoCo's {@code
   * mj_fullM}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("referenceModels")
  void massMatrixFromOurInertiasMatchesMujoco(String name, double relTol) {
    JsonObject ref = ReferenceFiles.json(name);
    Model m = ModelLoader.load(ReferenceFiles.modelOf(name));
    Data d = new Data(m);
    JsonArray cases = ref.getAsJsonArray("cases");
    for (int c = 0; c < cases.size(); c++) {
      JsonObject k = cases.get(c).getAsJsonObject();
      System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
      Kinematics.forward(m, d);
      Crba.massMatrix(m, d);
      double[] expected = new double[m.nv() * m.nv()];
      JsonArray rows = k.getAsJsonArray("M");
      for (int r = 0; r < m.nv(); r++) {
        System.arraycopy(ReferenceFiles.doubles(rows.get(r)), 0, expected, r * m.nv(), m.nv());
      }
      double scale = Arrays.stream(expected).map(Math::abs).max().orElse(1);
      TestModels.assertClose(expected, d.qM, relTol * scale, name + " case " + c + " M");
    }
  }
}
