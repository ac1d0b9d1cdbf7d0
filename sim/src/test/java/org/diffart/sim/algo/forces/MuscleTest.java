package org.diffart.sim.algo.forces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.EnumSet;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.StepAdjoints;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * MuJoCo's muscles beside the comparison with MuJoCo ({@code MujocoReferenceTest} on {@code
 * muscles.xml} and MuJoCo's {@code arm26}): the curves at their defining points, the length range
 * simulation against hard limits, the flags that switch passive forces and actuation off, and the
 * adjoint of muscle gain, bias and activation dynamics against the tape and central differences.
 */
class MuscleTest {
  /** A 1 kg slider limited to [-0.2, 0.3] with a muscle of the given attributes, no gravity. */
  private static Model slider(String muscle) {
    return ModelLoader.loadMjcfString(
        """
        <mujoco>
          <option gravity="0 0 0"/>
          <worldbody>
            <body><joint name="x" type="slide" axis="1 0 0" limited="true" range="-0.2 0.3"/>
              <geom type="box" size=".1 .1 .1" mass="1"/></body>
          </worldbody>
          <actuator><muscle name="m" joint="x" ctrllimited="true" ctrlrange="0 1" MUSCLE/></actuator>
        </mujoco>
        """
            .replace("MUSCLE", muscle),
        "slider");
  }

  @Test
  void theLengthRangeOfAMuscleOnALimitedSliderIsItsLimits() {
    // the simulation pushes the slider against each limit and the gear scales the length; the push
    // of 20 m/s² holds
    // the slider a few µm past its limit (until the limit rows' Baumgarte correction, erp = 0.01,
    // balances it)
    Model m = slider("gear=\"2\"");
    assertEquals(-0.4, m.actLengthRange(0, 0), 5e-5);
    assertEquals(0.6, m.actLengthRange(0, 1), 5e-5);
    // acc0: a unit force along gear 2 on 1 kg accelerates at 2
    assertEquals(2, m.actAcc0(0), 1e-12);
  }

  @Test
  void theCurvesTakeTheirDefiningValues() {
    // range [0.75, 1.05] over the length range (about [-0.2, 0.3]): L0 = span/0.3, L = 0.75 + (len
    // - lr0)/L0; the
    // peak force is scale/acc0 = 200/1
    Model m = slider("gear=\"1\" force=\"-1\" scale=\"200\"");
    double lr0 = m.actLengthRange(0, 0), l0 = (m.actLengthRange(0, 1) - lr0) / 0.3;
    java.util.function.DoubleUnaryOperator len = nl -> lr0 + (nl - 0.75) * l0;
    // optimal length at rest: FL = FV = 1, the active force is the peak force
    assertEquals(-200, Muscle.gain(m, 0, len.applyAsDouble(1), 0, 0), 1e-9);
    // at lmin and lmax no active force; half-way up the rise (L = (lmin + a)/2, a = 0.75) FL = 1/8
    assertEquals(0, Muscle.gain(m, 0, len.applyAsDouble(0.5 + 1e-12), 0, 0), 1e-9);
    assertEquals(0, Muscle.gain(m, 0, len.applyAsDouble(1.6 - 1e-12), 0, 0), 1e-9);
    // below lmin MuJoCo 2.2.2's branch order falls through to the second quadratic, FL = 1 - x²/2
    // with x = (1 -
    // L)/(1 - a): at L = 0.4, x = 2.4 and FL = -1.88 (the muscle pushes); MujocoReferenceTest sees
    // the same states
    assertEquals(200 * 1.88, Muscle.gain(m, 0, len.applyAsDouble(0.4), 0, 0), 1e-9);
    assertEquals(-200 * 0.125, Muscle.gain(m, 0, len.applyAsDouble(0.625), 0, 0), 1e-9);
    // shortening at vmax·L0 (V = -1) gives no force; lengthening fast gives fvmax
    assertEquals(0, Muscle.gain(m, 0, len.applyAsDouble(1), -1.5 * l0, 0), 1e-12);
    assertEquals(-200 * 1.2, Muscle.gain(m, 0, len.applyAsDouble(1), 10, 0), 1e-9);
    // passive: none up to L = 1, F·fpmax/2 at b = 1.3, then linear with slope F·fpmax/(b - 1)
    assertEquals(0, Muscle.bias(m, 0, len.applyAsDouble(1), 0), 0);
    assertEquals(-200 * 1.3 / 2, Muscle.bias(m, 0, len.applyAsDouble(1.3), 0), 1e-9);
    assertEquals(-200 * 1.3 * (0.5 + 1), Muscle.bias(m, 0, len.applyAsDouble(1.6), 0), 1e-9);
    // activation: τ = 0.01 (0.5 + 1.5 a) rising, 0.04/(0.5 + 1.5 a) falling
    assertEquals((1 - 0.2) / (0.01 * 0.8), Muscle.dynamics(m, 0, 1, 0.2, 0), 1e-9);
    assertEquals((0 - 0.2) / (0.04 / 0.8), Muscle.dynamics(m, 0, -3, 0.2, 0), 1e-9);
  }

