package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MuJoCo 2.2.2's own sample models of rigid bodies ({@code datasets/models/mujoco_samples}, from
 * Debian's {@code libmujoco-samples}), unchanged: each loads or is refused for the reason listed
 * here; each that loads has MuJoCo's dynamics on the reference states of {@code
 * datasets/reference/mujoco_samples} (contacts disabled) and a sound 2000-step rollout from rest
 * ({@link DmControlRolloutTest#assertSound}). As {@link DmControlSuiteTest}, the list of refusals
 * fails the test when a file starts to load, so it cannot go stale.
 */
class MujocoSamplesTest {
  /**
   * The first refusal of each sample that does not load yet: a fragment of the loader's message.
   */
  static final Map<String, String> BLOCKED = Map.of();

  /** Files that other samples include, not models of their own. */
  static final List<String> INCLUDED = List.of("humanoid_body");

  static Path samples() {
    return ReferenceFiles.repoRoot().resolve("datasets/models/mujoco_samples");
  }

  static List<String> files() throws IOException {
    try (Stream<Path> s = Files.list(samples())) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".xml"))
          .map(n -> n.substring(0, n.length() - 4))
          .filter(n -> !INCLUDED.contains(n))
          .sorted()
          .toList();
    }
  }

  static List<String> loading() throws IOException {
    return files().stream().filter(n -> !BLOCKED.containsKey(n)).toList();
  }

  static List<String> references() {
    return ReferenceFiles.names("mujoco_samples");
  }

  @Test
  void theSamplesAreThoseOfRigidBodies() throws IOException {
    assertEquals(
        List.of(
            "22_humanoids",
            "active_adhesion",
            "arm26",
            "humanoid",
            "humanoid100",
            "mug",
            "slider_crank"),
        files());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void loadsUnchangedOrIsRefusedAsListed(String name) {
    DmControlSuiteTest.assertLoadsOrIsRefused(
        samples().resolve(name + ".xml"), BLOCKED.get(name), "MujocoSamplesTest.BLOCKED");
  }

  @Test
  void everyLoadingSampleHasAMujocoReference() throws IOException {
    TreeSet<String> missing = new TreeSet<>(loading());
    references().forEach(n -> missing.remove(n.substring(n.indexOf('/') + 1)));
    assertEquals(
        new TreeSet<>(),
        missing,
        "loading samples without datasets/reference/mujoco_samples/NAME.json");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("references")
  void dynamicsMatchMujoco(String reference) {
    MujocoReferenceTest.assertInertiasMatchMujoco(reference);
    MujocoReferenceTest.assertDynamicsMatchMujoco(reference);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("loading")
  void twoThousandStepsFromRestAreSound(String name) {
    DmControlRolloutTest.assertSound(
        ModelLoader.load(samples().resolve(name + ".xml")),
        name,
        DmControlRolloutTest.mujocoDeepest("mujoco_samples", name));
  }
}
