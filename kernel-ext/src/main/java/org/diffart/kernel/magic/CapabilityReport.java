package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.kernel.display.Displays;
import org.diffart.kernel.display.TableHtml;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What {@code %capabilities} returns: the capability matrix made from the probes' results,
 * capabilities as rows and backends as columns, each cell a {@link Cell}: {@code ✓} verified (a
 * claim whose probe passed), {@code ✗} refused (a refusal that fires with a clear error), {@code !}
 * probe failed (its message in {@link #details()}), or, when the probes did not run, {@code ?}
 * claimed and {@code –} refused. {@link #legend()} says so; {@link #figure()} draws the matrix for
 * a slide.
 *
 * @param verdicts each backend's verdicts, in the order of {@link Capability}
 * @param verified whether the probes ran
 */
public record CapabilityReport(Map<String, List<Verdict>> verdicts, boolean verified)
    implements DisplayDataRenderable {

  /** What a cell of the matrix says. */
  public enum Cell {
    VERIFIED("✓", "verified", "claimed, and its probe passed"),
    REFUSED("✗", "refused", "refused, and the refusal verified: using it fails with a clear error"),
    FAILED(
        "!",
        "probe failed",
        "the probe failed: a claim that did not hold or a refusal that did"
            + " not fire (its message in the details)"),
    CLAIMED("?", "claimed, not verified", "claimed; the probes did not run"),
    NOT_TRIED("–", "refused, not tried", "refused; the probes did not run");
    private final String symbol, word, meaning;

    Cell(String symbol, String word, String meaning) {
      this.symbol = symbol;
      this.word = word;
      this.meaning = meaning;
    }

    /** The symbol the matrix shows. */
    public String symbol() {
      return symbol;
    }

    /** Its name in a word or two, as the legend and the details write it. */
    public String word() {
      return word;
    }

    /** What it means, in a sentence. */
    public String meaning() {
      return meaning;
    }
  }

  /** Copies the map. */
  public CapabilityReport {
    verdicts = new LinkedHashMap<>(verdicts);
  }

  /** The backends, in column order. */
  public List<String> backends() {
    return List.copyOf(verdicts.keySet());
  }

  /** The cell of capability c for backend {@code backend}. */
  public Cell cell(String backend, Capability c) {
    return cell(verdict(backend, c));
  }

  /** What the probe of capability c measured or saw on backend {@code backend}. */
  public String detail(String backend, Capability c) {
    return verdict(backend, c).detail();
  }

  private Verdict verdict(String backend, Capability c) {
    List<Verdict> vs = verdicts.get(backend);
    if (vs == null) {
      throw new IllegalArgumentException("no backend '" + backend + "' in " + backends());
    }
    return vs.stream()
        .filter(v -> v.capability() == c)
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(backend + " has no verdict for " + c));
  }

  private Cell cell(Verdict v) {
    if (!verified) {
      return v.claimed() ? Cell.CLAIMED : Cell.NOT_TRIED;
    }
    if (!v.verified()) {
      return Cell.FAILED;
    }
    return v.claimed() ? Cell.VERIFIED : Cell.REFUSED;
  }

  /** The kinds of cell this report can show: ✓ ✗ ! when verified, ? – when declared. */
  public List<Cell> legendCells() {
    return verified
        ? List.of(Cell.VERIFIED, Cell.REFUSED, Cell.FAILED)
        : List.of(Cell.CLAIMED, Cell.NOT_TRIED);
  }

  /** One row per capability (its group, key and description), one column of symbols per backend. */
  public Table table() {
    StringColumn group = StringColumn.create("group");
    StringColumn key = StringColumn.create("key");
    StringColumn capability = StringColumn.create("capability");
    for (Capability c : Capability.values()) {
      group.append(c.group());
      key.append(c.key());
      capability.append(c.description());
    }
    Table t =
        Table.create(
            verified
                ? "capabilities, verified by running them"
                : "capabilities as declared (not run)",
            group,
            key,
            capability);
    for (String b : verdicts.keySet()) {
      StringColumn cells = StringColumn.create(b);
      for (Capability c : Capability.values()) {
        cells.append(cell(b, c).symbol());
      }
      t.addColumns(cells);
    }
    return t;
  }

  /** What the symbols mean: symbol, name, meaning. */
  public Table legend() {
    StringColumn symbol = StringColumn.create("symbol");
    StringColumn word = StringColumn.create("cell");
    StringColumn meaning = StringColumn.create("meaning");
    for (Cell c : legendCells()) {
      symbol.append(c.symbol());
      word.append(c.word());
      meaning.append(c.meaning());
    }
    return Table.create("legend", symbol, word, meaning);
  }

  /**
   * Every probe: backend, capability, its cell, and what the probe measured or the error it saw.
   */
  public Table details() {
    StringColumn backend = StringColumn.create("backend");
    StringColumn capability = StringColumn.create("capability");
    StringColumn status = StringColumn.create("status");
    StringColumn detail = StringColumn.create("what the probe measured or saw");
    for (var e : verdicts.entrySet()) {
      for (Verdict v : e.getValue()) {
        backend.append(e.getKey());
        capability.append(v.capability().key());
        status.append(cell(v).symbol() + " " + cell(v).word());
        detail.append(v.detail());
      }
    }
    return Table.create("capability probes", backend, capability, status, detail);
  }

  /** The verdicts that failed: a claim whose probe failed or a refusal that does not fire. */
  public List<Verdict> failures() {
    return verified
        ? verdicts.values().stream().flatMap(List::stream).filter(v -> !v.verified()).toList()
        : List.of();
  }

  /** The counts, in a line: how many claims verified, refusals verified, probes failed. */
  public String summary() {
    List<String> parts = new ArrayList<>();
    for (Cell c : legendCells()) {
      long n =
          verdicts.keySet().stream()
              .flatMap(b -> java.util.Arrays.stream(Capability.values()).map(c2 -> cell(b, c2)))
              .filter(c::equals)
              .count();
      parts.add(n + " " + c.word());
    }
    return String.format(
        Locale.ROOT,
        "%d capabilities × %s, %s: %s",
        Capability.values().length,
        String.join(", ", verdicts.keySet()),
        verified ? "each verified by running its probe" : "as declared, no probe run",
        String.join(", ", parts));
  }

  /** The matrix as a 16:9 PNG figure for a slide. */
  public CapabilityFigure figure() {
    return new CapabilityFigure(this);
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML);
  }

  @Override
  public void render(RenderContext ctx) {
    ctx.renderIfRequested(MIMEType.TEXT_HTML, this::html);
    ctx.renderIfRequested(
        MIMEType.TEXT_PLAIN, () -> Displays.text(table()) + "\n" + Displays.text(legend()));
  }

  /**
   * The matrix in HTML: every row (a group's name once), each cell its symbol on its colour, a
   * failed cell carrying the probe's message as its tooltip; the legend under it.
   */
  public String html() {
    StringBuilder h = new StringBuilder("<table class=\"diffart\">\n<caption>");
    h.append(TableHtml.escape(summary())).append("</caption>\n");
    h.append("<thead><tr><th style=\"text-align:left\">group</th>")
        .append("<th style=\"text-align:left\">capability</th>");
    for (String b : verdicts.keySet()) {
      h.append("<th>").append(TableHtml.escape(b)).append("</th>");
    }
    h.append("</tr></thead>\n<tbody>\n");
    String group = null;
    for (Capability c : Capability.values()) {
      h.append("<tr><td style=\"text-align:left\"><b>")
          .append(c.group().equals(group) ? "" : TableHtml.escape(c.group()))
          .append("</b></td><td style=\"text-align:left\" title=\"")
          .append(TableHtml.escape(c.description()))
          .append("\">")
          .append(TableHtml.escape(c.key()))
          .append("</td>");
      group = c.group();
      for (String b : verdicts.keySet()) {
        Cell cell = cell(b, c);
        h.append(cellHtml(cell, detail(b, c)));
      }
      h.append("</tr>\n");
    }
    h.append("</tbody>\n</table>\n<p>");
    for (Cell c : legendCells()) {
      h.append(cellSpan(c)).append(' ').append(TableHtml.escape(c.meaning())).append("<br/>\n");
    }
    return h.append("</p>\n").toString();
  }

  private static String cellHtml(Cell c, String tip) {
    return "<td style=\"text-align:center\" title=\""
        + TableHtml.escape(c.word() + ": " + tip)
        + "\">"
        + cellSpan(c)
        + "</td>";
  }

  private static String cellSpan(Cell c) {
    java.awt.Color f = CapabilityFigure.fill(c);
    boolean light = f.equals(java.awt.Color.WHITE);
    return String.format(
        Locale.ROOT,
        "<span style=\"display:inline-block;min-width:1.6em;text-align:center;font-weight:bold;"
            + "border-radius:3px;background:#%06x;color:%s;%s\">%s</span>",
        f.getRGB() & 0xFFFFFF,
        light ? "#555" : "#fff",
        light ? "border:1px solid #999;" : "",
        c.symbol());
  }

  @Override
  public String toString() {
    return "CapabilityReport["
        + verdicts.keySet()
        + (verified ? ", verified" : ", declared")
        + ", "
        + failures().size()
        + " failures]";
  }
}
