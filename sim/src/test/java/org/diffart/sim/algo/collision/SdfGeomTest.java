package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * SDF geoms in the engine: read from MJCF, their mass and inertia from their shape, contacts with a
 * plane through their mesh, and rollout gradients with respect to their shape parameters against
 * central differences of models compiled at θ ± ε.
 */
class SdfGeomTest {
  /** A superellipsoid pebble (or a ball) on a plane, its solver given. */
  static Model scene(String shape, String solver, double z, double mu) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <option timestep="0.01"/>
          <custom><text name="diffart:solver" data="%s"/></custom>
          <extension>
            %s
          </extension>
          <worldbody>
            <geom name="floor" type="plane" size="5 5 0.1" friction="0.1"/>
            <body name="thing" pos="0 0 %s">
              <freejoint/>
              <geom name="thing" type="sdf" density="1000" friction="%s">
                <plugin instance="thing"/>
              </geom>
            </body>
          </worldbody>
        </mujoco>
        """
            .formatted(solver, shape, z, mu),
        "sdf.xml");
  }

  static String ball(double r) {
    return ("<plugin plugin=\"diffart.sdf.sphere\"><instance name=\"thing\">"
            + "<config key=\"radius\" value=\"%s\"/><config key=\"cells\" value=\"16\"/>"
            + "</instance></plugin>")
        .formatted(r);
  }

  static String pebble(double a) {
    return ("<plugin plugin=\"diffart.sdf.superellipsoid\"><instance name=\"thing\">"
            + "<config key=\"size\" value=\"%s 0.08 0.06\"/>"
            + "<config key=\"exponents\" value=\"0.7 1.2\"/><config key=\"cells\" value=\"12\"/>"
            + "</instance></plugin>")
        .formatted(a);
  }

  @Test
  void aBallsMassAndInertiaComeFromItsShape() {
    Model m = scene(ball(0.1), "pgs", 0.1, 0.5);
    int g = 1;
    assertEquals(GeomType.SDF, m.geomType(g));
    assertEquals(1, m.nshape());
    assertEquals(0.1, m.shapeParam(0));
    double mass = 1000 * 4.0 / 3 * Math.PI * 1e-3;
    assertEquals(mass, m.bodyInert(1, 0), 0.02 * mass, "mass of the mesh at 16 cells");
    double i = 0.4 * mass * 0.01;
    assertEquals(i, m.bodyInert(1, 4), 0.04 * i);
    assertTrue(m.geomMesh(g) >= 0 && m.meshVertNum(m.geomMesh(g)) > 100);
  }

  @Test
  void aDroppedBallComesToRestOnThePlane() {
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      Model m = scene(ball(0.1), solver, 0.3, 0.5);
      Data d = new Data(m);
      for (int t = 0; t < 200; t++) {
        Step.step(m, d);
      }
      // resting on its lowest vertex: within the mesh's error of r (about h²/r) and erp's sag
      assertEquals(0.1, d.qpos[2], 3e-3, solver);
      assertEquals(0, d.qvel[2], 1e-3, solver);
    }
  }

  @Test
  void unknownShapesAndMissingInstancesAreNamed() {
    ModelFormatException e =
        assertThrows(
            ModelFormatException.class,
            () ->
                scene(
                    "<plugin plugin=\"diffart.sdf.klein\"><instance name=\"thing\"/></plugin>",
                    "pgs",
                    0.1,
                    0.5));
    assertTrue(e.getMessage().contains("sdf.xml:5"), e.getMessage());
    assertTrue(
        e.getMessage().contains("sphere, box, capsule, superellipsoid, torus, mesh or neural"),
        e.getMessage());
    // a missing key and a torus whose tube is wider than its ring, each named with its line
    for (String config :
        new String[] {
          "<config key=\"radius1\" value=\"0.1\"/>",
          "<config key=\"radius1\" value=\"0.1\"/><config key=\"radius2\" value=\"0.2\"/>"
        }) {
      ModelFormatException t =
          assertThrows(
              ModelFormatException.class,
              () ->
                  scene(
                      "<plugin plugin=\"diffart.sdf.torus\"><instance name=\"thing\">"
                          + config
                          + "</instance></plugin>",
                      "pgs",
                      0.1,
                      0.5));
      assertTrue(t.getMessage().contains("sdf.xml:5"), t.getMessage());
      assertTrue(
          t.getMessage().contains("radius2") || t.getMessage().contains("0 < tube < ring"),
          t.getMessage());
    }
  }

  /**
   * A pebble sliding and tumbling on the floor for 15 steps: the adjoint's gradient with respect to
   * its first semi-axis against central differences of the loss of models compiled at a ± ε (the
   * mesh moves with a exactly as the marching moves it).
   */
  @Test
  void shapeGradientsMatchCentralDifferencesOfRecompiledModels() {
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      double a = 0.1, eps = 1e-6;
      double adjoint = gradient(scene(pebble(a), solver, 0.058, 0.4)).shape()[0];
      double fd =
          (loss(scene(pebble(a + eps), solver, 0.058, 0.4))
                  - loss(scene(pebble(a - eps), solver, 0.058, 0.4)))
              / (2 * eps);
      assertTrue(Math.abs(adjoint) > 1e-3, solver + ": non-trivial " + adjoint);
      assertEquals(fd, adjoint, 1e-5 * Math.abs(fd), solver);
    }
  }

  static RolloutProblem problem(Model m) {
    Data d = new Data(m);
    d.qvel[0] = 1.5;
    d.qvel[1] = 0.4;
    d.qvel[5] = 3;
    return new RolloutProblem(m, d, new double[0], 15, Loss.finalConfiguration());
  }

  static GradientResult gradient(Model m) {
    return AdjointGradient.compute(problem(m), new Checkpointing.Every(5));
  }

  static double loss(Model m) {
    return FiniteDifferenceGradient.compute(
            problem(m), EnumSet.noneOf(Wrt.class), FiniteDifferenceGradient.Settings.defaults())
        .loss();
  }

  @Test
  void theOtherGradientsOfAnSdfSceneMatchCentralDifferences() {
    RolloutProblem p = problem(scene(pebble(0.1), "lcp-pdipm", 0.058, 0.4));
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(5));
    EnumSet<Wrt> wrt = EnumSet.of(Wrt.QPOS0, Wrt.QVEL0, Wrt.FRICTION);
    GradientResult fd =
        FiniteDifferenceGradient.compute(p, wrt, new FiniteDifferenceGradient.Settings(1e-6, true));
    for (Wrt w : wrt) {
      double err = TapeCheck.relativeError(adjoint.grad(w), fd.grad(w));
      assertTrue(err < 1e-5, w + ": " + err);
    }
    assertThrows(
        IllegalArgumentException.class,
        () ->
            FiniteDifferenceGradient.compute(
                p, EnumSet.of(Wrt.SHAPE), FiniteDifferenceGradient.Settings.defaults()));
  }

  @Test
  void theModelsShapeDerivativesMatchItsRecompiledValues() {
    double a = 0.1, eps = 1e-6;
    Model m = scene(pebble(a), "pgs", 0.058, 0.4);
    Model p = scene(pebble(a + eps), "pgs", 0.058, 0.4),
        q = scene(pebble(a - eps), "pgs", 0.058, 0.4);
    for (int k = 0; k < 10; k++) {
      double fd = (p.bodyInert(1, k) - q.bodyInert(1, k)) / (2 * eps);
      assertEquals(fd, m.shapeBodyInert(0, k), 1e-5 * (1 + Math.abs(fd)), "inert " + k);
    }
    int mesh = m.geomMesh(1), np = m.geomShapeNum(1);
    assertEquals(m.meshVertNum(mesh), p.meshVertNum(mesh));
    for (int v = 0; v < m.meshVertNum(mesh); v++) {
      for (int j = 0; j < 3; j++) {
        double fd = (p.meshVert(mesh, v, j) - q.meshVert(mesh, v, j)) / (2 * eps);
        assertEquals(fd, m.meshVertShape(mesh, v, j, 0, np), 1e-6, "vertex " + v + " " + j);
      }
    }
  }

  /** A cube given as a mesh asset, made an SDF geom at scale s. */
  static Model meshCube(double scale) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <asset>
            <mesh name="cube" vertex="-.1 -.1 -.1  .1 -.1 -.1  -.1 .1 -.1  .1 .1 -.1
                                      -.1 -.1 .1  .1 -.1 .1  -.1 .1 .1  .1 .1 .1"/>
          </asset>
          <extension>
            <plugin plugin="diffart.sdf.mesh">
              <instance name="cube">
                <config key="mesh" value="cube"/>
                <config key="samples" value="24"/>
                <config key="scale" value="%s"/>
                <config key="cells" value="12"/>
              </instance>
            </plugin>
          </extension>
          <worldbody>
            <geom type="plane" size="5 5 0.1"/>
            <body pos="0 0 0.3">
              <freejoint/>
              <geom type="sdf" density="1000"><plugin instance="cube"/></geom>
            </body>
          </worldbody>
        </mujoco>
        """
            .formatted(scale),
        "cube.xml");
  }

  @Test
  void aMeshAssetBecomesAShapeWithADifferentiableScale() {
    double s = 1.2, eps = 1e-6;
    Model m = meshCube(s);
    double mass = 1000 * Math.pow(0.2 * s, 3);
    // the interpolated distance rounds the cube's edges and corners by about a sample
    assertEquals(mass, m.bodyInert(1, 0), 0.05 * mass, "the scaled cube's mass");
    assertEquals(3 * mass / s, m.shapeBodyInert(0, 0), 0.05 * 3 * mass / s, "dm/ds ≈ 3 m / s");
    Model p = meshCube(s + eps), q = meshCube(s - eps);
    for (int k = 0; k < 10; k++) {
      double fd = (p.bodyInert(1, k) - q.bodyInert(1, k)) / (2 * eps);
      assertEquals(fd, m.shapeBodyInert(0, k), 1e-5 * (1 + Math.abs(fd)), "inert " + k);
    }
    Data d = new Data(m);
    for (int t = 0; t < 1000; t++) {
      Step.step(m, d);
    }
    // it lands on an edge, tips over and rests on a face (the stored mesh's axes are its principal
    // ones, arbitrary for a cube, so the face is turned in the body's frame)
    assertEquals(0.1 * s, d.qpos[2], 1e-3, "rests on a face");
    assertEquals(0, d.qvel[2], 1e-3);
  }

  /**
   * Every gradient of a scene with both kinds of SDF contact (a pebble on a plane through its
   * vertices, an SDF ball on a box by MPR against its hull) equals the tape's, the shapes' aside
   * (the tape does not see them): the contacts' adjoints through positions, orientations, friction
   * and masses are exact.
   */
  @Test
  void adjointEqualsTheTapeWithBothKindsOfSdfContact() {
    Model m =
        ModelLoader.loadMjcfString(
            """
            <mujoco>
              <option timestep="0.005"/>
              <extension>
                <plugin plugin="diffart.sdf.superellipsoid">
                  <instance name="pebble">
                    <config key="size" value="0.1 0.08 0.06"/>
                    <config key="exponents" value="0.7 1.2"/>
                    <config key="cells" value="12"/>
                  </instance>
                </plugin>
                <plugin plugin="diffart.sdf.sphere">
                  <instance name="ball">
                    <config key="radius" value="0.05"/><config key="cells" value="12"/>
                  </instance>
                </plugin>
              </extension>
              <worldbody>
                <geom type="plane" size="5 5 0.1" friction="0.1"/>
                <geom type="box" size="0.2 0.2 0.05" pos="1 0 0.05"/>
                <body pos="0 0 0.058">
                  <freejoint/>
                  <geom type="sdf" density="1000" friction="0.4"><plugin instance="pebble"/></geom>
                </body>
                <body pos="1.02 0 0.16">
                  <freejoint/>
                  <geom type="sdf" density="500"><plugin instance="ball"/></geom>
                </body>
              </worldbody>
            </mujoco>
            """,
            "both.xml");
    Data d = new Data(m);
    d.qvel[0] = 1.5;
    d.qvel[5] = 3;
    d.qvel[6] = 0.3;
    RolloutProblem p = new RolloutProblem(m, d, new double[0], 60, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(10));
    GradientResult tape = org.diffart.sim.diff.TapeGradient.compute(p, 1L << 31);
    int boxSdf = 0;
    for (Wrt w : Wrt.values()) {
      if (tape.grad(w).length == 0) {
        continue;
      }
      double err = TapeCheck.relativeError(adjoint.grad(w), tape.grad(w));
      assertTrue(err < 1e-9, w + ": adjoint vs tape " + err);
    }
    for (int t = 0; t < 60; t++) {
      org.diffart.sim.algo.Step.step(m, d);
      for (int c = 0; c < d.ncon; c++) {
        boxSdf += m.geomType(d.conGeom[2 * c]) == GeomType.BOX ? 1 : 0;
      }
    }
    assertTrue(boxSdf > 0, "the ball met the box");
  }
}
