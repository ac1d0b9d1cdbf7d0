package org.diffart.reproduce;

/**
 * The size of one RL training run.
 *
 * @param envSteps environment steps to train for, summed over worlds
 * @param evalEvery environment steps between evaluations
 * @param evalEpisodes episodes per evaluation (run side by side, one per world)
 * @param worlds W, the training environment's worlds
 * @param preset the agents' settings preset, which the agents' factory reads: {@code paper}, {@code
 *     small} (the main job's cut) or {@code quick} (the cut, exploring for fewer steps)
 */
record RlPlan(long envSteps, long evalEvery, int evalEpisodes, int worlds, String preset) {
  RlPlan {
    if (envSteps < 1 || evalEvery < 1 || evalEpisodes < 1 || worlds < 1) {
      throw new IllegalArgumentException("an RL plan needs positive sizes, got " + this);
    }
  }
}
