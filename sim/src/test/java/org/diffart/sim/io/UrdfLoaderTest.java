package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * URDF with ROS's conventions on {@code urdf/arm.urdf} (every joint type) and {@code
 * urdf/floating.urdf}.
 */
class UrdfLoaderTest {
  private static final Model ARM = UrdfLoader.load(TestModels.path("urdf/arm.urdf"));

  @Test
  void eachJointTypeMapsToItsJoint() {
    assertEquals(6, ARM.nbody());
    assertEquals(3, ARM.njnt());
    int shoulder = ARM.jointId("shoulder");
    assertEquals(JointType.HINGE, ARM.jntType(shoulder));
    assertTrue(ARM.jntLimited(shoulder));
    assertEquals(-1, ARM.jntRange(shoulder, 0));
    assertEquals(1.5, ARM.jntRange(shoulder, 1));
    assertEquals(0.5, ARM.dofDamping(ARM.jntDofAdr(shoulder)));
    assertEquals(1, ARM.jntAxis(shoulder, 2), "axis normalised");
    int elbow = ARM.jointId("elbow");
    assertEquals(JointType.HINGE, ARM.jntType(elbow));
    assertFalse(ARM.jntLimited(elbow), "continuous");
    int slider = ARM.jointId("slider");
    assertEquals(JointType.SLIDE, ARM.jntType(slider));
    assertEquals(0.1, ARM.jntRange(slider, 1));
    // fixed: the tip is welded to the tool
    int tip = ARM.bodyId("tip");
    assertEquals(0, ARM.bodyJntNum(tip));
    assertEquals(ARM.bodyId("tool"), ARM.bodyWeld(tip));
    assertEquals(0.05, ARM.bodyPos(tip, 0));
    // the root link is welded to the world; no actuators come from limits or transmissions
    assertEquals(0, ARM.bodyJntNum(ARM.bodyId("base_link")));
    assertEquals(0, ARM.nu());
  }

  @Test
  void originRpyIsRollPitchYawAboutFixedAxes() {
    TestModels.assertQuat(
        TestModels.axisQuat(2, 90),
        TestModels.bodyQuat(ARM, ARM.bodyId("upper_arm")),
        1e-15,
        "yaw 90°");
    double[] r = new double[9];
    Quat.toMat(r, 0, TestModels.bodyQuat(ARM, ARM.bodyId("forearm")), 0);
    TestModels.assertClose(rpyMatrix(0.1, 0.2, 0.3), r, 1e-15, "R = Rz(yaw) Ry(pitch) Rx(roll)");
    assertEquals(0.4, ARM.bodyPos(ARM.bodyId("forearm"), 2));
  }

  @Test
  void inertialOriginPlacesAndRotatesTheFullTensor() {
    int i = ARM.bodyId("upper_arm");
    assertEquals(2, ARM.bodyMass(i));
    assertEquals(0.2, ARM.bodyIpos(i, 2));
    double[] rot = rpyMatrix(0.1, 0.2, 0.3);
    double[] local = {0.03, 0.001, 0.002, 0.001, 0.035, 0.003, 0.002, 0.003, 0.02};
    double[] expected = new double[9];
    for (int a = 0; a < 3; a++) {
      for (int b = 0; b < 3; b++) {
        for (int k = 0; k < 3; k++) {
          for (int l = 0; l < 3; l++) {
            expected[3 * a + b] += rot[3 * a + k] * local[3 * k + l] * rot[3 * b + l];
          }
        }
      }
    }
    TestModels.assertClose(expected, TestModels.inertiaTensor(ARM, i), 1e-15, "R I Rᵀ");
  }

