package org.diffart.sim.nn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Length-prefixed {@code double[]} serialisation for the networks' and agents' save/restore. */
public final class Arrays64 {
  private Arrays64() {}

  /** Writes the length, then every element. */
  public static void write(DataOutput out, double[] a) throws IOException {
    out.writeInt(a.length);
    for (double x : a) {
      out.writeDouble(x);
    }
  }

  /** Writes the first {@code n} values of {@code a} as {@link #write} writes an array of them. */
  public static void write(DataOutput out, double[] a, int n) throws IOException {
    out.writeInt(n);
    for (int i = 0; i < n; i++) {
      out.writeDouble(a[i]);
    }
  }

  /**
   * Reads what {@link #write} wrote into the start of {@code a} and zeroes the rest.
   *
   * @throws IOException naming {@code what} when the stored length exceeds {@code a.length}
   */
  public static void readPrefix(DataInput in, double[] a, String what) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > a.length) {
      throw new IOException(what + ": stored length " + n + " but room for " + a.length);
    }
    for (int i = 0; i < n; i++) {
      a[i] = in.readDouble();
    }
    java.util.Arrays.fill(a, n, a.length, 0);
  }

  /**
   * Reads what {@link #write} wrote into {@code a}.
   *
   * @throws IOException naming {@code what} when the stored length is not {@code a.length}
   */
  public static void read(DataInput in, double[] a, String what) throws IOException {
    int n = in.readInt();
    if (n != a.length) {
      throw new IOException(what + ": stored length " + n + " but expected " + a.length);
    }
    for (int i = 0; i < n; i++) {
      a[i] = in.readDouble();
    }
  }
}
