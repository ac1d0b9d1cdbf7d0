package org.diffart.sim.agent;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.diffart.sim.nn.Arrays64;
import org.diffart.sim.nn.Rng;

/**
 * A first-in-first-out pool of transitions {@code (s, a, r, s', terminal)} whose capacity can
 * change, keeping the newest transitions, as MBPO's replay pools: the real pool (its whole content
 * trains the model; it gives rollout start states and the real share of each batch) and the model
 * pool (reallocated when the rollout length changes). Draws are uniform with replacement. The
 * arrays grow with the content up to the capacity, so that a large capacity costs nothing unused.
 */
final class MbpoPool {
  private final int obs;
  private final int act;
  private int capacity;
  private double[] observations;
  private double[] actions;
  private double[] rewards;
  private double[] nextObservations;
  private double[] terminals;
  private int size;
  private int next;

  MbpoPool(int obs, int act, int capacity) {
    this.obs = obs;
    this.act = act;
    allocate(capacity);
  }

  private void allocate(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("pool capacity must be positive, got " + capacity);
    }
    this.capacity = capacity;
    size = 0;
    next = 0;
    observations = null;
    actions = null;
    rewards = null;
    nextObservations = null;
    terminals = null;
    rows(Math.min(capacity, 1024));
  }

  /** Physical room for {@code n} rows, the held ones kept. */
  private void rows(int n) {
    observations = Arrays.copyOf(observations == null ? new double[0] : observations, n * obs);
    actions = Arrays.copyOf(actions == null ? new double[0] : actions, n * act);
    rewards = Arrays.copyOf(rewards == null ? new double[0] : rewards, n);
    nextObservations =
        Arrays.copyOf(nextObservations == null ? new double[0] : nextObservations, n * obs);
    terminals = Arrays.copyOf(terminals == null ? new double[0] : terminals, n);
  }

  int size() {
    return size;
  }

  int capacity() {
    return capacity;
  }

  /**
   * Adds one transition read at offsets (s at so, a at ao, s' at no), the oldest dropped if full.
   */
  void add(double[] s, int so, double[] a, int ao, double r, double[] s1, int no, boolean done) {
    int i = next;
    if (i >= rewards.length) {
      rows((int) Math.min(capacity, Math.max(i + 1L, 2L * rewards.length)));
    }
    System.arraycopy(s, so, observations, i * obs, obs);
    System.arraycopy(a, ao, actions, i * act, act);
    rewards[i] = r;
    System.arraycopy(s1, no, nextObservations, i * obs, obs);
    terminals[i] = done ? 1 : 0;
    next = (next + 1) % capacity;
    size = Math.min(size + 1, capacity);
  }

  /** The held transition at age-order position j (0 the oldest). */
  private int slot(int j) {
    return size < capacity ? j : (next + j) % capacity;
  }

  /** A new capacity, keeping the newest {@code min(size, capacity)} transitions in order. */
  void resize(int newCapacity) {
    if (newCapacity == capacity) {
      return;
    }
    MbpoPool old = copy();
    allocate(newCapacity);
    for (int j = Math.max(0, old.size - newCapacity); j < old.size; j++) {
      int i = old.slot(j);
      add(
          old.observations,
          i * obs,
          old.actions,
          i * act,
          old.rewards[i],
          old.nextObservations,
          i * obs,
          old.terminals[i] != 0);
    }
  }

  private MbpoPool copy() {
    MbpoPool c = new MbpoPool(obs, act, 1);
    c.capacity = capacity;
    c.observations = observations;
    c.actions = actions;
    c.rewards = rewards;
    c.nextObservations = nextObservations;
    c.terminals = terminals;
    c.size = size;
    c.next = next;
    return c;
  }

  /**
   * Fills rows {@code [from, from+count)} of {@code batch} with transitions drawn uniformly with
   * replacement.
   */
  void sample(Rng rng, ReplayBuffer.Batch batch, int from, int count) {
    int[] rows = draw(rng, count);
    gather(observations, obs, rows, batch.observations, from);
    gather(actions, act, rows, batch.actions, from);
    gather(rewards, 1, rows, batch.rewards, from);
    gather(nextObservations, obs, rows, batch.nextObservations, from);
    gather(terminals, 1, rows, batch.terminals, from);
  }

  /** {@code n} observations drawn uniformly with replacement (n×obs): rollout start states. */
  double[] sampleObservations(Rng rng, int n) {
    double[] out = new double[n * obs];
    gather(observations, obs, draw(rng, n), out, 0);
    return out;
  }

  /** {@code n} held rows drawn uniformly with replacement. */
  private int[] draw(Rng rng, int n) {
    if (size == 0) {
      throw new IllegalStateException("cannot sample an empty pool");
    }
    int[] rows = new int[n];
    for (int b = 0; b < n; b++) {
      rows[b] = rng.nextInt(size);
    }
    return rows;
  }

  /** Rows {@code rows} of {@code width} from {@code src} into {@code dst} from row {@code at}. */
  private static void gather(double[] src, int width, int[] rows, double[] dst, int at) {
    for (int b = 0; b < rows.length; b++) {
      System.arraycopy(src, rows[b] * width, dst, (at + b) * width, width);
    }
  }

  /** Every held transition as {s (n×obs), a (n×act), r (n), s' (n×obs)}, oldest first. */
  double[][] all() {
    double[][] out = {
      new double[size * obs], new double[size * act], new double[size], new double[size * obs]
    };
    for (int j = 0; j < size; j++) {
      int i = slot(j);
      System.arraycopy(observations, i * obs, out[0], j * obs, obs);
      System.arraycopy(actions, i * act, out[1], j * act, act);
      out[2][j] = rewards[i];
      System.arraycopy(nextObservations, i * obs, out[3], j * obs, obs);
    }
    return out;
  }

  /** Writes the capacity, the ring's position and the held transitions. */
  void save(DataOutput out) throws IOException {
    out.writeInt(capacity);
    out.writeInt(size);
    out.writeInt(next);
    Arrays64.write(out, observations, size * obs);
    Arrays64.write(out, actions, size * act);
    Arrays64.write(out, rewards, size);
    Arrays64.write(out, nextObservations, size * obs);
    Arrays64.write(out, terminals, size);
  }

  /** Reads what {@link #save} wrote, its capacity included. */
  void restore(DataInput in) throws IOException {
    int c = in.readInt();
    int n = in.readInt();
    int at = in.readInt();
    if (c < 1 || n < 0 || n > c || at < 0 || at >= c) {
      throw new IOException("pool position size=" + n + ", next=" + at + " for capacity " + c);
    }
    allocate(c);
    rows(n);
    size = n;
    next = at;
    Arrays64.read(in, observations, "pool observations");
    Arrays64.read(in, actions, "pool actions");
    Arrays64.read(in, rewards, "pool rewards");
    Arrays64.read(in, nextObservations, "pool next observations");
    Arrays64.read(in, terminals, "pool terminals");
  }
}
