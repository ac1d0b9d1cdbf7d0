package org.diffart.kernel.display;

import io.github.spencerpark.jupyter.kernel.DisplayStream;
import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import java.time.Duration;
import java.util.Locale;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * A progress bar for long work, shown in the cell once the work has run for {@link #SHOW_AFTER} and
 * then updated in place ({@code update_display_data}) at most every {@link #UPDATE_EVERY}. When the
 * work ends, a bar that was shown is replaced by how long the work took; quick work shows nothing.
 *
 * <p>Call {@link #update} from the working thread as often as convenient; it is cheap between
 * refreshes.
 */
public final class Progress implements AutoCloseable {

  /** How long work runs before its progress appears. */
  public static final Duration SHOW_AFTER = Duration.ofSeconds(1);

  /** The shortest interval between two refreshes of the bar. */
  public static final Duration UPDATE_EVERY = Duration.ofMillis(250);

  private final DisplayStream display;
  private final String task;
  private final long total;
  private final String unit;
  private final LongSupplier nanoClock;
  private final long startNanos;
  private final String displayId = UUID.randomUUID().toString();
  private long lastShownNanos;
  private boolean shown;
  private Duration took;
  private String detail = "";

  private Progress(
      DisplayStream display, String task, long total, String unit, LongSupplier nanoClock) {
    this.display = display;
    this.task = task;
    this.total = total;
    this.unit = unit;
    this.nanoClock = nanoClock;
    this.startNanos = nanoClock.getAsLong();
  }

  /**
   * Starts timing a piece of work; nothing is shown yet.
   *
   * @param display the kernel's display stream ({@code kernel.getIO().display})
   * @param task what is being done, e.g. {@code "rollout cpu"}
   * @param total the amount of work, in {@code unit}s
   * @param unit the unit of work, e.g. {@code "steps"}
   */
  public static Progress start(DisplayStream display, String task, long total, String unit) {
    return start(display, task, total, unit, System::nanoTime);
  }

  static Progress start(
      DisplayStream display, String task, long total, String unit, LongSupplier nanoClock) {
    return new Progress(display, task, total, unit, nanoClock);
  }

  /**
   * Reports how much work is done; shows or refreshes the bar when it is due.
   *
   * @param done work done so far, in units, at most the total
   */
  public void update(long done) {
    update(done, detail);
  }

  /**
   * Reports how much work is done and what to show under the bar (the last units a sweep finished);
   * a new detail refreshes a shown bar at once.
   *
   * @param done work done so far, in units, at most the total
   * @param detail lines shown under the bar until the work ends
   */
  public void update(long done, String detail) {
    boolean changed = !detail.equals(this.detail);
    this.detail = detail;
    long now = nanoClock.getAsLong();
    if (shown && changed) {
      lastShownNanos = now;
      display.updateDisplay(barContent(done, now));
    } else if (!shown) {
      if (now - startNanos >= SHOW_AFTER.toNanos()) {
        shown = true;
        lastShownNanos = now;
        display.display(barContent(done, now));
      }
    } else if (now - lastShownNanos >= UPDATE_EVERY.toNanos()) {
      lastShownNanos = now;
      display.updateDisplay(barContent(done, now));
    }
  }

  /**
   * Ends the work: a shown bar becomes a line saying how long the work took. Further calls return
   * the same duration.
   *
   * @return the time since {@link #start}
   */
  public Duration finish() {
    if (took == null) {
      took = Duration.ofNanos(nanoClock.getAsLong() - startNanos);
      if (shown) {
        String line =
            String.format(
                Locale.ROOT, "%s: %d %s in %s", task, total, unit, seconds(took.toNanos()));
        display.updateDisplay(content(line, ""));
      }
    }
    return took;
  }

  /** Same as {@link #finish()}. */
  @Override
  public void close() {
    finish();
  }

  /** Whether the bar has been shown. */
  public boolean shown() {
    return shown;
  }

  private DisplayData barContent(long done, long now) {
    String line =
        String.format(
            Locale.ROOT, "%s: %d / %d %s, %s", task, done, total, unit, seconds(now - startNanos));
    return content(
        line,
        "<progress value=\"" + done + "\" max=\"" + Math.max(total, 1) + "\"></progress> ",
        detail);
  }

  private DisplayData content(String line, String barHtml) {
    return content(line, barHtml, "");
  }

  private DisplayData content(String line, String barHtml, String detail) {
    DisplayData data = new DisplayData(detail.isEmpty() ? line : line + "\n" + detail);
    data.putHTML(
        "<div class=\"diffart-progress\">"
            + barHtml
            + TableHtml.escape(line)
            + (detail.isEmpty() ? "" : "<pre>" + TableHtml.escape(detail) + "</pre>")
            + "</div>");
    data.setDisplayId(displayId);
    return data;
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
  }
}
