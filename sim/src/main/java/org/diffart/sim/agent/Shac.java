package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.model.Model;
import org.diffart.sim.nn.Activation;
import org.diffart.sim.nn.Adam;
import org.diffart.sim.nn.Arrays64;
import org.diffart.sim.nn.Mlp;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.rl.AbstractTaskEnv;
import org.diffart.sim.rl.SavedState;
import org.diffart.sim.rl.Task;
import org.diffart.sim.rl.VectorEnv;

/**
 * An analytic policy gradient in SHAC's form (Xu et al., ICLR 2022): W worlds advance together in
 * windows of h env steps; the actor's loss per window, {@code −(1/(W h)) Σ_w [Σ_{t<h} γ^t r_t + γ^h
 * V'(s_h)]} (V' the target critic; an episode that ends inside the window closes its part there,
 * with V' = 0 when it terminated (or reached a time limit that {@link
 * ShacSettings#truncationTerminal} makes final) and V' of its last observation when it was
 * truncated, and the world's next episode opens a new part with γ's power back at 0), is
 * differentiated through the simulator by the rollout adjoint: each part is a closed-loop {@link
 * RolloutProblem} whose law is the policy with its reparameterised noise fixed ({@link ShacLaw},
 * held over the task's substeps) and whose loss is that sum ({@link ShacWindowLoss}); θ's bar of
 * the adjoint is the policy gradient. The critic V is then fitted to the window's TD(λ) targets,
 * and the target critic follows it by a soft update, as SHAC does.
 *
 * <p>The agent keeps its worlds itself (the task of its {@link AbstractTaskEnv}, each world's state
 * and episode step), since the adjoint needs each world's state; resets draw their seeds from the
 * agent's generator. A run is fixed by its settings and seed.
 */
public final class Shac implements Agent {
  private final ShacSettings s;
  private final VectorEnv env;
  private final Task task;
  private final Model m;
  private final int worlds, obs, act, h;
  private final ShacPolicy policy, evalPolicy;
  private final double[] theta;
  private final Mlp critic, target;
  private final Adam actorAdam, criticAdam;
  private final Rng rng;
  private final ShacNormalizer norm;
  private final Data[] world;
  private final int[] episodeStep;
  private final double[] rawObs, obsBuf, rewBuf, doneMask, nextValues, targets;
  private long envSteps;
  private int windowsDone;
  private double lastActorLoss, lastSimulatedLoss, lastGradNorm;
  private long skippedWindows;
  private WindowTimes lastTimes = new WindowTimes(0, 0, 0, 0);

  /**
   * Where one window's wall time went.
   *
   * @param simulateMs the worlds' forward run with the policy (segments, rewards, critic values)
   * @param adjointForwardMs the adjoint's own forward sweeps
   * @param adjointBackwardMs the adjoint's backward sweeps (the policy's products included)
   * @param networkMs the actor's update and the critic's training
   */
  public record WindowTimes(
      double simulateMs, double adjointForwardMs, double adjointBackwardMs, double networkMs) {}

  /**
   * One episode segment of a window: its rollout problem, its loss as the forward run found it, its
   * length in env steps, the episode's step count at its start, and the critic closing it (null
   * when it ended for good) with the statistics its observations were normalised by.
   */
  record Segment(
      RolloutProblem problem,
      double loss,
      int length,
      int firstStep,
      Mlp critic,
      ShacNormalizer norm) {}

  /**
   * A SHAC agent on {@code env}'s task and worlds, its run fixed by {@code seed}.
   *
   * @throws IllegalArgumentException when env is not a task environment ({@link AbstractTaskEnv})
   */
  public Shac(ShacSettings settings, VectorEnv env, long seed) {
    if (!(env instanceof AbstractTaskEnv te)) {
      throw new IllegalArgumentException(
          "shac needs a task environment (AbstractTaskEnv) for its simulator gradients, got "
              + env.name()
              + " ("
              + env.getClass().getName()
              + ")");
    }
    s = settings;
    this.env = env;
    task = te.task();
    m = task.model();
    worlds = env.worlds();
    obs = env.observationSize();
    act = env.actionSize();
    h = s.horizon();
    rng = new Rng(seed);
    policy = new ShacPolicy(obs, act, s.actorHidden());
    evalPolicy = new ShacPolicy(obs, act, s.actorHidden());
    theta = policy.initial(rng, s.logStdInit());
    critic = Mlp.of(obs, s.criticHidden(), 1, Activation.TANH);
    critic.initialize(rng);
    target = Mlp.of(obs, s.criticHidden(), 1, Activation.TANH);
    target.copyParametersFrom(critic);
    actorAdam = new Adam(theta.length, s.actorLearningRate(), s.beta1(), s.beta2(), 1e-8);
    criticAdam =
        new Adam(critic.parameterCount(), s.criticLearningRate(), s.beta1(), s.beta2(), 1e-8);
    norm = new ShacNormalizer(obs, s.normalizeObservations());
    world = new Data[worlds];
    episodeStep = new int[worlds];
    for (int w = 0; w < worlds; w++) {
      world[w] = fresh(rng.nextLong());
    }
    rawObs = new double[(h + 1) * worlds * obs];
    obsBuf = new double[h * worlds * obs];
    rewBuf = new double[h * worlds];
    doneMask = new double[h * worlds];
    nextValues = new double[h * worlds];
    targets = new double[h * worlds];
  }

