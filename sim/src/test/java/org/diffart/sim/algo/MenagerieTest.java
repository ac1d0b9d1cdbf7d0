package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Robot models of MuJoCo Menagerie at a pinned commit, unchanged ({@code
 * datasets/models/menagerie}, its README names the commit and why each robot), judged against
 * MuJoCo 3.14.0 ({@code datasets/reference/menagerie314}, from {@code probes/menagerie_314.py}).
 * Every XML file of the corpus is tried: a file 3.14 refuses (an include fragment) is refused here
 * too; every other loads or is refused for the reason {@link #BLOCKED} lists, and that list fails
 * the test when a file starts to load, so it cannot go stale. A file that loads has MuJoCo's
 * compiled inertias and, on seeded random states with contacts disabled, its kinematics, mass
 * matrix, forces, {@code qacc_smooth} (1e-9 relative) and sensors ({@link MujocoReferenceTest}),
 * except the differences {@link #DIFFERS} lists (which must persist), and a sound 2000-step rollout
 * from where MuJoCo's own starts ({@link #twoThousandStepsAreSound}).
 */
class MenagerieTest {
  /**
   * The first refusal of each file that MuJoCo 3.14 loads and diffart does not yet: a fragment of
   * the loader's message (what follows once it is lifted: the menagerie README).
   */
  static final Map<String, String> BLOCKED = Map.of();

  /**
   * Files that load but differ from MuJoCo 3.14 where its semantics differ from 2.2.2's, which
   * diffart follows (semantics 3.14 § 8), each with a fragment of the failure expected from {@link
   * MujocoReferenceTest}'s inertia or dynamics check; every other check must pass, and the listed
   * failure must occur, so an entry cannot go stale. scene_barkour's A-frame, a body welded to the
   * world, takes its inertia from its meshes, which 3.14 computes otherwise ({@code qacc} does not
   * see it: no joint moves it). Barkour v0's accelerometer is on a site of the world body, where
   * 3.14 reads 0 and 2.2.2 +g; its MJX files, without dry friction, compare acceleration sensors
   * (the first case's other sensors, forces and accelerations are checked before it).
   */
  static final Map<String, String> DIFFERS =
      Map.of(
          "google_barkour_v0/scene_barkour.xml", "body inertias",
          "google_barkour_v0/barkour_v0_mjx.xml", "accelerometer 'accelerometer'",
          "google_barkour_v0/scene_mjx.xml", "accelerometer 'accelerometer'");

  static Path corpus() {
    return ReferenceFiles.repoRoot().resolve("datasets/models/menagerie");
  }

  /** Every XML file of the corpus, as {@code robot/file.xml}. */
  static List<String> files() throws IOException {
    try (Stream<Path> s = Files.walk(corpus(), 2)) {
      return s.map(p -> corpus().relativize(p).toString().replace('\\', '/'))
          .filter(n -> n.endsWith(".xml") && n.indexOf('/') > 0)
          .sorted()
          .toList();
    }
  }

  /** What MuJoCo 3.14 made of each file: its load or its error ({@code files.json}). */
  static Map<String, JsonObject> mujoco() {
    Map<String, JsonObject> out = new TreeMap<>();
    for (JsonElement e : ReferenceFiles.json("menagerie314/files").getAsJsonArray("files")) {
      JsonObject f = e.getAsJsonObject();
      out.put(f.get("file").getAsString(), f);
    }
    return out;
  }

  /** The files that MuJoCo 3.14 loads and that are not blocked, as reference names. */
  static List<String> loading() {
    return mujoco().values().stream()
        .filter(f -> f.get("loads").getAsBoolean())
        .map(f -> f.get("file").getAsString())
        .filter(n -> !BLOCKED.containsKey(n))
        .map(MenagerieTest::reference)
        .toList();
  }

  /** The reference name of a file: {@code menagerie314/robot__file}. */
  static String reference(String file) {
    return "menagerie314/" + file.substring(0, file.length() - 4).replace("/", "__");
  }

  @Test
  void theCorpusIsTheOneMujocoWasRunOn() throws IOException {
    assertEquals(
        List.copyOf(mujoco().keySet()), files(), "datasets/models/menagerie vs files.json");
    for (String blocked : BLOCKED.keySet()) {
      assertEquals(
          true, mujoco().get(blocked).get("loads").getAsBoolean(), blocked + ": 3.14 refuses it");
    }
    for (String differs : DIFFERS.keySet()) {
      assertEquals(
          true,
          loading().contains(reference(differs)),
          differs + " is listed in DIFFERS but does not load");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void loadsUnchangedOrIsRefusedAsListed(String file) {
    Path path = corpus().resolve(file);
    JsonObject mujoco = mujoco().get(file);
    if (mujoco.get("loads").getAsBoolean()) {
      DmControlSuiteTest.assertLoadsOrIsRefused(path, BLOCKED.get(file), "MenagerieTest.BLOCKED");
    } else {
      assertThrows(
          ModelFormatException.class,
          () -> ModelLoader.load(path),
          () -> file + " loads, MuJoCo 3.14 refuses it: " + mujoco.get("error").getAsString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("loading")
  void dynamicsMatchMujoco314(String reference) {
    String differs = DIFFERS.get(ReferenceFiles.json(reference).get("model").getAsString());
    boolean seen =
        failsAsListed(
                reference, differs, () -> MujocoReferenceTest.assertInertiasMatchMujoco(reference))
            | failsAsListed(
                reference, differs, () -> MujocoReferenceTest.assertDynamicsMatchMujoco(reference));
    assertEquals(
        differs != null,
        seen,
        () -> reference + " matches MuJoCo 3.14 now (" + differs + "): take it off DIFFERS");
  }

  /**
   * Runs {@code check}: true when it fails with a message containing {@code differs}, false when it
   * passes; any other failure is rethrown.
   */
  private static boolean failsAsListed(String reference, String differs, Runnable check) {
    try {
      check.run();
      return false;
    } catch (AssertionError e) {
      if (differs != null && e.getMessage() != null && e.getMessage().contains(differs)) {
        return true;
      }
      throw e;
    }
  }

  /**
   * 2000 steps from MuJoCo's own start (its reference's {@code rollout}: the keyframe {@code home},
   * else the file's last, else {@code qpos0}; the keyframe's controls on the servos, zero on every
   * other actuator, held throughout), judged by {@link DmControlRolloutTest#assertSound}: finite,
   * no contact deeper than 5 mm or 1.5 times MuJoCo 3.14's deepest on its own rollout, and no
   * launch: the mechanical energy, with the servos' stored energy at their held controls, never
   * rises by more than 1 % of its scale. At constant controls a servo is a spring and a damper (its
   * force clamped to its range is still the derivative of a potential, and the clamp keeps the
   * damper dissipative), and joint damping, dry friction and inelastic contacts only take energy
   * out; so no state of the rollout can gain height or speed beyond what that energy pays for.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("loading")
  void twoThousandStepsAreSound(String reference) {
    JsonObject rollout = ReferenceFiles.json(reference).getAsJsonObject("rollout");
    Model m = ModelLoader.load(ReferenceFiles.modelOf(reference));
    Data d = new Data(m);
    System.arraycopy(ReferenceFiles.doubles(rollout.get("qpos")), 0, d.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(rollout.get("qvel")), 0, d.qvel, 0, m.nv());
    System.arraycopy(ReferenceFiles.doubles(rollout.get("ctrl")), 0, d.ctrl, 0, m.nu());
    DmControlRolloutTest.assertSound(m, d, reference, rollout.get("deepest_m").getAsDouble());
  }
}
