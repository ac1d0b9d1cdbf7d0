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
}
