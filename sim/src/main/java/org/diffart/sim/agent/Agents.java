package org.diffart.sim.agent;

import org.diffart.sim.rl.VectorEnv;

/** The one place experiment code makes agents by their method's name. */
public final class Agents {
  private Agents() {}

  /**
   * A new agent of {@code method} ({@code sac}, {@code pe}, {@code se} or {@code shac}, whose
   * settings {@link ShacSettings#forRun} derives from {@code settings}) training on {@code env},
   * its run fixed by {@code seed}.
   *
   * @throws IllegalArgumentException naming the method when it is not one of those
   */
  public static Agent create(String method, AgentSettings settings, VectorEnv env, long seed) {
    if (method.equals("shac")) {
      return new Shac(ShacSettings.forRun(settings, env.name(), env.worlds()), env, seed);
    }
    for (Sac.Variant v : Sac.Variant.values()) {
      if (v.method().equals(method)) {
        return new Sac(v, settings, env, seed);
      }
    }
    throw new IllegalArgumentException("unknown method '" + method + "'; known: sac, pe, se, shac");
  }

  /**
   * A new agent of {@code method} with MBPO's settings: {@code mbpo} runs {@link Mbpo} (SAC's
   * sample enhancement turned off); {@code mbpo-se} runs the paper's sample enhancement on MBPO, as
   * its ant experiment does ({@code glearn.py}: {@link AgentSettings#extraSamples} synthetic
   * transitions per real one in MBPO's real pool); any other method is {@link #create(String,
   * AgentSettings, VectorEnv, long)} with {@code settings.sac()}.
   *
   * @throws IllegalArgumentException naming the method when it is unknown, or when {@code mbpo-se}
   *     is asked with no extra samples
   */
  public static Agent create(String method, MbpoSettings settings, VectorEnv env, long seed) {
    switch (method) {
      case "mbpo":
        return new Mbpo(settings.withExtraSamples(0), env, seed);
      case "mbpo-se":
        if (settings.sac().extraSamples() == 0) {
          throw new IllegalArgumentException("method 'mbpo-se' needs extraSamples > 0");
        }
        return new Mbpo(settings, env, seed);
      default:
        return create(method, settings.sac(), env, seed);
    }
  }
}
