package org.diffart.sim.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What mesh and height field assets share: MuJoCo's default name, the file's path and reading it.
 */
final class MjcfAssetFiles {
  private MjcfAssetFiles() {}

  /**
   * The asset's {@code name}, or MuJoCo's default: its file's name without directory and extension;
   * registered under {@code kind}.
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

  /** The zip archives opened as asset directories, one file system each for the life of the JVM. */
  private static final Map<Path, FileSystem> ARCHIVES = new ConcurrentHashMap<>();

  /**
   * The asset file's path: against the compiler's meshdir and the directory of the file that holds
   * the element. A meshdir that is not a directory but has a zip archive of its name beside it
   * ({@code dog_assets.zip} holding {@code dog_assets/}) is read from the archive, so that large
   * asset sets can ship compressed. With the compiler's {@code strippath} the file name loses its
   * directories first, as MuJoCo's does.
   */
  static Path path(XmlElement e, MjcfCompiler compiler, String file) {
    Path dir = e.source() == null ? Path.of("") : Path.of(e.source()).toAbsolutePath().getParent();
    Path assets = dir.resolve(compiler.meshdir());
    if (!compiler.meshdir().isEmpty()
        && !Files.isDirectory(assets)
        && assets.getFileName() != null) {
      Path zip = assets.resolveSibling(assets.getFileName() + ".zip");
      if (Files.isRegularFile(zip)) {
        assets = archive(e, zip).getPath("/", assets.getFileName().toString());
      }
    }
    String name = file;
    if (compiler.stripPath()) {
      int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
      name = file.substring(slash + 1);
    }
    return assets.resolve(name);
  }

  private static FileSystem archive(XmlElement e, Path zip) {
    try {
      return ARCHIVES.computeIfAbsent(
          zip.toAbsolutePath().normalize(),
          z -> {
            try {
              return FileSystems.newFileSystem(z);
            } catch (IOException ex) {
              throw new UncheckedIOException(ex);
            }
          });
    } catch (UncheckedIOException ex) {
      throw e.error("cannot open the asset archive " + zip + ": " + ex.getCause().getMessage());
    }
  }

  /** The file's bytes, or an error naming the element's line and the file. */
  static byte[] read(XmlElement e, Path path, String what) {
    try {
      return Files.readAllBytes(path);
    } catch (IOException ex) {
      throw e.error(
          "cannot read "
              + what
              + " file "
              + path
              + (Files.exists(path) ? ": " + ex.getMessage() : ": no such file"));
    }
  }
}
