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
 * Fixed tendons beside the comparison with MuJoCo ({@code MujocoReferenceTest} on {@code tendons.xml}): a limited
 * tendon holds the sum of two pushed sliders with the force Newton's law gives, and the adjoint of springs, dampers,
 * tendon actuators and an active tendon limit equals the tape's.
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
}
