package org.diffart.sim.diff;

import java.util.function.IntConsumer;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.algo.constraint.ProjectedGaussSeidelAdjoint;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.sensor.SensorsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * The one-step transition linearisation {@code δx' = A δx + B δu}, {@code δy = C δx + D δu} with
 * MuJoCo's {@code mjd_transitionFD} conventions: the state {@code x = (q, v, act)} is taken in the
 * tangent space, {@code nx = 2 nv + na} (configurations perturbed as {@code q ⊕ δ} and differenced
 * with {@code ⊖}), rows are outputs, columns inputs, and y the sensors as a step computes them
 * ({@code sensordata}, at the state the step starts from, as after MuJoCo's {@code mj_step}).
 * Finite differences fill C and D; the exact transition fills them too, by the sensors' adjoint
 * ({@link SensorsAdjoint}, every sensor type).
 *
 * <p>The third kind of derivative of {@link Derivatives}. A is {@code 2nv + na} wide, not {@code
 * 2nq + na}: its q columns are tangent directions, not the numbers of {@code qpos}. B and D are
 * derivatives with respect to the controls, not parameter gradients (those are {@link
 * AdjointGradient}'s, over a rollout), and the transition is one step's, not the continuous-time
 * {@link SmoothDerivatives} (it includes the integrator and the constraints).
 *
 * <p>A model with history buffers (delayed actuators or sensors) is refused by default, as MuJoCo
 * 3.14's {@code mjd_transitionFD} refuses it ("delays are not supported"): its state is more than
 * {@code (q, v, act)}. With {@code history} the buffers' sample values join the state, {@code nx =
 * 2 nv + na + nh} ({@link History#sampleValues}, in the order they lie in {@code Data.history}:
 * ring slots, not ages); their times and cursors, which no state moves but time, stay fixed.
 *
 * @param model the model linearised (which names the rows and columns)
 * @param A ∂x'/∂x (nx×nx)
 * @param B ∂x'/∂u (nx×nu)
 * @param C ∂y/∂x (nsensordata×nx)
 * @param D ∂y/∂u (nsensordata×nu)
 * @param method {@code fd} or {@code adjoint}
 * @param ms wall time, ms
 */
public record Transition(
    Model model, double[][] A, double[][] B, double[][] C, double[][] D, String method, double ms) {

  /**
   * By finite differences of one step from d's state (restored after each perturbation, warm start
   * included): forward differences, or central with {@code centered}. A control perturbed past a
   * limit of its range is differenced on the side that stays inside, as MuJoCo does.
   */
  public static Transition finiteDifferences(Model m, Data d, boolean centered, double eps) {
    return finiteDifferences(m, d, centered, eps, false);
  }

  /**
   * As {@link #finiteDifferences(Model, Data, boolean, double)}, with the history buffers' sample
   * values in the state when {@code history}.
   */
  public static Transition finiteDifferences(
      Model m, Data d, boolean centered, double eps, boolean history) {
    if (!(eps > 0)) {
      throw new IllegalArgumentException("--eps must be > 0, got " + eps);
    }
    int[] hist = historyState(m, history);
    long t0 = System.nanoTime();
    int nv = m.nv(), nu = m.nu(), nx = 2 * nv + m.na() + hist.length, ns = m.nsensordata();
    double[][] a = new double[nx][nx],
        b = new double[nx][nu],
        c = new double[ns][nx],
        e = new double[ns][nu];
    Data base = new Data(m), plus = new Data(m), minus = new Data(m);
    copy(d, base);
    double[] unit = new double[nv], yp = new double[nx], ym = new double[nx], y0 = new double[nx];
    double[] sp = new double[ns], sm = new double[ns], s0 = new double[ns];
    copy(base, minus);
    Step.step(m, minus);
    double[] q0 = minus.qpos.clone();
    output(m, q0, minus, y0, hist);
    System.arraycopy(minus.sensordata, 0, s0, 0, ns);
    for (int j = 0; j < nx + nu; j++) {
      double lo = -eps, hi = eps;
      if (j >= nx && m.actCtrlLimited(j - nx)) {
        double u = base.ctrl[j - nx];
        if (u + eps > m.actCtrlRange(j - nx, 1)) {
          hi = 0;
        } else if (u - eps < m.actCtrlRange(j - nx, 0)) {
          lo = 0;
        }
      }
      if (!centered && hi > 0) {
        lo = 0;
      } else if (!centered) {
        hi = 0;
      }
      if (hi != 0) {
        perturbedStep(m, base, plus, j, hi, unit, hist);
        output(m, q0, plus, yp, hist);
        System.arraycopy(plus.sensordata, 0, sp, 0, ns);
      } else {
        System.arraycopy(y0, 0, yp, 0, nx);
        System.arraycopy(s0, 0, sp, 0, ns);
      }
      if (lo != 0) {
        perturbedStep(m, base, minus, j, lo, unit, hist);
        output(m, q0, minus, ym, hist);
        System.arraycopy(minus.sensordata, 0, sm, 0, ns);
      } else {
        System.arraycopy(y0, 0, ym, 0, nx);
        System.arraycopy(s0, 0, sm, 0, ns);
      }
      for (int i = 0; i < nx; i++) {
        double g = (yp[i] - ym[i]) / (hi - lo);
        if (j < nx) {
          a[i][j] = g;
        } else {
          b[i][j - nx] = g;
        }
      }
      for (int i = 0; i < ns; i++) {
        double g = (sp[i] - sm[i]) / (hi - lo);
        if (j < nx) {
          c[i][j] = g;
        } else {
          e[i][j - nx] = g;
        }
      }
    }
    return new Transition(m, a, b, c, e, "fd", (System.nanoTime() - t0) / 1e6);
  }

  /**
   * The positions in {@code Data.history} of the state's sample values: none without {@code
   * history}, where a model with buffers is refused as MuJoCo refuses it.
   *
   * @throws UnsupportedOperationException for a model with history buffers without {@code history}
   */
  private static int[] historyState(Model m, boolean history) {
    if (m.nhistory() > 0 && !history) {
      throw new UnsupportedOperationException(
          "model '"
              + m.name()
              + "' has history buffers (a delayed or sampled actuator or sensor): its transition"
              + " has more state than (q, v, act), and MuJoCo's mjd_transitionFD refuses it"
              + " (\"delays are not supported\"); ask for the buffers in the state to go beyond"
              + " (Transition with history, transition --history): nx grows by their sample"
              + " values");
    }
    return history ? History.sampleValues(m) : new int[0];
  }

  /** Steps {@code out} from base with input j perturbed by h (0: unperturbed). */
  private static void perturbedStep(
      Model m, Data base, Data out, int j, double h, double[] unit, int[] hist) {
    copy(base, out);
    perturb(m, out, j, h, unit, hist);
    Step.step(m, out);
  }

  /**
   * Moves input j of {@code (q tangent, qvel, act, h, ctrl)} (nv, nv, na, the history's sample
   * values at {@code hist}, nu) of d's state by h: q as {@code q ⊕ h e_j}. {@code unit}: nv numbers
   * of work space.
   */
  static void perturb(Model m, Data d, int j, double h, double[] unit, int[] hist) {
    int nv = m.nv(), nx = 2 * nv + m.na() + hist.length;
    if (h == 0) {
      return;
    }
    if (j < nv) {
      java.util.Arrays.fill(unit, 0);
      unit[j] = 1;
      Configuration.integratePos(m, d.qpos, unit, h);
    } else if (j < 2 * nv) {
      d.qvel[j - nv] += h;
    } else if (j < 2 * nv + m.na()) {
      d.act[j - 2 * nv] += h;
    } else if (j < nx) {
      d.history[hist[j - 2 * nv - m.na()]] += h;
    } else {
      d.ctrl[j - nx] += h;
    }
  }

  /**
   * y = (q ⊖ q0, v, act, h): the output in the tangent space at the nominal next configuration q0,
   * with the history's sample values at {@code hist}.
   */
  private static void output(Model m, double[] q0, Data d, double[] y, int[] hist) {
    Configuration.differencePos(m, y, 1, q0, d.qpos);
    System.arraycopy(d.qvel, 0, y, m.nv(), m.nv());
    System.arraycopy(d.act, 0, y, 2 * m.nv(), m.na());
    for (int k = 0; k < hist.length; k++) {
      y[2 * m.nv() + m.na() + k] = d.history[hist[k]];
    }
  }

  /**
   * Exactly, row by row from reverse sweeps: one recomputation of the step and {@code nx} runs of
   * its adjoint, each seeded with one tangent-space output direction; then, when every sensor has
   * an adjoint, one run per sensor value for the rows of C and D.
   */
  public static Transition exact(Model m, Data d) {
    return exact(m, d, false);
  }

  /**
   * As {@link #exact(Model, Data)}, with the history buffers' sample values in the state when
   * {@code history}: their rows seeded on the buffers' bars, their columns read from them.
   */
  public static Transition exact(Model m, Data d, boolean history) {
    int[] hist = historyState(m, history);
    RolloutProblem.refuseUnfollowedSensors(m, d, false, "exact transitions");
    long t0 = System.nanoTime();
    int nv = m.nv(), nu = m.nu(), nx = 2 * nv + m.na() + hist.length;
    Data next = new Data(m), work = new Data(m);
    copy(d, next);
    Step.step(m, next);
    DataBar bar = new DataBar(m);
    copy(d, work);
    work.pgsRecord = bar.pgsHistory;
    Step.dynamics(m, work);
    double[][] a = new double[nx][nx], b = new double[nx][nu];
    double[] seed = new double[nv], row = new double[nv];
    int ns = m.nsensordata();
    double[][] c = new double[ns][nx], e = new double[ns][nu];
    rows(m, work, next, prepared(m, work, bar, nx), a, b, seed, row, hist, i -> {});
    // the sensors' bars go back through the evaluation they read: the step's, or their own with
    // plain M
    double h = Step.dampingH(m);
    if (Step.separateOutputs(m, work)) {
      copy(d, work);
      bar = new DataBar(m);
      work.pgsRecord = bar.pgsHistory;
      Step.outputsDynamics(m, work);
      h = 0;
    }
    if (m.opt().sensor()) {
      sensorRows(m, work, prepared(m, work, bar, ns), h, c, e, row, hist);
    }
    return new Transition(m, a, b, c, e, "adjoint", (System.nanoTime() - t0) / 1e6);
  }

  /**
   * {@code bar} for {@code seeds} runs of the adjoint of {@code work}'s evaluation (recorded in
   * {@code bar}'s PGS history): with fewer contact rows than seeds, the reverse PGS, linear in its
   * seed, is prepared once for all.
   */
  static DataBar prepared(Model m, Data work, DataBar bar, int seeds) {
    if (m.opt().impactBisections() > 0) {
      throw new IllegalArgumentException(
          "the exact transition differentiates one fixed step; "
              + m.name()
              + " takes its steps in pieces (diffart:impactbisections): use finite differences"
              + " or the rollout adjoint");
    }
    bar.pgsBasisReady = false;
    bar.efcYReady = false;
    // (an RK4 step's adjoint recomputes its stages, so its forward does not stay)
    if (work.nefc > 0 && work.nefc < seeds && m.opt().integrator() != Integrator.RK4) {
      ProjectedGaussSeidelAdjoint.prepareBasis(m, work, bar);
    }
    return bar;
  }

  /**
   * The rows of C and D: the adjoint of the sensors' evaluation (with {@code M + h B}), one sensor
   * value each.
   */
  private static void sensorRows(
      Model m,
      Data work,
      DataBar bar,
      double h,
      double[][] c,
      double[][] e,
      double[] row,
      int[] hist) {
    int nv = m.nv();
    for (int i = 0; i < c.length; i++) {
      bar.clearInputs();
      bar.sensordataBar[i] = 1;
      SensorsAdjoint.compute(m, work, bar);
      StepAdjoint.dynamics(m, work, bar, h, stage -> {});
      Configuration.tangentGradient(m, work.qpos, bar.qposBar, row);
      System.arraycopy(row, 0, c[i], 0, nv);
      System.arraycopy(bar.qvelBar, 0, c[i], nv, nv);
      System.arraycopy(bar.actBar, 0, c[i], 2 * nv, m.na());
      historyColumns(bar, hist, c[i], 2 * nv + m.na());
      System.arraycopy(bar.ctrlBar, 0, e[i], 0, m.nu());
    }
  }

  private static void historyColumns(DataBar bar, int[] hist, double[] row, int from) {
    for (int k = 0; k < hist.length; k++) {
      row[from + k] = bar.historyBar[hist[k]];
    }
  }

  /**
   * The rows of A and B from {@code work}'s recomputed evaluation ({@code next} the state after
   * it): one adjoint run per tangent-space output direction; {@code eachRow} is told each row's
   * index while {@code bar} still holds that run's bars (of the parameters too).
   */
  static void rows(
      Model m,
      Data work,
      Data next,
      DataBar bar,
      double[][] a,
      double[][] b,
      double[] seed,
      double[] row,
      int[] hist,
      IntConsumer eachRow) {
    int nv = m.nv(), nu = m.nu(), nx = 2 * nv + m.na() + hist.length;
    for (int i = 0; i < nx; i++) {
      bar.clearInputs();
      if (i < nv) {
        java.util.Arrays.fill(seed, 0);
        seed[i] = 1;
        Configuration.ambientSeed(m, next.qpos, seed, bar.qposBar);
      } else if (i < 2 * nv) {
        bar.qvelBar[i - nv] = 1;
      } else if (i < 2 * nv + m.na()) {
        bar.actBar[i - 2 * nv] = 1;
      } else {
        bar.historyBar[hist[i - 2 * nv - m.na()]] = 1;
      }
      if (History.sensorBuffers(m)) {
        StepAdjoint.stepWithSensors(m, work, bar, stage -> {});
      } else {
        StepAdjoint.step(m, work, bar);
      }
      Configuration.tangentGradient(m, work.qpos, bar.qposBar, row);
      System.arraycopy(row, 0, a[i], 0, nv);
      System.arraycopy(bar.qvelBar, 0, a[i], nv, nv);
      System.arraycopy(bar.actBar, 0, a[i], 2 * nv, m.na());
      historyColumns(bar, hist, a[i], 2 * nv + m.na());
      System.arraycopy(bar.ctrlBar, 0, b[i], 0, nu);
      eachRow.accept(i);
    }
  }

  private static void copy(Data from, Data to) {
    to.copyStateFrom(from);
    to.copyParametersFrom(from);
  }
}
