package org.diffart.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md stays true of sim: its packages exist, no import runs up a floor, no two files
 * call each other.
 */
class ArchitectureTest {
  private static final Path ROOT = ReferenceFiles.repoRoot();
  private static final Path SRC = ROOT.resolve("sim/src/main/java/org/diffart/sim");
  private static final Pattern FLOOR =
      Pattern.compile("^\\| (\\d+) \\| `([a-z.]+)` \\|", Pattern.MULTILINE);
  private static final Pattern REF = Pattern.compile("\\borg\\.diffart\\.sim\\.([a-z.]+)\\.[A-Z]");

  /** The floor of each sim package, from ARCHITECTURE.md's table. */
  private static Map<String, Integer> floors() throws IOException {
    Map<String, Integer> f = new TreeMap<>();
    Matcher m = FLOOR.matcher(Files.readString(ROOT.resolve("ARCHITECTURE.md")));
    while (m.find()) {
      f.put(m.group(2), Integer.parseInt(m.group(1)));
    }
    return f;
  }

  /** Every main source file of sim, by package. */
  private static Map<String, List<Path>> sources() throws IOException {
    Map<String, List<Path>> s = new TreeMap<>();
    try (var files = Files.walk(SRC)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        s.computeIfAbsent(
                SRC.relativize(p.getParent()).toString().replace('/', '.'), k -> new ArrayList<>())
            .add(p);
      }
    }
    return s;
  }

  /** The code of a file without comments and string literals. */
  private static String code(Path p) throws IOException {
    return Files.readString(p)
        .replaceAll("(?s)/\\*.*?\\*/", "")
        .replaceAll("//[^\n]*", "")
        .replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"");
  }

  @Test
  void thePackagesNamedAreThePackagesThatExist() throws IOException {
    assertEquals(
        new TreeSet<>(sources().keySet()),
        new TreeSet<>(floors().keySet()),
        "ARCHITECTURE.md's floors of sim against sim/src/main/java/org/diffart/sim");
  }

  @Test
  void noReferenceRunsUpOrSideways() throws IOException {
    Map<String, Integer> floor = floors();
    List<String> up = new ArrayList<>();
    for (var e : sources().entrySet()) {
      for (Path p : e.getValue()) {
        Matcher m = REF.matcher(code(p));
        while (m.find()) {
          String to = m.group(1);
          if (!to.equals(e.getKey())
              && floor.containsKey(to)
              && floor.get(to) >= floor.get(e.getKey())) {
            up.add(SRC.relativize(p) + " -> " + to);
          }
        }
      }
    }
    assertEquals(
        List.of(),
        up.stream().distinct().toList(),
        "references to a package on the same or a higher floor");
  }

  @Test
  void noTwoFilesOfTheStepCallEachOther() throws IOException {
    Map<String, String> code = new TreeMap<>();
    for (var e : sources().entrySet()) {
      if (e.getKey().startsWith("algo")) {
        for (Path p : e.getValue()) {
          code.put(
              p.getFileName().toString().replace(".java", ""),
              code(p).replaceAll("(?m)^import [^\n]*\n", ""));
        }
      }
    }
    List<String> loops = new ArrayList<>();
    for (String a : code.keySet()) {
      for (String b : code.keySet()) {
        if (a.compareTo(b) < 0 && uses(code.get(a), b) && uses(code.get(b), a)) {
          loops.add(a + " <-> " + b);
        }
      }
    }
    assertEquals(List.of(), loops);
  }

  @Test
  void everyAdjointSitsBesideItsForwardAndLongFilesAreExplained() throws IOException {
    String doc = Files.readString(ROOT.resolve("ARCHITECTURE.md"));
    for (List<Path> files : sources().values()) {
      for (Path p : files) {
        String name = p.getFileName().toString();
        if (name.endsWith("Adjoint.java")) {
          assertTrue(
              Files.exists(p.resolveSibling(name.replace("Adjoint.java", ".java"))),
              p + " without its forward");
        }
        long lines = Files.readAllLines(p).size();
        assertTrue(
            lines <= 800 || doc.contains(name.replace(".java", "")),
            p + " has " + lines + " lines and ARCHITECTURE.md does not say why");
      }
    }
  }

  private static boolean uses(String code, String cls) {
    return Pattern.compile("\\b" + cls + "\\b").matcher(code).find();
  }
}
