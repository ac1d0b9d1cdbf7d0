package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The DeepMind Control Suite's MJCF files, unchanged ({@code datasets/models/dm_control}): each
 * loads, or is refused for the reason listed here, and each that loads has the dynamics of MuJoCo
 * 2.2.2 on the reference states of {@code datasets/reference/dm_control} (contacts disabled).
 *
 * <p>{@link #BLOCKED} is the state of issue 10: when a file starts to load, this test fails until
 * it is taken off the list, so the list cannot go stale.
 */
class DmControlSuiteTest {
  /** The first refusal of each file that does not load yet: a fragment of the loader's message. */
  static final Map<String, String> BLOCKED = Map.of();

  static Path suite() {
    return ReferenceFiles.repoRoot().resolve("datasets/models/dm_control");
  }

  static List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(suite())) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".xml"))
          .map(n -> n.substring(0, n.length() - 4))
          .sorted()
          .toList();
    }
  }

  static List<String> loading() throws IOException {
    return files().stream().filter(n -> !BLOCKED.containsKey(n)).toList();
  }

  static List<String> referencesOfLoading() throws IOException {
    List<String> loads = loading();
    return ReferenceFiles.names("dm_control").stream()
        .filter(n -> loads.contains(n.substring(n.indexOf('/') + 1)))
        .toList();
  }

  @Test
  void theSuiteIsComplete() throws IOException {
    assertEquals(
        19, files().size(), "the 19 files of dm_control 1.0.7's suite that MuJoCo 2.2.2 loads");
    assertTrue(
        files().containsAll(BLOCKED.keySet()), () -> "listed but absent: " + BLOCKED.keySet());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void loadsUnchangedOrIsRefusedAsListed(String name) {
    assertLoadsOrIsRefused(
        suite().resolve(name + ".xml"), BLOCKED.get(name), "DmControlSuiteTest.BLOCKED");
  }

  /**
   * {@code file} loads when {@code blocker} is null; else it is refused with a message that
   * contains {@code blocker}, and a file that loads fails the test, naming the {@code list} to take
   * it off.
   */
  static void assertLoadsOrIsRefused(Path file, String blocker, String list) {
    String name = file.getFileName().toString();
    if (blocker == null) {
      ModelLoader.load(file);
      return;
    }
    ModelFormatException e =
        assertThrows(
            ModelFormatException.class,
            () -> ModelLoader.load(file),
            () -> name + " loads now: take it off " + list);
    assertTrue(
        e.getMessage().contains(blocker),
        () ->
            name + ": refused for another reason than listed (" + blocker + "): " + e.getMessage());
  }

  @Test
  void everyLoadingFileHasAMujocoReferenceOrAReasonWhyNot() throws IOException {
    TreeSet<String> missing = new TreeSet<>(loading());
    referencesOfLoading().forEach(n -> missing.remove(n.substring(n.indexOf('/') + 1)));
    assertEquals(
        new TreeSet<>(), missing, "loading files without datasets/reference/dm_control/NAME.json");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("referencesOfLoading")
  void dynamicsMatchMujoco(String reference) {
    MujocoReferenceTest.assertInertiasMatchMujoco(reference);
    MujocoReferenceTest.assertDynamicsMatchMujoco(reference);
  }
}