  private Data fresh(long seed) {
    Data d = new Data(m);
    task.reset(new SplittableRandom(seed), d);
    return d;
  }

  @Override
  public String method() {
    return "shac";
  }

  @Override
  public long envSteps() {
    return envSteps;
  }

  /** The settings. */
  public ShacSettings settings() {
    return s;
  }

  /** The last window's actor loss (the mean over its W·h steps). */
  public double lastActorLoss() {
    return lastActorLoss;
  }

  /**
   * The last window's actor loss as the worlds' own forward run computed it (before the adjoint's
   * sweeps): equal to {@link #lastActorLoss} up to rounding when the adjoint followed the same
   * trajectory.
   */
  double lastSimulatedLoss() {
    return lastSimulatedLoss;
  }

  /**
   * The windows since this agent was built or restored whose policy gradient was not finite (an
   * overflowing adjoint through a chaotic stretch) and whose actor step was skipped: a diagnostic,
   * not part of the saved state.
   */
  public long skippedWindows() {
    return skippedWindows;
  }

  /** The last window's policy-gradient norm before clipping. */
  public double lastGradientNorm() {
    return lastGradNorm;
  }

  /** Where the last window's wall time went. */
  public WindowTimes lastWindowTimes() {
    return lastTimes;
  }

  @Override
  public void trainUntil(long steps) {
    while (envSteps < steps) {
      window();
    }
  }

  /** One window: the worlds' forward run, the policy gradient by the adjoint, the critic's fit. */
  void window() {
    long t0 = System.nanoTime();
    List<Segment> segments = simulateWindow();
    long t1 = System.nanoTime();
    double[] grad = new double[theta.length];
    double fwd = 0, bwd = 0, loss = 0;
    Checkpointing schedule = new Checkpointing.Every(s.checkpointInterval());
    double simulated = 0;
    for (Segment seg : segments) {
      simulated += seg.loss();
      // a state adjoint that overflows is not an error here: the window's step is skipped below
      GradientResult r = AdjointGradient.compute(seg.problem(), schedule, 0, false);
      for (int i = 0; i < grad.length; i++) {
        grad[i] += r.theta()[i];
      }
      fwd += r.forwardMs();
      bwd += r.backwardMs();
      loss += r.loss();
    }
    long t2 = System.nanoTime();
    double scale = 1.0 / (worlds * h);
    for (int i = 0; i < grad.length; i++) {
      grad[i] *= scale;
    }
    lastActorLoss = loss * scale;
    lastSimulatedLoss = simulated * scale;
    lastGradNorm = clip(grad, s.gradNorm());
    double progress = Math.min(1.0, (double) windowsDone / s.windows());
    actorAdam.setLearningRate(schedule(s.actorLearningRate(), progress));
    if (Double.isFinite(lastGradNorm)) {
      actorAdam.step(theta, grad);
    } else {
      // gradients through a chaotic window can overflow: the policy keeps its parameters
      skippedWindows++;
    }
    criticAdam.setLearningRate(schedule(s.criticLearningRate(), progress));
    fitCritic();
    target.softUpdateFrom(critic, 1 - s.targetAlpha());
    envSteps += (long) worlds * h;
    windowsDone++;
    long t3 = System.nanoTime();
    lastTimes = new WindowTimes((t1 - t0) / 1e6, fwd, bwd, (t3 - t2) / 1e6);
  }

  /**
   * The forward part of a window: the noise drawn, every world run h env steps with the policy
   * (resetting where episodes end), the observation statistics updated; returns the segments.
   */
  List<Segment> simulateWindow() {
    ShacNormalizer fixed = norm.copy();
    double[] eps = new double[worlds * h * act];
    for (int i = 0; i < eps.length; i++) {
      eps[i] = rng.normal();
    }
    List<Segment> segments = new ArrayList<>();
    for (int w = 0; w < worlds; w++) {
      simulate(w, fixed, eps, segments);
    }
    for (int i = 0; i <= h; i++) {
      norm.update(rawObs, i * worlds * obs, worlds);
    }
    return segments;
  }

