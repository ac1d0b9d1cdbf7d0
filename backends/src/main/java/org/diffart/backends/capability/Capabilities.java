package org.diffart.backends.capability;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.sim.io.ModelLoader;

/**
 * What each backend claims and refuses, and the probes that check it. A claim is verified when its
 * probe passes: the backend's results equal the CPU reference ({@code Step.step} on one Data per
 * world) within 1e-9 relative on a scene that exercises the capability (the scene must show it: a
 * collision pair is verified only if the reference produced contacts of that pair), and a
 * derivative agrees with finite differences on a smooth rollout. A refusal is verified when using
 * it fails with a clear error that names it. No claim is verified without its probe passing, and
 * the matrix is made from the probes' results.
 */
public final class Capabilities {
  /** Relative tolerance of a backend's final state against the CPU reference. */
  public static final double TOLERANCE = 1e-9;

  /**
   * The probe families, in the order they run: each verifies the capabilities it covers on one
   * backend, from scenes in this package's resources. A new capability adds its family here.
   */
  private static final List<ProbeFamily> FAMILIES =
      List.of(
          new ZooProbes(),
          new ContactProbes(),
          new ImplicitShapeProbes(),
          new ActuatorProbes(),
          new TendonProbes(),
          new EqualityProbes(),
          new FluidProbes(),
          new IntegratorProbes(),
          new SensorProbes(),
          new DerivativeProbes(),
          new LocalDerivativeProbes(),
          new HistoryProbes(),
          new SensorHistoryProbes(),
          new HistoryForwardProbes(),
          new HistoryDerivativeProbes());

  /**
   * One probe's outcome.
   *
   * @param capability what was probed
   * @param claimed whether the backend claims it (else it refuses it)
   * @param verified whether the probe showed the claim holds, or the refusal fires
   * @param detail what the probe measured or the error it saw
   */
  public record Verdict(Capability capability, boolean claimed, boolean verified, String detail) {}

  private Capabilities() {}

  /**
   * What backend {@code name} claims ({@link Backend#capabilities}); it refuses every other
   * capability.
   */
  public static Set<Capability> claims(String name) {
    return Backends.capabilities(name);
  }

  /** Runs every probe for backend {@code name}, in the order of {@link Capability}. */
  public static List<Verdict> verify(String name) {
    return verify(name, v -> {});
  }

  /**
   * Runs every probe for backend {@code name}, in the order of {@link Capability}, telling {@code
   * each} every verdict as it is reached (a probe that runs one scene for several capabilities
   * gives them together), for progress.
   */
  public static List<Verdict> verify(String name, Consumer<Verdict> each) {
    Set<Capability> claims = claims(name);
    Map<Capability, Verdict> out =
        new EnumMap<>(Capability.class) {
          private static final long serialVersionUID = 1L;

          @Override
          public Verdict put(Capability c, Verdict v) {
            Verdict before = super.put(c, v);
            each.accept(v);
            return before;
          }
        };
    String unavailable = startProblem(name);
    for (Capability c : Capability.values()) {
      if (unavailable != null) {
        out.put(
            c,
            new Verdict(c, claims.contains(c), false, "the backend cannot start: " + unavailable));
      }
    }
    if (unavailable == null) {
      for (ProbeFamily f : FAMILIES) {
        f.verify(name, claims, out);
      }
    }
    return List.copyOf(out.values());
  }

  private static String startProblem(String name) {
    try (Backend b = Backends.create(name, ModelLoader.load("builtin:pendulum:1"), 1)) {
      b.step(1);
      return null;
    } catch (RuntimeException e) {
      return e.getMessage();
    }
  }

  /** Every backend's verdicts, backend by backend. */
  public static Map<String, List<Verdict>> verifyAll(List<String> backends) {
    Map<String, List<Verdict>> out = new java.util.LinkedHashMap<>();
    for (String b : backends) {
      out.put(b, verify(b));
    }
    return out;
  }

  /**
   * The verdicts of a backend that only lists its claims, unverified (for {@code capabilities}
   * without --verify).
   */
  public static List<Verdict> declared(String name) {
    Set<Capability> claims = claims(name);
    List<Verdict> out = new ArrayList<>();
    for (Capability c : Capability.values()) {
      out.add(new Verdict(c, claims.contains(c), false, "not verified (run with --verify)"));
    }
    return out;
  }
}
