package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * Contacts by signed distance (DiffSDFSim's, {@code diffart:sdfsurface}): the least point of φ on a
 * plane and of one SDF on another's surface, against exact spheres, and the collision's and the
 * rollouts' gradients against central differences — in the pose, the velocity and the shape (models
 * compiled at θ ± ε), for analytic and neural shapes.
 */
class SdfSurfaceTest {
  /**
   * Geom "thing" of the given SDF plugin instance on a plane tilted by {@code tilt} rad about x.
   */
  static Model scene(String shape, String solver, double z, double tilt) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <option timestep="0.01"/>
          <custom>
            <text name="diffart:solver" data="%s"/>
            <numeric name="diffart:sdfsurface" data="1"/>
          </custom>
          <extension>
            %s
          </extension>
          <worldbody>
            <geom name="floor" type="plane" size="5 5 0.1" friction="0.4" euler="%s 0 0"/>
            <body name="thing" pos="0 0 %s">
              <freejoint/>
              <geom name="thing" type="sdf" density="1000" friction="0.4">
                <plugin instance="thing"/>
              </geom>
            </body>
          </worldbody>
        </mujoco>
        """
            .formatted(solver, shape, tilt, z),
        "surface.xml");
  }

  static String neural(double z1, double z2) {
    return ("<plugin plugin=\"diffart.sdf.neural\"><instance name=\"thing\">"
            + "<config key=\"file\" value=\"builtin:superellipsoids\"/>"
            + "<config key=\"code\" value=\"%s %s\"/><config key=\"cells\" value=\"12\"/>"
            + "</instance></plugin>")
        .formatted(z1, z2);
  }

  @Test
  void aBallMeetsATiltedPlaneAsTheExactSphere() {
    Model m = scene(SdfGeomTest.ball(0.1), "pgs", 0.05, 17);
    Data d = new Data(m);
    d.qpos[1] = 0.1;
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    Collision.detect(m, d);
    assertEquals(1, d.ncon);
    // the centre (0, 0.1, 0.05) above the plane through the origin with normal (0, −sin, cos)
    double nY = -Math.sin(Math.toRadians(17)),
        nZ = Math.cos(Math.toRadians(17)),
        height = 0.1 * nY + 0.05 * nZ;
    assertEquals(height - 0.1, d.conDist[0], 1e-12);
    double mid = 0.1 + 0.5 * d.conDist[0];
    assertEquals(0.1 - mid * nY, d.conPos[1], 1e-9);
    assertEquals(0.05 - mid * nZ, d.conPos[2], 1e-9);
    assertEquals(nY, d.conFrame[1], 1e-15);
  }

  /**
   * A ball of 12 cells rests at its radius (its mesh's lowest vertex lies up to millimetres inside
   * the sphere), on one least point, Baumgarte closing the depth.
   */
  @Test
  void aBallRestsOnItsExactSurfaceNotOnItsMesh() {
    Model m = scene(SdfGeomTest.ball(0.1), "lcp-pdipm", 0.1, 0);
    Data d = new Data(m);
    d.qpos[0] = 0.0123;
    d.qpos[2] = 0.2;
    for (int t = 0; t < 600; t++) {
      Step.step(m, d);
    }
    assertEquals(1, d.ncon);
    assertEquals(0.1, d.qpos[2], 5e-5, "resting height");
    assertEquals(0, d.qvel[2], 1e-5);
  }

  /**
   * The collision's adjoint against central differences of its depth and point, in both geoms'
   * poses (matrix entries one by one) and in the shape (models compiled at a ± ε), on a plane
   * tilted 20°.
   */
  @Test
  void theContactsAdjointMatchesCentralDifferences() {
    Model m = scene(SdfGeomTest.pebble(0.1), "pgs", 0.05, 20);
    Data d = new Data(m);
    double[] q = {0.01, 0.02, 0.05, 0.9, 0.2, 0.3, 0.1};
    double norm = Math.sqrt(0.81 + 0.04 + 0.09 + 0.01);
    for (int i = 0; i < 7; i++) {
      d.qpos[i] = i < 3 ? q[i] : q[i] / norm;
    }
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    double[] pb = {0.3, -0.7, 0.5};
    double db = 1.1, eps = 1e-6;
    output(m, d, pb, db);
    assertEquals(1, d.ncon);
    org.diffart.sim.data.DataBar b = new org.diffart.sim.data.DataBar(m);
    System.arraycopy(pb, 0, b.conPosBar, 0, 3);
    b.conDistBar[0] = db;
    CollisionAdjoint.detect(m, d, b);
    poseBarsMatch(d, b, 2, () -> output(m, d, pb, db));
    Model mp = scene(SdfGeomTest.pebble(0.1 + eps), "pgs", 0.05, 20);
    Model mm = scene(SdfGeomTest.pebble(0.1 - eps), "pgs", 0.05, 20);
    double fd = (output(mp, d, pb, db) - output(mm, d, pb, db)) / (2 * eps);
    assertTrue(Math.abs(fd) > 0.1);
    assertEquals(fd, b.shapeBar[0], 1e-8, "semi-axis");
  }

  /**
   * Asserts the collision adjoint's bars of the first {@code geoms} geoms' pose entries ({@code
   * geomXpos}, {@code geomXmat}, one by one) lie within 1e-8 of central differences (ε = 1e-5: a
   * least point found to rounding, about 1e-14 m, is noise of 1e-8 in differences at 1e-6) of
   * output, which detects the contacts at d's poses.
   */
  static void poseBarsMatch(
      Data d, org.diffart.sim.data.DataBar b, int geoms, java.util.function.DoubleSupplier output) {
    double eps = 1e-5;
    for (double[][] x :
        new double[][][] {{d.geomXpos, b.geomXposBar}, {d.geomXmat, b.geomXmatBar}}) {
      for (int k = 0; k < geoms * x[0].length / (d.geomXpos.length / 3); k++) {
        double o = x[0][k];
        x[0][k] = o + eps;
        double fp = output.getAsDouble();
        x[0][k] = o - eps;
        double fm = output.getAsDouble();
        x[0][k] = o;
        assertEquals((fp - fm) / (2 * eps), x[1][k], 1e-8, "entry " + k);
      }
    }
  }

  /** {@code db·depth + pb·point} of the first contact at d's geom poses. */
  private static double output(Model m, Data d, double[] pb, double db) {
    Collision.detect(m, d);
    return db * d.conDist[0] + pb[0] * d.conPos[0] + pb[1] * d.conPos[1] + pb[2] * d.conPos[2];
  }

  static RolloutProblem problem(Model m, boolean tumble) {
    Data d = new Data(m);
    d.qpos[2] = 0.058;
    d.qvel[0] = 1.5;
    d.qvel[1] = 0.4;
    d.qvel[3] = tumble ? 1 : 0;
    d.qvel[5] = 3;
    return new RolloutProblem(m, d, new double[0], 15, Loss.finalConfiguration());
  }

  static double loss(Model m, boolean tumble) {
    return FiniteDifferenceGradient.compute(
            problem(m, tumble),
            EnumSet.noneOf(Wrt.class),
            FiniteDifferenceGradient.Settings.defaults())
        .loss();
  }

  /**
   * The adjoint's gradients with respect to the start and to the shape against central differences
   * (models compiled at θ ± ε), both solvers: a learned shape tumbling on a floor tilted 6° (its
   * least points move over its surface, by the implicit function theorem), and an exact box sliding
   * and spinning on its face (flat: the contacts stay at the feet of three vertices).
   */
  @Test
  void gradientsThroughTheLeastPointsMatchCentralDifferences() {
    double eps = 1e-6;
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      double[] z = {0.1, -0.2};
      check(
          solver + " neural",
          k -> scene(neural(z[0] + k[0], z[1] + k[1]), solver, 0.058, 6),
          2,
          true);
      check(solver + " ball", k -> scene(SdfGeomTest.ball(0.1 + k[0]), solver, 0.098, 6), 1, true);
    }
  }

  /**
   * Asserts the adjoint's gradients with respect to the start (qpos₀, qvel₀; a state every 5 steps)
   * lie within 1e-6 of central differences (ε = 1e-6); returns the adjoint's result.
   */
  static GradientResult startGradientsMatch(RolloutProblem p, String what) {
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(5));
    EnumSet<Wrt> wrt = EnumSet.of(Wrt.QPOS0, Wrt.QVEL0);
    GradientResult fd =
        FiniteDifferenceGradient.compute(p, wrt, new FiniteDifferenceGradient.Settings(1e-6, true));
    for (Wrt w : wrt) {
      double err = TapeCheck.relativeError(adjoint.grad(w), fd.grad(w));
      assertTrue(err < 1e-6, what + " " + w + ": " + err);
    }
    return adjoint;
  }

  private static void check(
      String what, java.util.function.Function<double[], Model> scene, int nshape, boolean tumble) {
    double eps = 1e-6;
    RolloutProblem p = problem(scene.apply(new double[2]), tumble);
    GradientResult adjoint = startGradientsMatch(p, what);
    double[] shape = new double[nshape];
    for (int k = 0; k < nshape; k++) {
      double[] up = new double[2], down = new double[2];
      up[k] = eps;
      down[k] = -eps;
      shape[k] = (loss(scene.apply(up), tumble) - loss(scene.apply(down), tumble)) / (2 * eps);
    }
    double err = TapeCheck.relativeError(adjoint.shape(), shape);
    IllegalArgumentException tape =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class,
            () -> org.diffart.sim.diff.TapeGradient.compute(p, 1L << 30));
    assertTrue(tape.getMessage().contains("sdfsurface"), tape.getMessage());
    assertTrue(Math.abs(shape[0]) > 1e-3, what + ": non-trivial " + shape[0]);
    assertTrue(err < 1e-6, what + " shape: " + err + " " + java.util.Arrays.toString(shape));
  }

  /**
   * Shape "a" (semi-axis a along x of a superellipsoid) and a learned shape "b" of code (z₁, 0.3).
   */
  static Model pair(double a, double z1, String solver) {
    return ModelLoader.loadMjcfString(
        String.format(
            java.util.Locale.ROOT,
            """
            <mujoco>
              <option timestep="0.01" gravity="0 0 0"/>
              <custom>
                <text name="diffart:solver" data="%s"/>
                <numeric name="diffart:sdfsurface" data="1"/>
              </custom>
              <extension>
                <plugin plugin="diffart.sdf.superellipsoid"><instance name="a">
                  <config key="size" value="%s 0.08 0.06"/><config key="exponents" value="1 1"/>
                  <config key="cells" value="12"/>
                </instance></plugin>
                <plugin plugin="diffart.sdf.neural"><instance name="b">
                  <config key="file" value="builtin:superellipsoids"/>
                  <config key="code" value="%s 0.3"/><config key="cells" value="12"/>
                </instance></plugin>
              </extension>
              <worldbody>
                <body name="a"><freejoint/><geom type="sdf" density="1000"><plugin instance="a"/></geom></body>
                <body name="b" pos="0.17 0.02 0.03" euler="10 20 30">
                  <freejoint/><geom type="sdf" density="1000"><plugin instance="b"/></geom>
                </body>
              </worldbody>
            </mujoco>
            """,
            solver,
            a,
            z1),
        "pair.xml");
  }

  /**
   * Two balls given as superellipsoids (their radial distance exact) meet at exactly the distance
   * of their centres less their radii, which their meshes' hulls miss by the meshes' error; the
   * contact is the least point of φ₂ on geom 1's surface.
   */
  @Test
  void twoBallsMeetAtTheirExactDistance() {
    String balls =
        """
        <mujoco>
          <option gravity="0 0 0"/>
          <custom><numeric name="diffart:sdfsurface" data="%d"/></custom>
          <extension>
            <plugin plugin="diffart.sdf.superellipsoid"><instance name="ball">
              <config key="size" value="0.1 0.1 0.1"/><config key="exponents" value="1 1"/>
              <config key="cells" value="8"/>
            </instance></plugin>
          </extension>
          <worldbody>
            <body><freejoint/><geom type="sdf"><plugin instance="ball"/></geom></body>
            <body pos="0.12 0.1 0.05"><freejoint/><geom type="sdf"><plugin instance="ball"/></geom></body>
          </worldbody>
        </mujoco>
        """;
    double exact = Math.sqrt(0.12 * 0.12 + 0.1 * 0.1 + 0.05 * 0.05) - 0.2;
    double[] dist = new double[2];
    for (int surface = 0; surface < 2; surface++) {
      Model m = ModelLoader.loadMjcfString(balls.formatted(surface), "balls.xml");
      Data d = new Data(m);
      Kinematics.forward(m, d);
      Kinematics.geoms(m, d);
      Collision.detect(m, d);
      assertEquals(1, d.ncon);
      dist[surface] = d.conDist[0];
      assertEquals(surface == 1 ? SdfSurface.LEAST : 0, surface == 1 ? d.conFeature[0] : 0);
    }
    assertEquals(exact, dist[1], 1e-12, "by signed distance");
    assertTrue(Math.abs(dist[0] - exact) > 1e-4, "through the hulls: " + dist[0] + " vs " + exact);
  }

  /**
   * A superellipsoid thrown spinning at a learned shape: the rollout gradients with respect to the
   * start and to both shapes through their least-point contacts against central differences, both
   * solvers.
   */
  @Test
  void gradientsThroughTwoShapesLeastPointsMatchCentralDifferences() {
    double eps = 1e-6;
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      Model m = pair(0.1, 0.2, solver);
      Data d = new Data(m);
      d.qvel[0] = 1;
      d.qvel[4] = 2;
      d.qvel[5] = 1;
      GradientResult adjoint =
          startGradientsMatch(
              new RolloutProblem(m, d, new double[0], 15, Loss.finalConfiguration()), solver);
      java.util.function.BiFunction<Double, Double, Double> loss =
          (a, z) -> {
            Model mm = pair(a, z, solver);
            Data dd = new Data(mm);
            System.arraycopy(d.qvel, 0, dd.qvel, 0, mm.nv());
            return FiniteDifferenceGradient.compute(
                    new RolloutProblem(mm, dd, new double[0], 15, Loss.finalConfiguration()),
                    EnumSet.noneOf(Wrt.class),
                    FiniteDifferenceGradient.Settings.defaults())
                .loss();
          };
      double[] shape = adjoint.shape();
      double fa = (loss.apply(0.1 + eps, 0.2) - loss.apply(0.1 - eps, 0.2)) / (2 * eps);
      double fz = (loss.apply(0.1, 0.2 + eps) - loss.apply(0.1, 0.2 - eps)) / (2 * eps);
      assertTrue(
          Math.abs(fa) > 1e-3 && Math.abs(fz) > 1e-4, solver + ": non-trivial " + fa + ", " + fz);
      // models compiled at θ ± ε solved by the interior point to its 1e-12 residual: the
      // differences' own error is about 1e-5 of these slopes (with PGS's fixed sweeps 1e-7)
      double tol = solver.equals("pgs") ? 1e-6 : 1e-4;
      assertEquals(fa, shape[0], tol * Math.abs(fa), solver + " semi-axis");
      assertEquals(fz, shape[5], tol * Math.abs(fz), solver + " code");
    }
  }
}
