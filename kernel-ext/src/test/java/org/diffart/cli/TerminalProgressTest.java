package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TerminalProgressTest {
  private static final Duration TICK = Duration.ofMillis(5);

  @Test
  void aShownLineEndsWithTheTotalTime() {
    StringWriter err = new StringWriter();

    String result =
        TerminalProgress.during(
            new PrintWriter(err),
            "rollout",
            Duration.ZERO,
            TICK,
            true,
            () -> {
              awaitOutput(err);
              return "done";
            });

    assertEquals("done", result);
    String text = err.toString();
    assertTrue(text.startsWith("\rrollout, "), text);
    assertTrue(text.contains("\rrollout: ") && text.endsWith(System.lineSeparator()), text);
  }

  @Test
  void quickWorkAndDisabledProgressShowNothing() {
    StringWriter err = new StringWriter();
    PrintWriter w = new PrintWriter(err);

    assertEquals(1, TerminalProgress.during(w, "quick", Duration.ofHours(1), TICK, true, () -> 1));
    assertEquals(2, TerminalProgress.during(w, "off", Duration.ZERO, TICK, false, () -> 2));

    assertEquals("", err.toString());
  }

  @Test
  void aFailureStillEndsTheLine() {
    StringWriter err = new StringWriter();

    assertThrows(
        IllegalStateException.class,
        () ->
            TerminalProgress.during(
                new PrintWriter(err),
                "failing",
                Duration.ZERO,
                TICK,
                true,
                () -> {
                  awaitOutput(err);
                  throw new IllegalStateException("boom");
                }));
    assertTrue(
        err.toString().endsWith(" s in all\u001b[K" + System.lineSeparator()), err.toString());
  }

  /** Waits (at most 10 s) until the ticker has written something. */
  private static void awaitOutput(StringWriter err) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (err.toString().isEmpty() && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
  }
}
