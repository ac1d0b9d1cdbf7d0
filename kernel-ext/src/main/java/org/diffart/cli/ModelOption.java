package org.diffart.cli;

import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Option;

/** The {@code --model M} option every simulating command takes. */
final class ModelOption {
  @Option(
      names = "--model",
      required = true,
      paramLabel = "M",
      description = "Model: an MJCF file (.xml), a URDF file (.urdf) or builtin:NAME[:ARG], e.g. builtin:pendulum:7,"
          + " builtin:laikago.")
  private String spec;

  /** The model's specification as given. */
  String spec() {
    return spec;
  }

  /**
   * Loads the model.
   *
   * @throws org.diffart.sim.io.ModelFormatException for a malformed file, naming file and line
   * @throws IllegalArgumentException for an unknown format or built-in name
   * @throws java.io.UncheckedIOException when the file cannot be read
   */
  Model load() {
    return ModelLoader.load(spec);
  }
}
