package org.diffart.backends.capability;

import org.diffart.sim.algo.constraint.Rows;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.Options;

/**
 * What each backend claims and refuses, and the probes that check it. A claim is verified when its probe passes: the
 * backend's results equal the CPU reference ({@code Step.step} on one Data per world) within 1e-9 relative on a
 * scene that exercises the capability (the scene must show it: a collision pair is verified only if the reference
 * produced contacts of that pair), and a derivative agrees with finite differences on a smooth rollout. A refusal is
 * verified when using it fails with a clear error that names it. No claim is verified without its probe passing,
 * and the matrix is made from the probes' results.
 */
public final class Capabilities {
  /** Relative tolerance of a backend's final state against the CPU reference. */
  public static final double TOLERANCE = 1e-9;
  private static final String ZOO = "/org/diffart/backends/capability/zoo.xml";
  private static final String SENSORS = "/org/diffart/backends/capability/sensors.xml";
  /** Two sliders (1 kg, 2 kg) whose sum a limited fixed tendon keeps below 0.2 m, each pushed by a motor. */
  private static final String ROPE = "<mujoco model=\"rope\"><option timestep=\"0.001\" gravity=\"0 0 0\"/><worldbody>"
      + "<body><joint name=\"x1\" type=\"slide\" axis=\"1 0 0\"/><geom type=\"box\" size=\".05 .05 .05\" mass=\"1\"/>"
      + "</body><body pos=\"0 1 0\"><joint name=\"x2\" type=\"slide\" axis=\"1 0 0\"/>"
      + "<geom type=\"box\" size=\".05 .05 .05\" mass=\"2\"/></body></worldbody><tendon><fixed limited=\"true\""
      + " range=\"-1 0.2\"><joint joint=\"x1\" coef=\"1\"/><joint joint=\"x2\" coef=\"1\"/></fixed></tendon>"
      + "<actuator><motor joint=\"x1\"/><motor joint=\"x2\"/></actuator></mujoco>";
  /**
   * A free pendulum connected to the world at its top, a free ball welded to its tip (not colliding with it), and a
   * hinge coupled to a pushed slider by {@code q₁ = 2 q₂ + q₂²}.
   */
  private static final String TIED = "<mujoco model=\"tied\"><option timestep=\"0.001\"/><worldbody>"
      + "<body name=\"p\" pos=\"0 0 1\"><freejoint/><geom type=\"capsule\" fromto=\"0 0 0 .3 0 -.2\" size=\".04\"/>"
      + "</body><body name=\"tip\" pos=\".3 0 .8\"><freejoint/>"
      + "<geom type=\"sphere\" size=\".05\" contype=\"0\" conaffinity=\"0\"/></body><body pos=\"1 0 0\">"
      + "<joint name=\"j1\" type=\"hinge\" axis=\"0 0 1\"/><geom type=\"box\" size=\".2 .05 .05\"/>"
      + "</body><body pos=\"2 0 0\"><joint name=\"j2\" type=\"slide\" axis=\"1 0 0\"/>"
      + "<geom type=\"box\" size=\".05 .05 .05\"/></body></worldbody><equality><connect body1=\"p\" anchor=\"0 0 0\"/>"
      + "<weld body1=\"tip\" body2=\"p\"/><joint joint1=\"j1\" joint2=\"j2\" polycoef=\"0 2 1 0 0\"/></equality>"
      + "<actuator><motor joint=\"j2\"/></actuator></mujoco>";
  /**
   * A 1 m cube of 100 kg falling on a vertical slide through a viscous medium (its motor, left at 0, gives the probe
   * one control per world), and a free box tumbling in a dense one
   * with wind.
   */
  private static final String SINK = "<mujoco model=\"sink\"><option timestep=\"0.001\" viscosity=\"50\"/>"
      + "<worldbody><body><joint name=\"z\" type=\"slide\" axis=\"0 0 1\"/>"
      + "<geom type=\"box\" size=\".5 .5 .5\" mass=\"100\"/></body></worldbody>"
      + "<actuator><motor joint=\"z\"/></actuator></mujoco>";
  private static final String GUST = "<mujoco model=\"gust\"><option density=\"1.2\" wind=\"2 -1 0\"/><worldbody>"
      + "<body pos=\"0 0 1\" euler=\"10 20 30\"><freejoint/><geom type=\"box\" size=\".3 .1 .05\" pos=\".1 0 0\"/>"
      + "</body></worldbody></mujoco>";
  /** A free ball hanging on a 0.5 m spatial rope (a limited tendon) from a site of the world, starting taut. */
  private static final String SWING = "<mujoco model=\"swing\"><option timestep=\"0.001\"/><worldbody>"
      + "<site name=\"anchor\" pos=\"0 0 2\"/><body pos=\".3 0 1.6\"><freejoint/><geom type=\"sphere\" size=\".05\"/>"
      + "<site name=\"knot\"/></body></worldbody><tendon><spatial limited=\"true\" range=\"0 .5\">"
      + "<site site=\"anchor\"/><site site=\"knot\"/></spatial></tendon></mujoco>";
  /**
   * A 1 kg block on a vertical slide hanging from a rope over a drum: a cylinder of radius 0.1 across the y axis at
   * height 1, the rope from a world site 0.1 left of the drum's axis up, over the top (side site above), and down to
   * the block 0.1 right of it; a motor pulls on the rope; time step 1 ms.
   */
  private static final String DRUM = "<mujoco model=\"drum\"><option timestep=\"0.001\"/><worldbody>"
      + "<site name=\"anchor\" pos=\"-.1 0 0\"/><site name=\"up\" pos=\"0 0 2\"/><geom name=\"drum\""
      + " type=\"cylinder\" size=\".1 .05\" pos=\"0 0 1\" euler=\"90 0 0\" contype=\"0\" conaffinity=\"0\"/>"
      + "<body pos=\".1 0 .5\"><joint type=\"slide\" axis=\"0 0 1\"/><geom type=\"box\" size=\".05 .05 .05\""
      + " mass=\"1\" contype=\"0\" conaffinity=\"0\"/><site name=\"hook\"/></body></worldbody><tendon><spatial name=\"rope\">"
      + "<site site=\"anchor\"/><geom geom=\"drum\" sidesite=\"up\"/><site site=\"hook\"/></spatial></tendon>"
      + "<actuator><motor tendon=\"rope\"/></actuator></mujoco>";
  /**
   * A 1 kg slider driven by a fast filter (τ = 20 ms, activation limited to [-0.4, 0.35]) and an integrator, from a
   * keyframe with their controls.
   */
  private static final String FILTERED = "<mujoco model=\"filtered\"><option timestep=\"0.002\" gravity=\"0 0 0\"/>"
      + "<worldbody><body><joint name=\"x\" type=\"slide\" axis=\"1 0 0\"/><geom type=\"box\" size=\".1 .1 .1\""
      + " mass=\"1\"/></body></worldbody><actuator><general joint=\"x\" dyntype=\"filter\" dynprm=\".02\""
      + " actlimited=\"true\" actrange=\"-.4 .35\"/><general joint=\"x\" dyntype=\"integrator\" gainprm=\".5\"/>"
      + "</actuator><keyframe><key ctrl=\"1 -.2\" act=\"0 .1\"/></keyframe></mujoco>";
  /**
   * Two 1 kg balls of radius 0.1 on a level floor: one spinning at 5 rad/s with torsional friction 0.02 (condim 4),
   * one rolling at 1 m/s with rolling friction 0.01 (condim 6); time step 1 ms.
   */
  private static final String SPIN_ROLL = "<mujoco model=\"spin_roll\"><option timestep=\"0.001\"/><worldbody>"
      + "<geom type=\"plane\" size=\"0 0 1\" condim=\"1\" friction=\"1 0 0\"/>"
      + "<body pos=\"0 0 .0999\"><freejoint/><geom size=\".1\" mass=\"1\" condim=\"4\" friction=\"1 .02 0\"/></body>"
      + "<body pos=\"1 0 .0999\"><freejoint/><geom size=\".1\" mass=\"1\" condim=\"6\" friction=\"1 0 .01\"/></body>"
      + "</worldbody><keyframe><key qvel=\"0 0 0 0 0 5 1 0 0 0 10 0\"/></keyframe></mujoco>";
  /**
   * Two 0.3 kg cubes touching a ceiling (a plane facing down), each with an adhesion actuator of gain 5 N and a
   * margin and gap of 1 cm: the key's controls 1 and 0.4 pull with 5 N and 2 N against a weight of 2.94 N.
   */
  private static final String ADHESION = "<mujoco model=\"adhesion\"><option timestep=\"0.001\"/><worldbody>"
      + "<geom type=\"plane\" size=\"0 0 1\" pos=\"0 0 1\" euler=\"180 0 0\"/>"
      + "<body name=\"held\" pos=\"0 0 .95\"><freejoint/><geom type=\"box\" size=\".05 .05 .05\" mass=\".3\""
      + " margin=\".01\" gap=\".01\"/></body>"
      + "<body name=\"dropped\" pos=\"1 0 .95\"><freejoint/><geom type=\"box\" size=\".05 .05 .05\" mass=\".3\""
      + " margin=\".01\" gap=\".01\"/></body></worldbody><actuator>"
      + "<adhesion body=\"held\" ctrlrange=\"0 1\" gain=\"5\"/><adhesion body=\"dropped\" ctrlrange=\"0 1\""
      + " gain=\"5\"/></actuator><keyframe><key ctrl=\"1 0.4\"/></keyframe></mujoco>";
  /**
   * Every geom with a margin of 2 cm and a gap of 5 mm: a ball dropped on a floor, and a tilted ellipsoid dropped on
   * a fixed cylinder (MPR with inflated supports); time step 1 ms.
   */
  /**
   * A 1 kg cube of half-size 0.1 m dropped, turned 30° about z and tilted 2° and 1° about x and y, its lowest corner
   * 5 mm above a fixed block whose top is 0.15 m up.
   */
  private static final String BOX_STACK = "<mujoco model=\"box_stack\"><option timestep=\"0.001\"/><worldbody>"
      + "<geom type=\"box\" size=\".3 .2 .075\" pos=\"0 0 .075\"/><body pos=\".05 .02 .26\" euler=\"2 1 30\">"
      + "<freejoint/><geom type=\"box\" size=\".1 .1 .1\" mass=\"1\"/></body></worldbody></mujoco>";
  private static final String MARGIN = "<mujoco model=\"margin\"><option timestep=\"0.001\"/><default>"
      + "<geom margin=\".02\" gap=\".005\"/></default><worldbody><geom type=\"plane\" size=\"0 0 1\"/>"
      + "<body pos=\"0 0 .2\"><freejoint/><geom size=\".1\" mass=\"1\"/></body>"
      + "<geom type=\"cylinder\" size=\".1 .05\" pos=\"1 0 .05\"/>"
      + "<body pos=\"1 0 .25\" euler=\"20 10 0\"><freejoint/><geom type=\"ellipsoid\" size=\".1 .06 .05\""
      + " mass=\"1\"/></body></worldbody></mujoco>";
  /**
   * A cube of half-size 0.1 given as a mesh (eight vertices, twelve triangles), released flat 1 mm into a floor, and
   * a gem of six-sided rings dropped onto it; time step 1 ms.
   */
  private static final String MESHES = "<mujoco model=\"meshes\"><option timestep=\"0.001\"/><asset>"
      + "<mesh name=\"cube\" vertex=\"-.1 -.1 -.1 .1 -.1 -.1 .1 .1 -.1 -.1 .1 -.1 -.1 -.1 .1 .1 -.1 .1 .1 .1 .1 -.1 .1 .1\""
      + " face=\"0 3 2 0 2 1 4 5 6 4 6 7 0 1 5 0 5 4 1 2 6 1 6 5 2 3 7 2 7 6 3 0 4 3 4 7\"/>"
      + "<mesh name=\"gem\" vertex=\".05 0 0 .025 .043 0 -.025 .043 0 -.05 0 0 -.025 -.043 0 .025 -.043 0 0 0 .06 0 0 -.06\""
      + " face=\"0 1 6 1 2 6 2 3 6 3 4 6 4 5 6 5 0 6 1 0 7 2 1 7 3 2 7 4 3 7 5 4 7 0 5 7\"/></asset><worldbody>"
      + "<geom type=\"plane\" size=\"0 0 1\"/><body pos=\"0 0 .099\"><freejoint/><geom type=\"mesh\" mesh=\"cube\""
      + " mass=\"1\"/></body><body pos=\".02 .01 .3\" euler=\"30 20 0\"><freejoint/><geom type=\"mesh\" mesh=\"gem\""
      + " mass=\".1\"/></body></worldbody></mujoco>";
  /**
   * A crank of radius 0.1 turned 40° about z, on a hinge with inertia 0.01 (no gravity), driven through a rod of 0.25
   * by a slider-crank motor whose slider axis is the world's x through the hinge.
   */
  private static final String CRANK = "<mujoco model=\"crank\"><option timestep=\"0.001\" gravity=\"0 0 0\"/>"
      + "<worldbody><site name=\"slider\" zaxis=\"1 0 0\"/><body euler=\"0 0 40\"><joint axis=\"0 0 1\"/>"
      + "<inertial pos=\"0 0 0\" mass=\"1\" diaginertia=\".01 .01 .01\"/><site name=\"crank\" pos=\".1 0 0\"/>"
      + "</body></worldbody><actuator><motor cranksite=\"crank\" slidersite=\"slider\" cranklength=\".25\"/>"
      + "</actuator></mujoco>";
  /**
   * A 1 kg slider (no gravity) pulled by a muscle of peak force 50 N whose length range [0, 0.3] maps onto its range
   * [0.75, 1.05] (L0 = 1): the keyframe puts it at its optimal length, at rest, half activated, control 1.
   */
  private static final String MUSCLE = "<mujoco model=\"muscle\"><option timestep=\"0.001\" gravity=\"0 0 0\"/>"
      + "<worldbody><body><joint name=\"x\" type=\"slide\" axis=\"1 0 0\"/><geom type=\"box\" size=\".1 .1 .1\""
      + " mass=\"1\"/></body></worldbody><actuator><muscle joint=\"x\" force=\"50\" lengthrange=\"0 .3\""
      + " ctrllimited=\"true\" ctrlrange=\"0 1\"/></actuator><keyframe><key qpos=\".25\" act=\".5\" ctrl=\"1\"/>"
      + "</keyframe></mujoco>";
  /** A 2 kg block on a rail with 3 N of dry friction, pushed by a motor; time step 1 ms. */
  private static final String RAIL = "<mujoco model=\"rail\"><option timestep=\"0.001\"/><worldbody><body>"
      + "<joint name=\"rail\" type=\"slide\" axis=\"1 0 0\" frictionloss=\"3\"/>"
      + "<geom type=\"box\" size=\".1 .1 .1\" mass=\"2\"/></body></worldbody>"
      + "<actuator><motor joint=\"rail\"/></actuator></mujoco>";

