package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * Tendons beside the comparison with MuJoCo ({@code MujocoReferenceTest} on {@code tendons.xml} and {@code
 * spatial.xml}): a limited fixed tendon holds the sum of two pushed sliders with the force Newton's law gives, a
 * spatial tendon is the straight path through its sites, and the adjoint of springs, dampers, tendon actuators and
 * active tendon limits (fixed and spatial) equals the tape's.
 */
class TendonTest {
  @Test
  void aLimitedTendonHoldsTheSumOfTwoSliders() {
    Model m = ModelLoader.loadMjcfString("""
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
        """, "rope");
    Data d = new Data(m);
    d.ctrl[0] = 3;
    d.ctrl[1] = 1;
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
    }
    Step.forward(m, d);
    assertEquals(0.2, d.tendonLength[0], 2e-3, "held at the upper bound, up to the Baumgarte term's slack");
    // on the bound the sum does not accelerate: (3 - T)/1 + (1 - T)/2 = 0 gives the tendon force T = 7/3, and the
    // sliders keep accelerating apart at +2/3 and -2/3 m/s²
    assertEquals(2.0 / 3, d.qacc[0], 1e-3);
    assertEquals(-2.0 / 3, d.qacc[1], 1e-3);
  }

  @Test
  void theAdjointMatchesTheTapeWithSpringsActuatorsAndAnActiveLimit() throws IOException {
    String xml = Files.readString(ReferenceFiles.repoRoot().resolve("datasets/reference/models/tendons.xml"))
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
    StepAdjointTest.compare(m, d, 0, 21, 1e-9);
    StepAdjointTest.compare(m, d, 30, 22, 1e-9);
  }

  @Test
  void theSpatialAdjointMatchesTheTapeWithSpringsDampersAndAnActiveLimit() throws IOException {
    // the leash from the world anchor to the hand (about 1.3 m at qpos0) held below 1.2 m
    String xml = Files.readString(ReferenceFiles.repoRoot().resolve("datasets/reference/models/spatial.xml"))
        .replace("range=\"0 5\"", "range=\"0 1.2\"");
    Model m = ModelLoader.loadMjcfString(xml, "spatial");
    Data d = new Data(m);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = 0.8 * Math.cos(0.7 * k + 0.3);
    }
    Step.forward(m, d);
    assertTrue(d.nefc > 0, "the leash's limit is active");
    StepAdjointTest.compare(m, d, 0, 23, 1e-9);
    StepAdjointTest.compare(m, d, 20, 24, 1e-9);
  }

  @Test
  void aSpatialTendonIsTheStraightPathThroughItsSites() {
    Model m = ModelLoader.loadMjcfString("""
        <mujoco>
          <worldbody>
            <site name="a" pos="0 0 0"/>
            <body pos="3 0 0"><freejoint/><geom type="sphere" size=".1"/><site name="b" pos="0 4 0"/></body>
            <body pos="0 0 2"><freejoint/><geom type="sphere" size=".1"/><site name="c"/></body>
          </worldbody>
          <tendon><spatial name="p"><site site="a"/><site site="b"/><site site="c"/></spatial></tendon>
        </mujoco>
        """, "path");
    Data d = new Data(m);
    d.qvel[0] = 1; // b moves along x, away from a and from c: the segments lengthen at 3/5 and 3/√29 m/s
    Step.forward(m, d);
    double second = Math.sqrt(9 + 16 + 4);
    assertEquals(5 + second, d.tendonLength[0], 1e-12);
    assertEquals(3.0 / 5 + 3 / second, d.tendonVelocity[0], 1e-12);
  }
}
