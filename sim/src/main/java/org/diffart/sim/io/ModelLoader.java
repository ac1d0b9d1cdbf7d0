package org.diffart.sim.io;

import java.nio.file.Path;
import java.util.Locale;
import org.diffart.sim.model.Model;

/**
 * Loads a model from the specification the command line and the notebooks use: a path ending in
 * {@code .xml} (MJCF, see {@link MjcfLoader}), a path ending in {@code .urdf} (URDF with a fixed
 * base, see {@link UrdfLoader}), or {@code builtin:NAME[:ARG]} (see {@link Builtins}).
 */
public final class ModelLoader {
  private static final String BUILTIN = "builtin:";

  private ModelLoader() {}

  /**
   * Loads {@code spec}: a model file path or {@code builtin:NAME[:ARG]}.
   *
   * @throws ModelFormatException when the file is not a valid model, naming file, line and element
   * @throws IllegalArgumentException for an unknown format or built-in name
   * @throws java.io.UncheckedIOException when the file cannot be read
   */
  public static Model load(String spec) {
    if (spec.startsWith(BUILTIN)) {
      return Builtins.load(spec.substring(BUILTIN.length()));
    }
    return load(Path.of(spec));
  }

  /**
   * Loads a model file, choosing the format by its extension ({@code .xml} MJCF, {@code .urdf}
   * URDF).
   */
  public static Model load(Path path) {
    String name =
        path.getFileName() == null ? "" : path.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".xml")) {
      return MjcfLoader.load(path);
    }
    if (name.endsWith(".urdf")) {
      return UrdfLoader.load(path);
    }
    throw new IllegalArgumentException(
        "unknown model format '"
            + path
            + "': expected an MJCF file (.xml), a URDF"
            + " file (.urdf) or builtin:NAME[:ARG] ("
            + String.join(", ", Builtins.names())
            + ")");
  }

  /**
   * Loads inline MJCF text, e.g. the body of a notebook's {@code %%model} cell; {@code sourceName}
   * names it.
   */
  public static Model loadMjcfString(String xml, String sourceName) {
    return MjcfLoader.loadString(xml, sourceName);
  }

  /**
   * As {@link #loadMjcfString(String, String)} for text that starts at line {@code firstLine} of
   * its source.
   */
  public static Model loadMjcfString(String xml, String sourceName, int firstLine) {
    return MjcfLoader.loadString(xml, sourceName, firstLine);
  }
}
