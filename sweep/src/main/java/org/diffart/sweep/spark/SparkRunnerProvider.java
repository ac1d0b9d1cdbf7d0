package org.diffart.sweep.spark;

import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.SweepRunnerProvider;

/** {@code --runner spark}: found by the kernel with {@link java.util.ServiceLoader}. */
public final class SparkRunnerProvider implements SweepRunnerProvider {
  @Override
  public String name() {
    return "spark";
  }

  @Override
  public SweepRunner create(String master) {
    return new SparkRunner(master == null ? "local[*]" : master);
  }
}