  @Test
  void collisionShapesUseHalfSizesAndTheirOrigin() {
    int cylinder = TestModels.geomId(ARM, "upper_shape");
    assertEquals(GeomType.CYLINDER, ARM.geomType(cylinder));
    assertEquals(0.05, ARM.geomSize(cylinder, 0));
    assertEquals(0.2, ARM.geomSize(cylinder, 1));
    assertEquals(0.2, ARM.geomPos(cylinder, 2));
    // geoms are ordered by body: base_link's box, upper_arm's cylinder, forearm's box, tool's
    // sphere
    assertEquals(ARM.bodyId("forearm"), ARM.geomBody(2));
    assertEquals(GeomType.BOX, ARM.geomType(2));
    TestModels.assertClose(
        new double[] {0.05, 0.1, 0.15},
        new double[] {ARM.geomSize(2, 0), ARM.geomSize(2, 1), ARM.geomSize(2, 2)},
        1e-17,
        "box half sizes");
    assertEquals(GeomType.SPHERE, ARM.geomType(3));
    assertEquals(0.02, ARM.geomSize(3, 0));
  }

  @Test
  void floatingBaseGivesTheRootLinkAFreeJoint() {
    Model m = UrdfLoader.load(TestModels.path("urdf/arm.urdf"), true);
    assertEquals(JointType.FREE, m.jntType(0));
    assertEquals("floating_base", m.jntName(0));
    assertEquals(m.bodyId("base_link"), m.jntBody(0));
    assertEquals(ARM.nq() + 7, m.nq());
    assertEquals(ARM.nv() + 6, m.nv());
  }

  @Test
  void floatingJointFromTheWorldLinkIsAFreeJoint() {
    Model m = UrdfLoader.load(TestModels.path("urdf/floating.urdf"));
    assertEquals(3, m.nbody(), "the world link is the world body");
    assertEquals(JointType.FREE, m.jntType(m.jointId("base")));
    assertEquals(8, m.nq());
    double[] q = m.qpos0();
    TestModels.assertClose(
        new double[] {0, 0, 1}, new double[] {q[0], q[1], q[2]}, 0, "free position");
    TestModels.assertQuat(
        new double[] {Math.cos(0.25), 0, 0, Math.sin(0.25)},
        new double[] {q[3], q[4], q[5], q[6]},
        1e-15,
        "free orientation from rpy");
  }

  static Stream<Arguments> brokenFiles() {
    return Stream.of(
        Arguments.of("mesh_collision.urdf", 4, "mesh", "meshes are not supported"),
        Arguments.of(
            "missing_limit.urdf", 4, "joint", "a revolute joint needs <limit lower upper>"),
        Arguments.of("joint_friction.urdf", 8, "dynamics", "joint friction is not supported"),
        Arguments.of("two_roots.urdf", 1, "robot", "exactly one root link"),
        Arguments.of("unknown_link.urdf", 5, "child", "unknown link 'forearm'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenFiles")
  void refusalNamesFileLineAndElement(String file, int line, String element, String fragment) {
    TestModels.assertFormatError(
        () -> TestModels.load("broken/" + file), file, line, element, fragment);
  }

  @Test
  void floatingJointBelowAMovingLinkIsRefused() {
    String urdf =
        """
        <robot name="r">
          <link name="base"/>
          <link name="b"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>
          </inertial></link>
          <joint name="float" type="floating"><parent link="base"/><child link="b"/></joint>
        </robot>""";
    TestModels.assertFormatError(
        () -> UrdfLoader.loadString(urdf, "r.urdf", false),
        "r.urdf",
        5,
        "joint",
        "root link 'world'");
  }

  /** Rz(yaw) Ry(pitch) Rx(roll), row-major, written out by hand. */
  private static double[] rpyMatrix(double roll, double pitch, double yaw) {
    double cr = Math.cos(roll), sr = Math.sin(roll), cp = Math.cos(pitch), sp = Math.sin(pitch);
    double cy = Math.cos(yaw), sy = Math.sin(yaw);
    return new double[] {
      cy * cp,
      cy * sp * sr - sy * cr,
      cy * sp * cr + sy * sr,
      sy * cp,
      sy * sp * sr + cy * cr,
      sy * sp * cr - cy * sr,
      -sp,
      cp * sr,
      cp * cr
    };
  }
}
