package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.diffart.sim.nn.Activation;
import org.diffart.sim.nn.Adam;
import org.diffart.sim.nn.Mlp;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.nn.SquashedGaussianPolicy;

/**
 * SAC's networks and its gradient update on one batch, as softlearning's SAC computes it: twin
 * critics {@code Q₁, Q₂} with Polyak-averaged targets, the tanh-squashed Gaussian policy and the
 * entropy temperature {@code α = e^{log α}} tuned towards a target entropy {@code H̄}. One {@link
 * #update}, in this order:
 *
 * <ol>
 *   <li>TD targets {@code y = r + γ(1 − d)(min_i Q̄_i(s', a') − α·log π(a'|s'))}, {@code a' ~
 *       π(·|s')};
 *   <li>each critic one Adam step on {@code ½·mean (Q_i(s, a) − y)²};
 *   <li>the policy one Adam step on its actor loss (below), {@code ã ~ π(·|s)} reparameterised;
 *   <li>{@code log α} one Adam step on {@code −mean(log α·(log π(ã|s) + H̄))};
 *   <li>the targets {@code Q̄_i ← (1 − τ)Q̄_i + τ·Q_i}.
 * </ol>
 *
 * <p>The actor loss is SAC's {@code mean(α·log π(ã|s) − min_i Q_i(s, ã))}, or, for the paper's
 * policy enhancement ({@code glearnold.py}), {@code mean(α·log π(ã|s) − (∂r/∂a + γ·(∂s'/∂a)ᵀ·g)·ã)}
 * with the batch's simulator Jacobians at its stored {@code (s, a)} and {@code g = ∇_{s'} y}, the
 * gradient of the whole TD target of step 1 in {@code s'} (through the target critics, through
 * {@code a'(s')} and through {@code log π}); neither Jacobian term is differentiated, only {@code
 * ã}. As in the paper's code, {@code g} already carries {@code γ(1 − d)} and the actor loss
 * multiplies by {@code γ} once more; the paper's pendulum configs have {@code γ = 1}. The critics
 * play no part in that actor loss.
 *
 * <p>Softlearning runs the three losses from the same parameters in one session step; here the
 * policy's loss sees the critics after their step of the same update (as most SAC ports do).
 */
public final class SacLearner {
  /** Which loss the policy descends. */
  public enum ActorLoss {
    /** SAC's {@code α·log π − min Q}. */
    SAC,
    /** The paper's policy enhancement, linearised through the simulator's Jacobians. */
    POLICY_ENHANCEMENT
  }

  private final int obs;
  private final int act;
  private final AgentSettings settings;
  private final ActorLoss actorLoss;
  private final double targetEntropy;
  private final SquashedGaussianPolicy policy;
  private final Mlp q1;
  private final Mlp q2;
  private final Mlp q1Target;
  private final Mlp q2Target;
  private final Adam policyAdam;
  private final Adam q1Adam;
  private final Adam q2Adam;
  private final Adam alphaAdam;
  private final double[] logAlpha = {0.0};
  private final double[] alphaGradient = new double[1];
  private long updates;
  private Scratch scratch;

  /**
   * Networks for observations of length {@code obs} and actions of length {@code act}, initialised
   * from {@code rng} as PyTorch's defaults (policy, then Q₁, then Q₂; the targets copies), {@code
   * log α = 0}.
   */
  public SacLearner(int obs, int act, AgentSettings settings, ActorLoss actorLoss, Rng rng) {
    this.obs = obs;
    this.act = act;
    this.settings = settings;
    this.actorLoss = actorLoss;
    this.targetEntropy = settings.targetEntropyFor(act);
    int[] hidden = settings.hidden();
    policy = new SquashedGaussianPolicy(obs, act, hidden, Activation.RELU);
    q1 = Mlp.of(obs + act, hidden, 1, Activation.RELU);
    q2 = Mlp.of(obs + act, hidden, 1, Activation.RELU);
    q1Target = Mlp.of(obs + act, hidden, 1, Activation.RELU);
    q2Target = Mlp.of(obs + act, hidden, 1, Activation.RELU);
    policy.network().initialize(rng);
    q1.initialize(rng);
    q2.initialize(rng);
    q1Target.copyParametersFrom(q1);
    q2Target.copyParametersFrom(q2);
    double lr = settings.learningRate();
    policyAdam = new Adam(policy.network().parameterCount(), lr);
    q1Adam = new Adam(q1.parameterCount(), lr);
    q2Adam = new Adam(q2.parameterCount(), lr);
    alphaAdam = new Adam(1, lr);
  }

