package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.diffart.kernel.display.TableHtml;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The documentation of every magic a kernel offers: {@code %lsmagic} lists them, {@code %help NAME}
 * and {@code %NAME --help} show one. Whoever registers a magic registers its help here too.
 */
public final class MagicHelp {
  /** One magic's documentation. */
  public record Entry(String name, boolean cell, String usage, String description) {}

  private static final Map<String, Entry> ENTRIES = new ConcurrentHashMap<>();

  private MagicHelp() {}

  /** Registers (or replaces) a magic's documentation. */
  public static void register(String name, boolean cell, String usage, String description) {
    ENTRIES.put(key(name, cell), new Entry(name, cell, usage, description));
  }

  private static String key(String name, boolean cell) {
    return (cell ? "%%" : "%") + name;
  }

  /**
   * What {@code %lsmagic} shows: every magic as a table in HTML and as text under {@link #WIDTH}
   * columns (name, what it does, then its usage, wrapped and indented).
   *
   * @param table one row per magic: magic, what it does, usage
   */
  public record Listing(Table table) implements DisplayDataRenderable {
    /** The widest line of the text form. */
    public static final int WIDTH = 99;

    /**
     * The listing as text: each magic's name, then what it does and its usage, wrapped under {@link
     * #WIDTH}.
     */
    public String text() {
      int indent =
          2
              + table.stringColumn("magic").asList().stream()
                  .mapToInt(String::length)
                  .max()
                  .orElse(0);
      StringBuilder s = new StringBuilder(table.name()).append('\n');
      for (int row = 0; row < table.rowCount(); row++) {
        String name = table.stringColumn("magic").get(row);
        List<String> lines =
            new ArrayList<>(wrap(table.stringColumn("what it does").get(row), WIDTH - indent));
        lines.addAll(wrap("usage: " + table.stringColumn("usage").get(row), WIDTH - indent));
        for (int i = 0; i < lines.size(); i++) {
          s.append(String.format(Locale.ROOT, "%-" + indent + "s", i == 0 ? name : ""))
              .append(lines.get(i))
              .append('\n');
        }
      }
      return s.toString();
    }

    @Override
    public Set<MIMEType> getPreferredRenderTypes() {
      return Set.of(MIMEType.TEXT_HTML);
    }

    @Override
    public void render(RenderContext ctx) {
      ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> TableHtml.of(table, table.rowCount()));
      ctx.renderIfRequested(MIMEType.TEXT_PLAIN, this::text);
    }

    @Override
    public String toString() {
      return text();
    }
  }

  /**
   * Words joined into lines of at most {@code width} characters (a longer word stands on a line of
   * its own).
   */
  static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.strip().split("\\s+")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
      }
      line.append(line.length() == 0 ? "" : " ").append(word);
    }
    if (line.length() > 0) {
      lines.add(line.toString());
    }
    return lines;
  }

  /**
   * Every magic: name, what it does (the first line of its description) and usage, sorted by name.
   */
  public static Listing list() {
    StringColumn name = StringColumn.create("magic"),
        what = StringColumn.create("what it does"),
        usage = StringColumn.create("usage");
    for (Entry e : new TreeMap<>(ENTRIES).values()) {
      name.append(key(e.name(), e.cell()));
      what.append(e.description().lines().findFirst().orElse(""));
      usage.append(e.usage());
    }
    return new Listing(Table.create("magics (%help NAME for one)", name, what, usage));
  }

  /**
   * The magics whose names are nearest to {@code name} (an edit or two away, or starting alike),
   * nearest first, at most three, with their {@code %} or {@code %%}.
   */
  public static List<String> nearest(String name, boolean cell) {
    String bare = name.toLowerCase(Locale.ROOT);
    return ENTRIES.values().stream()
        .filter(e -> e.cell() == cell)
        .map(e -> Map.entry(e.name(), distance(bare, e.name())))
        .filter(e -> e.getValue() <= 2 || e.getKey().startsWith(bare) && bare.length() >= 2)
        .sorted(
            Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .limit(3)
        .map(e -> key(e.getKey(), cell))
        .toList();
  }

  /** Levenshtein's edit distance. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1], next = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      next[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        next[j] = Math.min(Math.min(next[j - 1] + 1, prev[j] + 1), prev[j - 1] + change);
      }
      int[] t = prev;
      prev = next;
      next = t;
    }
    return prev[b.length()];
  }

  /**
   * The documentation of magic {@code name} ({@code rollout}, {@code %rollout} or {@code %%model}):
   * usage and description, line and cell forms both when both exist.
   *
   * @throws MagicUsageException naming the magics there are, when there is none of that name
   */
  public static String of(String name) {
    String bare = name.strip().replaceFirst("^%%?", "").toLowerCase(Locale.ROOT);
    StringBuilder s = new StringBuilder();
    for (boolean cell : new boolean[] {false, true}) {
      Entry e = ENTRIES.get(key(bare, cell));
      if (e != null && (!name.startsWith("%%") || cell) && (!name.matches("^%[^%].*") || !cell)) {
        s.append(s.length() == 0 ? "" : "\n\n")
            .append("usage: ")
            .append(e.usage())
            .append("\n\n")
            .append(e.description());
      }
    }
    if (s.length() == 0) {
      throw new MagicUsageException(
          "no magic named '"
              + name
              + "'; magics: "
              + String.join(", ", new TreeMap<>(ENTRIES).keySet()),
          "%help NAME");
    }
    return s.toString();
  }
}
