package org.diffart.sweep.spark;

import java.io.Serializable;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaSparkContext;
import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.UnitWork;

/**
 * Runs a sweep on Apache Spark: each unit is a job of one task, all submitted at once, so that
 * Spark runs as many side by side as it has cores and hands each result back as soon as its job
 * ends. A task lost with its executor (a worker killed) is run again on another by Spark itself
 * ({@code spark.task.maxFailures}, 4 by default); its job still returns one result, so no unit is
 * lost or counted twice. The work of a unit never throws for a unit's own failure (it returns a
 * result that says so), so a job that fails means the cluster gave up on it.
 *
 * <p>On a master other than {@code local}, the executors need diffart's classes: the jars this JVM
 * runs diffart from are shipped with the job ({@code spark.jars}); where diffart runs from class
 * folders (a development build), set {@code spark.executor.extraClassPath} as a system property
 * instead. Any {@code spark.*} system property is passed on to Spark.
 */
final class SparkRunner implements SweepRunner {
  private final String master;
  private final JavaSparkContext spark;
  private int sweeps;

  SparkRunner(String master) {
    this.master = master;
    SparkConf conf =
        new SparkConf()
            .setMaster(master)
            .setAppName("diffart sweep")
            .setIfMissing("spark.ui.enabled", "false");
    if (!master.startsWith("local") && !conf.contains("spark.executor.extraClassPath")) {
      conf.set("spark.jars", String.join(",", diffartJars(master)));
    }
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    // the embedded executor resolves the units' classes through the loader Spark was started with
    t.setContextClassLoader(SparkRunner.class.getClassLoader());
    try {
      spark = new JavaSparkContext(conf);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "--master " + master + ": Spark could not start: " + e.getMessage(), e);
    } finally {
      t.setContextClassLoader(before);
    }
  }

  /** The jars this JVM loaded diffart and this runner from. */
  private static List<String> diffartJars(String master) {
    Set<String> jars = new LinkedHashSet<>();
    for (Class<?> c : List.of(UnitWork.class, SparkRunner.class)) {
      try {
        Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isRegularFile(p)) {
          throw new IllegalArgumentException(
              "--master "
                  + master
                  + ": diffart runs from the class folder "
                  + p
                  + ", which Spark cannot ship to executors; run it from its jars (bin/diffart) or"
                  + " set -Dspark.executor.extraClassPath to a class path the workers can read");
        }
        jars.add(p.toUri().toString());
      } catch (URISyntaxException e) {
        throw new IllegalStateException(e);
      }
    }
    return new ArrayList<>(jars);
  }

  @Override
  public String describe() {
    return "spark " + master + ", " + spark.sc().defaultParallelism() + " cores";
  }

  @Override
  public <U extends Serializable, R extends Serializable> void run(
      List<U> units, UnitWork<U, R> work, Consumer<String> progress, Done<R> done)
      throws InterruptedException {
    String group = "diffart-sweep-" + (++sweeps);
    spark.setJobGroup(group, "diffart sweep of " + units.size() + " units", true);
    List<JavaFutureAction<List<R>>> jobs = new ArrayList<>();
    try {
      for (U u : units) {
        jobs.add(spark.parallelize(List.of(u), 1).map(x -> work.run(x, line -> {})).collectAsync());
      }
      boolean[] handed = new boolean[units.size()];
      for (int left = units.size(); left > 0; ) {
        int before = left;
        for (int k = 0; k < jobs.size(); k++) {
          if (!handed[k] && jobs.get(k).isDone()) {
            done.accept(k, result(jobs.get(k), units.get(k)));
            handed[k] = true;
            left--;
          }
        }
        if (left == before) {
          waitForAny(jobs, handed);
        }
      }
    } catch (InterruptedException | RuntimeException e) {
      spark.cancelJobGroup(group);
      throw e;
    } finally {
      spark.clearJobGroup();
    }
  }

  /** Waits a little for the first job not yet handed over, or returns when any is done. */
  private static void waitForAny(List<? extends JavaFutureAction<?>> jobs, boolean[] handed)
      throws InterruptedException {
    for (int k = 0; k < jobs.size(); k++) {
      if (!handed[k]) {
        try {
          jobs.get(k).get(50, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
          // handled when polled
        }
        return;
      }
    }
  }

  private static <R> R result(JavaFutureAction<List<R>> job, Object unit)
      throws InterruptedException {
    try {
      return job.get().get(0);
    } catch (ExecutionException e) {
      throw new IllegalStateException(
          "Spark gave up on the sweep's unit " + unit + ": " + e.getCause().getMessage(),
          e.getCause());
    }
  }

  @Override
  public void close() {
    spark.close();
  }
}
