package org.diffart.sim.tape;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A generic operator-overloading reverse-mode AD tape on scalars, the way CppAD or PyTorch record a
 * program: every arithmetic operation on a variable appends one node (its value and the local
 * partial derivatives with respect to its one or two operands), and {@link #reverse} propagates
 * adjoints from the last node to the first. It is the "autodiff tool" baseline of the paper's
 * comparisons and the independent reference the hand-derived adjoints are tested against; it never
 * sits on the adjoint's hot path.
 *
 * <p>Variables are plain {@code double}s that carry their node index in the payload of a quiet NaN
 * whose top 16 bits are {@code 0x7FFC} (no arithmetic or hardware NaN has them); any other double
 * is a constant. The step runs unchanged on such values through bytecode rewritten by {@link
 * TapeClassLoader}, so the taped program is the simulator's own compiled code, not a second copy of
 * the physics: its values are bit for bit those of the plain step.
 *
 * <p>One tape records at a time in a JVM ({@link #begin} takes a lock that {@link #close}
 * releases). The tape holds {@value #BYTES_PER_NODE} bytes per node (value, two operand indices,
 * two partials and the adjoint of the reverse sweep); it grows by doubling up to its byte budget
 * and then throws {@link TapeBudgetExceededException}, never an {@link OutOfMemoryError}.
 */
public final class Tape implements AutoCloseable {
  /** Bytes held per node: value 8, operands 2×4, partials 2×8, adjoint 8. */
  public static final int BYTES_PER_NODE = 40;

  static final long TAG = 0x7FFC_0000_0000_0000L;
  static final long TAG_MASK = 0xFFFF_0000_0000_0000L;
  private static final long INDEX_MASK = 0x0000_FFFF_FFFF_FFFFL;
  private static final int INITIAL_CAPACITY = 1 << 12;
  private static final ReentrantLock RECORDING = new ReentrantLock();

  /** The tape being recorded, read by {@link TapeOps}; null outside a recording. */
  static Tape active;

  private final long budgetBytes;
  double[] val;
  int[] arg1;
  int[] arg2;
  double[] d1;
  double[] d2;
  int size;
  private double[] adj;
  private long peakBytes;

  private Tape(long budgetBytes) {
    this.budgetBytes = budgetBytes;
    int cap = (int) Math.max(1, Math.min(INITIAL_CAPACITY, budgetBytes / BYTES_PER_NODE));
    allocate(cap);
  }

  /**
   * Starts recording on a new tape (waiting while another thread records).
   *
   * @param budgetBytes the most bytes the tape may hold; recording past it throws {@link
   *     TapeBudgetExceededException}
   */
  public static Tape begin(long budgetBytes) {
    if (budgetBytes < BYTES_PER_NODE) {
      throw new IllegalArgumentException(
          "tape budget must be at least " + BYTES_PER_NODE + " bytes, got " + budgetBytes);
    }
    RECORDING.lock();
    Tape t = new Tape(budgetBytes);
    active = t;
    return t;
  }

  /** Stops recording; the nodes stay readable, and {@link #reverse} may still run. */
  @Override
  public void close() {
    if (active == this) {
      active = null;
      RECORDING.unlock();
    }
  }

  // ---- variables ----

  /** A new independent variable with value v (a node without operands). */
  public double variable(double v) {
    return push(v, -1, 0, -1, 0);
  }

  /** Whether x is a variable of some tape (a tagged NaN). */
  public static boolean isVariable(double x) {
    return (Double.doubleToRawLongBits(x) & TAG_MASK) == TAG;
  }

  /** The value of x: the node's value for a variable, x itself for a constant. */
  public double value(double x) {
    long b = Double.doubleToRawLongBits(x);
    return (b & TAG_MASK) == TAG ? val[(int) (b & INDEX_MASK)] : x;
  }

  /** Replaces every variable in {@code a[0..n)} by its value. */
  public void values(double[] a, int n) {
    for (int i = 0; i < n; i++) {
      a[i] = value(a[i]);
    }
  }

  /** Number of nodes recorded. */
  public int size() {
    return size;
  }

  /** Bytes the tape holds now: its capacity times {@value #BYTES_PER_NODE}. */
  public long bytes() {
    return (long) val.length * BYTES_PER_NODE;
  }

  /** The most bytes the tape held. */
  public long peakBytes() {
    return peakBytes;
  }

  // ---- reverse sweep ----

  /** Adds g to the adjoint of x before {@link #reverse} (ignored for a constant). */
  public void seed(double x, double g) {
    long b = Double.doubleToRawLongBits(x);
    if ((b & TAG_MASK) == TAG && g != 0) {
      adjoints()[(int) (b & INDEX_MASK)] += g;
    }
  }

  /**
   * Propagates the seeded adjoints from the last node to the first: {@code ā_operand +=
   * ∂node/∂operand · ā_node}.
   */
  public void reverse() {
    double[] a = adjoints();
    for (int i = size - 1; i >= 0; i--) {
      double g = a[i];
      if (g == 0) {
        continue;
      }
      int j = arg1[i];
      if (j >= 0) {
        a[j] += d1[i] * g;
      }
      j = arg2[i];
      if (j >= 0) {
        a[j] += d2[i] * g;
      }
    }
  }

  /** The adjoint of x after {@link #reverse}; 0 for a constant. */
  public double adjoint(double x) {
    long b = Double.doubleToRawLongBits(x);
    return (b & TAG_MASK) == TAG ? adjoints()[(int) (b & INDEX_MASK)] : 0;
  }

  /** Sets every adjoint to zero, for another reverse sweep over the same recording. */
  public void clearAdjoints() {
    if (adj != null) {
      java.util.Arrays.fill(adj, 0, size, 0);
    }
  }

  private double[] adjoints() {
    if (adj == null || adj.length < val.length) {
      adj = new double[val.length];
    }
    return adj;
  }

  // ---- recording ----

  /** Appends a node and returns it as a variable. */
  double push(double v, int a1, double p1, int a2, double p2) {
    int i = size;
    if (i == val.length) {
      grow();
    }
    val[i] = v;
    arg1[i] = a1;
    d1[i] = p1;
    arg2[i] = a2;
    d2[i] = p2;
    size = i + 1;
    return Double.longBitsToDouble(TAG | i);
  }

  private void grow() {
    long most = budgetBytes / BYTES_PER_NODE;
    if (val.length >= most || val.length == Integer.MAX_VALUE - 8) {
      throw new TapeBudgetExceededException(budgetBytes, size);
    }
    long cap = Math.min(Math.min(2L * val.length, most), Integer.MAX_VALUE - 8);
    double[] v = val;
    int[] a = arg1, b = arg2;
    double[] p = d1, q = d2;
    allocate((int) cap);
    if (adj != null) {
      adj = java.util.Arrays.copyOf(adj, (int) cap);
    }
    System.arraycopy(v, 0, val, 0, size);
    System.arraycopy(a, 0, arg1, 0, size);
    System.arraycopy(b, 0, arg2, 0, size);
    System.arraycopy(p, 0, d1, 0, size);
    System.arraycopy(q, 0, d2, 0, size);
  }

  private void allocate(int cap) {
    val = new double[cap];
    arg1 = new int[cap];
    arg2 = new int[cap];
    d1 = new double[cap];
    d2 = new double[cap];
    peakBytes = Math.max(peakBytes, (long) cap * BYTES_PER_NODE);
  }

  static int index(long bits) {
    return (int) (bits & INDEX_MASK);
  }
}
