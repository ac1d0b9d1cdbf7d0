package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.kernel.display.Displays;
import org.diffart.kernel.display.TableHtml;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What {@code %capabilities} returns: the capability matrix made from the probes' results. A cell
 * reads {@code verified} (a claim whose probe passed), {@code refused} (a refusal that fires with a
 * clear error), {@code FAILED:} and the probe's message, or {@code claimed, not verified} when the
 * probes did not run. {@link #details()} gives every probe's measurement.
 *
 * @param verdicts each backend's verdicts, in the order of {@link Capability}
 * @param verified whether the probes ran
 */
public record CapabilityReport(Map<String, List<Verdict>> verdicts, boolean verified)
    implements DisplayDataRenderable {

  /** Copies the map. */
  public CapabilityReport {
    verdicts = new LinkedHashMap<>(verdicts);
  }

  /** One row per capability, one column per backend. */
  public Table table() {
    StringColumn group = StringColumn.create("group");
    StringColumn capability = StringColumn.create("capability");
    for (Capability c : Capability.values()) {
      group.append(c.group());
      capability.append(c.description());
    }
    Table t =
        Table.create(
            verified
                ? "capabilities, verified by running them"
                : "capabilities as declared (not run)",
            group,
            capability);
    for (var e : verdicts.entrySet()) {
      StringColumn cells = StringColumn.create(e.getKey());
      for (Verdict v : e.getValue()) {
        cells.append(cell(v));
      }
      t.addColumns(cells);
    }
    return t;
  }

  /** Every probe: backend, capability, claimed, verified, and what it measured or saw. */
  public Table details() {
    StringColumn backend = StringColumn.create("backend");
    StringColumn capability = StringColumn.create("capability");
    StringColumn status = StringColumn.create("status");
    StringColumn detail = StringColumn.create("what the probe measured or saw");
    for (var e : verdicts.entrySet()) {
      for (Verdict v : e.getValue()) {
        backend.append(e.getKey());
        capability.append(v.capability().key());
        status.append(cell(v));
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

  private String cell(Verdict v) {
    if (!verified) {
      return v.claimed() ? "claimed, not verified" : "refused, not tried";
    }
    if (!v.verified()) {
      return "FAILED: " + v.detail();
    }
    return v.claimed() ? "verified" : "refused";
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML);
  }

  @Override
  public void render(RenderContext ctx) {
    Table table = table();
    ctx.renderIfRequested(MIMEType.TEXT_HTML, () -> TableHtml.of(table, Displays.MAX_TABLE_ROWS));
    ctx.renderIfRequested(MIMEType.TEXT_PLAIN, () -> Displays.text(table));
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