  /** The policy (its network is trained by {@link #update}). */
  public SquashedGaussianPolicy policy() {
    return policy;
  }

  /** The critics Q₁ and Q₂. */
  public Mlp[] critics() {
    return new Mlp[] {q1, q2};
  }

  /** The entropy temperature α. */
  public double alpha() {
    return Math.exp(logAlpha[0]);
  }

  /** The updates made so far. */
  public long updates() {
    return updates;
  }

  /** The actor loss in use. */
  public ActorLoss actorLoss() {
    return actorLoss;
  }

  /**
   * One SAC update on {@code batch} (see the class comment), its policy noise from {@code rng}.
   *
   * @throws IllegalArgumentException when policy enhancement is asked of a batch without Jacobians
   */
  public void update(ReplayBuffer.Batch batch, Rng rng) {
    if (actorLoss == ActorLoss.POLICY_ENHANCEMENT && batch.dObsDa == null) {
      throw new IllegalArgumentException("policy enhancement needs a batch with Jacobians");
    }
    int n = batch.size;
    Scratch w = scratch(n);
    double alpha = alpha();
    tdTargets(batch, rng, alpha, w);
    criticStep(q1, q1Adam, batch, w);
    criticStep(q2, q2Adam, batch, w);
    actorGradient(batch, rng, alpha, w);
    policyAdam.step(policy.network().parameters(), policy.network().gradients());
    double meanLogProb = 0;
    for (int b = 0; b < n; b++) {
      meanLogProb += w.logProb[b];
    }
    alphaGradient[0] = -(meanLogProb / n + targetEntropy);
    alphaAdam.step(logAlpha, alphaGradient);
    q1Target.softUpdateFrom(q1, settings.tau());
    q2Target.softUpdateFrom(q2, settings.tau());
    updates++;
  }

  /**
   * The policy's parameter gradient of its actor loss on {@code batch} from the current networks
   * (steps 1 and 3 of {@link #update} without any step taken; for SAC's loss the critics are those
   * before the update's critic steps), its noise from {@code rng}. For tests.
   */
  public double[] policyGradient(ReplayBuffer.Batch batch, Rng rng) {
    Scratch w = scratch(batch.size);
    double alpha = alpha();
    tdTargets(batch, rng, alpha, w);
    actorGradient(batch, rng, alpha, w);
    return policy.network().gradients().clone();
  }

  /** Step 3's gradient into the policy network's zeroed gradients; leaves ã, log π in w. */
  private void actorGradient(ReplayBuffer.Batch batch, Rng rng, double alpha, Scratch w) {
    int n = batch.size;
    policy.sample(batch.observations, n, rng, w.newActions, w.logProb);
    if (actorLoss == ActorLoss.SAC) {
      sacActionGradient(batch, w);
    } else {
      enhancedActionGradient(batch, w);
    }
    for (int b = 0; b < n; b++) {
      w.logProbBar[b] = alpha / n;
    }
    policy.network().zeroGradients();
    policy.backward(w.actionBar, w.logProbBar, null);
  }

