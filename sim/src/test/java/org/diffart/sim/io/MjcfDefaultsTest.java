package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * Default classes with MuJoCo's inheritance, {@code childclass} and {@code class}, on {@code
 * mjcf/defaults.xml}; the expected values are what MuJoCo 2.2.2 compiles from the same file.
 */
class MjcfDefaultsTest {
  private static final Model M = TestModels.load("mjcf/defaults.xml");

  @Test
  void jointsTakeTheirClassThroughChildclassDownTheTree() {
    // hip and knee get class leg from the childclass of thigh (knee one body further down)
    for (String j : new String[] {"hip", "knee"}) {
      assertJoint(j, 2, new double[] {0, 1, 0});
    }
    // an explicit class beats the childclass
    assertJoint("twist", 1, new double[] {0, 0, 1});
    // foot's childclass is class foot, which inherits leg's joint defaults
    assertJoint("ankle", 2, new double[] {0, 1, 0});
  }

  @Test
  void freejointTakesNoDefaultsButAFreeTypedJointDoes() {
    int slider = M.jntDofAdr(M.jointId("slider"));
    int free = M.jntDofAdr(M.jointId("free"));
    for (int k = 0; k < 6; k++) {
      assertEquals(1, M.dofDamping(slider + k));
      assertEquals(0.1, M.dofArmature(slider + k));
      assertEquals(0, M.dofDamping(free + k));
      assertEquals(0, M.dofArmature(free + k));
    }
  }

  @Test
  void partialVectorsOverwriteOnlyTheValuesEachLevelGives() {
    int toe = TestModels.geomId(M, "toe");
    // size: main (0.1 0.2 0.3), then foot's 0.03; friction: main's three, then foot's 0.9
    TestModels.assertClose(new double[] {0.03, 0.2, 0.3}, geomSize(toe), 0, "toe size");
    TestModels.assertClose(new double[] {0.9, 0.01, 0.001}, geomFriction(toe), 0, "toe friction");
    assertEquals(0, M.geomContype(toe));
    // fromto sets the capsule's half-length; the unused third size stays
    TestModels.assertClose(
        new double[] {0.05, 0.2, 0.3}, geomSize(TestModels.geomId(M, "thigh")), 1e-15, "thigh");
  }

  @Test
  void densityOfTheMainClassReachesEveryGeom() {
    // MuJoCo 2.2.2's body masses for this file (density 500 from main)
    assertEquals(24, M.bodyMass(M.bodyId("base")), 1e-12);
    assertEquals(1.88914438236, M.bodyMass(M.bodyId("thigh")), 1e-10);
    assertEquals(1.83259571459, M.bodyMass(M.bodyId("shin")), 1e-10);
    assertEquals(0.0565486677646, M.bodyMass(M.bodyId("foot")), 1e-12);
    assertEquals(2.09439510239, M.bodyMass(M.bodyId("floater")), 1e-10);
  }

  @Test
  void motorAndPositionShareOneActuatorDefault() {
    // main's <motor> sets gear and ctrlrange; servo's <position kp> adds to the same default
    assertEquals(ActuatorType.MOTOR, M.actType(0));
    assertEquals(3, M.actGear(0));
    assertTrue(M.actCtrlLimited(0));
    assertEquals(-1, M.actCtrlRange(0, 0));
    assertEquals(ActuatorType.POSITION, M.actType(1));
    assertEquals(20, M.actGain(1, 0));
    assertEquals(-20, M.actBias(1, 1));
    assertEquals(3, M.actGear(1));
    assertTrue(M.actCtrlLimited(1));
    // an element's own attributes win
    assertEquals(5, M.actGear(2));
    assertFalse(M.actCtrlLimited(2));
  }

  private static void assertJoint(String name, double damping, double[] axis) {
    int j = M.jointId(name);
    assertEquals(damping, M.dofDamping(M.jntDofAdr(j)), name + " damping");
    assertEquals(0.1, M.dofArmature(M.jntDofAdr(j)), name + " armature from main");
    TestModels.assertClose(
        axis, new double[] {M.jntAxis(j, 0), M.jntAxis(j, 1), M.jntAxis(j, 2)}, 0, name);
  }

  private static double[] geomSize(int g) {
    return new double[] {M.geomSize(g, 0), M.geomSize(g, 1), M.geomSize(g, 2)};
  }

  private static double[] geomFriction(int g) {
    return new double[] {M.geomFriction(g, 0), M.geomFriction(g, 1), M.geomFriction(g, 2)};
  }

  @Test
  void severalTopLevelSectionsEditMainAndEachNestedClassCopiesItWhenMade() {
    // MuJoCo 2.2.2 on this file: masses 33.5103 (class a, made before density 500), 56.5487 (class
    // b, after) and
    // 2.0944 (main, after), friction 0.3 for all three
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <default><geom friction="0.3 0.01 0.01"/><default class="a"><geom size="0.2"/></default></default>
          <default><geom density="500"/><default class="b"><geom size="0.3"/></default></default>
          <worldbody>
            <body><freejoint/><geom name="g1" class="a"/></body>
            <body pos="1 0 0"><freejoint/><geom name="g2" class="b"/></body>
            <body pos="2 0 0"><freejoint/><geom name="g3" size="0.1"/></body>
          </worldbody>
        </mujoco>""",
            "two-defaults");
    double[] mass = {33.5103, 56.5487, 2.0944};
    for (int b = 1; b <= 3; b++) {
      assertEquals(mass[b - 1], m.bodyMass(b), 1e-4, "body " + b);
      assertEquals(0.3, m.geomFriction(b - 1, 0), 0, "geom " + b);
    }
  }
}
