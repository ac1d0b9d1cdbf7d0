package org.diffart.kernel.magic;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code %reproduce}'s argument errors; the experiments themselves run through it in notebooks 04
 * and 05 (and in {@code CheckpointIntervalTest}, {@code ReproduceCommandTest}).
 */
class ReproduceMagicTest {
  private final Magics magics = new Magics();

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
}
