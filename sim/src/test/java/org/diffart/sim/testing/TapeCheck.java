package org.diffart.sim.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.Random;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.tape.Taped;

/**
 * Reference vector-Jacobian products of single simulator functions from the {@link Tape}: the
 * function's taped twin runs on variables, its outputs are seeded with bars and the tape's reverse
 * sweep gives the bars of its inputs.
 */
public final class TapeCheck {
  private TapeCheck() {}

  /** The taped twin of {@code cls.name} with the given parameter types (returning void). */
  public static MethodHandle taped(Class<?> cls, String name, Class<?>... params) {
    return tapedReturning(cls, name, void.class, params);
  }

  /** The taped twin of {@code cls.name} returning {@code ret}, its result dropped. */
  public static MethodHandle tapedReturning(
      Class<?> cls, String name, Class<?> ret, Class<?>... params) {
    try {
      return Taped.handle(cls.getName(), name, MethodType.methodType(ret, params))
          .asType(MethodType.methodType(void.class, params));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Runs {@code f(args)} on the tape with the arrays {@code args[inputs[i]]} turned into variables,
   * seeds the arrays {@code args[outputs[j]]} with {@code bars[j]} and returns the bars of the
   * inputs, one array per input. An array may be both input and output (an in-place operation). The
   * arrays of {@code args} are overwritten with values.
   */
  public static double[][] vjp(
      MethodHandle f, Object[] args, int[] inputs, int[] outputs, double[][] bars) {
    double[][] handles = new double[inputs.length][];
    try (Tape t = Tape.begin(1L << 28)) {
      for (int i = 0; i < inputs.length; i++) {
        double[] a = (double[]) args[inputs[i]];
        for (int k = 0; k < a.length; k++) {
          a[k] = t.variable(a[k]);
        }
        handles[i] = a.clone();
      }
      try {
        f.invokeWithArguments(args);
      } catch (RuntimeException e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
      for (int j = 0; j < outputs.length; j++) {
        double[] a = (double[]) args[outputs[j]];
        for (int k = 0; k < a.length; k++) {
          t.seed(a[k], bars[j][k]);
        }
      }
      t.reverse();
      double[][] out = new double[inputs.length][];
      for (int i = 0; i < inputs.length; i++) {
        out[i] = new double[handles[i].length];
        for (int k = 0; k < out[i].length; k++) {
          out[i][k] = t.adjoint(handles[i][k]);
        }
      }
      for (Object o : args) {
        if (o instanceof double[] a) {
          t.values(a, a.length);
        }
      }
      return out;
    }
  }

  /** n uniform numbers in [-s, s]. */
  public static double[] random(Random rnd, int n, double s) {
    double[] a = new double[n];
    for (int k = 0; k < n; k++) {
      a[k] = (2 * rnd.nextDouble() - 1) * s;
    }
    return a;
  }

  /** Largest |a - b| relative to the largest |b| (or 1e-300). */
  public static double relativeError(double[] a, double[] b) {
    double err = 0, scale = 1e-300;
    for (int k = 0; k < a.length; k++) {
      err = Math.max(err, Math.abs(a[k] - b[k]));
      scale = Math.max(scale, Math.abs(b[k]));
    }
    return err / scale;
  }

  /**
   * Asserts that {@code got}'s gradient with respect to each of {@code wrt} is within {@code tol}
   * of {@code reference}'s, relative to the reference's largest entry ({@link #relativeError}).
   */
  public static void assertAgrees(
      String what, GradientResult got, GradientResult reference, double tol, Wrt... wrt) {
    for (Wrt w : wrt) {
      double err = relativeError(got.grad(w), reference.grad(w));
      assertTrue(
          err < tol,
          what + " " + w + ": " + got.method() + " against " + reference.method() + " " + err);
    }
  }

  /** Largest |a_k|. */
  public static double maxAbs(double[] a) {
    double m = 0;
    for (double x : a) {
      m = Math.max(m, Math.abs(x));
    }
    return m;
  }

  /**
   * Controls for {@code steps} steps (step-major, nu per step), each drawn in the middle 80 % of
   * its actuator's control range ([-1, 1] where not limited), so that no clamp acts.
   */
  public static double[] controlsInRange(org.diffart.sim.model.Model m, int steps, Random rnd) {
    int nu = m.nu();
    double[] u = new double[steps * nu];
    for (int t = 0; t < steps; t++) {
      for (int a = 0; a < nu; a++) {
        double lo = m.actCtrlLimited(a) ? m.actCtrlRange(a, 0) : -1;
        double hi = m.actCtrlLimited(a) ? m.actCtrlRange(a, 1) : 1;
        u[t * nu + a] = lo + (0.1 + 0.8 * rnd.nextDouble()) * (hi - lo);
      }
    }
    return u;
  }
}
