package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.StepAdjoints;
import org.junit.jupiter.api.Test;

/**
 * Tendons beside the comparison with MuJoCo ({@code MujocoReferenceTest} on {@code tendons.xml},
 * {@code spatial.xml} and {@code wrapping.xml}): a limited fixed tendon holds the sum of two pushed
 * sliders with the force Newton's law gives, a spatial tendon is the straight path through its
 * sites, wraps around a sphere and a cylinder have their closed-form lengths, a pulley halves its
 * branch, the Jacobian of a wrapped path is the derivative of its length, and the adjoint of
 * springs, dampers, tendon actuators, wraps and active tendon limits (fixed and spatial) equals the
 * tape's.
 */
class TendonTest {
  @Test
  void aLimitedTendonHoldsTheSumOfTwoSliders() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <option timestep="0.001" gravity="0 0 0"/>
          <worldbody>
            <body><joint name="x1" type="slide" axis="1 0 0"/><geom type="box" size=".05 .05 .05" mass="1"/></body>
            <body pos="0 1 0"><joint name="x2" type="slide" axis="1 0 0"/><geom type="box" size=".05 .05 .05" mass="2"/>
            </body>
          </worldbody>
          <tendon>
            <fixed name="rope" limited="true" range="-1 0.2"><joint joint="x1" coef="1"/><joint joint="x2" coef="1"/>
            </fixed>
          </tendon>
          <actuator><motor joint="x1"/><motor joint="x2"/></actuator>
        </mujoco>
        """,
            "rope");
    Data d = new Data(m);
    d.ctrl[0] = 3;
    d.ctrl[1] = 1;
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
    }
    Step.forward(m, d);
    assertEquals(
        0.2, d.tendonLength[0], 2e-3, "held at the upper bound, up to the Baumgarte term's slack");
    // on the bound the sum does not accelerate: (3 - T)/1 + (1 - T)/2 = 0 gives the tendon force T
    // = 7/3, and the
    // sliders keep accelerating apart at +2/3 and -2/3 m/s²
    assertEquals(2.0 / 3, d.qacc[0], 1e-3);
    assertEquals(-2.0 / 3, d.qacc[1], 1e-3);
  }

  @Test
  void theAdjointMatchesTheTapeWithSpringsActuatorsAndAnActiveLimit() throws IOException {
    String xml =
        Files.readString(ReferenceFiles.repoRoot().resolve("datasets/reference/models/tendons.xml"))
            .replace("range=\"-10 10\"", "range=\"-0.2 0.2\"");
    Model m = ModelLoader.loadMjcfString(xml, "tendons");
    Data d = new Data(m);
    d.qpos[2] = 0.6;
    d.qvel[0] = 0.5;
    d.qvel[2] = -1;
    d.ctrl[0] = 0.4;
    d.ctrl[1] = -0.3;
    d.ctrl[2] = 0.2;
    Step.forward(m, d);
    assertTrue(d.nefc > 0, "the tendon limit is active");
    StepAdjoints.compare(m, d, 0, 21, 1e-9);
    StepAdjoints.compare(m, d, 30, 22, 1e-9);
  }

  @Test
  void theSpatialAdjointMatchesTheTapeWithSpringsDampersAndAnActiveLimit() throws IOException {
    // the leash from the world anchor to the hand (about 1.3 m at qpos0) held below 1.2 m
    String xml =
        Files.readString(ReferenceFiles.repoRoot().resolve("datasets/reference/models/spatial.xml"))
            .replace("range=\"0 5\"", "range=\"0 1.2\"");
    Model m = ModelLoader.loadMjcfString(xml, "spatial");
    Data d = new Data(m);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = 0.8 * Math.cos(0.7 * k + 0.3);
    }
    Step.forward(m, d);
    assertTrue(d.nefc > 0, "the leash's limit is active");
    StepAdjoints.compare(m, d, 0, 23, 1e-9);
    StepAdjoints.compare(m, d, 20, 24, 1e-9);
  }

  @Test
  void aSpatialTendonIsTheStraightPathThroughItsSites() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <worldbody>
            <site name="a" pos="0 0 0"/>
            <body pos="3 0 0"><freejoint/><geom type="sphere" size=".1"/><site name="b" pos="0 4 0"/></body>
            <body pos="0 0 2"><freejoint/><geom type="sphere" size=".1"/><site name="c"/></body>
          </worldbody>
          <tendon><spatial name="p"><site site="a"/><site site="b"/><site site="c"/></spatial></tendon>
        </mujoco>
        """,
            "path");
    Data d = new Data(m);
    d.qvel[0] =
        1; // b moves along x, away from a and from c: the segments lengthen at 3/5 and 3/√29 m/s
    Step.forward(m, d);
    double second = Math.sqrt(9 + 16 + 4);
    assertEquals(5 + second, d.tendonLength[0], 1e-12);
    assertEquals(3.0 / 5 + 3 / second, d.tendonVelocity[0], 1e-12);
  }

  /**
   * Two sites 1 m either side of a ball of radius 0.5 (or a cylinder along y), the second raised by
   * {@code h}.
   */
  private static Model around(String type, double h) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <worldbody>
            <site name="a" pos="-1 0 0"/>
            <site name="top" pos="0 0 1"/>
            <site name="bottom" pos="0 0 -1"/>
            <geom name="g" type="TYPE" size="0.5 0.3" euler="90 0 0" contype="0" conaffinity="0"/>
            <body><joint type="slide" axis="0 1 0"/><geom type="sphere" size=".01"/><site name="b" pos="1 H 0"/></body>
          </worldbody>
          <tendon>
            <spatial name="wrapped"><site site="a"/><geom geom="g"/><site site="b"/></spatial>
            <spatial name="over"><site site="a"/><geom geom="g" sidesite="top"/><site site="b"/></spatial>
            <spatial name="under"><site site="a"/><geom geom="g" sidesite="bottom"/><site site="b"/></spatial>
            <spatial name="halved"><site site="a"/><site site="b"/><pulley divisor="2"/><site site="a"/>
              <site site="b"/></spatial>
          </tendon>
        </mujoco>
        """
            .replace("TYPE", type)
            .replace("H", Double.toString(h)),
        type);
  }

  @Test
  void aWrapAroundASphereOrACylinderHasItsClosedFormLength() {
    // each straight piece is tangent: √(1 − r²) long, touching 60° from the line; the arc between
    // covers π/3
    double straight = 2 * Math.sqrt(0.75), arc = 0.5 * Math.PI / 3;
    Model sphere = around("sphere", 0);
    Data d = new Data(sphere);
    Step.forward(sphere, d);
    assertEquals(straight + arc, d.tendonLength[0], 1e-12);
    // the cylinder's axis is along y: raising the second site by 0.4 winds the path into a helix
    // (unrolled: a line)
    Model cylinder = around("cylinder", 0.4);
    d = new Data(cylinder);
    Step.forward(cylinder, d);
    assertEquals(Math.hypot(straight + arc, 0.4), d.tendonLength[0], 1e-12);
    // a side site puts the path on its side: the first tangent point 60° round from the first site,
    // up or down
    for (int t = 1; t <= 2; t++) {
      int w = cylinder.tendonAdr(t) + 1;
      assertEquals(d.tendonLength[0], d.tendonLength[t], 1e-12);
      assertEquals(-0.25, d.wrapTangent[6 * w], 1e-12);
      assertEquals(
          t == 1 ? Math.sqrt(0.1875) : -Math.sqrt(0.1875), d.wrapTangent[6 * w + 2], 1e-12);
    }
    // a pulley: the branch after it counts half
    assertEquals(1.5 * Math.hypot(2, 0.4), d.tendonLength[3], 1e-12);
  }

  @Test
  void theJacobianOfAWrappedPathIsTheDerivativeOfItsLength() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/wrapping.xml"));
    JsonArray cases = ReferenceFiles.json("wrapping").getAsJsonArray("cases");
    int wrapped = 0;
    for (int c = 0; c < cases.size(); c++) {
      Data d = referenceState(m, cases.get(c).getAsJsonObject());
      Step.forward(m, d);
      double[] jac = d.tendonJ.clone();
      for (int w = 0; w < m.nwrap(); w++) {
        wrapped += d.wrapLength[w] >= 0 ? 1 : 0;
      }
      for (int k = 0; k < m.nq(); k++) {
        double[] plus = lengthsAt(m, d, k, 1e-6), minus = lengthsAt(m, d, k, -1e-6);
        for (int t = 0; t < m.ntendon(); t++) {
          assertEquals(
              (plus[t] - minus[t]) / 2e-6,
              jac[m.nv() * t + k],
              1e-6,
              "case " + c + ", tendon " + m.tendonName(t) + ", joint " + k);
        }
      }
    }
    assertTrue(wrapped > 40, "the reference states wrap: " + wrapped);
  }

  @Test
  void theWrappedAdjointMatchesTheTapeOnTheReferenceStates() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/wrapping.xml"));
    JsonArray cases = ReferenceFiles.json("wrapping").getAsJsonArray("cases");
    for (int c = 0; c < cases.size(); c++) {
      StepAdjoints.compare(m, referenceState(m, cases.get(c).getAsJsonObject()), 0, c, 1e-9);
    }
  }

  @Test
  void aLimitedPathThroughAPulleyAndAroundABallHoldsItsLimitAndItsAdjointMatchesTheTape()
      throws IOException {
    // the block tendon (0.56 m at qpos0: a straight branch, a pulley, a branch around the knuckle)
    // kept below 0.55 m
    String xml =
        Files.readString(
                ReferenceFiles.repoRoot().resolve("datasets/reference/models/wrapping.xml"))
            .replace(
                "<spatial name=\"block\" stiffness=\"5\">",
                "<spatial name=\"block\" stiffness=\"5\" limited=\"true\"" + " range=\"0 0.55\">");
    Model m = ModelLoader.loadMjcfString(xml, "wrapping");
    Data d = new Data(m);
    Step.forward(m, d);
    assertTrue(d.nefc > 0, "the block tendon's limit is active");
    StepAdjoints.compare(m, d, 0, 31, 1e-9);
    StepAdjoints.compare(m, d, 40, 32, 1e-9);
    // it starts 11 mm too long; the limit row draws it in (Baumgarte, erp 0.01 a step) and then
    // holds it
    double longest = 0;
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
      longest = s >= 500 ? Math.max(longest, d.tendonLength[3]) : 0;
    }
    assertTrue(longest < 0.55 + 1e-3, "the limit holds: longest " + longest);
  }

  private static Data referenceState(Model m, JsonObject k) {
    Data d = new Data(m);
    System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(k.get("qvel")), 0, d.qvel, 0, m.nv());
    System.arraycopy(ReferenceFiles.doubles(k.get("ctrl")), 0, d.ctrl, 0, m.nu());
    return d;
  }

  private static double[] lengthsAt(Model m, Data at, int k, double h) {
    Data d = new Data(m);
    d.copyStateFrom(at);
    d.qpos[k] += h;
    Step.forward(m, d);
    return d.tendonLength.clone();
  }
}
