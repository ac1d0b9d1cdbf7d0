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

/** The MuJoCo 2.2.2 reference outputs committed under {@code datasets/reference} and the model files behind them. */
public final class ReferenceFiles {
  private ReferenceFiles() {}

  /** The repository root, found from the working directory of the test (a module directory or the root). */
  public static Path repoRoot() {
    Path p = Path.of("").toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("datasets/reference"))) {
      p = p.getParent();
    }
    if (p == null) {
      throw new IllegalStateException("datasets/reference not found above " + Path.of("").toAbsolutePath());
    }
    return p;
  }

  /** Names (without .json) of every reference file. */
  public static List<String> names() {
    try (Stream<Path> s = Files.list(repoRoot().resolve("datasets/reference"))) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
          .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The parsed reference file. */
  public static JsonObject json(String name) {
    try {
      return JsonParser.parseString(Files.readString(repoRoot().resolve("datasets/reference/" + name + ".json")))
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

  /** A JSON array of numbers as doubles. */
  public static double[] doubles(JsonElement e) {
    JsonArray a = e.getAsJsonArray();
    double[] out = new double[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).getAsDouble();
    }
    return out;
  }
}
