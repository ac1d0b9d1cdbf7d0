package org.diffart.reproduce;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.diffart.kernel.display.Figure;
import tech.tablesaw.api.Table;

/**
 * A sweep for the runners' tests, found by {@link Experiments} through the test jar's service file:
 * its units are named by what they do, so a test lists the units it needs ({@link #plan}, on the
 * driver) and any JVM can run them from their key alone: {@code v-S} computes a value fixed by the
 * seed S, {@code sleep-MS-S} sleeps MS milliseconds first, {@code fail-S} throws. Each attempt at a
 * unit leaves a file {@code attempts/KEY.PID.NANOS} under the unit's work folder, so a test sees
 * which JVM ran which unit and how often.
 */
public final class SweepProbe implements Swept {
  private static volatile List<String> keys = List.of("v-0", "v-1", "v-2");

  /** The units the next sweep lists (driver side). */
  public static void plan(List<String> units) {
    keys = List.copyOf(units);
  }

  /** One unit's value. */
  public record Value(String key, double value, String status) implements Measurement {
    @Override
    public com.google.gson.JsonObject toJson() {
      com.google.gson.JsonObject o = new com.google.gson.JsonObject();
      o.addProperty("key", key);
      Measurement.number(o, "value", value);
      o.addProperty("status", status);
      return o;
    }
  }

  @Override
  public String name() {
    return "sweep-probe";
  }

  @Override
  public String title() {
    return "the sweep runners' test probe";
  }

  @Override
  public List<UnitSpec> units(Size size, Selection selection, Path work) {
    String dir = work == null ? null : work.toAbsolutePath().toString();
    return keys.stream().map(k -> new UnitSpec(name(), size, k, dir)).toList();
  }

  @Override
  public UnitResult runUnit(UnitSpec unit, Consumer<String> progress) {
    String[] parts = unit.key().split("-");
    String attempt = unit.key() + "." + ProcessHandle.current().pid() + "." + System.nanoTime();
    mark(unit, "attempts", attempt);
    long seed = Long.parseLong(parts[parts.length - 1]);
    switch (parts[0]) {
      case "fail" -> throw new IllegalStateException("unit " + unit.key() + " fails on purpose");
      case "sleep" -> {
        try {
          Thread.sleep(Long.parseLong(parts[1]));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted", e);
        }
      }
      case "v" -> {}
      default -> throw new IllegalArgumentException("no probe unit " + unit.key());
    }
    progress.accept(unit.key() + " computed");
    // a value whose every bit depends on the seed: a sum of many random terms and their sines
    SplittableRandom r = new SplittableRandom(seed);
    double v = 0;
    for (int i = 0; i < 100_000; i++) {
      v += Math.sin(r.nextDouble() * 1e3) / (1 + i);
    }
    mark(unit, "finished", attempt);
    return new UnitResult(unit, List.of(new Value(unit.key(), v, "ok")), null, null, 0);
  }

  /** Leaves an empty file called name in the unit's work folder's sub-folder. */
  private static void mark(UnitSpec unit, String folder, String name) {
    if (unit.work() != null) {
      try {
        Files.writeString(
            Files.createDirectories(Path.of(unit.work(), folder)).resolve(name),
            ManagementFactory.getRuntimeMXBean().getName());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public List<Measurement> failedRows(UnitSpec unit, String message) {
    return List.of(new Value(unit.key(), Double.NaN, "failed: " + message));
  }

  @Override
  public Report report(Size size, Selection selection, List<UnitResult> results, String runner) {
    List<Measurement> rows = new ArrayList<>();
    results.forEach(r -> rows.addAll(r.rows()));
    return new Report(
        name(),
        title(),
        size,
        rows,
        Table.create(name()),
        new Figure(name(), List.of()),
        List.of(),
        List.of("ran on " + runner));
  }
}
