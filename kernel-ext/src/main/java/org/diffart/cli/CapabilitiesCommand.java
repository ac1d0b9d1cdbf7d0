package org.diffart.cli;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.diffart.backends.Backends;
import org.diffart.backends.capability.Capabilities;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.kernel.magic.CapabilityReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code diffart capabilities [--verify] [--backend B] [--png FILE]}: what each backend claims and
 * refuses; with {@code --verify} every claim's probe runs (results against the CPU reference,
 * gradients against finite differences) and every refusal is tried (it must fail with a clear
 * error); {@code --png} writes the matrix as a 16:9 figure for a slide. Exit code 1 when a probe
 * fails.
 */
@Command(
    name = "capabilities",
    description =
        "What each backend claims and refuses; --verify runs a probe for every claim and every refusal.",
    footer = {
      "",
      "JSON keys: backends -> backend -> capability -> {claimed, verified, detail}; verified is false for a claim"
          + " whose probe failed or did not run (without --verify), and for a refusal that does not fire; with --png"
          + " also png (the file written)."
    })
final class CapabilitiesCommand implements Callable<Integer> {
  @Option(
      names = "--verify",
      description = "Run the probes (about 20 s for opencl on PoCL, mostly program builds).")
  private boolean verify;

  @Option(names = "--backend", paramLabel = "B", description = "Only this backend (default: all).")
  private String backend;

  @Option(
      names = "--png",
      paramLabel = "FILE",
      description =
          "Also write the matrix as a 1920x1080 PNG for a slide: capabilities as rows, backends as columns,"
              + " ✓ verified, ✗ refused (the refusal verified), ! probe failed (without --verify: ? claimed,"
              + " – refused, nothing run).")
  private Path png;

  @Mixin private Output output;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    List<String> names = backend == null ? Backends.names() : List.of(backend);
    if (backend != null && !Backends.names().contains(backend)) {
      throw new ParameterException(
          spec.commandLine(),
          "unknown backend '" + backend + "'; available: " + String.join(", ", Backends.names()));
    }
    Map<String, List<Verdict>> all = new LinkedHashMap<>();
    for (String name : names) {
      all.put(
          name,
          verify
              ? TerminalProgress.during(
                  spec.commandLine().getErr(),
                  "verifying the " + name + " backend's capabilities",
                  () -> Capabilities.verify(name))
              : Capabilities.declared(name));
    }
    JsonObject backends = new JsonObject();
    boolean failed = false;
    for (var e : all.entrySet()) {
      JsonObject b = new JsonObject();
      for (Verdict v : e.getValue()) {
        JsonObject c = new JsonObject();
        c.addProperty("claimed", v.claimed());
        c.addProperty("verified", v.verified());
        c.addProperty("detail", v.detail());
        b.add(v.capability().key(), c);
        failed |= verify && !v.verified();
      }
      backends.add(e.getKey(), b);
    }
    JsonObject o = new JsonObject();
    o.add("backends", backends);
    Path written = png == null ? null : new CapabilityReport(all, verify).figure().write(png);
    if (written != null) {
      o.addProperty("png", written.toString());
    }
    output.print(o, () -> text(all) + (written == null ? "" : "\nwrote " + written));
    return failed ? Main.RUNTIME_ERROR : 0;
  }

  private String text(Map<String, List<Verdict>> all) {
    List<String> lines = new ArrayList<>();
    for (var e : all.entrySet()) {
      lines.add(e.getKey() + ":");
      for (Verdict v : e.getValue()) {
        String mark =
            !verify
                ? (v.claimed() ? "claims " : "refuses")
                : v.verified() ? (v.claimed() ? "ok     " : "refuses") : "FAILED ";
        lines.add(
            String.format("  %s %-36s %s", mark, v.capability().key(), verify ? v.detail() : "")
                .stripTrailing());
      }
    }
    return String.join("\n", lines).stripTrailing();
  }
}
