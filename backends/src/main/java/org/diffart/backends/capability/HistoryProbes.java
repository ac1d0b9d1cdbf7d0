package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;
import static org.diffart.backends.capability.Probes.scene;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToDoubleFunction;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.model.Model;

/**
 * Actuator history (MuJoCo 3.14's delays, {@code mujoco-314-semantics.md} § 1): a slider whose
 * motor acts two steps late against the CPU reference, the control arriving exactly two steps after
 * it was set; and three motors reading their controls one and a half steps late, so that zero-order
 * hold, linear and cubic interpolation give three different forces, each checked against the value
 * § 1's formula gives from the samples (not against the simulator's own read).
 */
final class HistoryProbes implements ProbeFamily {
  /** The steps each interpolation probe drives; reads are checked from step {@link #FIRST} on. */
  static final int STEPS = 10, FIRST = 3;

  /** Relative tolerance of an interpolated read against the formula (rounding only). */
  static final double READ_TOLERANCE = 1e-12;

  /** Makes the backend a probe runs: the one under test, or in tests a deliberately broken one. */
  @FunctionalInterface
  interface Worlds {
    Backend create(Model m, int worlds);
  }

  /** What a probe measured, and whether that shows the capability holds. */
  record Measured(boolean ok, String detail) {}

  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    actuatorDelay(name, claims, out);
    Worlds worlds = (m, w) -> Backends.create(name, m, w);
    actuatorInterpolation(worlds).forEach((c, r) -> put(out, c, claims, r.ok(), r.detail()));
  }

  private static void actuatorDelay(
      String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = scene("delay.xml");
    int steps = 300;
    Run delayed = run(name, m, steps);
    // the undelayed actuatorfrc sensor after steps 1, 2, 3: the force of steps 0, 1, 2
    double[] force = new double[3];
    try (Backend b = Backends.create(name, m, 1)) {
      double[] sensors = new double[m.nsensordata()];
      b.setCtrl(new double[] {1.5});
      for (int s = 0; s < 3; s++) {
        b.step(1);
        b.getSensordata(sensors);
        force[s] = sensors[0];
      }
    } catch (RuntimeException e) {
      put(out, Capability.HISTORY_ACTUATOR_DELAY, claims, false, "the delayed slider failed: " + e);
      return;
    }
    boolean late = force[0] == 0 && force[1] == 0 && force[2] == 1.5;
    put(
        out,
        Capability.HISTORY_ACTUATOR_DELAY,
        claims,
        delayed.agrees() && late,
        String.format(
                Locale.ROOT,
                "a control of 1.5 set at step 0 acts with %.3g, %.3g, %.3g N in steps 0, 1, 2 (a 2-step"
                    + " delay: 0, 0, 1.5); ",
                force[0],
                force[1],
                force[2])
            + delayed.agreement(steps, 2));
  }

  /**
   * The control both interpolation probes drive in step k of world w: {@code 0.5 + 0.3k + 0.1k²},
   * world 1 scaled by −0.5; it curves, so zero-order hold, linear and cubic reads all differ.
   */
  static double control(int k, int w) {
    return (1 - 1.5 * w) * (0.5 + 0.3 * k + 0.1 * k * k);
  }

  /**
   * What § 1's formula reads at time t between the samples (t0, p0) and (t1, p1), t0 ≤ t < t1, when
   * t1 is the newest sample and (tb, pb) the one before t0: zoh p0; linear the line through the
   * two; cubic the Hermite cubic with slope {@code (p1 − pb) / (t1 − tb)} at t0 and 0 at the
   * newest.
   */
  static double between(
      int interp, double t, double tb, double pb, double t0, double p0, double t1, double p1) {
    double h = t1 - t0, s = (t - t0) / h;
    if (interp == 0) {
      return p0;
    }
    if (interp == 1) {
      return p0 + s * (p1 - p0);
    }
    double slope0 = (p1 - pb) / (t1 - tb);
    double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s;
    double h01 = -2 * s * s * s + 3 * s * s;
    return h00 * p0 + h10 * h * slope0 + h01 * p1;
  }

  /** The interpolations' names, as MJCF {@code interp} numbers them. */
  static final String[] INTERP = {"zoh", "linear", "cubic"};

  /**
   * Three motors (zoh, linear, cubic) reading their controls 0.015 s late, driven by {@link
   * #control} for {@link #STEPS} steps of two worlds: each actuator's force (its undelayed {@code
   * actuatorfrc} sensor) against {@link #between} of the controls set two and one steps before.
   */
  static Map<Capability, Measured> actuatorInterpolation(Worlds worlds) {
    Model m = scene("history_actuators.xml");
    Capability[] caps = {
      Capability.HISTORY_ACTUATOR_ZOH,
      Capability.HISTORY_ACTUATOR_LINEAR,
      Capability.HISTORY_ACTUATOR_CUBIC
    };
    Map<Capability, Measured> out = new EnumMap<>(Capability.class);
    int nu = m.nu(), ns = m.nsensordata();
    double[] times = new double[STEPS];
    double[][] force = new double[STEPS][2 * ns];
    try (Backend b = worlds.create(m, 2)) {
      double[] u = new double[2 * nu];
      for (int k = 0; k < STEPS; k++) {
        times[k] = b.time(0);
        for (int w = 0; w < 2; w++) {
          Arrays.fill(u, w * nu, (w + 1) * nu, control(k, w));
        }
        b.setCtrl(u);
        b.step(1);
        b.getSensordata(force[k]);
      }
    } catch (RuntimeException e) {
      for (Capability c : caps) {
        out.put(c, new Measured(false, "the delayed motors failed: " + e));
      }
      return out;
    }
    for (int a = 0; a < nu; a++) {
      int interp = m.actHistoryInterp(a);
      double delay = m.actDelay(a);
      Worst worst = new Worst();
      for (int k = FIRST; k < STEPS; k++) {
        for (int w = 0; w < 2; w++) {
          int world = w;
          worst.check(
              force[k][w * ns + a], formula(interp, times, k, delay, j -> control(j, world)), k, w);
        }
      }
      out.put(
          caps[interp],
          new Measured(
              worst.within(READ_TOLERANCE),
              String.format(
                      Locale.ROOT,
                      "motor '%s' reads its control %s s late (between two samples) in steps %d-%d"
                          + " of 2 worlds: ",
                      INTERP[interp],
                      delay,
                      FIRST,
                      STEPS - 1)
                  + worst
                  + "; "
                  + alternatives(times, delay, 5)));
    }
    return out;
  }

  /** The three interpolations' formula values at step k of world 0: they must differ. */
  static String alternatives(double[] times, double delay, int k) {
    StringBuilder s =
        new StringBuilder(
            String.format(Locale.ROOT, "at step %d the formula gives (zoh, linear, cubic) ", k));
    for (int interp = 0; interp < 3; interp++) {
      s.append(interp == 0 ? "" : ", ")
          .append(
              String.format(
                  Locale.ROOT, "%.6g", formula(interp, times, k, delay, j -> control(j, 0))));
    }
    return s.toString();
  }

  /**
   * {@link #between} for the read of step k at {@code times[k] − delay}, a delay of one to two
   * steps, from the samples of steps k − 3, k − 2 and k − 1 (the newest), {@code sample} giving the
   * value sampled in step j.
   */
  static double formula(
      int interp, double[] times, int k, double delay, IntToDoubleFunction sample) {
    return between(
        interp,
        times[k] - delay,
        times[k - 3],
        sample.applyAsDouble(k - 3),
        times[k - 2],
        sample.applyAsDouble(k - 2),
        times[k - 1],
        sample.applyAsDouble(k - 1));
  }

  /** The largest relative difference of readings from the formula, and where it was. */
  static final class Worst {
    private double err = -1, got, want;
    private int step, world;

    void check(double reading, double formula, int k, int w) {
      double e = Math.abs(reading - formula) / (1 + Math.abs(formula));
      if (!(e <= err)) {
        err = e;
        got = reading;
        want = formula;
        step = k;
        world = w;
      }
    }

    boolean within(double tolerance) {
      return err <= tolerance;
    }

    /** The value the formula gave where the difference was largest. */
    double formula() {
      return want;
    }

    int step() {
      return step;
    }

    int world() {
      return world;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "max relative |reading − formula| %s (tolerance %.0g); worst at step %d world %d:"
              + " %.17g measured, %.17g by the formula",
          err == 0 ? "0" : String.format(Locale.ROOT, "%.3g", err),
          READ_TOLERANCE,
          step,
          world,
          got,
          want);
    }
  }
}
