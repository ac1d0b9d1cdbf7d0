package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code %reproduce}'s argument errors; the experiments themselves run through it in notebooks 04
 * and 05 (and in {@code CheckpointIntervalTest}, {@code ReproduceCommandTest}).
 */
class ReproduceMagicTest {
  private final Magics magics = new Magics();

  @TempDir java.nio.file.Path dir;

  ReproduceMagicTest() {
    DiffartExtension.install(new PlainHost(), magics);
  }

  private void assertUsage(String expected, String... args) {
    MagicUsageException e =
        assertThrows(
            MagicUsageException.class, () -> magics.applyLineMagic("reproduce", List.of(args)));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertTrue(
        e.getMessage().contains("%reproduce NAME [--quick | --full] [--out DIR]"), e.getMessage());
  }

  @Test
  void badArgumentsSayWhatIsWrongWithTheUsage() {
    assertUsage(
        "unknown experiment 'table-1'; available: "
            + String.join(", ", org.diffart.reproduce.Experiments.names()),
        "table-1");
    assertUsage("--quick and --full exclude each other", "backward-per-step", "--quick", "--full");
    assertUsage("name", "--quick");
  }

  @Test
  void sweepRunsASweepsUnitsAndRefusesAnExperimentThatIsNot() throws Exception {
    org.diffart.reproduce.SweepProbe.plan(List.of("v-0", "fail-1", "v-2"));
    try {
      org.diffart.reproduce.Report r =
          magics.applyLineMagic(
              "sweep",
              List.of("sweep-probe", "--quick", "--runner", "inprocess", "--out", dir.toString()));
      assertEquals(3, r.rows().size());
      assertEquals("failed: unit fail-1 fails on purpose", r.rows().get(1).status());
    } finally {
      org.diffart.reproduce.SweepProbe.plan(List.of("v-0", "v-1", "v-2"));
    }
    MagicUsageException e =
        assertThrows(
            MagicUsageException.class,
            () -> magics.applyLineMagic("sweep", List.of("backward-per-step", "--quick")));
    assertTrue(e.getMessage().contains("is not a sweep of independent units"), e.getMessage());
    assertTrue(e.getMessage().contains("rl-pendulum"), e.getMessage());
    assertTrue(e.getMessage().contains("%sweep NAME [--quick | --full]"), e.getMessage());
  }
}
