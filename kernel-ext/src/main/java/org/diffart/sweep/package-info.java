/**
 * Sweeps: independent units of work run by a {@link org.diffart.sweep.SweepRunner}, in this JVM's
 * threads ({@link org.diffart.sweep.InProcessRunner}) or on Apache Spark (the {@code sweep} module,
 * found through {@link org.diffart.sweep.SweepRunnerProvider}). Knows nothing of what a unit does:
 * the experiments ({@code org.diffart.reproduce}) list their units and run each.
 */
package org.diffart.sweep;
