package org.diffart.sim.algo.constraint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.StepAdjoints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Equality constraints beside the row-by-row comparison with MuJoCo ({@code MujocoReferenceTest} on
 * {@code equality.xml}): a free body connected to the world moves as the same body on a ball joint,
 * a welded pair as one rigid body, coupled joints follow their polynomial, and the adjoint of every
 * kind of row equals the tape's.
 */
class EqualityTest {
  private static final String LINK =
      "<geom type=\"capsule\" fromto=\"0 0 0 0.3 0 -0.2\" size=\"0.04\"/>";

  /**
   * A body swinging about the world point (0, 0, 1): on a ball joint, or free and connected there.
   */
  private static Model pendulum(boolean connected) {
    String joint = connected ? "<freejoint/>" : "<joint type=\"ball\"/>";
    String eq = connected ? "<equality><connect body1=\"b\" anchor=\"0 0 0\"/></equality>" : "";
    return ModelLoader.loadMjcfString(
        "<mujoco><option timestep=\"0.001\"/><worldbody><body name=\"b\" pos=\"0 0 1\">"
            + joint
            + LINK
            + "</body></worldbody>"
            + eq
            + "</mujoco>",
        connected ? "connected" : "ball");
  }

  @Test
  void aConnectedFreeBodySwingsAsOnABallJoint() {
    Model ball = pendulum(false), free = pendulum(true);
    Data a = new Data(ball), b = new Data(free);
    // the same spin about the pivot: ball ω in the body frame; free: linear velocity of the origin
    // (at the pivot) 0
    double[] w = {0.5, -1.5, 2};
    System.arraycopy(w, 0, a.qvel, 0, 3);
    System.arraycopy(w, 0, b.qvel, 3, 3);
    double worst = 0;
    for (int s = 0; s < 1000; s++) {
      Step.step(ball, a);
      Step.step(free, b);
      Kinematics.forward(ball, a);
      Kinematics.forward(free, b);
      for (int k = 0; k < 3; k++) {
        worst = Math.max(worst, Math.abs(a.xpos[3 + k] - b.xpos[3 + k]));
      }
    }
    // what separates them: the velocity-level solve leaves a drift that Baumgarte's term pulls back
    assertTrue(
        worst < 2e-3, "the connected body stays at the pivot within 2 mm over 1 s, got " + worst);
    Step.forward(free, b);
    double tip = 0, tipBall = 0;
    for (int k = 0; k < 3; k++) {
      tip += Math.pow(b.xmat[9 + 3 * k] * 0.3 - b.xmat[9 + 3 * k + 2] * 0.2, 2);
      tipBall += Math.pow(a.xmat[9 + 3 * k] * 0.3 - a.xmat[9 + 3 * k + 2] * 0.2, 2);
    }
    assertEquals(Math.sqrt(tipBall), Math.sqrt(tip), 1e-12, "a rigid body keeps its shape");
    double angle = 0;
    for (int k = 0; k < 9; k++) {
      angle = Math.max(angle, Math.abs(a.xmat[9 + k] - b.xmat[9 + k]));
    }
    assertTrue(angle < 2e-2, "the two orientations agree after 1 s, max |ΔR| " + angle);
  }

