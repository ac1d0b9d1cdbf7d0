package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.finalQpos;
import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;
import static org.diffart.backends.capability.Probes.velocities;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.model.Model;

/** Actuators: slider-cranks, sites, muscles, adhesion and activation dynamics. */
final class ActuatorProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    sliderCrank(name, claims, out);
    site(name, claims, out);
    muscle(name, claims, out);
    adhesion(name, claims, out);
    activation(name, claims, out);
  }

  /**
   * Slider-crank transmissions: the crank against the reference, and its first step from rest
   * against the closed form: the moment arm of {@code l(θ) = ρ cos θ − √(r² − ρ² sin² θ)}, {@code
   * l' = −ρ sin θ + ρ² sin θ cos θ / √(r² − ρ² sin² θ)}, gives {@code q̇ = dt · l' · u / I} for a
   * control u.
   */
  private static void sliderCrank(
      String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("crank.xml");
    Run run = run(name, m, 500);
    double[][] v = velocities(name, m, new double[] {2}, 1);
    double th = Math.toRadians(40), rho = 0.1, rod = 0.25, s = Math.sin(th), c = Math.cos(th);
    double arm = -rho * s + rho * rho * s * c / Math.sqrt(rod * rod - rho * rho * s * s),
        expected = 1e-3 * arm * 2 / 0.01;
    boolean closed = v != null && Math.abs(v[0][0] - expected) < 1e-9 * Math.abs(expected);
    put(
        out,
        Capability.ACTUATORS_SLIDER_CRANK,
        claims,
        run.agrees() && closed,
        (v == null
                ? "the crank failed; "
                : String.format(
                    Locale.ROOT,
                    "the crank turns at %.9g rad/s after one step (closed form %.9g); ",
                    v[0][0],
                    expected))
            + run.agreement(500, 2));
  }

  /**
   * Site transmissions: the thruster and the servo with a reference site against the reference, and
   * the thruster's first step from rest against the closed form: the force {@code u n} along the
   * site's z axis {@code n = (0, −sin 30°, cos 30°)} at {@code r = (0.1, 0, 0)} and the torque
   * {@code 0.1 u n} give {@code v = dt u n / m} and {@code ω = dt I⁻¹ u (r × n + 0.1 n)}.
   */
  private static void site(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("site.xml");
    Run run = run(name, m, 500);
    double[][] v = velocities(name, m, new double[] {2, 0}, 1);
    double dt = 1e-3, u = 2, ny = -0.5, nz = Math.sqrt(3) / 2;
    double[] expected = {
      0,
      dt * u * ny / 2,
      dt * u * nz / 2,
      0,
      dt * u * (-0.1 * nz + 0.1 * ny) / 0.02,
      dt * u * (0.1 * ny + 0.1 * nz) / 0.03
    };
    double err = v == null ? Double.NaN : 0;
    for (int k = 0; k < 6 && v != null; k++) {
      err = Math.max(err, Math.abs(v[0][k] - expected[k]));
    }
    put(
        out,
        Capability.ACTUATORS_SITE,
        claims,
        run.agrees() && err < 1e-12,
        (v == null
                ? "the thruster failed; "
                : String.format(
                    Locale.ROOT,
                    "after one step from rest the thruster moves the body at (%.9g, %.9g) m/s and"
                        + " turns it at (%.9g, %.9g) rad/s (closed form within %.1e); ",
                    v[0][1],
                    v[0][2],
                    v[0][4],
                    v[0][5],
                    err))
            + run.agreement(500, 2));
  }

  /**
   * Muscles: the slider against the reference, and its first step against MuJoCo's curves: at the
   * optimal length and at rest FL = FV = 1 and the passive force is zero, so half an activation
   * pulls with 25 N ({@code v = −25 dt}); the activation rises at {@code (1 − 0.5)/(0.01 (0.5 +
   * 1.5·0.5))} = 40/s.
   */
  private static void muscle(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("muscle.xml");
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
    put(
        out,
        Capability.ACTUATORS_MUSCLE,
        claims,
        run.agrees() && ok,
        String.format(
                Locale.ROOT,
                "half an activation"
                    + " at the optimal length moves 1 kg at %.12g m/s after 1 ms (-0.025) and activates to %.12g (0.54); ",
                v[0],
                act[0])
            + run.agreement(500, 2));
  }

  /**
   * Adhesion: against the reference, and the cubes under the ceiling after 300 ms: the one pulled
   * harder than its weight still touches it, the other has fallen away.
   */
  private static void adhesion(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("adhesion.xml");
    Run run = run(name, m, 300);
    double[] q = finalQpos(name, m, 300, m.keyCtrl(0));
    boolean physical = q != null && Math.abs(q[2] - 0.95) < 1e-3 && 0.95 - q[9] > 0.1;
    put(
        out,
        Capability.ACTUATORS_ADHESION,
        claims,
        run.agrees() && physical,
        (q == null
                ? "the cubes under the" + " ceiling failed; "
                : String.format(
                    Locale.ROOT,
                    "after 300 ms the cube pulled with 5 N hangs at %.4f m,"
                        + " the one pulled with 2 N (weight 2.94 N) has fallen to %.3f m (from 0.95); ",
                    q[2],
                    q[9]))
            + run.agreement(300, 2));
  }

  /**
   * Activation dynamics: the filtered slider agrees with the CPU reference (positions, velocities,
   * activations), and on the backend the filter's activation stops at its bound while the
   * integrator's grows by {@code dt·ctrl} per step: {@code 0.1 - 0.2·t}.
   */
  private static void activation(
      String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("filtered.xml");
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
    put(
        out,
        Capability.ACTUATORS_ACTIVATION,
        claims,
        ok,
        String.format(
                Locale.ROOT,
                "after %.1f s the filter's"
                    + " activation is %.6g (its bound: 0.35) and the integrator's %.6g (0.1 - 0.2 t: %.6g); ",
                t,
                act[0],
                act[1],
                integrated)
            + run.agreement(steps, 2));
  }
}
