package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Contacts by signed distance between an SDF geom and a non-convex partner or a primitive ({@link
 * SdfSurface#pair} with starts from both meshes): a rod across a torus rests on two exact points
 * where the hull gives one, a ball falls through the torus's hole that the hull closes, primitives
 * meet SDFs at their exact distance, and the adjoint of several contacts against central
 * differences.
 */
class SdfPairTest {
  /**
   * A fixed SDF geom (plugin instance "shape", declared by {@code plugin}, with the geom attributes
   * {@code attrs}) and a free body ({@code body}, a whole {@code <body>} element).
   */
  static Model scene(String plugin, String attrs, String body, boolean surface) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <option timestep="0.005"/>
          <custom><numeric name="diffart:sdfsurface" data="%d"/></custom>
          <extension>%s</extension>
          <worldbody>
            <geom name="fixed" type="sdf" %s><plugin instance="shape"/></geom>
            %s
          </worldbody>
        </mujoco>
        """
            .formatted(surface ? 1 : 0, plugin, attrs, body),
        "pair.xml");
  }

  /**
   * A torus (ring R, tube r; instance "shape", 24 cells) fixed at the origin, tilted by {@code
   * tilt}° about x, and a free body with the given geom at pos.
   */
  static Model torusScene(
      double ring, double tube, double tilt, String geom, double[] pos, boolean surface) {
    return scene(
        String.format(
            Locale.ROOT,
            "<plugin plugin=\"diffart.sdf.torus\"><instance name=\"shape\"><config key=\"radius1\""
                + " value=\"%s\"/><config key=\"radius2\" value=\"%s\"/><config key=\"cells\""
                + " value=\"24\"/></instance></plugin>",
            ring,
            tube),
        String.format(Locale.ROOT, "euler=\"%s 0 0\"", tilt),
        String.format(
            Locale.ROOT,
            "<body name=\"thing\" pos=\"%s %s %s\"><freejoint/>%s</body>",
            pos[0],
            pos[1],
            pos[2],
            geom),
        surface);
  }

  static final String ROD =
      "<geom name=\"rod\" type=\"capsule\" size=\"0.01 0.15\" euler=\"0 90 0\" density=\"500\"/>";

  private static Data posed(Model m) {
    Data d = new Data(m);
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    Collision.detect(m, d);
    return d;
  }

  /**
   * A rod across a torus, pressed 2 mm into its tube: by signed distance two contacts at the tube's
   * crests, each exactly 2 mm deep; MPR on the torus's hull (a disc that closes the hole) gives
   * one.
   */
  @Test
  void aRodAcrossATorusRestsOnTwoExactPoints() {
    double[] pos = {0, 0.003, 0.03 + 0.01 - 0.002};
    Data d = posed(torusScene(0.1, 0.03, 0, ROD, pos, true));
    assertEquals(2, d.ncon);
    // the centre circle passes under the rod's axis at (±√(R² − y²), y, 0), 38 mm below it
    double exact = 0.038 - 0.03 - 0.01, crest = Math.sqrt(0.1 * 0.1 - 0.003 * 0.003);
    for (int c = 0; c < 2; c++) {
      assertEquals(SdfSurface.LEAST, d.conFeature[c]);
      assertEquals(exact, d.conDist[c], 1e-12, "depth of contact " + c);
      assertEquals(crest, Math.abs(d.conPos[3 * c]), 1e-12, "at the crest");
    }
    assertTrue(d.conPos[0] * d.conPos[3] < 0, "one on each side");
    assertEquals(1, posed(torusScene(0.1, 0.03, 0, ROD, pos, false)).ncon, "the hull's one");
  }

  /**
   * A ball of 4 cm radius dropped just off the axis of a torus whose hole is 7 cm wide falls
   * through it by signed distance; on the hull it lands on the disc that closes the hole.
   */
  @Test
  void aBallFallsThroughTheTorusHoleItsHullCloses() {
    String ball = "<geom type=\"sphere\" size=\"0.04\" density=\"500\"/>";
    double[] z = new double[2];
    int[] touching = new int[2];
    for (int surface = 0; surface < 2; surface++) {
      Model m = torusScene(0.1, 0.03, 0, ball, new double[] {0.004, 0.002, 0.12}, surface == 1);
      Data d = new Data(m);
      for (int i = 0; i < 160; i++) {
        Step.step(m, d);
        touching[surface] += d.ncon > 0 ? 1 : 0;
      }
      z[surface] = d.qpos[2];
    }
    assertTrue(z[1] < -0.2, "fell through: " + z[1]);
    // 12.5 mm from the tube all the way: not a step with a contact (a search that gives up
    // would leave MPR's contact with the disc)
    assertEquals(0, touching[1], "steps touching by signed distance");
    assertTrue(z[0] > 0.06, "rests on the hull: " + z[0]);
  }

  /**
   * A sphere and an ellipsoid (its z axis towards the ball's centre: its tip is its least point in
   * the ball) pressed 1 mm into an SDF ball off its mesh's vertices: their depths are exact, which
   * MPR on the ball's 8-cell mesh misses.
   */
  @Test
  void primitivesMeetAnSdfAtTheirExactDistance() {
    double[] u = {0.3, 0.2, Math.sqrt(1 - 0.13)};
    String centre =
        String.format(Locale.ROOT, "%.17g %.17g %.17g", 0.129 * u[0], 0.129 * u[1], 0.129 * u[2]);
    for (String geom :
        new String[] {
          "<geom type=\"sphere\" size=\"0.03\"/>",
          "<geom type=\"ellipsoid\" size=\"0.05 0.04 0.03\"/>"
        }) {
      double[] dist = new double[2];
      for (int surface = 0; surface < 2; surface++) {
        Model m =
            scene(
                "<plugin plugin=\"diffart.sdf.superellipsoid\"><instance name=\"shape\"><config"
                    + " key=\"size\" value=\"0.1 0.1 0.1\"/><config key=\"exponents\" value=\"1 1\"/>"
                    + "<config key=\"cells\" value=\"8\"/></instance></plugin>",
                "",
                "<body pos=\"%s\" zaxis=\"%s\"><freejoint/>%s</body>"
                    .formatted(centre, centre, geom),
                surface == 1);
        Data d = posed(m);
        assertEquals(1, d.ncon, geom);
        dist[surface] = d.conDist[0];
      }
      assertEquals(-0.001, dist[1], 1e-12, geom + " by signed distance");
      assertTrue(Math.abs(dist[0] + 0.001) > 1e-4, geom + " through the hull: " + dist[0]);
    }
  }

  /**
   * The adjoint of a tilted rod's two contacts on a tilted torus against central differences of
   * {@code Σ (db·depth + pb·point)}: every pose matrix entry of both geoms, and the torus's ring
   * and tube (models compiled at θ ± ε).
   */
  @Test
  void theAdjointOfTwoContactsMatchesCentralDifferences() {
    String rod =
        "<geom name=\"rod\" type=\"capsule\" size=\"0.01 0.15\" euler=\"7 91 0\" density=\"500\"/>";
    double[] pos = {0.004, 0.01, 0.036};
    Model m = torusScene(0.1, 0.03, 4, rod, pos, true);
    Data d = posed(m);
    assertEquals(2, d.ncon);
    double[] pb = {0.3, -0.7, 0.5};
    double db = 1.1, eps = 1e-6;
    DataBar b = new DataBar(m);
    for (int c = 0; c < 2; c++) {
      System.arraycopy(pb, 0, b.conPosBar, 3 * c, 3);
      b.conDistBar[c] = db;
    }
    CollisionAdjoint.detect(m, d, b);
    SdfSurfaceTest.poseBarsMatch(d, b, m.ngeom(), () -> output(m, d, pb, db));
    double[] theta = {0.1, 0.03};
    for (int k = 0; k < 2; k++) {
      double[] up = theta.clone(), down = theta.clone();
      up[k] += eps;
      down[k] -= eps;
      Model mp = torusScene(up[0], up[1], 4, rod, pos, true);
      Model mm = torusScene(down[0], down[1], 4, rod, pos, true);
      double fd = (output(mp, d, pb, db) - output(mm, d, pb, db)) / (2 * eps);
      // the crests' depth does not move with the ring (∂φ/∂R = −u_ρ = 0 there), their points do
      assertTrue(Math.abs(fd) > (k == 0 ? 1e-5 : 0.1), "non-trivial " + fd);
      assertEquals(fd, b.shapeBar[k], 1e-8, "torus θ" + k);
    }
  }

  /** {@code Σ_c (db·depth + pb·point)} of the contacts at d's geom poses (order-free). */
  private static double output(Model m, Data d, double[] pb, double db) {
    return output(m, d, pb, db, 2);
  }

  /** {@link #output(Model, Data, double[], double)} with ncon contacts expected. */
  private static double output(Model m, Data d, double[] pb, double db, int ncon) {
    Collision.detect(m, d);
    assertEquals(ncon, d.ncon);
    double s = 0;
    for (int c = 0; c < d.ncon; c++) {
      s += db * d.conDist[c];
      for (int i = 0; i < 3; i++) {
        s += pb[i] * d.conPos[3 * c + i];
      }
    }
    return s;
  }

  /**
   * A rod dropped spinning onto a tilted torus, 40 steps: the adjoint's gradients of its final
   * configuration with respect to its start against central differences, through its contacts on
   * both crests.
   */
  @Test
  void rolloutGradientsAcrossTheTorusMatchCentralDifferences() {
    String rod =
        "<geom name=\"rod\" type=\"capsule\" size=\"0.01 0.15\" euler=\"7 91 0\" density=\"500\"/>";
    Model m = torusScene(0.1, 0.03, 4, rod, new double[] {0.004, 0.01, 0.045}, true);
    Data d = new Data(m);
    d.qvel[2] = -0.5;
    d.qvel[5] = 1;
    SdfSurfaceTest.startGradientsMatch(
        new RolloutProblem(m, d, new double[0], 40, Loss.finalConfiguration()), "rod");
    assertEquals(2, mostLeastPoints(m, d, 40), "it touched both crests");
  }

  /**
   * Two chain links (tori of ring 0.1 m and tube 0.02 m): one fixed, one hung through it. By signed
   * distance the hanging link comes to rest on the fixed one's tube, its centre 0.06 m below; their
   * hulls (two crossed discs) overlap by centimetres wherever it hangs, and MPR throws it off.
   */
  @Test
  void aChainLinkHangsOnAnother() {
    String link =
        "<geom type=\"sdf\" euler=\"90 0 0\" density=\"1000\"><plugin instance=\"shape\"/></geom>";
    double[][] end = new double[2][];
    for (int surface = 0; surface < 2; surface++) {
      Model m = torusScene(0.1, 0.02, 0, link, new double[] {0.1, 0, -0.055}, surface == 1);
      Data d = new Data(m);
      for (int i = 0; i < 200; i++) {
        Step.step(m, d);
      }
      end[surface] = d.qpos.clone();
    }
    assertEquals(-0.06, end[1][2], 2e-3, "hangs: " + java.util.Arrays.toString(end[1]));
    assertEquals(0.1, end[1][0], 2e-3, "under the fixed tube");
    assertTrue(
        Math.abs(end[0][2] + 0.06) > 0.02 || Math.abs(end[0][0] - 0.1) > 0.02,
        "the hulls throw it off: " + java.util.Arrays.toString(end[0]));
  }

  /**
   * The shipped chain ({@code datasets/models/sdf/chain.xml}: three links hanging from a fixed one,
   * each pressed 20 µm into the one above, swinging), 40 steps: the adjoint's gradients of the
   * final configuration with respect to the start against central differences, through three
   * SDF–SDF contacts at every step.
   */
  @Test
  void gradientsThroughASwingingChainMatchCentralDifferences() {
    Model m = ModelLoader.load(java.nio.file.Path.of("../datasets/models/sdf/chain.xml"));
    Data d = new Data(m);
    d.resetToKey(0);
    SdfSurfaceTest.startGradientsMatch(
        new RolloutProblem(m, d, new double[0], 40, Loss.finalConfiguration()), "chain");
    Data probe = new Data(m);
    probe.resetToKey(0);
    for (int i = 0; i < 40; i++) {
      Step.step(m, probe);
      assertEquals(3, probe.ncon, "step " + i);
    }
  }

  /** An SDF ball of radius 0.1 m (a superellipsoid, exact; 8 cells), instance "shape". */
  static String sdfBall(double r) {
    return ("<plugin plugin=\"diffart.sdf.superellipsoid\"><instance name=\"shape\"><config"
            + " key=\"size\" value=\"%s %s %s\"/><config key=\"exponents\" value=\"1 1\"/>"
            + "<config key=\"cells\" value=\"8\"/></instance></plugin>")
        .formatted(r, r, r);
  }

  /**
   * An SDF ball fixed at the origin and a box above it: pressed flat onto its top (the least of the
   * box's φ on the ball's surface: depth exactly 1 mm, which the ball's 8-cell hull misses), and
   * turned to press a corner in (the corner's contact, its depth the ball's φ there).
   */
  @Test
  void aBoxMeetsAnSdfByTheBoxsDistanceAndItsCorners() {
    String flat =
        "<body pos=\"0.01 0.02 0.149\"><freejoint/><geom type=\"box\" size=\"0.2 0.15 0.05\"/></body>";
    double[] dist = new double[2];
    for (int surface = 0; surface < 2; surface++) {
      Data d = posed(scene(sdfBall(0.1), "euler=\"17 29 5\"", flat, surface == 1));
      assertEquals(1, d.ncon);
      dist[surface] = d.conDist[0];
      assertEquals(surface == 1 ? SdfSurface.LEAST : 0, surface == 1 ? d.conFeature[0] : 0);
    }
    assertEquals(-0.001, dist[1], 1e-12, "flat on the ball, by signed distance");
    assertTrue(Math.abs(dist[1] - dist[0]) > 1e-4, "through the hull: " + dist[0]);
    String corner =
        "<body pos=\"0.02 -0.01 0.17\" euler=\"40 30 10\"><freejoint/>"
            + "<geom type=\"box\" size=\"0.05 0.04 0.06\"/></body>";
    Model m = scene(sdfBall(0.1), "", corner, true);
    Data d = posed(m);
    double deepest = Double.POSITIVE_INFINITY;
    for (double[] x : SdfSurface.corners(m, d, 0, 1, 0)) {
      deepest = Math.min(deepest, x[3]);
      assertEquals(Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) - 0.1, x[3], 1e-15);
    }
    assertTrue(deepest < -0.001, "a corner is pressed in: " + deepest);
    boolean seen = false;
    for (int c = 0; c < d.ncon; c++) {
      seen |= d.conFeature[c] <= SdfSurface.CORNER && d.conDist[c] == deepest;
    }
    assertTrue(seen, "the deepest corner is a contact");
  }

  /**
   * The adjoint of a box's contacts with an SDF ball against central differences of {@code Σ
   * (db·depth + pb·point)}, every pose entry of both geoms and the ball's radius: a box tilted a
   * little on the ball's top (a least point on the ball), and one pressing a corner in.
   */
  @Test
  void theAdjointOfABoxsContactsMatchesCentralDifferences() {
    String[] boxes = {
      "<body pos=\"0.01 0.02 0.149\" euler=\"3 -2 7\"><freejoint/><geom type=\"box\" size=\"0.2 0.15"
          + " 0.05\"/></body>",
      "<body pos=\"0.02 -0.01 0.17\" euler=\"40 30 10\"><freejoint/><geom type=\"box\" size=\"0.05"
          + " 0.04 0.06\"/></body>"
    };
    double[] pb = {0.3, -0.7, 0.5};
    double db = 1.1, eps = 1e-6;
    for (String box : boxes) {
      Model m = scene(sdfBall(0.1), "euler=\"17 29 5\"", box, true);
      Data d = posed(m);
      assertTrue(d.ncon >= 1);
      int ncon = d.ncon;
      DataBar b = new DataBar(m);
      for (int c = 0; c < d.ncon; c++) {
        System.arraycopy(pb, 0, b.conPosBar, 3 * c, 3);
        b.conDistBar[c] = db;
      }
      CollisionAdjoint.detect(m, d, b);
      SdfSurfaceTest.poseBarsMatch(d, b, m.ngeom(), () -> output(m, d, pb, db, ncon));
      Model mp = scene(sdfBall(0.1 + eps), "euler=\"17 29 5\"", box, true);
      Model mm = scene(sdfBall(0.1 - eps), "euler=\"17 29 5\"", box, true);
      double fd = (output(mp, d, pb, db, ncon) - output(mm, d, pb, db, ncon)) / (2 * eps);
      assertTrue(Math.abs(fd) > 0.1, "non-trivial " + fd);
      // the ball's radius is its three semi-axes
      assertEquals(fd, b.shapeBar[0] + b.shapeBar[1] + b.shapeBar[2], 1e-8, "the ball's radius");
    }
  }

  /**
   * A superellipsoid pebble dropped spinning onto a fixed box's top tilted 5° (about 3 mm above
   * it), 30 steps: the adjoint's gradients with respect to the start against central differences.
   */
  @Test
  void rolloutGradientsOnABoxMatchCentralDifferences() {
    String body =
        "<body pos=\"0 0 0.113\"><freejoint/><geom type=\"sdf\" density=\"1000\"><plugin"
            + " instance=\"thing\"/></geom></body>";
    Model m =
        ModelLoader.loadMjcfString(
            """
            <mujoco>
              <option timestep="0.005"/>
              <custom><numeric name="diffart:sdfsurface" data="1"/></custom>
              <extension>%s</extension>
              <worldbody>
                <geom type="box" size="0.5 0.5 0.05" euler="5 0 0" friction="0.4"/>
                %s
              </worldbody>
            </mujoco>
            """
                .formatted(SdfGeomTest.pebble(0.1), body),
            "box.xml");
    Data d = new Data(m);
    d.qvel[0] = 1;
    d.qvel[2] = -0.5;
    d.qvel[5] = 3;
    SdfSurfaceTest.startGradientsMatch(
        new RolloutProblem(m, d, new double[0], 10, Loss.finalConfiguration()), "on a box");
    assertTrue(mostLeastPoints(m, d, 10) > 0, "it touched the box by signed distance");
  }

  /** The most contacts at least points in one step of {@code steps} from d's start. */
  private static int mostLeastPoints(Model m, Data start, int steps) {
    Data d = new Data(m);
    System.arraycopy(start.qpos, 0, d.qpos, 0, m.nq());
    System.arraycopy(start.qvel, 0, d.qvel, 0, m.nv());
    int most = 0;
    for (int i = 0; i < steps; i++) {
      Step.step(m, d);
      int n = 0;
      for (int c = 0; c < d.ncon; c++) {
        n += d.conFeature[c] == SdfSurface.LEAST ? 1 : 0;
      }
      most = Math.max(most, n);
    }
    return most;
  }
}