  /** Step 1, and for policy enhancement g = ∇_{s'} y into {@code w.nextObsBar}. */
  private void tdTargets(ReplayBuffer.Batch batch, Rng rng, double alpha, Scratch w) {
    int n = batch.size;
    double gamma = settings.discount();
    policy.sample(batch.nextObservations, n, rng, w.nextActions, w.nextLogProb);
    concat(batch.nextObservations, w.nextActions, n, w.inputs);
    System.arraycopy(q1Target.forward(w.inputs, n), 0, w.values, 0, n);
    double[] v2 = q2Target.forward(w.inputs, n);
    for (int b = 0; b < n; b++) {
      double keep = gamma * (1 - batch.terminals[b]);
      double min = Math.min(w.values[b], v2[b]);
      w.targets[b] = batch.rewards[b] + keep * (min - alpha * w.nextLogProb[b]);
      boolean first = w.values[b] <= v2[b];
      w.bar1[b] = first ? keep : 0;
      w.bar2[b] = first ? 0 : keep;
      w.logProbBar[b] = -alpha * keep;
    }
    if (actorLoss != ActorLoss.POLICY_ENHANCEMENT) {
      return;
    }
    java.util.Arrays.fill(w.inputsBar, 0, n * (obs + act), 0.0);
    q2Target.backward(w.bar2, w.inputsBar, false);
    q1Target.backward(w.bar1, w.inputsBar, false);
    split(w.inputsBar, n, w.nextObsBar, w.actionBar);
    policy.backward(w.actionBar, w.logProbBar, w.nextObsBar);
  }

  private void criticStep(Mlp q, Adam adam, ReplayBuffer.Batch batch, Scratch w) {
    int n = batch.size;
    concat(batch.observations, batch.actions, n, w.inputs);
    double[] y = q.forward(w.inputs, n);
    for (int b = 0; b < n; b++) {
      w.bar1[b] = (y[b] - w.targets[b]) / n;
    }
    q.zeroGradients();
    q.backward(w.bar1, null, true);
    adam.step(q.parameters(), q.gradients());
  }

  /** ∂/∂ã of −mean min_i Q_i(s, ã) into {@code w.actionBar}. */
  private void sacActionGradient(ReplayBuffer.Batch batch, Scratch w) {
    int n = batch.size;
    concat(batch.observations, w.newActions, n, w.inputs);
    System.arraycopy(q1.forward(w.inputs, n), 0, w.values, 0, n);
    double[] c2 = q2.forward(w.inputs, n);
    for (int b = 0; b < n; b++) {
      boolean first = w.values[b] <= c2[b];
      w.bar1[b] = first ? -1.0 / n : 0;
      w.bar2[b] = first ? 0 : -1.0 / n;
    }
    java.util.Arrays.fill(w.inputsBar, 0, n * (obs + act), 0.0);
    q2.backward(w.bar2, w.inputsBar, false);
    q1.backward(w.bar1, w.inputsBar, false);
    split(w.inputsBar, n, w.nextObsBar, w.actionBar);
  }

  /**
   * ∂/∂ã of −mean (∂r/∂a + γ·(∂s'/∂a)ᵀ·g)·ã into {@code w.actionBar}, g in {@code w.nextObsBar}.
   */
  private void enhancedActionGradient(ReplayBuffer.Batch batch, Scratch w) {
    int n = batch.size;
    double gamma = settings.discount();
    for (int b = 0; b < n; b++) {
      int jb = b * obs * act;
      for (int j = 0; j < act; j++) {
        double drive = batch.dRewardDa[b * act + j];
        double s = 0;
        for (int i = 0; i < obs; i++) {
          s += batch.dObsDa[jb + i * act + j] * w.nextObsBar[b * obs + i];
        }
        w.actionBar[b * act + j] = -(drive + gamma * s) / n;
      }
    }
  }

