package org.diffart.backends.capability;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * What the probe families share: running a scene on a backend against the CPU reference, and
 * recording verdicts.
 */
final class Probes {
  private Probes() {}

  /** What a reference run showed, and how far the backend's final state was from it. */
  record Run(
      double diff,
      double scale,
      Set<String> pairs,
      boolean limits,
      boolean warmStarted,
      boolean stoppedEarly,
      boolean bounced,
      String error) {
    boolean agrees() {
      return error == null && diff <= Capabilities.TOLERANCE * (1 + scale);
    }

    String agreement(int steps, int worlds) {
      if (error != null) {
        return "failed: " + error;
      }
      return String.format(
          Locale.ROOT,
          "%d steps of %d worlds: max |Δ| %s the CPU reference%s",
          steps,
          worlds,
          diff == 0 ? "0, bitwise equal to" : String.format(Locale.ROOT, "%.3g from", diff),
          agrees()
              ? ""
              : String.format(
                  Locale.ROOT, " (tolerance %.1g)", Capabilities.TOLERANCE * (1 + scale)));
    }
  }

  static void put(
      Map<Capability, Verdict> out,
      Capability c,
      Set<Capability> claims,
      boolean ok,
      String detail) {
    boolean claimed = claims.contains(c);
    // a stepping capability every backend claims: a refusal would need its own probe, and none
    // exists
    out.put(
        c,
        claimed
            ? new Verdict(c, true, ok, detail)
            : new Verdict(c, false, false, "refused, but no probe shows the refusal"));
  }

  /**
   * Two worlds of m (the first keyframe, and the same with velocities scaled by 0.9) for {@code
   * steps} steps.
   */
  static Run run(String name, Model m, int steps) {
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
    return new Run(
        Double.isNaN(diff) ? Double.POSITIVE_INFINITY : diff,
        scale,
        pairs,
        limits,
        warm,
        early,
        bounced,
        null);
  }

  /**
   * The velocities of every world (W×nv) after each of the increasing step counts {@code after},
   * stepping model m on the backend from qpos0 at rest with the controls {@code ctrl} (W×nu); null
   * when the backend fails.
   */
  static double[][] velocities(String name, Model m, double[] ctrl, int... after) {
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
   * One world of m on backend {@code name} after {@code steps} steps from qpos0 with the controls
   * {@code ctrl} (zero when empty): its qpos, or null when it fails.
   */
  static double[] finalQpos(String name, Model m, int steps, double... ctrl) {
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
   * The rollout the derivative probes differentiate: 200 steps of m from its first keyframe, the
   * final configuration.
   */
  static RolloutProblem probeRollout(Model m) {
    Data start = new Data(m);
    start.resetToKey(0);
    return RolloutProblem.of(m, start, 200, Loss.finalConfiguration());
  }

  /** The reference every derivative is checked against: the simulator's own central differences. */
  static GradientResult centralDifferences(RolloutProblem p) {
    return org.diffart.sim.diff.FiniteDifferenceGradient.compute(
        p, org.diffart.sim.diff.FiniteDifferenceGradient.Settings.defaults());
  }

  static double norm(GradientResult r) {
    double s = 0;
    for (double x : r.grad(Wrt.QPOS0)) {
      s += x * x;
    }
    return Math.sqrt(s);
  }

  static double relative(GradientResult a, GradientResult b) {
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

  /**
   * A refusal is verified when the call fails with an error that names the backend (or the refused
   * thing).
   */
  static Verdict refusal(Capability c, Runnable call, String mustName) {
    try {
      call.run();
      return new Verdict(c, false, false, "refused, but the call succeeded");
    } catch (UnsupportedOperationException | IllegalArgumentException | IllegalStateException e) {
      boolean clear = e.getMessage() != null && e.getMessage().contains(mustName);
      return new Verdict(
          c,
          false,
          clear,
          (clear ? "fails as it should: " : "fails without naming " + mustName + ": ")
              + e.getMessage());
    }
  }

  /**
   * A claim's verdict from its probe (a probe that throws fails it), or, when the backend does not
   * claim it, the refusal's: the probe must fail naming the backend.
   */
  static void verdict(
      Map<Capability, Verdict> out,
      Capability c,
      Set<Capability> claims,
      String name,
      java.util.function.Supplier<Verdict> probe) {
    if (!claims.contains(c)) {
      out.put(c, refusal(c, probe::get, name));
      return;
    }
    try {
      out.put(c, probe.get());
    } catch (RuntimeException e) {
      out.put(c, new Verdict(c, true, false, "failed: " + e));
    }
  }

  /** The probe scene {@code file}, a resource beside this class. */
  static Model scene(String file) {
    return ModelLoader.loadMjcfString(sceneText(file), file);
  }

  /** The MJCF text of the probe scene {@code file}. */
  static String sceneText(String file) {
    String path = "/org/diffart/backends/capability/" + file;
    try (InputStream in = Probes.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
