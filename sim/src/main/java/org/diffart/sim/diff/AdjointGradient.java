package org.diffart.sim.diff;

import org.diffart.sim.algo.Configuration;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * The adjoint method over a whole rollout (Qiao et al. 2021): a forward sweep that keeps checkpoints, then a backward
 * sweep that, from the last step to the first, recomputes each step's intermediates from a stored state ({@link
 * Step#dynamics}) and runs the step's hand-derived adjoint ({@link StepAdjoint}). The state adjoint {@code (q̄_t,
 * v̄_t)} carries the loss back through time; the controls' and parameters' bars accumulate along the way.
 *
 * <p>Memory is the checkpoints plus one step's workspace, counted exactly in {@link GradientResult#peakBytes}; the
 * backward sweep allocates nothing per step.
 */
public final class AdjointGradient {
  private final RolloutProblem p;
  private final Model m;
  private final int steps, window;
  private final Loss.Gradient lossGrad;
  private final DataBar b;
  private final Data work;
  private final double[] ctrlGrad, norms, saved;
  private final double[] tangent;
  private final boolean stopOnNonFinite;
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
    b = new DataBar(m);
    work = p.newData();
    work.pgsRecord = b.pgsHistory;
    ctrlGrad = new double[steps * m.nu()];
    norms = new double[steps + 1];
    saved = new double[m.nq() + m.nv() + 3 * m.nconMax()];
    tangent = new double[m.nv()];
  }

  /** The gradient of the whole rollout. */
  public static GradientResult compute(RolloutProblem p, Checkpointing schedule) {
    return compute(p, schedule, 0);
  }

  /**
   * The gradient, backpropagated through the last {@code truncation} steps only when it is positive and less than T
   * (truncated backpropagation through time, a common cure for exploding long-horizon gradients): the bars of the
   * earlier controls, of the initial state and the parameters' contributions of the earlier steps are then zero.
   */
  public static GradientResult compute(RolloutProblem p, Checkpointing schedule, int truncation) {
    return compute(p, schedule, truncation, true);
  }

  /**
   * As {@link #compute(RolloutProblem, Checkpointing, int)}; with {@code stopOnNonFinite} false a state adjoint that
   * overflows or turns NaN does not stop the backward pass (its first step is named in the result's detail), so that
   * the sweep can still be timed.
   *
   * @throws NonFiniteAdjointException with {@code stopOnNonFinite}, at the first step whose adjoint is not finite,
   *     naming the stage and entity where it first appeared
   */
  public static GradientResult compute(RolloutProblem p, Checkpointing schedule, int truncation,
      boolean stopOnNonFinite) {
    if (truncation < 0) {
      throw new IllegalArgumentException("truncation must be >= 0, got " + truncation);
    }
    return new AdjointGradient(p, truncation, stopOnNonFinite).run(schedule, truncation);
  }

  private GradientResult run(Checkpointing schedule, int truncation) {
    long t0 = System.nanoTime();
    double loss;
    int[] chain = new int[0];
    if (schedule instanceof Checkpointing.Every e) {
      store = new StateStore(m, (steps + e.k() - 1) / e.k() + e.k());
      loss = forward(t -> t % e.k() == 0 ? t / e.k() : -1);
    } else {
      Checkpointing.Revolve r = (Checkpointing.Revolve) schedule;
      store = new StateStore(m, r.slots());
      chain = Revolve.chain(window, steps, r.slots());
      int[] c = chain;
      loss = forward(t -> {
        for (int i = 0; i < c.length; i++) {
          if (c[i] == t) {
            return i;
          }
        }
        return -1;
      });
    }
    long t1 = System.nanoTime();
    // terminal seed: the forward left x_T in work
    b.clearInputs();
    lossGrad.clear();
    loss += p.loss().terminal(m, work.qpos, work.qvel, lossGrad);
    System.arraycopy(lossGrad.qpos(), 0, b.qposBar, 0, m.nq());
    System.arraycopy(lossGrad.qvel(), 0, b.qvelBar, 0, m.nv());
    norms[steps] = stateNorm(work.qpos);
    if (steps > window) {
      if (schedule instanceof Checkpointing.Every e) {
        backwardEvery(e.k());
      } else {
        new Revolve(this, ((Checkpointing.Revolve) schedule).slots(), chain).reverse(window, steps, 0);
      }
    }
    long t2 = System.nanoTime();
    return result(schedule, truncation, loss, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
  }

  /** Slot of the checkpoint kept at step t, or -1. */
  @FunctionalInterface
  interface Keep {
    int slot(int t);
  }

  /** The forward sweep from the start, keeping the checkpoints; leaves x_T in work; returns the running loss. */
  private double forward(Keep keep) {
    Data d = work;
    double[] record = d.pgsRecord;
    d.pgsRecord = null;
    double loss = 0;
    for (int t = 0; t < steps; t++) {
      int slot = keep.slot(t);
      if (slot >= 0) {
        store.save(slot, d);
      }
      p.controlsAt(t, d);
      if (p.loss().hasRunningCost()) {
        lossGrad.clear();
        loss += p.loss().running(m, t, d.qpos, d.qvel, d.ctrl, lossGrad);
      }
      Step.step(m, d);
    }
    d.pgsRecord = record;
    return loss;
  }

  /** Interval schedule: segments from the last, each recomputed from its checkpoint into the segment slots. */
  private void backwardEvery(int k) {
    int segSlot0 = (steps + k - 1) / k;
    for (int seg = (steps - 1) / k; seg >= 0 && seg * k + k > window; seg--) {
      int a = seg * k, bEnd = Math.min(a + k, steps);
      store.load(seg, work);
      for (int t = a; t < bEnd; t++) {
        store.save(segSlot0 + t - a, work);
        if (t < bEnd - 1) {
          advance(t);
        }
      }
      for (int t = bEnd - 1; t >= Math.max(a, window); t--) {
        store.load(segSlot0 + t - a, work);
        reverseStep(t);
      }
    }
  }

  /** Recomputes one step forward from the state in work (controls of step t). */
  void advance(int t) {
    p.controlsAt(t, work);
    Step.step(m, work);
    recomputed++;
  }

  StateStore store() {
    return store;
  }

  Data work() {
    return work;
  }

  /** Reverses step t from the state x_t in work: recompute its intermediates, run its adjoint, add l(t)'s gradient. */
  void reverseStep(int t) {
    Data d = work;
    p.controlsAt(t, d);
    Step.dynamics(m, d);
    System.arraycopy(b.qposBar, 0, saved, 0, m.nq());
    System.arraycopy(b.qvelBar, 0, saved, m.nq(), m.nv());
    System.arraycopy(b.warmImpulseBar, 0, saved, m.nq() + m.nv(), 3 * m.nconMax());
    java.util.Arrays.fill(b.ctrlBar, 0);
    StepAdjoint.step(m, d, b);
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

  /** |(q̄ in the tangent space at qpos, v̄)|, scaled so that it overflows only when an entry does. */
  private double stateNorm(double[] qpos) {
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

  /** Re-runs step t's adjoint from its saved incoming bars, stage by stage, to find where it became non-finite. */
  private NonFiniteAdjointException locate(int t) {
    DataBar fresh = new DataBar(m);
    System.arraycopy(saved, 0, fresh.qposBar, 0, m.nq());
    System.arraycopy(saved, m.nq(), fresh.qvelBar, 0, m.nv());
    System.arraycopy(saved, m.nq() + m.nv(), fresh.warmImpulseBar, 0, 3 * m.nconMax());
    String[] found = {null, null};
    String incoming = NonFiniteAdjointException.firstNonFinite(m, fresh);
    if (incoming != null) {
      return new NonFiniteAdjointException(t, "the loss gradient or the later steps", incoming);
    }
    try {
      StepAdjoint.step(m, work, fresh, stage -> {
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
    return new NonFiniteAdjointException(t, "running loss", "the gradient of the running loss at step " + t);
  }

  private static boolean allFinite(double[] a, int o, int n) {
    for (int i = o; i < o + n; i++) {
      if (!Double.isFinite(a[i])) {
        return false;
      }
    }
    return true;
  }

  private GradientResult result(Checkpointing schedule, int truncation, double loss, double fwdMs, double bwdMs) {
    Data start = p.start();
    double[] qpos0 = new double[m.nv()], qvel0 = new double[m.nv()];
    boolean whole = window == 0;
    if (whole) {
      Configuration.tangentGradient(m, start.qpos, b.qposBar, qpos0);
      System.arraycopy(b.qvelBar, 0, qvel0, 0, m.nv());
    }
    long peak = store.bytes() + b.bytes() + work.bytes() + 8L * (ctrlGrad.length + norms.length + saved.length
        + tangent.length + m.nq() + m.nv() + m.nu());
    String detail = "checkpoint " + schedule + (whole ? "" : ", truncated to the last " + truncation + " steps")
        + (firstNonFinite < 0 ? "" : ", state adjoint not finite from step " + firstNonFinite + " back");
    return new GradientResult("adjoint", loss, qpos0, qvel0, ctrlGrad, b.geomFrictionBar.clone(),
        Parameters.massGradient(m, start, b.bodyInertBar), b.dofDampingBar.clone(), b.geomRestitutionBar.clone(),
        fwdMs, bwdMs, peak, norms, recomputed, detail);
  }
}
