package org.diffart.backends;

import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import org.diffart.backends.cpu.CpuBackend;
import org.diffart.backends.opencl.OpenClBackend;
import org.diffart.sim.model.Model;

/** The registry of backends by name: each kind says what it claims and how to create one. */
public final class Backends {
  /**
   * A kind of backend.
   *
   * @param name its name on the command line and in magics
   * @param capabilities what it claims (it refuses every other {@link Capability}), as its class
   *     declares them
   * @param factory creates one for W worlds of a model
   */
  public record Kind(
      String name, Set<Capability> capabilities, BiFunction<Model, Integer, Backend> factory) {}

  private static final List<Kind> KINDS =
      List.of(
          new Kind("cpu", CpuBackend.CAPABILITIES, CpuBackend::new),
          new Kind("opencl", OpenClBackend.CAPABILITIES, OpenClBackend::new));

  private Backends() {}

  /**
   * Names of the backends this build provides (OpenCL needs a driver at run time; see {@link
   * #create}).
   */
  public static List<String> names() {
    return KINDS.stream().map(Kind::name).toList();
  }

  /**
   * What backend {@code name} claims, without starting it ({@link Backend#capabilities}).
   *
   * @throws IllegalArgumentException naming the available backends when {@code name} is unknown
   */
  public static Set<Capability> capabilities(String name) {
    return kind(name).capabilities();
  }

  /**
   * Creates the backend called {@code name} for W worlds of model m.
   *
   * @throws IllegalArgumentException naming the available backends when {@code name} is unknown
   * @throws IllegalStateException for {@code opencl} on a machine without a usable OpenCL device,
   *     saying what to install
   */
  public static Backend create(String name, Model m, int worlds) {
    return kind(name).factory().apply(m, worlds);
  }

  private static Kind kind(String name) {
    return KINDS.stream()
        .filter(k -> k.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown backend '" + name + "'; available: " + String.join(", ", names())));
  }
}
