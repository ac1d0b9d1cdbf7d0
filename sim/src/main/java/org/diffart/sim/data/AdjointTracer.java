package org.diffart.sim.data;

/**
 * Called after each stage of a step's adjoint with the stage's name, to inspect the bars (a tracer
 * hook).
 */
@FunctionalInterface
public interface AdjointTracer {
  /** The stage just reversed. */
  void after(String stage);
}
