package org.diffart.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.DisplayStream;
import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProgressTest {

  /** Records what would be published: "display" or "update", with the plain text. */
  private static final class RecordingStream extends DisplayStream {
    final List<String> events = new ArrayList<>();
    final List<String> ids = new ArrayList<>();

    @Override
    public void display(DisplayData data) {
      record("display", data);
    }

    @Override
    public void updateDisplay(DisplayData data) {
      record("update", data);
    }

    private void record(String kind, DisplayData data) {
      events.add(
          kind
              + ": "
              + data.getData(
                  io.github.spencerpark.jupyter.kernel.display.mime.MIMEType.TEXT_PLAIN));
      ids.add(data.getDisplayId());
    }
  }

  private long now;
  private final RecordingStream stream = new RecordingStream();

  @Test
  void quickWorkShowsNothing() {
    Progress p = Progress.start(stream, "rollout cpu", 100, "steps", () -> now);
    now = 900_000_000L;
    p.update(100);
    assertEquals(Duration.ofMillis(900), p.finish());
    assertEquals(List.of(), stream.events);
  }

  @Test
  void longWorkShowsABarUpdatedInPlaceAndEndsWithItsDuration() {
    Progress p = Progress.start(stream, "rollout cpu", 1000, "steps", () -> now);
    now = 1_000_000_000L;
    p.update(300);
    now += 100_000_000L;
    p.update(350); // too soon to refresh
    now += 200_000_000L;
    p.update(600);
    now += 1_200_000_000L;
    p.finish();
    p.close();
    assertEquals(
        List.of(
            "display: rollout cpu: 300 / 1000 steps, 1.00 s",
            "update: rollout cpu: 600 / 1000 steps, 1.30 s",
            "update: rollout cpu: 1000 steps in 2.50 s"),
        stream.events);
    assertEquals(1, stream.ids.stream().distinct().count());
    assertTrue(p.shown());
  }

  @Test
  void aNewDetailRefreshesTheBarAtOnceAndTheEndDropsIt() {
    Progress p = Progress.start(stream, "sweep", 3, "units", () -> now);
    now = 1_000_000_000L;
    p.update(1, "[1/3] a finished in 1.0 s");
    now += 10_000_000L;
    p.update(2, "[1/3] a finished in 1.0 s\n[2/3] b finished in 1.0 s"); // at once: a new unit
    now += 10_000_000L;
    p.update(2, "[1/3] a finished in 1.0 s\n[2/3] b finished in 1.0 s"); // nothing new, too soon
    now += 1_000_000_000L;
    p.finish();
    assertEquals(
        List.of(
            "display: sweep: 1 / 3 units, 1.00 s\n[1/3] a finished in 1.0 s",
            "update: sweep: 2 / 3 units, 1.01 s\n[1/3] a finished in 1.0 s\n[2/3] b finished in 1.0 s",
            "update: sweep: 3 units in 2.02 s"),
        stream.events);
  }
}
