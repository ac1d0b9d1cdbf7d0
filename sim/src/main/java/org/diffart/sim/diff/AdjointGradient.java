package org.diffart.sim.diff;

import org.diffart.sim.algo.ImpactBisection;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.sensor.Sensors;
import org.diffart.sim.data.AdjointTracer;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * The adjoint method over a whole rollout (Qiao et al. 2021): a forward sweep that keeps
 * checkpoints, then a backward sweep that, from the last step to the first, recomputes each step's
 * intermediates from a stored state ({@link Step#dynamics}) and runs the step's hand-derived
 * adjoint ({@link StepAdjoint}). The state adjoint {@code (q̄_t, v̄_t, āct_t)}, with the bars of
 * the history buffers' samples for delayed actuators and sensors, carries the loss back through
 * time; the controls' and parameters' bars accumulate along the way.
 *
 * <p>Closed loop ({@link RolloutProblem#law}): the forward sweep and every recomputation set step
 * t's controls to {@code c_t + π(t, x_t; θ)} from the state they reach, so every checkpointing
 * schedule and truncation recomputes the same controls; {@link #reverseStep} then maps the
 * control's bar {@code ū_t} (the step's and the running cost's) through π's vector–Jacobian product
 * into the state bars of x_t and into θ̄ ({@link GradientResult#theta}). The reported control bar
 * is {@code ū_t}, the gradient with respect to the open-loop offset {@code c_t}. A law with a
 * decision interval k ({@link ControlLaw#interval}) is evaluated at the decision steps of the
 * forward sweep only; its outputs are kept (T/k×nu numbers) for the recomputations, and its product
 * is taken at each decision step with ū summed over the steps its output was held. Under truncation
 * a hold whose decision step lies before the reversed window contributes nothing to θ̄.
 *
 * <p>Memory is the checkpoints plus one step's workspace, counted exactly in {@link
 * GradientResult#peakBytes}; the backward sweep allocates nothing per step.
 */
public final class AdjointGradient {
  private final RolloutProblem p;
  private final Model m;
  private final int steps, window;
  private final Loss.Gradient lossGrad;
  private final DataBar b;
  private final Data work;
  private final double[] ctrlGrad, norms, saved;
  private final double[] tangent, uLaw, thetaBar;
  private final int interval;
  private final double[] held, heldBar;
  private final ControlLaw.Bars lawBars;
  private final Data lawData;
  private final boolean stopOnNonFinite, sensors;
  private final TimeOfContact toc;
  private final boolean bisect;
  private final int[] pieceBase;
  private final java.util.List<Data> pieceStarts = new java.util.ArrayList<>();
  private final java.util.List<Model> pieceModels = new java.util.ArrayList<>();
  private Data replay;
  private StateStore store;
  private long recomputed;
  private int firstNonFinite = -1;

  private AdjointGradient(RolloutProblem p, int truncation, boolean stopOnNonFinite) {
    this.stopOnNonFinite = stopOnNonFinite;
    this.p = p;
    m = p.model();
    steps = p.steps();
    window = truncation > 0 ? Math.max(0, steps - truncation) : 0;
    lossGrad = Loss.Gradient.of(m);
    sensors = p.loss().hasSensorCost() || History.sensorBuffers(m);
    b = new DataBar(m);
    work = p.newData();
    work.pgsRecord = b.pgsHistory;
    ctrlGrad = new double[steps * m.nu()];
    norms = new double[steps + 1];
    saved = new double[m.nq() + m.nv() + m.na() + 3 * m.nslot() + m.nhistory()];
    tangent = new double[m.nv()];
    uLaw = new double[m.nu()];
    thetaBar = new double[p.theta().length];
    lawBars = new ControlLaw.Bars(b.qposBar, b.qvelBar, b.actBar, thetaBar);
    lawData = p.closedLoop() ? p.newData() : null;
    interval = p.closedLoop() ? p.law().interval() : 1;
    if (interval < 1) {
      throw new IllegalArgumentException(
          "control law " + p.law() + ": interval must be >= 1, got " + interval);
    }
    held = new double[p.closedLoop() ? (steps + interval - 1) / interval * m.nu() : 0];
    heldBar = new double[m.nu()];
    toc = m.opt().timeOfContact() ? new TimeOfContact(m) : null;
    bisect = m.opt().impactBisections() > 0;
    pieceBase = new int[steps + 1];
    if (bisect && sensors) {
      throw new IllegalArgumentException(
          "impactBisections: the adjoint does not follow the sensors of steps taken in pieces;"
              + " the loss has a sensor cost or the model buffers sensors");
    }
  }

  /** The gradient of the whole rollout. */
  public static GradientResult compute(RolloutProblem p, Checkpointing schedule) {
    return compute(p, schedule, 0);
  }

  /**
   * The gradient, backpropagated through the last {@code truncation} steps only when it is positive
   * and less than T (truncated backpropagation through time, a common cure for exploding
   * long-horizon gradients): the bars of the earlier controls, of the initial state and the
   * parameters' contributions of the earlier steps are then zero.
   */
  public static GradientResult compute(RolloutProblem p, Checkpointing schedule, int truncation) {
    return compute(p, schedule, truncation, true);
  }

  /**
   * As {@link #compute(RolloutProblem, Checkpointing, int)}; with {@code stopOnNonFinite} false a
   * state adjoint that overflows or turns NaN does not stop the backward pass (its first step is
   * named in the result's detail), so that the sweep can still be timed.
   *
   * @throws NonFiniteAdjointException with {@code stopOnNonFinite}, at the first step whose adjoint
   *     is not finite, naming the stage and entity where it first appeared
   */
  public static GradientResult compute(
      RolloutProblem p, Checkpointing schedule, int truncation, boolean stopOnNonFinite) {
    if (truncation < 0) {
      throw new IllegalArgumentException("truncation must be >= 0, got " + truncation);
    }
    return new AdjointGradient(p, truncation, stopOnNonFinite).run(schedule, truncation);
  }

  private GradientResult run(Checkpointing schedule, int truncation) {
    long t0 = System.nanoTime();
    store = new StateStore(work, schedule.slots(steps));
    double loss = forward(schedule.keep(steps, window));
    long t1 = System.nanoTime();
    // terminal seed: the forward left x_T in work
    b.clearInputs();
    lossGrad.clear();
    loss += p.loss().terminal(m, work.qpos, work.qvel, lossGrad);
    System.arraycopy(lossGrad.qpos(), 0, b.qposBar, 0, m.nq());
    System.arraycopy(lossGrad.qvel(), 0, b.qvelBar, 0, m.nv());
    norms[steps] = stateNorm(work.qpos);
    if (toc != null) {
      // the contacts at x_T: a scratch evaluation, the sweep goes on from x_T
      Data last = p.newData();
      copyState(work, last);
      Step.dynamics(m, last);
      toc.terminal(pieceBase[steps], last);
    }
    if (steps > window) {
      schedule.backward(
          new Sweep() {
            @Override
            public void save(int slot) {
              store.save(slot, work);
            }

            @Override
            public void load(int slot) {
              store.load(slot, work);
            }

            @Override
            public void advance(int t) {
              AdjointGradient.this.advance(t);
            }

            @Override
            public void reverse(int t) {
              reverseStep(t);
            }
          },
          steps,
          window);
    }
    long t2 = System.nanoTime();
    return result(schedule, truncation, loss, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
  }

  /**
   * The forward sweep from the start, keeping x_t in slot keep[t] where it is not -1; leaves x_T in
   * work.
   */
  private double forward(int[] keep) {
    Data d = work;
    double[] record = d.pgsRecord;
    d.pgsRecord = null;
    double loss = 0;
    for (int t = 0; t < steps; t++) {
      if (keep[t] >= 0) {
        store.save(keep[t], d);
      }
      p.controlsAt(t, d, uLaw);
      if (lawData != null && t % interval == 0) {
        System.arraycopy(uLaw, 0, held, t / interval * m.nu(), m.nu());
      }
      if (p.loss().hasRunningCost()) {
        lossGrad.clear();
        loss += p.loss().running(m, t, d.qpos, d.qvel, d.ctrl, lossGrad);
      }
      if (bisect) {
        int[] n = {pieceBase[t]};
        ImpactBisection.step(
            m,
            d,
            Step::fixedStep,
            (piece, start, pairs) -> {
              if (toc != null) {
                toc.record(n[0], pairs);
              }
              n[0]++;
            });
        pieceBase[t + 1] = n[0];
      } else {
        Step.step(m, d);
        pieceBase[t + 1] = t + 1;
        if (toc != null) {
          toc.record(t, ImpactBisection.pairs(m, d));
        }
      }
      if (p.loss().hasSensorCost()) {
        lossGrad.clear();
        loss += p.loss().sensors(m, t, d.sensordata, lossGrad);
      }
    }
    d.pgsRecord = record;
    return loss;
  }

  /** Recomputes one step forward from the state in work (controls of step t). */
  void advance(int t) {
    setControls(t, work);
    Step.step(m, work);
    recomputed++;
  }

  /**
   * Reverses step t from the state x_t in work: recompute its intermediates, run its adjoint, add
   * l(t)'s gradient.
   */
  void reverseStep(int t) {
    Data d = work;
    if (lawData != null) {
      copyState(d, lawData);
    }
    setControls(t, d);
    if (bisect) {
      pieces(t, d);
    } else {
      Step.dynamics(m, d);
      if (toc != null) {
        toc.beforeStep(t, m, d, b);
      }
    }
    System.arraycopy(b.qposBar, 0, saved, 0, m.nq());
    System.arraycopy(b.qvelBar, 0, saved, m.nq(), m.nv());
    System.arraycopy(b.actBar, 0, saved, m.nq() + m.nv(), m.na());
    System.arraycopy(b.warmImpulseBar, 0, saved, m.nq() + m.nv() + m.na(), 3 * m.nslot());
    System.arraycopy(b.historyBar, 0, saved, saved.length - m.nhistory(), m.nhistory());
    java.util.Arrays.fill(b.ctrlBar, 0);
    if (p.loss().hasSensorCost()) {
      // the sensors the step reported, and their cost's gradient as the seed of their adjoint
      Sensors.compute(m, d);
      lossGrad.clear();
      p.loss().sensors(m, t, d.sensordata, lossGrad);
      System.arraycopy(lossGrad.sensordata(), 0, b.sensordataBar, 0, m.nsensordata());
    }
    if (!bisect) {
      stepAdjoint(d, b, stage -> {});
    }
    int nu = m.nu();
    System.arraycopy(b.ctrlBar, 0, ctrlGrad, t * nu, nu);
    if (p.loss().hasRunningCost()) {
      lossGrad.clear();
      p.loss().running(m, t, d.qpos, d.qvel, d.ctrl, lossGrad);
      for (int k = 0; k < m.nq(); k++) {
        b.qposBar[k] += lossGrad.qpos()[k];
      }
      for (int k = 0; k < m.nv(); k++) {
        b.qvelBar[k] += lossGrad.qvel()[k];
      }
      for (int k = 0; k < nu; k++) {
        ctrlGrad[t * nu + k] += lossGrad.ctrl()[k];
      }
    }
    if (lawData != null) {
      for (int k = 0; k < nu; k++) {
        heldBar[k] += ctrlGrad[t * nu + k];
      }
      if (t % interval == 0) {
        p.law().adjoint(m, t, lawData, p.theta(), heldBar, lawBars);
        java.util.Arrays.fill(heldBar, 0);
      }
    }
    norms[t] = stateNorm(d.qpos);
    if (!Double.isFinite(norms[t]) || !allFinite(ctrlGrad, t * nu, nu)) {
      if (stopOnNonFinite) {
        throw locate(t);
      }
      if (firstNonFinite < 0) {
        firstNonFinite = t;
      }
    }
  }

  /**
   * Reverses step t taken in pieces ({@link ImpactBisection}): replays it from x_t in d to find its
   * pieces and their starts, then reverses them from the last, each recomputed from its start with
   * its own length; leaves d with x_t.
   */
  private void pieces(int t, Data d) {
    if (replay == null) {
      replay = p.newData();
    }
    replay.copyStateFrom(d);
    int[] n = {0};
    ImpactBisection.step(
        m,
        replay,
        Step::fixedStep,
        (piece, start, pairs) -> {
          if (pieceStarts.size() == n[0]) {
            pieceStarts.add(new Data(m));
            pieceModels.add(null);
          }
          pieceStarts.get(n[0]).copyStateFrom(start);
          pieceModels.set(n[0], piece);
          n[0]++;
        });
    for (int i = n[0] - 1; i >= 0; i--) {
      Model piece = pieceModels.get(i);
      d.copyStateFrom(pieceStarts.get(i));
      Step.dynamics(piece, d);
      if (toc != null) {
        toc.beforeStep(pieceBase[t] + i, piece, d, b);
      }
      StepAdjoint.step(piece, d, b);
    }
  }

  /**
   * The step's adjoint, with its sensors' when the loss has a cost on them or the model buffers
   * them.
   */
  private void stepAdjoint(Data d, DataBar bar, AdjointTracer tracer) {
    if (sensors) {
      StepAdjoint.stepWithSensors(m, d, bar, tracer);
    } else {
      StepAdjoint.step(m, d, bar, tracer);
    }
  }

  private double stateNorm(double[] qpos) {
    return stateNorm(m, qpos, b, tangent);
  }

  /**
   * Re-runs step t's adjoint from its saved incoming bars, stage by stage, to find where it became
   * non-finite.
   */
  private NonFiniteAdjointException locate(int t) {
    DataBar fresh = new DataBar(m);
    System.arraycopy(saved, 0, fresh.qposBar, 0, m.nq());
    System.arraycopy(saved, m.nq(), fresh.qvelBar, 0, m.nv());
    System.arraycopy(saved, m.nq() + m.nv(), fresh.actBar, 0, m.na());
    System.arraycopy(saved, m.nq() + m.nv() + m.na(), fresh.warmImpulseBar, 0, 3 * m.nslot());
    System.arraycopy(saved, saved.length - m.nhistory(), fresh.historyBar, 0, m.nhistory());
    String[] found = {null, null};
    String incoming = NonFiniteAdjointException.firstNonFinite(m, fresh);
    if (incoming != null) {
      return new NonFiniteAdjointException(t, "the loss gradient or the later steps", incoming);
    }
    try {
      stepAdjoint(
          work,
          fresh,
          stage -> {
            if (found[0] == null) {
              String w = NonFiniteAdjointException.firstNonFinite(m, fresh);
              if (w != null) {
                found[0] = stage;
                found[1] = w;
              }
            }
          });
    } catch (RuntimeException e) {
      return new NonFiniteAdjointException(t, "unknown", e.toString());
    }
    if (found[0] != null) {
      return new NonFiniteAdjointException(t, found[0], found[1]);
    }
    if (p.closedLoop()) {
      return new NonFiniteAdjointException(
          t,
          "running loss or control law",
          "the gradient of the running loss or the product of the control law "
              + p.law()
              + " at step "
              + t);
    }
    return new NonFiniteAdjointException(
        t, "running loss", "the gradient of the running loss at step " + t);
  }

  /**
   * Sets d's controls of step t: the open-loop controls plus, closed, the law's output the forward
   * sweep computed at step t's decision step (the law is pure, so a recomputation from any
   * checkpoint reproduces it bit for bit without evaluating it again).
   */
  private void setControls(int t, Data d) {
    int nu = m.nu();
    if (lawData == null) {
      System.arraycopy(p.controls(), t * nu, d.ctrl, 0, nu);
      return;
    }
    int o = t / interval * nu;
    for (int k = 0; k < nu; k++) {
      d.ctrl[k] = p.controls()[t * nu + k] + held[o + k];
    }
  }

  /** Copies the state a control law may read (time, qpos, qvel, act) from one Data to another. */
  private static void copyState(Data from, Data to) {
    to.time = from.time;
    System.arraycopy(from.qpos, 0, to.qpos, 0, from.qpos.length);
    System.arraycopy(from.qvel, 0, to.qvel, 0, from.qvel.length);
    System.arraycopy(from.act, 0, to.act, 0, from.act.length);
  }

  private static boolean allFinite(double[] a, int o, int n) {
    for (int i = o; i < o + n; i++) {
      if (!Double.isFinite(a[i])) {
        return false;
      }
    }
    return true;
  }

  private GradientResult result(
      Checkpointing schedule, int truncation, double loss, double fwdMs, double bwdMs) {
    long peak =
        store.bytes()
            + (lawData == null ? 0 : lawData.bytes())
            + b.bytes()
            + work.bytes()
            + 8L
                * (ctrlGrad.length
                    + norms.length
                    + saved.length
                    + tangent.length
                    + uLaw.length
                    + held.length
                    + heldBar.length
                    + thetaBar.length
                    + m.nq()
                    + m.nv()
                    + m.nu());
    boolean whole = window == 0;
    String detail =
        "checkpoint "
            + schedule
            + (whole ? "" : ", truncated to the last " + truncation + " steps")
            + (p.closedLoop() ? ", closed by " + p.law() : "")
            + (firstNonFinite < 0
                ? ""
                : ", state adjoint not finite from step " + firstNonFinite + " back");
    GradientResult r =
        result(p, whole, b, loss, ctrlGrad, norms, recomputed, peak, fwdMs, bwdMs, detail);
    return withTheta(r, thetaBar);
  }

  /**
   * A rollout gradient from the bars a backward sweep left: the initial state's (the
   * configuration's in the tangent space at the start) when the sweep reached step 0 ({@code
   * whole}), the parameters', and the controls' and per-step norms it recorded. Shared with
   * backends that run the sweep elsewhere (a device).
   */
  public static GradientResult result(
      RolloutProblem p,
      boolean whole,
      DataBar b,
      double loss,
      double[] ctrlGrad,
      double[] norms,
      long recomputed,
      long peakBytes,
      double fwdMs,
      double bwdMs,
      String detail) {
    Model m = p.model();
    Data start = p.start();
    double[] qpos0 = new double[m.nv()], qvel0 = new double[m.nv()], act0 = new double[m.na()];
    if (whole) {
      Configuration.tangentGradient(m, start.qpos, b.qposBar, qpos0);
      System.arraycopy(b.qvelBar, 0, qvel0, 0, m.nv());
      System.arraycopy(b.actBar, 0, act0, 0, m.na());
    }
    return new GradientResult(
        "adjoint",
        loss,
        qpos0,
        qvel0,
        ctrlGrad,
        b.geomFrictionBar.clone(),
        Parameters.massGradient(m, start, b.bodyInertBar),
        b.dofDampingBar.clone(),
        b.geomRestitutionBar.clone(),
        act0,
        new double[0],
        Parameters.shapeGradient(m, start, b),
        fwdMs,
        bwdMs,
        peakBytes,
        norms,
        recomputed,
        detail);
  }

  /** r with θ's gradient. */
  static GradientResult withTheta(GradientResult r, double[] theta) {
    return new GradientResult(
        r.method(),
        r.loss(),
        r.qpos0(),
        r.qvel0(),
        r.ctrl(),
        r.friction(),
        r.mass(),
        r.damping(),
        r.restitution(),
        r.act0(),
        theta.clone(),
        r.shape(),
        r.forwardMs(),
        r.backwardMs(),
        r.peakBytes(),
        r.adjointNorms(),
        r.recomputedSteps(),
        r.detail());
  }

  /**
   * |(q̄ in the tangent space at qpos, v̄)| of b's state bars, scaled so that it overflows only
   * when an entry does: the per-step adjoint norm. {@code tangent} is nv numbers of scratch.
   */
  public static double stateNorm(Model m, double[] qpos, DataBar b, double[] tangent) {
    Configuration.tangentGradient(m, qpos, b.qposBar, tangent);
    double big = 0;
    for (double x : tangent) {
      big = Math.max(big, Math.abs(x));
    }
    for (int k = 0; k < m.nv(); k++) {
      big = Math.max(big, Math.abs(b.qvelBar[k]));
    }
    if (!(big > 0) || Double.isInfinite(big)) {
      return big == 0 ? 0 : big;
    }
    double s = 0;
    for (double x : tangent) {
      s += (x / big) * (x / big);
    }
    for (int k = 0; k < m.nv(); k++) {
      s += (b.qvelBar[k] / big) * (b.qvelBar[k] / big);
    }
    return big * Math.sqrt(s);
  }
}
