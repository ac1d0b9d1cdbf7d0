package org.diffart.backends;

import java.util.List;
import org.diffart.backends.cpu.CpuBackend;
import org.diffart.backends.opencl.OpenClBackend;
import org.diffart.sim.model.Model;

/** The registry of backends by name. */
public final class Backends {
  private Backends() {}

  /** Names of the backends this build provides (OpenCL needs a driver at run time; see {@link #create}). */
  public static List<String> names() {
    return List.of("cpu", "opencl");
  }

  /**
   * Creates the backend called {@code name} for W worlds of model m.
   *
   * @throws IllegalArgumentException naming the available backends when {@code name} is unknown
   * @throws IllegalStateException for {@code opencl} on a machine without a usable OpenCL device, saying what to
   *     install
   */
  public static Backend create(String name, Model m, int worlds) {
    return switch (name) {
      case "cpu" -> new CpuBackend(m, worlds);
      case "opencl" -> new OpenClBackend(m, worlds);
      default -> throw new IllegalArgumentException("unknown backend '" + name + "'; available: "
          + String.join(", ", names()));
    };
  }
}