  /** The task the worlds run. */
  Task task() {
    return task;
  }

  /** SHAC's linear schedule from {@code lr} to 1e-5. */
  static double schedule(double lr, double progress) {
    return (1e-5 - lr) * progress + lr;
  }

  /**
   * Scales g to norm at most {@code max}; returns its norm before, computed without overflow, or
   * infinity or NaN (g left as it is) when an entry is not finite.
   */
  static double clip(double[] g, double max) {
    double big = 0;
    for (double x : g) {
      big = Math.max(big, Math.abs(x));
    }
    if (!Double.isFinite(big)) {
      return Double.isNaN(big) ? Double.NaN : Double.POSITIVE_INFINITY;
    }
    if (big == 0) {
      return 0;
    }
    double sq = 0;
    for (double x : g) {
      sq += (x / big) * (x / big);
    }
    double n = big * Math.sqrt(sq);
    if (n > max) {
      double f = max / (n + 1e-6);
      for (int i = 0; i < g.length; i++) {
        g[i] *= f;
      }
    }
    return n;
  }

  /**
   * World w's h env steps with the policy from its current state: fills the window's buffers at
   * column w, cuts the run into episode segments (resetting the world where an episode ends) and
   * adds their rollout problems.
   */
  private void simulate(int w, ShacNormalizer fixed, double[] eps, List<Segment> out) {
    int nq = m.nq(), nv = m.nv(), nu = m.nu(), k = task.substeps();
    Data d = world[w];
    Data prev = new Data(m);
    double[] a = new double[act], normalized = new double[obs], next = new double[obs];
    task.observe(d, episodeStep[w], rawObs, w * obs);
    int first = 0;
    Data start = copy(d);
    ShacLaw law = new ShacLaw(task, policy, fixed, eps, w * h * act, episodeStep[w]);
    int firstStep = episodeStep[w];
    double[] states = new double[(h + 1) * (nq + nv)], actions = new double[h * act];
    double segLoss = 0;
    for (int i = 0; i < h; i++) {
      int row = i * worlds + w, j = i - first;
      fixed.normalize(rawObs, row * obs, obsBuf, row * obs);
      System.arraycopy(d.qpos, 0, states, j * (nq + nv), nq);
      System.arraycopy(d.qvel, 0, states, j * (nq + nv) + nq, nv);
      law.action(d, j, theta, a);
      System.arraycopy(a, 0, actions, j * act, act);
      for (int c = 0; c < nu; c++) {
        d.ctrl[c] = 0.0 + (task.controlOffset(c) + task.controlScale(c) * a[c]);
      }
      prev.copyStateFrom(d);
      for (int sub = 0; sub < k; sub++) {
        Step.step(m, d);
      }
      requireFinite(w, d);
      episodeStep[w]++;
      boolean last = episodeStep[w] >= task.maxEpisodeSteps();
      double r = task.reward(new Task.StepData(prev, d, a, 0, last));
      boolean terminated = task.terminated(d);
      boolean done = terminated || last;
      boolean ends = terminated || last && s.truncationTerminal();
      double discount = Math.pow(s.discount(), j);
      segLoss -= discount * r;
      rewBuf[row] = r;
      task.observe(d, episodeStep[w], next, 0);
      fixed.normalize(next, 0, normalized, 0);
      nextValues[row] = ends ? 0 : target.forward(normalized, 1)[0];
      doneMask[row] = done || i == h - 1 ? 1 : 0;
      if (done || i == h - 1) {
        int len = j + 1;
        System.arraycopy(d.qpos, 0, states, len * (nq + nv), nq);
        System.arraycopy(d.qvel, 0, states, len * (nq + nv) + nq, nv);
        segLoss -= discount * s.discount() * nextValues[row];
        ShacWindowLoss loss =
            new ShacWindowLoss(
                task,
                len,
                firstStep,
                s.discount(),
                java.util.Arrays.copyOf(states, (len + 1) * (nq + nv)),
                java.util.Arrays.copyOf(actions, len * act),
                ends ? null : target,
                fixed);
        out.add(
            new Segment(
                new RolloutProblem(m, start, new double[len * k * nu], len * k, loss, law, theta),
                segLoss,
                len,
                firstStep,
                ends ? null : target,
                fixed));
        segLoss = 0;
        if (done) {
          d = fresh(rng.nextLong());
          world[w] = d;
          episodeStep[w] = 0;
        }
        first = i + 1;
        start = copy(d);
        firstStep = episodeStep[w];
        law = new ShacLaw(task, policy, fixed, eps, (w * h + first) * act, firstStep);
      }
      task.observe(d, episodeStep[w], rawObs, ((i + 1) * worlds + w) * obs);
    }
  }

