package org.diffart.sim.diff;

/**
 * The reversal of {@link Checkpointing.Revolve}: binomial checkpointing (Griewank 1992; Griewank
 * and Walther, "Algorithm 799: revolve", 2000) as a recursion: to reverse steps {@code [a, b)} with
 * x_a stored and s free slots, advance to a split point m, store x_m, reverse {@code [m, b)} with s
 * - 1 slots, then {@code [a, m)} with s. The split keeps both parts within the binomial bound
 * {@code β(s, r) = C(s + r, s)} for the smallest repetition number r that covers the n steps, which
 * makes the number of recomputed steps minimal for the memory. The forward sweep already stores the
 * first chain of split points.
 */
final class BinomialReversal {
  private final Sweep g;
  private final int slots;
  private final int[] pos;

  BinomialReversal(Sweep g, int slots, int[] chain) {
    this.g = g;
    this.slots = slots;
    pos = new int[slots];
    java.util.Arrays.fill(pos, -1);
    System.arraycopy(chain, 0, pos, 0, chain.length);
  }

  /**
   * The states the forward sweep keeps: a, then the split points of the first chain towards b, one
   * per slot.
   */
  static int[] chain(int a, int b, int slots) {
    int[] c = new int[slots];
    int n = 0;
    c[n++] = a;
    for (int s = slots - 1; s > 0 && b - a > 1; s--) {
      a = split(a, b, s);
      c[n++] = a;
    }
    return java.util.Arrays.copyOf(c, n);
  }

  /** Reverses steps [a, b), x_a being in slot {@code depth}. */
  void reverse(int a, int b, int depth) {
    while (b - a > 1) {
      int free = slots - 1 - depth;
      if (free == 0) {
        // no slot left: re-advance from x_a for every step, last first
        for (int t = b - 1; t > a; t--) {
          g.load(depth);
          for (int u = a; u < t; u++) {
            g.advance(u);
          }
          g.reverse(t);
        }
        break;
      }
      int mid = split(a, b, free);
      if (pos[depth + 1] != mid) {
        g.load(depth);
        for (int u = a; u < mid; u++) {
          g.advance(u);
        }
        g.save(depth + 1);
        pos[depth + 1] = mid;
      }
      reverse(mid, b, depth + 1);
      pos[depth + 1] = -1;
      b = mid;
    }
    g.load(depth);
    g.reverse(a);
  }

  /**
   * The split point for n = b - a steps and s ≥ 1 free slots: the left part gets {@code max(1, n -
   * β(s - 1, r))} steps, so the right part fits β(s - 1, r) and the left part β(s, r - 1).
   */
  static int split(int a, int b, int s) {
    int n = b - a, r = 1;
    while (beta(s, r) < n) {
      r++;
    }
    long left = Math.max(1, n - beta(s - 1, r));
    return a + (int) Math.min(left, n - 1);
  }

  /** C(s + r, s), saturating at Long.MAX_VALUE. */
  static long beta(int s, int r) {
    long c = 1;
    for (int i = 1; i <= s; i++) {
      c = c * (r + i) / i;
      if (c > (1L << 52)) {
        return Long.MAX_VALUE;
      }
    }
    return c;
  }
}
