package org.diffart.sweep;

/**
 * A runner kept outside the kernel's jar, found with {@link java.util.ServiceLoader}: the {@code
 * sweep} module's Spark runner, so that users who never sweep do not load Apache Spark.
 */
public interface SweepRunnerProvider {
  /** The runner's name on the command line, e.g. {@code spark}. */
  String name();

  /**
   * A runner on the given master.
   *
   * @param master where the units run, in the runner's own terms (Spark's master URL: {@code
   *     local[N]}, {@code local[*]}, {@code spark://HOST:PORT}, ...); null for the runner's default
   * @throws IllegalArgumentException naming a master the runner does not accept
   */
  SweepRunner create(String master);
}
