package org.diffart.sim.tape;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * The simulator's own step, configuration operations and any other stage, loaded through {@link
 * TapeClassLoader} so that they record on the active {@link Tape}. Call them between {@link
 * Tape#begin} and {@link Tape#close} on a {@link Data} whose inputs (state, controls, parameters)
 * hold {@link Tape#variable}s; every intermediate written into it is then a variable or a constant.
 */
public final class Taped {
  private static final TapeClassLoader LOADER = new TapeClassLoader(Taped.class.getClassLoader());
  private static final MethodHandle STEP, INTEGRATE_POS, DIFFERENCE_POS;

  static {
    try {
      STEP =
          handle(
              "org.diffart.sim.algo.Step",
              "step",
              MethodType.methodType(void.class, Model.class, Data.class));
      INTEGRATE_POS =
          handle(
              "org.diffart.sim.algo.kinematics.Configuration",
              "integratePos",
              MethodType.methodType(
                  void.class,
                  Model.class,
                  double[].class,
                  double[].class,
                  int.class,
                  double.class));
      DIFFERENCE_POS =
          handle(
              "org.diffart.sim.algo.kinematics.Configuration",
              "differencePos",
              MethodType.methodType(
                  void.class,
                  Model.class,
                  double[].class,
                  double.class,
                  double[].class,
                  double[].class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * The taped twin of a static method of the simulator ({@code org.diffart.sim.algo} or {@code
   * org.diffart.sim.spatial}), by class name, method name and type; a package-private method is
   * reached through the twin class's own lookup.
   */
  public static MethodHandle handle(String className, String name, MethodType type)
      throws ReflectiveOperationException {
    if (!TapeClassLoader.taped(className)) {
      throw new IllegalArgumentException(className + " is not in a taped package");
    }
    Class<?> c = Class.forName(className, true, LOADER);
    MethodHandles.Lookup l = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
    return l.findStatic(c, name, type);
  }

  private Taped() {}

  /** {@code Step.step} on the tape. */
  public static void step(Model m, Data d) {
    try {
      STEP.invokeExact(m, d);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code Configuration.integratePos} on the tape. */
  public static void integratePos(Model m, double[] qpos, double[] qvel, int vo, double dt) {
    try {
      INTEGRATE_POS.invokeExact(m, qpos, qvel, vo, dt);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code Configuration.differencePos} on the tape. */
  public static void differencePos(
      Model m, double[] qvel, double dt, double[] qpos2, double[] qpos1) {
    try {
      DIFFERENCE_POS.invokeExact(m, qvel, dt, qpos2, qpos1);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
