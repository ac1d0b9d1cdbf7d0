package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.BaseKernel;
import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.magic.registry.LineMagic;
import io.github.spencerpark.jupyter.kernel.magic.registry.MagicsArgs;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Collectors;
import org.diffart.kernel.display.Progress;
import org.diffart.reproduce.Experiment;
import org.diffart.reproduce.Experiments;
import org.diffart.reproduce.Measurement;
import org.diffart.reproduce.Report;
import org.diffart.reproduce.Selection;
import org.diffart.reproduce.Size;
import org.diffart.reproduce.Sweep;
import org.diffart.reproduce.Swept;
import org.diffart.reproduce.UnitResult;
import org.diffart.sweep.SweepRunner;
import org.diffart.sweep.SweepRunners;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * {@code %reproduce} and {@code %sweep}: the seed papers' experiments, measured now, with their
 * sweeps on the runner the options choose (this JVM's threads, an embedded Spark, a cluster).
 */
public final class ReproduceMagics {
  static final String REPRODUCE_USAGE =
      "%reproduce NAME [--quick | --full] [--out DIR] [--links N[,N..]] [--seeds K] [--methods M[,M..]]"
          + " [--runner inprocess|spark] [--master URL]";
  static final String SWEEP_USAGE =
      "%sweep NAME [--quick | --full] [--out DIR] [--links N[,N..]] [--seeds K] [--methods M[,M..]]"
          + " [--runner inprocess|spark] [--master URL]";

  private static final MagicsArgs ARGS =
      MagicsArgs.builder()
          .required("name")
          .keyword("out", MagicsArgs.KeywordSpec.ONCE)
          .keyword("links", MagicsArgs.KeywordSpec.ONCE)
          .keyword("seeds", MagicsArgs.KeywordSpec.ONCE)
          .keyword("methods", MagicsArgs.KeywordSpec.ONCE)
          .keyword("runner", MagicsArgs.KeywordSpec.ONCE)
          .keyword("master", MagicsArgs.KeywordSpec.ONCE)
          .onlyKnownKeywords()
          .onlyKnownFlags()
          .build();

  /** How many of the last finished units a sweep's progress shows under its bar. */
  private static final int SWEEP_LINES = 6;

  private final BaseKernel kernel;

  /**
   * @param kernel the host kernel, for showing progress
   */
  public ReproduceMagics(BaseKernel kernel) {
    this.kernel = kernel;
  }

  /** What the options chose. */
  private record Run(
      MagicOptions options, Experiment experiment, Size size, Selection selection, Path out) {
    SweepRunner runner() {
      try {
        return SweepRunners.create(
            options
                .optional("runner")
                .orElse(SweepRunners.defaultFor(experiment instanceof Swept, size == Size.QUICK)),
            options.optional("master").orElse(null));
      } catch (IllegalArgumentException ex) {
        throw options.error(ex.getMessage());
      }
    }
  }

  private static Run parse(String usage, List<String> args) {
    boolean quick = args.contains("--quick"), full = args.contains("--full");
    MagicOptions options =
        MagicOptions.parse(usage, ARGS, MagicOptions.withoutFlags(args, "--quick", "--full"));
    if (quick && full) {
      throw options.error("--quick and --full exclude each other");
    }
    Experiment e =
        Experiments.find(options.required("name"))
            .orElseThrow(
                () ->
                    options.error(
                        "unknown experiment '"
                            + options.required("name")
                            + "'; available: "
                            + String.join(", ", Experiments.names())));
    Size size = quick ? Size.QUICK : full ? Size.FULL : sizeFromEnvironment(options);
    Selection selection;
    try {
      selection =
          Selection.parse(
              options.optional("links").orElse(null),
              options.optional("seeds").orElse(null),
              options.optional("methods").orElse(null));
      e.check(selection);
    } catch (IllegalArgumentException ex) {
      throw options.error(ex.getMessage());
    }
    Path out =
        options
            .optional("out")
            .map(Path::of)
            .orElseGet(
                () -> {
                  String env = System.getenv("DIFFART_OUT");
                  return env == null || env.isBlank()
                      ? Path.of("build", "reproduce")
                      : Path.of(env, "reproduce");
                });
    return new Run(options, e, size, selection, out);
  }

  /**
   * {@code %reproduce NAME [--quick | --full] [--out DIR] [--links N,..] [--seeds K] [--methods
   * M,..] [--runner R] [--master URL]}: one of the paper's experiments ({@link Experiments}),
   * measured now, beside the paper's numbers; writes its CSV and PNG files. The size is {@code
   * --quick} (CI's) or {@code --full} (the paper's), else the environment's {@code DIFFART_SIZE}
   * ({@code quick}, {@code default} or {@code full}), else the default (the main job's); the files
   * go to DIR, else {@code $DIFFART_OUT/reproduce}, else {@code build/reproduce}. A sweep runs on
   * the runner chosen (in-process at CI's size, else an embedded Spark), its bar counting finished
   * units with the last of them under it, and resumes from the units kept under DIR.
   *
   * @param args the name and options
   * @return the report: ours beside the paper's numbers, the figure and the checks ({@code
   *     requireChecks()} fails when the reproduced shape is wrong)
   */
  @LineMagic
  public Report reproduce(List<String> args) {
    Run run = parse(REPRODUCE_USAGE, args);
    Experiment e = run.experiment();
    boolean sweep = e instanceof Swept;
    Report r;
    try (SweepRunner runner = run.runner();
        Progress progress =
            Progress.start(
                kernel.getIO().display,
                e.name() + " (" + run.size().label() + ", " + runner.describe() + ")",
                e.measurements(run.size(), run.selection()),
                sweep ? "units" : "measurements")) {
      int[] done = {0};
      Deque<String> last = new ArrayDeque<>();
      r =
          e.run(
              run.size(),
              run.selection(),
              run.out(),
              runner,
              line -> {
                if (!sweep) {
                  progress.update(++done[0]);
                  return;
                }
                int k = Sweep.unitsFinished(line);
                if (k >= 0) {
                  last.addLast(line);
                  if (last.size() > SWEEP_LINES) {
                    last.removeFirst();
                  }
                  progress.update(k, String.join("\n", last));
                }
              });
    }
    r.write(run.out());
    return r;
  }

  /**
   * {@code %sweep NAME [options as %reproduce]}: a sweep experiment's units, shown as they finish
   * in a table updated in place (each unit's status, time, rows and last row), then its report as
   * {@code %reproduce} returns it. Refuses an experiment that is not a sweep.
   *
   * @param args the name and options
   * @return the report
   */
  @LineMagic
  public Report sweep(List<String> args) {
    Run run = parse(SWEEP_USAGE, args);
    if (!(run.experiment() instanceof Swept e)) {
      throw run.options()
          .error(
              run.experiment().name()
                  + " is not a sweep of independent units; run it with %reproduce. Sweeps: "
                  + Experiments.names().stream()
                      .filter(n -> Experiments.get(n) instanceof Swept)
                      .collect(Collectors.joining(", ")));
    }
    UnitsTable table =
        new UnitsTable(
            e.name() + " (" + run.size().label() + ")",
            e.measurements(run.size(), run.selection()));
    Report r;
    try (SweepRunner runner = run.runner()) {
      table.runner = runner.describe();
      r =
          Sweep.run(
              e,
              run.size(),
              run.selection(),
              run.out(),
              runner,
              line -> {},
              u -> {
                table.add(u);
                DisplayData shown = kernel.getRenderer().render(table.table());
                shown.setDisplayId(table.id);
                if (table.shown) {
                  kernel.getIO().display.updateDisplay(shown);
                } else {
                  kernel.getIO().display.display(shown);
                  table.shown = true;
                }
              });
    }
    r.write(run.out());
    return r;
  }

  /** The units finished so far, a row each, in the order they finished. */
  private static final class UnitsTable {
    static final int ROW_CHARS = 160;
    final String id = UUID.randomUUID().toString();
    final String name;
    final int total;
    String runner = "";
    boolean shown;
    final StringColumn unit = StringColumn.create("unit"), status = StringColumn.create("status");
    final DoubleColumn seconds = DoubleColumn.create("seconds");
    final IntColumn rows = IntColumn.create("rows");
    final StringColumn lastRow = StringColumn.create("last row");

    UnitsTable(String name, int total) {
      this.name = name;
      this.total = total;
    }

    void add(UnitResult u) {
      unit.append(u.unit().key());
      status.append(u.ok() ? "ok" : "failed: " + u.failure());
      seconds.append(u.wallMs() / 1000);
      rows.append(u.rows().size());
      List<Measurement> m = u.rows();
      lastRow.append(m.isEmpty() ? "" : brief(m.get(m.size() - 1)));
    }

    /** A row's JSON without its note, cut to {@value #ROW_CHARS} characters. */
    private static String brief(Measurement row) {
      var json = row.toJson();
      json.remove("note");
      String text = json.toString();
      return text.length() <= ROW_CHARS ? text : text.substring(0, ROW_CHARS - 1) + "…";
    }

    Table table() {
      return Table.create(
              String.format(
                  Locale.ROOT, "%s on %s: %d of %d units", name, runner, unit.size(), total))
          .addColumns(unit, status, seconds, rows, lastRow);
    }
  }

  private static Size sizeFromEnvironment(MagicOptions options) {
    String env = System.getenv("DIFFART_SIZE");
    if (env == null || env.isBlank()) {
      return Size.DEFAULT;
    }
    try {
      return Size.named(env);
    } catch (IllegalArgumentException e) {
      throw options.error("DIFFART_SIZE must be quick, default or full, got '" + env + "'");
    }
  }

  /** Registers the documentation of these magics with {@link MagicHelp}. */
  static void registerHelp() {
    String options =
        " --quick is CI's size, --full the paper's (for the RL curves many hours); without either,"
            + " DIFFART_SIZE (quick|default|full) decides, else the default: the main job's (the paper's"
            + " sizes, or for the RL curves a cut that fits in about an hour). The RL experiments take"
            + " --links, --seeds and --methods. The RL, estimation and motion-control experiments are"
            + " sweeps of independent units: --runner inprocess runs them on this JVM's threads, --runner"
            + " spark on Apache Spark (--master local[*], the default above CI's size, embeds it;"
            + " spark://HOST:PORT submits to a standalone cluster); the rows do not depend on the runner,"
            + " and finished units are kept in DIR/NAME-sweep and not run again. Writes NAME.csv,"
            + " NAME-vs-paper.csv, NAME-checks.csv and NAME.png to DIR (default $DIFFART_OUT/reproduce or"
            + " build/reproduce). Returns a report: table(), rowsTable(), figure(), checks(), and"
            + " requireChecks(), which fails naming every check of the reproduced shape that does not"
            + " hold.";
    MagicHelp.register(
        "reproduce",
        false,
        REPRODUCE_USAGE,
        "Runs one of the seed papers' experiments, measured now on this machine, beside the papers'"
            + " numbers: "
            + Experiments.names().stream()
                .map(n -> n + " (" + Experiments.get(n).title() + ")")
                .collect(Collectors.joining("; "))
            + ". A progress bar counts measurements, or a sweep's finished units with the last of them"
            + " under it."
            + options);
    MagicHelp.register(
        "sweep",
        false,
        SWEEP_USAGE,
        "Runs a sweep experiment ("
            + Experiments.names().stream()
                .filter(n -> Experiments.get(n) instanceof Swept)
                .collect(Collectors.joining(", "))
            + ") and shows its units as they finish, in a table updated in place: each unit's"
            + " status, seconds, rows and last row. The same options and report as %reproduce."
            + options);
  }
}
