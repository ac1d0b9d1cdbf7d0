package org.diffart.sim.diff;

/**
 * The four operations a checkpointing schedule asks of a rollout's adjoint (DESIGN.md: the backward
 * sweep asks the schedule what to do next), on whatever holds the state: one Data on the CPU, or
 * every world's on a device. {@link Checkpointing#backward} drives them; the state in work is the
 * one the last operation left.
 */
public interface Sweep {
  /** Stores the state in work in checkpoint slot {@code slot}. */
  void save(int slot);

  /** Puts the state of checkpoint slot {@code slot} in work. */
  void load(int slot);

  /** Advances the state in work by step t (its controls applied): a recomputation. */
  void advance(int t);

  /**
   * Reverses step t from the state x_t in work: recomputes its intermediates and runs its adjoint.
   */
  void reverse(int t);
}
