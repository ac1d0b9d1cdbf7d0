package org.diffart.backends;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What every backend owes: the same results as the CPU reference ({@code Step.step} on one Data per
 * world), bit for bit, for every built-in and dataset model with contacts, worlds in different
 * states; every field of Data after a step, intermediates included, from a Data whose intermediates
 * were poisoned with NaN (a stage that does not write its output shows); and the CPU backend's
 * error for a world that blows up. Subclassed per backend.
 */
abstract class BackendContractTest {
  /**
   * Fields that are state, parameters or warm start: the step reads them. Everything else it must
   * write first.
   */
  private static final Set<String> INPUTS =
      Set.of(
          "time",
          "nstep",
          "qpos",
          "qvel",
          "ctrl",
          "act",
          "qfrcApplied",
          "bodyInert",
          "dofDamping",
          "geomFriction",
          "geomRestitution",
          "warmImpulse",
          "warmValid",
          "history");

  /** The backend's name in {@link Backends}. */
  abstract String backend();

  /** World w's whole Data as the backend holds it. */
  abstract Data data(Backend b, int w);

  /** Replaces world w's whole Data. */
  abstract void setData(Backend b, int w, Data d);

  static Stream<String> models() {
    return Stream.of(
        "builtin:pendulum:7",
        "builtin:laikago",
        "builtin:laikago10",
        "builtin:arm9",
        "builtin:golf",
        "builtin:ant",
        "builtin:humanoid",
        "builtin:chain50",
        "../datasets/models/acrobot.urdf",
        // sites and sensors of every kind, contacts on (touch, force and torque see the contact
        // forces)
        "../datasets/models/dm_control/humanoid.xml",
        "../datasets/models/dm_control/cheetah.xml",
        // dry joint friction rows beside contacts
        "../datasets/models/dm_control/finger.xml",
        // fixed tendons: springs, dampers, actuators on tendons, a limit
        "../datasets/models/dm_control/point_mass.xml",
        "../datasets/reference/models/tendons.xml",
        // RK4 with a joint limit evaluated at every stage
        "../datasets/models/dm_control/cartpole.xml",
        // RK4 with contacts: collision and the constraint solve at every stage
        "../datasets/reference/models/rk4_contacts.xml",
        // MuJoCo 3.x's implicit (an LU of M - dt D with the bias derivative) and implicitfast (a
        // standalone free body's gyroscopic block)
        "../datasets/reference/implicit314/implicit_arm.xml",
        "../datasets/reference/implicit314/implicit_free.xml",
        // MuJoCo 3's joint-level clamp of the total actuator force
        "../datasets/reference/actfrc314/actfrc_arm.xml",
        "../datasets/reference/models/sensors.xml",
        // frame sensors read in reference frames (reftype, refname) of every kind
        "../datasets/reference/elements314/sensors_ref.xml",
        // equality constraints of every kind; a tendon coupling beside contacts in a real model
        "../datasets/reference/models/equality.xml",
        "../datasets/models/dm_control/manipulator.xml",
        // fluid forces with density, viscosity and wind; a real swimmer (the fish's fins make its
        // explicit quadratic
        // drag blow up from the random-velocity start, in MuJoCo 2.2.2 too)
        "../datasets/reference/models/fluid.xml",
        "../datasets/models/dm_control/swimmer.xml",
        // spatial tendons: springs, dampers, a limit; the ball on its string
        "../datasets/reference/models/spatial.xml",
        "../datasets/models/dm_control/ball_in_cup.xml",
        // tendons wrapping around spheres and cylinders (side sites, the inside wrap), a pulley,
        // tendon actuators
        "../datasets/reference/models/wrapping.xml",
        // muscles (gain, bias, activation) on joints and tendons; MuJoCo's arm of six muscles over
        // wrapped tendons
        "../datasets/reference/models/muscles.xml",
        "../datasets/models/mujoco_samples/arm26.xml",
        // MuJoCo's energy output (flag energy); every actuator type, activation states with and
        // without limits
        "../datasets/reference/models/energy.xml",
        "../datasets/reference/models/actuators.xml",
        // MPR's convex pairs and plane-cylinder; explicit contact pairs with their own friction and
        // condim
        "../datasets/reference/models/convex.xml",
        "../datasets/reference/collisions/pairs.xml",
        // MuJoCo 3's history: delayed controls and delayed, sampled, interpolated sensors, Euler
        // and RK4 (whose stages read the controls at their own times)
        "../datasets/reference/history314/delayed_arm.xml",
        "../datasets/reference/history314/delayed_arm_rk4.xml",
        // torsional and rolling friction rows (condim 4 and 6)
        "../datasets/reference/models/spin_roll.xml",
        // contact margins and gaps
        "../datasets/reference/models/margins.xml",
        // adhesion actuators
        "../datasets/reference/models/adhesion.xml",
        // height fields; the quadruped on its (flat) terrain with rangefinders
        "../datasets/reference/models/terrain.xml",
        "../datasets/models/dm_control/quadruped.xml",
        // meshes on a plane, a box, a mesh and a height field
        "../datasets/reference/models/meshes.xml",
        // box-box stacks: faces and edges (mjc_BoxBox)
        "../datasets/reference/models/box_stack.xml",
        // slider-crank transmissions
        "../datasets/models/mujoco_samples/slider_crank.xml",
        // site transmissions: thrusters on a free body; site actuators with and without reference
        // sites
        "../datasets/reference/sites314/thrusters.xml",
        "../datasets/reference/sites314/site_arm.xml");
  }

