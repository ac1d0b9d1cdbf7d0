package org.diffart.sim.testing;

import java.util.Random;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.JointSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.spatial.Quat;

/**
 * Seeded random model fixtures: trees with every joint type (hinge, slide, ball, free root, several
 * joints on one body, welded bodies) and random inertias, axes, anchors and frames, plus random
 * valid states.
 */
public final class RandomModels {
  private RandomModels() {}

  /** What to put into a random tree. */
  public record Spec(
      int bodies,
      boolean freeRoot,
      boolean damping,
      boolean springs,
      boolean actuators,
      Options options) {
    /** Every feature, gravity on, contact-free. */
    public static Spec full(int bodies) {
      return new Spec(bodies, true, true, true, true, Options.builder().contact(false).build());
    }

    /** Conservative: no damping, springs or actuators. */
    public static Spec conservative(int bodies, boolean freeRoot, Options options) {
      return new Spec(bodies, freeRoot, false, false, false, options);
    }
  }

  /** A random tree of {@code spec.bodies()} moving bodies. */
  public static Model tree(Spec spec, long seed) {
    Random rnd = new Random(seed);
    ModelBuilder b = new ModelBuilder("random-" + seed);
    b.options(spec.options());
    int first = 1;
    for (int i = 1; i <= spec.bodies(); i++) {
      int parent = i == 1 ? 0 : first + rnd.nextInt(i - first);
      BodySpec body = b.addBody(parent, "b" + i);
      body.pos(u(rnd, 0.3), u(rnd, 0.3), u(rnd, 0.3));
      double[] q = randomQuat(rnd);
      body.quat(q[0], q[1], q[2], q[3]);
      double[] d = {0.05 + rnd.nextDouble() * 0.1, 0.05 + rnd.nextDouble() * 0.1, 0};
      d[2] =
          Math.abs(d[0] - d[1])
              + (0.05 + 0.9 * rnd.nextDouble()) * (d[0] + d[1] - Math.abs(d[0] - d[1]));
      body.inertial(
          0.5 + rnd.nextDouble() * 1.5,
          new double[] {u(rnd, 0.2), u(rnd, 0.2), u(rnd, 0.2)},
          randomQuat(rnd),
          d);
      b.addGeom(body.id(), GeomType.SPHERE, "g" + i).size(0.05).contype(0).conaffinity(0);
      if (i == 1 && spec.freeRoot()) {
        b.addJoint(body.id(), JointType.FREE, "root");
        continue;
      }
      int kind = rnd.nextInt(6);
      switch (kind) {
        case 0, 1 -> hinge(b, body.id(), "j" + i, rnd, spec);
        case 2 -> slide(b, body.id(), "j" + i, rnd, spec);
        case 3 -> ball(b, body.id(), "j" + i, rnd, spec);
        case 4 -> {
          hinge(b, body.id(), "j" + i + "a", rnd, spec);
          hinge(b, body.id(), "j" + i + "b", rnd, spec);
          slide(b, body.id(), "j" + i + "c", rnd, spec);
        }
        default -> {
          // welded to its parent: no joint
        }
      }
    }
    if (spec.actuators()) {
      for (int j = 0; j < b.jointCount(); j++) {
        addActuatorIfScalar(b, j, rnd);
      }
    }
    return b.build();
  }

  /** A planar chain of n hinge links about y, 0.5 m apart, 1 kg capsules, contact-free. */
  public static Model chain(int n, Options options) {
    ModelBuilder b = new ModelBuilder("chain" + n);
    b.options(options);
    int parent = 0;
    for (int i = 0; i < n; i++) {
      BodySpec body = b.addBody(parent, "link" + i).pos(0, 0, i == 0 ? 0 : -0.5);
      b.addJoint(body.id(), JointType.HINGE, "hinge" + i).axis(0, 1, 0);
      b.addGeom(body.id(), GeomType.CAPSULE, "capsule" + i)
          .size(0.05)
          .fromto(0, 0, 0, 0, 0, -0.5)
          .mass(1)
          .contype(0)
          .conaffinity(0);
      parent = body.id();
    }
    return b.build();
  }

  /**
   * Fills {@code d} with a random valid state: unit quaternions, velocities in [-1, 1], controls in
   * [-1, 1].
   */
  public static void randomState(Model m, Data d, long seed) {
    Random rnd = new Random(seed);
    for (int j = 0; j < m.njnt(); j++) {
      int a = m.jntQposAdr(j);
      switch (m.jntType(j)) {
        case HINGE, SLIDE -> d.qpos[a] = u(rnd, 1);
        case BALL -> System.arraycopy(randomQuat(rnd), 0, d.qpos, a, 4);
        case FREE -> {
          d.qpos[a] = u(rnd, 1);
          d.qpos[a + 1] = u(rnd, 1);
          d.qpos[a + 2] = u(rnd, 1);
          System.arraycopy(randomQuat(rnd), 0, d.qpos, a + 3, 4);
        }
      }
    }
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = u(rnd, 1);
    }
    for (int k = 0; k < m.nu(); k++) {
      d.ctrl[k] = u(rnd, 1);
    }
  }

  private static void hinge(ModelBuilder b, int body, String name, Random rnd, Spec spec) {
    double[] a = randomUnit(rnd);
    JointSpec j =
        b.addJoint(body, JointType.HINGE, name)
            .axis(a[0], a[1], a[2])
            .pos(u(rnd, 0.1), u(rnd, 0.1), u(rnd, 0.1));
    extras(j, rnd, spec);
  }

  private static void slide(ModelBuilder b, int body, String name, Random rnd, Spec spec) {
    double[] a = randomUnit(rnd);
    JointSpec j = b.addJoint(body, JointType.SLIDE, name).axis(a[0], a[1], a[2]);
    extras(j, rnd, spec);
  }

  private static void ball(ModelBuilder b, int body, String name, Random rnd, Spec spec) {
    JointSpec j = b.addJoint(body, JointType.BALL, name).pos(u(rnd, 0.1), u(rnd, 0.1), u(rnd, 0.1));
    extras(j, rnd, spec);
  }

  private static void extras(JointSpec j, Random rnd, Spec spec) {
    if (spec.damping()) {
      j.damping(rnd.nextDouble()).armature(0.1 * rnd.nextDouble());
    }
    if (spec.springs()) {
      j.stiffness(rnd.nextDouble() * 5).springref(u(rnd, 0.5));
    }
  }

  private static void addActuatorIfScalar(ModelBuilder b, int joint, Random rnd) {
    // the builder validates joint types; only hinge and slide may be actuated
    JointSpec probe = b.joint(joint);
    if (probe.type() == JointType.HINGE || probe.type() == JointType.SLIDE) {
      if (rnd.nextBoolean()) {
        b.addActuator(ActuatorType.MOTOR, joint, "motor" + joint).gear(0.5 + rnd.nextDouble());
      } else {
        b.addActuator(ActuatorType.POSITION, joint, "servo" + joint).kp(1 + 10 * rnd.nextDouble());
      }
    }
  }

  private static double u(Random rnd, double s) {
    return (2 * rnd.nextDouble() - 1) * s;
  }

  public static double[] randomUnit(Random rnd) {
    double[] v = {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
    double n = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    return new double[] {v[0] / n, v[1] / n, v[2] / n};
  }

  /** A uniformly random unit quaternion. */
  public static double[] randomQuat(Random rnd) {
    double[] q = {rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()};
    Quat.normalize(q, 0);
    return q;
  }
}
