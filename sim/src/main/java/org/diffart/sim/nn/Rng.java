package org.diffart.sim.nn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * A small exact random generator (SplitMix64) whose whole state is one public {@code long}, so that
 * saving and restoring it continues the stream bit for bit. Uniform doubles carry 53 random bits;
 * normal deviates come from the Box–Muller transform of two uniforms each (no cached second
 * deviate, so the state stays one number).
 */
public final class Rng {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  /** The generator's whole state; the next output is a function of it alone. */
  public long state;

  /** A generator whose stream is fixed by {@code seed}. */
  public Rng(long seed) {
    this.state = seed;
  }

  /** The next 64 random bits. */
  public long nextLong() {
    long z = (state += GOLDEN);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A uniform double in [0, 1). */
  public double uniform() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** A uniform double in [lo, hi). */
  public double uniform(double lo, double hi) {
    return lo + (hi - lo) * uniform();
  }

  /** A uniform integer in [0, bound). */
  public int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, got " + bound);
    }
    return (int) ((nextLong() >>> 33) * bound >>> 31);
  }

  /** A standard normal deviate. */
  public double normal() {
    double u1 = 1.0 - uniform(); // in (0, 1]
    double u2 = uniform();
    return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
  }

  /** A new generator for a sub-stream, its seed drawn from this one. */
  public Rng split() {
    return new Rng(nextLong());
  }

  /** Writes the state. */
  public void save(DataOutput out) throws IOException {
    out.writeLong(state);
  }

  /** Reads what {@link #save} wrote. */
  public void restore(DataInput in) throws IOException {
    state = in.readLong();
  }
}
