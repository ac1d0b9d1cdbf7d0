package org.diffart.reproduce;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * A sweep's finished units on disk, one pair of files per unit as it arrives: {@code KEY.csv} (its
 * rows, to read; none for a unit without rows) and {@code KEY.unit} (the exact result, to resume
 * from). A unit is read back only when it was written by the same build (a fingerprint of the code
 * this class was loaded from) for the same experiment, size and key; otherwise it runs again.
 * Failed units are not kept, so a rerun tries them again.
 */
final class SweepStore {
  private static volatile String build;

  private final Path dir;

  SweepStore(Path dir) {
    this.dir = dir;
  }

  Path dir() {
    return dir;
  }

  /** The unit's kept result, or null when none was kept by this build. */
  UnitResult read(UnitSpec u) {
    Path f = dir.resolve(u.key() + ".unit");
    if (!Files.exists(f)) {
      return null;
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new BufferedInputStream(Files.newInputStream(f)))) {
      if (!in.readUTF().equals(header(u))) {
        return null;
      }
      UnitResult r = (UnitResult) in.readObject();
      return new UnitResult(u, r.rows(), r.extra(), r.failure(), r.wallMs());
    } catch (IOException | ClassNotFoundException | ClassCastException e) {
      // unreadable (another build's classes): the unit runs again and its file is replaced
      return null;
    }
  }

  /** Keeps a finished unit: its rows as CSV, then its result, each through a temporary file. */
  void write(UnitResult r) {
    String key = r.unit().key();
    try {
      Files.createDirectories(dir);
      if (!r.rows().isEmpty()) {
        // (a unit whose result is not rows, an estimation problem's cost, has no CSV)
        Path csv = dir.resolve(key + ".csv.tmp");
        Report.csv(Report.rowsTable(key, r.rows()), csv);
        Files.move(
            csv,
            dir.resolve(key + ".csv"),
            StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      }
      Path tmp = dir.resolve(key + ".unit.tmp");
      try (ObjectOutputStream out =
          new ObjectOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
        out.writeUTF(header(r.unit()));
        out.writeObject(r);
      }
      Files.move(
          tmp,
          dir.resolve(key + ".unit"),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot keep the sweep's unit " + key + " in " + dir + ": " + e.getMessage(), e);
    }
  }

  private static String header(UnitSpec u) {
    return "diffart sweep unit "
        + u.experiment()
        + " "
        + u.size().label()
        + " "
        + u.key()
        + " build "
        + build();
  }

  /**
   * A SHA-256 of the code this class was loaded from, computed once: the kernel's jar, which holds
   * every module, or the kernel's class files in a development build (where an RL run's own state
   * still notices a change of the simulator, {@link RlUnit}).
   */
  static String build() {
    if (build == null) {
      synchronized (SweepStore.class) {
        if (build == null) {
          build = fingerprint();
        }
      }
    }
    return build;
  }

  private static String fingerprint() {
    try {
      var source = SweepStore.class.getProtectionDomain().getCodeSource();
      if (source == null) {
        return "unknown";
      }
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      Path code = Path.of(source.getLocation().toURI());
      List<Path> files;
      if (Files.isDirectory(code)) {
        try (Stream<Path> all = Files.walk(code)) {
          files = all.filter(Files::isRegularFile).sorted().toList();
        }
      } else {
        files = List.of(code);
      }
      byte[] buf = new byte[1 << 16];
      for (Path f : files) {
        sha.update(code.relativize(f).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (InputStream in = Files.newInputStream(f)) {
          for (int n; (n = in.read(buf)) > 0; ) {
            sha.update(buf, 0, n);
          }
        }
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 8);
    } catch (NoSuchAlgorithmException | URISyntaxException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the kernel's code to fingerprint it", e);
    }
  }
}
