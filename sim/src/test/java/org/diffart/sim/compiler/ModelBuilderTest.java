package org.diffart.sim.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.junit.jupiter.api.Test;

/** The compiler's refusals and warnings, each naming the element at fault. */
class ModelBuilderTest {

  private static String error(ModelBuilder b) {
    return assertThrows(IllegalArgumentException.class, b::build).getMessage();
  }

  @Test
  void aMovingBodyWithoutMassAnywhereBelowIsRefused() {
    ModelBuilder b = new ModelBuilder("massless");
    BodySpec arm = b.addBody(0, "arm");
    b.addJoint(arm.id(), JointType.HINGE, "hinge");
    assertEquals(
        "body 'arm' has joints but neither it nor its children have mass: give it an inertial or geoms with"
            + " mass",
        error(b));
    // a massive child makes it fine (a URDF-style massless link between joints)
    b.addBody(arm.id(), "hand")
        .inertial(1, new double[3], new double[] {1, 0, 0, 0}, new double[] {1, 1, 1});
    assertEquals(2, b.build().nbody() - 1);
  }

  @Test
  void aFreeJointBelowAnotherBodyIsRefused() {
    ModelBuilder b = new ModelBuilder("free");
    BodySpec base = b.addBody(0, "base");
    b.addGeom(base.id(), GeomType.SPHERE, "s").size(0.1);
    BodySpec child = b.addBody(base.id(), "child");
    b.addGeom(child.id(), GeomType.SPHERE, "c").size(0.1);
    b.addJoint(child.id(), JointType.FREE, "loose");
    assertTrue(
        error(b)
            .startsWith(
                "joint 'loose': a free joint is only allowed in a body whose parent is the world"));
  }

  @Test
  void rk4RefusesAContactWarmStartAndSaysHowToFixIt() {
    ModelBuilder b = new ModelBuilder("rk4");
    b.options(Options.builder().integrator(Integrator.RK4).warmStart(true).build());
    b.addGeom(0, GeomType.PLANE, "floor").size(0, 0, 1);
    BodySpec ball = b.addBody(0, "ball");
    b.addJoint(ball.id(), JointType.FREE, "free");
    b.addGeom(ball.id(), GeomType.SPHERE, "s").size(0.1);
    String message = error(b);
    assertTrue(message.contains("RK4") && message.contains("turn the warm start off"), message);
  }

  @Test
  void keyframesMustHaveTheModelsSizes() {
    ModelBuilder b = new ModelBuilder("key");
    BodySpec arm = b.addBody(0, "arm");
    b.addJoint(arm.id(), JointType.HINGE, "hinge");
    b.addGeom(arm.id(), GeomType.SPHERE, "s").size(0.1);
    b.addKeyframe("bad").qpos(1, 2);
    assertEquals("keyframe 'bad': qpos has 2 values, the model needs 1", error(b));
  }

  @Test
  void everyPairOfPrimitivesThatMayTouchCollides() {
    GeomType[] types = {
      GeomType.SPHERE, GeomType.CAPSULE, GeomType.ELLIPSOID, GeomType.CYLINDER, GeomType.BOX
    };
    ModelBuilder b = new ModelBuilder("primitives");
    b.addGeom(0, GeomType.PLANE, "floor").size(1, 1, 1);
    for (int i = 0; i < types.length; i++) {
      BodySpec body = b.addBody(0, "b" + i).pos(i, 0, 1);
      b.addJoint(body.id(), JointType.FREE, "free" + i);
      b.addGeom(body.id(), types[i], "g" + i).size(0.1, 0.1, 0.1);
    }
    Model m = b.build();
    // the floor with each, and each pair of the five
    assertEquals(5 + 5 * 4 / 2, m.npair());
    assertTrue(m.warnings().isEmpty(), m.warnings().toString());
  }

  @Test
  void severalJointsOnOneBodyComposeInOrderAndShareItsDofs() {
    ModelBuilder b = new ModelBuilder("multi");
    BodySpec arm = b.addBody(0, "arm");
    b.addJoint(arm.id(), JointType.HINGE, "h1").axis(1, 0, 0);
    b.addJoint(arm.id(), JointType.SLIDE, "s").axis(0, 0, 1);
    b.addJoint(arm.id(), JointType.BALL, "ball");
    b.addGeom(arm.id(), GeomType.BOX, "box").size(0.1, 0.2, 0.3);
    Model m = b.build();
    assertEquals(5, m.bodyDofNum(1));
    assertEquals(6, m.nq());
    assertEquals(-1, m.dofParent(0));
    assertEquals(3, m.dofParent(4), "dofs of one body form a chain");
  }
}
