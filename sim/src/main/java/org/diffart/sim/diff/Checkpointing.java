package org.diffart.sim.diff;

/**
 * Where the adjoint keeps states during the forward sweep and how it recomputes the others in the
 * backward sweep. Gradients are bit for bit the same whatever the schedule: every step is reversed
 * from the same recomputed state, in the same order.
 */
public sealed interface Checkpointing {
  /**
   * The state slots the schedule needs for {@code steps} steps (checkpoints and recomputed states
   * together).
   */
  int slots(int steps);

  /**
   * For each step t of the forward sweep, the slot its state x_t is kept in before the step, or -1:
   * what the schedule keeps on the way forward, when only the steps from {@code window} on are
   * reversed.
   */
  int[] keep(int steps, int window);

  /**
   * Runs the backward sweep of steps {@code [window, steps)}, last first, from the states {@link
   * #keep} stored: loads, recomputations, stores and reversals in this schedule's order.
   */
  void backward(Sweep s, int steps, int window);

  /**
   * Interval checkpointing (Qiao et al. 2021): the state every k steps is stored; the backward
   * sweep recomputes one segment of k states at a time from its checkpoint. Holds {@code ⌈T/k⌉ + k}
   * states; recomputes about T steps.
   */
  record Every(int k) implements Checkpointing {
    /** Validates k ≥ 1. */
    public Every {
      if (k < 1) {
        throw new IllegalArgumentException("checkpoint interval must be >= 1, got " + k);
      }
    }

    @Override
    public int slots(int steps) {
      return (steps + k - 1) / k + k;
    }

    @Override
    public int[] keep(int steps, int window) {
      int[] slot = new int[steps];
      for (int t = 0; t < steps; t++) {
        slot[t] = t % k == 0 ? t / k : -1;
      }
      return slot;
    }

    /**
     * Segments from the last, each recomputed from its checkpoint into the slots after the
     * checkpoints.
     */
    @Override
    public void backward(Sweep s, int steps, int window) {
      int segSlot0 = (steps + k - 1) / k;
      for (int seg = (steps - 1) / k; seg >= 0 && seg * k + k > window; seg--) {
        int a = seg * k, end = Math.min(a + k, steps);
        s.load(seg);
        for (int t = a; t < end; t++) {
          s.save(segSlot0 + t - a);
          if (t < end - 1) {
            s.advance(t);
          }
        }
        for (int t = end - 1; t >= Math.max(a, window); t--) {
          s.load(segSlot0 + t - a);
          s.reverse(t);
        }
      }
    }

    @Override
    public String toString() {
      return Integer.toString(k);
    }
  }

  /**
   * Interval checkpointing as the paper models it (Qiao et al. 2021, App. B): the state every k
   * steps is stored and nothing else; each step of the backward sweep replays its segment from the
   * checkpoint up to that step. Holds {@code ⌈T/k⌉ + 1} states (peak memory {@code n/k·m_ckpt +
   * m_sim}) and recomputes {@code (k-1)/2} steps per step on average, so a backward step costs
   * {@code (k+1)/2·t_fwd + t_bwd} (the reversal recomputes its own step). {@link Every} trades k
   * more states for recomputing each step once.
   */
  record Replay(int k) implements Checkpointing {
    /** Validates k ≥ 1. */
    public Replay {
      if (k < 1) {
        throw new IllegalArgumentException("checkpoint interval must be >= 1, got " + k);
      }
    }

    @Override
    public int slots(int steps) {
      return (steps + k - 1) / k + 1;
    }

    @Override
    public int[] keep(int steps, int window) {
      return new Every(k).keep(steps, window);
    }

    /** Steps from the last; each loads its segment's checkpoint and advances to itself. */
    @Override
    public void backward(Sweep s, int steps, int window) {
      for (int t = steps - 1; t >= window; t--) {
        int a = t / k * k;
        s.load(a / k);
        for (int u = a; u < t; u++) {
          s.advance(u);
        }
        s.reverse(t);
      }
    }

    @Override
    public String toString() {
      return "replay:" + k;
    }
  }

  /**
   * Binomial checkpointing (Griewank and Walther's revolve) with a fixed number of state slots (the
   * initial state included): the fewest recomputed steps for that memory, {@code O(T log T)} for
   * {@code S ~ log T}. With S slots, T steps need repetition number r, the smallest with {@code C(S
   * - 1 + r, r) ≥ T}.
   */
  record Revolve(int slots) implements Checkpointing {
    /** Validates slots ≥ 1. */
    public Revolve {
      if (slots < 1) {
        throw new IllegalArgumentException("revolve needs at least 1 slot, got " + slots);
      }
    }

    @Override
    public int slots(int steps) {
      return slots;
    }

    @Override
    public int[] keep(int steps, int window) {
      int[] slot = new int[steps];
      java.util.Arrays.fill(slot, -1);
      int[] chain = BinomialReversal.chain(window, steps, slots);
      for (int i = chain.length - 1; i >= 0; i--) {
        if (chain[i] < steps) {
          slot[chain[i]] = i;
        }
      }
      return slot;
    }

    @Override
    public void backward(Sweep s, int steps, int window) {
      new BinomialReversal(s, slots, BinomialReversal.chain(window, steps, slots))
          .reverse(window, steps, 0);
    }

    @Override
    public String toString() {
      return "revolve:" + slots;
    }
  }

  /**
   * {@code K} (an interval), {@code replay:K} (the paper's interval scheme) or {@code revolve:S},
   * as the command line's {@code --checkpoint} takes it.
   */
  static Checkpointing parse(String s) {
    String t = s.strip();
    try {
      if (t.startsWith("replay:")) {
        return new Replay(Integer.parseInt(t.substring("replay:".length())));
      }
      if (t.startsWith("revolve:")) {
        return new Revolve(Integer.parseInt(t.substring("revolve:".length())));
      }
      return new Every(Integer.parseInt(t));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--checkpoint takes an interval K (an integer >= 1), replay:K or revolve:S,"
              + " got '"
              + s
              + "'");
    }
  }
}
