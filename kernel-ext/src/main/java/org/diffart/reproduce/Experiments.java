package org.diffart.reproduce;

import java.util.List;
import java.util.Optional;

/** The experiments that reproduce the paper's tables, by name. */
public final class Experiments {
  private static final List<Experiment> ALL =
      List.of(
          new TimeMemoryVsSteps(),
          new CheckpointInterval(),
          new BackwardPerStep(),
          new MotionControl(),
          new Estimation(),
          RlExperiment.pendulum(),
          RlExperiment.ant());

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
