package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;
import static org.diffart.backends.capability.Probes.velocities;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * The capability zoo ({@code zoo.xml}: every joint type and analytic collision pair) under the
 * contact solver's options, and a block on a rail with dry friction: joints, Euler, collision
 * pairs, the contact solver, fp64.
 */
final class ZooProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model zoo = Probes.scene("zoo.xml");
    int steps = 400;
    Run base = run(name, zoo, steps);
    String agreement = base.agreement(steps, 2);
    for (Capability c :
        new Capability[] {
          Capability.JOINT_FREE,
          Capability.JOINT_BALL,
          Capability.JOINT_SLIDE,
          Capability.JOINT_HINGE,
          Capability.INTEGRATOR_EULER
        }) {
      put(out, c, claims, base.agrees(), "capability zoo, " + agreement);
    }
    for (Capability c :
        EnumSet.range(Capability.COLLISION_PLANE_SPHERE, Capability.COLLISION_CAPSULE_BOX)) {
      String pair = c.description().toUpperCase(Locale.ROOT);
      boolean seen = base.pairs().contains(pair);
      put(
          out,
          c,
          claims,
          base.agrees() && seen,
          (seen
                  ? pair.toLowerCase(Locale.ROOT) + " contacts in the zoo, "
                  : "no " + pair.toLowerCase(Locale.ROOT) + " contact arose, so nothing shows it; ")
              + agreement);
    }
    // the convex pairs MPR collides: those with an ellipsoid or a cylinder (planes excepted)
    List<String> convex =
        base.pairs().stream()
            .filter(
                p -> !p.startsWith("PLANE") && (p.contains("ELLIPSOID") || p.contains("CYLINDER")))
            .sorted()
            .map(p -> p.toLowerCase(Locale.ROOT))
            .toList();
    put(
        out,
        Capability.COLLISION_CONVEX,
        claims,
        base.agrees() && convex.size() >= 2,
        (convex.isEmpty()
                ? "no MPR contact arose, so nothing shows it; "
                : String.join(", ", convex) + " contacts in the zoo, ")
            + agreement);
    put(
        out,
        Capability.CONTACT_PGS,
        claims,
        base.agrees() && !base.pairs().isEmpty(),
        "contacts of " + base.pairs().size() + " pair types, " + agreement);
    put(
        out,
        Capability.CONTACT_JOINT_LIMITS,
        claims,
        base.agrees() && base.limits(),
        (base.limits() ? "limit rows on the hinge, " : "no limit row arose; ") + agreement);
    double precision = base.diff() / (1 + base.scale());
    put(
        out,
        Capability.PRECISION_FP64,
        claims,
        base.agrees() && precision < 1e-12,
        (precision == 0
                ? "bitwise equal to"
                : String.format(Locale.ROOT, "relative difference %.3g from", precision))
            + " the float64 reference (float32 would differ by about 1e-7)");

    Options o = zoo.opt();
    Run warm =
        run(
            name,
            zoo.withOptions(o.toBuilder().warmStart(true).frictionDirections(2).build()),
            steps);
    put(
        out,
        Capability.CONTACT_WARM_START,
        claims,
        warm.agrees() && warm.warmStarted(),
        (warm.warmStarted()
                ? "impulses started from the previous step, "
                : "no row was warm-started; ")
            + warm.agreement(steps, 2));
    put(
        out,
        Capability.CONTACT_BOX_CONE,
        claims,
        warm.agrees(),
        "two friction directions, " + warm.agreement(steps, 2));
    Run early =
        run(name, zoo.withOptions(o.toBuilder().iterations(200).tolerance(1e-9).build()), steps);
    put(
        out,
        Capability.CONTACT_TOLERANCE,
        claims,
        early.agrees() && early.stoppedEarly(),
        (early.stoppedEarly() ? "solves stopped before 200 sweeps, " : "no solve stopped early; ")
            + early.agreement(steps, 2));
    Run bouncy = run(name, zoo.withOptions(o.toBuilder().restitution(0.5).build()), steps);
    put(
        out,
        Capability.CONTACT_RESTITUTION,
        claims,
        bouncy.agrees() && bouncy.bounced(),
        (bouncy.bounced() ? "contacts with restitution 0.5, " : "no contact had restitution; ")
            + bouncy.agreement(steps, 2));

    Model damped =
        zoo.withOptions(o.toBuilder().integrator(Integrator.EULER_EXPLICIT_DAMPING).build());
    Run explicit = run(name, damped, steps);
    put(
        out,
        Capability.INTEGRATOR_EULER_EXPLICIT_DAMPING,
        claims,
        explicit.agrees(),
        "capability zoo, " + explicit.agreement(steps, 2));
    // dry friction: a block pushed below its friction must stay, one pushed above it slide (the zoo
    // has none)
    Model rail = Probes.scene("rail.xml");
    Run dry = run(name, rail, steps);
    // two worlds: a 2.5 N push and a 5 N push
    double[][] railed = velocities(name, rail, new double[] {2.5, 5}, steps);
    double[] pushed = railed == null ? null : railed[0];
    boolean coulomb =
        pushed != null && Math.abs(pushed[0]) < 1e-6 && Math.abs(pushed[1] - 0.4) < 1e-6;
    put(
        out,
        Capability.CONTACT_DOF_FRICTION,
        claims,
        dry.agrees() && coulomb,
        (pushed == null
                ? "the pushed blocks" + " failed; "
                : String.format(
                    Locale.ROOT,
                    "a 2 kg block with 3 N of dry friction pushed with 2.5 N moves at"
                        + " %.3g m/s, pushed with 5 N at %.6g m/s after %d steps (Coulomb: 0 and %.6g); ",
                    pushed[0],
                    pushed[1],
                    steps,
                    0.4))
            + dry.agreement(steps, 2));
  }
}
