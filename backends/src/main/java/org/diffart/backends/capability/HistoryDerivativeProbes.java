package org.diffart.backends.capability;

import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.Rollout;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.HistoryProbes.Measured;
import org.diffart.backends.capability.HistoryProbes.Worlds;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * The history's initialisations and derivatives: both initialisations of the slider's buffers
 * through a backend's rollout (what its delayed force is in the first steps), and on a delayed arm
 * the gradient through delayed controls (the arm without its sensors), through delayed and sampled
 * sensors (a cost on them), and the transition with the buffers in the state, each against the
 * simulator's central differences.
 */
final class HistoryDerivativeProbes implements ProbeFamily {
  private static final int STEPS = 40;

  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    initialisation(name, claims, out, HistoryInit.ZERO, Capability.HISTORY_INIT_ZERO, 0, 0);
    initialisation(name, claims, out, HistoryInit.FILLED, Capability.HISTORY_INIT_FILLED, 1.5, 1.5);
    Model arm = Probes.scene("history_arm.xml");
    // the same arm without its sensors: the gradient through the delayed controls alone
    Model motors =
        ModelLoader.loadMjcfString(
            Probes.sceneText("history_arm.xml").replaceAll("(?s)<sensor>.*</sensor>", ""),
            "history_arm.xml without its sensors");
    Probes.verdict(
        out, Capability.HISTORY_GRADIENT_ACTUATOR, claims, name, () -> controls(name, motors));
    Probes.verdict(out, Capability.HISTORY_GRADIENT_SENSOR, claims, name, () -> sensors(name, arm));
    Probes.verdict(out, Capability.HISTORY_TRANSITION, claims, name, () -> transition(name, arm));
  }

  private static void initialisation(
      String name,
      Set<Capability> claims,
      Map<Capability, Verdict> out,
      HistoryInit init,
      Capability c,
      double first,
      double second) {
    Measured r = initialisation((m, w) -> Backends.create(name, m, w), init, first, second);
    Probes.put(out, c, claims, r.ok(), r.detail());
  }

  /**
   * The delayed slider from its keyframe (control 1.5) given 0.5 from step 0 on, through a rollout
   * on {@code worlds}: the actuator force it reports at the start and after one step must be the
   * buffers' ({@code first}, {@code second}: 0 when zeroed, the start's 1.5 when filled), and after
   * two steps the 0.5 given, in either.
   */
  static Measured initialisation(Worlds worlds, HistoryInit init, double first, double second) {
    Model m = Probes.scene("delay.xml");
    double[][] controls = {{0.5}, {0.5}, {0.5}};
    double[] force = new double[3];
    try (Backend b = worlds.create(m, 2)) {
      Rollout.Result r = Rollout.run(b, Rollout.Start.key(m, 0).withHistory(init), 3, 1, controls);
      for (int s = 0; s < 3; s++) {
        force[s] = r.sensordata()[s][0];
      }
    } catch (RuntimeException e) {
      return new Measured(false, "the delayed slider failed: " + e);
    }
    return new Measured(
        force[0] == first && force[1] == second && force[2] == 0.5,
        String.format(
            Locale.ROOT,
            "a 2-step delayed motor started at control 1.5 and given 0.5: forces %s, %s, %s at steps"
                + " 0, 1, 2 (%s: %s, %s, 0.5)",
            force[0],
            force[1],
            force[2],
            init.label(),
            first,
            second));
  }

  /** The arm's rollout from its keyframe with buffers filled, seeded random controls. */
  private static RolloutProblem problem(Model m, Loss loss) {
    Data start = new Data(m);
    start.resetToKey(0);
    Step.initHistory(m, start, HistoryInit.FILLED);
    Random rnd = new Random(25);
    double[] u = new double[STEPS * m.nu()];
    for (int i = 0; i < u.length; i++) {
      u[i] = 2 * rnd.nextDouble() - 1;
    }
    return new RolloutProblem(m, start, u, STEPS, loss);
  }

  /**
   * ∂L/∂u by the backend's adjoint against central differences; the last control of the 2-step
   * delayed motor, which never acts, must have a gradient of exactly 0.
   */
  private static Verdict controls(String name, Model m) {
    RolloutProblem p = problem(m, Loss.finalConfiguration());
    GradientResult g;
    try (Backend b = Backends.create(name, m, 1)) {
      g = b.gradient(p, "adjoint", new Checkpointing.Every(4));
    }
    double err = ctrlError(p, g);
    double silent = g.ctrl()[(STEPS - 1) * m.nu()];
    return new Verdict(
        Capability.HISTORY_GRADIENT_ACTUATOR,
        true,
        err < 1e-6 && silent == 0,
        String.format(
            Locale.ROOT,
            "∂L/∂u over %d steps of the delayed arm: relative difference %.3g from central"
                + " differences; the last control of the 2-step delayed motor: %s (never acts: 0)",
            STEPS,
            err,
            silent));
  }

  /** A cost on the delayed and sampled sensors: ∂L/∂u and ∂L/∂q0 against central differences. */
  private static Verdict sensors(String name, Model m) {
    RolloutProblem p = problem(m, Loss.finalConfigurationAndSensors(1));
    GradientResult g;
    try (Backend b = Backends.create(name, m, 1)) {
      g = b.gradient(p, "adjoint", new Checkpointing.Every(4));
    }
    double err = Math.max(ctrlError(p, g), Probes.relative(g, Probes.centralDifferences(p)));
    return new Verdict(
        Capability.HISTORY_GRADIENT_SENSOR,
        true,
        err < 1e-6,
        String.format(
            Locale.ROOT,
            "a cost on a delayed, interpolated and a sampled sensor over %d steps: ∂L/∂u and ∂L/∂q0"
                + " differ %.3g (relative) from central differences",
            STEPS,
            err));
  }

  /**
   * The transition at the keyframe with the buffers in the state: nx = 2 nv + their 14 sample
   * values, exact against central differences.
   */
  private static Verdict transition(String name, Model m) {
    Data d = new Data(m);
    d.resetToKey(0);
    Step.initHistory(m, d, HistoryInit.FILLED);
    Transition t;
    try (Backend b = Backends.create(name, m, 1)) {
      b.setQpos(d.qpos);
      b.setCtrl(d.ctrl);
      b.setHistory(d.history);
      t = b.transition(0, true);
    }
    Transition fd = Transition.finiteDifferences(m, d, true, 1e-6, true);
    double err = 0;
    for (int i = 0; i < t.A().length; i++) {
      for (int j = 0; j < t.A()[i].length; j++) {
        err = Math.max(err, Math.abs(t.A()[i][j] - fd.A()[i][j]));
      }
      for (int j = 0; j < m.nu(); j++) {
        err = Math.max(err, Math.abs(t.B()[i][j] - fd.B()[i][j]));
      }
    }
    int nx = 2 * m.nv() + m.na() + 14;
    return new Verdict(
        Capability.HISTORY_TRANSITION,
        true,
        t.A().length == nx && err < 1e-6,
        String.format(
            Locale.ROOT,
            "nx = %d (2 nv + na + 14 sample values: %d expected); A and B differ at most %.3g from"
                + " central differences",
            t.A().length,
            nx,
            err));
  }

  /** |∂L/∂u − central differences| / |central differences|, along a random direction. */
  private static double ctrlError(RolloutProblem p, GradientResult g) {
    Random rnd = new Random(7);
    double eps = 1e-6, dir = 0;
    double[] plus = p.controls().clone(), minus = p.controls().clone();
    for (int i = 0; i < plus.length; i++) {
      double v = rnd.nextGaussian();
      plus[i] += eps * v;
      minus[i] -= eps * v;
      dir += g.ctrl()[i] * v;
    }
    double fd =
        (FiniteDifferenceGradient.loss(p, p.start(), plus)
                - FiniteDifferenceGradient.loss(p, p.start(), minus))
            / (2 * eps);
    return Math.abs(fd - dir) / Math.abs(fd);
  }
}