  private Data copy(Data d) {
    Data c = new Data(m);
    c.copyStateFrom(d);
    c.copyParametersFrom(d);
    return c;
  }

  private static void requireFinite(int w, Data d) {
    for (double[] a : new double[][] {d.qpos, d.qvel}) {
      for (int i = 0; i < a.length; i++) {
        if (!Double.isFinite(a[i])) {
          throw new SimulationException(
              "shac world " + w + ": the state became non-finite (" + a[i] + ")", d.nstep, -1);
        }
      }
    }
  }

  /** SHAC's TD(λ) targets from the window's rewards, ends and target-critic values. */
  void computeTargets() {
    double lam = s.lambda(), gamma = s.discount();
    for (int w = 0; w < worlds; w++) {
      double ai = 0, bi = 0, l = 1;
      for (int i = h - 1; i >= 0; i--) {
        int row = i * worlds + w;
        double done = doneMask[row];
        l = l * lam * (1 - done) + done;
        ai =
            (1 - done)
                * (lam * gamma * ai + gamma * nextValues[row] + (1 - l) / (1 - lam) * rewBuf[row]);
        bi = gamma * (nextValues[row] * done + bi * (1 - done)) + rewBuf[row];
        targets[row] = (1 - lam) * ai + l * bi;
      }
    }
  }

  /** The critic's passes over the window's normalised observations in SHAC's mini-batches. */
  private void fitCritic() {
    computeTargets();
    int n = h * worlds, batch = Math.max(1, n / s.criticBatches());
    double[] x = new double[batch * obs], bar = new double[batch];
    for (int it = 0; it < s.criticIterations(); it++) {
      for (int from = 0; from < n; from += batch) {
        int rows = Math.min(batch, n - from);
        System.arraycopy(obsBuf, from * obs, x, 0, rows * obs);
        double[] v = critic.forward(x, rows);
        for (int r = 0; r < rows; r++) {
          bar[r] = 2 * (v[r] - targets[from + r]) / rows;
        }
        critic.zeroGradients();
        critic.backward(bar, null, true);
        clip(critic.gradients(), s.gradNorm());
        criticAdam.step(critic.parameters(), critic.gradients());
      }
    }
  }

  @Override
  public double evaluate(VectorEnv e, int episodes, long seed) {
    double[] normalized = new double[e.worlds() * obs];
    return Evaluation.meanReturn(
        e,
        (observation, rows, actions) -> {
          for (int r = 0; r < rows; r++) {
            norm.normalize(observation, r * obs, normalized, r * obs);
          }
          evalPolicy.meanActions(theta, normalized, rows, actions);
        },
        episodes,
        seed);
  }

  @Override
  public void save(DataOutput out) throws IOException {
    Arrays64.write(out, theta);
    critic.save(out);
    target.save(out);
    actorAdam.save(out);
    criticAdam.save(out);
    rng.save(out);
    norm.save(out);
    SavedState st = new SavedState(m, worlds, 0);
    for (int w = 0; w < worlds; w++) {
      st.put(world[w], world[w], episodeStep[w]);
    }
    st.putActions(new double[0], false);
    out.writeInt(st.values().length);
    Arrays64.write(out, st.values());
    out.writeLong(envSteps);
    out.writeInt(windowsDone);
    double[] e = env.saveState();
    out.writeInt(e.length);
    Arrays64.write(out, e);
  }

  @Override
  public void restore(DataInput in) throws IOException {
    Arrays64.read(in, theta, "shac policy parameters");
    critic.restore(in);
    target.restore(in);
    actorAdam.restore(in);
    criticAdam.restore(in);
    rng.restore(in);
    norm.restore(in);
    double[] values = new double[in.readInt()];
    Arrays64.read(in, values, "shac worlds");
    SavedState st = SavedState.of(m, worlds, 0, values);
    Data scratch = new Data(m);
    for (int w = 0; w < worlds; w++) {
      world[w] = new Data(m);
      episodeStep[w] = st.get(world[w], scratch);
    }
    envSteps = in.readLong();
    windowsDone = in.readInt();
    double[] e = new double[in.readInt()];
    Arrays64.read(in, e, "environment state");
    env.restoreState(e);
  }
}
