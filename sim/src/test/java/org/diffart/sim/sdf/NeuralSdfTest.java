package org.diffart.sim.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
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
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * The neural SDF: its derivatives in the point and the code, the second-order pass its training
 * needs, the shipped family (what bin/train-neural-sdf writes, close to the shapes it learned), and
 * a neural body in a model whose shape gradient is its code's.
 */
class NeuralSdfTest {
  static final Path FAMILY = Path.of("../datasets/models/sdf/superellipsoids.nsdf");

  static NeuralSdf random(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] w = new double[NeuralSdf.weightCount(2, 8)];
    for (int i = 0; i < w.length; i++) {
      w[i] = 0.7 * r.nextGaussian();
    }
    return new NeuralSdf(
        2, 8, w, new double[] {0.3, -0.2}, new double[] {-.2, -.1, -.1, .2, .1, .1});
  }

  @Test
  void gradientsInThePointAndTheCodeAreCentralDifferences() {
    NeuralSdf net = random(3);
    double[] x = {0.05, -0.03, 0.08}, g = new double[3], pg = new double[2];
    net.gradient(g, 0, x, 0);
    net.paramGradient(pg, 0, x, 0);
    double eps = 1e-6;
    for (int c = 0; c < 3; c++) {
      double[] p = x.clone(), m = x.clone();
      p[c] += eps;
      m[c] -= eps;
      assertEquals((net.value(p, 0) - net.value(m, 0)) / (2 * eps), g[c], 1e-8, "x" + c);
    }
    for (int c = 0; c < 2; c++) {
      double[] p = net.code(), m = net.code();
      p[c] += eps;
      m[c] -= eps;
      double fd = (net.withParams(p).value(x, 0) - net.withParams(m).value(x, 0)) / (2 * eps);
      assertEquals(fd, pg[c], 1e-8, "z" + c);
    }
  }

  /** L = f̄ f + ḡ·∇ₓf, the form of the normal and Eikonal losses, against central differences. */
  @Test
  void theSecondOrderPassIsTheDerivativeOfTheGradientLoss() {
    NeuralSdf net = random(5);
    double[] u = {0.4, -0.3, 0.7}, gBar = {0.3, -0.5, 0.9};
    double fBar = 0.7;
    NeuralSdf.Pass p = new NeuralSdf.Pass(2, 8);
    double[] w = net.weights(), wBar = new double[w.length], uBar = new double[5];
    p.input(u, 0, net.code());
    p.forward(w);
    p.inputGradient(w);
    p.backward(w, fBar, gBar, wBar, uBar);
    double eps = 1e-6;
    for (int i = 0; i < w.length; i++) {
      double[] wp = w.clone(), wm = w.clone();
      wp[i] += eps;
      wm[i] -= eps;
      double fd =
          (gradientLoss(wp, net.code(), u, fBar, gBar)
                  - gradientLoss(wm, net.code(), u, fBar, gBar))
              / (2 * eps);
      assertEquals(fd, wBar[i], 1e-7, "weight " + i);
    }
    for (int c = 0; c < 2; c++) {
      double[] zp = net.code(), zm = net.code();
      zp[c] += eps;
      zm[c] -= eps;
      double fd =
          (gradientLoss(w, zp, u, fBar, gBar) - gradientLoss(w, zm, u, fBar, gBar)) / (2 * eps);
      assertEquals(fd, uBar[3 + c], 1e-7, "code " + c);
    }
  }

  private static double gradientLoss(
      double[] w, double[] z, double[] u, double fBar, double[] gBar) {
    NeuralSdf.Pass p = new NeuralSdf.Pass(2, 8);
    p.input(u, 0, z);
    double f = p.forward(w);
    p.inputGradient(w);
    return fBar * f + gBar[0] * p.gu[0] + gBar[1] * p.gu[1] + gBar[2] * p.gu[2];
  }

  /**
   * The committed family is what {@code bin/train-neural-sdf} writes (the training is
   * deterministic), and each of its shapes lies within 1 cm of the superellipsoid it learned (2 to
   * 6 cm across) with a gradient of length about 1 on it.
   */
  @Test
  void theShippedFamilyIsItsProgramsOutputAndNearItsShapes() throws Exception {
    NeuralSdfFamily shipped = NeuralSdfFamily.read(FAMILY);
    Path again = Files.createTempFile("superellipsoids", ".nsdf");
    NeuralSdfFamily.main(new String[] {again.toString()});
    NeuralSdfFamily retrained = NeuralSdfFamily.read(again);
    assertArrayEquals(shipped.network().weights(), retrained.network().weights());
    Map<String, Sdf> truth = NeuralSdfFamily.superellipsoids();
    assertEquals(truth.keySet(), shipped.codes().keySet());
    for (var e : truth.entrySet()) {
      NeuralSdf net = shipped.shape(e.getKey());
      double[] v = MarchingTetrahedra.extract(e.getValue(), 16).vertices(), g = new double[3];
      double worst = 0, slope = 0;
      for (int q = 0; q < v.length / 3; q++) {
        worst = Math.max(worst, Math.abs(net.gradient(g, 0, v, 3 * q)));
        slope = Math.max(slope, Math.abs(Math.sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) - 1));
      }
      assertTrue(worst < 0.01, e.getKey() + ": |φ| on the true surface up to " + worst);
      assertTrue(slope < 0.5, e.getKey() + ": |∇φ| − 1 up to " + slope);
    }
  }

  @Test
  void trainingLowersTheLoss() {
    var r =
        NeuralSdfTraining.train(
            List.of(new SphereSdf(0.1), new BoxSdf(0.08, 0.08, 0.08)),
            new double[] {-.1, -.1, -.1, .1, .1, .1},
            NeuralSdfTraining.Settings.defaults().withIterations(200));
    double first = r.losses()[0], last = r.losses()[r.losses().length - 1];
    assertTrue(last < 0.2 * first, first + " → " + last);
  }

  static String pebble(String which) {
    return """
        <mujoco>
          <option timestep="0.01"/>
          <extension>
            <plugin plugin="diffart.sdf.neural">
              <instance name="pebble">
                <config key="file" value="../datasets/models/sdf/superellipsoids.nsdf"/>
                %s
                <config key="cells" value="12"/>
              </instance>
            </plugin>
          </extension>
          <worldbody>
            <geom type="plane" size="5 5 0.1" friction="0.3"/>
            <body pos="0 0 0.07">
              <freejoint/>
              <geom type="sdf" density="1000"><plugin instance="pebble"/></geom>
            </body>
          </worldbody>
        </mujoco>
        """
        .formatted(which);
  }

  static Model withCode(double[] z) {
    return ModelLoader.loadMjcfString(
        pebble("<config key=\"code\" value=\"" + z[0] + " " + z[1] + "\"/>"), "neural.xml");
  }

  static RolloutProblem sliding(Model m) {
    Data d = new Data(m);
    d.qvel[0] = 1;
    d.qvel[5] = 2;
    return new RolloutProblem(m, d, new double[0], 12, Loss.finalConfiguration());
  }

  /**
   * A neural body's shape parameters are its code: the adjoint's gradient with respect to it equals
   * central differences of models compiled at z ± ε.
   */
  @Test
  void aNeuralBodysShapeGradientIsItsCodes() {
    double[] z = NeuralSdfFamily.read(FAMILY).codes().get("e1-0.5_e2-1.0");
    Model m = ModelLoader.load("../datasets/models/sdf/neural-pebble.xml");
    assertEquals(2, m.nshape());
    assertArrayEquals(z, new double[] {m.shapeParam(0), m.shapeParam(1)});
    GradientResult g = AdjointGradient.compute(sliding(withCode(z)), new Checkpointing.Every(4));
    double eps = 1e-6;
    for (int k = 0; k < 2; k++) {
      double[] p = z.clone(), q = z.clone();
      p[k] += eps;
      q[k] -= eps;
      double fd = (loss(withCode(p)) - loss(withCode(q))) / (2 * eps);
      assertTrue(Math.abs(fd) > 1e-4, "non-trivial: " + fd);
      assertEquals(fd, g.shape()[k], 1e-4 * Math.abs(fd), "code " + k);
    }
  }

  private static double loss(Model m) {
    return FiniteDifferenceGradient.compute(
            sliding(m),
            java.util.EnumSet.noneOf(Wrt.class),
            FiniteDifferenceGradient.Settings.defaults())
        .loss();
  }

  @Test
  void badNeuralShapesAreRefusedByName() {
    ModelFormatException e =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    pebble("<config key=\"shape\" value=\"e1-9_e2-9\"/>"), "neural.xml"));
    assertTrue(e.getMessage().contains("e1-0.5_e2-0.5"), e.getMessage());
    ModelFormatException missing =
        assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    pebble("<config key=\"shape\" value=\"x\"/>")
                        .replace("superellipsoids.nsdf", "nothing.nsdf"),
                    "neural.xml"));
    assertTrue(missing.getMessage().contains("nothing.nsdf"), missing.getMessage());
  }
}
