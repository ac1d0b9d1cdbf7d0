package org.diffart.backends.capability;

import static org.diffart.backends.capability.HistoryProbes.control;
import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.scene;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.HistoryProbes.Measured;
import org.diffart.backends.capability.HistoryProbes.Worlds;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * {@code mj_forward} without a step leaves every history buffer unchanged, whatever state and
 * controls it sees ({@code mujoco-314-semantics.md} § 1): on the delayed motors' scene and on the
 * buffered sensors' scene, after {@link #STEPS} steps of two worlds, a {@link Backend#forward} at a
 * moved position with other controls must leave the backend's history bit for bit as it was, and
 * its time and position too, while computing the CPU reference's sensors of that state (so the
 * forward did run, reading the buffers).
 */
final class HistoryForwardProbes implements ProbeFamily {
  static final int STEPS = 7;

  static final String[] SCENES = {"history_actuators.xml", "history_sensors.xml"};

  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Measured r = purity((m, w) -> Backends.create(name, m, w));
    put(out, Capability.HISTORY_FORWARD_PURE, claims, r.ok(), r.detail());
  }

  /** Both scenes' measurements, joined. */
  static Measured purity(Worlds worlds) {
    boolean ok = true;
    StringBuilder detail = new StringBuilder();
    for (String file : SCENES) {
      Measured r = purity(worlds, file);
      ok &= r.ok();
      detail.append(detail.length() == 0 ? "" : "; ").append(r.detail());
    }
    return new Measured(ok, detail.toString());
  }

  private static Measured purity(Worlds worlds, String file) {
    Model m = scene(file);
    int nh = m.nhistory(), ns = m.nsensordata(), nu = m.nu(), nq = m.nq();
    Data[] ref = {new Data(m), new Data(m)};
    double[] before = new double[2 * nh], after = new double[2 * nh];
    double[] stepSensors = new double[2 * ns], sensors = new double[2 * ns];
    double[] q = new double[2 * nq], qAfter = new double[2 * nq], u = new double[2 * nu];
    double time, timeAfter;
    try (Backend b = worlds.create(m, 2)) {
      for (int k = 0; k < STEPS; k++) {
        for (int w = 0; w < 2; w++) {
          Arrays.fill(u, w * nu, (w + 1) * nu, control(k, w));
          Arrays.fill(ref[w].ctrl, control(k, w));
          Step.step(m, ref[w]);
        }
        b.setCtrl(u);
        b.step(1);
      }
      b.getHistory(before);
      b.getSensordata(stepSensors);
      b.getQpos(q);
      time = b.time(0);
      // forward at another position, with other controls
      for (int w = 0; w < 2; w++) {
        for (int k = 0; k < nq; k++) {
          q[w * nq + k] += 0.25;
          ref[w].qpos[k] += 0.25;
        }
        Arrays.fill(u, w * nu, (w + 1) * nu, -3.0 - w);
        Arrays.fill(ref[w].ctrl, -3.0 - w);
        Step.forward(m, ref[w]);
      }
      b.setQpos(q);
      b.setCtrl(u);
      b.forward();
      b.getHistory(after);
      b.getSensordata(sensors);
      b.getQpos(qAfter);
      timeAfter = b.time(0);
    } catch (RuntimeException e) {
      return new Measured(false, file + ": failed: " + e);
    }
    int changed = 0, first = -1;
    for (int i = 0; i < 2 * nh; i++) {
      if (Double.doubleToRawLongBits(before[i]) != Double.doubleToRawLongBits(after[i])) {
        changed++;
        first = first < 0 ? i : first;
      }
    }
    double moved = 0, diff = 0, scale = 0;
    for (int w = 0; w < 2; w++) {
      for (int k = 0; k < ns; k++) {
        double got = sensors[w * ns + k], want = ref[w].sensordata[k];
        moved = Math.max(moved, Math.abs(got - stepSensors[w * ns + k]));
        diff = Math.max(diff, Math.abs(got - want));
        scale = Math.max(scale, Math.abs(want));
      }
    }
    boolean stateKept = time == timeAfter && Arrays.equals(q, qAfter);
    boolean computed = moved > 0 && diff <= Capabilities.TOLERANCE * (1 + scale);
    boolean filled = Arrays.stream(before).anyMatch(x -> x != 0);
    String change =
        changed == 0
            ? "all " + 2 * nh + " history numbers bitwise unchanged"
            : String.format(
                Locale.ROOT,
                "%d of %d history numbers changed, first world %d index %d: %.17g before, %.17g"
                    + " after",
                changed,
                2 * nh,
                first / nh,
                first % nh,
                before[first],
                after[first]);
    return new Measured(
        changed == 0 && stateKept && computed && filled,
        String.format(
            Locale.ROOT,
            "%s: a forward after %d steps of 2 worlds, at a moved position with other controls: %s;"
                + " time %s (%.3g s); its sensors moved by up to %.3g from the step's and are %s"
                + " the CPU's Step.forward",
            file,
            STEPS,
            change,
            stateKept ? "and position unchanged" : "or position CHANGED",
            timeAfter,
            moved,
            diff == 0 ? "bitwise equal to" : String.format(Locale.ROOT, "%.3g from", diff)));
  }
}
