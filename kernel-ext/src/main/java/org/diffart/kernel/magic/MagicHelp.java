package org.diffart.kernel.magic;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The documentation of every magic a kernel offers: {@code %lsmagic} lists them, {@code %help NAME} and {@code %NAME
 * --help} show one. Whoever registers a magic registers its help here too.
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

  /** Every magic: name, kind and usage, sorted by name. */
  public static Table list() {
    StringColumn name = StringColumn.create("magic"), what = StringColumn.create("what it does"),
        usage = StringColumn.create("usage");
    for (Entry e : new TreeMap<>(ENTRIES).values()) {
      name.append(key(e.name(), e.cell()));
      what.append(e.description().lines().findFirst().orElse(""));
      usage.append(e.usage());
    }
    return Table.create("magics (%help NAME for one)", name, what, usage);
  }

  /**
   * The documentation of magic {@code name} ({@code rollout}, {@code %rollout} or {@code %%model}): usage and
   * description, line and cell forms both when both exist.
   *
   * @throws MagicUsageException naming the magics there are, when there is none of that name
   */
  public static String of(String name) {
    String bare = name.strip().replaceFirst("^%%?", "").toLowerCase(Locale.ROOT);
    StringBuilder s = new StringBuilder();
    for (boolean cell : new boolean[] {false, true}) {
      Entry e = ENTRIES.get(key(bare, cell));
      if (e != null && (!name.startsWith("%%") || cell) && (!name.matches("^%[^%].*") || !cell)) {
        s.append(s.length() == 0 ? "" : "\n\n").append("usage: ").append(e.usage()).append("\n\n")
            .append(e.description());
      }
    }
    if (s.length() == 0) {
      throw new MagicUsageException("no magic named '" + name + "'; magics: " + String.join(", ",
          new TreeMap<>(ENTRIES).keySet()), "%help NAME");
    }
    return s.toString();
  }
}