  /**
   * One probe's outcome.
   *
   * @param capability what was probed
   * @param claimed whether the backend claims it (else it refuses it)
   * @param verified whether the probe showed the claim holds, or the refusal fires
   * @param detail what the probe measured or the error it saw
   */
  public record Verdict(Capability capability, boolean claimed, boolean verified, String detail) {}

  private Capabilities() {}

  /** What backend {@code name} claims; it refuses every other capability. */
  public static Set<Capability> claims(String name) {
    Set<Capability> stepping = EnumSet.range(Capability.JOINT_FREE, Capability.CONTACT_RESTITUTION);
    stepping.add(Capability.PRECISION_FP64);
    stepping.add(Capability.SENSORS_MUJOCO);
    stepping.add(Capability.CONTACT_DOF_FRICTION);
    stepping.add(Capability.CONTACT_SPIN_ROLL);
    stepping.add(Capability.CONTACT_MARGIN);
    stepping.add(Capability.TENDONS_FIXED);
    stepping.add(Capability.CONSTRAINTS_EQUALITY);
    stepping.add(Capability.FORCES_FLUID);
    stepping.add(Capability.TENDONS_SPATIAL);
    stepping.add(Capability.TENDONS_WRAPPING);
    stepping.add(Capability.ACTUATORS_ACTIVATION);
    stepping.add(Capability.ACTUATORS_SLIDER_CRANK);
    stepping.add(Capability.ACTUATORS_MUSCLE);
    stepping.add(Capability.ACTUATORS_ADHESION);
    return switch (name) {
      case "cpu" -> {
        Set<Capability> all = EnumSet.copyOf(stepping);
        all.addAll(EnumSet.range(Capability.DERIVATIVE_ADJOINT, Capability.CHECKPOINTING_REVOLVE));
        yield all;
      }
      case "opencl" -> {
        Set<Capability> all = EnumSet.copyOf(stepping);
        all.addAll(List.of(Capability.DERIVATIVE_ADJOINT, Capability.CHECKPOINTING_INTERVAL,
            Capability.CHECKPOINTING_REPLAY, Capability.CHECKPOINTING_REVOLVE));
        yield all;
      }
      default -> throw new IllegalArgumentException("unknown backend '" + name + "'; available: "
          + String.join(", ", Backends.names()));
    };
  }

