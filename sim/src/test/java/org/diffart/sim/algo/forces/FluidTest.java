package org.diffart.sim.algo.forces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.StepAdjoints;
import org.junit.jupiter.api.Test;

/**
 * Fluid forces beside the comparison with MuJoCo ({@code MujocoReferenceTest} on {@code fluid.xml},
 * and the Control Suite's fish and swimmer): a body falling through a viscous medium reaches
 * Stokes' terminal velocity, one falling through a dense medium the quadratic-drag one, and the
 * adjoint equals the tape's.
 */
class FluidTest {
  /** A 1 m cube of mass 100 kg falling through a medium, on a vertical slide. */
  private static Model cube(String medium) {
    return ModelLoader.loadMjcfString(
        "<mujoco><option timestep=\"0.001\" "
            + medium
            + "/><worldbody><body>"
            + "<joint type=\"slide\" axis=\"0 0 1\"/><geom type=\"box\" size=\".5 .5 .5\" mass=\"100\"/></body>"
            + "</worldbody></mujoco>",
        "cube");
  }

  private static double terminalVelocity(Model m) {
    Data d = new Data(m);
    for (int s = 0; s < 20000; s++) {
      Step.step(m, d);
    }
    return d.qvel[0];
  }

  @Test
  void aCubeFallsAtStokesTerminalVelocity() {
    // box side 1, mean side d = 1: drag 3π d μ v balances m g
    double mu = 50, v = terminalVelocity(cube("viscosity=\"" + mu + "\""));
    assertEquals(-100 * 9.81 / (3 * Math.PI * mu), v, 1e-6);
  }

  @Test
  void aCubeFallsAtTheQuadraticDragTerminalVelocity() {
    // ½ ρ s² v² = m g with s = 1
    double rho = 20, v = terminalVelocity(cube("density=\"" + rho + "\""));
    assertEquals(-Math.sqrt(2 * 100 * 9.81 / rho), v, 1e-6);
  }

  @Test
  void theWindPushesABodyAtRest() {
    Model m =
        ModelLoader.loadMjcfString(
            "<mujoco><option density=\"2\" wind=\"3 0 0\" gravity=\"0 0 0\"/><worldbody>"
                + "<body><freejoint/><geom type=\"box\" size=\".5 .5 .5\" mass=\"4\"/></body></worldbody></mujoco>",
            "wind");
    Data d = new Data(m);
    Step.forward(m, d);
    // f = ½ ρ s² |u| u with the relative velocity u = -wind: +9 N along x on a 4 kg body
    assertEquals(0.5 * 2 * 9 / 4, d.qacc[0], 1e-12);
    assertTrue(
        Math.abs(d.qacc[1]) < 1e-12 && Math.abs(d.qacc[3]) < 1e-12, "no sideways push, no spin");
  }

  @Test
  void theAdjointMatchesTheTape() {
    Model m =
        ModelLoader.load(ReferenceFiles.repoRoot().resolve("datasets/reference/models/fluid.xml"));
    Data d = new Data(m);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = 1.5 * Math.sin(1.3 * k + 0.2);
    }
    StepAdjoints.compare(m, d, 0, 41, 1e-9);
    StepAdjoints.compare(m, d, 25, 42, 1e-9);
  }
}
