package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The finite-difference transition (A, B and the sensors' C, D) against MuJoCo 2.2.2's {@code mjd_transitionFD} at
 * the same state, with the same step and scheme ({@code datasets/reference/linearizations}, from {@code
 * mjlinearize.c}; contacts off). Both difference the same dynamics, equal to about 1e-12, at the same points, so the
 * matrices agree to that error over the step, 1e-6. One known difference is left out: with joint damping, MuJoCo's
 * acceleration sensors see {@code mj_forward}'s explicit acceleration and ours the Euler step's, that of {@code M + dt
 * B} ({@code Step.step}); their rows of C and D are compared only for models without damping.
 */
class TransitionReferenceTest {
  static Path dir() {
    return ReferenceFiles.repoRoot().resolve("datasets/reference/linearizations");
  }

  static List<String> references() throws IOException {
    try (Stream<Path> s = Files.list(dir())) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
          .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("references")
  void finiteDifferencesEqualMujocosTransitionFd(String name) throws IOException {
    JsonObject ref = JsonParser.parseString(Files.readString(dir().resolve(name + ".json"))).getAsJsonObject();
    String file = ref.get("model").getAsString();
    // a feature model of datasets/reference/models, or a Control Suite file
    Path path = ReferenceFiles.repoRoot().resolve("datasets/reference/models").resolve(file);
    if (!Files.exists(path)) {
      path = ReferenceFiles.repoRoot().resolve("datasets/models/dm_control").resolve(file);
    }
    Model loaded = ModelLoader.load(path);
    Model m = loaded.withOptions(loaded.opt().toBuilder().contact(ref.get("contact").getAsBoolean()).build());
    Data d = new Data(m);
    System.arraycopy(ReferenceFiles.doubles(ref.get("qpos")), 0, d.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(ref.get("qvel")), 0, d.qvel, 0, m.nv());
    System.arraycopy(ReferenceFiles.doubles(ref.get("act")), 0, d.act, 0, m.na());
    System.arraycopy(ReferenceFiles.doubles(ref.get("ctrl")), 0, d.ctrl, 0, m.nu());
    Transition t = Transition.finiteDifferences(m, d, ref.get("centered").getAsBoolean(),
        ref.get("eps").getAsDouble());
    int nx = ref.get("nx").getAsInt(), nu = ref.get("nu").getAsInt(), ns = ref.get("ns").getAsInt();
    assertEquals(nx, t.A().length, name + ": nx");
    assertEquals(ns, t.C().length, name + ": sensor rows");
    compare(name + " A", ReferenceFiles.doubles(ref.get("A")), t.A(), nx);
    compare(name + " B", ReferenceFiles.doubles(ref.get("B")), t.B(), nu);
    boolean[] skip = new boolean[ns];
    boolean damped = false;
    for (int k = 0; k < m.nv(); k++) {
      damped |= m.dofDamping(k) > 0;
    }
    for (int s = 0; s < m.nsensor(); s++) {
      for (int r = 0; r < m.sensorDim(s); r++) {
        skip[m.sensorAdr(s) + r] = damped && m.sensorType(s).stage == SensorType.Stage.ACC;
      }
    }
    compare(name + " C", ReferenceFiles.doubles(ref.get("C")), t.C(), nx, skip);
    compare(name + " D", ReferenceFiles.doubles(ref.get("D")), t.D(), nu, skip);
  }

  private static void compare(String what, double[] expected, double[][] actual, int cols) {
    compare(what, expected, actual, cols, new boolean[actual.length]);
  }

  private static void compare(String what, double[] expected, double[][] actual, int cols, boolean[] skip) {
    assertEquals(expected.length, actual.length * cols, what + ": size");
    for (int i = 0; i < actual.length; i++) {
      if (skip[i]) {
        continue;
      }
      for (int j = 0; j < cols; j++) {
        double e = expected[i * cols + j], a = actual[i][j];
        assertEquals(e, a, 1e-6 * (1 + Math.abs(e)), what + "[" + i + "][" + j + "]");
      }
    }
  }
}
