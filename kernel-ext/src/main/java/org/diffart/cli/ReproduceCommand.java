package org.diffart.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.diffart.reproduce.Check;
import org.diffart.reproduce.Experiment;
import org.diffart.reproduce.Experiments;
import org.diffart.reproduce.Report;
import org.diffart.reproduce.Selection;
import org.diffart.reproduce.Size;
import org.diffart.reproduce.Swept;
import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.SweepRunners;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code diffart reproduce NAME [--out DIR] [--quick | --full] [--links N,..] [--seeds K]
 * [--methods M,..] [--runner inprocess|spark [--master URL]]}: runs one of the paper's experiments,
 * prints ours beside the paper's numbers and writes CSV and PNG; exit code 1 when a check of the
 * reproduced shape fails.
 */
@Command(
    name = "reproduce",
    description =
        "Reproduces an experiment of the seed papers (Qiao et al. 2021's tables and demos, the"
            + " seed-001 system identification): ours beside the papers' numbers; writes CSV and PNG.",
    footer = {
      "",
      "Sizes: --quick is CI's (seconds to minutes); the default is the main job's: the paper's sizes for the timing"
          + " tables, motion control and estimation (minutes; PyTorch runs need Debian's python3-torch), a cut of the"
          + " RL curves that fits in about an hour (each RL report says what it cuts); --full is the paper's, for the"
          + " RL curves many hours. --links, --seeds and --methods choose part of the RL sweeps; an interrupted RL"
          + " run resumes from its last completed evaluation (kept under DIR/NAME-runs).",
      "Sweeps: the RL curves are sweeps of independent units (one per links, method and seed), run where --runner"
          + " says: in-process or on Apache Spark (--master local[*] embeds it in this JVM; spark://HOST:PORT"
          + " submits to a standalone cluster). Each finished unit is written to DIR/NAME-sweep as it arrives and"
          + " read back, not run again, when the same build runs the same sweep. The rows do not depend on the"
          + " runner.",
      "Files: NAME.csv (every measurement), NAME-vs-paper.csv, NAME-checks.csv, NAME.png.",
      "JSON keys: name, size, rows (one object per measurement, its keys the columns of NAME.csv: the timing"
          + " tables' method, backend, worlds, steps, checkpoint, forward_ms, backward_ms, peak_bytes,"
          + " measured_bytes, status, note; the optimisation experiments' task, method, seed, iterations,"
          + " simulated_steps, wall_ms, loss, status, the estimates' parameter, true, estimate,"
          + " relative_error, and the RL curves' task, links (pendulum), method, seed, env_steps, wall_ms,"
          + " return, status: one row per evaluation), checks (check, passed, detail).",
      "Exit code 1 when a check of the reproduced shape fails."
    })
final class ReproduceCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      paramLabel = "NAME",
      completionCandidates = ExperimentNames.class,
      description = "One of: ${COMPLETION-CANDIDATES}.")
  private String name;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      defaultValue = "build/reproduce",
      description = "Where to write the CSV and PNG files (default: ${DEFAULT-VALUE}).")
  private Path out;

  @Option(names = "--quick", description = "CI's size.")
  private boolean quick;

  @Option(names = "--full", description = "The paper's size (for the RL curves many hours).")
  private boolean full;

  @Option(
      names = "--links",
      paramLabel = "N[,N..]",
      description = "RL pendulum: the link counts (default: the size's).")
  private String links;

  @Option(
      names = "--seeds",
      paramLabel = "K",
      description = "RL: run seeds 0..K-1 (default: the size's).")
  private String seeds;

  @Option(
      names = "--methods",
      paramLabel = "M[,M..]",
      description = "RL: the methods, of sac, mbpo, pe, se, shac (default: the experiment's).")
  private String methods;

  @Option(
      names = "--runner",
      paramLabel = "RUNNER",
      description =
          "Where a sweep's units run: inprocess (this JVM's threads) or spark (Apache Spark, on"
              + " --master). Default: inprocess at --quick or for an experiment that is not a"
              + " sweep, else spark on local[*].")
  private String runner;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description =
          "The spark runner's master: local[N], local[*] (the default) or spark://HOST:PORT of a"
              + " Spark standalone cluster (or any master URL Spark accepts).")
  private String master;

  @Mixin private Output output;

  @Spec private CommandSpec spec;

  /** The experiments' names, for picocli's help. */
  static final class ExperimentNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Experiments.names().iterator();
    }
  }

  @Override
  public Integer call() {
    Experiment e =
        Experiments.find(name)
            .orElseThrow(
                () ->
                    new ParameterException(
                        spec.commandLine(),
                        "unknown experiment '"
                            + name
                            + "'; available: "
                            + String.join(", ", Experiments.names())));
    if (quick && full) {
      throw new ParameterException(spec.commandLine(), "--quick and --full exclude each other");
    }
    Selection selection;
    try {
      selection = Selection.parse(links, seeds, methods);
      e.check(selection);
    } catch (IllegalArgumentException ex) {
      throw new ParameterException(spec.commandLine(), ex.getMessage());
    }
    Size size = quick ? Size.QUICK : full ? Size.FULL : Size.DEFAULT;
    var err = spec.commandLine().getErr();
    Report r;
    try (SweepRunner sweepRunner = runner(e, size)) {
      r =
          e.run(
              size,
              selection,
              out,
              sweepRunner,
              line -> {
                err.println("reproduce " + name + ": " + line);
                err.flush();
              });
    }
    List<Path> files = r.write(out);
    err.println("reproduce " + name + ": wrote " + files);
    output.print(r.toJson(), r::toString);
    return r.checks().stream().allMatch(Check::passed) ? 0 : Main.RUNTIME_ERROR;
  }

  private SweepRunner runner(Experiment e, Size size) {
    try {
      return SweepRunners.create(
          runner != null ? runner : SweepRunners.defaultFor(e instanceof Swept, size == Size.QUICK),
          master);
    } catch (IllegalArgumentException ex) {
      throw new ParameterException(spec.commandLine(), ex.getMessage());
    }
  }
}
