package org.diffart.reproduce;

import org.diffart.sim.agent.Agent;
import org.diffart.sim.agent.AgentSettings;
import org.diffart.sim.agent.Agents;
import org.diffart.sim.agent.MbpoSettings;
import org.diffart.sim.nn.EnsembleConfig;
import org.diffart.sim.rl.Ant;
import org.diffart.sim.rl.Pendulum;
import org.diffart.sim.rl.VectorEnv;

/**
 * The RL experiments' environments, agents and sizes: the paper's configurations at {@link
 * Size#FULL}, smaller networks and shorter runs at the main job's and CI's sizes.
 *
 * <p>Methods: {@code sac} (model-free SAC), {@code mbpo} (the paper's baseline), {@code pe} (the
 * paper's policy enhancement: SAC whose actor loss takes the simulator's action Jacobians, as its
 * {@code GLearnOld} runs softlearning's model-free loop), {@code se} (the paper's sample
 * enhancement on MBPO, as its {@code GLearn}), {@code shac} (the analytic policy gradient through
 * our adjoint).
 */
final class RlAgents implements RlUnit.Factory {
  /**
   * The cut's cap on the ensemble's epochs per training (the paper's trains until it stops
   * improving).
   */
  static final int MODEL_EPOCHS = 5;

  /** The cut's real start states per model rollout batch (the paper's 100,000). */
  static final int ROLLOUTS = 400;

  @Override
  public VectorEnv env(String task, int links, int worlds) {
    return task.equals("pendulum") ? Pendulum.create(links, worlds) : Ant.create(worlds);
  }

  @Override
  public Agent agent(String method, String task, int links, RlPlan plan, VectorEnv env, long seed) {
    boolean paper = plan.preset().equals("paper");
    boolean pendulum = task.equals("pendulum");
    int epochs = (int) Math.max(1, plan.envSteps() / (pendulum ? 100 : 1000));
    AgentSettings sac =
        pendulum
            ? paper ? AgentSettings.pendulumPaper(links) : AgentSettings.pendulumSmall(epochs)
            : paper ? AgentSettings.antPaper() : AgentSettings.antSmall(epochs);
    if (plan.preset().equals("quick")) {
      // CI's runs are a few hundred steps: start updating after 100 of them
      sac = sac.withInitialExploration(100);
    }
    if (!method.equals("mbpo") && !method.equals("se")) {
      // SAC and policy enhancement ignore the sample-enhancement fields of the settings
      return Agents.create(method, sac, env, seed);
    }
    MbpoSettings mbpo =
        pendulum
            ? MbpoSettings.pendulumPaper(links, env.observationSize())
            : MbpoSettings.antPaper();
    if (!paper) {
      EnsembleConfig small = EnsembleConfig.paper().resized(5, 3, new int[] {64, 64}, MODEL_EPOCHS);
      mbpo = mbpo.scaled(sac, small, ROLLOUTS);
    }
    if (method.equals("mbpo")) {
      return Agents.create("mbpo", mbpo, env, seed);
    }
    return Agents.create(
        "mbpo-se", mbpo.sac().extraSamples() > 0 ? mbpo : mbpo.withExtraSamples(9), env, seed);
  }

  /**
   * A run's size. Full: the paper's (pendulum 100·n epochs of 100 steps, ant 100 epochs of 1000),
   * one world as the paper's code. Default and quick: see {@link #sizeNote}. SHAC, beyond the
   * paper, steps {@link #SHAC_WORLDS} worlds side by side and, cheap in wall time but not in
   * environment steps, gets {@link #shacSteps} times the others' budget, evaluated as often.
   */
  static RlPlan plan(String task, int links, Size size, String method) {
    RlPlan p = plan(task, links, size);
    if (!method.equals("shac")) {
      return p;
    }
    int k = shacSteps(task, size);
    int worlds = size == Size.QUICK ? 2 : SHAC_WORLDS;
    return new RlPlan(p.envSteps() * k, p.evalEvery() * k, p.evalEpisodes(), worlds, p.preset());
  }

  /** SHAC's worlds at the main job's and the paper's sizes (SHAC's own runs use 64 to 256). */
  static final int SHAC_WORLDS = 8;

  /** How many times the others' environment steps SHAC gets at a size. */
  static int shacSteps(String task, Size size) {
    return size == Size.QUICK ? 1 : task.equals("pendulum") ? 4 : 2;
  }

  /** The plan every method but SHAC shares. */
  static RlPlan plan(String task, int links, Size size) {
    if (task.equals("pendulum")) {
      return switch (size) {
        case QUICK -> new RlPlan(600, 200, 1, 1, "quick");
        case DEFAULT -> new RlPlan(2_500L * links, 500, 1, 1, "small");
        case FULL -> new RlPlan(10_000L * links, 500, 1, 1, "paper");
      };
    }
    return switch (size) {
      case QUICK -> new RlPlan(400, 200, 1, 1, "quick");
      case DEFAULT -> new RlPlan(5_000, 500, 4, 1, "small");
      case FULL -> new RlPlan(100_000, 5_000, 4, 1, "paper");
    };
  }

  /** What a size cuts from the paper's, in words. */
  static String sizeNote(String task, Size size) {
    return switch (size) {
      case FULL ->
          task.equals("pendulum")
              ? "The paper's size: 100·n epochs of 100 steps per run, SAC 256x256 with batch 256 and 5"
                  + " updates per step, MBPO's 7-member ensemble of 4x200 (about 15 hours of network"
                  + " updates for the 7-link runs alone on this 2-core machine)"
              : "The paper's size: 100 epochs of 1000 steps per run, SAC 256x256 with batch 256 and 20"
                  + " updates per step (several days on this 2-core machine)";
      case DEFAULT ->
          "The main job's cut of the paper's: "
              + (task.equals("pendulum")
                  ? "link counts 1, 3, 5 and 7 (the paper's 1 to 7), runs of 2,500·n environment"
                      + " steps (the paper's 10,000·n)"
                  : "runs of "
                      + plan(task, 0, size).envSteps()
                      + " environment steps (the paper's 100,000)")
              + ", 64x64 networks with batch 128 and one (pendulum) or two (ant) updates per step (the"
              + " paper's 256x256, batch 256, 5 or 20), MBPO's ensemble 5 members of 64x64 (3 elites,"
              + " at most "
              + MODEL_EPOCHS
              + " epochs per training) rolled out from "
              + ROLLOUTS
              + " states (the paper's 7 of 4x200 swish, 5 elites, trained to convergence, from"
              + " 100,000); SHAC "
              + SHAC_WORLDS
              + " worlds with "
              + shacSteps(task, size)
              + "x the environment steps";
      case QUICK ->
          "CI's size: a few hundred environment steps per run, too short to learn; it checks that"
              + " every method runs, and that a seed reproduces its curve bit for bit through an"
              + " interruption";
    };
  }

  /**
   * The best return a task allows: for the pendulum the starting squared distance of its tip to the
   * upright target ({@code 0.5 n²}, the return of an episode that ends on the target); NaN for the
   * ant, which has none.
   */
  static double bestReturn(String task, int links) {
    return task.equals("pendulum") ? 0.5 * links * links : Double.NaN;
  }
}
