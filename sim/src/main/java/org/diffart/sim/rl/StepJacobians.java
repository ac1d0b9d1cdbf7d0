package org.diffart.sim.rl;

import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.model.Model;

/**
 * The exact action Jacobians of one environment step: the substeps' exact transitions ({@link
 * Transition#exact}, reverse sweeps) composed with the controls held, {@code G_{k+1} = A_k G_k +
 * B_k} in the tangent space, then the observation's and the reward's rows (their vector–Jacobian
 * products, turned into tangent rows) times {@code G_K}, times the action's scale. No finite
 * differences. A clipped action coordinate is differentiated as if it were not clipped.
 *
 * <p>Where only a few rows are needed, {@link #vjp} gives one combination of them by a single
 * adjoint rollout over the substeps ({@link AdjointGradient}) instead of nx adjoint runs per
 * substep (measured with {@code bench.EnvBenchmark}, one world, warm: the ant's whole Jacobian
 * about 40 ms, one combination about 2 ms).
 */
public final class StepJacobians {
  private StepJacobians() {}

  /**
   * One world's last environment step as the Jacobians need it.
   *
   * @param start the state and controls the step began with (not changed)
   * @param step the step's index in its episode, from 0
   * @param action every world's clipped actions
   * @param offset where this world's action starts in {@code action}
   * @param last whether the step ended the episode by its time limit (as the reward saw it)
   */
  public record LastStep(Data start, int step, double[] action, int offset, boolean last) {}

  /**
   * Fills {@code dObsDa} (obs×act at {@code obsOffset}, row-major) and {@code dRewardDa} (act at
   * the step's action offset) for step s of {@code task}.
   */
  public static void compute(
      Task task, LastStep s, double[] dObsDa, int obsOffset, double[] dRewardDa) {
    Data start = s.start();
    Model m = task.model();
    int nv = m.nv(), nu = m.nu(), nx = 2 * nv + m.na();
    int no = task.observationSize();
    double[][] g = new double[nx][nu];
    Data d = new Data(m);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    for (int k = 0; k < task.substeps(); k++) {
      Transition t = Transition.exact(m, d);
      g = composed(t.A(), g, t.B());
      Step.step(m, d);
    }
    double[] bar = new double[no], row = new double[nx];
    Task.StateBars bars = Task.StateBars.of(m);
    for (int i = 0; i < no; i++) {
      java.util.Arrays.fill(bar, 0);
      bar[i] = 1;
      clear(bars);
      task.observationVjp(d, s.step() + 1, bar, 0, bars);
      tangentRow(m, d, bars, row);
      for (int j = 0; j < nu; j++) {
        dObsDa[obsOffset + i * nu + j] = dot(row, g, j) * task.controlScale(j);
      }
    }
    clear(bars);
    double[] actionBar = new double[nu];
    task.rewardGradient(
        new Task.StepData(start, d, s.action(), s.offset(), s.last()),
        Task.StateBars.of(m),
        bars,
        actionBar);
    tangentRow(m, d, bars, row);
    for (int j = 0; j < nu; j++) {
      dRewardDa[s.offset() + j] = dot(row, g, j) * task.controlScale(j) + actionBar[j];
    }
  }

  /** A·G + B. */
  private static double[][] composed(double[][] a, double[][] g, double[][] b) {
    int nx = g.length, nu = b.length == 0 ? 0 : b[0].length;
    double[][] out = new double[nx][nu];
    for (int i = 0; i < nx; i++) {
      for (int j = 0; j < nu; j++) {
        double s = b[i][j];
        for (int r = 0; r < nx; r++) {
          s += a[i][r] * g[r][j];
        }
        out[i][j] = s;
      }
    }
    return out;
  }

  private static double dot(double[] row, double[][] g, int j) {
    double s = 0;
    for (int r = 0; r < row.length; r++) {
      s += row[r] * g[r][j];
    }
    return s;
  }

  /** (q tangent, qvel, act) row of a function whose bars are {@code bars} at d's state. */
  private static void tangentRow(Model m, Data d, Task.StateBars bars, double[] row) {
    int nv = m.nv();
    double[] q = new double[nv];
    Configuration.tangentGradient(m, d.qpos, bars.qpos(), q);
    java.util.Arrays.fill(row, 0);
    System.arraycopy(q, 0, row, 0, nv);
    System.arraycopy(bars.qvel(), 0, row, nv, nv);
  }

  private static void clear(Task.StateBars bars) {
    java.util.Arrays.fill(bars.qpos(), 0);
    java.util.Arrays.fill(bars.qvel(), 0);
  }

  /**
   * Adds {@code obsBarᵀ ∂s'/∂a + rewardBar · ∂r/∂a} of step s of {@code task} to {@code actionBar}
   * (at the step's action offset), by one adjoint rollout over the substeps with the controls held;
   * obsBar is read at {@code obsOffset}. The state after the step is seen by the observation and
   * the reward through its qpos and qvel (the activations are the start's: no task here has any).
   */
  public static void vjp(
      Task task, LastStep s, double[] obsBar, int obsOffset, double rewardBar, double[] actionBar) {
    Data start = s.start();
    Model m = task.model();
    int nu = m.nu(), k = task.substeps();
    double[] controls = new double[k * nu], direct = new double[nu];
    for (int i = 0; i < k; i++) {
      System.arraycopy(start.ctrl, 0, controls, i * nu, nu);
    }
    Data end = new Data(m);
    end.copyStateFrom(start);
    Loss seed =
        new Loss() {
          @Override
          public double terminal(Model model, double[] qpos, double[] qvel, Gradient g) {
            System.arraycopy(qpos, 0, end.qpos, 0, qpos.length);
            System.arraycopy(qvel, 0, end.qvel, 0, qvel.length);
            Task.StateBars bars = new Task.StateBars(g.qpos(), g.qvel());
            task.observationVjp(end, s.step() + 1, obsBar, obsOffset, bars);
            Task.StateBars r = Task.StateBars.of(m);
            Task.StepData data = new Task.StepData(start, end, s.action(), s.offset(), s.last());
            java.util.Arrays.fill(direct, 0);
            task.rewardGradient(data, Task.StateBars.of(m), r, direct);
            for (int i = 0; i < qpos.length; i++) {
              g.qpos()[i] += rewardBar * r.qpos()[i];
            }
            for (int i = 0; i < qvel.length; i++) {
              g.qvel()[i] += rewardBar * r.qvel()[i];
            }
            // the value is not used; the seed is what matters
            return 0;
          }

          @Override
          public boolean hasRunningCost() {
            return false;
          }
        };
    GradientResult g =
        AdjointGradient.compute(
            new RolloutProblem(m, start, controls, k, seed), new Checkpointing.Every(1));
    for (int j = 0; j < nu; j++) {
      double sum = 0;
      for (int i = 0; i < k; i++) {
        sum += g.ctrl()[i * nu + j];
      }
      actionBar[s.offset() + j] += sum * task.controlScale(j) + rewardBar * direct[j];
    }
  }
}
