package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The experiments that reproduce the paper's tables, by name, and any others a jar on the class
 * path declares as a {@link ServiceLoader} provider of {@link Experiment} (a user's own sweep).
 */
public final class Experiments {
  private static final List<Experiment> ALL = all();

  private static List<Experiment> all() {
    List<Experiment> all =
        new ArrayList<>(
            List.of(
                new TimeMemoryVsSteps(),
                new CheckpointInterval(),
                new BackwardPerStep(),
                new MotionControl(),
                new Estimation(),
                new SdfBounce(),
                new SdfSysid(),
                new SdfShape(),
                RlExperiment.pendulum(),
                RlExperiment.ant()));
    for (Experiment e : ServiceLoader.load(Experiment.class, Experiments.class.getClassLoader())) {
      if (all.stream().noneMatch(x -> x.name().equals(e.name()))) {
        all.add(e);
      }
    }
    return List.copyOf(all);
  }

  private Experiments() {}

  /** Every experiment's name, in the paper's order. */
  public static List<String> names() {
    return ALL.stream().map(Experiment::name).toList();
  }

  /** The experiment called name, or empty. */
  public static Optional<Experiment> find(String name) {
    return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /**
   * The experiment called name.
   *
   * @throws IllegalArgumentException naming the experiments there are
   */
  public static Experiment get(String name) {
    return find(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown experiment '" + name + "'; available: " + String.join(", ", names())));
  }
}