  /**
   * Three worlds: the first keyframe (or qpos0), a perturbed configuration, random velocities;
   * random controls.
   */
  private static Data[] starts(Model m, long seed) {
    Random rnd = new Random(seed);
    Data[] out = new Data[3];
    for (int w = 0; w < 3; w++) {
      Data d = new Data(m);
      if (m.nkey() > 0) {
        d.resetToKey(0);
      }
      if (w == 1) {
        for (int k = 0; k < m.nv(); k++) {
          d.qvel[k] = 0.02 * rnd.nextGaussian();
        }
        org.diffart.sim.algo.kinematics.Configuration.integratePos(m, d.qpos, d.qvel, 1.0);
        Arrays.fill(d.qvel, 0);
      } else if (w == 2) {
        for (int k = 0; k < m.nv(); k++) {
          d.qvel[k] = 0.5 * rnd.nextGaussian();
        }
      }
      for (int a = 0; a < m.nu(); a++) {
        double lo = m.actCtrlLimited(a) ? m.actCtrlRange(a, 0) : -1,
            hi = m.actCtrlLimited(a) ? m.actCtrlRange(a, 1) : 1;
        d.ctrl[a] = w == 0 && m.nkey() > 0 ? d.ctrl[a] : lo + (hi - lo) * rnd.nextDouble();
      }
      out[w] = d;
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("models")
  void aThousandStepsEqualTheCpuReferenceBitForBit(String spec) {
    Model m = ModelLoader.load(spec);
    Data[] ref = starts(m, 1);
    int worlds = ref.length, steps = 1000;
    try (Backend b = Backends.create(backend(), m, worlds)) {
      double[] q = new double[worlds * m.nq()],
          v = new double[worlds * m.nv()],
          u = new double[worlds * m.nu()];
      for (int w = 0; w < worlds; w++) {
        System.arraycopy(ref[w].qpos, 0, q, w * m.nq(), m.nq());
        System.arraycopy(ref[w].qvel, 0, v, w * m.nv(), m.nv());
        System.arraycopy(ref[w].ctrl, 0, u, w * m.nu(), m.nu());
      }
      b.setQpos(q);
      b.setQvel(v);
      b.setCtrl(u);
      double[] act = new double[worlds * m.na()];
      for (int w = 0; w < worlds; w++) {
        System.arraycopy(ref[w].act, 0, act, w * m.na(), m.na());
      }
      b.setAct(act);
      b.step(steps / 2);
      b.step(steps - steps / 2);
      for (Data d : ref) {
        for (int s = 0; s < steps; s++) {
          Step.step(m, d);
        }
      }
      b.getQpos(q);
      b.getQvel(v);
      b.getAct(act);
      for (int w = 0; w < worlds; w++) {
        assertArrayEquals(
            ref[w].act,
            Arrays.copyOfRange(act, w * m.na(), (w + 1) * m.na()),
            spec + " world " + w);
        assertArrayEquals(
            ref[w].qpos, Arrays.copyOfRange(q, w * m.nq(), (w + 1) * m.nq()), spec + " world " + w);
        assertArrayEquals(
            ref[w].qvel, Arrays.copyOfRange(v, w * m.nv(), (w + 1) * m.nv()), spec + " world " + w);
        assertEquals(ref[w].time, b.time(w));
      }
    }
  }

  @ParameterizedTest
  @MethodSource("models")
  void everyFieldAfterAStepFromPoisonedIntermediatesEqualsTheReference(String spec)
      throws Exception {
    Model m = ModelLoader.load(spec);
    Data[] ref = poisonedAfter20Steps(m);
    try (Backend b = holding(m, ref)) {
      b.step(1);
      for (int w = 0; w < ref.length; w++) {
        Step.step(m, ref[w]);
        assertEquals(
            List.of(),
            differingFields(ref[w], data(b, w)),
            spec + " world " + w + ": fields that differ from the CPU reference");
      }
    }
  }

  /**
   * A forward evaluation without a step ({@link Backend#forward}) writes what the CPU's {@code
   * Step.forward} writes, bit for bit, and leaves the history ({@link Backend#getHistory}), the
   * state and the time as they were.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "../datasets/reference/history314/delayed_arm.xml",
        "../datasets/models/dm_control/humanoid.xml"
      })
  void aForwardEvaluationEqualsTheCpuForwardAndLeavesTheHistory(String spec) throws Exception {
    Model m = ModelLoader.load(spec);
    Data[] ref = poisonedAfter20Steps(m);
    try (Backend b = holding(m, ref)) {
      double[] history = new double[ref.length * m.nhistory()];
      b.getHistory(history);
      b.forward();
      double[] after = new double[history.length];
      b.getHistory(after);
      assertArrayEquals(history, after, spec);
      for (int w = 0; w < ref.length; w++) {
        double[] before = ref[w].history.clone();
        double time = ref[w].time;
        Step.forward(m, ref[w]);
        assertArrayEquals(before, ref[w].history, spec);
        assertEquals(time, b.time(w));
        assertArrayEquals(
            before, Arrays.copyOfRange(after, w * m.nhistory(), (w + 1) * m.nhistory()));
        assertEquals(
            List.of(),
            differingFields(ref[w], data(b, w)),
            spec + " world " + w + ": fields that differ from the CPU's forward");
      }
    }
  }

  /**
   * Two worlds of m after 20 steps from seeded starts (so that contacts are active and the warm
   * start and the history are filled), their intermediates poisoned.
   */
  private static Data[] poisonedAfter20Steps(Model m) throws IllegalAccessException {
    Data[] ref = starts(m, 2);
    for (Data d : ref) {
      for (int s = 0; s < 20; s++) {
        Step.step(m, d);
      }
      poison(d);
    }
    return ref;
  }

  /** A backend of m whose worlds hold the whole Data of {@code ref}. */
  private Backend holding(Model m, Data[] ref) {
    Backend b = Backends.create(backend(), m, ref.length);
    for (int w = 0; w < ref.length; w++) {
      setData(b, w, ref[w]);
    }
    return b;
  }

  private static List<String> differingFields(Data ref, Data got) throws IllegalAccessException {
    List<String> differ = new ArrayList<>();
    for (Field f : numberFields()) {
      Object a = f.get(ref), c = f.get(got);
      boolean same =
          a instanceof double[] x
              ? Arrays.equals(x, (double[]) c)
              : a instanceof int[] x
                  ? Arrays.equals(x, (int[]) c)
                  : a.equals(c)
                      || f.getType() == long.class
                          && ((Long) a).intValue() == ((Long) c).intValue();
      if (!same) {
        differ.add(f.getName());
      }
    }
    return differ;
  }

  @Test
  void aWorldThatBlowsUpIsNamedAsTheCpuBackendNamesItAndTheOthersStep() {
    Model m = ModelLoader.load("builtin:pendulum:2");
    try (Backend b = Backends.create(backend(), m, 2)) {
      b.setQvel(new double[] {0.1, 0, Double.NaN, 0});
      SimulationException e = assertThrows(SimulationException.class, () -> b.step(5));
      assertTrue(
          e.getMessage()
              .startsWith("world 1: step 0 (t=0.0): qvel[0] = NaN at dof 0 of joint 'joint0'"),
          e.getMessage());
      assertEquals(0, b.time(1), "the failed world keeps its last good state");
      assertTrue(b.time(0) > 0, "world 0 stepped");
      b.setQvel(new double[] {0.1, 0, 0.2, 0});
      b.step(5);
      assertTrue(b.time(1) > 0, "after the state is repaired the world steps again");
    }
  }

  @Test
  void itDeclaresWhatTheRegistryListsForIt() {
    try (Backend b = Backends.create(backend(), ModelLoader.load("builtin:pendulum:1"), 1)) {
      assertEquals(backend(), b.name());
      assertEquals(Backends.capabilities(backend()), b.capabilities());
    }
  }

  @Test
  void batchArraysMustHaveWorldsTimesSize() {
    Model m = ModelLoader.load("builtin:pendulum:2");
    try (Backend b = Backends.create(backend(), m, 3)) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> b.setQpos(new double[2]));
      assertEquals("qpos must have worlds×2 = 6 values, got 2", e.getMessage());
    }
  }

