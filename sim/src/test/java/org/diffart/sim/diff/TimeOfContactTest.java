package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Time-of-contact gradients ({@link TimeOfContact}) on bouncing SDF balls: exactly the analytic
 * derivative of the rebound where gravity does not act along the normal, close to central
 * differences of a fine-step simulation where it does, and far from the fixed-step gradient in
 * both.
 */
class TimeOfContactTest {
  static final double E = 0.5;

  /**
   * An SDF ball of radius 0.1 at the origin and a wall (a plane facing −x at x = 1) or a floor,
   * with restitution e, no Baumgarte correction and no friction.
   */
  static Model scene(String solver, boolean toc, double dt, double gravity) {
    Model m =
        ModelLoader.loadMjcfString(
            """
            <mujoco>
              <option timestep="%s" gravity="0 0 %s"/>
              <custom>
                <text name="diffart:solver" data="%s"/>
                <numeric name="diffart:restitution" data="%s"/>
                <numeric name="diffart:timeofcontact" data="%d"/>
              </custom>
              <extension>
                <plugin plugin="diffart.sdf.sphere">
                  <instance name="ball">
                    <config key="radius" value="0.1"/><config key="cells" value="8"/>
                  </instance>
                </plugin>
              </extension>
              <worldbody>
                <geom name="floor" type="plane" size="5 5 0.1" friction="0"/>
                <geom name="wall" type="plane" size="5 5 0.1" pos="1 0 0" zaxis="-1 0 0"
                      friction="0"/>
                <body name="ball" pos="0 0 0.5">
                  <freejoint/>
                  <geom type="sdf" density="1000" friction="0" margin="0.0001">
                    <plugin instance="ball"/>
                  </geom>
                </body>
              </worldbody>
            </mujoco>
            """
                .formatted(dt, -gravity, solver, E, toc ? 1 : 0),
            "toc.xml");
    return m.withOptions(m.opt().toBuilder().erp(0).build());
  }

