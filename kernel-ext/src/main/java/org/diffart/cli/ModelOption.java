package org.diffart.cli;

import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Option;

/** The {@code --model M} option every simulating command takes. */
final class ModelOption {
  /**
   * The system property {@link Main} sets to the list of built-in models, which the description
   * shows.
   */
  static final String BUILTINS_PROPERTY = "diffart.builtins";

  @Option(
      names = "--model",
      required = true,
      paramLabel = "M",
      description =
          "Model: an MJCF file (.xml), a URDF file (.urdf) or builtin:NAME, a built-in model, NAME one of"
              + " ${sys:"
              + BUILTINS_PROPERTY
              + "} (pendulum:N has N links).")
  private String spec;

  @Option(
      names = "--solver",
      paramLabel = "S",
      description =
          "Contact solver, in place of the model's (MJCF: <custom><text name=\"diffart:solver\""
              + " data=\"S\"/></custom>): pgs (projected Gauss-Seidel, the default; gradients"
              + " reverse its sweeps) or lcp-pdipm (DiffSDFSim's interior-point LCP with an 8-edge"
              + " friction cone; gradients by implicit differentiation at its solution).")
  private String solver;

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
    Model m = ModelLoader.load(spec);
    if (solver == null) {
      return m;
    }
    ContactSolver s;
    try {
      s = ContactSolver.ofLabel(solver.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--solver: " + e.getMessage(), e);
    }
    return m.withOptions(m.opt().toBuilder().solver(s).build());
  }
}
