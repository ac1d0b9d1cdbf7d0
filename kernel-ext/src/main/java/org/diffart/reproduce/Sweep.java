package org.diffart.reproduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diffart.sweep.SweepRunner;

/**
 * Runs a {@link Swept} experiment's units on a runner and gathers their results in the units' order
 * into its report. With a folder, each finished unit is written as it arrives ({@link SweepStore}:
 * {@code NAME-sweep/KEY.csv} and the exact result beside it), and a unit already written by the
 * same build is read back instead of run again, so an interrupted sweep resumes. Each unit gives
 * one progress line {@code [k/N] KEY ...} when it finishes (or is read back); what units say while
 * they run comes in between when they run in this JVM.
 */
public final class Sweep {
  private static final Pattern UNIT_LINE = Pattern.compile("^\\[(\\d+)/(\\d+)] ");

  private Sweep() {}

  /**
   * How many units have finished, from a progress line that says a unit finished; -1 for any other
   * line.
   */
  public static int unitsFinished(String line) {
    Matcher m = UNIT_LINE.matcher(line);
    return m.find() ? Integer.parseInt(m.group(1)) : -1;
  }

  /**
   * Runs the sweep.
   *
   * @param work the folder for each unit's results and resumable state, or null to keep nothing
   * @throws IllegalStateException when the runner could not run a unit at all (a machine fault it
   *     did not recover from); a unit that failed on its own is a row that says so
   */
  static Report run(
      Swept e,
      Size size,
      Selection selection,
      Path work,
      SweepRunner runner,
      Consumer<String> progress) {
    return run(e, size, selection, work, runner, progress, r -> {});
  }

  /**
   * Runs the sweep, handing each unit's result to {@code finished} as it arrives (those read back
   * first), one at a time, before its progress line.
   *
   * @param work the folder for each unit's results and resumable state, or null to keep nothing
   * @throws IllegalStateException when the runner could not run a unit at all, or the sweep was
   *     interrupted (saying how far it got)
   */
  public static Report run(
      Swept e,
      Size size,
      Selection selection,
      Path work,
      SweepRunner runner,
      Consumer<String> progress,
      Consumer<UnitResult> finished) {
    List<UnitSpec> units = e.units(size, selection, work);
    SweepStore store = work == null ? null : new SweepStore(work.resolve(e.name() + "-sweep"));
    UnitResult[] results = new UnitResult[units.size()];
    List<UnitSpec> todo = new ArrayList<>();
    List<Integer> where = new ArrayList<>();
    int[] count = {0};
    for (int i = 0; i < units.size(); i++) {
      UnitResult kept = store == null ? null : store.read(units.get(i));
      if (kept != null) {
        results[i] = kept;
        finished.accept(kept);
        progress.accept(line(++count[0], units.size(), kept, "kept from an earlier run"));
      } else {
        todo.add(units.get(i));
        where.add(i);
      }
    }
    try {
      runner.run(
          todo,
          Sweep::execute,
          progress,
          (k, r) -> {
            results[where.get(k)] = r;
            if (store != null && r.ok()) {
              store.write(r);
            }
            finished.accept(r);
            progress.accept(line(++count[0], units.size(), r, null));
          });
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(
          e.name()
              + " interrupted after "
              + count[0]
              + " of "
              + units.size()
              + " units; run it again to resume"
              + (store == null ? "" : " (finished units are kept in " + store.dir() + ")"),
          ex);
    }
    return e.report(size, selection, Arrays.asList(results), runner.describe());
  }

  private static String line(int k, int n, UnitResult r, String how) {
    String what =
        how != null
            ? how
            : r.ok()
                ? String.format(Locale.ROOT, "finished in %.1f s", r.wallMs() / 1000)
                : "failed: " + r.failure();
    return "[" + k + "/" + n + "] " + r.unit().key() + " " + what;
  }

  /**
   * Runs one unit wherever the runner put it: a unit that throws becomes a failed result whose rows
   * carry the message, and the sweep goes on.
   */
  static UnitResult execute(UnitSpec u, Consumer<String> progress) {
    Swept e = (Swept) Experiments.get(u.experiment());
    long t0 = System.nanoTime();
    try {
      return e.runUnit(u, progress);
    } catch (RuntimeException ex) {
      String message = ex.getMessage() == null ? ex.toString() : ex.getMessage();
      List<Measurement> rows;
      try {
        rows = e.failedRows(u, message);
      } catch (RuntimeException unnamed) {
        rows = List.of(); // a key the experiment cannot read: the failure names it
      }
      return new UnitResult(u, rows, null, message, (System.nanoTime() - t0) / 1e6);
    }
  }
}