  /** Runs every probe for backend {@code name}, in the order of {@link Capability}. */
  public static List<Verdict> verify(String name) {
    return verify(name, v -> { });
  }

  /**
   * Runs every probe for backend {@code name}, in the order of {@link Capability}, telling {@code each} every verdict
   * as it is reached (a probe that runs one scene for several capabilities gives them together), for progress.
   */
  public static List<Verdict> verify(String name, Consumer<Verdict> each) {
    Set<Capability> claims = claims(name);
    Map<Capability, Verdict> out = new EnumMap<>(Capability.class) {
      private static final long serialVersionUID = 1L;

      @Override
      public Verdict put(Capability c, Verdict v) {
        Verdict before = super.put(c, v);
        each.accept(v);
        return before;
      }
    };
    String unavailable = startProblem(name);
    for (Capability c : Capability.values()) {
      if (unavailable != null) {
        out.put(c, new Verdict(c, claims.contains(c), false, "the backend cannot start: " + unavailable));
      }
    }
    if (unavailable == null) {
      stepping(name, claims, out);
      sensors(name, claims, out);
      derivatives(name, claims, out);
      history(claims, out);
    }
    return List.copyOf(out.values());
  }

  private static String startProblem(String name) {
    try (Backend b = Backends.create(name, ModelLoader.load("builtin:pendulum:1"), 1)) {
      b.step(1);
      return null;
    } catch (RuntimeException e) {
      return e.getMessage();
    }
  }

  // ---- stepping: scenes run on the backend and on the reference ----

  /** What a reference run showed, and how far the backend's final state was from it. */
  private record Run(double diff, double scale, Set<String> pairs, boolean limits, boolean warmStarted,
      boolean stoppedEarly, boolean bounced, String error) {
    boolean agrees() {
      return error == null && diff <= TOLERANCE * (1 + scale);
    }

    String agreement(int steps, int worlds) {
      if (error != null) {
        return "failed: " + error;
      }
      return String.format(Locale.ROOT, "%d steps of %d worlds: max |Δ| %s the CPU reference%s", steps, worlds,
          diff == 0 ? "0, bitwise equal to" : String.format(Locale.ROOT, "%.3g from", diff),
          agrees() ? "" : String.format(Locale.ROOT, " (tolerance %.1g)", TOLERANCE * (1 + scale)));
    }
  }