  @Test
  void aWeldedPairMovesAsOneRigidBody() {
    String two =
        "<mujoco><option timestep=\"0.001\"/><worldbody><body name=\"a\" pos=\"0 0 1\">"
            + "<joint type=\"hinge\" axis=\"0 1 0\"/>"
            + LINK
            + "<body name=\"b\" pos=\"0.3 0 -0.2\">"
            + "<joint name=\"bend\" type=\"hinge\" axis=\"1 0 0\"/><joint type=\"slide\" axis=\"0 0 1\"/>"
            + "<geom type=\"box\" size=\".05 .05 .05\"/></body></body></worldbody>"
            + "<equality><weld body1=\"b\" body2=\"a\"/></equality></mujoco>";
    String one =
        "<mujoco><option timestep=\"0.001\"/><worldbody><body name=\"a\" pos=\"0 0 1\">"
            + "<joint type=\"hinge\" axis=\"0 1 0\"/>"
            + LINK
            + "<geom type=\"box\" size=\".05 .05 .05\" pos=\"0.3 0 -0.2\"/>"
            + "</body></worldbody></mujoco>";
    Model welded = ModelLoader.loadMjcfString(two, "welded"),
        rigid = ModelLoader.loadMjcfString(one, "rigid");
    Data a = new Data(welded), b = new Data(rigid);
    for (int s = 0; s < 1000; s++) {
      Step.step(welded, a);
      Step.step(rigid, b);
    }
    assertEquals(b.qpos[0], a.qpos[0], 2e-3, "the hinge swings as the rigid body's");
    assertEquals(0, a.qpos[1], 1e-3, "the welded hinge stays");
    assertEquals(0, a.qpos[2], 1e-3, "the welded slide stays");
    assertTrue(Math.abs(b.qpos[0]) > 0.3, "it swung: " + b.qpos[0]);
  }

  @Test
  void coupledJointsFollowTheirPolynomial() {
    Model m =
        ModelLoader.loadMjcfString(
            """
        <mujoco>
          <option timestep="0.001" gravity="0 0 0"/>
          <worldbody>
            <body><joint name="j1" type="hinge" axis="0 0 1"/><geom type="box" size=".2 .05 .05"/></body>
            <body pos="1 0 0"><joint name="j2" type="slide" axis="1 0 0"/><geom type="box" size=".05 .05 .05"/>
            </body>
          </worldbody>
          <equality><joint joint1="j1" joint2="j2" polycoef="0.1 2 -3 0 0"/></equality>
          <actuator><motor joint="j2"/></actuator>
        </mujoco>
        """,
            "coupled");
    Data d = new Data(m);
    d.ctrl[0] = 0.5;
    for (int s = 0; s < 3000; s++) {
      Step.step(m, d);
    }
    double x = d.qpos[1];
    assertTrue(Math.abs(x) > 0.05, "the pushed slide moved: " + x);
    assertEquals(0.1 + 2 * x - 3 * x * x, d.qpos[0], 2e-3, "q1 = 0.1 + 2 q2 - 3 q2²");
  }

  @Test
  void theAdjointMatchesTheTapeForEveryKindOfRow() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/equality.xml"));
    Data d = new Data(m);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = 0.3 * Math.sin(1.7 * k + 0.4);
    }
    // away from qpos0, so that every violation and the polynomials' curvature count
    for (int k = 0; k < m.nq(); k++) {
      d.qpos[k] += 0.05 * Math.cos(0.9 * k);
    }
    Step.forward(m, d);
    assertEquals(m.neqRows(), d.nefc, "every equality row is active");
    StepAdjoints.compare(m, d, 0, 31, 1e-9);
    StepAdjoints.compare(m, d, 40, 32, 1e-9);
  }

  @Test
  void badEqualitiesNameTheirElement() {
    assertRefused("<equality><connect body1=\"b\"/></equality>", "anchor", 1);
    assertRefused("<equality><weld body1=\"nobody\"/></equality>", "unknown body 'nobody'", 1);
    assertRefused("<equality>\n<joint joint1=\"free\"/></equality>", "free joint", 2);
    assertRefused("<equality><distance/></equality>", "removed in MuJoCo 2.2.2", 1);
  }

  private static void assertRefused(String equality, String mustSay, int line) {
    String xml =
        "<mujoco><worldbody><body name=\"b\"><joint name=\"free\" type=\"free\"/>"
            + LINK
            + "</body></worldbody>\n"
            + equality
            + "</mujoco>";
    Executable load = () -> ModelLoader.loadMjcfString(xml, "bad.xml");
    ModelFormatException e =
        org.junit.jupiter.api.Assertions.assertThrows(ModelFormatException.class, load);
    assertTrue(
        e.getMessage().contains(mustSay) && e.getMessage().contains("bad.xml:" + (line + 1)),
        "message names '" + mustSay + "' at line " + (line + 1) + ": " + e.getMessage());
  }
}
