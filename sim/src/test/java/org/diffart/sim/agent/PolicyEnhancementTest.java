package org.diffart.sim.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.diffart.sim.nn.CentralDifferences;
import org.diffart.sim.nn.Mlp;
import org.diffart.sim.nn.Rng;
import org.diffart.sim.nn.SquashedGaussianPolicy;
import org.junit.jupiter.api.Test;

class PolicyEnhancementTest {
  private static final int OBS = 3;
  private static final int ACT = 2;
  private static final int B = 5;

  private static AgentSettings settings() {
    return new AgentSettings(
        new int[] {8, 8}, 1e-3, B, 0.9, 0.01, -1, 1, 0, 100, 1, 10, 0, 1e-2, 10);
  }

  private static ReplayBuffer.Batch batch() {
    ReplayBuffer.Batch b = new ReplayBuffer.Batch(B, OBS, ACT, true);
    Rng rng = new Rng(17);
    fill(b.observations(), rng);
    fill(b.nextObservations(), rng);
    fill(b.actions(), rng);
    fill(b.rewards(), rng);
    fill(b.dObsDa(), rng);
    fill(b.dRewardDa(), rng);
    b.terminals()[2] = 1;
    return b;
  }

  private static void fill(double[] a, Rng rng) {
    for (int i = 0; i < a.length; i++) {
      a[i] = rng.normal();
    }
  }

  private static double[] normals(Rng rng, int n) {
    double[] a = new double[n];
    fill(a, rng);
    return a;
  }

  /** The actor's gradient is the gradient of the surrogate with g and the noise held fixed. */
  @Test
  void actorGradientMatchesCentralDifferencesOfTheSurrogate() {
    SacLearner learner =
        new SacLearner(OBS, ACT, settings(), SacLearner.ActorLoss.POLICY_ENHANCEMENT, new Rng(1));
    ReplayBuffer.Batch batch = batch();
    double[] analytic = learner.policyGradient(batch, new Rng(42));
    Rng replay = new Rng(42);
    double[] g = new double[B * OBS];
    learner.tdTargetGradient(batch, replay, g);
    double[] eps = normals(replay, B * ACT);
    SquashedGaussianPolicy policy = learner.policy();
    double[] a = new double[B * ACT];
    double[] lp = new double[B];
    java.util.function.DoubleSupplier surrogate =
        () -> {
          policy.sampleWithNoise(batch.observations(), B, eps, a, lp);
          return learner.enhancedSurrogate(batch, a, lp, g);
        };
    CentralDifferences.check(policy.network().parameters(), analytic, surrogate, 1e-7, "parameter");
  }

  /**
   * g is the gradient in s' of Σ_b y_b, y_b = r + γ(1 − d)(min_i Q̄_i(s', a'(s')) − α·log π(a'|s'))
   * with the policy's noise fixed; a fresh learner's targets equal its critics.
   */
  @Test
  void tdTargetGradientMatchesCentralDifferences() {
    SacLearner learner =
        new SacLearner(OBS, ACT, settings(), SacLearner.ActorLoss.POLICY_ENHANCEMENT, new Rng(2));
    ReplayBuffer.Batch batch = batch();
    double[] g = new double[B * OBS];
    learner.tdTargetGradient(batch, new Rng(9), g);
    double[] eps = normals(new Rng(9), B * ACT);
    double[] s = batch.nextObservations();
    double gamma = settings().discount();
    Mlp[] q = learner.critics();
    java.util.function.DoubleSupplier sumOfTargets =
        () -> {
          double[] a = new double[B * ACT];
          double[] lp = new double[B];
          learner.policy().sampleWithNoise(s, B, eps, a, lp);
          double[] sa = new double[B * (OBS + ACT)];
          for (int b = 0; b < B; b++) {
            System.arraycopy(s, b * OBS, sa, b * (OBS + ACT), OBS);
            System.arraycopy(a, b * ACT, sa, b * (OBS + ACT) + OBS, ACT);
          }
          double[] v1 = q[0].forward(sa, B).clone();
          double[] v2 = q[1].forward(sa, B);
          double sum = 0;
          for (int b = 0; b < B; b++) {
            double keep = gamma * (1 - batch.terminals()[b]);
            sum += batch.rewards()[b] + keep * (Math.min(v1[b], v2[b]) - learner.alpha() * lp[b]);
          }
          return sum;
        };
    CentralDifferences.check(s, g, sumOfTargets, 1e-7, "s' entry");
    for (int i = 2 * OBS; i < 3 * OBS; i++) {
      assertEquals(0, g[i], 0.0, "a terminal transition does not bootstrap");
    }
  }
}
