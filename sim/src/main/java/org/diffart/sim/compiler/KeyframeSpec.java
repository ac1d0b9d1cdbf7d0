package org.diffart.sim.compiler;

/**
 * A named state (MJCF {@code keyframe/key}); missing parts default to {@code qpos0}, zero velocity,
 * ctrl and act.
 */
public final class KeyframeSpec {
  final String name;
  double time;
  double[] qpos;
  double[] qvel;
  double[] ctrl;
  double[] act;

  KeyframeSpec(String name) {
    this.name = name;
  }

  /** Simulation time of the keyframe, s. */
  public KeyframeSpec time(double t) {
    time = t;
    return this;
  }

  /** Joint positions (nq). */
  public KeyframeSpec qpos(double... v) {
    qpos = v.clone();
    return this;
  }

  /** Joint velocities (nv). */
  public KeyframeSpec qvel(double... v) {
    qvel = v.clone();
    return this;
  }

  /** Controls (nu). */
  public KeyframeSpec ctrl(double... v) {
    ctrl = v.clone();
    return this;
  }

  /** Activations (na). */
  public KeyframeSpec act(double... v) {
    act = v.clone();
    return this;
  }
}
