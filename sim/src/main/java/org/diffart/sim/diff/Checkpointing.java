package org.diffart.sim.diff;

/**
 * Where the adjoint keeps states during the forward sweep and how it recomputes the others in the backward sweep.
 * Gradients are bit for bit the same whatever the schedule: every step is reversed from the same recomputed state,
 * in the same order.
 */
public sealed interface Checkpointing {
  /**
   * Interval checkpointing (Qiao et al. 2021): the state every k steps is stored; the backward sweep recomputes one
   * segment of k states at a time from its checkpoint. Holds {@code ⌈T/k⌉ + k} states; recomputes about T steps.
   */
  record Every(int k) implements Checkpointing {
    /** Validates k ≥ 1. */
    public Every {
      if (k < 1) {
        throw new IllegalArgumentException("checkpoint interval must be >= 1, got " + k);
      }
    }

    @Override
    public String toString() {
      return Integer.toString(k);
    }
  }

  /**
   * Binomial checkpointing (Griewank and Walther's revolve) with a fixed number of state slots (the initial state
   * included): the fewest recomputed steps for that memory, {@code O(T log T)} for {@code S ~ log T}. With S slots,
   * T steps need repetition number r, the smallest with {@code C(S - 1 + r, r) ≥ T}.
   */
  record Revolve(int slots) implements Checkpointing {
    /** Validates slots ≥ 1. */
    public Revolve {
      if (slots < 1) {
        throw new IllegalArgumentException("revolve needs at least 1 slot, got " + slots);
      }
    }

    @Override
    public String toString() {
      return "revolve:" + slots;
    }
  }

  /** {@code K} (an interval) or {@code revolve:S}, as the command line's {@code --checkpoint} takes it. */
  static Checkpointing parse(String s) {
    String t = s.strip();
    try {
      if (t.startsWith("revolve:")) {
        return new Revolve(Integer.parseInt(t.substring("revolve:".length())));
      }
      return new Every(Integer.parseInt(t));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--checkpoint takes an interval K (an integer >= 1) or revolve:S, got '"
          + s + "'");
    }
  }
}
