package org.diffart.backends.capability;

import static org.diffart.backends.capability.HistoryProbes.FIRST;
import static org.diffart.backends.capability.HistoryProbes.INTERP;
import static org.diffart.backends.capability.HistoryProbes.READ_TOLERANCE;
import static org.diffart.backends.capability.HistoryProbes.control;
import static org.diffart.backends.capability.HistoryProbes.formula;
import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.scene;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.HistoryProbes.Measured;
import org.diffart.backends.capability.HistoryProbes.Worlds;
import org.diffart.sim.model.Model;

/**
 * Sensor history ({@code mujoco-314-semantics.md} § 1) on a slider pushed by {@link
 * HistoryProbes#control}: each buffered sensor against the undelayed sensor of the same quantity in
 * the same run. A sensor delayed by two steps reports, bit for bit, the undelayed value of two
 * steps before (0 before that); a sensor sampled every 2.5 steps holds its last sample, taken on
 * MuJoCo's phase-locked schedule; sensors delayed by 1.5 steps read § 1's linear and cubic formula
 * of the undelayed values.
 */
final class SensorHistoryProbes implements ProbeFamily {
  static final int STEPS = 14;

  // the scene's sensors, in order
  private static final int FORCE = 0, SITE = 1, FORCE_DELAYED = 2, SITE_DELAYED = 3;
  private static final int SAMPLED = 4, LINEAR = 5, CUBIC = 6;

