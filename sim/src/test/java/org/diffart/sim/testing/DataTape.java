package org.diffart.sim.testing;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.Random;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.tape.Taped;

/**
 * Stage-level references for the adjoint tests: a {@link Data} field by name, random bars, the
 * taped twin of a stage {@code (Model, Data)}, and directional finite differences of a stage.
 */
public final class DataTape {
  private DataTape() {}

  /** The double[] field of d (or of a DataBar) with that name. */
  public static double[] field(Object d, String name) {
    try {
      return (double[]) d.getClass().getField(name).get(d);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("no field " + name, e);
    }
  }

  /** Runs the taped twin of the stage {@code cls.method(Model, Data)}. */
  public static void run(Class<?> cls, String method, Model m, Data d) {
    try {
      MethodHandle h =
          Taped.handle(
              cls.getName(), method, MethodType.methodType(void.class, Model.class, Data.class));
      h.invoke(m, d);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Replaces every entry of the named fields of d by a variable; returns the variables, field by
   * field.
   */
  public static double[][] box(Tape t, Data d, String... fields) {
    double[][] h = new double[fields.length][];
    for (int f = 0; f < fields.length; f++) {
      double[] a = field(d, fields[f]);
      for (int k = 0; k < a.length; k++) {
        a[k] = t.variable(a[k]);
      }
      h[f] = a.clone();
    }
    return h;
  }

  /** Seeds the first n entries of each named field of d with the same entries of the bars. */
  public static void seed(Tape t, Data d, String[] fields, double[][] bars) {
    for (int f = 0; f < fields.length; f++) {
      double[] a = field(d, fields[f]);
      for (int k = 0; k < bars[f].length; k++) {
        t.seed(a[k], bars[f][k]);
      }
    }
  }

  /** The adjoints of variables after the reverse sweep. */
  public static double[] adjoints(Tape t, double[] vars) {
    double[] g = new double[vars.length];
    for (int k = 0; k < g.length; k++) {
      g[k] = t.adjoint(vars[k]);
    }
    return g;
  }

  /** Random bars of the named Data fields (their full length), uniform in [-1, 1]. */
  public static double[][] randomBars(Data d, String[] fields, Random rnd) {
    double[][] bars = new double[fields.length][];
    for (int f = 0; f < fields.length; f++) {
      bars[f] = TapeCheck.random(rnd, field(d, fields[f]).length, 1);
    }
    return bars;
  }

  /** Copies the bars into the matching {@code fieldBar} arrays of b. */
  public static void setBars(DataBar b, String[] fields, double[][] bars) {
    for (int f = 0; f < fields.length; f++) {
      double[] a = field(b, fields[f] + "Bar");
      System.arraycopy(bars[f], 0, a, 0, bars[f].length);
    }
  }

  /** ⟨bars, outputs⟩ over the named fields of d. */
  public static double dot(Data d, String[] fields, double[][] bars) {
    double s = 0;
    for (int f = 0; f < fields.length; f++) {
      double[] a = field(d, fields[f]);
      for (int k = 0; k < bars[f].length; k++) {
        s += a[k] * bars[f][k];
      }
    }
    return s;
  }
}