  @Test
  void passiveAndActuationFlagsSwitchTheirForcesOff() {
    Model m = ModelLoader.load(ReferenceFiles.model("muscles.xml"));
    Data on = new Data(m);
    JsonObject k = ReferenceFiles.json("muscles").getAsJsonArray("cases").get(3).getAsJsonObject();
    System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, on.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(k.get("qvel")), 0, on.qvel, 0, m.nv());
    System.arraycopy(ReferenceFiles.doubles(k.get("ctrl")), 0, on.ctrl, 0, m.nu());
    System.arraycopy(ReferenceFiles.doubles(k.get("act")), 0, on.act, 0, m.na());
    Data off = new Data(m.withOptions(m.opt().toBuilder().passive(false).actuation(false).build()));
    off.copyStateFrom(on);
    Step.forward(m, on);
    Step.forward(off.model, off);
    assertTrue(TapeCheck.maxAbs(on.qfrcPassive) > 0 && TapeCheck.maxAbs(on.qfrcActuator) > 0);
    assertEquals(0, TapeCheck.maxAbs(off.qfrcPassive));
    assertEquals(0, TapeCheck.maxAbs(off.qfrcActuator));
    assertEquals(0, TapeCheck.maxAbs(off.actDot));
    // the lengths stay: tendon limits, sensors and the length range simulation read them
    assertEquals(on.tendonLength[1], off.tendonLength[1], 0);
    assertEquals(on.actuatorLength[3], off.actuatorLength[3], 0);
  }

  @Test
  void theMuscleAdjointMatchesTheTapeOnTheReferenceStates() {
    Model m = ModelLoader.load(ReferenceFiles.model("muscles.xml"));
    JsonArray cases = ReferenceFiles.json("muscles").getAsJsonArray("cases");
    for (int c = 0; c < cases.size(); c++) {
      JsonObject k = cases.get(c).getAsJsonObject();
      Data d = new Data(m);
      System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
      System.arraycopy(ReferenceFiles.doubles(k.get("qvel")), 0, d.qvel, 0, m.nv());
      System.arraycopy(ReferenceFiles.doubles(k.get("ctrl")), 0, d.ctrl, 0, m.nu());
      System.arraycopy(ReferenceFiles.doubles(k.get("act")), 0, d.act, 0, m.na());
      StepAdjoints.compare(m, d, 0, c, 1e-9);
    }
  }

  @Test
  void anArm26RolloutGradientMatchesTheTapeAndCentralDifferences() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/models/mujoco_samples/arm26.xml"));
    int steps = 40;
    Data start = new Data(m);
    start.qpos[0] = 0.4;
    start.qpos[1] = 0.9;
    for (int a = 0; a < m.na(); a++) {
      start.act[a] = 0.1 + 0.1 * a;
    }
    double[] u = new double[steps * m.nu()];
    java.util.Random rnd = new java.util.Random(3);
    for (int i = 0; i < u.length; i++) {
      u[i] = rnd.nextDouble();
    }
    RolloutProblem p = new RolloutProblem(m, start, u, steps, Loss.finalConfiguration());
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(5));
    GradientResult tape = TapeGradient.compute(p, 1L << 30);
    for (Wrt w : Wrt.values()) {
      double err = TapeCheck.relativeError(adjoint.grad(w), tape.grad(w));
      assertTrue(
          err < 1e-10 || TapeCheck.maxAbs(tape.grad(w)) < 1e-12, w + ": adjoint vs tape " + err);
    }
    EnumSet<Wrt> wrt = EnumSet.of(Wrt.ACT0, Wrt.QPOS0, Wrt.QVEL0, Wrt.CTRL);
    GradientResult fd =
        FiniteDifferenceGradient.compute(p, wrt, new FiniteDifferenceGradient.Settings(1e-6, true));
    for (Wrt w : wrt) {
      double err = TapeCheck.relativeError(adjoint.grad(w), fd.grad(w));
      assertTrue(err < 1e-6, w + ": adjoint vs central differences " + err);
    }
    assertTrue(TapeCheck.maxAbs(adjoint.grad(Wrt.CTRL)) > 1e-6, "the controls matter");
  }

  @Test
  void theCompilersLengthRangeOptionsAreHonoured() {
    // uselimit: the joint's range itself, unscaled by the gear (MuJoCo's rule); mode all: a motor
    // gets one too
    String xml =
        """
        <mujoco>
          <compiler><lengthrange mode="all" uselimit="true"/></compiler>
          <worldbody>
            <body><joint name="x" type="slide" axis="1 0 0" limited="true" range="-0.2 0.3"/>
              <geom type="box" size=".1 .1 .1" mass="1"/></body>
            <body pos="0 1 0"><joint name="y" type="slide" axis="1 0 0"/><geom type="box" size=".1 .1 .1" mass="1"/>
            </body>
          </worldbody>
          <tendon><fixed name="t" limited="true" range="-1 2"><joint joint="y" coef="1"/></fixed></tendon>
          <actuator><motor tendon="t"/><muscle joint="x" gear="2"/></actuator>
        </mujoco>
        """;
    Model m = ModelLoader.loadMjcfString(xml, "options");
    assertEquals(-1, m.actLengthRange(0, 0), 0);
    assertEquals(2, m.actLengthRange(0, 1), 0);
    assertEquals(-0.2, m.actLengthRange(1, 0), 0);
    assertEquals(0.3, m.actLengthRange(1, 1), 0);
    // mode none: no range is computed (and a muscle without one has a zero span)
    Model none =
        ModelLoader.loadMjcfString(
            xml.replace("mode=\"all\" uselimit=\"true\"", "mode=\"none\""), "none");
    assertEquals(0, none.actLengthRange(1, 1) - none.actLengthRange(1, 0), 0);
    // any other child of <compiler> is refused by name
    ModelFormatException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            ModelFormatException.class,
            () -> ModelLoader.loadMjcfString(xml.replace("<lengthrange", "<foo"), "foo"));
    assertTrue(
        e.getMessage().contains("foo:2: foo: unsupported element <foo> in <compiler>"),
        e.getMessage());
  }
}