  /** The steps at which MuJoCo 3.14 samples a 0.025 s interval with 0.01 s steps (§ 1). */
  static final List<Integer> MUJOCO_SCHEDULE = List.of(0, 3, 5, 8);

  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    sensors((m, w) -> Backends.create(name, m, w))
        .forEach((c, r) -> put(out, c, claims, r.ok(), r.detail()));
  }

  /** Runs the scene for {@link #STEPS} steps of two worlds and measures every sensor capability. */
  static Map<Capability, Measured> sensors(Worlds worlds) {
    Model m = scene("history_sensors.xml");
    Map<Capability, Measured> out = new EnumMap<>(Capability.class);
    int n = m.nsensordata();
    double[] times = new double[STEPS];
    double[][] s = new double[STEPS][2 * n];
    try (Backend b = worlds.create(m, 2)) {
      for (int k = 0; k < STEPS; k++) {
        times[k] = b.time(0);
        b.setCtrl(new double[] {control(k, 0), control(k, 1)});
        b.step(1);
        b.getSensordata(s[k]);
      }
    } catch (RuntimeException e) {
      for (Capability c :
          List.of(
              Capability.HISTORY_SENSOR_DELAY,
              Capability.HISTORY_SENSOR_INTERVAL,
              Capability.HISTORY_SENSOR_LINEAR,
              Capability.HISTORY_SENSOR_CUBIC)) {
        out.put(c, new Measured(false, "the sensor scene failed: " + e));
      }
      return out;
    }
    out.put(Capability.HISTORY_SENSOR_DELAY, delay(m, s));
    out.put(Capability.HISTORY_SENSOR_INTERVAL, interval(m, times, s));
    out.put(Capability.HISTORY_SENSOR_LINEAR, interpolated(m, times, s, LINEAR));
    out.put(Capability.HISTORY_SENSOR_CUBIC, interpolated(m, times, s, CUBIC));
    return out;
  }

  /** Value k of sensor i of world w in the run's step {@code step}. */
  private static double value(Model m, double[][] s, int step, int w, int i, int k) {
    return s[step][w * m.nsensordata() + m.sensorAdr(i) + k];
  }

  /**
   * The force and the site position delayed by 0.02 s (two steps, zoh): in step k the undelayed
   * sensor's value of step k − 2, exactly, and 0 (the empty buffer) in steps 0 and 1.
   */
  private static Measured delay(Model m, double[][] s) {
    int lag = (int) Math.round(m.sensorDelay(FORCE_DELAYED) / m.opt().timestep());
    Tally tally = new Tally();
    for (int[] pair : new int[][] {{FORCE, FORCE_DELAYED}, {SITE, SITE_DELAYED}}) {
      for (int k = 0; k < STEPS; k++) {
        for (int w = 0; w < 2; w++) {
          for (int c = 0; c < m.sensorDim(pair[0]); c++) {
            tally.check(
                value(m, s, k, w, pair[1], c),
                k < lag ? 0 : value(m, s, k - lag, w, pair[0], c),
                k,
                w,
                "sensor " + pair[1] + "[" + c + "]");
          }
        }
      }
    }
    return new Measured(
        tally.wrong == 0,
        String.format(
                Locale.ROOT,
                "a force and a site position (3 numbers) delayed by %s s report, in %d steps of 2"
                    + " worlds, the undelayed sensors' values of %d steps before (0 before that):"
                    + " %d of %d numbers differ bitwise; e.g. step 6 world 0 reads %.6g N, step 4's"
                    + " undelayed force %.6g N",
                m.sensorDelay(FORCE_DELAYED),
                STEPS,
                lag,
                tally.wrong,
                tally.checked,
                value(m, s, 6, 0, FORCE_DELAYED, 0),
                value(m, s, 4, 0, FORCE, 0))
            + tally.first);
  }

  /**
   * The force sampled every 0.025 s: the steps that sample are those where the time reaches the
   * header plus the interval, the header starting at minus the interval and advancing by exactly
   * one interval per sample (MuJoCo's phase-locked schedule, its first samples at steps 0, 3, 5,
   * 8); at a sampling step the sensor reports the new sample, between samples it holds the last,
   * bit for bit.
   */
  private static Measured interval(Model m, double[] times, double[][] s) {
    double interval = m.sensorInterval(SAMPLED), header = -interval;
    List<Integer> samples = new ArrayList<>();
    Tally tally = new Tally();
    int last = -1;
    for (int k = 0; k < STEPS; k++) {
      if (times[k] >= header + interval) {
        header += interval;
        samples.add(k);
        last = k;
      }
      for (int w = 0; w < 2; w++) {
        tally.check(
            value(m, s, k, w, SAMPLED, 0),
            last < 0 ? 0 : value(m, s, last, w, FORCE, 0),
            k,
            w,
            "the force sampled in step " + last);
      }
    }
    boolean mujoco =
        samples.size() >= MUJOCO_SCHEDULE.size()
            && samples.subList(0, MUJOCO_SCHEDULE.size()).equals(MUJOCO_SCHEDULE);
    return new Measured(
        tally.wrong == 0 && mujoco,
        String.format(
                Locale.ROOT,
                "a force sampled every %s s with %s s steps: samples at steps %s (MuJoCo 3.14's"
                    + " begin %s%s), held between; %d of %d readings differ bitwise from the"
                    + " undelayed force at the last sample",
                interval,
                m.opt().timestep(),
                samples,
                MUJOCO_SCHEDULE,
                mujoco ? "" : ": a different schedule",
                tally.wrong,
                tally.checked)
            + tally.first);
  }

  /**
   * The force delayed by 0.015 s (1.5 steps) with linear or cubic interpolation: in step k, § 1's
   * formula ({@link HistoryProbes#between}) of the undelayed force of steps k − 3 … k − 1 at time
   * {@code t_k − 0.015}.
   */
  private static Measured interpolated(Model m, double[] times, double[][] s, int sensor) {
    int interp = m.sensorHistoryInterp(sensor);
    double delay = m.sensorDelay(sensor);
    HistoryProbes.Worst worst = new HistoryProbes.Worst();
    for (int k = FIRST; k < STEPS; k++) {
      for (int w = 0; w < 2; w++) {
        int world = w;
        worst.check(
            value(m, s, k, w, sensor, 0),
            formula(interp, times, k, delay, j -> value(m, s, j, world, FORCE, 0)),
            k,
            w);
      }
    }
    double older = value(m, s, worst.step() - 2, worst.world(), FORCE, 0);
    return new Measured(
        worst.within(READ_TOLERANCE) && Math.abs(worst.formula() - older) > 1e-6,
        String.format(
                Locale.ROOT,
                "a force delayed by %s s with %s interpolation in steps %d-%d of 2 worlds: ",
                delay,
                INTERP[interp],
                FIRST,
                STEPS - 1)
            + worst
            + String.format(Locale.ROOT, " (the older sample: %.6g)", older));
  }

  /** Bitwise comparisons of readings with what they must be, counted, the first miss described. */
  private static final class Tally {
    int checked, wrong;
    String first = "";

    void check(double reading, double expected, int k, int w, String what) {
      checked++;
      if (Double.doubleToRawLongBits(reading) != Double.doubleToRawLongBits(expected)) {
        wrong++;
        if (first.isEmpty()) {
          first =
              String.format(
                  Locale.ROOT,
                  "; first at step %d world %d, %s: %.17g measured, %.17g expected",
                  k,
                  w,
                  what,
                  reading,
                  expected);
        }
      }
    }
  }
}
