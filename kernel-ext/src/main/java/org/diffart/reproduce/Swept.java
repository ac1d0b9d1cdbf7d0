package org.diffart.reproduce;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.diffart.sweep.InProcessRunner;
import org.diffart.sweep.SweepRunner;

/**
 * An experiment whose work is a sweep of independent units ({@link UnitSpec}): it lists them, runs
 * any one of them from its spec alone (on whichever machine a {@link SweepRunner} chooses), and
 * makes its report from their results in the listed order, so that the report does not depend on
 * the runner or on the order in which units finished. {@link Sweep} runs it.
 */
public interface Swept extends Experiment {
  /**
   * The units at a size and selection, in the report's order.
   *
   * @param work where units keep what they need to resume, or null
   */
  List<UnitSpec> units(Size size, Selection selection, Path work);

  /**
   * Runs one unit of this experiment (its {@code size} and {@code key}); may throw when it cannot
   * finish, which {@link Sweep} turns into a failed unit.
   *
   * @param progress receives lines while it runs
   */
  UnitResult runUnit(UnitSpec unit, Consumer<String> progress);

  /** The rows a unit that failed with {@code message} leaves, their status saying so. */
  List<Measurement> failedRows(UnitSpec unit, String message);

  /**
   * The report from every unit's result, in the order of {@link #units}.
   *
   * @param runner how the units ran, in words ({@link SweepRunner#describe()})
   */
  Report report(Size size, Selection selection, List<UnitResult> results, String runner);

  /** One progress line per unit. */
  @Override
  default int measurements(Size size, Selection selection) {
    return units(size, selection, null).size();
  }

  @Override
  default int measurements(Size size) {
    return measurements(size, Selection.NONE);
  }

  @Override
  default Report run(Size size, Consumer<String> progress) {
    return run(size, Selection.NONE, null, progress);
  }

  /** Runs the sweep in this JVM, one unit per core at a time. */
  @Override
  default Report run(Size size, Selection selection, Path work, Consumer<String> progress) {
    try (SweepRunner runner = InProcessRunner.perCore()) {
      return run(size, selection, work, runner, progress);
    }
  }

  @Override
  default Report run(
      Size size, Selection selection, Path work, SweepRunner runner, Consumer<String> progress) {
    return Sweep.run(this, size, selection, work, runner, progress);
  }
}
