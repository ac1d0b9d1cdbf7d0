package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.StepAdjoints;
import org.junit.jupiter.api.Test;

/**
 * Joint dry friction (MJCF {@code frictionloss}) by Coulomb's law on a block sliding on a rail, and
 * its adjoint against the tape on an arm where some joints stick and some slide.
 */
class FrictionLossTest {
  /**
   * A 2 kg block on a horizontal rail with 3 N of dry friction, pushed by a motor (force = ctrl).
   */
  private static final String RAIL =
      """
      <mujoco>
        <option timestep="0.001"/>
        <worldbody>
          <body>
            <joint name="rail" type="slide" axis="1 0 0" frictionloss="3"/>
            <geom type="box" size="0.1 0.1 0.1" mass="2"/>
          </body>
        </worldbody>
        <actuator><motor joint="rail"/></actuator>
      </mujoco>
      """;

  @Test
  void aPushBelowTheFrictionDoesNotMoveTheBlock() {
    Model m = ModelLoader.loadMjcfString(RAIL, "rail");
    Data d = new Data(m);
    d.ctrl[0] = 2.5;
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    // up to the creep of the solver's regularisation (cfm 1e-5 on a Delassus entry of 0.5: 2.5e-8
    // m/s)
    assertEquals(0, d.qvel[0], 1e-7);
    assertEquals(0, d.qpos[0], 1e-7);
  }

  @Test
  void aPushAboveTheFrictionAcceleratesByTheDifference() {
    Model m = ModelLoader.loadMjcfString(RAIL, "rail");
    Data d = new Data(m);
    d.ctrl[0] = 5;
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    // (5 N - 3 N) / 2 kg for 1 s
    assertEquals(1, d.qvel[0], 1e-9);
  }

  @Test
  void aSlidingBlockStopsAndStaysStopped() {
    Model m = ModelLoader.loadMjcfString(RAIL, "rail");
    Data d = new Data(m);
    d.qvel[0] = 1.5;
    double stop = 1.5 / (3.0 / 2);
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
    }
    assertEquals(0, d.qvel[0], 1e-7);
    // it slid 0.75 m: v² / 2a with a = 1.5 m/s², up to one step's discretisation
    assertEquals(1.5 * stop / 2, d.qpos[0], 2e-3);
    Model off =
        ModelLoader.loadMjcfString(
            RAIL.replace(
                "<option timestep=\"0.001\"/>",
                "<option timestep=\"0.001\"><flag frictionloss=\"disable\"/></option>"),
            "rail");
    assertTrue(!off.opt().frictionLoss());
  }

  @Test
  void theAdjointMatchesTheTapeWhereJointsStickAndSlide() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <option timestep="0.002"/>
          <worldbody>
            <geom type="plane" size="2 2 0.1"/>
            <body pos="0 0 1">
              <joint name="a" axis="0 1 0" frictionloss="0.4" damping="0.1"/>
              <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.04"/>
              <body pos="0.4 0 0">
                <joint name="b" axis="0 1 0" frictionloss="5"/>
                <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.04"/>
                <body pos="0.4 0 0">
                  <joint name="c" axis="1 0 0" frictionloss="0.05"/>
                  <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.03"/>
                </body>
              </body>
            </body>
          </worldbody>
          <actuator><motor joint="a"/><motor joint="c"/></actuator>
        </mujoco>
        """,
            "arm");
    Data d = new Data(m);
    d.qvel[0] = 0.8;
    d.qvel[2] = -2;
    d.ctrl[1] = 0.3;
    StepAdjoints.compare(m, d, 0, 11, 1e-9);
    StepAdjoints.compare(m, d, 40, 12, 1e-9);
  }
}
