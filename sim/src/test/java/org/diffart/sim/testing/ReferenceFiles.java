package org.diffart.sim.testing;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * The MuJoCo 2.2.2 reference outputs committed under {@code datasets/reference} and the model files
 * behind them.
 */
public final class ReferenceFiles {
  private ReferenceFiles() {}

  /**
   * The repository root, found from the working directory of the test (a module directory or the
   * root).
   */
  public static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("datasets/reference"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException(
          "datasets/reference not found above " + Path.of("").toAbsolutePath());
    }
    return p;
  }

  /** Names (without .json) of every reference file directly in {@code datasets/reference}. */
  public static List<String> names() {
    return names("");
  }

  /**
   * Names of the reference files in a subdirectory of {@code datasets/reference}, prefixed by it
   * (e.g. {@code dm_control/acrobot}); their models lie in the same subdirectory of {@code
   * datasets/models}.
   */
  public static List<String> names(String subdirectory) {
    String prefix = subdirectory.isEmpty() ? "" : subdirectory + "/";
    return jsonStems(repoRoot().resolve("datasets/reference/" + prefix)).stream()
        .map(n -> prefix + n)
        .toList();
  }

  /** The names of the JSON files in {@code dir}, without their extension, sorted. */
  public static List<String> jsonStems(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".json"))
          .map(n -> n.substring(0, n.length() - 5))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The MJCF or URDF file behind the reference file {@code name} (as {@link #names(String)} gives
   * it): in the reference's own subdirectory of {@code datasets/models}, or in the one its {@code
   * models_dir} names (the MuJoCo 3.14 references of {@code datasets/models/menagerie}).
   */
  public static Path modelOf(String name) {
    JsonObject ref = json(name);
    String file = ref.get("model").getAsString();
    int slash = name.lastIndexOf('/');
    if (ref.has("models_dir")) {
      return repoRoot()
          .resolve("datasets/models/" + ref.get("models_dir").getAsString() + "/" + file);
    }
    return slash < 0
        ? model(file)
        : repoRoot().resolve("datasets/models/" + name.substring(0, slash + 1) + file);
  }

  /** The parsed reference file. */
  public static JsonObject json(String name) {
    try {
      return JsonParser.parseString(
              Files.readString(repoRoot().resolve("datasets/reference/" + name + ".json")))
          .getAsJsonObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The MJCF file of a reference: in datasets/models or datasets/reference/models. */
  public static Path model(String file) {
    Path root = repoRoot();
    Path a = root.resolve("datasets/models/" + file);
    return Files.exists(a) ? a : root.resolve("datasets/reference/models/" + file);
  }

  /** The model of an MJCF file with another integrator. */
  public static Model load(Path file, Integrator integrator) {
    Model m = ModelLoader.load(file.toString());
    return m.withOptions(m.opt().toBuilder().integrator(integrator).build());
  }

  /** A JSON array of numbers as doubles. */
  public static double[] doubles(JsonElement e) {
    JsonArray a = e.getAsJsonArray();
    double[] out = new double[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).getAsDouble();
    }
    return out;
  }

  /** A fresh data of m in the reference's state: its {@code qpos, qvel, act, ctrl}. */
  public static Data state(Model m, JsonObject ref) {
    Data d = new Data(m);
    System.arraycopy(doubles(ref.get("qpos")), 0, d.qpos, 0, m.nq());
    System.arraycopy(doubles(ref.get("qvel")), 0, d.qvel, 0, m.nv());
    System.arraycopy(doubles(ref.get("act")), 0, d.act, 0, m.na());
    System.arraycopy(doubles(ref.get("ctrl")), 0, d.ctrl, 0, m.nu());
    return d;
  }

  /**
   * Steps d through a MuJoCo 3.14 trajectory reference ({@code ctrl} per step, the {@code states}
   * after each step: {@code qpos, qvel}, and {@code act} and {@code qacc} where the reference holds
   * them) with {@link org.diffart.sim.algo.Step#step}, asserting every state within {@code tol}
   * relative to {@code 1 + |want|}; returns the worst relative error.
   */
  public static double assertTrajectory(String name, Model m, Data d, JsonObject ref, double tol) {
    JsonArray ctrl = ref.getAsJsonArray("ctrl"), states = ref.getAsJsonArray("states");
    double worst = 0;
    for (int t = 0; t < states.size(); t++) {
      System.arraycopy(doubles(ctrl.get(t)), 0, d.ctrl, 0, m.nu());
      org.diffart.sim.algo.Step.step(m, d);
      JsonObject s = states.get(t).getAsJsonObject();
      for (String f : new String[] {"qpos", "qvel", "act", "qacc"}) {
        if (!s.has(f)) {
          continue;
        }
        double[] want = doubles(s.get(f));
        double[] got =
            switch (f) {
              case "qpos" -> d.qpos;
              case "qvel" -> d.qvel;
              case "act" -> d.act;
              default -> d.qacc;
            };
        for (int i = 0; i < want.length; i++) {
          double rel = Math.abs(got[i] - want[i]) / (1 + Math.abs(want[i]));
          if (!(rel < tol)) {
            throw new AssertionError(
                name + " step " + (t + 1) + " " + f + "[" + i + "]: " + got[i] + " vs " + want[i]);
          }
          worst = Math.max(worst, rel);
        }
      }
    }
    return worst;
  }
}
