package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.Invariants;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Control Suite file that loads, rolled out 2000 steps from {@code qpos0} at rest with zero
 * controls (MuJoCo's {@code mj_resetData}), judged by checks that do not use the dynamics: the
 * state stays finite; no contact sinks deeper than {@link #MAX_PENETRATION} or than {@link
 * #MUJOCO_DEPTH_FACTOR} times MuJoCo 2.2.2's own deepest contact on the same rollout ({@code
 * datasets/reference/dm_control/depth.jsonl}, from {@code probes/mjdepth.c}: a body that falls onto
 * the floor penetrates during the step it lands in, in both simulators; flat faces collided by MPR
 * have one contact in both and tip into each other: humanoid100's stacked discs sink 105 mm into
 * each other in MuJoCo, 146 mm in diffart, whose hard rows push a penetration out by {@code erp} a
 * step where MuJoCo's soft ones push harder); and the mechanical energy (kinetic, gravitational,
 * joint springs) never rises above its start by more than {@link #ENERGY_GAIN} of the energy scale:
 * without actuation, damping and inelastic contacts only take energy out.
 */
class DmControlRolloutTest {
  /** Deepest contact always allowed, m. */
  static final double MAX_PENETRATION = 0.005;

  /**
   * How much deeper than MuJoCo's deepest contact ours may go, where MuJoCo's exceeds {@link
   * #MAX_PENETRATION}.
   */
  static final double MUJOCO_DEPTH_FACTOR = 1.5;

  /**
   * Largest energy gain allowed, relative to the largest of |E|, the kinetic and the potential
   * energies seen.
   */
  static final double ENERGY_GAIN = 0.01;

  static List<String> loading() throws IOException {
    return DmControlSuiteTest.loading();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("loading")
  void twoThousandStepsFromRestAreSound(String name) {
    assertSound(
        ModelLoader.load(DmControlSuiteTest.suite().resolve(name + ".xml")),
        name,
        mujocoDeepest("dm_control", name));
  }

  /**
   * Rolls m out 2000 steps from {@code qpos0} at rest with zero controls and checks it as the class
   * says, against MuJoCo's deepest contact {@code mujoco} (m) on the same rollout.
   */
  static void assertSound(Model m, String name, double mujoco) {
    assertSound(m, new Data(m), name, mujoco);
  }

  /**
   * Rolls m out 2000 steps from the state of {@code d}, holding its controls, and checks it as the
   * class says; the energy then counts the work of the actuators at those controls as a potential
   * ({@link #actuatorPotential}).
   */
  static void assertSound(Model m, Data d, String name, double mujoco) {
    double e0 = energy(m, d), scale = Math.abs(e0), maxGain = 0, deepest = 0;
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
      for (int c = 0; c < d.ncon; c++) {
        deepest = Math.max(deepest, -d.conDist[c]);
      }
      double e = energy(m, d);
      scale = Math.max(scale, Math.abs(e));
      maxGain = Math.max(maxGain, e - e0);
    }
    String at =
        String.format(
            "%s: energy %.6g J at the start, largest gain %.3g J (scale %.3g J), deepest contact"
                + " %.3g mm",
            name, e0, maxGain, scale, 1e3 * deepest);
    assertTrue(
        deepest <= Math.max(MAX_PENETRATION, MUJOCO_DEPTH_FACTOR * mujoco),
        at + "; MuJoCo's deepest " + 1e3 * mujoco + " mm");
    assertTrue(maxGain <= ENERGY_GAIN * Math.max(scale, 1e-9), at);
  }

  /**
   * MuJoCo 2.2.2's deepest contact over the same 2000 steps, m, from {@code
   * datasets/reference/DIR/depth.jsonl} ({@code probes/mjdepth.c}).
   */
  static double mujocoDeepest(String dir, String name) {
    try {
      for (String line :
          java.nio.file.Files.readAllLines(
              ReferenceFiles.repoRoot().resolve("datasets/reference/" + dir + "/depth.jsonl"))) {
        com.google.gson.JsonObject o =
            com.google.gson.JsonParser.parseString(line).getAsJsonObject();
        if (o.get("model").getAsString().endsWith("/" + name + ".xml")) {
          return o.get("deepest_m").getAsDouble();
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    throw new AssertionError("no MuJoCo depth for " + name + " in depth.jsonl");
  }

  /**
   * Kinetic (with armature, without the step's implicit damping) + gravitational (of the bodies
   * that move) + joint-spring energy, the potential of the actuators at their constant controls
   * ({@link #actuatorPotential}; on a slider-crank too, whose moment arms are ∂length/∂q) and a
   * muscle's passive force ({@link #musclePotential}).
   */
  private static double energy(Model m, Data d) {
    Forces.armature(m, d, 0);
    double e = Invariants.energy(m, d);
    for (int i = 1; i < m.nbody(); i++) {
      if (m.bodyWeld(i) == 0) {
        // a body welded to the world keeps its potential: leave it out of the energy's scale
        double[] c = Invariants.comWorld(m, d, i);
        for (int k = 0; k < 3; k++) {
          e += m.bodyMass(i) * m.opt().gravity(k) * c[k];
        }
      }
    }
    Kinematics.forward(m, d);
    Forces.passive(m, d);
    Forces.actuation(m, d);
    for (int a = 0; a < m.nu(); a++) {
      if (m.actBiasMuscle(a)) {
        e += musclePotential(m, a, d.actuatorLength[a]);
      } else if (m.actBias(a, 1) <= 0
          && m.actBias(a, 2) <= 0
          && m.actActAdr(a) < 0
          && !m.actGainMuscle(a)
          && m.actGain(a, 1) == 0
          && m.actGain(a, 2) == 0) {
        e += actuatorPotential(m, a, d.ctrl[a], d.actuatorLength[a]);
      }
    }
    for (int j = 0; j < m.njnt(); j++) {
      JointType t = m.jntType(j);
      if (t == JointType.HINGE || t == JointType.SLIDE) {
        int a = m.jntQposAdr(j);
        double x = d.qpos[a] - m.qposSpring(a);
        e += 0.5 * m.jntStiffness(j) * x * x;
      }
    }
    return e;
  }

  /**
   * What an actuator with a fixed gain and an affine bias stores at the constant control {@code
   * ctrl} (clamped to its range) and length l: its force {@code clamp(u(l) − c·l̇)}, {@code u =
   * gain0 ctrl + bias0 − k l}, {@code k = −bias1 ≥ 0}, {@code c = −bias2 ≥ 0}, clamped to its force
   * range where limited and to its joint's {@code actuatorfrcrange} (divided by the gear) where
   * that is limited, does at most the work of {@code clamp(u(l))} along l (the clamp is monotone,
   * so the damping only takes work out), whose potential {@code −∫ clamp(u) dl} is {@code (s u −
   * s²/2)/k} with {@code s = clamp(u)} (a position servo's {@code kp (l − ctrl)²/2} unclamped), and
   * {@code −s l} for k = 0 (a constant force). A joint clamp is a clamp of this actuator's force
   * only when no other actuator drives the joint; the method refuses the other case.
   */
  static double actuatorPotential(Model m, int a, double ctrl, double l) {
    double c =
        m.actCtrlLimited(a)
            ? Math.min(Math.max(ctrl, m.actCtrlRange(a, 0)), m.actCtrlRange(a, 1))
            : ctrl;
    double lo = m.actForceLimited(a) ? m.actForceRange(a, 0) : Double.NEGATIVE_INFINITY;
    double hi = m.actForceLimited(a) ? m.actForceRange(a, 1) : Double.POSITIVE_INFINITY;
    int j = m.actTendon(a) < 0 && m.actCrankSite(a) < 0 ? m.actJnt(a) : -1;
    if (j >= 0 && m.jntActFrcLimited(j)) {
      for (int b = 0; b < m.nu(); b++) {
        if (b != a && m.actJnt(b) == j && m.actTendon(b) < 0) {
          throw new IllegalArgumentException(
              "joint " + m.jntName(j) + "'s actuatorfrcrange clamps several actuators' sum");
        }
      }
      double g = m.actGear(a), jlo = m.jntActFrcRange(j, 0) / g, jhi = m.jntActFrcRange(j, 1) / g;
      lo = Math.max(lo, Math.min(jlo, jhi));
      hi = Math.min(hi, Math.max(jlo, jhi));
    }
    double k = -m.actBias(a, 1), u = m.actGain(a, 0) * c + m.actBias(a, 0) - k * l;
    double s = Math.min(Math.max(u, lo), hi);
    return k > 0 ? (s * u - 0.5 * s * s) / k : -s * l;
  }

  /**
   * The energy a muscle's passive force stores, {@code −∫ bias dlength} from where it starts: with
   * the normalised length {@code L = range0 + (len − lr0)/L0}, {@code w = b − 1}, {@code b = (1 +
   * lmax)/2} and the peak force F ({@code scale/acc0} when {@code force < 0}), the force {@code −F
   * fpmax x²/2} for {@code x = (L − 1)/w ≤ 1} stores {@code F fpmax L0 w x³/6}; past b the force
   * {@code −F fpmax (1/2 + y)}, {@code y = (L − b)/w}, adds {@code F fpmax L0 w (y/2 + y²/2)}.
   */
  static double musclePotential(Model m, int a, double len) {
    double r0 = m.actBias(a, 0),
        r1 = m.actBias(a, 1),
        force = m.actBias(a, 2),
        lmax = m.actBias(a, 5);
    double fpmax = m.actBias(a, 7), peak = force < 0 ? m.actBias(a, 3) / m.actAcc0(a) : force;
    double l0 = (m.actLengthRange(a, 1) - m.actLengthRange(a, 0)) / (r1 - r0);
    double nl = r0 + (len - m.actLengthRange(a, 0)) / l0,
        b = 0.5 * (1 + lmax),
        w = b - 1,
        c = peak * fpmax * l0 * w;
    if (nl <= 1) {
      return 0;
    }
    if (nl <= b) {
      double x = (nl - 1) / w;
      return c * x * x * x / 6;
    }
    double y = (nl - b) / w;
    return c * (1.0 / 6 + 0.5 * y + 0.5 * y * y);
  }
}