  private static void stepping(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model zoo = ModelLoader.loadMjcfString(resource(ZOO), "zoo.xml");
    int steps = 400;
    Run base = run(name, zoo, steps);
    String agreement = base.agreement(steps, 2);
    for (Capability c : new Capability[] {Capability.JOINT_FREE, Capability.JOINT_BALL, Capability.JOINT_SLIDE,
        Capability.JOINT_HINGE, Capability.INTEGRATOR_EULER}) {
      put(out, c, claims, base.agrees(), "capability zoo, " + agreement);
    }
    for (Capability c : EnumSet.range(Capability.COLLISION_PLANE_SPHERE, Capability.COLLISION_CAPSULE_BOX)) {
      String pair = c.description().toUpperCase(Locale.ROOT);
      boolean seen = base.pairs().contains(pair);
      put(out, c, claims, base.agrees() && seen, (seen ? pair.toLowerCase(Locale.ROOT) + " contacts in the zoo, "
          : "no " + pair.toLowerCase(Locale.ROOT) + " contact arose, so nothing shows it; ") + agreement);
    }
    // the convex pairs MPR collides: those with an ellipsoid or a cylinder (planes excepted)
    List<String> convex = base.pairs().stream().filter(p -> !p.startsWith("PLANE")
        && (p.contains("ELLIPSOID") || p.contains("CYLINDER"))).sorted()
        .map(p -> p.toLowerCase(Locale.ROOT)).toList();
    put(out, Capability.COLLISION_CONVEX, claims, base.agrees() && convex.size() >= 2, (convex.isEmpty()
        ? "no MPR contact arose, so nothing shows it; " : String.join(", ", convex) + " contacts in the zoo, ")
        + agreement);
    put(out, Capability.CONTACT_PGS, claims, base.agrees() && !base.pairs().isEmpty(), "contacts of "
        + base.pairs().size() + " pair types, " + agreement);
    put(out, Capability.CONTACT_JOINT_LIMITS, claims, base.agrees() && base.limits(), (base.limits()
        ? "limit rows on the hinge, " : "no limit row arose; ") + agreement);
    double precision = base.diff() / (1 + base.scale());
    put(out, Capability.PRECISION_FP64, claims, base.agrees() && precision < 1e-12, (precision == 0
        ? "bitwise equal to" : String.format(Locale.ROOT, "relative difference %.3g from", precision))
        + " the float64 reference (float32 would differ by about 1e-7)");

    Options o = zoo.opt();
    Run warm = run(name, zoo.withOptions(o.toBuilder().warmStart(true).frictionDirections(2).build()), steps);
    put(out, Capability.CONTACT_WARM_START, claims, warm.agrees() && warm.warmStarted(), (warm.warmStarted()
        ? "impulses started from the previous step, " : "no row was warm-started; ") + warm.agreement(steps, 2));
    put(out, Capability.CONTACT_BOX_CONE, claims, warm.agrees(), "two friction directions, "
        + warm.agreement(steps, 2));
    Run early = run(name, zoo.withOptions(o.toBuilder().iterations(200).tolerance(1e-9).build()), steps);
    put(out, Capability.CONTACT_TOLERANCE, claims, early.agrees() && early.stoppedEarly(), (early.stoppedEarly()
        ? "solves stopped before 200 sweeps, " : "no solve stopped early; ") + early.agreement(steps, 2));
    Run bouncy = run(name, zoo.withOptions(o.toBuilder().restitution(0.5).build()), steps);
    put(out, Capability.CONTACT_RESTITUTION, claims, bouncy.agrees() && bouncy.bounced(), (bouncy.bounced()
        ? "contacts with restitution 0.5, " : "no contact had restitution; ") + bouncy.agreement(steps, 2));

    Model damped = zoo.withOptions(o.toBuilder().integrator(Integrator.EULER_EXPLICIT_DAMPING).build());
    Run explicit = run(name, damped, steps);
    put(out, Capability.INTEGRATOR_EULER_EXPLICIT_DAMPING, claims, explicit.agrees(), "capability zoo, "
        + explicit.agreement(steps, 2));
    // dry friction: a block pushed below its friction must stay, one pushed above it slide (the zoo has none)
    Model rail = ModelLoader.loadMjcfString(RAIL, "rail.xml");
    Run dry = run(name, rail, steps);
    // two worlds: a 2.5 N push and a 5 N push
    double[][] railed = velocities(name, rail, new double[] {2.5, 5}, steps);
    double[] pushed = railed == null ? null : railed[0];
    boolean coulomb = pushed != null && Math.abs(pushed[0]) < 1e-6 && Math.abs(pushed[1] - 0.4) < 1e-6;
    put(out, Capability.CONTACT_DOF_FRICTION, claims, dry.agrees() && coulomb, (pushed == null ? "the pushed blocks"
        + " failed; " : String.format(Locale.ROOT, "a 2 kg block with 3 N of dry friction pushed with 2.5 N moves at"
        + " %.3g m/s, pushed with 5 N at %.6g m/s after %d steps (Coulomb: 0 and %.6g); ", pushed[0], pushed[1],
        steps, 0.4)) + dry.agreement(steps, 2));
    spinRoll(name, claims, out);
    margin(name, claims, out);
    boxStack(name, claims, out);
    hfield(name, claims, out);
    meshes(name, claims, out);
    sliderCrank(name, claims, out);
    muscle(name, claims, out);
    adhesion(name, claims, out);
    // a rope (limited tendon) holding the sum of two pushed sliders: Newton gives +2/3 and -2/3 m/s² on the bound
    Model rope = ModelLoader.loadMjcfString(ROPE, "rope.xml");
    Run roped = run(name, rope, 2000);
    // the accelerations: the velocity change over the last step
    double[][] v = velocities(name, rope, new double[] {3, 1}, 1999, 2000);
    double dt = rope.opt().timestep();
    double[] acc = v == null ? null : new double[] {(v[1][0] - v[0][0]) / dt, (v[1][1] - v[0][1]) / dt};
    boolean newton = acc != null && Math.abs(acc[0] - 2.0 / 3) < 1e-3 && Math.abs(acc[1] + 2.0 / 3) < 1e-3;
    put(out, Capability.TENDONS_FIXED, claims, roped.agrees() && newton, (acc == null ? "the pushed sliders failed; "
        : String.format(Locale.ROOT, "sliders pushed against a limited tendon accelerate at %.4f and %.4f m/s² on"
        + " the bound (Newton: 0.6667 and -0.6667); ", acc[0], acc[1])) + roped.agreement(2000, 2));
    equality(name, claims, out);
    swing(name, claims, out);
    drum(name, claims, out);
    // fluid forces: a tumbling box in wind against the reference, and Stokes' terminal velocity of a sinking cube
    Run gust = run(name, ModelLoader.loadMjcfString(GUST, "gust.xml"), 1000);
    double[][] sunk = velocities(name, ModelLoader.loadMjcfString(SINK, "sink.xml"), new double[1], 3000);
    double stokes = -100 * 9.81 / (3 * Math.PI * 50), sinking = sunk == null ? Double.NaN : sunk[0][0];
    put(out, Capability.FORCES_FLUID, claims, gust.agrees() && Math.abs(sinking - stokes) < 1e-5 * -stokes,
        String.format(Locale.ROOT, "a cube sinks at %.6g m/s after 3 s (Stokes: %.6g); a box tumbling in wind, ",
            sinking, stokes) + gust.agreement(1000, 2));
    activation(name, claims, out);
    Model pendulum = ModelLoader.load("builtin:pendulum:3");
    Model rk4Pendulum = pendulum.withOptions(pendulum.opt().toBuilder().integrator(Integrator.RK4).build());
    Run rk4 = run(name, rk4Pendulum, 500);
    double gradient = rk4Gradient(name, rk4Pendulum);
    put(out, Capability.INTEGRATOR_RK4, claims, rk4.agrees() && gradient < 1e-6, String.format(Locale.ROOT,
        "3-link pendulum, adjoint of 200 steps within %.3g of central differences, ", gradient)
        + rk4.agreement(500, 2));
  }

  /** The backend's adjoint of a 200-step RK4 rollout against the simulator's central differences (relative). */
  private static double rk4Gradient(String name, Model m) {
    RolloutProblem p = probeRollout(m);
    GradientResult reference = centralDifferences(p);
    try (Backend b = Backends.create(name, m, 1)) {
      return relative(b.gradient(p, "adjoint", new Checkpointing.Every(10)), reference);
    } catch (RuntimeException e) {
      return Double.POSITIVE_INFINITY;
    }
  }