  /**
   * The policy-enhancement surrogate {@code mean(α·log π(ã|s) − (∂r/∂a + γ·(∂s'/∂a)ᵀ·g)·ã)} for
   * given actions, log-probabilities and {@code g} (batch×obs): what {@link #update}'s policy step
   * descends, for tests against central differences.
   */
  public double enhancedSurrogate(
      ReplayBuffer.Batch batch, double[] actions, double[] logProb, double[] g) {
    int n = batch.size;
    double gamma = settings.discount();
    double alpha = alpha();
    double sum = 0;
    for (int b = 0; b < n; b++) {
      double dot = 0;
      for (int j = 0; j < act; j++) {
        double drive = batch.dRewardDa[b * act + j];
        for (int i = 0; i < obs; i++) {
          drive += gamma * batch.dObsDa[b * obs * act + i * act + j] * g[b * obs + i];
        }
        dot += drive * actions[b * act + j];
      }
      sum += alpha * logProb[b] - dot;
    }
    return sum / n;
  }

  /**
   * The gradient {@code g = ∇_{s'} y} of the TD targets in the next observations that policy
   * enhancement uses, for the policy's noise from {@code rng} (batch×obs, into {@code out}).
   */
  public void tdTargetGradient(ReplayBuffer.Batch batch, Rng rng, double[] out) {
    if (actorLoss != ActorLoss.POLICY_ENHANCEMENT) {
      throw new IllegalStateException("tdTargetGradient belongs to policy enhancement");
    }
    Scratch w = scratch(batch.size);
    tdTargets(batch, rng, alpha(), w);
    System.arraycopy(w.nextObsBar, 0, out, 0, batch.size * obs);
  }

  private void concat(double[] s, double[] a, int n, double[] out) {
    for (int b = 0; b < n; b++) {
      System.arraycopy(s, b * obs, out, b * (obs + act), obs);
      System.arraycopy(a, b * act, out, b * (obs + act) + obs, act);
    }
  }

  private void split(double[] sa, int n, double[] s, double[] a) {
    for (int b = 0; b < n; b++) {
      System.arraycopy(sa, b * (obs + act), s, b * obs, obs);
      System.arraycopy(sa, b * (obs + act) + obs, a, b * act, act);
    }
  }

  private Scratch scratch(int n) {
    if (scratch == null || scratch.size < n) {
      scratch = new Scratch(n, obs, act);
    }
    return scratch;
  }

  /** Writes every network, optimiser state, {@code log α} and the update count. */
  public void save(DataOutput out) throws IOException {
    out.writeLong(updates);
    out.writeDouble(logAlpha[0]);
    policy.save(out);
    q1.save(out);
    q2.save(out);
    q1Target.save(out);
    q2Target.save(out);
    policyAdam.save(out);
    q1Adam.save(out);
    q2Adam.save(out);
    alphaAdam.save(out);
  }

  /** Reads what {@link #save} wrote into a learner built with the same sizes and settings. */
  public void restore(DataInput in) throws IOException {
    updates = in.readLong();
    logAlpha[0] = in.readDouble();
    policy.restore(in);
    q1.restore(in);
    q2.restore(in);
    q1Target.restore(in);
    q2Target.restore(in);
    policyAdam.restore(in);
    q1Adam.restore(in);
    q2Adam.restore(in);
    alphaAdam.restore(in);
  }

  /** Batch-sized work arrays, allocated once per largest batch. */
  private static final class Scratch {
    final int size;
    final double[] inputs;
    final double[] inputsBar;
    final double[] nextActions;
    final double[] nextLogProb;
    final double[] values;
    final double[] targets;
    final double[] bar1;
    final double[] bar2;
    final double[] newActions;
    final double[] logProb;
    final double[] logProbBar;
    final double[] actionBar;
    final double[] nextObsBar;

    Scratch(int n, int obs, int act) {
      size = n;
      inputs = new double[n * (obs + act)];
      inputsBar = new double[n * (obs + act)];
      nextActions = new double[n * act];
      nextLogProb = new double[n];
      values = new double[n];
      targets = new double[n];
      bar1 = new double[n];
      bar2 = new double[n];
      newActions = new double[n * act];
      logProb = new double[n];
      logProbBar = new double[n];
      actionBar = new double[n * act];
      nextObsBar = new double[n * obs];
    }
  }
}
