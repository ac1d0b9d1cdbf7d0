package org.diffart.sim.algo.constraint;

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
import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * The step with the {@code lcp-pdipm} solver: Coulomb friction on its polyhedral cone for a sliding
 * ball, rest for a box, a clear refusal of rows it does not take, and rollout gradients through its
 * implicit adjoint against central differences.
 */
class ContactInteriorPointTest {
  static final double G = 9.81, DT = 0.01;

  /** A ball (r 0.1 m, 1 kg) on a plane, or a box (half 0.1 m), solved by the given solver. */
  static Model scene(String geom, String solver, double mu) {
    return scene(geom, solver, mu, mu);
  }

  /** As {@link #scene(String, String, double)} with the floor's own friction (the larger acts). */
  static Model scene(String geom, String solver, double mu, double floorMu) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <option timestep="0.01"/>
          <custom><text name="diffart:solver" data="%s"/></custom>
          <worldbody>
            <geom name="floor" type="plane" size="5 5 0.1" friction="%s 0 0"/>
            <body name="thing" pos="0 0 0.0995">
              <freejoint/>
              <geom name="thing" %s mass="1" friction="%s 0 0"/>
            </body>
          </worldbody>
        </mujoco>
        """
            .formatted(solver, floorMu, geom, mu),
        "scene.xml");
  }

  static final String BALL = "type=\"sphere\" size=\"0.1\"";
  static final String BOX = "type=\"box\" size=\"0.1 0.1 0.1\"";

  @Test
  void theSolverIsChosenInTheModelFile() {
    Model m = scene(BALL, "lcp-pdipm", 0.3);
    assertEquals(ContactSolver.PDIPM, m.opt().solver());
    assertEquals(8, m.opt().frictionDirections());
    assertEquals(ContactSolver.PGS, scene(BALL, "pgs", 0.3).opt().solver());
    ModelFormatException e =
        assertThrows(ModelFormatException.class, () -> scene(BALL, "lemke", 0.3));
    assertTrue(e.getMessage().contains("scene.xml:3"), e.getMessage());
    assertTrue(e.getMessage().contains("use pgs or lcp-pdipm"), e.getMessage());
  }

  @Test
  void aSlidingBallSlowsByCoulombFrictionAndStartsToRoll() {
    double mu = 0.3;
    Model m = scene(BALL, "lcp-pdipm", mu);
    Data d = new Data(m);
    d.qvel[0] = 2;
    Step.step(m, d);
    // the friction impulse μ p_n along −x at the contact point (0, 0, −r), with the normal impulse
    // m (g dt + erp·0.5 mm/dt) that also pushes the ball out of its 0.5 mm penetration: v_x drops
    // by μ p_n / m, and ω_y = ℓ μ p_n / (2/5 m r²) with the lever ℓ to the contact point, midway
    // through the penetration: 0.0995 + 0.00025 m
    double p = mu * (G * DT + 0.01 * 0.0005 / DT);
    assertEquals(2 - p, d.qvel[0], 1e-6);
    assertEquals(0, d.qvel[1], 1e-9);
    assertEquals(0.09975 * p / (0.4 * 0.01), d.qvel[4], 1e-5); // cfm 1e-5 softens p_n
    assertTrue(d.solverResidual < 1e-10, "residual " + d.solverResidual);
    assertTrue(d.solverIterations <= 30);
  }

  @Test
  void aBoxOnTheFloorStaysAtRest() {
    Model m = scene(BOX, "lcp-pdipm", 0.5);
    Data d = new Data(m);
    for (int t = 0; t < 200; t++) {
      Step.step(m, d);
    }
    for (int k = 0; k < m.nv(); k++) {
      assertEquals(0, d.qvel[k], 1e-4, "qvel " + k);
    }
    assertEquals(0, d.qpos[0], 1e-5);
    assertEquals(0.0995, d.qpos[2], 1e-3);
  }

  @Test
  void aBoxPushedBelowItsFrictionSticksAndAboveItSlides() {
    for (double push : new double[] {2, 8}) {
      Model m = scene(BOX, "lcp-pdipm", 0.5);
      Data d = new Data(m);
      for (int t = 0; t < 100; t++) {
        d.qfrcApplied[0] = push; // N along x; μ m g = 4.9 N
        Step.step(m, d);
      }
      if (push < 4.9) {
        assertEquals(0, d.qvel[0], 1e-4, "held by static friction");
      } else {
        // a = (F − μ m g)/m over 1 s
        assertEquals(push - 0.5 * G, d.qvel[0], 0.05, "slides");
      }
    }
  }

  @Test
  void rowsItDoesNotTakeAreRefusedByName() {
    Model m =
        ModelLoader.loadMjcfString(
            """
            <mujoco>
              <custom><text name="diffart:solver" data="lcp-pdipm"/></custom>
              <worldbody>
                <geom type="plane" size="5 5 0.1"/>
                <body pos="0 0 0.5"><joint type="hinge" frictionloss="1"/><geom size="0.1"/></body>
              </worldbody>
            </mujoco>
            """,
            "dry.xml");
    Data d = new Data(m);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Step.step(m, d));
    assertTrue(e.getMessage().contains("use the pgs solver"), e.getMessage());
  }

  @Test
  void rolloutGradientsThroughTheImplicitAdjointMatchCentralDifferences() {
    Model m = scene(BALL, "lcp-pdipm", 0.3, 0.1);
    Data d = new Data(m);
    d.qvel[0] = 2;
    d.qvel[1] = 0.7;
    RolloutProblem p = new RolloutProblem(m, d, new double[0], 12, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(4));
    EnumSet<Wrt> wrt = EnumSet.of(Wrt.QPOS0, Wrt.QVEL0, Wrt.FRICTION, Wrt.MASS);
    GradientResult fd =
        FiniteDifferenceGradient.compute(p, wrt, new FiniteDifferenceGradient.Settings(1e-6, true));
    for (Wrt w : wrt) {
      double err = TapeCheck.relativeError(adjoint.grad(w), fd.grad(w)), diff = 0;
      for (int i = 0; i < fd.grad(w).length; i++) {
        diff = Math.max(diff, Math.abs(adjoint.grad(w)[i] - fd.grad(w)[i]));
      }
      // the mass moves this loss by 5e-7 only (through the contact's stabilisation): judged by
      // the absolute difference, central differences' noise at ε = 1e-6 being about 1e-9
      assertTrue(err < 1e-5 || diff < 1e-8, w + ": adjoint vs central differences " + err);
    }
    double friction = 0;
    for (double g : adjoint.grad(Wrt.FRICTION)) {
      friction += Math.abs(g);
    }
    assertTrue(friction > 1e-3, "the friction coefficient moves the sliding ball");
  }

  /**
   * The interior point differentiated two ways: the tape unrolls its Newton steps (the derivative
   * of what was computed: it equals central differences whatever the step cap), the adjoint is
   * implicit at the solution (the derivative of the exact solution: it differs where the solve was
   * cut short and meets the unrolled one as the solve converges).
   */
  @Test
  void unrolledAndImplicitDerivativesMeetAsTheSolveConverges() {
    double[] gap = new double[2];
    int[] caps = {3, 30};
    for (int i = 0; i < 2; i++) {
      Model loaded = scene(BALL, "lcp-pdipm", 0.3, 0.1);
      Model m = loaded.withOptions(loaded.opt().toBuilder().iterations(caps[i]).build());
      Data d = new Data(m);
      d.qvel[0] = 2;
      d.qvel[1] = 0.7;
      RolloutProblem p = new RolloutProblem(m, d, new double[0], 12, Loss.finalConfiguration());
      double implicit = AdjointGradient.compute(p, new Checkpointing.Every(1)).friction()[1];
      double unrolled = org.diffart.sim.diff.TapeGradient.compute(p, 1L << 30).friction()[1];
      double fd =
          FiniteDifferenceGradient.compute(
                  p, EnumSet.of(Wrt.FRICTION), new FiniteDifferenceGradient.Settings(1e-6, true))
              .friction()[1];
      assertEquals(fd, unrolled, 1e-6 * Math.abs(fd), caps[i] + " steps: unrolled is exact");
      gap[i] = Math.abs(implicit - unrolled) / Math.abs(unrolled);
    }
    assertTrue(gap[0] > 1e-2, "cut at 3 Newton steps the implicit derivative is off: " + gap[0]);
    assertTrue(gap[1] < 1e-5, "converged the two meet: " + gap[1]);
  }

  /**
   * The seed's restitution given in the model file ({@code diffart:restitution}): a ball falling at
   * 2 m/s leaves the floor at e · 2 m/s with either solver.
   */
  @Test
  void restitutionFromTheModelFileBouncesTheBall() {
    for (String solver : new String[] {"pgs", "lcp-pdipm"}) {
      Model m =
          ModelLoader.loadMjcfString(
              """
              <mujoco>
                <option timestep="0.001" gravity="0 0 0"/>
                <custom>
                  <text name="diffart:solver" data="%s"/>
                  <numeric name="diffart:restitution" data="0.5"/>
                </custom>
                <worldbody>
                  <geom type="plane" size="5 5 0.1"/>
                  <body pos="0 0 0.1005"><freejoint/><geom size="0.1" mass="1"/></body>
                </worldbody>
              </mujoco>
              """
                  .formatted(solver),
              "bounce.xml");
      assertEquals(0.5, m.opt().restitution());
      Data d = new Data(m);
      d.qvel[2] = -2;
      for (int t = 0; t < 20; t++) {
        Step.step(m, d);
      }
      // e·2 m/s, plus the stabilisation's erp·1.5 mm/dt of the step that met the floor 1.5 mm deep
      assertEquals(1 + 0.01 * 0.0015 / 0.001, d.qvel[2], 1e-3, solver);
    }
  }

  /**
   * The interior point solves a scaled problem (unit Delassus diagonal), so a ball of ten tonnes
   * (its cfm scaled along) lands and comes to rest on the floor as a ball of one kilogram. Before
   * the scaling, a 10 t ball with the default cfm stopped the solver after five Newton steps with a
   * residual of 30 and fell through the floor.
   */
  @Test
  void heavyBodiesLandAsLightOnes() {
    double[] z = new double[3], vz = new double[3];
    String[] masses = {"1", "1e4", "1e6"};
    for (int i = 0; i < 3; i++) {
      Model m =
          ModelLoader.loadMjcfString(
              """
              <mujoco>
                <option timestep="0.01"/>
                <custom><text name="diffart:solver" data="lcp-pdipm"/></custom>
                <worldbody>
                  <geom type="plane" size="5 5 0.1"/>
                  <body pos="0 0 0.5"><freejoint/><geom size="0.1" mass="%s"/></body>
                </worldbody>
              </mujoco>
              """
                  .formatted(masses[i]),
              "heavy.xml");
      // cfm scaled with the inverse mass, so that the three Delassus matrices are proportional
      // (an absolute regularisation would soften the heavy ball's contact more)
      m = m.withOptions(m.opt().toBuilder().cfm(1e-5 / Double.parseDouble(masses[i])).build());
      Data d = new Data(m);
      for (int t = 0; t < 100; t++) {
        Step.step(m, d);
        if (d.nefc > 0) {
          assertTrue(d.solverResidual < 1e-10, masses[i] + " kg: residual " + d.solverResidual);
        }
      }
      z[i] = d.qpos[2];
      vz[i] = d.qvel[2];
    }
    for (int i = 1; i < 3; i++) {
      assertEquals(z[0], z[i], 1e-9, masses[i] + " kg rests where 1 kg does");
      assertEquals(vz[0], vz[i], 1e-9, masses[i] + " kg");
    }
  }
}