  /**
   * Activation dynamics: the filtered slider agrees with the CPU reference (positions, velocities, activations), and
   * on the backend the filter's activation stops at its bound while the integrator's grows by {@code dt·ctrl} per
   * step: {@code 0.1 - 0.2·t}.
   */
  private static void activation(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(FILTERED, "filtered.xml");
    int steps = 500;
    Run run = run(name, m, steps);
    double[] act = new double[m.na()];
    try (Backend b = Backends.create(name, m, 1)) {
      b.setCtrl(m.keyCtrl(0));
      b.setAct(m.keyAct(0));
      b.step(steps);
      b.getAct(act);
    } catch (RuntimeException e) {
      put(out, Capability.ACTUATORS_ACTIVATION, claims, false, "the filtered slider failed: " + e);
      return;
    }
    double t = steps * m.opt().timestep(), integrated = 0.1 - 0.2 * t;
    boolean ok = run.agrees() && act[0] == 0.35 && Math.abs(act[1] - integrated) < 1e-12;
    put(out, Capability.ACTUATORS_ACTIVATION, claims, ok, String.format(Locale.ROOT, "after %.1f s the filter's"
        + " activation is %.6g (its bound: 0.35) and the integrator's %.6g (0.1 - 0.2 t: %.6g); ", t, act[0], act[1],
        integrated) + run.agreement(steps, 2));
  }

  /**
   * Equality constraints: the tied model from rest (the pendulum swings, the slider is pushed) agrees with the CPU
   * reference, and after 1000 steps on the backend every constraint holds: the largest violation of its rows,
   * evaluated at the backend's final positions, stays below 2 mm (or rad) while the bodies have moved.
   */
  private static void equality(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(TIED, "tied.xml");
    int steps = 1000;
    Run tied = run(name, m, steps);
    double[] q = new double[m.nq()];
    try (Backend b = Backends.create(name, m, 1)) {
      b.setCtrl(new double[] {0.5});
      b.step(steps);
      b.getQpos(q);
    } catch (RuntimeException e) {
      put(out, Capability.CONSTRAINTS_EQUALITY, claims, false, "failed: " + e);
      return;
    }
    Data d = new Data(m);
    System.arraycopy(q, 0, d.qpos, 0, m.nq());
    Step.forward(m, d);
    double violation = 0;
    for (int r = 0; r < d.nefc; r++) {
      violation = Math.max(violation, Math.abs(d.efcDist[r]));
    }
    // how far the pendulum turned (its orientation's distance from the start) and the slider went
    double turned = 2 * Math.acos(Math.min(1, Math.abs(q[3]))), pushed = q[m.nq() - 1];
    boolean held = d.nefc == m.neqRows() && violation < 2e-3 && turned > 0.3 && pushed > 0.05;
    put(out, Capability.CONSTRAINTS_EQUALITY, claims, tied.agrees() && held, String.format(Locale.ROOT,
        "a connected pendulum turned by %.3g rad, a welded ball and a coupled hinge whose slider moved %.3g m: largest"
        + " violation %.3g after %d steps; ", turned, pushed, violation, steps) + tied.agreement(steps, 2));
  }

  /**
   * Spatial tendons: a ball on a rope swings against the CPU reference, and after 1000 steps on the backend it is
   * where a rope puts it: 0.5 m from the anchor (within 2 mm), having swung past the anchor's vertical.
   */
  private static void swing(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(SWING, "swing.xml");
    int steps = 1000;
    Run swung = run(name, m, steps);
    double[] q = new double[m.nq()];
    try (Backend b = Backends.create(name, m, 1)) {
      b.step(steps);
      b.getQpos(q);
    } catch (RuntimeException e) {
      put(out, Capability.TENDONS_SPATIAL, claims, false, "failed: " + e);
      return;
    }
    double r = Math.sqrt(q[0] * q[0] + q[1] * q[1] + (q[2] - 2) * (q[2] - 2));
    boolean rope = Math.abs(r - 0.5) < 2e-3 && q[0] < 0;
    put(out, Capability.TENDONS_SPATIAL, claims, swung.agrees() && rope, String.format(Locale.ROOT,
        "a ball on a 0.5 m rope is %.4f m from the anchor at x = %.3f m after %d steps; ", r, q[0], steps)
        + swung.agreement(steps, 2));
  }

  /**
   * Wrapping: a block hanging from a rope over a drum against the CPU reference, and its first step from rest against
   * Newton: the rope leaves the drum vertically above the block, so its moment arm on the block's height is exactly
   * -1 and a motor tension u (negative: pulling) gives {@code z'' = −g − u}, only if the tangent point is right.
   */
  private static void drum(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(DRUM, "drum.xml");
    Run run = run(name, m, 1000);
    double[][] v = velocities(name, m, new double[] {-5, 0}, 1);
    double g = -m.opt().gravity()[2], dt = m.opt().timestep(), pulled = dt * (-g + 5), free = -dt * g;
    boolean newton = v != null && Math.abs(v[0][0] - pulled) < 1e-9 && Math.abs(v[0][1] - free) < 1e-9;
    put(out, Capability.TENDONS_WRAPPING, claims, run.agrees() && newton, (v == null ? "the drum failed; "
        : String.format(Locale.ROOT, "a 1 kg block on a rope over a drum, pulled with 5 N, moves at %.9g m/s after"
        + " one step (Newton %.9g; unpulled %.9g, Newton %.9g); ", v[0][0], pulled, v[0][1], free))
        + run.agreement(1000, 2));
  }

  /**
   * The sensors of a resting box and a swinging arm after 1500 steps of two worlds: equal to the CPU reference, and
   * physically right where physics says what they must read (the box's touch sensor carries its weight, its
   * accelerometer reads +g).
   */
  private static void sensors(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(resource(SENSORS), "sensors.xml");
    int steps = 1500, n = m.nsensordata();
    Data[] ref = {new Data(m), new Data(m)};
    ref[1].qvel[6] = 2;
    ref[1].ctrl[0] = 0.3;
    double[] q = new double[2 * m.nq()], v = new double[2 * m.nv()], u = new double[2 * m.nu()];
    double[] got = new double[2 * n];
    for (int w = 0; w < 2; w++) {
      System.arraycopy(ref[w].qpos, 0, q, w * m.nq(), m.nq());
      System.arraycopy(ref[w].qvel, 0, v, w * m.nv(), m.nv());
      System.arraycopy(ref[w].ctrl, 0, u, w * m.nu(), m.nu());
      for (int s = 0; s < steps; s++) {
        Step.step(m, ref[w]);
      }
    }
    try (Backend b = Backends.create(name, m, 2)) {
      b.setQpos(q);
      b.setQvel(v);
      b.setCtrl(u);
      b.step(steps);
      b.getSensordata(got);
    } catch (RuntimeException e) {
      put(out, Capability.SENSORS_MUJOCO, claims, false, "failed: " + e);
      return;
    }
    double diff = 0, scale = 0;
    for (int w = 0; w < 2; w++) {
      for (int k = 0; k < n; k++) {
        diff = Math.max(diff, Math.abs(got[w * n + k] - ref[w].sensordata[k]));
        scale = Math.max(scale, Math.abs(ref[w].sensordata[k]));
      }
    }
    double weight = 2 * Math.abs(m.opt().gravity(2)), touch = got[0], accZ = got[3];
    boolean physical = Math.abs(touch - weight) < 1e-3 * weight && Math.abs(accZ - weight / 2) < 1e-3 * weight;
    boolean agrees = diff <= TOLERANCE * (1 + scale);
    put(out, Capability.SENSORS_MUJOCO, claims, agrees && physical, String.format(Locale.ROOT,
        "%d sensors (%d values), %d steps of 2 worlds: max |Δ| %s the CPU reference; the resting box's touch sensor"
            + " reads %.6g N (its weight %.6g N), its accelerometer %.6g m/s²", m.nsensor(), n, steps,
        diff == 0 ? "0, bitwise equal to" : String.format(Locale.ROOT, "%.3g from", diff), touch, weight, accZ));
  }

