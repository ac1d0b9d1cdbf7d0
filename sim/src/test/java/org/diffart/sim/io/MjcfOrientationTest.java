package org.diffart.sim.io;

import static org.diffart.sim.io.TestModels.assertQuat;
import static org.diffart.sim.io.TestModels.axisQuat;
import static org.diffart.sim.io.TestModels.product;

import java.util.stream.Stream;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every MJCF orientation form against hand-computed quaternions, and against the digits MuJoCo
 * 2.2.2 prints for the same file (10 significant digits, {@code datasets/reference/bin/mjprobe}).
 */
class MjcfOrientationTest {
  private static final double H = Math.sqrt(0.5);
  private static final Model ORIENTATIONS = TestModels.load("mjcf/orientations.xml");

  static Stream<Arguments> bodies() {
    return Stream.of(
        // quat need not be unit
        Arguments.of("quat", new double[] {H, 0, 0, H}),
        // axisangle: the axis need not be unit, the angle is in degrees by default
        Arguments.of("axisangle", new double[] {H, 0, 0, H}),
        Arguments.of("euler_x", new double[] {H, H, 0, 0}),
        // default eulerseq xyz: rotations about the moving axes, q = qx(30) qy(20) qz(10)
        Arguments.of("euler_xyz", product(axisQuat(0, 30), axisQuat(1, 20), axisQuat(2, 10))),
        // xyaxes: x (1,1,0)/√2 and y orthogonal to it -> 45° about z
        Arguments.of("xyaxes_45", axisQuat(2, 45)),
        // y = (-1,5,0) minus its projection on x = (0,1,0) gives (-1,0,0): 90° about z
        Arguments.of("xyaxes_skew", axisQuat(2, 90)),
        // zaxis: the minimal rotation taking +z to the vector
        Arguments.of("zaxis_x", axisQuat(1, 90)),
        Arguments.of("zaxis_diag", rotationTakingZTo(1, 1, 1)),
        // the opposite of +z: 180° about x
        Arguments.of("zaxis_down", new double[] {0, 1, 0, 0}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("bodies")
  void bodyOrientationMatchesHandComputedQuaternion(String body, double[] expected) {
    assertQuat(expected, TestModels.bodyQuat(ORIENTATIONS, ORIENTATIONS.bodyId(body)), 1e-12, body);
  }

  @Test
  void bodyOrientationsMatchMujocosDigits() {
    assertQuat(
        new double[] {0.9437143641, 0.2685358228, 0.1448781254, 0.1276794407},
        TestModels.bodyQuat(ORIENTATIONS, ORIENTATIONS.bodyId("euler_xyz")),
        1e-9,
        "euler xyz");
    assertQuat(
        new double[] {0.888073834, -0.3250575837, 0.3250575837, 0},
        TestModels.bodyQuat(ORIENTATIONS, ORIENTATIONS.bodyId("zaxis_diag")),
        1e-9,
        "zaxis 1 1 1");
    assertQuat(
        new double[] {0.9238795325, 0, 0, 0.3826834324},
        TestModels.bodyQuat(ORIENTATIONS, ORIENTATIONS.bodyId("xyaxes_45")),
        1e-9,
        "xyaxes");
  }

  @Test
  void upperCaseEulerSequenceRotatesAboutFixedAxes() {
    Model m = TestModels.load("mjcf/extrinsic.xml");
    double[] q = TestModels.bodyQuat(m, m.bodyId("fixed_axes"));
    // XYZ: q = qz(10) qy(20) qx(30); MuJoCo prints 0.9515485246 0.2392983377 0.1893078574
    // 0.03813457647
    assertQuat(product(axisQuat(2, 10), axisQuat(1, 20), axisQuat(0, 30)), q, 1e-12, "XYZ");
    assertQuat(
        new double[] {0.9515485246, 0.2392983377, 0.1893078574, 0.03813457647},
        q,
        1e-9,
        "XYZ digits");
  }

  @Test
  void mixedCaseEulerSequenceAppliesEachAxisInTurn() {
    // zYx with radians (30°, 20°, 10°): z moving, then Y fixed (pre-multiplied), then x moving
    Model m = TestModels.load("mjcf/eulerseq.xml");
    double[] expected = product(axisQuat(1, 20), axisQuat(2, 30), axisQuat(0, 10));
    assertQuat(expected, TestModels.bodyQuat(m, m.bodyId("mixed")), 1e-12, "zYx");
    assertQuat(
        new double[] {0.9437143641, 0.1276794407, 0.1893078574, 0.2392983377},
        TestModels.bodyQuat(m, m.bodyId("mixed")),
        1e-9,
        "zYx digits");
  }

  @Test
  void geomOrientationsFollowMujocosPrecedence() {
    assertQuat(new double[] {0, 1, 0, 0}, geomQuat("own"), 1e-12, "axisangle 180");
    assertQuat(axisQuat(2, 90), geomQuat("from_class"), 1e-12, "class euler");
    // a default class's euler beats the element's own quat (measured on MuJoCo 2.2.2)
    assertQuat(axisQuat(2, 90), geomQuat("class_beats_quat"), 1e-12, "euler over quat");
    // fromto ignores quat; the geom's z axis points from the second point to the first
    assertQuat(axisQuat(1, -90), geomQuat("fromto_x"), 1e-12, "fromto");
  }

  private static double[] geomQuat(String name) {
    return TestModels.geomQuat(ORIENTATIONS, TestModels.geomId(ORIENTATIONS, name));
  }

  /** Hand-computed minimal rotation: axis ẑ × v̂, angle acos(ẑ·v̂). */
  private static double[] rotationTakingZTo(double x, double y, double z) {
    double n = Math.sqrt(x * x + y * y + z * z);
    double s = Math.sqrt(x * x + y * y);
    double angle = Math.acos(z / n);
    return new double[] {
      Math.cos(angle / 2), -y / s * Math.sin(angle / 2), x / s * Math.sin(angle / 2), 0
    };
  }
}
