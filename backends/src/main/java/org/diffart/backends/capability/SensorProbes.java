package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * The sensors of a resting box and a swinging arm after 1500 steps of two worlds: equal to the CPU
 * reference, and physically right where physics says what they must read (the box's touch sensor
 * carries its weight, its accelerometer reads +g).
 */
final class SensorProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("sensors.xml");
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
    boolean physical =
        Math.abs(touch - weight) < 1e-3 * weight && Math.abs(accZ - weight / 2) < 1e-3 * weight;
    boolean agrees = diff <= Capabilities.TOLERANCE * (1 + scale);
    put(
        out,
        Capability.SENSORS_MUJOCO,
        claims,
        agrees && physical,
        String.format(
            Locale.ROOT,
            "%d sensors (%d values), %d steps of 2 worlds: max |Δ| %s the CPU reference; the resting box's touch sensor"
                + " reads %.6g N (its weight %.6g N), its accelerometer %.6g m/s²",
            m.nsensor(),
            n,
            steps,
            diff == 0 ? "0, bitwise equal to" : String.format(Locale.ROOT, "%.3g from", diff),
            touch,
            weight,
            accZ));
  }
}
