package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our transitions against MuJoCo 2.2.2 at the same state ({@code
 * datasets/reference/linearizations}, from {@code mjlinearize.c}; contacts off). The truth is
 * MuJoCo's {@code mj_step} itself, differenced by {@code mjlinearize --step-fd} with {@code
 * mjd_transitionFD}'s step and scheme ({@code A_step} … {@code D_step}), never {@code
 * mjd_transitionFD}'s own output: it returns D with the wrong sign, and on RK4 models A and B off
 * by up to 1.5e-3 (semantics §30). The files span damped models whose acceleration sensors see
 * {@code mj_forward}'s plain-M accelerations while the Euler step integrates with {@code M + dt B},
 * RK4 models, and the Control Suite's humanoids and quadruped (their sensors only).
 */
class TransitionReferenceTest {
  static Path dir() {
    return ReferenceFiles.repoRoot().resolve("datasets/reference/linearizations");
  }

  static List<String> references() {
    return ReferenceFiles.jsonStems(dir());
  }

  /** The files differenced centrally: the exact transition is compared with them. */
  static List<String> centered() {
    return references().stream().filter(n -> reference(n).get("centered").getAsBoolean()).toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("references")
  void finiteDifferencesEqualDifferencesOfMujocosStep(String name) throws IOException {
    JsonObject ref = reference(name);
    Model m = model(ref);
    Transition t =
        Transition.finiteDifferences(
            m,
            ReferenceFiles.state(m, ref),
            ref.get("centered").getAsBoolean(),
            ref.get("eps").getAsDouble());
    // the same dynamics differenced at the same points: equal to the error of the dynamics over the
    // step
    compareAll(name, ref, t, m, 1e-6, false);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("centered")
  void exactTransitionEqualsCentralDifferencesOfMujocosStep(String name) throws IOException {
    JsonObject ref = reference(name);
    Model m = model(ref);
    Transition t = Transition.exact(m, ReferenceFiles.state(m, ref));
    // central differences with ε = 1e-6 carry about 1e-10 rounding and ε² truncation: 1e-6 of each
    // matrix's scale
    compareAll(name, ref, t, m, 1e-6, true);
  }

  private static void compareAll(
      String name, JsonObject ref, Transition t, Model m, double tol, boolean scaled) {
    int nx = ref.get("nx").getAsInt(), nu = ref.get("nu").getAsInt(), ns = ref.get("ns").getAsInt();
    assertEquals(nx, t.A().length, name + ": nx");
    assertEquals(ns, t.C().length, name + ": sensor rows");
    assertTrue(
        ref.has("C_step"),
        name + ": no differences of mj_step (regenerate with mjlinearize --step-fd)");
    if (ref.has("A_step")) {
      compare(name + " A", ReferenceFiles.doubles(ref.get("A_step")), t.A(), nx, tol, scaled);
      compare(name + " B", ReferenceFiles.doubles(ref.get("B_step")), t.B(), nu, tol, scaled);
    }
    compare(name + " C", ReferenceFiles.doubles(ref.get("C_step")), t.C(), nx, tol, scaled);
    compare(name + " D", ReferenceFiles.doubles(ref.get("D_step")), t.D(), nu, tol, scaled);
  }

  /**
   * Entry by entry within {@code tol (1 + |e|)}, or with {@code scaled} within {@code tol (1 + max
   * |e|)}.
   */
  private static void compare(
      String what, double[] expected, double[][] actual, int cols, double tol, boolean scaled) {
    assertEquals(expected.length, actual.length * cols, what + ": size");
    double scale = 0;
    for (double e : expected) {
      scale = Math.max(scale, Math.abs(e));
    }
    for (int i = 0; i < actual.length; i++) {
      for (int j = 0; j < cols; j++) {
        double e = expected[i * cols + j], a = actual[i][j];
        assertEquals(
            e, a, tol * (1 + (scaled ? scale : Math.abs(e))), what + "[" + i + "][" + j + "]");
      }
    }
  }

  private static JsonObject reference(String name) {
    try {
      return JsonParser.parseString(Files.readString(dir().resolve(name + ".json")))
          .getAsJsonObject();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The file's model (a feature model of datasets/reference/models, or a Control Suite file), with
   * contacts, or every constraint, off as in it.
   */
  private static Model model(JsonObject ref) throws IOException {
    String file = ref.get("model").getAsString();
    Path path = ReferenceFiles.repoRoot().resolve("datasets/reference/models").resolve(file);
    if (!Files.exists(path)) {
      path = ReferenceFiles.repoRoot().resolve("datasets/models/dm_control").resolve(file);
    }
    Model loaded = ModelLoader.load(path);
    boolean constraint = !ref.has("constraint") || ref.get("constraint").getAsBoolean();
    return loaded.withOptions(
        loaded.opt().toBuilder()
            .contact(ref.get("contact").getAsBoolean())
            .limit(constraint)
            .frictionLoss(constraint)
            .equality(constraint)
            .build());
  }
}
