package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.testing.Invariants;
import org.diffart.sim.testing.RandomModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StepTest {

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3})
  void undampedTreeConservesEnergyUnderRk4(long seed) {
    Options o = Options.builder().integrator(Integrator.RK4).timestep(1e-4).contact(false).build();
    Model m = RandomModels.tree(RandomModels.Spec.conservative(8, false, o), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    double e0 = Invariants.energy(m, d);
    double scale = Math.abs(e0) + 1;
    double maxDrift = 0;
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
      maxDrift = Math.max(maxDrift, Math.abs(Invariants.energy(m, d) - e0));
    }
    assertTrue(
        maxDrift < 1e-7 * scale, "seed " + seed + ": energy drift " + maxDrift + " of " + e0);
  }

  @Test
  void energyDriftOfChainShrinksAtFourthOrder() {
    double[] drift = new double[2];
    double[] dts = {2e-3, 1e-3};
    for (int c = 0; c < 2; c++) {
      Options o =
          Options.builder().integrator(Integrator.RK4).timestep(dts[c]).contact(false).build();
      Model m = RandomModels.chain(5, o);
      Data d = new Data(m);
      for (int k = 0; k < m.nq(); k++) {
        d.qpos[k] = 0.6;
      }
      double e0 = Invariants.energy(m, d);
      int steps = (int) Math.round(1.0 / dts[c]);
      for (int s = 0; s < steps; s++) {
        Step.step(m, d);
      }
      drift[c] = Math.abs(Invariants.energy(m, d) - e0);
    }
    assertTrue(drift[0] > 0, "drift must be measurable");
    double ratio = drift[0] / drift[1];
    assertTrue(ratio > 10, "halving dt should shrink the RK4 energy error about 16x, got " + ratio);
  }

  @ParameterizedTest
  @ValueSource(longs = {4, 5, 6})
  void freeFloatingTreeConservesMomentumWithoutGravity(long seed) {
    Options o =
        Options.builder()
            .integrator(Integrator.RK4)
            .timestep(1e-4)
            .gravity(0, 0, 0)
            .contact(false)
            .limit(false)
            .build();
    Model m = RandomModels.tree(new RandomModels.Spec(8, true, true, true, false, o), seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed);
    double[] h0 = Invariants.momentum(m, d);
    double scale = 0;
    for (double x : h0) {
      scale = Math.max(scale, Math.abs(x));
    }
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    double[] h1 = Invariants.momentum(m, d);
    for (int k = 0; k < 6; k++) {
      assertEquals(h0[k], h1[k], 1e-8 * scale, "momentum component " + k + " (seed " + seed + ")");
    }
  }

  @Test
  void freeBodyFallsWithGravityAndSpinsFreely() {
    Model m =
        RandomModels.tree(
            RandomModels.Spec.conservative(1, true, Options.builder().contact(false).build()), 3);
    Data d = new Data(m);
    d.qvel[0] = 1;
    d.qvel[5] = 2;
    Step.forward(m, d);
    // ABA measures accelerations against a frame accelerating with g (a_0 = -g), so free fall shows
    // zero
    // acceleration of the centre of mass however the body spins
    double[] comAcc = comAcceleration(m, d);
    assertEquals(0, comAcc[0], 1e-12);
    assertEquals(0, comAcc[1], 1e-12);
    assertEquals(0, comAcc[2], 1e-12);
    assertTrue(
        Math.abs(d.qacc[3]) + Math.abs(d.qacc[4]) + Math.abs(d.qacc[5]) > 0,
        "spin must be present");
  }

  /** World acceleration of body 1's centre of mass from its spatial acceleration. */
  private static double[] comAcceleration(Model m, Data d) {
    double[] a = new double[6];
    System.arraycopy(d.bodyAcc, 6, a, 0, 6);
    double[] v = new double[6];
    System.arraycopy(d.bodyVel, 6, v, 0, 6);
    // classical acceleration of a body point c: a_lin + ω̇ × c + ω × (v_lin + ω × c), in body
    // coordinates
    double[] c = {m.bodyIpos(1, 0), m.bodyIpos(1, 1), m.bodyIpos(1, 2)};
    double[] vc = add(sub(v, 3), cross(v, c));
    double[] acc = add(add(sub(a, 3), cross(a, c)), cross(v, vc));
    double[] w = new double[3];
    for (int r = 0; r < 3; r++) {
      for (int k = 0; k < 3; k++) {
        w[r] += d.xmat[9 + 3 * r + k] * acc[k];
      }
    }
    return w;
  }

  private static double[] sub(double[] v, int o) {
    return new double[] {v[o], v[o + 1], v[o + 2]};
  }

  private static double[] cross(double[] a, double[] b) {
    return new double[] {
      a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]
    };
  }

  private static double[] add(double[] a, double[] b) {
    return new double[] {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
  }

  @Test
  void steppingAllocatesNothing() {
    Model m = RandomModels.tree(RandomModels.Spec.full(12), 9);
    Data d = new Data(m);
    RandomModels.randomState(m, d, 9);
    for (int s = 0; s < 20_000; s++) {
      Step.step(m, d);
      if (s % 1000 == 0) {
        RandomModels.randomState(m, d, s);
      }
    }
    RandomModels.randomState(m, d, 9);
    com.sun.management.ThreadMXBean bean =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long tid = Thread.currentThread().getId();
    long before = bean.getThreadAllocatedBytes(tid);
    for (int s = 0; s < 1000; s++) {
      Step.step(m, d);
    }
    long bytes = bean.getThreadAllocatedBytes(tid) - before;
    assertEquals(0, bytes, "bytes allocated by 1000 steps");
  }

  @Test
  void nanInStateNamesStepJointAndBody() {
    Model m = RandomModels.chain(3, Options.builder().contact(false).build());
    Data d = new Data(m);
    Step.step(m, d);
    d.qvel[1] = Double.NaN;
    SimulationException e = assertThrows(SimulationException.class, () -> Step.step(m, d));
    assertTrue(e.getMessage().contains("step 1"), e.getMessage());
    assertTrue(e.getMessage().contains("qvel[1]"), e.getMessage());
    assertTrue(e.getMessage().contains("hinge1"), e.getMessage());
    assertTrue(e.getMessage().contains("link1"), e.getMessage());
  }

  /**
   * A 100 t box resting on a floor with 10 ms steps needs about 2 500 N·s of normal impulse at each
   * of its four corners per step: at PGS's default cap (1000 N·s) the step fails, naming the
   * contact's bodies and the setting, before the box sinks; with the cap raised from MJCF it comes
   * to rest on its face.
   */
  @Test
  void aNormalImpulseAtItsCapFailsTheStepByName() {
    String xml =
        """
        <mujoco>
          <option timestep="0.01"/>
          <custom>%s</custom>
          <worldbody>
            <geom name="floor" type="plane" size="5 5 0.1"/>
            <body name="crate" pos="0 0 0.5"><freejoint/><geom type="box" size="1 1 0.5" mass="100000"/></body>
          </worldbody>
        </mujoco>
        """;
    Model capped = ModelLoader.loadMjcfString(xml.formatted(""), "crate.xml");
    Data d = new Data(capped);
    SimulationException e =
        assertThrows(
            SimulationException.class,
            () -> {
              for (int i = 0; i < 100; i++) {
                Step.step(capped, d);
              }
            });
    assertTrue(e.getMessage().contains("maxNormalImpulse = 1000.0"), e.getMessage());
    assertTrue(e.getMessage().contains("body 'crate'"), e.getMessage());
    assertTrue(e.getMessage().contains("diffart:maxnormalimpulse"), e.getMessage());
    assertTrue(d.qpos[2] > 0.5 - 1e-3, "failed before it sank: " + d.qpos[2]);
    Model raised =
        ModelLoader.loadMjcfString(
            xml.formatted("<numeric name=\"diffart:maxnormalimpulse\" data=\"1e5\"/>"),
            "crate.xml");
    Data r = new Data(raised);
    for (int i = 0; i < 1000; i++) {
      Step.step(raised, r);
    }
    // it rests where Baumgarte's push balances the absolute softness: cfm·λ = erp·depth/dt with
    // λ = m g dt / 4 at each corner, 25 mm deep under 100 t (1 µm under 4 kg)
    double depth = 1e-5 * (1e5 * 9.81 * 0.01 / 4) * 0.01 / 0.01;
    assertEquals(0.5 - depth, r.qpos[2], 1e-3, "rests on its face");
  }

  @Test
  void nanAccelerationIsCaughtBeforeIntegration() {
    Model m = RandomModels.chain(2, Options.builder().contact(false).build());
    Data d = new Data(m);
    d.qfrcApplied[0] = Double.POSITIVE_INFINITY;
    double[] before = d.qpos.clone();
    SimulationException e = assertThrows(SimulationException.class, () -> Step.step(m, d));
    assertTrue(e.getMessage().contains("qacc"), e.getMessage());
    assertEquals(before[0], d.qpos[0], "the state must not be advanced");
  }

  /**
   * RK4 evaluates the limit at every stage: a slider falling onto its lower limit stops there, as
   * with Euler.
   */
  @Test
  void rk4StopsAtALimitAsEulerDoes() {
    String xml =
        """
        <mujoco>
          <option timestep="0.002" integrator="%s"/>
          <worldbody>
            <body><joint type="slide" axis="0 0 1" limited="true" range="-0.5 1"/><geom size="0.1" mass="1"/></body>
          </worldbody>
        </mujoco>
        """;
    for (String integrator : new String[] {"RK4", "Euler"}) {
      Model m = ModelLoader.loadMjcfString(xml.formatted(integrator), "drop");
      Data d = new Data(m);
      double lowest = 0;
      for (int k = 0; k < 2000; k++) {
        Step.step(m, d);
        lowest = Math.min(lowest, d.qpos[0]);
      }
      assertTrue(lowest > -0.5 - 0.02, integrator + ": sank to " + lowest);
      assertTrue(
          Math.abs(d.qpos[0] + 0.5) < 2e-3 && Math.abs(d.qvel[0]) < 1e-2,
          integrator + ": rests at the limit: q = " + d.qpos[0] + ", v = " + d.qvel[0]);
    }
  }
}
