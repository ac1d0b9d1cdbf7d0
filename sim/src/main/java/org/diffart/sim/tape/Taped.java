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

  private static final ClassValue<Class<?>> TWINS =
      new ClassValue<>() {
        @Override
        protected Class<?> computeValue(Class<?> type) {
          ClassLoader user = type.getClassLoader();
          if (user == null || type.isHidden()) {
            throw new UnsupportedOperationException(
                type.getName() + " has no class file the tape can rewrite");
          }
          try {
            String root = type.getNestHost().getName();
            return Class.forName(
                type.getName(), true, TapeClassLoader.twin(type.getName(), root, LOADER, user));
          } catch (ClassNotFoundException e) {
            throw new UnsupportedOperationException(e.getMessage(), e);
          }
        }
      };

  /**
   * The taped twin of a record: an instance of its class loaded again with its bytecode (and that
   * of the classes nested in it) rewritten to record on the active tape, built by its canonical
   * constructor from r's components, so that its methods compute what r's compute and record every
   * operation on tape variables. The twin implements r's interfaces (cast it to one to call it);
   * its calls into the simulator's algorithms run their taped twins.
   *
   * @throws UnsupportedOperationException naming the record and why, where its code hands a double
   *     to code the tape cannot see (a JDK method other than {@link Math}'s, a class outside the
   *     algorithms and the record), or a component's type is itself nested in the record
   */
  public static Object twin(Record r) {
    Class<?> type = r.getClass();
    Class<?> twin = TWINS.get(type);
    java.lang.reflect.RecordComponent[] own = type.getRecordComponents();
    Class<?>[] types = new Class<?>[own.length];
    Object[] values = new Object[own.length];
    try {
      for (int i = 0; i < own.length; i++) {
        types[i] = own[i].getType();
        if (twin.getRecordComponents()[i].getType() != types[i]) {
          throw new UnsupportedOperationException(
              type.getName()
                  + "'s component "
                  + own[i].getName()
                  + " is of a type nested in it, which its taped twin cannot share");
        }
        java.lang.reflect.Method get = own[i].getAccessor();
        get.setAccessible(true);
        values[i] = get.invoke(r);
      }
      java.lang.reflect.Constructor<?> make = twin.getDeclaredConstructor(types);
      make.setAccessible(true);
      return make.newInstance(values);
    } catch (java.lang.reflect.InvocationTargetException e) {
      throw new IllegalStateException(
          "building the taped twin of " + type.getName() + ": " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("building the taped twin of " + type.getName(), e);
    }
  }

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
