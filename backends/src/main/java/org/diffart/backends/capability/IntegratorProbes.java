package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.centralDifferences;
import static org.diffart.backends.capability.Probes.probeRollout;
import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.relative;
import static org.diffart.backends.capability.Probes.run;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * RK4: a 3-link pendulum, and bodies dropped on a plane (contacts at every stage), against the
 * reference, and their adjoints against central differences (the pendulum) and the tape (the drop,
 * whose impacts central differences do not resolve). MuJoCo 3.x's implicit and implicitfast: a
 * damped arm with servos and a damped tendon beside a spinning free body, against the reference and
 * central differences (the simulator's implicit steps equal MuJoCo 3.14's: ImplicitReferenceTest).
 */
final class IntegratorProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model pendulum = ModelLoader.load("builtin:pendulum:3");
    Model rk4Pendulum =
        pendulum.withOptions(pendulum.opt().toBuilder().integrator(Integrator.RK4).build());
    Run rk4 = run(name, rk4Pendulum, 500);
    double pendulumError = gradient(name, rk4Pendulum);
    put(
        out,
        Capability.INTEGRATOR_RK4,
        claims,
        rk4.agrees() && pendulumError < 1e-6,
        String.format(
                Locale.ROOT,
                "3-link pendulum, adjoint of 200 steps within %.3g of central differences, ",
                pendulumError)
            + rk4.agreement(500, 2));
    Model contacts = Probes.scene("rk4_contacts.xml");
    Run dropped = run(name, contacts, 400);
    // impacts make central differences of this rollout unreliable: the reference is the tape
    RolloutProblem drop = probeRollout(contacts);
    double contactGradient;
    try (Backend b = Backends.create(name, contacts, 1)) {
      contactGradient =
          relative(
              b.gradient(drop, "adjoint", new Checkpointing.Every(10)),
              TapeGradient.compute(drop, TapeGradient.defaultBudget()));
    } catch (RuntimeException e) {
      contactGradient = Double.POSITIVE_INFINITY;
    }
    put(
        out,
        Capability.INTEGRATOR_RK4_CONTACTS,
        claims,
        dropped.agrees() && contactGradient < 1e-6,
        String.format(
                Locale.ROOT,
                "a sphere, a box and a leg dropped on a plane, adjoint of 200 steps within %.3g of"
                    + " the tape, ",
                contactGradient)
            + dropped.agreement(400, 2));
    Model scene = Probes.scene("implicit.xml");
    for (Integrator integrator : new Integrator[] {Integrator.IMPLICIT, Integrator.IMPLICITFAST}) {
      Model m = scene.withOptions(scene.opt().toBuilder().integrator(integrator).build());
      Run implicit = run(name, m, 300);
      double g = gradient(name, m);
      put(
          out,
          integrator == Integrator.IMPLICIT
              ? Capability.INTEGRATOR_IMPLICIT
              : Capability.INTEGRATOR_IMPLICITFAST,
          claims,
          implicit.agrees() && g < 1e-6,
          String.format(
                  Locale.ROOT,
                  "damped arm with servos beside a spinning free body, adjoint of 200 steps within"
                      + " %.3g of central differences, ",
                  g)
              + implicit.agreement(300, 2));
    }
  }

  /**
   * The backend's adjoint of a 200-step rollout against the simulator's central differences
   * (relative).
   */
  private static double gradient(String name, Model m) {
    RolloutProblem p = probeRollout(m);
    GradientResult reference = centralDifferences(p);
    try (Backend b = Backends.create(name, m, 1)) {
      return relative(b.gradient(p, "adjoint", new Checkpointing.Every(10)), reference);
    } catch (RuntimeException e) {
      return Double.POSITIVE_INFINITY;
    }
  }
}
