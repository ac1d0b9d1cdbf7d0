package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.diffart.sim.nn.Arrays64;
import org.diffart.sim.nn.Rng;

/**
 * A ring of transitions {@code (s, a, r, s', terminal)}, the oldest overwritten once it is full,
 * optionally with each transition's simulator derivatives {@code ∂s'/∂a} (obs×act, row-major) and
 * {@code ∂r/∂a} for policy enhancement. Batches are drawn uniformly with replacement.
 */
public final class ReplayBuffer {
  private final int obs;
  private final int act;
  private final int capacity;
  private final boolean jacobians;
  private final double[] observations;
  private final double[] actions;
  private final double[] rewards;
  private final double[] nextObservations;
  private final double[] terminals;
  private final double[] dObsDa;
  private final double[] dRewardDa;
  private int size;
  private int next;

  /**
   * A buffer of {@code capacity} transitions of the given sizes, holding their Jacobians when
   * {@code jacobians} is set.
   */
  public ReplayBuffer(int obs, int act, int capacity, boolean jacobians) {
    if (obs <= 0 || act <= 0 || capacity <= 0) {
      throw new IllegalArgumentException(
          "obs, act and capacity must be positive, got " + obs + ", " + act + ", " + capacity);
    }
    this.obs = obs;
    this.act = act;
    this.capacity = capacity;
    this.jacobians = jacobians;
    observations = new double[capacity * obs];
    actions = new double[capacity * act];
    rewards = new double[capacity];
    nextObservations = new double[capacity * obs];
    terminals = new double[capacity];
    dObsDa = jacobians ? new double[capacity * obs * act] : null;
    dRewardDa = jacobians ? new double[capacity * act] : null;
  }

  /** The transitions held. */
  public int size() {
    return size;
  }

  /** Whether the i-th stored transition (in order of storage, before wrapping) is terminal. */
  boolean terminal(int i) {
    return terminals[i] != 0;
  }

  /** Whether transitions carry their Jacobians. */
  public boolean hasJacobians() {
    return jacobians;
  }

  /**
   * Adds one transition read from offsets: {@code s} at {@code obsArr[so..]}, {@code a} at {@code
   * actArr[ao..]}, {@code s'} at {@code nextArr[no..]}; its Jacobians at {@code jac[jo..]}
   * (obs×act) and {@code jacR[ro..]} (act) when the buffer holds them (else those are ignored and
   * may be null).
   */
  public void add(
      double[] obsArr,
      int so,
      double[] actArr,
      int ao,
      double reward,
      double[] nextArr,
      int no,
      boolean terminal,
      double[] jac,
      int jo,
      double[] jacR,
      int ro) {
    int i = next;
    System.arraycopy(obsArr, so, observations, i * obs, obs);
    System.arraycopy(actArr, ao, actions, i * act, act);
    rewards[i] = reward;
    System.arraycopy(nextArr, no, nextObservations, i * obs, obs);
    terminals[i] = terminal ? 1 : 0;
    if (jacobians) {
      System.arraycopy(jac, jo, dObsDa, i * obs * act, obs * act);
      System.arraycopy(jacR, ro, dRewardDa, i * act, act);
    }
    next = (next + 1) % capacity;
    size = Math.min(size + 1, capacity);
  }

  /**
   * Fills {@code batch} with {@code batch.size()} transitions drawn uniformly with replacement.
   *
   * @throws IllegalStateException when the buffer is empty
   */
  public void sample(Rng rng, Batch batch) {
    if (size == 0) {
      throw new IllegalStateException("cannot sample an empty replay buffer");
    }
    for (int b = 0; b < batch.size; b++) {
      int i = rng.nextInt(size);
      System.arraycopy(observations, i * obs, batch.observations, b * obs, obs);
      System.arraycopy(actions, i * act, batch.actions, b * act, act);
      batch.rewards[b] = rewards[i];
      System.arraycopy(nextObservations, i * obs, batch.nextObservations, b * obs, obs);
      batch.terminals[b] = terminals[i];
      if (jacobians && batch.dObsDa != null) {
        System.arraycopy(dObsDa, i * obs * act, batch.dObsDa, b * obs * act, obs * act);
        System.arraycopy(dRewardDa, i * act, batch.dRewardDa, b * act, act);
      }
    }
  }

  /**
   * Writes the ring's position and the held transitions (only the rows filled: rows 0 to size − 1
   * are the held ones whether or not the ring has wrapped).
   */
  public void save(DataOutput out) throws IOException {
    out.writeInt(size);
    out.writeInt(next);
    Arrays64.write(out, observations, size * obs);
    Arrays64.write(out, actions, size * act);
    Arrays64.write(out, rewards, size);
    Arrays64.write(out, nextObservations, size * obs);
    Arrays64.write(out, terminals, size);
    if (jacobians) {
      Arrays64.write(out, dObsDa, size * obs * act);
      Arrays64.write(out, dRewardDa, size * act);
    }
  }

  /** Reads what {@link #save} wrote into a buffer built with the same sizes. */
  public void restore(DataInput in) throws IOException {
    int n = in.readInt();
    int at = in.readInt();
    if (n < 0 || n > capacity || at < 0 || at >= capacity) {
      throw new IOException(
          "replay buffer position size=" + n + ", next=" + at + " for capacity " + capacity);
    }
    size = n;
    next = at;
    Arrays64.readPrefix(in, observations, "replay observations");
    Arrays64.readPrefix(in, actions, "replay actions");
    Arrays64.readPrefix(in, rewards, "replay rewards");
    Arrays64.readPrefix(in, nextObservations, "replay next observations");
    Arrays64.readPrefix(in, terminals, "replay terminals");
    if (jacobians) {
      Arrays64.readPrefix(in, dObsDa, "replay ∂s'/∂a");
      Arrays64.readPrefix(in, dRewardDa, "replay ∂r/∂a");
    }
  }

  /**
   * A batch of transitions, row-major; {@code dObsDa} and {@code dRewardDa} are null unless made
   * with Jacobians.
   */
  public static final class Batch {
    final int size;
    final double[] observations;
    final double[] actions;
    final double[] rewards;
    final double[] nextObservations;
    final double[] terminals;
    final double[] dObsDa;
    final double[] dRewardDa;

    /** Room for {@code size} transitions of the given sizes. */
    public Batch(int size, int obs, int act, boolean jacobians) {
      this.size = size;
      observations = new double[size * obs];
      actions = new double[size * act];
      rewards = new double[size];
      nextObservations = new double[size * obs];
      terminals = new double[size];
      dObsDa = jacobians ? new double[size * obs * act] : null;
      dRewardDa = jacobians ? new double[size * act] : null;
    }

    /** The number of transitions. */
    public int size() {
      return size;
    }

    /** s, size×obs. */
    public double[] observations() {
      return observations;
    }

    /** a, size×act. */
    public double[] actions() {
      return actions;
    }

    /** r, size. */
    public double[] rewards() {
      return rewards;
    }

    /** s', size×obs. */
    public double[] nextObservations() {
      return nextObservations;
    }

    /** 1 where the episode terminated at s' (no bootstrap), else 0; size. */
    public double[] terminals() {
      return terminals;
    }

    /** ∂s'/∂a, size×obs×act, or null. */
    public double[] dObsDa() {
      return dObsDa;
    }

    /** ∂r/∂a, size×act, or null. */
    public double[] dRewardDa() {
      return dRewardDa;
    }
  }
}