  /** Every field the step must write before it reads it set to NaN (ints to -7). */
  private static void poison(Data d) throws IllegalAccessException {
    for (Field f : numberFields()) {
      if (INPUTS.contains(f.getName())) {
        continue;
      }
      Object v = f.get(d);
      if (v instanceof double[] a) {
        Arrays.fill(a, Double.NaN);
      } else if (v instanceof int[] a) {
        Arrays.fill(a, -7);
      }
    }
  }

  static List<Field> numberFields() {
    List<Field> out = new ArrayList<>();
    for (Field f : Data.class.getFields()) {
      Class<?> t = f.getType();
      if (!Modifier.isStatic(f.getModifiers())
          && !f.getName().equals("pgsRecord")
          && (t == double[].class
              || t == int[].class
              || t == double.class
              || t == int.class
              || t == long.class)) {
        out.add(f);
      }
    }
    return out;
  }

  /** Copies every number field of src into dst. */
  static void copyAll(Data src, Data dst) {
    try {
      for (Field f : numberFields()) {
        Object v = f.get(src);
        if (v instanceof double[] a) {
          System.arraycopy(a, 0, (double[]) f.get(dst), 0, a.length);
        } else if (v instanceof int[] a) {
          System.arraycopy(a, 0, (int[]) f.get(dst), 0, a.length);
        } else {
          f.set(dst, v);
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
