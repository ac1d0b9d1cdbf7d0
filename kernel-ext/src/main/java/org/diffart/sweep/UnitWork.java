package org.diffart.sweep;

import java.io.Serializable;
import java.util.function.Consumer;

/**
 * What a sweep does with one unit: a function of the unit alone (everything that fixes the result
 * is in the unit), so that it may run in another JVM. Serializable so that a runner can ship it;
 * write it as a method reference to a static method.
 *
 * @param <U> the unit
 * @param <R> its result
 */
@FunctionalInterface
public interface UnitWork<U extends Serializable, R extends Serializable> extends Serializable {
  /**
   * Runs a unit. A unit that cannot finish returns a result that says so: a runner treats a thrown
   * exception as a fault of the machine and runs the unit again elsewhere where it can.
   *
   * @param unit the unit
   * @param progress receives lines while it runs (a runner that runs the unit in another JVM passes
   *     one that drops them)
   */
  R run(U unit, Consumer<String> progress);
}
