package org.diffart.sim.diff;

import java.util.Arrays;
import java.util.List;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * Residuals of a simulated trajectory against measurements, and their exact Jacobian with respect
 * to a few parameters: what system identification fits. The residuals are {@code r = w_j (q_t[i_j]
 * − y_t[j])} for the observed {@code qpos} entries {@code i_j} (hinge and slide values, free-joint
 * positions) with weights {@code w_j}, at the observed states t (the state after t steps; 0 is the
 * start), state-major; the rollout runs to the last observed state T.
 *
 * <p>The Jacobian comes from forward sensitivities {@code S_{t+1} = A_t S_t + P_t}, where {@code
 * S_t = ∂x_t/∂θ} is the state's (in the tangent space, {@code nx = 2nv + na}) and each step's rows
 * of {@code [A_t | P_t]} are nx runs of the step's adjoint ({@link StepAdjoint}), seeded with one
 * output direction each as {@link Transition#exact} seeds them, whose parameter bars ({@code
 * DataBar}: friction, inertia, damping, controls) give P's columns as {@link AdjointGradient}
 * collects them. Its cost is one rollout, one recomputed evaluation and nx step adjoints per step,
 * whatever the number p of parameters: exact, where finite differences need p + 1 rollouts and are
 * not. {@link #gradient} gives the scalar route instead: {@code |r|²} and its gradient by one
 * {@link AdjointGradient} sweep (one forward and one backward), for first-order optimisers.
 *
 * <p>A model that warm-starts PGS (its impulses would join the state) or has history buffers is
 * refused.
 */
public final class TrajectoryResiduals {
  /**
   * One parameter θ_k: a per-world parameter ({@link Wrt#FRICTION} of a geom, {@link Wrt#MASS} of a
   * body with its inertia scaled along, {@link Wrt#DAMPING} or {@link Wrt#QVEL0} of a dof, {@link
   * Wrt#RESTITUTION} of a geom, {@link Wrt#ACT0} of an activation), {@link Wrt#QPOS0} as the offset
   * along tangent direction {@code index} from the start's configuration, or {@link Wrt#CTRL} as
   * the control of actuator {@code index} held at the same value over every step.
   */
  public record Parameter(Wrt wrt, int index) {
    /** Refuses {@link Wrt#SHAPE}: a shape parameter is compiled into the model, not set in Data. */
    public Parameter {
      if (wrt == Wrt.SHAPE) {
        throw new IllegalArgumentException(
            "shape parameters are compiled into the model: fit them by compiling it at each θ");
      }
    }

    /**
     * Sets this parameter of d to v: a body's mass with its inertia scaled along, a {@link
     * Wrt#QPOS0} offset applied to d's configuration, a {@link Wrt#CTRL} as d's control.
     */
    public void set(Model m, Data d, double v) {
      int i = index;
      switch (wrt) {
        case FRICTION -> d.geomFriction[i] = v;
        case MASS -> Parameters.setMass(d, i, v);
        case DAMPING -> d.dofDamping[i] = v;
        case RESTITUTION -> d.geomRestitution[i] = v;
        case QVEL0 -> d.qvel[i] = v;
        case ACT0 -> d.act[i] = v;
        case CTRL -> d.ctrl[i] = v;
        case QPOS0 -> {
          double[] unit = new double[m.nv()];
          unit[i] = 1;
          Configuration.integratePos(m, d.qpos, unit, v);
        }
      }
    }

    @Override
    public String toString() {
      return wrt.cliName() + "[" + index + "]";
    }
  }

  private final Model m;
  private final Data start;
  private final double[] controls, measured, weights;
  private final int steps, nx;
  private final int[] states, slot, qposIndex, dofIndex;
  private final List<Parameter> params;
  private static final int[] NO_HISTORY = {};

  /**
   * @param m the model
   * @param start the starting state and the parameters not estimated (copied)
   * @param controls the controls of every step (T×nu); an actuator that is a {@link Wrt#CTRL}
   *     parameter gets θ instead
   * @param states the observed states, increasing from 0 (the start); T is the last
   * @param qposIndex the observed entries of qpos
   * @param weights w, one per observed entry (null: all 1)
   * @param measured y, state-major (states.length × qposIndex.length)
   * @param parameters θ's meaning, in order
   * @throws IllegalArgumentException naming what does not fit
   */
  public TrajectoryResiduals(
      Model m,
      Data start,
      double[] controls,
      int[] states,
      int[] qposIndex,
      double[] weights,
      double[] measured,
      List<Parameter> parameters) {
    for (int k = 0; k < states.length; k++) {
      if (states[k] < 0 || (k > 0 && states[k] <= states[k - 1])) {
        throw new IllegalArgumentException(
            "observed states must increase from 0 or more, got " + Arrays.toString(states));
      }
    }
    if (states.length == 0 || states[states.length - 1] < 1) {
      throw new IllegalArgumentException("observe at least one state after a step");
    }
    int steps = states[states.length - 1];
    if (controls.length != steps * m.nu()) {
      throw new IllegalArgumentException(
          "controls must hold T*nu = " + steps * m.nu() + " numbers, got " + controls.length);
    }
    if (measured.length != states.length * qposIndex.length) {
      throw new IllegalArgumentException(
          "measured must hold states*observed = "
              + states.length * qposIndex.length
              + " numbers, got "
              + measured.length);
    }
    if (weights != null && weights.length != qposIndex.length) {
      throw new IllegalArgumentException(
          "weights must hold one number per observed entry ("
              + qposIndex.length
              + "), got "
              + weights.length);
    }
    if (m.opt().warmStart() || m.nhistory() > 0) {
      throw new UnsupportedOperationException(
          "model '"
              + m.name()
              + "': trajectory residuals do not follow a PGS warm start or history buffers (both"
              + " would join the state of the forward sensitivities)");
    }
    for (Parameter p : parameters) {
      int n = FiniteDifferenceGradient.size(m, p.wrt(), 1);
      if (p.index() < (p.wrt() == Wrt.MASS ? 1 : 0) || p.index() >= n) {
        throw new IllegalArgumentException(
            "parameter "
                + p
                + " out of range: "
                + p.wrt().cliName()
                + " has "
                + n
                + " entries"
                + (p.wrt() == Wrt.MASS ? " and body 0, the world, has no mass to estimate" : ""));
      }
    }
    this.m = m;
    this.start = new Data(m);
    this.start.copyStateFrom(start);
    this.start.copyParametersFrom(start);
    this.controls = controls.clone();
    this.measured = measured.clone();
    this.steps = steps;
    this.states = states.clone();
    this.slot = new int[steps + 1];
    Arrays.fill(slot, -1);
    for (int k = 0; k < states.length; k++) {
      slot[states[k]] = k;
    }
    this.weights = weights == null ? ones(qposIndex.length) : weights.clone();
    this.qposIndex = qposIndex.clone();
    this.dofIndex = dofs(m, qposIndex);
    this.params = List.copyOf(parameters);
    nx = 2 * m.nv() + m.na();
  }

  /** The dof of each observed qpos entry: a hinge's or slide's, or a free joint's position. */
  private static int[] dofs(Model m, int[] qposIndex) {
    int[] dof = new int[qposIndex.length];
    for (int k = 0; k < qposIndex.length; k++) {
      int i = qposIndex[k];
      dof[k] = -1;
      for (int j = 0; j < m.njnt(); j++) {
        int o = i - m.jntQposAdr(j);
        JointType t = m.jntType(j);
        boolean scalar = (t == JointType.HINGE || t == JointType.SLIDE) && o == 0;
        if (scalar || (t == JointType.FREE && o >= 0 && o < 3)) {
          dof[k] = m.jntDofAdr(j) + o;
        }
      }
      if (dof[k] < 0) {
        throw new IllegalArgumentException(
            "qpos["
                + i
                + "] is not a hinge or slide value or a free joint's position: it cannot be"
                + " observed as a residual");
      }
    }
    return dof;
  }

  private static double[] ones(int n) {
    double[] w = new double[n];
    Arrays.fill(w, 1);
    return w;
  }

  /** The observed states 0 ≤ s_0 < … < s_{K−1} = T spaced by {@code stride} from {@code first}. */
  public static int[] every(int first, int stride, int last) {
    return java.util.stream.IntStream.iterate(first, t -> t <= last, t -> t + stride).toArray();
  }

  /** The number of residuals. */
  public int size() {
    return measured.length;
  }

  /** The number of parameters. */
  public int parameters() {
    return params.size();
  }

  /** T, the steps one evaluation simulates. */
  public int steps() {
    return steps;
  }

  /** The parameters' values in the start (0 for a {@link Wrt#QPOS0} offset). */
  public double[] initialValues() {
    double[] v = new double[params.size()];
    for (int k = 0; k < v.length; k++) {
      Parameter p = params.get(k);
      int i = p.index();
      v[k] =
          switch (p.wrt()) {
            case FRICTION -> start.geomFriction[i];
            case MASS -> start.bodyInert[10 * i];
            case DAMPING -> start.dofDamping[i];
            case RESTITUTION -> start.geomRestitution[i];
            case QVEL0 -> start.qvel[i];
            case ACT0 -> start.act[i];
            case QPOS0 -> 0;
            case CTRL -> controls[i];
            case SHAPE -> throw new IllegalStateException("no shape parameters here");
          };
    }
    return v;
  }

  /** The start with θ set, and the controls with θ's held controls ({@code u}, filled). */
  private Data apply(double[] theta, double[] u) {
    if (theta.length != params.size()) {
      throw new IllegalArgumentException(
          "theta must hold " + params.size() + " numbers, got " + theta.length);
    }
    Data d = new Data(m);
    d.copyStateFrom(start);
    d.copyParametersFrom(start);
    System.arraycopy(controls, 0, u, 0, u.length);
    for (int k = 0; k < theta.length; k++) {
      Parameter p = params.get(k);
      p.set(m, d, theta[k]);
      if (p.wrt() == Wrt.CTRL) {
        for (int t = 0; t < steps; t++) {
          u[t * m.nu() + p.index()] = theta[k];
        }
      }
    }
    return d;
  }

  /** The rollout at θ (no derivatives): writes r and returns |r|². */
  public double residuals(double[] theta, double[] r) {
    double[] u = new double[controls.length];
    Data d = apply(theta, u);
    int nu = m.nu(), no = qposIndex.length;
    if (slot[0] >= 0) {
      observe(d.qpos, 0, r, no);
    }
    for (int t = 0; t < steps; t++) {
      System.arraycopy(u, t * nu, d.ctrl, 0, nu);
      Step.step(m, d);
      if (slot[t + 1] >= 0) {
        observe(d.qpos, slot[t + 1], r, no);
      }
    }
    return dot(r, r);
  }

  private void observe(double[] qpos, int k, double[] r, int no) {
    for (int j = 0; j < no; j++) {
      r[k * no + j] = weights[j] * (qpos[qposIndex[j]] - measured[k * no + j]);
    }
  }

  private void observeJacobian(double[][] s, int k, double[][] jacobian, int no) {
    for (int j = 0; j < no; j++) {
      for (int c = 0; c < s[0].length; c++) {
        jacobian[k * no + j][c] = weights[j] * s[dofIndex[j]][c];
      }
    }
  }

  /**
   * The residuals at θ and their exact Jacobian ∂r/∂θ (size() rows of p) by forward sensitivities;
   * returns |r|².
   */
  public double evaluate(double[] theta, double[] r, double[][] jacobian) {
    double[] u = new double[controls.length];
    Data d = apply(theta, u);
    int p = params.size(), nv = m.nv(), nu = m.nu(), no = qposIndex.length;
    double[][] s = initialSensitivity(), next = new double[nx][p];
    if (slot[0] >= 0) {
      observe(d.qpos, 0, r, no);
      observeJacobian(s, 0, jacobian, no);
    }
    Data work = new Data(m), after = new Data(m);
    DataBar bar = new DataBar(m);
    double[] seed = new double[nv], row = new double[nv];
    double[][] rowsA = new double[nx][nx], rowsB = new double[nx][nu], rowsP = new double[nx][p];
    for (int t = 0; t < steps; t++) {
      System.arraycopy(u, t * nu, d.ctrl, 0, nu);
      after.copyStateFrom(d);
      after.copyParametersFrom(d);
      Step.step(m, after);
      work.copyStateFrom(d);
      work.copyParametersFrom(d);
      work.pgsRecord = bar.pgsHistory;
      Step.dynamics(m, work);
      Transition.rows(
          m,
          work,
          after,
          Transition.prepared(m, work, bar, nx),
          rowsA,
          rowsB,
          seed,
          row,
          NO_HISTORY,
          i -> parameterRow(work, bar, rowsP[i]));
      for (int i = 0; i < nx; i++) {
        for (int k = 0; k < p; k++) {
          double v = rowsP[i][k];
          for (int j = 0; j < nx; j++) {
            v += rowsA[i][j] * s[j][k];
          }
          next[i][k] = v;
        }
      }
      double[][] swap = s;
      s = next;
      next = swap;
      Data keep = d;
      d = after;
      after = keep;
      if (slot[t + 1] >= 0) {
        observe(d.qpos, slot[t + 1], r, no);
        observeJacobian(s, slot[t + 1], jacobian, no);
      }
    }
    return dot(r, r);
  }

  /** Row of P: the bars the step's adjoint left on each parameter's own input. */
  private void parameterRow(Data d, DataBar bar, double[] rowP) {
    for (int k = 0; k < rowP.length; k++) {
      Parameter q = params.get(k);
      int i = q.index();
      rowP[k] =
          switch (q.wrt()) {
            case FRICTION -> bar.geomFrictionBar[i];
            case MASS -> Parameters.massBar(d, bar.bodyInertBar, i);
            case DAMPING -> bar.dofDampingBar[i];
            case RESTITUTION -> bar.geomRestitutionBar[i];
            case CTRL -> bar.ctrlBar[i];
            case QPOS0, QVEL0, ACT0 -> 0;
            case SHAPE -> throw new IllegalStateException("no shape parameters here");
          };
    }
  }

  /**
   * {@code |r(θ)|²} and its gradient ({@code grad}, p numbers) by one {@link AdjointGradient} sweep
   * (interval checkpoints every ⌈√T⌉ steps): the scalar route, one forward and one backward sweep
   * whatever p.
   */
  public double gradient(double[] theta, double[] grad) {
    double[] u = new double[controls.length];
    Data d = apply(theta, u);
    return sweep(new RolloutProblem(m, d, u, steps, new SquaredResiduals()), grad);
  }

  /**
   * As {@link #evaluate}, by the other exact route: one reverse sweep ({@link AdjointGradient}) per
   * residual, over the steps up to its state, seeded with that residual alone. It costs about
   * {@code size()} adjoint rollouts against {@link #evaluate}'s nx step adjoints per step, so it
   * pays only for fewer residuals than nx (a final position, as the sliding box's).
   */
  public double evaluateByRows(double[] theta, double[] r, double[][] jacobian) {
    double loss = residuals(theta, r);
    double[] u = new double[controls.length];
    Data d = apply(theta, u);
    int no = qposIndex.length;
    double[][] s0 = initialSensitivity();
    for (int k = 0; k < states.length; k++) {
      for (int j = 0; j < no; j++) {
        if (states[k] == 0) {
          for (int c = 0; c < params.size(); c++) {
            jacobian[k * no + j][c] = weights[j] * s0[dofIndex[j]][c];
          }
          continue;
        }
        int t = states[k], obs = j, row = k * no + j;
        Loss pick =
            new Loss() {
              @Override
              public double terminal(Model mm, double[] qpos, double[] qvel, Gradient g) {
                g.qpos()[qposIndex[obs]] = weights[obs];
                return r[row];
              }

              @Override
              public boolean hasRunningCost() {
                return false;
              }
            };
        sweep(new RolloutProblem(m, d, Arrays.copyOf(u, t * m.nu()), t, pick), jacobian[row]);
      }
    }
    return loss;
  }

  /**
   * The initial sensitivity S_0 (nx × p): the unit columns of the initial-state parameters, zero
   * for the others.
   */
  private double[][] initialSensitivity() {
    int nv = m.nv();
    double[][] s = new double[nx][params.size()];
    for (int k = 0; k < params.size(); k++) {
      Parameter q = params.get(k);
      switch (q.wrt()) {
        case QPOS0 -> s[q.index()][k] = 1;
        case QVEL0 -> s[nv + q.index()][k] = 1;
        case ACT0 -> s[2 * nv + q.index()][k] = 1;
        default -> {}
      }
    }
    return s;
  }

  /**
   * One {@link AdjointGradient} sweep of p (interval checkpoints every ⌈√T⌉ steps): writes the
   * parameters' gradient into {@code grad} (a held control's summed over the steps) and returns the
   * loss.
   */
  private double sweep(RolloutProblem p, double[] grad) {
    int t = p.steps();
    GradientResult g =
        AdjointGradient.compute(p, new Checkpointing.Every((int) Math.ceil(Math.sqrt(t))));
    for (int j = 0; j < params.size(); j++) {
      Parameter q = params.get(j);
      if (q.wrt() == Wrt.CTRL) {
        double sum = 0;
        for (int k = 0; k < t; k++) {
          sum += g.ctrl()[k * m.nu() + q.index()];
        }
        grad[j] = sum;
      } else {
        grad[j] = g.grad(q.wrt())[q.index()];
      }
    }
    return g.loss();
  }

  /** |r|² as a rollout loss: each observed state's squares, as a running or the terminal cost. */
  private final class SquaredResiduals implements Loss {
    @Override
    public double running(
        Model mm, int t, double[] qpos, double[] qvel, double[] ctrl, Gradient g) {
      return slot[t] >= 0 ? squares(slot[t], qpos, g) : 0;
    }

    @Override
    public double terminal(Model mm, double[] qpos, double[] qvel, Gradient g) {
      return squares(slot[steps], qpos, g);
    }

    private double squares(int k, double[] qpos, Gradient g) {
      int no = qposIndex.length;
      double l = 0;
      for (int j = 0; j < no; j++) {
        double e = weights[j] * (qpos[qposIndex[j]] - measured[k * no + j]);
        l += e * e;
        g.qpos()[qposIndex[j]] += 2 * weights[j] * e;
      }
      return l;
    }
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }
}
