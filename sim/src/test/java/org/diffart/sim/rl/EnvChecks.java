package org.diffart.sim.rl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

/** Checks every environment test shares: the action Jacobians against central differences. */
final class EnvChecks {
  private EnvChecks() {}

  /** Random actions in [−0.9, 0.9] for every world. */
  static double[] actions(VectorEnv env, SplittableRandom r) {
    double[] a = new double[env.worlds() * env.actionSize()];
    for (int i = 0; i < a.length; i++) {
      a[i] = r.nextDouble(-0.9, 0.9);
    }
    return a;
  }

  /**
   * Steps env with {@code a} and compares its action Jacobians with central differences of the same
   * step (from the saved state before it) of step h, to within {@code tol} relative to the larger
   * of 1 and the entry.
   */
  static void jacobiansMatchDifferences(VectorEnv env, double[] a, double h, double tol) {
    int w = env.worlds(), no = env.observationSize(), na = env.actionSize();
    double[] saved = env.saveState();
    VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
    env.step(a, out);
    double[] jo = new double[w * no * na], jr = new double[w * na];
    env.actionJacobians(jo, jr);
    VectorEnv.StepResult plus = VectorEnv.StepResult.of(env);
    VectorEnv.StepResult minus = VectorEnv.StepResult.of(env);
    for (int j = 0; j < na; j++) {
      double[] ap = a.clone(), am = a.clone();
      for (int k = 0; k < w; k++) {
        ap[k * na + j] += h;
        am[k * na + j] -= h;
      }
      env.restoreState(saved);
      env.step(ap, plus);
      env.restoreState(saved);
      env.step(am, minus);
      for (int k = 0; k < w; k++) {
        for (int i = 0; i < no; i++) {
          double fd = (plus.observation()[k * no + i] - minus.observation()[k * no + i]) / (2 * h);
          double ex = jo[k * no * na + i * na + j];
          assertEquals(
              fd, ex, tol * Math.max(1, Math.abs(fd)), "world " + k + " ∂obs" + i + "/∂a" + j);
        }
        double fd = (plus.reward()[k] - minus.reward()[k]) / (2 * h);
        assertEquals(
            fd, jr[k * na + j], tol * Math.max(1, Math.abs(fd)), "world " + k + " ∂r/∂a" + j);
      }
    }
    env.restoreState(saved);
    env.step(a, out);
  }

  /**
   * After a step of env: its {@code actionVjp} with random bars equals the same combination of the
   * rows of its {@code actionJacobians}, to within {@code tol} relative to the larger of 1 and the
   * entry.
   */
  static void vjpMatchesJacobians(AbstractTaskEnv env, SplittableRandom r, double tol) {
    int w = env.worlds(), no = env.observationSize(), na = env.actionSize();
    double[] obsBar = new double[w * no], rewardBar = new double[w], got = new double[w * na];
    for (int i = 0; i < obsBar.length; i++) {
      obsBar[i] = r.nextDouble(-1, 1);
    }
    for (int k = 0; k < w; k++) {
      rewardBar[k] = r.nextDouble(-1, 1);
    }
    env.actionVjp(obsBar, rewardBar, got);
    double[] jo = new double[w * no * na], jr = new double[w * na];
    env.actionJacobians(jo, jr);
    for (int k = 0; k < w; k++) {
      for (int j = 0; j < na; j++) {
        double e = rewardBar[k] * jr[k * na + j];
        for (int i = 0; i < no; i++) {
          e += obsBar[k * no + i] * jo[k * no * na + i * na + j];
        }
        assertEquals(e, got[k * na + j], tol * Math.max(1, Math.abs(e)), "world " + k + " a" + j);
      }
    }
  }
}
