package org.diffart.sim.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What mesh and height field assets share: MuJoCo's default name, the file's path and reading it. */
final class MjcfAssetFiles {
  private MjcfAssetFiles() {}

  /**
   * The asset's {@code name}, or MuJoCo's default: its file's name without directory and extension; registered under
   * {@code kind}.
   */
  static String name(XmlElement e, String file, String kind, NamedElements names) {
    String name = e.string("name", "").strip();
    if (name.isEmpty() && !file.isEmpty()) {
      String base = Path.of(file).getFileName().toString();
      name = base.contains(".") ? base.substring(0, base.lastIndexOf('.')) : base;
    }
    if (name.isEmpty()) {
      throw e.error("a " + kind + " needs a name or a file");
    }
    names.register(kind, name, e);
    return name;
  }

  /** The asset file's path: against the compiler's meshdir and the directory of the file that holds the element. */
  static Path path(XmlElement e, MjcfCompiler compiler, String file) {
    Path dir = e.source() == null ? Path.of("") : Path.of(e.source()).toAbsolutePath().getParent();
    return dir.resolve(compiler.meshdir()).resolve(file);
  }

  /** The file's bytes, or an error naming the element's line and the file. */
  static byte[] read(XmlElement e, Path path, String what) {
    try {
      return Files.readAllBytes(path);
    } catch (IOException ex) {
      throw e.error("cannot read " + what + " file " + path + (Files.exists(path) ? ": " + ex.getMessage()
          : ": no such file"));
    }
  }
}