  /** Loss: one coordinate of the ball's final position. */
  static Loss coordinate(int k) {
    return new Loss() {
      @Override
      public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
        g.qpos()[k] = 1;
        return qpos[k];
      }

      @Override
      public boolean hasRunningCost() {
        return false;
      }
    };
  }

  static RolloutProblem thrown(Model m, int steps, int k) {
    Data d = new Data(m);
    d.qvel[0] = 2;
    return new RolloutProblem(m, d, new double[0], steps, coordinate(k));
  }

  /**
   * Without gravity along the wall's normal the rebound is {@code x_T = X − e v (T − t_c)} with
   * {@code t_c = (X − x_0)/v}, {@code X = 1 − r}: ∂x_T/∂x_0 = −e and ∂x_T/∂r = −(1 + e). The
   * fixed-step gradient says 1 and 0 (the contact step does not move with them); the
   * time-of-contact gradient is exact, with either solver and any checkpointing.
   */
  @Test
  void aBallThrownAtAWallReboundsAsTheAnalyticBounce() {
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      double tol = 1e-3; // cfm = 1e-5 makes the impulse follow the mass a little
      GradientResult fixed =
          AdjointGradient.compute(
              thrown(scene(solver, false, 0.01, 0), 60, 0), new Checkpointing.Every(1));
      assertEquals(1, fixed.qpos0()[0], tol, solver + " fixed step: ∂x_T/∂x_0");
      assertEquals(0, fixed.shape()[0], tol, solver + " fixed step: ∂x_T/∂r");
      for (Checkpointing c :
          new Checkpointing[] {new Checkpointing.Every(1), new Checkpointing.Every(7)}) {
        GradientResult toc =
            AdjointGradient.compute(thrown(scene(solver, true, 0.01, 0), 60, 0), c);
        assertEquals(-E, toc.qpos0()[0], tol, solver + " " + c + ": ∂x_T/∂x_0");
        assertEquals(-(1 + E), toc.shape()[0], tol, solver + " " + c + ": ∂x_T/∂r");
        assertEquals(toc.loss(), fixed.loss(), 0, "the simulation is the fixed-step one");
      }
    }
  }

  /** A ball dropped from z_0 = 0.5 onto the floor, its height 8 ms after the bounce. */
  static double height(double dt, double z0, double seconds) {
    Model m = scene("lcp-pdipm", false, dt, 9.81);
    Data d = new Data(m);
    d.qpos[2] = z0;
    for (int t = 0; t < Math.round(seconds / dt); t++) {
      Step.step(m, d);
    }
    return d.qpos[2];
  }

  /**
   * Dropped on a floor from 0.5 m, the ball's height at T = 0.294 s, 8 ms after the bounce:
   * analytic {@code ∂z_T/∂z_0 = −e + (1 + e)(T − t_c)/t_c} (the later impact also hits harder), and
   * central differences of a simulation at 0.1 ms steps agree with it. The time-of-contact gradient
   * at 1 ms steps moves the impact, not its speed (the fixed step's impact speed does not follow
   * z_0, DiffSDFSim's neither), so it is −e: within 0.1 of both, where the fixed-step gradient says
   * +1.
   */
  @Test
  void aBallDroppedOnAFloorAgreesWithTheAnalyticBounceAndAFineStepSimulation() {
    double seconds = 0.294, r = 0.1, z0 = 0.5;
    double tc = Math.sqrt(2 * (z0 - r) / 9.81);
    double analytic = -E + (1 + E) * (seconds - tc) / tc;
    double h = 0.01;
    double fine = (height(1e-4, z0 + h, seconds) - height(1e-4, z0 - h, seconds)) / (2 * h);
    assertEquals(analytic, fine, 0.03, "the fine-step simulation against the analytic bounce");
    Model m = scene("lcp-pdipm", true, 1e-3, 9.81);
    Data d = new Data(m);
    RolloutProblem p = new RolloutProblem(m, d, new double[0], 294, coordinate(2));
    double toc = AdjointGradient.compute(p, new Checkpointing.Every(1)).qpos0()[2];
    assertEquals(-E, toc, 0.01, "time of contact");
    assertTrue(Math.abs(toc - analytic) < 0.1, toc + " vs analytic " + analytic);
    assertTrue(Math.abs(toc - fine) < 0.1, toc + " vs fine-step " + fine);
    Model plain = scene("lcp-pdipm", false, 1e-3, 9.81);
    double fixed =
        AdjointGradient.compute(
                new RolloutProblem(plain, new Data(plain), new double[0], 294, coordinate(2)),
                new Checkpointing.Every(1))
            .qpos0()[2];
    assertEquals(1, fixed, 1e-6, "the fixed step");
  }

  /**
   * With DiffSDFSim's steps without penetration ({@code diffart:impactbisections}) the rebound is
   * resolved inside the step: the simulation itself follows the analytic bounce (x_T = 0.75 to the
   * contact margin, 0.1 mm), so central differences of it are the reference; the time-of-contact
   * gradient meets them and the analytic derivatives, the plain adjoint (the pieces' lengths
   * constant) still says 1. The tape cannot follow lengths decided inside the step, and says so.
   */
  @Test
  void stepsWithoutPenetrationResolveTheImpactAndTimeOfContactMeetsCentralDifferences() {
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      Model plain = bisected(scene(solver, false, 0.01, 0));
      Data d = new Data(plain);
      d.qvel[0] = 2;
      double[] deepest = {0};
      for (int t = 0; t < 60; t++) {
        Step.step(plain, d);
        for (int c = 0; c < d.ncon; c++) {
          deepest[0] = Math.min(deepest[0], d.conDist[c]);
        }
      }
      assertEquals(0.6, d.time, 1e-12, solver + ": the steps' time");
      assertEquals(60, d.nstep, solver);
      assertEquals(0.75, d.qpos[0], 2e-4, solver + ": the analytic rebound");
      assertTrue(deepest[0] > -1e-6, solver + ": no penetration, deepest " + deepest[0]);
      // the pieces end the approach anywhere within the margin of the wall: the simulation jumps
      // by up to (1 + e)·0.1 mm where they change, so the differences span many such steps
      double h = 0.01;
      double fd =
          (FiniteDifferenceGradient.loss(thrown(plain, 60, 0), shifted(plain, h), new double[0])
                  - FiniteDifferenceGradient.loss(
                      thrown(plain, 60, 0), shifted(plain, -h), new double[0]))
              / (2 * h);
      assertEquals(-E, fd, 1e-2, solver + ": central differences");
      Model toc = bisected(scene(solver, true, 0.01, 0));
      GradientResult withToc =
          AdjointGradient.compute(thrown(toc, 60, 0), new Checkpointing.Every(4));
      assertEquals(fd, withToc.qpos0()[0], 1e-2, solver + ": time of contact");
      assertEquals(-(1 + E), withToc.shape()[0], 2e-3, solver + ": ∂x_T/∂r");
      GradientResult without =
          AdjointGradient.compute(thrown(plain, 60, 0), new Checkpointing.Every(4));
      assertEquals(1, without.qpos0()[0], 2e-3, solver + ": the plain adjoint");
      // x_T = X − e v_0 (T − t_c), t_c = (X − x_0)/v_0: ∂x_T/∂v_0 = −e T; with the pieces' time
      // of the impact held, t_c − e (T − t_c)
      assertEquals(-E * 0.6, withToc.qvel0()[0], 2e-3, solver + ": time of contact, ∂x_T/∂v_0");
      assertEquals(0.45 - E * 0.15, without.qvel0()[0], 2e-3, solver + ": plain, ∂x_T/∂v_0");
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> TapeGradient.compute(thrown(plain, 60, 0), 1L << 28));
      assertTrue(e.getMessage().contains("impactbisections"), e.getMessage());
    }
  }

  static Model bisected(Model m) {
    return m.withOptions(m.opt().toBuilder().impactBisections(10).build());
  }

  /** The thrown ball's start with x_0 moved by dx. */
  static Data shifted(Model m, double dx) {
    Data d = new Data(m);
    d.qvel[0] = 2;
    d.qpos[0] += dx;
    return d;
  }

  /** The tape differentiates the program as it ran, and says so when asked for time of contact. */
  @Test
  void theTapeRefusesTimeOfContact() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TapeGradient.compute(thrown(scene("pgs", true, 0.01, 0), 10, 0), 1 << 26));
    assertTrue(e.getMessage().contains("diffart:timeofcontact"), e.getMessage());
  }
}
