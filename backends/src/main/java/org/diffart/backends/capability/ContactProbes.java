package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.finalQpos;
import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * Contact beyond the zoo: torsional and rolling friction, margins, box stacks, height fields and
 * meshes.
 */
final class ContactProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    spinRoll(name, claims, out);
    margin(name, claims, out);
    boxStack(name, claims, out);
    hfield(name, claims, out);
    meshes(name, claims, out);
  }

  /**
   * Torsional and rolling friction: against the reference, and against the analytic decelerations
   * of a spinning ball ({@code ω̇ = -μ_spin g / (2/5 R²)}) and of a ball rolling without slipping
   * ({@code v̇ = -μ_roll g / (7/5 R)}).
   */
  private static void spinRoll(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("spin_roll.xml");
    Run run = run(name, m, 200);
    double[] v = null;
    try (Backend b = Backends.create(name, m, 1)) {
      b.setQpos(m.keyQpos(0));
      b.setQvel(m.keyQvel(0));
      b.step(50);
      v = new double[m.nv()];
      b.getQvel(v);
    } catch (RuntimeException e) {
      v = null;
    }
    double spin = 5 - 0.02 * 9.81 / (0.4 * 0.01) * 0.05,
        roll = 1 - 0.01 * 9.81 / (1.4 * 0.1) * 0.05;
    boolean analytic =
        v != null
            && Math.abs(v[5] - spin) < 0.02 * (5 - spin)
            && Math.abs(v[6] - roll) < 0.02 * (1 - roll);
    put(
        out,
        Capability.CONTACT_SPIN_ROLL,
        claims,
        run.agrees() && analytic,
        (v == null
                ? "the spinning and rolling" + " balls failed; "
                : String.format(
                    Locale.ROOT,
                    "after 50 ms a ball spins at %.4f rad/s (analytic %.4f), one"
                        + " rolls at %.5f m/s (analytic %.5f); ",
                    v[5],
                    spin,
                    v[6],
                    roll))
            + run.agreement(200, 2));
  }

  /**
   * Margins and gaps: against the reference, and the dropped ball at rest with its surface {@code
   * margin − gap} = 15 mm above the floor.
   */
  private static void margin(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("margin.xml");
    Run run = run(name, m, 1000);
    double[] q = finalQpos(name, m, 1000);
    double expected = 0.1 + 0.02 - 0.005;
    put(
        out,
        Capability.CONTACT_MARGIN,
        claims,
        run.agrees() && q != null && Math.abs(q[2] - expected) < 1e-3,
        (q == null
                ? "the dropped ball failed; "
                : String.format(
                    Locale.ROOT,
                    "a ball of radius 0.1 m with margin 20"
                        + " mm and gap 5 mm rests at %.5f m (%.3f expected); ",
                    q[2],
                    expected))
            + run.agreement(1000, 2));
  }

  /**
   * Box–box: against the reference, and a 1 kg cube dropped tilted onto a wider block, after 1 s:
   * level (its axis within 1e-4 rad of the vertical) and at rest on the block's top (0.15 m up, its
   * centre 0.25 m, within 1 mm), held by the contacts of the face it sits on. One contact a pair
   * would leave it rocking off level.
   */
  private static void boxStack(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("box_stack.xml");
    Run run = run(name, m, 1000);
    double[] q = finalQpos(name, m, 1000);
    // the cube's z axis: the third column of its rotation from the quaternion (w, x, y, z) at
    // qpos[3..7]
    double tilt =
        q == null ? Double.NaN : Math.acos(Math.min(1, 1 - 2 * (q[4] * q[4] + q[5] * q[5])));
    boolean resting = q != null && tilt < 1e-4 && Math.abs(q[2] - 0.25) < 1e-3;
    put(
        out,
        Capability.COLLISION_BOX_BOX,
        claims,
        run.agrees() && resting,
        (q == null
                ? "the stacked cube failed; "
                : String.format(
                    Locale.ROOT,
                    "after 1 s a cube dropped tilted onto a block rests at %.5f m (0.25 expected), tilted"
                        + " %.2e rad; ",
                    q[2],
                    tilt))
            + run.agreement(1000, 2));
  }

  /**
   * Height fields: a ball on a ramp-shaped height field (elevation linear in x, slope 0.2; 1 ms
   * steps) against the reference, and its acceleration against rolling down an incline, {@code 5/7
   * g sin θ}.
   */
  private static void hfield(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    double tan = 0.2,
        sin = tan / Math.sqrt(1 + tan * tan),
        cos = 1 / Math.sqrt(1 + tan * tan),
        r = 0.1;
    float[] data = new float[3 * 11];
    for (int i = 0; i < data.length; i++) {
      data[i] = i % 11;
    }
    ModelBuilder b = new ModelBuilder("ramp");
    b.options(Options.builder().timestep(1e-3).iterations(100).build());
    b.addGeom(0, GeomType.HFIELD, "ramp")
        .hfield(b.addHfield("ramp", 3, 11, new double[] {1, 1, 0.4, 0.1}, data));
    BodySpec ball = b.addBody(0, "ball").pos(0.3 - r * sin, 0, 0.26 + r * cos - 1e-4);
    b.addJoint(ball.id(), JointType.FREE, "free");
    b.addGeom(ball.id(), GeomType.SPHERE, "ball").size(r).mass(1);
    Model m = b.build();
    Run run = run(name, m, 300);
    double[][] v = new double[2][m.nv()];
    try (Backend be = Backends.create(name, m, 1)) {
      be.step(100);
      be.getQvel(v[0]);
      be.step(200);
      be.getQvel(v[1]);
    } catch (RuntimeException e) {
      v = null;
    }
    double a = v == null ? Double.NaN : (v[1][0] - v[0][0]) / 0.2,
        expected = -5.0 / 7 * 9.81 * sin * cos;
    put(
        out,
        Capability.COLLISION_HFIELD,
        claims,
        run.agrees() && Math.abs(a - expected) < 0.02 * -expected,
        (v == null
                ? "the ball on the ramp failed; "
                : String.format(
                    Locale.ROOT,
                    "a ball rolls down a height field"
                        + " ramp at %.4f m/s² along x (an incline's %.4f); ",
                    a,
                    expected))
            + run.agreement(300, 2));
  }

  /**
   * Meshes: a mesh cube and a mesh gem falling onto it against the reference; the cube rests on the
   * floor at its half-size (within the solver's Baumgarte penetration) on MuJoCo's three plane
   * contacts.
   */
  private static void meshes(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("meshes.xml");
    Run run = run(name, m, 1000);
    double[] q = finalQpos(name, m, 1000);
    boolean rests = q != null && Math.abs(q[2] - 0.1) < 2e-3 && Math.abs(q[3]) > 0.999;
    put(
        out,
        Capability.COLLISION_MESH,
        claims,
        run.agrees() && rests,
        (q == null
                ? "the mesh cube failed; "
                : String.format(
                    Locale.ROOT,
                    "a mesh cube of half-size 0.1 rests at height %.4f after 1 s; ",
                    q[2]))
            + run.agreement(1000, 2));
  }
}
