package org.diffart.sim.diff;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Finite differences of the rollout loss, one perturbed rollout (forward differences) or two
 * (central) per input coordinate: {@code qpos0} in the tangent space ({@code qpos0 ⊕ ±ε e_i}),
 * {@code qvel0}, {@code act0}, every control, and the per-world parameters (a body's mass perturbed
 * by {@code ±ε·mass} with its inertia scaled along). Only the requested gradients are computed; the
 * others are empty arrays. A closed-loop problem ({@link RolloutProblem#law}) has θ's gradient
 * computed too, every parameter perturbed by ±ε, and its controls perturbed as the open-loop
 * offsets {@code c_t}. Its cost is (1 or 2) × (number of inputs) rollouts.
 */
public final class FiniteDifferenceGradient {
  private FiniteDifferenceGradient() {}

  /** Settings: the step ε and central (true) or forward differences. */
  public record Settings(double eps, boolean centered) {
    /** Validates ε > 0. */
    public Settings {
      if (!(eps > 0)) {
        throw new IllegalArgumentException("finite-difference step must be > 0, got " + eps);
      }
    }

    /** Central differences with ε = 1e-6. */
    public static Settings defaults() {
      return new Settings(1e-6, true);
    }
  }

  /** The loss of the rollout from d (copied) with the problem's controls. */
  public static double loss(RolloutProblem p, Data start, double[] controls) {
    Model m = p.model();
    Data d = new Data(m);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    return run(p, d, controls, p.theta(), Loss.Gradient.of(m));
  }

  private static double run(
      RolloutProblem p, Data d, double[] controls, double[] theta, Loss.Gradient lg) {
    Model m = p.model();
    double[] scratch = new double[m.nu()];
    double loss = 0;
    for (int t = 0; t < p.steps(); t++) {
      p.controlsAt(t, d, controls, theta, scratch);
      if (p.loss().hasRunningCost()) {
        lg.clear();
        loss += p.loss().running(m, t, d.qpos, d.qvel, d.ctrl, lg);
      }
      Step.step(m, d);
      if (p.loss().hasSensorCost()) {
        lg.clear();
        loss += p.loss().sensors(m, t, d.sensordata, lg);
      }
    }
    lg.clear();
    return loss + p.loss().terminal(m, d.qpos, d.qvel, lg);
  }

  /**
   * The gradients in {@code wrt} by finite differences. {@link Wrt#SHAPE} is refused for a model
   * with SDF geoms: a perturbed shape needs the model compiled again.
   */
  public static GradientResult compute(RolloutProblem p, Set<Wrt> wrt, Settings s) {
    Model m = p.model();
    if (wrt.contains(Wrt.SHAPE) && m.nshape() > 0) {
      throw new IllegalArgumentException(
          "shape: finite differences of the SDF geoms' shape parameters need the model compiled"
              + " again at each perturbed θ (difference the model file); the adjoint gives them"
              + " directly");
    }
    long t0 = System.nanoTime();
    Data base = p.newData(), d = new Data(m);
    Loss.Gradient lg = Loss.Gradient.of(m);
    double[] u = p.controls().clone(), theta = p.theta().clone();
    double f0 = run(p, copy(base, d), u, theta, lg);
    long t1 = System.nanoTime();
    double[] tangent = new double[m.nv()];
    double[][] g = new double[Wrt.values().length][];
    for (Wrt w : Wrt.values()) {
      g[w.ordinal()] = new double[wrt.contains(w) ? size(m, w, p.steps()) : 0];
      for (int i = 0; i < g[w.ordinal()].length; i++) {
        double h = w == Wrt.MASS ? s.eps() * Math.max(base.bodyInert[10 * i], 1e-3) : s.eps();
        double plus = perturbed(p, base, d, u, lg, tangent, w, i, h);
        double minus = s.centered() ? perturbed(p, base, d, u, lg, tangent, w, i, -h) : f0;
        g[w.ordinal()][i] = (plus - minus) / (s.centered() ? 2 * h : h);
      }
    }
    double[] thetaGrad = new double[theta.length];
    for (int i = 0; i < theta.length; i++) {
      double keep = theta[i];
      theta[i] = keep + s.eps();
      double plus = run(p, copy(base, d), u, theta, lg);
      theta[i] = keep - s.eps();
      double minus = s.centered() ? run(p, copy(base, d), u, theta, lg) : f0;
      theta[i] = keep;
      thetaGrad[i] = (plus - minus) / (s.centered() ? 2 * s.eps() : s.eps());
    }
    long t2 = System.nanoTime();
    long peak =
        2 * base.bytes() + 8L * (u.length + tangent.length + 2L * theta.length) + 8L * sum(g);
    return new GradientResult(
        "fd",
        f0,
        g[Wrt.QPOS0.ordinal()],
        g[Wrt.QVEL0.ordinal()],
        g[Wrt.CTRL.ordinal()],
        g[Wrt.FRICTION.ordinal()],
        g[Wrt.MASS.ordinal()],
        g[Wrt.DAMPING.ordinal()],
        g[Wrt.RESTITUTION.ordinal()],
        g[Wrt.ACT0.ordinal()],
        thetaGrad,
        g[Wrt.SHAPE.ordinal()],
        (t1 - t0) / 1e6,
        (t2 - t1) / 1e6,
        peak,
        new double[0],
        0,
        (s.centered() ? "central" : "forward")
            + " differences, eps "
            + String.format(Locale.ROOT, "%.3g", s.eps()));
  }

  /** All gradients by finite differences but the shapes' ({@link Wrt#SHAPE}). */
  public static GradientResult compute(RolloutProblem p, Settings s) {
    return compute(p, EnumSet.complementOf(EnumSet.of(Wrt.SHAPE)), s);
  }

  /** Number of entries of the gradient with respect to w. */
  static int size(Model m, Wrt w, int steps) {
    return switch (w) {
      case CTRL -> steps * m.nu();
      case QPOS0, QVEL0, DAMPING -> m.nv();
      case FRICTION, RESTITUTION -> m.ngeom();
      case MASS -> m.nbody();
      case ACT0 -> m.na();
      case SHAPE -> m.nshape();
    };
  }

  private static double perturbed(
      RolloutProblem p,
      Data base,
      Data d,
      double[] u,
      Loss.Gradient lg,
      double[] tangent,
      Wrt w,
      int i,
      double h) {
    copy(base, d);
    Model m = p.model();
    switch (w) {
      case QPOS0 -> {
        java.util.Arrays.fill(tangent, 0);
        tangent[i] = 1;
        Configuration.integratePos(m, d.qpos, tangent, h);
      }
      case QVEL0 -> d.qvel[i] += h;
      case ACT0 -> d.act[i] += h;
      case FRICTION -> d.geomFriction[i] += h;
      case RESTITUTION -> d.geomRestitution[i] += h;
      case DAMPING -> d.dofDamping[i] += h;
      case MASS -> {
        if (i == 0) {
          return run(p, d, u, p.theta(), lg);
        }
        Parameters.setMass(d, i, d.bodyInert[10 * i] + h);
      }
      case CTRL -> {
        double keep = u[i];
        u[i] += h;
        double f = run(p, d, u, p.theta(), lg);
        u[i] = keep;
        return f;
      }
    }
    return run(p, d, u, p.theta(), lg);
  }

  private static Data copy(Data from, Data to) {
    to.copyStateFrom(from);
    to.copyParametersFrom(from);
    return to;
  }

  private static long sum(double[][] g) {
    long n = 0;
    for (double[] a : g) {
      n += a.length;
    }
    return n;
  }
}