  /**
   * The velocities of every world (W×nv) after each of the increasing step counts {@code after}, stepping model m
   * on the backend from qpos0 at rest with the controls {@code ctrl} (W×nu); null when the backend fails.
   */
  private static double[][] velocities(String name, Model m, double[] ctrl, int... after) {
    int worlds = ctrl.length / Math.max(1, m.nu());
    try (Backend b = Backends.create(name, m, worlds)) {
      b.setCtrl(ctrl);
      double[][] out = new double[after.length][worlds * m.nv()];
      int done = 0;
      for (int i = 0; i < after.length; i++) {
        b.step(after[i] - done);
        done = after[i];
        b.getQvel(out[i]);
      }
      return out;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * Torsional and rolling friction: against the reference, and against the analytic decelerations of a spinning ball
   * ({@code ω̇ = -μ_spin g / (2/5 R²)}) and of a ball rolling without slipping ({@code v̇ = -μ_roll g / (7/5 R)}).
   */
  private static void spinRoll(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(SPIN_ROLL, "spin_roll.xml");
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
    double spin = 5 - 0.02 * 9.81 / (0.4 * 0.01) * 0.05, roll = 1 - 0.01 * 9.81 / (1.4 * 0.1) * 0.05;
    boolean analytic = v != null && Math.abs(v[5] - spin) < 0.02 * (5 - spin) && Math.abs(v[6] - roll) < 0.02
        * (1 - roll);
    put(out, Capability.CONTACT_SPIN_ROLL, claims, run.agrees() && analytic, (v == null ? "the spinning and rolling"
        + " balls failed; " : String.format(Locale.ROOT, "after 50 ms a ball spins at %.4f rad/s (analytic %.4f), one"
        + " rolls at %.5f m/s (analytic %.5f); ", v[5], spin, v[6], roll)) + run.agreement(200, 2));
  }

  /**
   * One world of m on backend {@code name} after {@code steps} steps from qpos0 with the controls {@code ctrl} (zero
   * when empty): its qpos, or null when it fails.
   */
  private static double[] finalQpos(String name, Model m, int steps, double... ctrl) {
    double[] q = new double[m.nq()];
    try (Backend b = Backends.create(name, m, 1)) {
      if (ctrl.length > 0) {
        b.setCtrl(ctrl);
      }
      b.step(steps);
      b.getQpos(q);
      return q;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * Adhesion: against the reference, and the cubes under the ceiling after 300 ms: the one pulled harder than its
   * weight still touches it, the other has fallen away.
   */
  private static void adhesion(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(ADHESION, "adhesion.xml");
    Run run = run(name, m, 300);
    double[] q = finalQpos(name, m, 300, m.keyCtrl(0));
    boolean physical = q != null && Math.abs(q[2] - 0.95) < 1e-3 && 0.95 - q[9] > 0.1;
    put(out, Capability.ACTUATORS_ADHESION, claims, run.agrees() && physical, (q == null ? "the cubes under the"
        + " ceiling failed; " : String.format(Locale.ROOT, "after 300 ms the cube pulled with 5 N hangs at %.4f m,"
        + " the one pulled with 2 N (weight 2.94 N) has fallen to %.3f m (from 0.95); ", q[2], q[9]))
        + run.agreement(300, 2));
  }

  /**
   * Margins and gaps: against the reference, and the dropped ball at rest with its surface {@code margin − gap} =
   * 15 mm above the floor.
   */
  private static void margin(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(MARGIN, "margin.xml");
    Run run = run(name, m, 1000);
    double[] q = finalQpos(name, m, 1000);
    double expected = 0.1 + 0.02 - 0.005;
    put(out, Capability.CONTACT_MARGIN, claims, run.agrees() && q != null && Math.abs(q[2] - expected) < 1e-3,
        (q == null ? "the dropped ball failed; " : String.format(Locale.ROOT, "a ball of radius 0.1 m with margin 20"
        + " mm and gap 5 mm rests at %.5f m (%.3f expected); ", q[2], expected)) + run.agreement(1000, 2));
  }

  /**
   * Box–box: against the reference, and a 1 kg cube dropped tilted onto a wider block, after 1 s: level (its axis
   * within 1e-4 rad of the vertical) and at rest on the block's top (0.15 m up, its centre 0.25 m, within 1 mm), held
   * by the contacts of the face it sits on. One contact a pair would leave it rocking off level.
   */
  private static void boxStack(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(BOX_STACK, "box_stack.xml");
    Run run = run(name, m, 1000);
    double[] q = finalQpos(name, m, 1000);
    // the cube's z axis: the third column of its rotation from the quaternion (w, x, y, z) at qpos[3..7]
    double tilt = q == null ? Double.NaN : Math.acos(Math.min(1, 1 - 2 * (q[4] * q[4] + q[5] * q[5])));
    boolean resting = q != null && tilt < 1e-4 && Math.abs(q[2] - 0.25) < 1e-3;
    put(out, Capability.COLLISION_BOX_BOX, claims, run.agrees() && resting, (q == null ? "the stacked cube failed; "
        : String.format(Locale.ROOT, "after 1 s a cube dropped tilted onto a block rests at %.5f m (0.25 expected), tilted"
        + " %.2e rad; ", q[2], tilt)) + run.agreement(1000, 2));
  }

  /**
   * Height fields: a ball on a ramp-shaped height field (elevation linear in x, slope 0.2; 1 ms steps) against the
   * reference, and its acceleration against rolling down an incline, {@code 5/7 g sin θ}.
   */
  private static void hfield(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    double tan = 0.2, sin = tan / Math.sqrt(1 + tan * tan), cos = 1 / Math.sqrt(1 + tan * tan), r = 0.1;
    float[] data = new float[3 * 11];
    for (int i = 0; i < data.length; i++) {
      data[i] = i % 11;
    }
    ModelBuilder b = new ModelBuilder("ramp");
    b.options(Options.builder().timestep(1e-3).iterations(100).build());
    b.addGeom(0, GeomType.HFIELD, "ramp").hfield(b.addHfield("ramp", 3, 11, new double[] {1, 1, 0.4, 0.1}, data));
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
    double a = v == null ? Double.NaN : (v[1][0] - v[0][0]) / 0.2, expected = -5.0 / 7 * 9.81 * sin * cos;
    put(out, Capability.COLLISION_HFIELD, claims, run.agrees() && Math.abs(a - expected) < 0.02 * -expected,
        (v == null ? "the ball on the ramp failed; " : String.format(Locale.ROOT, "a ball rolls down a height field"
        + " ramp at %.4f m/s² along x (an incline's %.4f); ", a, expected)) + run.agreement(300, 2));
  }

  /**
   * Meshes: a mesh cube and a mesh gem falling onto it against the reference; the cube rests on the floor at its
   * half-size (within the solver's Baumgarte penetration) on MuJoCo's three plane contacts.
   */
  private static void meshes(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(MESHES, "meshes.xml");
    Run run = run(name, m, 1000);
    double[] q = finalQpos(name, m, 1000);
    boolean rests = q != null && Math.abs(q[2] - 0.1) < 2e-3 && Math.abs(q[3]) > 0.999;
    put(out, Capability.COLLISION_MESH, claims, run.agrees() && rests, (q == null ? "the mesh cube failed; "
        : String.format(Locale.ROOT, "a mesh cube of half-size 0.1 rests at height %.4f after 1 s; ", q[2]))
        + run.agreement(1000, 2));
  }

  /**
   * Slider-crank transmissions: the crank against the reference, and its first step from rest against the closed
   * form: the moment arm of {@code l(θ) = ρ cos θ − √(r² − ρ² sin² θ)}, {@code l' = −ρ sin θ + ρ² sin θ cos θ /
   * √(r² − ρ² sin² θ)}, gives {@code q̇ = dt · l' · u / I} for a control u.
   */
  private static void sliderCrank(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(CRANK, "crank.xml");
    Run run = run(name, m, 500);
    double[][] v = velocities(name, m, new double[] {2}, 1);
    double th = Math.toRadians(40), rho = 0.1, rod = 0.25, s = Math.sin(th), c = Math.cos(th);
    double arm = -rho * s + rho * rho * s * c / Math.sqrt(rod * rod - rho * rho * s * s), expected = 1e-3 * arm * 2 / 0.01;
    boolean closed = v != null && Math.abs(v[0][0] - expected) < 1e-9 * Math.abs(expected);
    put(out, Capability.ACTUATORS_SLIDER_CRANK, claims, run.agrees() && closed, (v == null ? "the crank failed; "
        : String.format(Locale.ROOT, "the crank turns at %.9g rad/s after one step (closed form %.9g); ", v[0][0],
        expected)) + run.agreement(500, 2));
  }

  /**
   * Muscles: the slider against the reference, and its first step against MuJoCo's curves: at the optimal length and
   * at rest FL = FV = 1 and the passive force is zero, so half an activation pulls with 25 N ({@code v = −25 dt}); the
   * activation rises at {@code (1 − 0.5)/(0.01 (0.5 + 1.5·0.5))} = 40/s.
   */
  private static void muscle(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.loadMjcfString(MUSCLE, "muscle.xml");
    Run run = run(name, m, 500);
    double[] v = new double[1], act = new double[1];
    boolean ok;
    try (Backend b = Backends.create(name, m, 1)) {
      b.setQpos(m.keyQpos(0));
      b.setAct(m.keyAct(0));
      b.setCtrl(m.keyCtrl(0));
      b.step(1);
      b.getQvel(v);
      b.getAct(act);
      ok = Math.abs(v[0] + 0.025) < 1e-12 && Math.abs(act[0] - 0.54) < 1e-12;
    } catch (RuntimeException e) {
      put(out, Capability.ACTUATORS_MUSCLE, claims, false, "failed: " + e);
      return;
    }
    put(out, Capability.ACTUATORS_MUSCLE, claims, run.agrees() && ok, String.format(Locale.ROOT, "half an activation"
        + " at the optimal length moves 1 kg at %.12g m/s after 1 ms (-0.025) and activates to %.12g (0.54); ",
        v[0], act[0]) + run.agreement(500, 2));
  }

  private static void put(Map<Capability, Verdict> out, Capability c, Set<Capability> claims, boolean ok,
      String detail) {
    boolean claimed = claims.contains(c);
    // a stepping capability every backend claims: a refusal would need its own probe, and none exists
    out.put(c, claimed ? new Verdict(c, true, ok, detail)
        : new Verdict(c, false, false, "refused, but no probe shows the refusal"));
  }

  /** Two worlds of m (the first keyframe, and the same with velocities scaled by 0.9) for {@code steps} steps. */
  private static Run run(String name, Model m, int steps) {
    Data[] ref = new Data[2];
    for (int w = 0; w < 2; w++) {
      ref[w] = new Data(m);
      if (m.nkey() > 0) {
        ref[w].resetToKey(0);
      } else {
        ref[w].qvel[0] = 1;
      }
      for (int k = 0; k < m.nv(); k++) {
        ref[w].qvel[k] *= w == 0 ? 1 : 0.9;
      }
    }
    double[] q = new double[2 * m.nq()], v = new double[2 * m.nv()], u = new double[2 * m.nu()];
    double[] act = new double[2 * m.na()];
    for (int w = 0; w < 2; w++) {
      System.arraycopy(ref[w].qpos, 0, q, w * m.nq(), m.nq());
      System.arraycopy(ref[w].qvel, 0, v, w * m.nv(), m.nv());
      System.arraycopy(ref[w].ctrl, 0, u, w * m.nu(), m.nu());
      System.arraycopy(ref[w].act, 0, act, w * m.na(), m.na());
    }
    Set<String> pairs = new TreeSet<>();
    boolean limits = false, warm = false, early = false, bounced = false;
    for (int s = 0; s < steps; s++) {
      for (Data d : ref) {
        Step.step(m, d);
        for (int c = 0; c < d.ncon; c++) {
          pairs.add(m.geomType(d.conGeom[2 * c]) + "-" + m.geomType(d.conGeom[2 * c + 1]));
          bounced |= d.conRestitution[c] > 0;
        }
        for (int r = 0; r < d.nefc; r++) {
          limits |= d.efcType[r] == org.diffart.sim.algo.constraint.Rows.LIMIT;
          warm |= d.efcInitSource[r] >= 0;
        }
        early |= d.nefc > 0 && d.solverIterations < m.opt().iterations();
      }
    }
    try (Backend b = Backends.create(name, m, 2)) {
      b.setQpos(q);
      b.setQvel(v);
      b.setCtrl(u);
      b.setAct(act);
      b.step(steps);
      b.getQpos(q);
      b.getQvel(v);
      b.getAct(act);
    } catch (RuntimeException e) {
      return new Run(Double.NaN, 0, pairs, limits, warm, early, bounced, e.toString());
    }
    double diff = 0, scale = 0;
    for (int w = 0; w < 2; w++) {
      for (int k = 0; k < m.nq(); k++) {
        diff = Math.max(diff, Math.abs(q[w * m.nq() + k] - ref[w].qpos[k]));
        scale = Math.max(scale, Math.abs(ref[w].qpos[k]));
      }
      for (int k = 0; k < m.nv(); k++) {
        diff = Math.max(diff, Math.abs(v[w * m.nv() + k] - ref[w].qvel[k]));
        scale = Math.max(scale, Math.abs(ref[w].qvel[k]));
      }
      for (int k = 0; k < m.na(); k++) {
        diff = Math.max(diff, Math.abs(act[w * m.na() + k] - ref[w].act[k]));
        scale = Math.max(scale, Math.abs(ref[w].act[k]));
      }
    }
    return new Run(Double.isNaN(diff) ? Double.POSITIVE_INFINITY : diff, scale, pairs, limits, warm, early, bounced,
        null);
  }

  // ---- derivatives and checkpointing: claimed ones against finite differences, refused ones must throw ----

  /** The rollout the derivative probes differentiate: 200 steps of m from its first keyframe, the final configuration. */
  private static RolloutProblem probeRollout(Model m) {
    Data start = new Data(m);
    start.resetToKey(0);
    return RolloutProblem.of(m, start, 200, Loss.finalConfiguration());
  }

  /** The reference every derivative is checked against: the simulator's own central differences. */
  private static GradientResult centralDifferences(RolloutProblem p) {
    return org.diffart.sim.diff.FiniteDifferenceGradient.compute(p,
        org.diffart.sim.diff.FiniteDifferenceGradient.Settings.defaults());
  }

  private static void derivatives(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = ModelLoader.load("builtin:pendulum:2");
    RolloutProblem p = probeRollout(m);
    GradientResult reference = centralDifferences(p);
    try (Backend b = Backends.create(name, m, 1)) {
      GradientResult adjoint = null;
      for (Capability c : List.of(Capability.DERIVATIVE_FD, Capability.DERIVATIVE_ADJOINT, Capability.DERIVATIVE_TAPE,
          Capability.CHECKPOINTING_INTERVAL, Capability.CHECKPOINTING_REPLAY, Capability.CHECKPOINTING_REVOLVE)) {
        String method = c == Capability.DERIVATIVE_FD ? "fd" : c == Capability.DERIVATIVE_TAPE ? "tape" : "adjoint";
        Checkpointing schedule = c == Capability.CHECKPOINTING_INTERVAL ? new Checkpointing.Every(10)
            : c == Capability.CHECKPOINTING_REPLAY ? new Checkpointing.Replay(10)
            : c == Capability.CHECKPOINTING_REVOLVE ? new Checkpointing.Revolve(5) : new Checkpointing.Every(1);
        if (!claims.contains(c)) {
          out.put(c, refusal(c, () -> b.gradient(p, method, schedule), name));
          continue;
        }
        GradientResult r;
        try {
          r = b.gradient(p, method, schedule);
        } catch (RuntimeException e) {
          out.put(c, new Verdict(c, true, false, "failed: " + e));
          continue;
        }
        switch (c) {
          case DERIVATIVE_FD -> {
            double d = relative(r, reference);
            out.put(c, new Verdict(c, true, d < 1e-9 && norm(r) > 1e-3, String.format(Locale.ROOT,
                "central differences of a 200-step pendulum rollout, |grad qpos0| %.6g, relative difference %.3g"
                    + " from the simulator's", norm(r), d)));
          }
          case DERIVATIVE_ADJOINT -> {
            adjoint = r;
            double d = relative(r, reference);
            out.put(c, new Verdict(c, true, d < 1e-6 && norm(r) > 1e-3, String.format(Locale.ROOT,
                "200-step pendulum rollout: relative difference %.3g from central differences", d)));
          }
          case DERIVATIVE_TAPE -> {
            double d = relative(r, adjoint);
            out.put(c, new Verdict(c, true, d < 1e-9 && relative(r, reference) < 1e-6, String.format(Locale.ROOT,
                "relative difference %.3g from the adjoint, %.3g from central differences", d,
                relative(r, reference))));
          }
          default -> {
            boolean same = adjoint != null && java.util.Arrays.equals(r.qpos0(), adjoint.qpos0())
                && r.recomputedSteps() > 0;
            out.put(c, new Verdict(c, true, same, (same ? "bitwise equal to" : "differs from")
                + " the adjoint that stores every state, recomputing " + r.recomputedSteps() + " steps"));
          }
        }
      }
    }
  }

  private static double norm(GradientResult r) {
    double s = 0;
    for (double x : r.grad(Wrt.QPOS0)) {
      s += x * x;
    }
    return Math.sqrt(s);
  }

  private static double relative(GradientResult a, GradientResult b) {
    if (a == null || b == null) {
      return Double.POSITIVE_INFINITY;
    }
    double[] x = a.grad(Wrt.QPOS0), y = b.grad(Wrt.QPOS0);
    double diff = 0, scale = 0;
    for (int i = 0; i < x.length; i++) {
      diff = Math.max(diff, Math.abs(x[i] - y[i]));
      scale = Math.max(scale, Math.abs(y[i]));
    }
    return diff / scale;
  }

  /** A refusal is verified when the call fails with an error that names the backend (or the refused thing). */
  private static Verdict refusal(Capability c, Runnable call, String mustName) {
    try {
      call.run();
      return new Verdict(c, false, false, "refused, but the call succeeded");
    } catch (UnsupportedOperationException | IllegalArgumentException | IllegalStateException e) {
      boolean clear = e.getMessage() != null && e.getMessage().contains(mustName);
      return new Verdict(c, false, clear, (clear ? "fails as it should: " : "fails without naming " + mustName
          + ": ") + e.getMessage());
    }
  }

  // ---- history: refused by the model loader, for every backend ----

  private static void history(Set<Capability> claims, Map<Capability, Verdict> out) {
    Capability c = Capability.HISTORY_ACTUATOR_DELAY;
    String xml = "<mujoco model=\"delay\"><worldbody><body><joint name=\"h\"/><geom size=\"0.1\"/></body>"
        + "</worldbody><actuator><motor joint=\"h\" delay=\"0.02\"/></actuator></mujoco>";
    if (claims.contains(c)) {
      out.put(c, new Verdict(c, true, false, "claimed, but no probe exists"));
      return;
    }
    try {
      ModelLoader.loadMjcfString(xml, "delay.xml");
      out.put(c, new Verdict(c, false, false, "refused, but a motor with a delay loaded"));
    } catch (ModelFormatException e) {
      boolean clear = e.getMessage().contains("delay");
      out.put(c, new Verdict(c, false, clear, "the model loader refuses it: " + e.getMessage()));
    }
  }

  private static String resource(String path) {
    try (InputStream in = Capabilities.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every backend's verdicts, backend by backend. */
  public static Map<String, List<Verdict>> verifyAll(List<String> backends) {
    Map<String, List<Verdict>> out = new java.util.LinkedHashMap<>();
    for (String b : backends) {
      out.put(b, verify(b));
    }
    return out;
  }

  /** The verdicts of a backend that only lists its claims, unverified (for {@code capabilities} without --verify). */
  public static List<Verdict> declared(String name) {
    Set<Capability> claims = claims(name);
    List<Verdict> out = new ArrayList<>();
    for (Capability c : Capability.values()) {
      out.add(new Verdict(c, claims.contains(c), false, "not verified (run with --verify)"));
    }
    return out;
  }
}
