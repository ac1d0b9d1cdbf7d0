package org.diffart.sim.agent;

import org.diffart.sim.rl.VectorEnv;

/** The one place experiment code makes agents by their method's name. */
public final class Agents {
  private Agents() {}

  /**
   * A new agent of {@code method} ({@code sac}, {@code pe} or {@code se}) training on {@code env},
   * its run fixed by {@code seed}.
   *
   * @throws IllegalArgumentException naming the method when it is not one of those
   */
  public static Agent create(String method, AgentSettings settings, VectorEnv env, long seed) {
    for (Sac.Variant v : Sac.Variant.values()) {
      if (v.method().equals(method)) {
        return new Sac(v, settings, env, seed);
      }
    }
    throw new IllegalArgumentException("unknown method '" + method + "'; known: sac, pe, se");
  }
}
