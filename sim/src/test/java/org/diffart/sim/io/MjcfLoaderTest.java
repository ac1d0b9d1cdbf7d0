package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * MuJoCo 2.2.2's semantics of joints, options, actuators and keyframes on {@code mjcf/joints.xml}
 * and {@code mjcf/autolimits.xml} (the compiled values agree with MuJoCo's for the same files).
 */
class MjcfLoaderTest {
  private static final Model M = TestModels.load("mjcf/joints.xml");

  /**
   * {@code <size nkey>} adds keyframes beyond those given, at qpos0 and rest, as MuJoCo 2.2.2 does.
   */
  @Test
  void sizeNkeyAddsDefaultKeyframes() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco><size nkey="3"/>
          <worldbody><body><joint name="h" ref="0.2"/><geom size="0.1" pos="0 0 -1"/></body></worldbody>
          <keyframe><key name="a" qpos="0.5" qvel="1"/></keyframe>
        </mujoco>""",
            "keys");
    assertEquals(3, m.nkey());
    assertArrayEquals(new double[] {0.5}, m.keyQpos(0));
    assertArrayEquals(m.qpos0(), m.keyQpos(2));
    assertArrayEquals(new double[1], m.keyQvel(2));
  }

  @Test
  void anglesAreDegreesWhereMujocoConvertsThem() {
    int hinge = M.jointId("hinge");
    assertEquals(-Math.PI / 2, M.jntRange(hinge, 0), 1e-15);
    assertEquals(Math.PI / 4, M.jntRange(hinge, 1), 1e-15);
    assertEquals(Math.PI / 6, M.qpos0(M.jntQposAdr(hinge)), 1e-15);
    assertEquals(Math.PI / 4, M.qposSpring(M.jntQposAdr(hinge)), 1e-15);
    // MuJoCo 2.2.2 leaves the range of an unlimited hinge as written
    int unlimited = M.jointId("free_range");
    assertFalse(M.jntLimited(unlimited));
    assertEquals(-90, M.jntRange(unlimited, 0));
    // slide lengths are metres
    int slide = M.jointId("slide");
    assertEquals(1, M.jntRange(slide, 1));
    assertEquals(0.5, M.qpos0(M.jntQposAdr(slide)));
    assertEquals(0.25, M.qposSpring(M.jntQposAdr(slide)));
    // a position actuator's ctrlrange is never converted
    assertEquals(90, M.actCtrlRange(1, 1));
  }

  @Test
  void jointAttributesReachTheModel() {
    int hinge = M.jointId("hinge");
    assertEquals(JointType.HINGE, M.jntType(hinge));
    assertTrue(M.jntLimited(hinge));
    assertArrayEquals(
        new double[] {0, 1, 0},
        new double[] {M.jntAxis(hinge, 0), M.jntAxis(hinge, 1), M.jntAxis(hinge, 2)});
    assertEquals(0.1, M.jntPos(hinge, 2));
    assertEquals(10, M.jntStiffness(hinge));
    assertEquals(0.5, M.dofDamping(M.jntDofAdr(hinge)));
    assertEquals(0.01, M.dofArmature(M.jntDofAdr(hinge)));
    int ball = M.jointId("ball");
    assertEquals(JointType.BALL, M.jntType(ball));
    for (int k = 0; k < 3; k++) {
      assertEquals(0.2, M.dofDamping(M.jntDofAdr(ball) + k));
    }
    assertEquals(7, M.nq());
    assertEquals(6, M.nv());
  }

  @Test
  void optionsAndFlags() {
    assertEquals(0.005, M.opt().timestep());
    assertArrayEquals(new double[] {0, 0, -1.62}, M.opt().gravity());
    assertEquals(Integrator.EULER, M.opt().integrator());
    assertFalse(M.opt().contact());
    assertTrue(M.opt().limit());
  }

  @Test
  void motorAndPositionActuators() {
    assertEquals(ActuatorType.MOTOR, M.actType(0));
    assertEquals(M.jointId("hinge"), M.actJnt(0));
    assertEquals(3, M.actGear(0));
    assertTrue(M.actCtrlLimited(0));
    assertEquals(2, M.actCtrlRange(0, 1));
    assertTrue(M.actForceLimited(0));
    assertEquals(-5, M.actForceRange(0, 0));
    assertEquals(1, M.actGain(0, 0));
    assertEquals(ActuatorType.POSITION, M.actType(1));
    assertEquals(2, M.actGear(1));
    assertEquals(10, M.actGain(1, 0));
    assertArrayEquals(
        new double[] {0, -10, 0}, new double[] {M.actBias(1, 0), M.actBias(1, 1), M.actBias(1, 2)});
  }

  @Test
  void keyframesDefaultToQpos0AndZeros() {
    int start = M.keyId("start");
    assertEquals(1.5, M.keyTime(start));
    assertArrayEquals(new double[] {0.5, 0.1, 0.2, 1, 0, 0, 0}, M.keyQpos(start));
    assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, M.keyQvel(start));
    assertArrayEquals(new double[] {0.5, 0.25}, M.keyCtrl(start));
    int rest = M.keyId("rest");
    assertArrayEquals(M.qpos0(), M.keyQpos(rest));
    assertArrayEquals(new double[6], M.keyQvel(rest));
    assertArrayEquals(new double[2], M.keyCtrl(rest));
  }

  @Test
  void autolimitsMakesARangeALimit() {
    Model m = TestModels.load("mjcf/autolimits.xml");
    assertTrue(m.jntLimited(m.jointId("ranged")));
    assertFalse(m.jntLimited(m.jointId("plain")));
    assertTrue(m.actCtrlLimited(0));
    assertTrue(m.actForceLimited(0));
    assertFalse(m.actCtrlLimited(1));
    assertFalse(m.actForceLimited(1));
  }

  @Test
  void sectionsAreReadInMujocosOrderWhateverTheirPlace() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <keyframe><key name="k" qpos="1.5"/></keyframe>
          <actuator><motor joint="j" ctrllimited="true" ctrlrange="-1 1"/></actuator>
          <worldbody>
            <body><joint name="j" limited="true" range="-1 1"/><geom size="0.1"/></body>
          </worldbody>
          <compiler angle="radian"/>
        </mujoco>""",
            "order.xml");
    assertEquals(1, m.jntRange(0, 1), "the compiler section applies although it comes last");
    assertArrayEquals(new double[] {1.5}, m.keyQpos(0));
    assertEquals("order", m.name(), "the model name defaults to the source name");
  }

  @Test
  void mujocosHumanoidLoadsWithItsSoftConstraintParametersReported() {
    Model m = ModelLoader.load("builtin:humanoid");
    assertEquals(28, m.nq());
    assertEquals(27, m.nv());
    assertEquals(21, m.nu());
    for (String attr : new String[] {"solref", "solimp", "solimplimit"}) {
      assertTrue(m.warnings().stream().anyMatch(w -> w.contains("'" + attr + "' ignored")), attr);
    }
  }

  /**
   * The option flags and settings of {@code datasets/reference/models/options_flags.xml};
   * MujocoReferenceTest compares its qacc with MuJoCo's.
   */
  @Test
  void optionFlagsAndSolverSettings() {
    Model m = ModelLoader.load(ReferenceFiles.model("options_flags.xml"));
    assertEquals(0.005, m.opt().timestep(), "the second <option> overrides the time step only");
    assertArrayEquals(new double[] {0, 0, 0}, m.opt().gravity(), "flag gravity=\"disable\"");
    assertFalse(m.opt().contact(), "flag constraint=\"disable\" turns contacts off");
    assertFalse(m.opt().limit(), "flag constraint=\"disable\" turns limits off");
    assertEquals(30, m.opt().iterations());
    assertEquals(1, m.opt().frictionDirections(), "cone=\"elliptic\"");
    assertTrue(
        m.warnings().stream()
            .anyMatch(w -> w.contains("options_flags.xml:8: option cone=\"elliptic\"")),
        () -> m.warnings().toString());
    assertTrue(m.opt().energy(), "flag energy=\"enable\" computes Data.energy");
    assertTrue(
        m.warnings().stream().noneMatch(w -> w.contains("energy")), () -> m.warnings().toString());
    double total = 0;
    for (int i = 1; i < m.nbody(); i++) {
      total += m.bodyMass(i);
    }
    assertEquals(7, total, 1e-12, "compiler settotalmass");
  }

  @Test
  void aPyramidalConeIsTwoFrictionDirections() {
    Model m = ModelLoader.loadMjcfString("<mujoco><option cone=\"pyramidal\"/></mujoco>", "cell");
    assertEquals(2, m.opt().frictionDirections());
    TestModels.assertFormatError(
        () -> ModelLoader.loadMjcfString("<mujoco><option iterations=\"0\"/></mujoco>", "cell"),
        "cell",
        1,
        "option",
        "iterations must be at least 1");
  }

  @Test
  void geomPriorityComesFromTheAttributeOrItsClass() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco><default><default class="grippy"><geom priority="2"/></default></default>
          <worldbody><geom name="floor" type="plane" size="1 1 1"/>
            <body><freejoint/><geom name="pad" class="grippy" size="0.1"/><geom name="own" priority="-1" size="0.1"
              pos="0 0 1"/></body></worldbody></mujoco>""",
            "cell");
    assertEquals(0, m.geomPriority(TestModels.geomId(m, "floor")));
    assertEquals(2, m.geomPriority(TestModels.geomId(m, "pad")));
    assertEquals(-1, m.geomPriority(TestModels.geomId(m, "own")));
  }

  @Test
  void explicitPairsCollideWithTheirOwnFrictionAndCondimAndReplaceTheDynamicPair() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco><worldbody><geom name="floor" type="plane" size="1 1 1"/>
            <body pos="0 0 0.05"><freejoint/><geom name="ball" size="0.1" contype="0" conaffinity="0"/></body>
            <body pos="1 0 0.05"><freejoint/><geom name="cube" type="box" size="0.1 0.1 0.1"/></body>
          </worldbody>
          <contact><pair geom1="ball" geom2="floor" friction="0.4 0.4 0.02" condim="1"/>
            <pair geom1="floor" geom2="cube" friction="0.25 0.25 0.01 0.003 0.003" condim="6"/></contact></mujoco>""",
            "cell");
    // ball-floor only by its pair; cube-floor once (its pair replaces the dynamic one); ball-cube
    // filtered
    assertEquals(2, m.npair());
    org.diffart.sim.data.Data d = new org.diffart.sim.data.Data(m);
    org.diffart.sim.algo.Step.forward(m, d);
    boolean ball = false, cube = false;
    for (int c = 0; c < d.ncon; c++) {
      int g = d.conGeom[2 * c + 1];
      if (g == TestModels.geomId(m, "ball")) {
        ball = true;
        assertEquals(0.4, d.conFriction[c]);
        assertEquals(0.02, d.conFrictionSpinRoll[2 * c]);
        assertEquals(
            0.0001, d.conFrictionSpinRoll[2 * c + 1], "MuJoCo's default for a value not given");
        assertEquals(1, d.conCondim[c]);
      } else if (g == TestModels.geomId(m, "cube")) {
        cube = true;
        assertEquals(0.25, d.conFriction[c]);
        assertEquals(0.01, d.conFrictionSpinRoll[2 * c]);
        assertEquals(0.003, d.conFrictionSpinRoll[2 * c + 1]);
        assertEquals(6, d.conCondim[c]);
      }
    }
    assertTrue(ball && cube, "both pairs touch");
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                """
        <mujoco><worldbody><geom name="floor" type="plane" size="1 1 1"/></worldbody>
          <contact><pair geom1="floor" geom2="nothing"/></contact></mujoco>""",
                "cell"),
        "cell",
        2,
        "pair",
        "unknown geom 'nothing' in geom2");
    // MuJoCo reads "0.4" as slide1 only, slide2 keeping its default 1: friction we cannot model is
    // refused
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                """
        <mujoco><worldbody><geom name="floor" type="plane" size="1 1 1"/><geom name="b" size="0.1"/></worldbody>
          <contact><pair geom1="floor" geom2="b" friction="0.4"/></contact></mujoco>""",
                "cell"),
        "cell",
        2,
        "pair",
        "anisotropic friction (slide 0.4 and 1.0");
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                """
        <mujoco><worldbody><geom name="floor" type="plane" size="1 1 1" condim="2"/></worldbody></mujoco>""",
                "cell"),
        "cell",
        1,
        "geom",
        "condim 2 is not supported");
  }

  @Test
  void marginsAndGapsMixAsMujocosAndAPairSetsItsOwn() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco><default><geom margin="0.01" gap="0.004"/></default>
          <worldbody><geom name="floor" type="plane" size="1 1 1"/>
            <body><freejoint/><geom name="ball" size="0.1" margin="0.03"/></body>
            <body pos="1 0 0"><freejoint/><geom name="cube" type="box" size="0.1 0.1 0.1" gap="0.006"/></body>
          </worldbody>
          <contact><pair geom1="floor" geom2="cube" margin="0.05" gap="0.02"/></contact></mujoco>""",
            "cell");
    for (int p = 0; p < m.npair(); p++) {
      String g1 = m.geomName(m.pairGeom1(p)), g2 = m.geomName(m.pairGeom2(p));
      String pair = g1 + "-" + g2;
      double[] expected =
          switch (pair) {
            case "floor-ball" -> new double[] {0.03, 0.004};
            case "floor-cube" -> new double[] {0.05, 0.02};
            case "ball-cube" -> new double[] {0.03, 0.006};
            default -> throw new AssertionError(pair);
          };
      assertEquals(expected[0], m.pairMargin(p), pair + " margin");
      assertEquals(expected[1], m.pairGap(p), pair + " gap");
    }
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                """
        <mujoco><worldbody>
          <geom name="b" size="0.1" margin="-0.1"/></worldbody></mujoco>""",
                "cell"),
        "cell",
        2,
        "geom",
        "'margin' must be non-negative");
    Exception e =
        org.junit.jupiter.api.Assertions.assertThrows(
            ModelFormatException.class,
            () ->
                ModelLoader.loadMjcfString(
                    """
            <mujoco><asset><hfield name="h" nrow="3" ncol="3" size="1 1 0.1 0.1"/></asset>
              <worldbody><geom name="land" type="hfield" hfield="h"/>
                <body><freejoint/><geom name="ball" size="0.1" margin="0.01"/></body></worldbody></mujoco>""",
                    "cell"));
    assertTrue(
        e.getMessage()
            .contains(
                "'land' and 'ball': a contact margin or gap on a height field is not"
                    + " supported"),
        e.getMessage());
  }

  @Test
  void adhesionActuatorsPullOnTheirBodysContacts() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco><worldbody><geom type="plane" size="1 1 1"/>
            <body name="puck"><freejoint/><geom size="0.1" margin="0.01"/></body></worldbody>
          <actuator><adhesion name="stick" body="puck" ctrlrange="0 2" gain="7"/></actuator></mujoco>""",
            "cell");
    assertEquals(org.diffart.sim.model.ActuatorType.ADHESION, m.actType(0));
    assertEquals(1, m.actBody(0));
    assertEquals(7, m.actGain(0, 0));
    assertEquals(0, m.actBias(0, 0));
    assertTrue(m.actCtrlLimited(0));
    assertEquals(2, m.actCtrlRange(0, 1));
    String[][] bad = {
      {
        "<adhesion body=\"puck\" ctrlrange=\"0 1\" gain=\"-1\"/>",
        "adhesion gain cannot be negative"
      },
      {"<adhesion body=\"puck\"/>", "an adhesion needs 'ctrlrange'"},
      {"<adhesion body=\"puck\" ctrlrange=\"-1 1\"/>", "ctrlrange must be nonnegative"},
      {"<adhesion body=\"nothing\" ctrlrange=\"0 1\"/>", "unknown body 'nothing'"},
      {"<adhesion body=\"world\" ctrlrange=\"0 1\"/>", "adhesion needs a body, not the world"},
      {"<adhesion joint=\"j\" ctrlrange=\"0 1\"/>", "unsupported attribute 'joint'"}
    };
    for (String[] b : bad) {
      TestModels.assertFormatError(
          () ->
              ModelLoader.loadMjcfString(
                  """
          <mujoco><worldbody><body name="puck"><freejoint/><geom size="0.1"/></body></worldbody>
            <actuator>"""
                      + b[0]
                      + "</actuator></mujoco>",
                  "cell"),
          "cell",
          2,
          "adhesion",
          b[1]);
    }
  }

  @Test
  void particleCompositesAreBodiesOfThreeSlidesWithMujocosBuiltInDefaults() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco><default><joint damping="0.3"/><geom friction="0.5" condim="3" density="300"/></default>
          <worldbody><body name="crate"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
            <composite type="particle" count="2 1 3" spacing="0.05" offset="1 0 0.5">
              <geom size="0.01" solref="0.005 1"/></composite></worldbody></mujoco>""",
            "cell");
    assertEquals(1 + 1 + 6, m.nbody());
    assertEquals(7 + 6 * 3, m.nq());
    for (int i = 2; i < 8; i++) {
      int ix = (i - 2) / 3, iz = (i - 2) % 3;
      assertEquals(1 + 0.05 * (ix - 1), m.bodyPos(i, 0), 1e-15, "body " + i + " x");
      assertEquals(0.5 + 0.05 * (iz - 1.5), m.bodyPos(i, 2), 1e-15, "body " + i + " z");
      assertEquals(3, m.bodyJntNum(i));
      for (int j = m.bodyJntAdr(i); j < m.bodyJntAdr(i) + 3; j++) {
        assertEquals(org.diffart.sim.model.JointType.SLIDE, m.jntType(j));
        assertEquals(1, m.jntAxis(j, j - m.bodyJntAdr(i)));
        assertEquals(
            0, m.dofDamping(m.jntDofAdr(j)), "MuJoCo's built-in joint defaults, not the class's");
      }
      int g = TestModels.firstGeom(m, i);
      assertEquals(1, m.geomCondim(g));
      assertEquals(1, m.geomPriority(g));
      assertEquals(0.01, m.geomSize(g, 0));
      assertEquals(
          1000 * 4.0 / 3 * Math.PI * 1e-6, m.bodyMass(i), 1e-15, "density 1000, not the class's");
    }
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                """
        <mujoco><worldbody>
          <composite type="rope" count="4 1 1" spacing="0.1"/></worldbody></mujoco>""",
                "cell"),
        "cell",
        2,
        "composite",
        "composite type 'rope' is not supported");
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                """
        <mujoco><worldbody>
          <composite type="particle" count="4 0 1" spacing="0.1"/></worldbody></mujoco>""",
                "cell"),
        "cell",
        2,
        "composite",
        "count must be three positive integers");
  }
}
